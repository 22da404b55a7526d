"""Natural wordings of whole time phrases (temporal/vague.py): true, ordered, read as a whole."""

from __future__ import annotations

from datetime import datetime

import pytest

from osnguard.privacy.temporal import find_expressions
from osnguard.privacy.temporal.vague import vague_wordings

NOW = datetime(2026, 11, 25, 17, 0)  # a Wednesday afternoon


def wordings(phrase: str, now: datetime = NOW) -> list[str]:
    return [w.text for w in vague_wordings(phrase, find_expressions(phrase, now=now), now)]


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("yesterday", ["this week", "recently"]),
        ("on Friday", ["this week", "soon"]),
        ("at 7pm", ["in the evening", "this evening", "later", "today", "soon"]),
        ("this week", ["lately"]),
        ("on Thursday evenings", ["in the evenings", "once a week", "regularly"]),
        ("at sunset yesterday", ["yesterday evening", "yesterday", "this week", "recently"]),
        ("for 6 weeks", ["for over a month", "for a few weeks", "for a while"]),
        ("for the next 6 weeks", ["for the next few weeks", "for a while"]),
        ("after 9 years", ["after nearly a decade", "after years"]),
        ("for 3 hours", ["for a few hours", "for hours", "for a while"]),
        ("6 months", ["half a year", "months", "a while"]),
        ("for 2 years and 4 months", ["for over two years", "for years"]),
        ("after 8 years", ["after years"]),
        ("10 years", ["a decade", "years"]),
        ("for 1 hour", ["for a while"]),
        ("3 nights", ["a few nights", "a while"]),
        ("87 days", ["a few months", "months", "a while"]),
        (
            "every Weds at 8am",
            ["every Wednesday morning", "every Wednesday", "once a week", "regularly"],
        ),
        ("till Thursday", ["for a few days", "for a while"]),
        (
            "every Tuesday 6-9pm",
            ["every Tuesday evening", "every Tuesday", "once a week", "regularly"],
        ),
        ("every morning on the 6:15", ["every morning", "every day", "regularly"]),
        (
            "every other weekend from Friday 6pm to Sunday 5pm",
            ["every other weekend", "twice a month", "regularly"],
        ),
        (
            "every first Sunday of the month",
            ["once a month on a Sunday", "once a month", "regularly"],
        ),
        ("from Friday 6pm to Sunday 5pm every week", ["every weekend", "regularly"]),
        ("at 11 weeks", []),  # a stage ("we lost the baby at 11 weeks"), not a length
        ("Sundays", ["weekends", "some days"]),  # a noun: "Sundays with my mum"
        ("on Tuesdays", ["once a week", "on some days"]),  # never "on weekdays": every day
        ("all afternoon", ["all day", "for a while"]),
        ("8 years", ["years"]),  # not "several years"
    ],
)
def test_phrases_get_the_wordings_people_use(phrase: str, expected: list[str]) -> None:
    assert wordings(phrase) == expected


def test_a_range_is_read_as_a_whole_and_a_night_runs_into_the_morning() -> None:
    found = wordings("7pm to 7:30am")
    assert found[0] == "overnight" and "this evening" not in found


def test_times_near_now_are_not_said_by_their_month_or_year() -> None:
    for phrase in ("yesterday", "tonight", "this morning", "on Friday"):
        assert not {"this month", "this year"} & set(wordings(phrase))


def test_a_far_time_is_said_by_its_month_then_its_season_in_the_authors_hemisphere() -> None:
    found = wordings("on 20th Sept")
    assert found[:3] == ["in mid-September", "in September", "this autumn"]
    south = vague_wordings("this June", find_expressions("this June", now=NOW), NOW, southern=True)
    assert south[0].text == "in the winter"


def test_a_month_is_said_by_its_name_not_as_next_month() -> None:
    found = wordings("on the 3rd of January")
    assert found[:2] == ["in early January", "in January"]
    assert "next month" not in found


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("from Monday 30th", ["from next week", "soon"]),
        ("from 5 Jan", ["from early January", "from January", "soon"]),
        (
            "starting in March",
            ["starting in the spring", "starting early next year", "starting next year"],
        ),
    ],
)
def test_a_start_keeps_its_from(phrase: str, expected: list[str]) -> None:
    assert wordings(phrase) == expected


