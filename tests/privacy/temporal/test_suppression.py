"""Temporal suppression by learned dependency-subtree patterns (thesis §4.3)."""

from __future__ import annotations

from datetime import datetime

import pytest

from osnguard.privacy.temporal import suppress
from osnguard.privacy.temporal.suppression import learned_patterns, normalise

NOW = datetime(2026, 11, 22, 9, 0)


def test_patterns_were_learned_from_timeml():
    patterns = learned_patterns()
    assert len(patterns) > 10
    assert "(prep:ADP/ANY> (pobj/DATE))" in patterns  # "on Friday", "in 1990"
    assert "(npadvmod/DATE)" in patterns  # "yesterday", "last week"


def test_seed_example_restores_the_original_surface_forms():
    assert suppress("Mary eeats sushiii at nite").text == "Mary eeats sushiii"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("I go to Tokyo with friends at 9AM.", "I go to Tokyo with friends."),
        ("Tomorrow, I will fly to Paris.", "I will fly to Paris."),
        ("I moved here a year and a half ago.", "I moved here."),
        ("We met last Friday at the cafe.", "We met at the cafe."),
        ("I swim every Monday.", "I swim."),
        (
            "I studied at Harvard for three years as a computer science major.",
            "I studied at Harvard as a computer science major.",
        ),
        ("c u 2morrow at the gym", "c u at the gym"),
        (
            "The company went public earlier this month, offering shares.",
            "The company went public, offering shares.",
        ),
        ("We release the results in mid-November.", "We release the results."),
        (
            "Friday's trading volume totaled 132 million shares.",
            "The trading volume totaled 132 million shares.",
        ),
    ],
)
def test_time_phrases_are_deleted_and_the_rest_kept(text, expected):
    result = suppress(text)
    assert result.text == expected
    assert result.complete


def test_subjects_and_objects_are_never_deleted():
    result = suppress("Tomorrow is my mum's birthday")
    assert result.text == "Tomorrow is my mum's birthday"
    assert not result.complete
    assert "subject" in result.kept[0].reason
    loved = suppress("I love Mondays")
    assert loved.text == "I love Mondays" and "object" in loved.kept[0].reason


def test_a_protected_phrase_is_generalized_when_now_is_known():
    result = suppress("Tomorrow is my mum's birthday", now=NOW)
    kept = result.kept[0]
    assert kept.text == "Tomorrow" and kept.replacement and kept.replacement != "Tomorrow"
    assert "generalized instead" in kept.reason


def test_caller_spans_choose_what_to_delete():
    text = "I went to Kyoto yesterday and to Osaka on Friday."
    start = text.index("on Friday") + 3
    result = suppress(text, [(start, start + len("Friday"))])
    assert result.text == "I went to Kyoto yesterday and to Osaka."


def test_a_span_with_its_preposition_is_deleted_whole():
    text = "I go to Tokyo with friends at 9AM."
    start = text.index("at 9AM")
    result = suppress(text, [(start, start + len("at 9AM"))])
    assert result.text == "I go to Tokyo with friends."
    assert result.removed == [(start, start + len("at 9AM"))]


def test_reuses_a_given_doc(nlp):
    text = "We had dinner at 8pm."
    assert suppress(text, doc=nlp(text)).text == "We had dinner."


def test_nothing_to_delete_and_odd_input():
    assert suppress("I like sushi.").text == "I like sushi."
    assert suppress("").text == ""
    assert suppress("🙂🙂🙂").text == "🙂🙂🙂"
    with pytest.raises(ValueError, match="outside the text"):
        suppress("at 10AM", [(0, 99)])
    with pytest.raises(ValueError, match="too long"):
        suppress("x" * 30_000)


def test_normalisation_keeps_a_map_to_the_original():
    normalised = normalise("cu 2nite")
    assert normalised.text == "cu tonight"
    start = normalised.text.index("tonight")
    assert normalised.original_span(start, start + len("tonight")) == (3, 8)
