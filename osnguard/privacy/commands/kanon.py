"""`osnguard kanon`: publish posts k-anonymously (seeds 001/004), JSON Lines in and out.

Each input line is `{"text": ..., "id": ... (optional), "author": {"age": 34, "gender":
"female", "city": "Tokyo", "job": "nurse", "religion": ..., "marital": ..., "language": ...,
"race": ...} (optional)}`. Each output line is one released record `{"id", "text",
"quasi_identifiers", "sensitive", "class"}`; the last line is the summary `{"k", "method",
"records", "classes": [class sizes], "dm", "lm", "lm_by_attribute", "unique", "suppressed"}`.
`--simple` releases with the simple (non-k) anonymization instead. A malformed line stops the
command with status 2 before anything is written: a release must cover the whole input.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from osnguard.privacy.commands import EXIT_BAD_INPUT, read_input
from osnguard.privacy.publishing import anonymize_posts

HELP = "publish posts k-anonymously: JSON Lines of posts on stdin, released records on stdout"
FIELDS = {"text", "id", "author"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument("--k", type=int, help="every released class has at least K records")
    how.add_argument(
        "--simple", action="store_true", help="generalize every value once, whatever the classes"
    )
    parser.add_argument("--input", help="read posts from this file instead of stdin")


def read_posts(lines: list[str]) -> list[dict[str, Any]]:
    """The posts of the input lines; ValueError names the first bad line."""
    posts = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise ValueError(f"line {number}: not valid JSON: {exc}") from exc
        if not isinstance(item, dict):
            raise ValueError(f'line {number}: expected an object such as {{"text": "..."}}')
        unknown = sorted(set(item) - FIELDS)
        if unknown:
            raise ValueError(f"line {number}: unknown field(s) {', '.join(unknown)}")
        if not isinstance(item.get("text"), str):
            raise ValueError(f'line {number}: "text" must be a string')
        item.setdefault("id", number)
        posts.append(item)
    return posts


def run(args: argparse.Namespace) -> int:
    if args.k is not None and args.k < 1:
        print("osnguard kanon: --k must be at least 1", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        posts = read_posts(read_input(args.input).splitlines())
        release = anonymize_posts(posts, k=None if args.simple else args.k)
    except ValueError as exc:
        print(f"osnguard kanon: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write(release.to_json_lines())
    return 0
