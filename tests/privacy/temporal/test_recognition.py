"""Recognition and normalisation of time expressions (SPEC §1.5, thesis Table 4.4)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from osnguard.privacy.temporal import find_expressions
from osnguard.privacy.temporal.normalisation import value_interval

NOW = datetime(2026, 11, 22, 9, 30, tzinfo=UTC)  # a Sunday morning


def only(text: str):
    found = find_expressions(text, now=NOW)
    assert len(found) == 1, found
    return found[0]


def test_clock_time_is_a_point_today_and_keeps_its_preposition():
    text = "I have an important meeting with my supervisor at 10AM."
    expression = only(text)
    assert (expression.text, expression.type, expression.value) == (
        "10AM",
        "TIME",
        "2026-11-22T10:00",
    )
    assert expression.phrase(text) == "at 10AM"
    assert (
        expression.interval[0]
        == expression.interval[1]
        == datetime(2026, 11, 22, 10, 0, tzinfo=UTC)
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # "have got" is having it: the appointment is ahead
        ("I've got a scan on Friday", "2026-11-27"),
        # "she's dead set": a state now, so "on Saturday" is the one ahead
        ("Open day on Saturday with my daughter, she's dead set on Medicine", "2026-11-28"),
    ],
)
def test_a_present_state_dates_its_day_ahead(text: str, value: str) -> None:
    from osnguard.privacy.resources import parse

    [day] = find_expressions(text, now=NOW, doc=parse(text))
    assert day.value == value


@pytest.mark.parametrize(
    "text, phrase, timex_type, value",
    [
        ("I went running this morning", "this morning", "TIME", "2026-11-22TMO"),
        ("I fly to Tokyo tomorrow", "tomorrow", "DATE", "2026-11-23"),
        ("We met last Friday", "last Friday", "DATE", "2026-11-20"),
        ("I swim every Monday", "every Monday", "SET", "XXXX-WXX-1"),
        ("I studied at Harvard for three years", "three years", "DURATION", "P3Y"),
        ("I moved here a year and a half ago", "a year and a half ago", "DATE", "2025-05"),
        ("I waited half an hour for the bus", "half an hour", "DURATION", "PT0.5H"),
        ("we're relocating in the new year", "the new year", "DATE", "2027"),
        ("working Mon-Fri at the warehouse", "Mon-Fri", "SET", "XXXX-WXX-WD"),
        (
            "I still think about a pint every single Friday",
            "every single Friday",
            "SET",
            "XXXX-WXX-5",
        ),
        ("we've lived here half a century", "half a century", "DURATION", "P50Y"),
        ("See you at 10am tomorrow", "10am tomorrow", "TIME", "2026-11-23T10:00"),
        (
            "We landed at 2:30 p.m. on March 3, 2025",
            "2:30 p.m. on March 3, 2025",
            "TIME",
            "2025-03-03T14:30",
        ),
        ("I was born in 1990", "1990", "DATE", "1990"),
        ("Back in the '90s", "the '90s", "DATE", "199"),
        ("I work out twice a week", "twice a week", "SET", "P1W"),
        ("Mary eats sushi at nite", "nite", "TIME", "2026-11-22TNI"),
        ("c u 2morrow", "2morrow", "DATE", "2026-11-23"),
    ],
)
def test_spec_phrases_come_out_whole_and_normalised(text, phrase, timex_type, value):
    expression = only(text)
    assert (expression.text, expression.type, expression.value) == (phrase, timex_type, value)


@pytest.mark.parametrize(
    "code, first, last",
    [
        ("MO", "05:00:00", "11:59:59"),
        ("AF", "12:00:00", "17:59:59"),
        ("EV", "18:00:00", "20:29:59"),
        ("NI", "20:30:00", "23:59:59"),
        ("DT", "05:00:00", "16:00:00"),
    ],
)
def test_parts_of_the_day_follow_table_4_4(code, first, last):
    start, end = value_interval(f"2026-11-22T{code}")
    assert start.strftime("%H:%M:%S") == first and end.strftime("%H:%M:%S") == last
    assert start.date() == end.date()


def test_midnight_crosses_into_the_next_day():
    start, end = value_interval("2026-11-22TMI")
    assert (start, end) == (datetime(2026, 11, 22, 23, 0), datetime(2026, 11, 23, 1, 0))


def test_part_of_day_is_reported():
    assert only("I ran this evening").part_of_day == "EV"
    assert only("I slept badly last night").part_of_day == "NI"


def test_intervals_of_calendar_values():
    assert value_interval("2026-W47") == (
        datetime(2026, 11, 16),
        datetime(2026, 11, 22, 23, 59, 59),
    )
    assert value_interval("2026-02") == (datetime(2026, 2, 1), datetime(2026, 2, 28, 23, 59, 59))
    assert value_interval("2026-SU")[0] == datetime(2026, 6, 1)
    assert value_interval("P3Y") is None


def test_durations_and_sets_have_no_interval():
    assert only("I studied there for three years").interval is None
    assert only("I swim every Monday").interval is None


def test_ordinary_words_are_not_time_expressions():
    assert find_expressions("I may march on, and the spring in my step will fall.", now=NOW) == []
    assert find_expressions("We sold 2000 units for $1990.", now=NOW) == []


def test_empty_odd_and_non_english_input():
    assert find_expressions("", now=NOW) == []
    assert find_expressions("   \n\t", now=NOW) == []
    assert find_expressions("🙂🙂 مرحبا بالعالم \x00\x01", now=NOW) == []
    long_text = "I left at 10AM and came back. " * 3000
    assert len(find_expressions(long_text, now=NOW)) == 3000


def test_bad_arguments_get_clear_errors():
    with pytest.raises(ValueError, match="now must be a datetime"):
        find_expressions("at 10AM", now="2026-11-22")
    with pytest.raises(ValueError, match="text must be a string"):
        find_expressions(b"at 10AM", now=NOW)


def test_naive_now_gives_naive_intervals():
    found = find_expressions("tomorrow", now=datetime(2026, 1, 31, 12))
    assert found[0].interval[0] == datetime(2026, 2, 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("third round of IVF starts on Monday.", "2026-05-11"),  # posted on a Wednesday
        ("my mum turns 70 on Saturday", "2026-05-09"),
        ("we're flying in on Friday", "2026-05-08"),
        ("We met on Monday.", "2026-05-04"),  # the past tense still reads back
    ],
)
def test_a_weekday_with_an_arrangement_in_the_present_is_the_coming_one(
    text: str, expected: str
) -> None:
    now = datetime(2026, 5, 6, 22, 0)
    found = [e for e in find_expressions(text, now=now) if e.type == "DATE"]
    assert [e.value for e in found] == [expected]


@pytest.mark.parametrize(
    ("text", "now", "hour"),
    [
        ("Tonight's the night, proposing at 7:30", datetime(2026, 6, 20, 12, 0, tzinfo=UTC), 19),
        ("Jummah at 1:15 then committee", datetime(2026, 6, 12, 9, 30, tzinfo=UTC), 13),
        (
            "see you at 7:30!",
            datetime(2026, 6, 12, 12, 0, tzinfo=UTC),
            19,
        ),  # the morning one passed
        ("woke up at 7:12, still tired", datetime(2026, 6, 12, 21, 0, tzinfo=UTC), 7),
        ("the train leaves at 07:30", datetime(2026, 6, 12, 12, 0, tzinfo=UTC), 7),  # 24-hour
        # said at 8pm, the evening one has passed too: the next 7:30 is the morning's
        ("I'll be on the picket line from 7:30", datetime(2026, 6, 12, 20, 0, tzinfo=UTC), 7),
    ],
)
def test_a_clock_time_without_am_or_pm_is_read_as_people_mean_it(
    text: str, now: datetime, hour: int
) -> None:
    clock = next(e for e in find_expressions(text, now=now) if e.type == "TIME" and ":" in e.value)
    assert int(clock.value.split("T")[1][:2]) == hour


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("back in the office from Monday", 30),  # posted on Wednesday the 25th: the coming Monday
        ("home on Friday fingers crossed", 27),  # "crossed" is no past tense
        ("leaving Sky, last day Friday", 27),  # "last day" is no past time
        ("we went home on Monday", 23),
        ("first date since I came out, Thursday 8pm", 26),  # "since ..." dates a start
        ("celebrating properly next Friday", 4),  # next week's Friday (December 4th)
        ("celebrating this Friday", 27),
        ("selling 2 tix for Monday, face value", 30),  # tickets for a day are for a coming one
    ],
)
def test_the_direction_of_a_bare_weekday(text: str, day: int) -> None:
    now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)  # a Wednesday
    date = next(e for e in find_expressions(text, now=now) if e.type in ("DATE", "TIME"))
    assert int(date.value[8:10]) == day


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("back at work on the 18th", "the 18th", "2026-12-18"),  # posted on the 25th
        ("it was busy on the 3rd", "the 3rd", "2026-11-03"),
        ("away till the 28th", "the 28th", "2026-11-28"),
        ("back from Monday 7th", "Monday 7th", "2026-12-07"),
        ("we met on Monday the 16th", "Monday the 16th", "2026-11-16"),
    ],
)
def test_a_day_of_the_month_without_its_month(text: str, phrase: str, value: str) -> None:
    now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)  # a Wednesday
    found = [e for e in find_expressions(text, now=now) if e.type == "DATE"]
    assert [(e.text, e.value) for e in found] == [(phrase, value)]


@pytest.mark.parametrize(
    "text",
    ["my 18th birthday", "the 5th time this week", "came 3rd in the race", "the 19th century"],
)
def test_an_ordinal_that_is_no_day_of_the_month(text: str) -> None:
    now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
    assert not [e for e in find_expressions(text, now=now) if any(c.isdigit() for c in e.text)]


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        # the tense of the phrase's own clause, not of the sentence's other clause
        ("moving to Evanston in March, the rent here was killing me", "March", "2027-03"),
        ("booked my flights, landing at Murtala Muhammed on the 22nd", "the 22nd", "2026-11-22"),
        # nor of a clause hanging off a verbless fragment, nor a state in -ed
        ("first date since I came out, Thursday 8pm", "Thursday", "2026-11-26"),
        ("home on Friday fingers crossed", "Friday", "2026-11-27"),
        ("we went home on Monday", "Monday", "2026-11-23"),
    ],
)
def test_with_the_parse_a_time_takes_the_tense_of_its_own_clause(
    text: str, phrase: str, value: str
) -> None:
    from osnguard.privacy.resources import parse

    now = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)  # a Friday evening
    if "Thursday" in text or "Friday" in text or "Monday" in text:
        now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)  # a Wednesday
    found = find_expressions(text, now=now, doc=parse(text))
    assert next(e.value for e in found if e.text.startswith(phrase))[: len(value)] == value


def test_a_morning_said_after_noon_and_a_month_from_now_are_ahead() -> None:
    evening = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
    found = find_expressions("dinner at my parents' then shul in the morning", now=evening)
    assert found[-1].value.startswith("2026-11-21")
    found = find_expressions("I went for a run in the morning", now=evening)
    assert found[-1].value.startswith("2026-11-20")
    found = find_expressions("the flat is available from January", now=evening)
    assert found[-1].value == "2027-01"


def test_a_weekday_in_a_fragment_with_no_verb_is_the_coming_one() -> None:
    from osnguard.privacy.resources import parse

    monday = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
    text = "garage sale Saturday 8am-noon at 4418 Avenue H, everything must go"
    assert find_expressions(text, now=monday, doc=parse(text))[0].value.startswith("2026-11-28")
    text = "Saturday night was wild"
    assert find_expressions(text, now=monday, doc=parse(text))[0].value.startswith("2026-11-21")


def test_the_part_of_a_unit_is_one_phrase_with_its_part() -> None:
    monday = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
    found = find_expressions("moving out at the end of the month", now=monday)
    assert (found[0].text, found[0].value, found[0].mod) == (
        "the end of the month",
        "2026-11",
        "END",
    )
    assert found[0].interval is not None and found[0].interval[0].day == 20  # its last third


def test_half_an_hour_said_the_british_way() -> None:
    monday = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
    assert find_expressions("picking the kids up at half 3", now=monday)[0].value.endswith("15:30")
    assert find_expressions("cut it in half 3 times", now=monday) == []


def test_a_date_a_sentence_is_about_and_an_end_on_the_same_weekday() -> None:
    friday = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
    found = find_expressions("my wife's due date is the 14th", now=friday)
    assert [(e.text, e.value) for e in found] == [("the 14th", "2026-12-14")]
    # "till Friday" said on a Friday is next Friday
    found = find_expressions("we're at the Royal Children's till Friday", now=friday)
    assert found[0].value == "2026-11-27"


def test_back_on_the_same_weekday_is_next_week() -> None:
    from osnguard.privacy.resources import parse

    monday = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)
    text = "Off sick all week with covid, back Monday hopefully"
    assert find_expressions(text, now=monday, doc=parse(text))[-1].value == "2026-11-30"
    text = "we went back Monday"
    assert find_expressions(text, now=monday, doc=parse(text))[-1].value == "2026-11-23"


@pytest.mark.parametrize(
    "now",
    [
        datetime(2027, 1, 25, 18, 0, tzinfo=UTC),  # a Monday: Thursday is ahead
        datetime(2027, 1, 28, 9, 0, tzinfo=UTC),  # the Thursday itself
    ],
)
def test_the_next_morning_follows_the_weekday_said_before_it(now: datetime) -> None:
    from osnguard.privacy.resources import parse

    text = "Can't make pub quiz Thursday, I've got my test at 9 the next morning"
    found = {e.text: e.value for e in find_expressions(text, now=now, doc=parse(text))}
    assert found["Thursday"] == "2027-01-28"
    assert found["the next morning"] == "2027-01-29TMO"
