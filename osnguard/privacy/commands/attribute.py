"""`osnguard attribute`: does each candidate text disclose a message, and whose version leaked?

Reads `{"versions": [{"friend", "group", "text", "choices"}], "candidates": [text, ...]}` (JSON,
UTF-8) from stdin or `--input FILE` and prints one JSON line per candidate:
`{"disclosure", "score", "friend", "group", "margin", "evidence", "verdict", "explanation"}`.
A candidate that is not a string gets `{"error": ...}` on its line; input that cannot be read at
all is reported on stderr with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from osnguard.privacy.attribution import MAX_CANDIDATE_CHARS, Attribution, attribute, prepare
from osnguard.privacy.serialization import to_data

HELP = (
    "attribute candidate texts to the recipient whose version they leak (JSON in, JSON lines out)"
)
MAX_INPUT_BYTES = 64 * 1024 * 1024


def add_input_arguments(parser: argparse.ArgumentParser) -> None:
    """`--input` and `--lexical-only`, shared with `osnguard trace`."""
    parser.add_argument("--input", metavar="FILE", help="read the JSON from FILE instead of stdin")
    parser.add_argument(
        "--lexical-only",
        action="store_true",
        help="decide disclosure on word overlap, without the paraphrase detector",
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)
    parser.add_argument(
        "--ranking",
        type=int,
        default=0,
        metavar="N",
        help="also print the N most likely recipients per candidate",
    )


def read_input(args: argparse.Namespace) -> bytes:
    """The request's bytes from `--input FILE` or stdin (one byte past the limit, to tell)."""
    if args.input:
        try:
            with open(args.input, "rb") as fh:
                return fh.read(MAX_INPUT_BYTES + 1)
        except OSError as exc:
            raise ValueError(f"cannot read {args.input}: {exc.strerror}") from exc
    return sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)


def json_object(raw: bytes, shape: str) -> dict[str, Any]:
    """The request as a JSON object; ValueError with a message a user understands, naming the
    `shape` expected ('{"versions": [...], "candidates": [...]}')."""
    if len(raw) > MAX_INPUT_BYTES:
        raise ValueError(f"input is larger than {MAX_INPUT_BYTES // (1024 * 1024)} MB")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"input is not UTF-8 (invalid byte at offset {exc.start})") from exc
    if not text.strip():
        raise ValueError(f"no input: expected {shape}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(
            f"input is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from exc
    if not isinstance(data, dict):
        raise ValueError(f"input must be a JSON object {shape}")
    return data


def load_request(raw: bytes) -> tuple[list[Any], list[Any]]:
    """Parse and check the request; ValueError with a message a user understands."""
    data = json_object(raw, '{"versions": [...], "candidates": [...]}')
    versions, candidates = data.get("versions"), data.get("candidates")
    if not isinstance(versions, list):
        raise ValueError('"versions" must be a list of {"friend", "group", "text", "choices"}')
    if not isinstance(candidates, list):
        raise ValueError('"candidates" must be a list of texts')
    for i, version in enumerate(versions):
        if (
            not isinstance(version, dict)
            or not isinstance(version.get("text"), str)
            or "friend" not in version
        ):
            raise ValueError(f'version {i + 1} needs a "friend" and a "text" string')
        choices = version.get("choices", [])
        if not isinstance(choices, list) or not all(
            isinstance(c, dict) and {"slot", "kind", "original", "text", "start", "end"} <= c.keys()
            for c in choices
        ):
            raise ValueError(
                f"version {i + 1}: each choice needs slot, kind, original, text, start and end"
            )
    return versions, candidates


def output_line(result: Attribution, *, ranking: int = 0) -> dict[str, Any]:
    """A result as the command prints it: score and margin rounded (an infinite margin is null),
    and the `ranking` most likely recipients only when asked."""
    data: dict[str, Any] = to_data(result, omit=frozenset({"ranking"}))
    data["score"] = round(result.score, 4)
    data["margin"] = round(result.margin, 4) if math.isfinite(result.margin) else None
    if ranking:
        data["ranking"] = to_data(result.ranking[:ranking])
    return data


def run(args: argparse.Namespace) -> int:
    try:
        versions, candidates = load_request(read_input(args))
        message = prepare(versions)
    except ValueError as exc:
        print(f"osnguard attribute: {exc}", file=sys.stderr)
        return 2
    for i, candidate in enumerate(candidates):
        if not isinstance(candidate, str):
            line: dict[str, Any] = {"error": f"candidate {i + 1} is not a string"}
        elif len(candidate) > MAX_CANDIDATE_CHARS:
            line = {"error": f"candidate {i + 1} is longer than {MAX_CANDIDATE_CHARS:,} characters"}
        else:
            try:
                result = attribute(message, candidate, lexical_only=args.lexical_only)
                line = output_line(result, ranking=args.ranking)
            except ValueError as exc:
                line = {"error": f"candidate {i + 1}: {exc}"}
        print(json.dumps(line, ensure_ascii=False), flush=True)
    return 0
