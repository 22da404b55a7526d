"""Naturalness of a substitution: the frequency score Fre (thesis Eq. 4.7) and its threshold γ.

    Fre(p, t) = Σ_{n=2..5} Σ_{pos=idx-n+1..idx} ln fr(subphrase(t, pos, n)),   ln 0 = 0

The seed counted n-grams in Google Web 1T, which is not available offline. We use the trigram
language model that PocketSphinx ships (CMU's US-English LM: 2.05M bigrams and 1.67M trigrams of
lower-case spoken-form English; PyPI `pocketsphinx`, the same model as Debian's
`pocketsphinx-en-us`). It is by far the largest offline n-gram source here: symspellpy's bigram
list keeps only the 243k most frequent bigrams (none under ~6M occurrences, so "in Tokyo" or
"for three" are missing) and wordfreq has unigrams only.

A language model gives probabilities, not counts, so fr(s) is the count a corpus the size of Web
1T (N = 10^12 tokens) would be expected to hold: fr(s) = N · P(s), with P(s) the chain-rule
trigram probability of the words of s (P(w1)·P(w2|w1)·P(w3|w1 w2)...). Words the model does not
know make fr(s) = 0, and so does any transition less likely than MIN_TRANSITION (the model backs
off to give every sequence some probability, where Web 1T simply lacks rare n-grams); expected
counts under 1 count as 0 too, so ln fr is never negative, as in the seed. For bigrams,
symspellpy's real counts (its 243k most frequent English bigrams) are used where they exceed the
model's estimate (development-half AUC 0.636 -> 0.651). Sentences are padded with <s> and </s>, which the model scores like words.

For a replacement of several words, the windows are those that overlap the replacement and reach
beyond it (windows inside it say nothing about how it fits), and the sum is rescaled to the number of windows a one-word replacement at the same place has, so that
long and short replacements are comparable; for one word it is exactly Eq. 4.7.

γ was recalibrated on a labelled set of natural and unnatural substitutions (see
docs/evaluation/anonymization.md and `osnguard evaluate naturalness`).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from osnguard.privacy.lexicon import NUMBER_NAMES
from osnguard.privacy.resources import ResourceMissing, load_once

N_TOKENS = 1.0e12  # the size of the corpus whose counts fr() estimates (Web 1T: 1.02e12 tokens)
LN_N = math.log(N_TOKENS)
LOG_BASE = math.log(1.0001)  # PocketSphinx reports log-probabilities in base 1.0001
MAX_N = 5
# A window counts as unseen (fr = 0) when one of its word-to-word transitions is less likely
# than this: Web 1T lists only n-grams seen 40 times or more, while a backed-off language model
# gives every sequence some probability. Chosen on the development half of the labelled set
# (Fre's AUC 0.591 without it; 0.623 at 1e-5, 0.636 at 1e-4, 0.597 at 1e-3).
MIN_TRANSITION = 1e-4
LN_MIN_TRANSITION = math.log(MIN_TRANSITION)
# Threshold chosen on the development half of fixtures/evaluation/naturalness.jsonl (maximum
# accuracy); `osnguard evaluate naturalness` recomputes it and reports the held-out half.
GAMMA = 18.18
# A fingerprint substitution may lose at most this much Fre against the original wording, when
# the original itself scores under γ (a rare but correct sentence must still get fingerprints).
MAX_DROP = 4.0


@load_once
def language_model() -> Any:
    """PocketSphinx's US-English trigram model (memory-mapped; loads in milliseconds)."""
    try:
        from pocketsphinx import NGramModel, get_model_path
    except ImportError as exc:
        raise ResourceMissing(
            "pocketsphinx is not installed: run `make setup` (pip install pocketsphinx)"
        ) from exc
    path = os.path.join(get_model_path(), "en-us", "en-us.lm.bin")
    if not os.path.isfile(path):
        raise ResourceMissing(
            f"the PocketSphinx language model {path} is missing: reinstall pocketsphinx"
        )
    return NGramModel.readfile(path)


# --- words -----------------------------------------------------------------------------------

_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?|\d+(?:[.,]\d+)?")