def test_an_end_is_worded_as_an_end_then_as_a_length() -> None:
    assert wordings("till the 28th") == ["for a few days", "for a while"]  # Saturday
    assert wordings("till the 9th") == [
        "till early December",
        "for a couple of weeks",
        "for a while",
    ]


def test_next_weekday_is_next_weeks_and_said_by_its_week() -> None:
    assert wordings("next Friday") == ["next week", "soon"]  # posted on a Wednesday


def test_late_night_times_are_late_tonight() -> None:
    assert wordings("at midnight")[:2] == ["late tonight", "tonight"]
    assert "this night" not in wordings("at 11:59 tonight")
    assert wordings("at 1pm")[:3] == [
        "in the early afternoon",
        "in the afternoon",
        "this afternoon",
    ]
    assert wordings("from 9pm to 5am")[:2] == ["overnight", "all night"]


def test_no_preposition_is_added_to_a_bare_day() -> None:
    assert wordings("Friday 8pm")[:2] == ["Friday evening", "Friday"]
    assert wordings("on Friday at 8pm")[:2] == ["on Friday evening", "on Friday"]


def test_a_length_with_a_start_is_said_by_its_length() -> None:
    assert wordings("for three weeks from the 20th")[0] == "for a few weeks"


def test_wordings_are_ordered_most_specific_first() -> None:
    found = vague_wordings("at 6am", find_expressions("at 6am", now=NOW), NOW)
    assert [w.ncp for w in found] == sorted((w.ncp for w in found), reverse=True)


def test_a_future_time_never_becomes_a_past_one() -> None:
    assert "recently" not in wordings("next Friday") and "soon" in wordings("next Friday")
    assert "soon" not in wordings("last night") and "recently" in wordings("last night")


def test_an_adjective_duration_is_left_to_removal() -> None:
    assert wordings("10-day") == []


def test_a_near_time_stops_at_soon_or_recently() -> None:
    assert wordings("next week")[-1] == "soon" and "this year" not in wordings("next week")
    assert wordings("next month")[-1] == "soon" and "next year" not in wordings("next month")
    assert wordings("last week")[-1] == "recently"


def test_the_weekend_is_said_only_for_a_time_placed_there() -> None:
    saturday = datetime(2026, 11, 28, 12, 0)
    assert "this weekend" not in wordings("today", saturday)
    assert "this weekend" in wordings("on Sunday", saturday)
    # and a weekend is not "this week", which reads as the working week
    assert "this week" not in wordings("on Sunday", saturday)
    assert "next week" in wordings("from Monday till Sunday", saturday)


def test_a_holiday_is_the_holidays_and_a_night_range_is_overnight() -> None:
    december = datetime(2026, 12, 10, 19, 0)
    assert wordings("over Christmas", december)[0] == "over the holidays"
    assert wordings("Christmas", december)[0] == "the holidays"
    assert wordings("from 8pm to 8am")[0] == "overnight"


def test_weekdays_inside_a_named_week_are_that_week() -> None:
    monday = datetime(2026, 2, 2, 18, 20)
    found = wordings("from Monday to Friday last week", monday)
    assert "this week" not in found and "recently" in found


def test_a_holiday_keeps_the_words_around_it() -> None:
    november = datetime(2026, 11, 26, 21, 0)
    assert wordings("till after Christmas", november)[0] == "till after the holidays"
    assert wordings("on Christmas Day", november)[0] == "over the holidays"


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("at 7:30pm", ["in the evening"]),
        ("at midnight", ["late at night", "at night"]),
        ("at 1:15", ["in the early afternoon", "in the afternoon"]),
        ("from 7:30am", ["from early morning", "from the morning"]),
        ("7pm to 7:30am", ["overnight", "all night"]),
    ],
)
def test_a_clock_time_on_a_day_named_elsewhere_is_said_of_no_day(
    phrase: str, expected: list[str]
) -> None:
    # "this Friday from 7, Kiddush at 7:30": not "this evening", "later" or "today"
    found = find_expressions(phrase, now=NOW)
    assert [w.text for w in vague_wordings(phrase, found, NOW, other_day_named=True)] == expected


