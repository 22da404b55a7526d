"""The identification detector for time phrases: only the author's own activities are flagged."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from osnguard.privacy.resources import nlp
from osnguard.privacy.temporal import detect
from osnguard.privacy.types import MessageContext, Profile

NOW = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


def found(text: str, doc=None, language: str = "en"):
    return detect(MessageContext(text=text, profile=Profile(), now=NOW, doc=doc, language=language))


def test_an_activity_of_the_author_is_flagged_with_interval_and_reason():
    [phrase] = found("I have an important meeting with my supervisor at 10AM.")
    assert phrase.text == "at 10AM"
    assert (
        phrase.category == "time"
        and phrase.detectors == ["temporal"]
        and phrase.timex_type == "TIME"
    )
    assert phrase.interval == ("2026-11-22T10:00:00+00:00", "2026-11-22T10:00:00+00:00")
    assert (
        phrase.reason == "This tells people when you will be doing something (Sun 22 Nov, 10:00)."
    )
    assert 0 < phrase.confidence <= 1


@pytest.mark.parametrize(
    "text, expected",
    [
        ("I went running this morning", "this morning"),
        ("We met last Friday", "last Friday"),
        ("I swim every Monday", "every Monday"),
        ("I studied at Harvard for three years", "for three years"),
        ("I moved here a year and a half ago", "a year and a half ago"),
        ("Meet me tomorrow", "tomorrow"),
    ],
)
def test_spec_phrases_are_flagged_whole(text, expected):
    assert [p.text for p in found(text)] == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "Tokyo was founded in 1603.",
        "It is rainy tomorrow",
        "The US election is on Tuesday",
        "I'm at home now",
    ],
)
def test_facts_and_vague_references_are_not_flagged(text):
    assert found(text) == []


def test_uses_the_doc_sentences(nlp):
    text = "The museum opened in 1990. I visited it last Friday."
    assert [p.text for p in found(text, doc=nlp(text))] == ["last Friday"]


def test_non_english_and_empty_messages():
    assert found("Je pars demain à 10h", language="fr") == []
    assert found("") == []
    assert found("🙂 \u202eRTL\u202c") == []


def test_missing_now_is_a_clear_error():
    with pytest.raises(ValueError, match="needs `now`"):
        detect(MessageContext(text="at 10AM", profile=Profile(), now=None))


def test_whole_time_phrases_of_posts(make_context) -> None:
    from osnguard.privacy.temporal import detect

    def times(text: str) -> list[str]:
        return [p.text for p in detect(make_context(text))]

    assert times("gym every tuesday and thursday at 7pm") == ["every tuesday and thursday at 7pm"]
    assert times("night shift again, 10 till 6") == ["10 till 6"]
    assert times("we fly out at quarter past six on Saturday morning") == [
        "at quarter past six on Saturday morning"
    ]
    assert times("Off to Umrah from the 3rd to the 17th of March") == [
        "from the 3rd to the 17th of March"
    ]
    assert times("I'll be canvassing in Bath all weekend") == ["all weekend"]
    assert times("arvo surf at Maroubra then home") == ["arvo"]
    assert times("closing shift every fri & sat till 11pm") == ["every fri & sat till 11pm"]
    assert times("need a dog walker Mon/Wed/Fri 12-1 while I'm at work") == ["Mon/Wed/Fri 12-1"]
    assert times("koffie with me on Thursday evenings?") == ["on Thursday evenings"]
    assert times("we moved to Toronto in the 1990s") == ["in the 1990s"]
    assert times("phone banking with us every Tuesday 6-9pm") == ["every Tuesday 6-9pm"]
    assert times("every first Sunday of the month I see my nan") == [
        "every first Sunday of the month"
    ]
    assert times("silent retreat in Igatpuri starting the 5th. phone off, see you on the 16th") == [
        "starting the 5th",
        "on the 16th",
    ]
    assert times("Tokyo was founded in 1603") == []
    assert times("RSVP by Sunday") == []


def test_a_range_over_midnight_ends_the_next_day(make_context) -> None:
    from osnguard.privacy.temporal import detect

    [phrase] = detect(make_context("on the ward 7pm to 7:30am"))
    assert phrase.text == "7pm to 7:30am" and phrase.interval is not None
    start, end = phrase.interval
    assert end > start


def test_a_time_that_only_restates_the_moment_of_posting_is_not_private(make_context) -> None:
    from datetime import datetime

    from osnguard.privacy.temporal import detect

    def times(text: str, now: datetime) -> list[str]:
        return [p.text for p in detect(make_context(text, now=now))]

    assert times("3am and still awake again", datetime(2026, 9, 17, 3, 5)) == []
    assert times("it's 7:40 already and I'm stuck", datetime(2026, 3, 9, 7, 40)) == []
    # the same clock time timing an activity, or posted at another time, is the author's
    assert times("6am swim every day since my diagnosis", datetime(2026, 5, 1, 6, 2)) != []
    assert times("3am and still awake again", datetime(2026, 9, 16, 22, 0)) == ["3am"]


def test_feasts_with_their_modifiers(make_context) -> None:
    from datetime import datetime

    from osnguard.privacy.temporal import detect

    now = datetime(2026, 3, 2, 12)
    [last_easter] = detect(make_context("last Easter we went to Rome", now=now))
    assert last_easter.text == "last Easter"
    assert last_easter.interval[0].startswith("2025-04-20")  # Easter Sunday 2025
    [christmas] = detect(make_context("next Christmas we go to my mum's", now=now))
    assert christmas.interval[0].startswith("2026-12-25")


def test_a_weight_is_no_clock_and_a_comma_parts_two_lengths(make_context) -> None:
    from osnguard.privacy.temporal import detect

    text = "Our son Arlo was born on Saturday at 3.2kg, mum and baby doing great"
    assert [p.text for p in detect(make_context(text))] == ["on Saturday"]
    text = "started testosterone last week, 2 weeks till my first review"
    assert [p.text for p in detect(make_context(text))] == ["last week", "2 weeks"]


def test_a_greeting_times_nothing_but_an_anniversary_does():
    assert found("Happy Christmas from Cork 🎄") == []
    assert found("Happy Friday! off to the lake with my sister") == []
    [phrase] = found("Happy 1 year to the love of my life, from a Bumble match to this")
    assert phrase.text == "1 year"


def test_scheduled_and_sequenced_days_are_read_ahead():
    # present tense of a scheduled event: next September, not the one two months ago
    text = "Our little one starts reception in September, where did the time go"
    [phrase] = found(text, doc=nlp()(text))
    assert phrase.interval[0].startswith("2027-09")
    # a day said after another comes after it: back on 2 January, not 2 December
    text = "flying home on the 19th for Christmas, back in London on the 2nd. can't wait"
    assert found(text, doc=nlp()(text))[-1].interval[0][:10] == "2027-01-02"
    # a plan said by its verb alone ("Voting ... on Thursday", posted on a Sunday) is ahead
    text = "Voting Labour for the first time on Thursday, my grandad would be spinning lol"
    assert found(text, doc=nlp()(text))[0].interval[0][:10] == "2026-11-26"
    # a verb before an emoji does not time what follows it: the sitter stays till next month
    text = "Just landed in Bali for 10 days 🌴 house sitter is at ours till the 3rd"
    assert found(text, doc=nlp()(text))[-1].interval[0][:10] == "2026-12-03"


def test_a_sentence_with_no_subject_takes_the_tense_of_its_opening_verb():
    # posted on a Sunday: an invitation is ahead, "Loved ..." behind, whichever Saturday is nearer
    text = "Come join us Saturday at the park"
    assert found(text, doc=nlp()(text))[0].interval[0][:10] == "2026-11-28"
    text = "Loved seeing everyone Tuesday, what a night"
    assert found(text, doc=nlp()(text))[0].interval[0][:10] == "2026-11-17"


def test_an_amount_s_rate_is_no_time():
    assert found("I earn 40k a year and my rent is £850 a month") == []
    assert [p.text for p in found("I go to the gym twice a week")] == ["twice a week"]