def number_words(value: int) -> list[str]:
    """Spoken form of a whole number below a million ("1998" -> nineteen ninety eight)."""
    if value < 20:
        return [NUMBER_NAMES[value]]
    if value < 100:
        return [NUMBER_NAMES[value - value % 10]] + (number_words(value % 10) if value % 10 else [])
    if 1100 <= value < 2000 or 2010 <= value < 2100:  # years read in pairs
        return number_words(value // 100) + number_words(value % 100)
    if value < 1000:
        rest = value % 100
        return number_words(value // 100) + ["hundred"] + (number_words(rest) if rest else [])
    if value < 1_000_000:
        rest = value % 1000
        return number_words(value // 1000) + ["thousand"] + (number_words(rest) if rest else [])
    return ["many"]


def words(text: str) -> list[str]:
    """Lower-case spoken-form words of a text, as the language model spells them."""
    out: list[str] = []
    for token in _TOKEN.findall(text.lower().replace("’", "'")):
        if token[0].isdigit():
            digits = token.replace(",", "").split(".")[0]
            out.extend(
                number_words(int(digits)) if digits.isdigit() and len(digits) < 7 else ["many"]
            )
        else:
            out.append(token)
    return out


# --- scores ----------------------------------------------------------------------------------


@lru_cache(maxsize=1 << 18)
def _cond(word: str, history: tuple[str, ...]) -> float | None:
    """ln P(word | history) (history: up to the two previous words), None for unknown words."""
    value = language_model().prob([word, *reversed(history)])
    return None if value <= -(1 << 28) else value * LOG_BASE


@load_once
def bigram_ln_counts() -> dict[str, float]:
    """ln of the ~243k English bigram counts that ship with symspellpy ("in japan" -> 16.6)."""
    from pathlib import Path

    import symspellpy

    path = Path(symspellpy.__file__).parent / "frequency_bigramdictionary_en_243_342.txt"
    counts: dict[str, float] = {}
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            parts = line.split()
            if len(parts) == 3:
                counts[f"{parts[0]} {parts[1]}"] = math.log(int(parts[2]))
    return counts


@lru_cache(maxsize=1 << 18)
def ln_fr(window: tuple[str, ...]) -> float:
    """ln fr(s): ln of the expected count of the word sequence in 10^12 tokens; 0 for counts < 1.
    For a bigram symspellpy counts, the larger of its real count and the model's estimate."""
    estimate = _ln_estimate(window)
    if len(window) == 2:
        return max(estimate, bigram_ln_counts().get(f"{window[0]} {window[1]}", 0.0))
    return estimate


def _ln_estimate(window: tuple[str, ...]) -> float:
    total = LN_N
    for i, word in enumerate(window):
        if i == 0 and word == "<s>":
            continue  # the sentence start is given, not predicted
        history = tuple(window[max(0, i - 2) : i])
        logp = _cond(word, history)
        if logp is None or (i > 0 and logp < LN_MIN_TRANSITION):
            return 0.0
        total += logp
    return max(total, 0.0)


def fre(tokens: Sequence[str], start: int, end: int | None = None) -> float:
    """Fre (Eq. 4.7) of the words tokens[start:end] (a replacement) inside `tokens`.

    `tokens` are `words()` of one sentence, optionally padded with "<s>" and "</s>".
    """
    end = start + 1 if end is None else end
    if not 0 <= start < end <= len(tokens):
        raise ValueError(
            f"the replacement span {start}..{end} lies outside the {len(tokens)} tokens"
        )
    key = tuple(tokens)
    total, windows = 0.0, 0
    for n in range(2, MAX_N + 1):
        for pos in range(max(0, start - n + 1), min(end, len(key) - n + 1)):
            if start <= pos and pos + n <= end:
                continue  # inside the replacement: says nothing about how it fits
            total += ln_fr(key[pos : pos + n])
            windows += 1
    if end - start == 1 or windows == 0:
        return total
    single = sum(
        1
        for n in range(2, MAX_N + 1)
        for _ in range(max(0, start - n + 1), min(start + 1, len(key) - n + 1))
    )
    return total * single / windows


_SENTENCE_END = re.compile(r"[.!?]+(?:\s+|$)")


def sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """The character range of the sentence around [start, end)."""
    begin = 0
    for match in _SENTENCE_END.finditer(text):
        if match.end() <= start:
            begin = match.end()
        elif match.start() >= end:
            return begin, match.start()
    return begin, len(text)


def fre_of_replacement(text: str, start: int, end: int, replacement: str) -> float:
    """Fre of `text` with [start, end) replaced by `replacement`, within its sentence."""
    if (
        not isinstance(text, str)
        or not isinstance(replacement, str)
        or not 0 <= start <= end <= len(text)
    ):
        raise ValueError("the span to replace must lie inside the text")
    return _fre_of_replacement(text, start, end, replacement)


@lru_cache(maxsize=1 << 16)
def _fre_of_replacement(text: str, start: int, end: int, replacement: str) -> float:
    begin, finish = sentence_bounds(text, start, end)
    left, right = words(text[begin:start]), words(text[end:finish])
    middle = words(replacement)
    if not middle:
        return 0.0
    tokens = ["<s>", *left, *middle, *right, "</s>"]
    return fre(tokens, 1 + len(left), 1 + len(left) + len(middle))


def is_natural(text: str, start: int, end: int, replacement: str, gamma: float = GAMMA) -> bool:
    """Whether the replacement reads naturally in its sentence: Fre ≥ γ."""
    return fre_of_replacement(text, start, end, replacement) >= gamma


def context_fre(left: Sequence[str], replacement: str, right: Sequence[str]) -> float:
    """Fre of a replacement between lower-case context words (nearest last / nearest first)."""
    return _context_fre(tuple(left[-(MAX_N - 1) :]), replacement, tuple(right[: MAX_N - 1]))


@lru_cache(maxsize=1 << 16)
def _context_fre(left: tuple[str, ...], replacement: str, right: tuple[str, ...]) -> float:
    middle = words(replacement)
    if not middle:
        return 0.0
    lwords = [w for token in left[-(MAX_N - 1) :] for w in words(token)]
    rwords = [w for token in right[: MAX_N - 1] for w in words(token)]
    tokens = [*lwords, *middle, *rwords]
    return fre(tokens, len(lwords), len(lwords) + len(middle))


def substitution_is_natural(
    left: Sequence[str],
    original: str,
    replacement: str,
    right: Sequence[str],
    gamma: float = GAMMA,
    max_drop: float = MAX_DROP,
) -> bool:
    """The fingerprinting check: replacing `original` by `replacement` between `left` and `right`
    keeps the text natural if its Fre reaches γ, or, where the original wording itself scores
    under γ, if it loses no more than `max_drop` against it."""
    new = context_fre(left, replacement, right)
    if new >= gamma:
        return True
    old = context_fre(left, original, right)
    return old < gamma and new >= old - max_drop
