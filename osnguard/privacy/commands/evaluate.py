"""`osnguard evaluate TARGET`: rerun one evaluation and print its figures as one JSON line.

Targets are the modules of `osnguard.privacy.evaluation`; each exposes `DESCRIPTION` and
`evaluate() -> dict`. The figures in docs/evaluation.md come from these commands.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil

from osnguard.privacy import evaluation

HELP = "rerun an evaluation on the shared test data and print its figures as JSON"


def targets() -> list[str]:
    return sorted(
        i.name for i in pkgutil.iter_modules(evaluation.__path__) if not i.name.startswith("_")
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", choices=targets(), help="what to evaluate")


def run(args: argparse.Namespace) -> int:
    module = importlib.import_module(f"{evaluation.__name__}.{args.target}")
    result = module.evaluate()
    print(json.dumps({"target": args.target, **result}, sort_keys=True))
    return 0
