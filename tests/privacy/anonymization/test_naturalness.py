"""Fre (Eq. 4.7) on the offline trigram model, and the substitution checks."""

from __future__ import annotations

import pytest

from osnguard.privacy.anonymization import naturalness as nat

DEMO = (
    "My hometown is Tokyo. My favorite food is sushi. After graduating from Tokyo University, "
    "I studied at Harvard University for three years as a computer science major."
)


def fre(old: str, new: str) -> float:
    start = DEMO.index(old)
    return nat.fre_of_replacement(DEMO, start, start + len(old), new)


def test_words_are_spoken_lower_case_forms() -> None:
    assert nat.words("In 1998 I paid $25, it's fine") == [
        "in",
        "nineteen",
        "ninety",
        "eight",
        "i",
        "paid",
        "twenty",
        "five",
        "it's",
        "fine",
    ]


def test_single_word_fre_sums_the_fourteen_windows_of_eq_4_7() -> None:
    tokens = nat.words("i studied at harvard university for three years as a computer")
    idx = tokens.index("three")
    expected = sum(
        nat.ln_fr(tuple(tokens[p : p + n]))
        for n in range(2, 6)
        for p in range(idx - n + 1, idx + 1)
    )
    assert nat.fre(tokens, idx) == pytest.approx(expected)


def test_unknown_words_count_zero_and_scores_are_never_negative() -> None:
    assert nat.ln_fr(("qwzxv", "is")) == 0.0
    assert nat.ln_fr(("the", "the", "the", "the", "the")) >= 0.0


def test_natural_replacements_outscore_broken_ones() -> None:
    assert fre("three", "3") == pytest.approx(fre("three", "three"))  # digits read as words
    assert fre("three", "three") > fre("three", "went")
    assert fre("sushi", "food") > fre("sushi", "dish")


def test_substitution_check_for_fingerprinting() -> None:
    left, right = (
        ["i", "studied", "at", "harvard", "university", "for"],
        ["years", "as", "a", "computer"],
    )
    assert nat.substitution_is_natural(left, "three", "3", right)
    assert not nat.substitution_is_natural(left, "three", "went", right)


def test_bad_spans_are_clear_errors() -> None:
    with pytest.raises(ValueError):
        nat.fre_of_replacement("short", 3, 99, "x")
    with pytest.raises(ValueError):
        nat.fre(["a", "b"], 5)
