"""Whether a fingerprint substitution reads naturally: the checks the slot rules ask.

A fingerprint substitution replaces one word (or a few) inside a sentence. It is kept only if it
reads naturally in its context. The project's naturalness scorer (Fre, Eq. 4.7, with its γ) lives in
`osnguard.privacy.anonymization.naturalness`; `default_check()` uses it (and fails if its language
model is missing). `BigramCheck` is another check, a local relative test on the offline counts that
ship with symspellpy (bigrams) and wordfreq (unigrams), for comparisons.

A check is any callable `check(left, original, replacement, right) -> bool` where `left` and `right`
are the lower-cased words around the substitution (nearest last / nearest first).
"""

from __future__ import annotations

import itertools
import logging
import math
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from osnguard.privacy.anonymization import substitution_is_natural
from osnguard.privacy.resources import load_once

log = logging.getLogger(__name__)

MIN_ZIPF = 3.0  # a replacement word rarer than this (about 1 per million words) reads as odd


class NaturalnessCheck(Protocol):
    def __call__(
        self, left: Sequence[str], original: str, replacement: str, right: Sequence[str]
    ) -> bool: ...


@load_once
def bigram_counts() -> dict[tuple[str, str], int]:
    """The ~243k English bigram counts shipped inside symspellpy (lower-case)."""
    import symspellpy

    path = Path(symspellpy.__file__).parent / "frequency_bigramdictionary_en_243_342.txt"
    counts: dict[tuple[str, str], int] = {}
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            parts = line.split()
            if len(parts) == 3:
                counts[(parts[0], parts[1])] = int(parts[2])
    return counts


_zipf_lock = threading.Lock()
_zipf_cache: dict[str, float] = {}


def zipf(word: str) -> float:
    """wordfreq's Zipf frequency (log10 per billion words) of a word or short phrase, cached."""
    key = word.lower()
    value = _zipf_cache.get(key)
    if value is None:
        from wordfreq import zipf_frequency

        value = zipf_frequency(key, "en")
        with _zipf_lock:
            _zipf_cache[key] = value
    return value


class BigramCheck:
    """Relative n-gram test: a replacement must be a common word, and every bigram the original
    forms with its neighbours that the counts know must stay known with the replacement, at no
    worse than `max_drop` natural-log units on the summed bigram score."""

    def __init__(self, min_zipf: float = MIN_ZIPF, max_drop: float = 3.0) -> None:
        self.min_zipf = min_zipf
        self.max_drop = max_drop

    def score(
        self, left: Sequence[str], words: Sequence[str], right: Sequence[str]
    ) -> tuple[float, int]:
        """Sum of ln counts of the bigrams spanning the words and their neighbours; and how many
        of those bigrams are known."""
        counts = bigram_counts()
        seq = [*(left[-1:]), *words, *(right[:1])]
        total, known = 0.0, 0
        for a, b in itertools.pairwise(seq):
            count = counts.get((a, b), 0)
            if count:
                total += math.log(count)
                known += 1
        return total, known

    def __call__(
        self, left: Sequence[str], original: str, replacement: str, right: Sequence[str]
    ) -> bool:
        new_words = replacement.lower().split()
        if not new_words:
            return True
        if any(zipf(w) < self.min_zipf for w in new_words if w.isalpha()):
            return False
        old_score, old_known = self.score(left, original.lower().split(), right)
        new_score, new_known = self.score(left, new_words, right)
        if new_known < old_known:
            return False
        return new_score >= old_score - self.max_drop * max(old_known, 1)


def default_check() -> NaturalnessCheck:
    """The anonymization stage's Fre/γ check (its language model missing is an error, not a
    fallback to another check that would change which fingerprints are natural)."""
    return substitution_is_natural


def accept_all(left: Sequence[str], original: str, replacement: str, right: Sequence[str]) -> bool:
    """A check that keeps every substitution (for tests and for measuring raw capacity)."""
    return True


CheckFactory = Callable[[], NaturalnessCheck]
