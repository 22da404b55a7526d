"""The temporal stage's data types go through the one serializer, and its number words are the
shared lexicon's plus the temporal quantity words."""

from __future__ import annotations

import json
from datetime import datetime

from osnguard.privacy import lexicon
from osnguard.privacy.serialization import from_data, to_data
from osnguard.privacy.temporal import (
    KeptPhrase,
    SuppressionResult,
    TemporalCandidate,
    TimeExpression,
    find_expressions,
)
from osnguard.privacy.temporal.recognition import NUMBER_WORDS, parse_number

NOW = datetime(2024, 5, 1, 9, 0)


def test_time_expressions_round_trip_through_json() -> None:
    [expression] = find_expressions("see you at 10am tomorrow", now=NOW)
    data = json.loads(json.dumps(to_data(expression)))
    assert data["interval"] == [t.isoformat() for t in expression.interval]
    assert from_data(TimeExpression, data) == expression


def test_candidates_and_suppression_results_round_trip() -> None:
    candidate = TemporalCandidate(
        "in May", "May", "2024-05", (datetime(2024, 5, 1), datetime(2024, 5, 31, 23, 59, 59)), 0.1
    )
    assert from_data(TemporalCandidate, json.loads(json.dumps(to_data(candidate)))) == candidate
    result = SuppressionResult("I ran .", [(6, 15)], [KeptPhrase(0, 1, "I", "not a time")])
    data = to_data(result)
    assert data == {
        "text": "I ran .",
        "removed": [[6, 15]],
        "kept": [{"start": 0, "end": 1, "text": "I", "reason": "not a time", "replacement": None}],
    }
    assert from_data(SuppressionResult, data) == result


def test_number_words_are_the_lexicons_without_zero_plus_quantities() -> None:
    assert "zero" not in NUMBER_WORDS  # "zero days" is not a time phrase, as before
    assert {w: n for w, n in NUMBER_WORDS.items() if w in lexicon.NUMBER_WORDS} == {
        w: n for w, n in lexicon.NUMBER_WORDS.items() if w != "zero"
    }
    assert (parse_number("a couple of"), parse_number("twenty-five"), parse_number("zero")) == (
        2.0,
        25.0,
        None,
    )
