"""SimMat (SPEC §3.1): the seed's worked example, edge cases and Algorithm 2."""

from __future__ import annotations

import pytest

from osnguard.privacy.paraphrase import Token, simmat
from osnguard.privacy.paraphrase.simmat import (
    brevity_penalty,
    match_identical_phrases,
    relmat_score,
    simmat_tokens,
)

S1 = "The study is being published today in the journal Science"
S2 = "Their findings were published today in Science."


def test_worked_example_from_the_seed():
    result = simmat(S1, S2)
    assert result.matched_phrases == [("be", "publish", "today", "in"), ("science",)]
    assert result.phrase_words == 5
    assert result.remaining == (5, 1)
    assert result.matched_words == [("study", "finding", pytest.approx(1 / 3))]
    assert round(result.relmat, 2) == 0.87
    assert round(result.penalty, 2) == 0.26
    # the seed multiplies the rounded parts: 0.87 × (1 − 0.26) = 0.64
    assert round(round(result.relmat, 2) * (1 - round(result.penalty, 2)), 2) == 0.64
    assert result.simmat == pytest.approx(0.648, abs=5e-4)


def test_formulas_with_the_seed_numbers():
    relmat = relmat_score([4, 1], [0.33], alpha=0.2)
    assert relmat == pytest.approx((5 + 4**0.2 + 1 + 0.33**0.2) / (5 + 1 + 4**0.2 + 1 + 1))
    assert brevity_penalty(5, 1) == pytest.approx(0.256)
    assert brevity_penalty(3, 3) == 0.0
    assert brevity_penalty(0, 0) == 0.0


def test_identical_sentences_score_one():
    result = simmat(S1, S1)
    assert result.simmat == pytest.approx(1.0)
    assert result.penalty == 0.0
    assert result.matched_phrases == [
        tuple(
            t.lower()
            for t in (
                "the",
                "study",
                "be",
                "be",
                "publish",
                "today",
                "in",
                "the",
                "journal",
                "science",
            )
        )
    ]


def test_disjoint_sentences_score_low():
    result = simmat("Stocks fell sharply on Monday.", "My grandmother bakes bread")
    assert result.matched_phrases == []
    assert result.simmat < 0.5
    assert result.simmat < simmat(S1, S2).simmat


def test_reordered_clauses_keep_a_high_score():
    a = "The company cut its forecast, and its shares fell 5 percent."
    b = "Its shares fell 5 percent, and the company cut its forecast."
    result = simmat(a, b)
    assert result.relmat > 0.9
    assert result.simmat > 0.9
    assert sum(len(p) for p in result.matched_phrases) >= 10


def test_empty_input_gives_a_defined_result():
    for a, b in (("", ""), ("", S1), (S2, ""), ("   ", "\n")):
        result = simmat(a, b)
        assert result.simmat == 0.0
        assert result.relmat == 0.0
        assert 0.0 <= result.penalty <= 0.5


def test_symmetric_and_bounded():
    ab, ba = simmat(S1, S2), simmat(S2, S1)
    assert ab.relmat == pytest.approx(ba.relmat)
    assert ab.penalty == pytest.approx(ba.penalty)
    assert 0.0 <= ab.simmat <= 1.0


def test_alpha_must_be_non_negative():
    with pytest.raises(ValueError, match="alpha"):
        simmat(S1, S2, alpha=-1)


def test_too_long_text_is_a_clear_error():
    with pytest.raises(ValueError, match="characters"):
        simmat("word " * 300_000, S1)


def test_non_string_is_a_clear_error():
    with pytest.raises(ValueError, match="must be a string"):
        simmat(None, S1)  # type: ignore[arg-type]


def test_algorithm2_takes_the_longest_phrase_first_and_uses_positions_once():
    a = ["a", "b", "c", "d", "x", "a", "b"]
    b = ["a", "b", "c", "d", "a", "b"]
    assert match_identical_phrases(a, b) == [(0, 0, 4), (5, 4, 2)]
    # a repeated word is matched as often as it occurs on the scarcer side
    assert match_identical_phrases(["x", "x", "x"], ["x"]) == [(0, 0, 1)]
    assert match_identical_phrases([], ["x"]) == []


def test_minor_words_are_not_matched_as_similar_words():
    t = lambda text, tag: Token(text, text, tag)  # noqa: E731
    result = simmat_tokens(
        [t("dog", "NN"), t("in", "IN"), t("can", "MD")], [t("cat", "NN"), t(".", ".")]
    )
    assert result.remaining == (1, 1)
    assert [(a, b) for a, b, _ in result.matched_words] == [("dog", "cat")]
