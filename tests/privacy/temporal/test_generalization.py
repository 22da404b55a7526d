"""Temporal generalization: NCP* (Eq. 4.14) and the candidates from TP (thesis §4.2, Table 4.5)."""

from __future__ import annotations

from datetime import datetime

import pytest

from osnguard.privacy.temporal import (
    find_expressions,
    generalization_for_level,
    generalize,
    ncp_star,
)

NOW = datetime(2026, 11, 22, 9, 0)
MESSAGE = "I have an important meeting with my supervisor at 10AM."


def ten_am():
    return find_expressions(MESSAGE, now=NOW)[0]


def test_ncp_star_reproduces_the_seed_example():
    at_ten = (datetime(2014, 4, 4, 10, 0, 0), datetime(2014, 4, 4, 10, 0, 0))
    this_morning = (datetime(2014, 4, 4, 5, 0, 0), datetime(2014, 4, 4, 11, 59, 59))
    assert ncp_star(at_ten, this_morning) == pytest.approx(1 / 25_200)
    assert round(ncp_star(at_ten, this_morning), 7) == 3.97e-5


def test_ncp_star_of_today_matches_table_4_5():
    at_ten = (datetime(2014, 4, 4, 10), datetime(2014, 4, 4, 10))
    today = (datetime(2014, 4, 4), datetime(2014, 4, 4, 23, 59, 59))
    assert ncp_star(at_ten, today) == pytest.approx(1.16e-5, rel=1e-2)


def test_ncp_star_rejects_bad_intervals():
    with pytest.raises(ValueError):
        ncp_star(
            (datetime(2026, 1, 2), datetime(2026, 1, 1)),
            (datetime(2026, 1, 1), datetime(2026, 1, 3)),
        )
    with pytest.raises(ValueError):
        ncp_star(None, (datetime(2026, 1, 1), datetime(2026, 1, 3)))


def test_candidates_cover_the_original_and_grow_more_anonymous():
    expression = ten_am()
    candidates = generalize(expression, now=NOW, source_text=MESSAGE)
    texts = [c.text for c in candidates]
    assert texts[0] == "this morning"
    assert candidates[0].ncp == pytest.approx(1 / 25_200)
    assert {"today", "this week", "this month", "this year"} <= set(texts)
    assert (
        texts.index("today")
        < texts.index("this week")
        < texts.index("this month")
        < texts.index("this year")
    )
    ncps = [c.ncp for c in candidates]
    assert ncps == sorted(ncps, reverse=True)
    for candidate in candidates:
        assert (
            candidate.interval[0] <= expression.interval[0]
            and expression.interval[1] <= candidate.interval[1]
        )


def test_levels_map_from_original_to_suppression():
    expression = ten_am()
    picks = [
        generalization_for_level(expression, level=level, levels=5, now=NOW, source_text=MESSAGE)
        for level in range(5)
    ]
    assert picks[0].text == "at 10AM" and picks[0].ncp == 1.0
    assert picks[-1].suppressed and picks[-1].text == ""
    ncps = [p.ncp for p in picks]
    assert ncps == sorted(ncps, reverse=True)
    no_suppression = generalization_for_level(
        expression, level=4, levels=5, now=NOW, source_text=MESSAGE, allow_suppression=False
    )
    assert no_suppression.text == "this year"


def test_level_arguments_are_checked():
    with pytest.raises(ValueError, match="level must be between 0 and 2"):
        generalization_for_level(ten_am(), level=3, levels=3, now=NOW)
    with pytest.raises(ValueError, match="levels must be a positive"):
        generalization_for_level(ten_am(), level=0, levels=0, now=NOW)


def test_past_days_generalize_to_periods_that_contain_them():
    text = "We met last Friday"
    candidates = generalize(find_expressions(text, now=NOW)[0], now=NOW, source_text=text)
    assert [c.text for c in candidates][:2] == ["this week", "this month"]


def test_durations_generalize_only_to_phrases_that_include_them():
    text = "I studied at Harvard for three years"
    candidates = generalize(find_expressions(text, now=NOW)[0], now=NOW, source_text=text)
    texts = [c.text for c in candidates]
    assert "for years" in texts
    assert "for four years" not in texts and "for five years" not in texts


def test_sets_generalize_to_their_period():
    text = "I swim every Monday"
    candidates = generalize(find_expressions(text, now=NOW)[0], now=NOW)
    assert [c.text for c in candidates] == ["every week"]
    assert candidates[0].ncp == pytest.approx(1 / 7)


def test_capitals_follow_the_original():
    text = "Tomorrow is my mum's birthday"
    candidates = generalize(find_expressions(text, now=NOW)[0], now=NOW, source_text=text)
    assert candidates and all(c.text[0].isupper() for c in candidates)


def test_vague_relative_times_and_never_a_season():
    """A time in the coming or past weeks can be said "soon" or "recently"; a season is never
    offered, since it is the opposite south of the equator (issue 14)."""
    soon = find_expressions("gym at 7:30 tomorrow", now=NOW)[0]
    texts = [c.text for c in generalize(soon, now=NOW, source_text="gym at 7:30 tomorrow")]
    assert "soon" in texts and "recently" not in texts
    last = find_expressions("surgery last night", now=NOW)[0]
    texts = [c.text for c in generalize(last, now=NOW, source_text="surgery last night")]
    assert "recently" in texts and "soon" not in texts
    for text in texts:
        assert not any(
            season in text for season in ("spring", "summer", "autumn", "fall", "winter")
        )
