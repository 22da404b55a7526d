"""Readers of the shared corpora, one per corpus, each with the file's real encoding, and of
posts annotated the way `realistic/GUIDELINES.md` says (the realistic sets, the probe fixtures).

The ppdp tweets (`ppdp/tweets.csv`) are Windows-1252, not UTF-8 (byte 0x85, an ellipsis, at
offset 150): every reader of them (tagger, classifier, evaluations, benches) goes through
`ppdp_rows`, so they all see the same characters.
"""

from __future__ import annotations

import csv
from pathlib import Path

from osnguard.privacy import resources

PPDP_ENCODING = "cp1252"


def ppdp_path() -> Path:
    return resources.corpus_path("ppdp", "tweets.csv")


def ppdp_rows(path: Path | None = None) -> list[dict[str, str]]:
    """The rows of the ppdp CSV (`Id`, `Tweet`, ...), in file order, decoded strictly."""
    with (path or ppdp_path()).open(encoding=PPDP_ENCODING, newline="") as handle:
        return [{key: value or "" for key, value in row.items()} for row in csv.DictReader(handle)]


def locate_phrases(text: str, phrases: list[str]) -> list[tuple[int, int]]:
    """The [start, end) of each annotated phrase in `text`, found in order (a phrase is looked
    for after the previous one); ValueError names a phrase that is not there."""
    spans: list[tuple[int, int]] = []
    cursor = 0
    for phrase in phrases:
        where = text.find(phrase, cursor) if phrase else -1
        if where < 0:
            raise ValueError(f"gold phrase {phrase!r} is not in the text after offset {cursor}")
        cursor = where + len(phrase)
        spans.append((where, cursor))
    return spans


__all__ = ["PPDP_ENCODING", "locate_phrases", "ppdp_path", "ppdp_rows"]