def test_a_phrase_naming_its_day_keeps_it_when_another_day_is_named() -> None:
    phrase = "at 7am tomorrow"
    found = find_expressions(phrase, now=NOW)
    said = [w.text for w in vague_wordings(phrase, found, NOW, other_day_named=True)]
    assert said == wordings(phrase) and "tomorrow" in said


def test_a_month_ahead_is_later_this_year_not_this_year() -> None:
    said = wordings("in July", datetime(2026, 3, 10, 12, 0))
    assert "later this year" in said and "this year" not in said


@pytest.mark.parametrize(
    ("phrase", "now", "first"),
    [
        # a clock time beside a day is on that day, not on today
        ("tomorrow from 5am", datetime(2026, 11, 24, 21, 0), "early tomorrow"),
        # a weekday beside a date is the date's
        ("on Sat 12 Sept", datetime(2026, 6, 1, 11, 0), "in mid-September"),
        # the end of a range of weekdays is after its start
        ("6pm Thursday to 9am Friday", datetime(2026, 6, 1, 11, 0), "overnight"),
        # a first day without its month is in the month the range names
        ("from the 3rd to the 17th of March", datetime(2026, 1, 8, 12, 0), "in March"),
        # a near range of days is also said by how long it lasts
        ("from Thursday till the following Tuesday", datetime(2026, 2, 9, 12, 0), "for a few days"),
    ],
)
def test_a_phrase_is_read_as_one_time(phrase: str, now: datetime, first: str) -> None:
    assert wordings(phrase, now)[0] == first


def test_weekend_nights_are_said_so() -> None:
    assert wordings("every fri & sat till 11pm")[2:4] == ["on weekend nights", "on weekends"]
    assert "in the nights" not in wordings("every Friday and Saturday night")


def test_a_yearly_habit_is_every_year() -> None:
    now = datetime(2026, 12, 20, 15, 0)
    assert wordings("Every Christmas Day since 1998", now)[0] == "every year"


def test_tonight_is_this_evening_and_earlier_comes_after_today() -> None:
    assert wordings("tonight", datetime(2026, 6, 1, 18, 45))[0] == "this evening"
    assert wordings("this morning", datetime(2026, 6, 1, 13, 20))[:2] == ["today", "earlier"]


def test_on_a_sunday_this_week_is_also_the_coming_week() -> None:
    sunday_night = datetime(2026, 6, 14, 23, 10)
    assert wordings("tmrw", sunday_night)[0] == "this week"
    assert "next week" not in wordings("tmrw", sunday_night)
    assert wordings("yesterday", sunday_night)[0] == "this week"


def test_an_end_later_today_is_hours_away_not_days() -> None:
    evening = datetime(2026, 11, 20, 18, 0)
    assert wordings("till 8 tonight", evening)[0] == "for a few hours"
    assert "for a few days" not in wordings("till midnight", evening)


def test_a_time_from_which_something_runs_is_never_said_as_past() -> None:
    evening = datetime(2026, 11, 20, 19, 30)
    assert not {"earlier", "recently"} & set(wordings("after 6pm", evening))


def test_before_a_time_is_said_before_a_later_one() -> None:
    monday = datetime(2026, 11, 23, 9, 0)
    assert wordings("before 2pm", monday) == ["before the evening"]  # never "in the afternoon"
    # "before Friday" posted on a Monday is this week's Friday, never "last week"
    assert wordings("before Friday", monday) == ["before the weekend", "this week", "soon"]


def test_the_end_of_this_month_is_this_month() -> None:
    monday = datetime(2026, 11, 23, 9, 0)
    assert wordings("at the end of the month", monday) == ["this month"]  # never "lately"


def test_from_a_day_for_a_length_is_not_from_a_length() -> None:
    friday = datetime(2026, 11, 20, 18, 0)
    assert "from a couple of weeks" not in wordings("from Monday for 2 weeks", friday)


def test_a_start_earlier_today_is_said_by_its_part_of_the_day() -> None:
    morning = datetime(2026, 11, 23, 9, 0)
    assert wordings("since 3am", morning) == ["since the early hours", "recently"]


def test_hours_all_week_are_the_week_and_in_a_length_keeps_in() -> None:
    assert wordings("6am-2pm all week") == ["all week", "this week"]
    assert wordings("in 4 years")[0] == "in a few years"
