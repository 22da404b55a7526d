"""`osnguard linkability`: how recognisable an author's writing is within a community (seed 003).

Input (a JSON object on stdin or in `--input`): `{"author": ["text", ...], "community":
{"name": ["text", ...], ...}, "d": 0.9 (optional), "k": 5 (optional)}`. Output: one JSON object
with the author's nearest neighbours and their Jensen-Shannon distances, `k_at_d` (the largest k
for which the author is (k,d)-anonymous), `d_for_k` (the distance a chosen k needs), the
stylometric features on which the author stands out, and how much text it was computed from.
Without "d", d is the community's median nearest-neighbour distance. Bad input: status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from osnguard.privacy.commands import EXIT_BAD_INPUT, read_input
from osnguard.privacy.linkability import assess

HELP = "how recognisable an author's writing is: JSON {author, community} in, JSON out"
FIELDS = {"author", "community", "d", "k"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--input", help="read the JSON object from this file instead of stdin")
    parser.add_argument("--d", type=float, help="the distance d (overrides the input's)")
    parser.add_argument("--k", type=int, help="the k to find d for (overrides the input's)")


def _texts(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise ValueError(f"{what} must be a list of texts")
    return value


def parse_request(raw: str) -> dict[str, Any]:
    """The validated request; ValueError says what is wrong."""
    try:
        item = json.loads(raw)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise ValueError(f"not valid JSON: {exc}") from exc
    if not isinstance(item, dict):
        raise ValueError('expected an object such as {"author": [...], "community": {...}}')
    unknown = sorted(set(item) - FIELDS)
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(unknown)}")
    author = _texts(item.get("author"), '"author"')
    community = item.get("community")
    if not isinstance(community, dict) or not community:
        raise ValueError('"community" must be an object of author name -> list of texts')
    for name, texts in community.items():
        _texts(texts, f'community author "{name}"')
    d, k = item.get("d"), item.get("k", 5)
    if d is not None and (isinstance(d, bool) or not isinstance(d, (int, float))):
        raise ValueError('"d" must be a number between 0 and 1')
    if isinstance(k, bool) or not isinstance(k, int):
        raise ValueError('"k" must be a whole number')
    return {"author": author, "community": community, "d": d, "k": k}


def run(args: argparse.Namespace) -> int:
    try:
        request = parse_request(read_input(args.input))
        if args.d is not None:
            request["d"] = args.d
        if args.k is not None:
            request["k"] = args.k
        result = assess(request["author"], request["community"], d=request["d"], k=request["k"])
    except ValueError as exc:
        print(f"osnguard linkability: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write(json.dumps(result.to_data(), ensure_ascii=False) + "\n")
    return 0
