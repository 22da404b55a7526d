"""`osnguard trace`: which friend do several leaks of an author's messages point to, together?

Reads `{"messages": [{"id", "versions": [the version objects osnguard anonymize returns]}],
"leaks": [{"text"}]}` (JSON, UTF-8) from stdin or `--input FILE` and prints one JSON object:
`{"results": [one per leak: what osnguard attribute prints, with the "message" it discloses],
"suspects": [{"friend", "score", "leaks": [indexes]}], "named": friend or null, "margin",
"chance" (how often an innocent friend would reach the leader's score by coincidence),
"explanation"}` (attribution/tracing.py). Input that cannot be read is reported on stderr with
exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from osnguard.privacy.attribution import MAX_CANDIDATE_CHARS
from osnguard.privacy.attribution.tracing import MAX_LEAKS, trace
from osnguard.privacy.commands import EXIT_BAD_INPUT
from osnguard.privacy.commands.attribute import (
    add_input_arguments,
    json_object,
    output_line,
    read_input,
)
from osnguard.privacy.serialization import to_data

HELP = "trace several leaks of an author's messages to the friend they point to together (JSON in and out)"
MAX_SUSPECTS = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_input_arguments(parser)


def load_request(raw: bytes) -> tuple[dict[Any, list[Any]], list[str]]:
    """Parse and check the request; ValueError with a message a user understands."""
    data = json_object(raw, '{"messages": [...], "leaks": [...]}')
    messages, leaks = data.get("messages"), data.get("leaks")
    if not isinstance(messages, list) or not messages:
        raise ValueError('"messages" must be a non-empty list of {"id", "versions"}')
    if not isinstance(leaks, list):
        raise ValueError('"leaks" must be a list of {"text"}')
    if len(leaks) > MAX_LEAKS:
        raise ValueError(f"at most {MAX_LEAKS} leaks at a time")
    by_id: dict[Any, list[Any]] = {}
    for i, message in enumerate(messages):
        if not isinstance(message, dict) or not isinstance(message.get("versions"), list):
            raise ValueError(
                f'message {i + 1} needs "versions": the list osnguard anonymize returns'
            )
        key = message.get("id", i)
        if not isinstance(key, (str, int)) or isinstance(key, bool):
            raise ValueError(f'message {i + 1}: "id" must be a string or a number')
        if key in by_id:
            raise ValueError(f"message id {key!r} is given twice")
        by_id[key] = message["versions"]
    texts = []
    for i, leak in enumerate(leaks):
        text = leak.get("text") if isinstance(leak, dict) else leak
        if not isinstance(text, str):
            raise ValueError(f'leak {i + 1} needs a "text" string')
        if len(text) > MAX_CANDIDATE_CHARS:
            raise ValueError(f"leak {i + 1} is longer than {MAX_CANDIDATE_CHARS:,} characters")
        texts.append(text)
    return by_id, texts


def run(args: argparse.Namespace) -> int:
    try:
        messages, leaks = load_request(read_input(args))
        found = trace(messages, leaks, lexical_only=args.lexical_only)
    except ValueError as exc:
        print(f"osnguard trace: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    output = {
        "results": [{"message": r.message, **output_line(r.attribution)} for r in found.results],
        "suspects": to_data(found.suspects[:MAX_SUSPECTS]),
        "named": found.named,
        "margin": round(found.margin, 4),
        "chance": round(found.chance, 6),
        "explanation": found.explanation,
    }
    print(json.dumps(output, ensure_ascii=False))
    return 0
