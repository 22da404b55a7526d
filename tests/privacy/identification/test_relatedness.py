"""The offline relatedness score (SPEC §1.3) that replaces the seed's Wikipedia co-occurrence."""

from __future__ import annotations

import pytest

from osnguard.privacy.identification import relatedness
from osnguard.privacy.identification.relatedness import THRESHOLD, is_related, score


@pytest.mark.parametrize(
    ("a", "b", "kinds"),
    [
        ("Tokyo", "Shinjuku", {"contains"}),  # thesis Table 3.1
        ("Japan", "Tokyo", {"contains"}),
        ("Harvard University", "Harvard", {"alias", "wordnet"}),
        ("Massachusetts Institute of Technology", "MIT", {"alias", "wordnet"}),
        ("New York University", "NYU", {"alias"}),
        ("New York", "NYC", {"alias"}),
        ("Brooklyn", "Queens", {"near"}),
        ("Buddhism", "Zen", {"wordnet"}),
        ("French", "France", {"wordnet"}),
        ("computer science", "computer science major", {"alias", "lemma"}),
    ],
)
def test_swapped_phrases_are_still_related(a: str, b: str, kinds: set[str]) -> None:
    evidence = score(a, b)
    assert evidence.score >= THRESHOLD, evidence
    assert evidence.kind in kinds
    assert evidence.explanation


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Tokyo", "Paris"),
        ("Tokyo", "Osaka"),  # same country, a different city
        ("Harvard University", "Stanford University"),
        ("Google", "Microsoft"),
        ("Buddhism", "Hinduism"),
        ("soccer", "basketball"),
        ("Texas", "Paris"),  # Paris means Paris, France, not the small Paris in Texas
    ],
)
def test_different_things_are_not_related(a: str, b: str) -> None:
    assert not is_related(a, b), score(a, b)


def test_score_is_symmetric_and_bounded() -> None:
    for a, b in [("Tokyo", "Shinjuku"), ("dog", "cat"), ("Harvard", "Yale")]:
        forward, backward = score(a, b), score(b, a)
        assert forward == backward
        assert 0.0 <= forward.score <= 1.0


def test_same_phrase_scores_one_whatever_the_case_and_accents() -> None:
    assert score("Zürich", "zurich ").score == 1.0
    assert score("Zürich", "zurich ").kind == "same"


def test_generalisations_are_recognised() -> None:
    assert relatedness.is_generalisation("food", "sushi")
    assert relatedness.is_generalisation("religion", "Buddhism")
    assert not relatedness.is_generalisation("Zen", "Buddhism")
    assert not relatedness.is_generalisation("Japan", "Tokyo")  # places narrow where you are


@pytest.mark.parametrize(
    "bad", [("", "Tokyo"), ("   ", "x"), (None, "Tokyo"), ("x" * 300, "Tokyo")]
)
def test_bad_input_gets_a_clear_error(bad) -> None:
    with pytest.raises(ValueError):
        score(*bad)


def test_unknown_words_get_no_evidence() -> None:
    evidence = score("qwzxv", "plokmijn")
    assert evidence.score == 0.0 and evidence.kind == "none"


@pytest.mark.parametrize(
    ("phrase", "value", "related"),
    [
        ("Shinjuku", "Tokyo", True),
        ("Harvard", "Harvard University", True),
        ("MIT", "Massachusetts Institute of Technology", True),
        ("Zen", "Buddhism", True),
        ("Buddhist", "Buddhism", True),
        ("Paris", "Tokyo", False),
        ("soccer", "basketball", False),
        ("food", "sushi", False),
    ],
)
def test_fast_profile_score_agrees_with_the_full_score(
    phrase: str, value: str, related: bool
) -> None:
    fast = relatedness.profile_score(phrase, value)
    assert (fast.score >= THRESHOLD) == related
    if related:
        assert fast.score == score(phrase, value).score
