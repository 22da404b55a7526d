"""`osnguard train NAME`: build a trained model reproducibly from the shared corpora.

Models are written to `var/models/` (see `resources.models_dir`); setup runs `osnguard train all`.
Each entry names a `module:function` that trains, saves `var/models/<name>.<ext>` and returns
the saved path.
"""

from __future__ import annotations

import argparse
import importlib
import time

from osnguard.privacy.resources import models_dir

HELP = "train the engine's models from the shared corpora into var/models"

TRAINERS: dict[str, str] = {
    "tagger": "osnguard.privacy.identification.tagger:train_model",
    "classifier": "osnguard.privacy.identification.classifier:train_model",
    "paraphrase": "osnguard.privacy.paraphrase.detector:train_model",
    "temporal": "osnguard.privacy.temporal:train_model",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "name", choices=[*TRAINERS, "all", "missing"], help="a model, all, or those not yet built"
    )


def is_built(name: str) -> bool:
    return any(models_dir().glob(f"{name}.*"))


def run(args: argparse.Namespace) -> int:
    if args.name == "all":
        names = list(TRAINERS)
    elif args.name == "missing":
        names = [name for name in TRAINERS if not is_built(name)]
    else:
        names = [args.name]
    for name in names:
        module_name, func_name = TRAINERS[name].split(":")
        module = importlib.import_module(module_name)
        started = time.perf_counter()
        path = getattr(module, func_name)()
        print(f"trained {name} in {time.perf_counter() - started:.1f}s -> {path}")
    return 0
