"""Readers of the shared corpora, one per corpus, each with the file's real encoding.

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


__all__ = ["PPDP_ENCODING", "ppdp_path", "ppdp_rows"]
