"""`osnguard anonymize`: one message in, every group's generalization and every friend's version out.

Input (stdin or --input FILE), one JSON object:
    {"text": "...", "profile": {"hometown": ["Tokyo"], ...}, "now": "2024-05-01T09:30:00Z",
     "groups": [{"name": "Family", "level": 1, "friends": ["ann", "bob"]}, ...],
     "fingerprint_all": false}
Output, one JSON object: {"private", "phrases", "groups", "versions", "capacity", "min_distance",
"warnings"}, each warning {"code", "params", "message"}. No database is used. Bad input exits with status 2 and a message on stderr. When
identification cannot check the message (a detector, the classifier, spaCy or WordNet failed),
no versions are made: it prints {"checked": false, "error", "failures"} and exits with status 4.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from osnguard.privacy.commands import EXIT_BAD_INPUT, EXIT_UNCHECKED, read_input
from osnguard.privacy.proposal import anonymize, result_data
from osnguard.privacy.serialization import to_data
from osnguard.privacy.types import UncheckedMessage

HELP = "generalize a message per friend group and fingerprint one version per friend (JSON in/out)"

KNOWN_KEYS = {"text", "profile", "now", "groups", "fingerprint_all", "seed"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--input", "-i", metavar="FILE", help="read the JSON request from FILE instead of stdin"
    )
    parser.add_argument(
        "--indent", type=int, default=None, help="pretty-print the output with this indent"
    )
    parser.add_argument(
        "--fingerprint-all",
        action="store_true",
        help="fingerprint even a message with no private phrase",
    )


def read_request(args: argparse.Namespace) -> dict[str, Any]:
    raw = read_input(args.input)
    if not raw.strip():
        raise ValueError('the input is empty; expected a JSON object with "text" and "groups"')
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"the input is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from exc
    if not isinstance(data, dict):
        raise ValueError('the input must be a JSON object with "text" and "groups"')
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        raise ValueError(
            f"unknown field(s) {', '.join(unknown)}; expected {', '.join(sorted(KNOWN_KEYS))}"
        )
    if "text" not in data:
        raise ValueError('the input needs a "text" field')
    if "groups" not in data:
        raise ValueError('the input needs a "groups" list (it may be empty)')
    if "fingerprint_all" in data and not isinstance(data["fingerprint_all"], bool):
        raise ValueError('"fingerprint_all" must be true or false')
    if "seed" in data and not isinstance(data["seed"], str):
        raise ValueError('"seed" must be a string')
    return data


def run(args: argparse.Namespace) -> int:
    try:
        request = read_request(args)
        result = anonymize(
            request["text"],
            profile=request.get("profile"),
            now=request.get("now"),
            groups=request["groups"],
            fingerprint_all=bool(request.get("fingerprint_all", False) or args.fingerprint_all),
            seed=request.get("seed", ""),
        )
    except ValueError as exc:
        print(f"osnguard anonymize: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except UncheckedMessage as exc:
        failures = to_data(exc.failures)
        print(
            json.dumps(
                {"checked": False, "error": str(exc), "failures": failures},
                indent=args.indent,
                ensure_ascii=False,
            )
        )
        print(f"osnguard anonymize: {exc}", file=sys.stderr)
        return EXIT_UNCHECKED
    print(json.dumps(result_data(result), indent=args.indent, ensure_ascii=False))
    return 0
