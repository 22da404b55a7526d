"""`osnguard doctor`: check every engine resource and say how to fix what is missing."""

from __future__ import annotations

import argparse
import json

from osnguard.privacy.artifacts import check_resources

HELP = "check NLP resources, corpora and trained models"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    checks = check_resources()
    if args.json:
        print(json.dumps({c.name: {"ok": c.ok, "detail": c.detail} for c in checks}))
    else:
        for check in checks:
            print(f"[{'ok' if check.ok else 'MISSING'}] {check.name}: {check.detail}")
    return 0 if all(c.ok for c in checks) else 1
