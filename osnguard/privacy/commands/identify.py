"""`osnguard identify`: find the private phrases of messages, JSON Lines in and out, no database.

Each input line is `{"text": ..., "profile": {"hometown": ["Tokyo"], ...} (optional),
"now": ISO 8601 (optional)}`; each output line is `{"checked", "private", "score", "language",
"phrases", "warnings", "failures"}` (`to_data` of the `IdentificationResult`; each warning is
`{"code", "params", "message"}`). A malformed line gets `{"error": "..."}` on its line and the
rest are processed.

When a detector, the classifier, spaCy or WordNet fails on a message, its line says
`"checked": false`, `"private": null` and lists `"failures"` ({detector, kind, reason, detail});
every line is still printed, and the command then exits with status 4 (`EXIT_UNCHECKED`).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any, TextIO

from osnguard.privacy.commands import EXIT_UNCHECKED
from osnguard.privacy.identification import identify
from osnguard.privacy.serialization import to_data

HELP = "identify private phrases: JSON Lines on stdin, one JSON result per line on stdout"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--text", help="analyse this one message instead of reading JSON Lines from stdin"
    )


def process_line(line: str) -> dict[str, Any]:
    """The output object for one input line (an error object when the line is malformed)."""
    try:
        item = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as exc:
        return {"error": f"not valid JSON: {exc}"}
    if not isinstance(item, dict):
        return {"error": 'each line must be a JSON object such as {"text": "..."}'}
    unknown = sorted(set(item) - {"text", "profile", "now", "id"})
    if unknown:
        return {"error": f"unknown field(s) {', '.join(unknown)}; expected text, profile, now"}
    if "text" not in item:
        return {"error": 'missing "text"'}
    if not isinstance(item["text"], str):
        return {"error": '"text" must be a string'}
    try:
        found = identify(item["text"], profile=item.get("profile"), now=item.get("now"))
        result: dict[str, Any] = to_data(found)
    except ValueError as exc:
        return {"error": str(exc)}
    if "id" in item:
        result = {"id": item["id"], **result}
    return result


def _write(out: TextIO, obj: dict[str, Any]) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    out.flush()


def run(args: argparse.Namespace) -> int:
    out = sys.stdout
    unchecked = False
    if args.text is not None:
        result = process_line(json.dumps({"text": args.text}))
        _write(out, result)
        return EXIT_UNCHECKED if result.get("checked") is False else 0
    stdin: TextIO = sys.stdin
    if hasattr(stdin, "buffer"):  # undecodable bytes become an error line, not a crash
        stdin = io.TextIOWrapper(stdin.buffer, encoding="utf-8", errors="surrogateescape")
    for line in stdin:
        if not line.strip():
            continue
        try:
            line.encode("utf-8")
        except UnicodeEncodeError:
            _write(out, {"error": "the line is not valid UTF-8"})
            continue
        result = process_line(line)
        unchecked = unchecked or result.get("checked") is False
        _write(out, result)
    return EXIT_UNCHECKED if unchecked else 0
