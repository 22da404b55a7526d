"""The shared notion of author reference: who a clause speaks of."""

from __future__ import annotations

import pytest

from osnguard.privacy import resources
from osnguard.privacy.author import AuthorReference, author_reference, speaks_of_author

A = AuthorReference


def reference(text: str, phrase: str, *, parsed: bool = True) -> AuthorReference | None:
    start = text.index(phrase)
    doc = resources.parse(text) if parsed else None
    return author_reference(text, start, start + len(phrase), doc)


@pytest.mark.parametrize(
    ("text", "phrase", "expected"),
    [
        ("gym every monday at 6am", "at 6am", A.SUBJECTLESS),
        ("off to the lake every other weekend", "every other weekend", A.SUBJECTLESS),
        ("school run at 8, then yoga till 10", "till 10", A.SUBJECTLESS),
        ("we're flying out on the 12th", "on the 12th", A.WE),
        ("Had my second scan this morning", "this morning", A.FIRST_PERSON),
        ("mum is in hospital till Friday", "till Friday", A.CLOSE_PERSON),
        ("the kids start school on Monday", "on Monday", A.CLOSE_PERSON),
        ("Tokyo was founded in 1603 and I moved there in 2010", "in 2010", A.FIRST_PERSON),
        ("see you at 10AM", "at 10AM", A.IMPERATIVE),
        # a fragment the parser hangs on the next clause is still a fragment
        (
            "night shift at Kenyatta A&E from 8pm to 8am, then a lecture. medicine is a cult",
            "from 8pm to 8am",
            A.SUBJECTLESS,
        ),
        # the subject's head noun decides, not the last word under it
        ("night shift at the hospital starts at 8", "at 8", A.CLOSE_PERSON),
        # an event of the author's life a post announces
        ("redundancy confirmed today after 11 years", "today", A.CLOSE_PERSON),
        # "she" in a post about the author's newborn, a treatment as a post's subject
        ("newborn life. she was born at 4:12am at the Rosie", "at 4:12am", A.CLOSE_PERSON),
        ("Chemo round 4 of 6 done this morning", "this morning", A.CLOSE_PERSON),
        # an event's name the parser split into a subject and a verb
        (
            "Karura forest run every Saturday 6:30am, meet at Gate A",
            "every Saturday",
            A.SUBJECTLESS,
        ),
    ],
)
def test_clauses_about_the_author(text: str, phrase: str, expected: AuthorReference) -> None:
    assert reference(text, phrase) == expected


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("Tokyo was founded in 1603", "in 1603"),
        ("Tokyo was founded in 1603 and I moved there in 2010", "in 1603"),
        ("it is rainy tomorrow", "tomorrow"),
        ("polling day is Thursday", "Thursday"),
        ("RSVP by Sunday", "by Sunday"),
        ("his mum is visiting next week", "next week"),
        ("The concert starts at 8pm", "at 8pm"),
        ("Apple announced a new phone on Tuesday", "on Tuesday"),
        ("Delta lost 3,000 bags at Detroit airport this week, impressive", "this week"),
        # "she" of someone else's relative, of a public figure
        ("his mum is visiting, she arrives at 6", "at 6"),
        ("Taylor Swift was amazing, she played for 3 hours", "for 3 hours"),
    ],
)
def test_clauses_about_someone_else(text: str, phrase: str) -> None:
    assert reference(text, phrase) is None


def test_without_a_parse_only_first_person_words_count() -> None:
    assert reference("We land in Oslo on Friday. It rains", "Oslo", parsed=False) == A.WE
    assert reference("We land on Friday. It rains in Oslo", "Oslo", parsed=False) is None
    assert reference("Flights to the US are cheap", "US", parsed=False) is None


def test_a_message_speaks_of_its_author() -> None:
    assert speaks_of_author("gym every monday at 6am", resources.parse("gym every monday at 6am"))
    fact = "Tokyo is the capital of Japan."
    assert not speaks_of_author(fact, resources.parse(fact))
