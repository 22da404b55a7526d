"""`osnguard train NAME`: build a shipped model reproducibly from the shared corpora.

Models are installed in `osnguard/privacy/models/` with their manifest entry (see `artifacts`);
`--output DIR` builds elsewhere. `--check` builds into a temporary folder and compares every file's
sha256 with the shipped manifest, so CI can prove the shipped models are what the current code and
data build. Training reads the corpora from `OSNGUARD_DATA_DIR` (default ../shared/data); nothing
else in the engine trains.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from osnguard.privacy import artifacts

HELP = "build the shipped models from the shared corpora (or --check that they match)"


def _trainers() -> dict[str, Callable[[Path | None], Path]]:
    from osnguard.privacy import temporal
    from osnguard.privacy.anonymization import acceptability
    from osnguard.privacy.identification import classifier, tagger
    from osnguard.privacy.paraphrase import detector

    return {
        "tagger": tagger.train_model,
        "classifier": classifier.train_model,
        "paraphrase": detector.train_model,
        "temporal": temporal.train_model,
        "acceptability": acceptability.train_model,
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "name",
        choices=[*artifacts.SPECS, "all", "stale"],
        help="a model, all of them, or those whose status is not ok",
    )
    parser.add_argument(
        "--output", type=Path, help="build into this folder instead of the shipped models"
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="build into a temporary folder and compare with the shipped manifest; exit 1 on a difference",
    )


def run(args: argparse.Namespace) -> int:
    if args.name == "all":
        names = list(artifacts.SPECS)
    elif args.name == "stale":
        names = [name for name, spec in artifacts.SPECS.items() if not artifacts.status(spec).ok]
    else:
        names = [args.name]
    if args.check:
        with tempfile.TemporaryDirectory(prefix="osnguard-train-check-") as folder:
            return _check(names, Path(folder))
    trainers = _trainers()
    for name in names:
        started = time.perf_counter()
        path = trainers[name](args.output)
        print(f"trained {name} in {time.perf_counter() - started:.1f}s -> {path}")
    return 0


def _check(names: list[str], folder: Path) -> int:
    trainers = _trainers()
    shipped = artifacts.read_manifest()["models"]
    report, same = {}, True
    for name in names:
        trainers[name](folder)
        built = artifacts.read_manifest(folder)["models"][name]
        entry = shipped.get(name, {})
        differences = [
            f"{key} differs"
            for key in ("files", "data", "libraries", "format")
            if built.get(key) != entry.get(key)
        ]
        report[name] = {
            "matches": not differences,
            "differences": differences,
            "built": built["files"],
            "shipped": entry.get("files"),
        }
        same &= not differences
    print(json.dumps(report, indent=1))
    if not same:
        print(
            "shipped models differ from what the code and data build: run `osnguard train all` and commit"
        )
    return 0 if same else 1
