"""Distances between versions: rapidfuzz's word-level Levenshtein gives what the hand-written
dynamic programme gave, and `versions_min_distance` reads versions as the old code did."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from osnguard.privacy.fingerprinting import (
    TARGET_DISTANCE,
    PositionTexts,
    versions_min_distance,
    word_distance,
    word_edit_distance,
)
from osnguard.privacy.types import Choice, Version


def reference_edit_distance(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """The textbook Levenshtein programme both old copies used."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def reference_word_distance(a: str | None, b: str | None) -> int:
    x, y = tuple((a or "").lower().split()), tuple((b or "").lower().split())
    if x == y:
        return 0
    return max(1, min(TARGET_DISTANCE, reference_edit_distance(x, y)))


WORDS = st.sampled_from(["a", "the", "in", "Tokyo", "tokyo", "university", "'s", ",", "", "é"])
TOKENS = st.lists(WORDS, max_size=7).map(tuple)


@given(TOKENS, TOKENS)
def test_word_edit_distance_matches_the_reference(a, b):
    assert word_edit_distance(a, b) == reference_edit_distance(a, b)


@given(st.lists(WORDS, max_size=6), st.lists(WORDS, max_size=6), st.booleans())
def test_word_distance_matches_the_reference(a, b, none):
    x, y = " ".join(a), " ".join(b)
    assert word_distance(x, y) == reference_word_distance(x, y)
    if none:
        assert word_distance(None, y) == reference_word_distance(None, y)


def test_word_distance_examples():
    assert word_distance("a university in Tokyo", "a Tokyo university") == 3
    assert word_distance("Japan", "Asia") == 1
    assert word_distance("Tokyo", "tokyo") == 0
    assert word_edit_distance(("a", "b", "c"), ()) == 3


def reference_min_distance(versions: list[Version]) -> int | None:
    """Every pair compared position by position, as `version_distance` defined it."""
    if len(versions) < 2:
        return None
    if len({v.text for v in versions}) < len(versions):
        return 0
    originals = {c.slot: c.original for v in versions for c in v.choices}
    generalized = {
        c.slot for v in versions for c in v.choices if c.kind in ("generalization", "temporal")
    }
    numbers = sorted(originals)

    def text_at(version: Version, number: int) -> str:
        chosen = {c.slot: c.text for c in version.choices}
        return chosen.get(number, originals.get(number, ""))

    best = None
    for x, y in itertools.combinations(versions, 2):
        total = 0
        for n in numbers:
            a, b = text_at(x, n), text_at(y, n)
            total += reference_word_distance(a, b) if n in generalized else int(a != b)
        best = total if best is None else min(best, total)
    return best


CHOICE_TEXTS = st.sampled_from(["Tokyo", "in Asia", "a city in Japan", "is", "'s", "", "."])


@st.composite
def version_sets(draw):
    slots = draw(st.lists(st.integers(0, 5), min_size=0, max_size=4, unique=True))
    kinds = {s: draw(st.sampled_from(["generalization", "temporal", "realisation"])) for s in slots}
    originals = {s: draw(CHOICE_TEXTS) for s in slots}
    versions = []
    for index in range(draw(st.integers(0, 6))):
        choices = [
            Choice(s, kinds[s], originals[s], draw(CHOICE_TEXTS), 0, 0)
            for s in slots
            if draw(st.booleans())
        ]
        text = draw(st.sampled_from([f"text {index}", "same text"]))
        versions.append(Version(f"f{index}", "g", text, choices))
    return versions


@given(version_sets())
def test_versions_min_distance_matches_the_pairwise_reference(versions):
    assert versions_min_distance(versions) == reference_min_distance(versions)


def test_versions_min_distance_reads_a_missing_choice_as_the_text_as_written():
    a = Version("a", "g", "I am here.", [Choice(5, "realisation", "I am", "I am", 0, 4)])
    b = Version("b", "g", "I am here", [Choice(6, "realisation", ".", "", 9, 9)])
    c = Version("c", "g", "I'm here.", [Choice(5, "realisation", "I am", "I'm", 0, 3)])
    assert versions_min_distance([a, b]) == 1
    assert versions_min_distance([a, c]) == 1
    assert versions_min_distance([b, c]) == 2
    assert versions_min_distance([a]) is None


def test_position_texts_tables():
    positions = PositionTexts({0: "Tokyo University"}, {0})
    ids = [positions.id(0, text) for text in ("Tokyo University", "a university in Tokyo", "x")]
    assert ids == [0, 1, 2]
    assert positions.table(0).tolist() == [[0, 3, 2], [3, 0, 3], [2, 3, 0]]
    assert positions.row([], [0, 1]) == [0, 0]
