"""How far apart two versions of a message are: what a leaker must edit to pass for someone else.

- `word_edit_distance(a, b)`: word-level Levenshtein distance between two token sequences
  (rapidfuzz), e.g. between two realisations of a fingerprint slot.
- `word_distance(a, b)`: the same between two wordings of a generalized phrase, read as lower-case
  words and capped at `TARGET_DISTANCE` (what the fingerprint code counts such a position as).
- `PositionTexts`: the texts versions show at each numbered position of a message, with the
  distance between any two of them.
- `versions_min_distance(versions)`: the smallest distance between two versions of a message.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence, Set
from functools import lru_cache

import numpy as np
import numpy.typing as npt
from rapidfuzz.distance import Levenshtein

from osnguard.privacy.types import Choice, ChoiceKind, Version

TARGET_DISTANCE = 3  # the code distance fingerprinting aims for between any two versions

# positions whose texts differ by word edits (generalized phrases), not by 0 or 1
GENERALIZED_KINDS = frozenset({ChoiceKind.GENERALIZATION, ChoiceKind.TEMPORAL})

BLOCK_ROWS = 128  # versions compared at once with all others (bounds the memory of the matrix)

IntMatrix = npt.NDArray[np.int64]


@lru_cache(maxsize=65536)
def word_edit_distance(a: tuple[Hashable, ...], b: tuple[Hashable, ...]) -> int:
    """Word-level Levenshtein distance: the fewest words inserted, deleted or replaced to turn
    the token sequence `a` into `b`."""
    return int(Levenshtein.distance(a, b))


def word_distance(a: str | None, b: str | None) -> int:
    """Word-level edit distance between two wordings of a generalized phrase, capped at the target
    distance: "Japan" vs "Asia" is 1, "Tokyo University" vs "a university in Tokyo" is 3 (capped),
    since a leaker must edit that many words to turn one into the other. 0 when equal."""
    x, y = tuple((a or "").lower().split()), tuple((b or "").lower().split())
    if x == y:
        return 0
    return max(1, min(TARGET_DISTANCE, word_edit_distance(x, y)))


class PositionTexts:
    """The texts of versions at each numbered position of a message (fingerprint slots and
    generalized phrases), as small integer ids, with the distance between any two texts of a
    position: word edits for generalized phrases (`word_distance`), else 0 or 1."""

    def __init__(self, originals: Mapping[int, str], generalized: Set[int]) -> None:
        self.originals = dict(originals)  # a version without a choice at a position shows this
        self.generalized = set(generalized)
        self.vocab: dict[int, dict[str, int]] = {}
        self._tables: dict[int, IntMatrix] = {}

    def id(self, number: int, text: str) -> int:
        vocab = self.vocab.setdefault(number, {})
        if text not in vocab:
            vocab[text] = len(vocab)
            self._tables.pop(number, None)
        return vocab[text]

    def table(self, number: int) -> IntMatrix:
        if number not in self._tables:
            vocab = self.vocab.get(number, {})
            texts = sorted(vocab, key=vocab.__getitem__)
            if number in self.generalized:
                table = [[word_distance(a, b) for b in texts] for a in texts]
            else:
                table = [[int(a != b) for b in texts] for a in texts]
            self._tables[number] = np.array(table, dtype=np.int64).reshape(len(texts), len(texts))
        return self._tables[number]

    def row(self, choices: Sequence[Choice], numbers: Sequence[int]) -> list[int]:
        """A version's text ids at `numbers` (its choices, else the position's original)."""
        texts = {c.slot: c.text for c in choices}
        return [self.id(n, texts.get(n, self.originals.get(n, ""))) for n in numbers]


def versions_min_distance(versions: Sequence[Version]) -> int | None:
    """Smallest distance between two versions: the number of fingerprint slots in which they
    differ, plus the word edits between their generalized phrases (0 when two versions have the
    same text). None with fewer than two versions."""
    if len(versions) < 2:
        return None
    numbers = sorted({c.slot for v in versions for c in v.choices})
    positions = PositionTexts(
        {c.slot: c.original for v in versions for c in v.choices},
        {c.slot for v in versions for c in v.choices if c.kind in GENERALIZED_KINDS},
    )
    matrix = np.array([positions.row(v.choices, numbers) for v in versions], dtype=np.int64)
    matrix = matrix.reshape(len(versions), len(numbers))
    tables = [positions.table(n) for n in numbers]  # per position, the distance of any two texts
    best: int | None = None
    for start in range(0, len(versions), BLOCK_ROWS):
        block = matrix[start : start + BLOCK_ROWS]
        dist = np.zeros((len(block), len(versions)), dtype=np.int64)
        for col, table in enumerate(tables):
            dist += table[block[:, col][:, None], matrix[:, col][None, :]]
        dist[np.arange(len(block)), start + np.arange(len(block))] = np.iinfo(np.int64).max
        low = int(dist.min())
        best = low if best is None else min(best, low)
    texts = [v.text for v in versions]
    if len(set(texts)) < len(texts):
        return 0
    return best
