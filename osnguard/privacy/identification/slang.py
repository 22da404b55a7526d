"""Slang and typo normalisation for tweets (SPEC §1.4 step 2), with an offset map back to the original.

`normalise(text)` rewrites informal words ("2morrow", "u", "raelly", "froom") into standard English
using the curated dictionary `data/slang.tsv` plus one rule for elongations ("soooo" -> "so",
"knoww" -> "know", checked against wordfreq). The result keeps a map of replaced segments so a
span found in the normalised text can be mapped back to the text exactly as the user typed it.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from osnguard.privacy.resources import load_once

DICTIONARY_PATH = Path(__file__).with_name("data") / "slang.tsv"

# Whole words, optionally with an apostrophe part ("im", "don't"), plus the slash forms "w/", "b/c".
_TOKEN = re.compile(r"\b(?:w/o|w/|b/c)(?![A-Za-z])|[A-Za-z0-9]+(?:['’][A-Za-z]+)?")
_REPEAT = re.compile(r"([a-z])\1+")
# Typographic quotes are replaced one-for-one so offsets do not move.
_QUOTES = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})

ELONGATION_MIN_ZIPF = 4.0  # the collapsed word must be common English ...
ELONGATION_GAIN = 2.5  # ... and much more common than the elongated form


@dataclass(frozen=True)
class Replacement:
    """One rewritten word: original[orig_start:orig_end] became normalised[norm_start:norm_end]."""

    orig_start: int
    orig_end: int
    norm_start: int
    norm_end: int
    original: str
    replacement: str


@dataclass(frozen=True)
class NormalisedText:
    """A normalised message and the map from its offsets back to the original's."""

    original: str
    text: str
    replacements: tuple[Replacement, ...] = field(default_factory=tuple)

    @property
    def changed(self) -> bool:
        return self.text != self.original

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a span [start, end) of the normalised text to the original text.

        A span boundary inside a replaced word snaps to that word's boundary in the original.
        """
        if not 0 <= start <= end <= len(self.text):
            raise ValueError(f"span {start}-{end} is outside the normalised text")
        return self._map(start, is_end=False), self._map(end, is_end=True)

    @cached_property
    def _starts(self) -> list[int]:
        return [r.norm_start for r in self.replacements]

    def _map(self, offset: int, *, is_end: bool) -> int:
        index = bisect.bisect_right(self._starts, offset) - 1
        if index < 0:
            return offset
        rep = self.replacements[index]
        if offset == rep.norm_start:
            return rep.orig_start
        if offset < rep.norm_end:  # inside a replaced word: snap outwards
            return rep.orig_end if is_end else rep.orig_start
        # After a replacement: shift by the accumulated length difference.
        return rep.orig_end + (offset - rep.norm_end)


@load_once
def dictionary() -> dict[str, str]:
    """The curated slang dictionary, lower-case informal form -> standard form."""
    entries: dict[str, str] = {}
    for line in DICTIONARY_PATH.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        informal, standard = line.split("\t")
        entries[informal.strip().lower()] = standard.strip()
    return entries


def _collapse_elongation(word: str) -> str | None:
    """'soooo' -> 'so', 'froom' -> 'from': the most common English word made by shortening
    repeated letters, if it is far more common than the word as typed."""
    from wordfreq import zipf_frequency

    lower = word.lower()
    runs = list(_REPEAT.finditer(lower))
    if not runs or len(runs) > 4 or not lower.isalpha():
        return None
    typed = zipf_frequency(lower, "en")
    best, best_zipf = None, typed
    # Each repeated run becomes one or two letters; try every combination.
    for lengths in itertools.product((1, 2), repeat=len(runs)):
        parts, last = [], 0
        for run, length in zip(runs, lengths):
            parts.append(lower[last : run.start()] + run.group(1) * length)
            last = run.end()
        candidate = "".join(parts) + lower[last:]
        if candidate == lower:
            continue
        freq = zipf_frequency(candidate, "en")
        if freq > best_zipf:
            best, best_zipf = candidate, freq
    if best and best_zipf >= ELONGATION_MIN_ZIPF and best_zipf - typed >= ELONGATION_GAIN:
        return best
    return None


def _match_case(typed: str, standard: str) -> str:
    """Keep the user's capitalisation: 'U' -> 'You', 'OMG' -> 'OH MY GOD'."""
    if standard != standard.lower():  # the dictionary fixes the case itself (I, I'm)
        return standard
    if len(typed) > 1 and typed.isupper():
        return standard.upper()
    if typed[:1].isupper():
        return standard[:1].upper() + standard[1:]
    return standard


def normalise_word(word: str) -> str | None:
    """The standard form of one typed word, or None when it needs no change."""
    key = word.translate(_QUOTES).lower()
    standard = dictionary().get(key)
    if standard is None and word.islower():  # leave capitalised words (names) alone
        standard = _collapse_elongation(word)
    if standard is None:
        return None
    result = _match_case(word, standard)
    return None if result == word else result


def normalise(text: str) -> NormalisedText:
    """Normalise a message's slang and typos; `to_original` maps spans back to `text`."""
    if not isinstance(text, str):
        raise ValueError("text to normalise must be a string")
    source = text.translate(_QUOTES)
    pieces: list[str] = []
    replacements: list[Replacement] = []
    last = 0
    out_len = 0
    for match in _TOKEN.finditer(source):
        replacement = normalise_word(match.group())
        if replacement is None:
            continue
        between = source[last : match.start()]
        pieces.append(between)
        out_len += len(between)
        replacements.append(
            Replacement(
                match.start(),
                match.end(),
                out_len,
                out_len + len(replacement),
                match.group(),
                replacement,
            )
        )
        pieces.append(replacement)
        out_len += len(replacement)
        last = match.end()
    pieces.append(source[last:])
    return NormalisedText(original=text, text="".join(pieces), replacements=tuple(replacements))
