"""`osnguard evaluate TARGET`: rerun one evaluation and print its figures as one JSON line.

Each target is a module of `osnguard.privacy.evaluation` exposing `DESCRIPTION` and
`evaluate() -> dict`, listed in `TARGETS`; only the one asked for is imported (some load large
models). The figures in docs/evaluation.md come from these commands.
"""

from __future__ import annotations

import argparse
import importlib
import json
from typing import Any

HELP = "rerun an evaluation on the shared test data and print its figures as JSON"

# target name -> the evaluation module that measures it
TARGETS: dict[str, str] = {
    name: f"osnguard.privacy.evaluation.{name}"
    for name in (
        "authorship",
        "capacity",
        "classifier",
        "generalization",
        "generalization_realistic",
        "location_rule",
        "msrp",
        "naturalness",
        "realistic",
        "relatedness",
        "substitutions",
        "suppression",
        "tagger",
        "temporal",
        "temporal_generalization",
    )
}


def targets() -> list[str]:
    return sorted(TARGETS)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", choices=targets(), help="what to evaluate")


def run(args: argparse.Namespace) -> int:
    module = importlib.import_module(TARGETS[args.target])
    result: dict[str, Any] = module.evaluate()
    print(json.dumps({"target": args.target, **result}, sort_keys=True))
    return 0
