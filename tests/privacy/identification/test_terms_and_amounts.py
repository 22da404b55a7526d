"""The lexicon recognizer (terms.py), ages and money (amounts.py), phones and addresses."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from osnguard.privacy.identification import amounts, terms
from osnguard.privacy.identification.patterns import find, find_phones
from osnguard.privacy.types import MessageContext


def found(
    detect: Callable[[MessageContext], list], context: MessageContext
) -> list[tuple[str, str]]:
    return [(p.text, str(p.category)) for p in detect(context)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "second round of chemo done, my oncologist is pleased",
            [("chemo", "health"), ("oncologist", "health")],
        ),
        ("off to shul with my dad", [("shul", "religion"), ("dad", "gender")]),
        (
            "out canvassing for the Lib Dems all weekend",
            [("canvassing", "politics"), ("the Lib Dems", "politics")],
        ),
        ("learning Korean before our trip", [("Korean", "language")]),
        ("so proud to be Nigerian", [("Nigerian", "ethnicity")]),
        # a language one has, a nationality one is
        (
            "I'm Kurdish and my German is better than my Kurmanji",
            [("Kurdish", "ethnicity"), ("German", "language"), ("Kurmanji", "language")],
        ),
        ("my grandma still does the Irish Times crossword", [("grandma", "gender")]),
        # family words of the languages people post in
        ("my patti calls every Sunday", [("patti", "gender")]),
        ("dinner at my khalto's every Thursday", [("khalto", "gender")]),
        ("I'm a nurse on nights", [("nurse", "work"), ("on nights", "work")]),
        (
            "my wife and I came out to my parents",
            [("wife", "relationship"), ("came out", "sexuality")],
        ),
    ],
)
def test_sensitive_words_about_the_author(make_context, text, expected) -> None:
    assert found(terms.detect, make_context(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "his mum runs the bakery",
        "the nurse was lovely",
        "best Thai food in town",
        "came out of the shop and it was raining",
        "Tokyo hosts a Korean film festival",
    ],
)
def test_words_about_someone_else_or_something_else(make_context, text) -> None:
    assert found(terms.detect, make_context(text)) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a first-person post: its sensitive words are the author's even in another clause
        (
            "the divorce is final. he gets the house, I get the dog",
            [("divorce", "relationship")],
        ),
        # words the lexicon does not list, known to WordNet as conditions and procedures
        ("I can't sleep, the insomnia is back", [("insomnia", "health")]),
        ("the twins have chickenpox so I'm stuck at home", [("chickenpox", "health")]),
        ("dentist tmrw at 9", [("dentist", "health")]),
        # "her" is the close person's the sentence names
        (
            "My girlfriend just got into Oxford for her DPhil",
            [("girlfriend", "relationship"), ("DPhil", "education")],
        ),
        # plural of a listed phrase
        ("ran my first 10k with two knee replacements", [("knee replacements", "health")]),
        # a job named alone: "translator life", "junior dev"; not a vacancy
        ("translator life: contracts all day", [("translator", "work")]),
        ("we're hiring a junior analyst, DM me", []),
    ],
)
def test_sensitive_words_in_a_personal_post(make_context, text, expected) -> None:
    assert found(terms.detect, make_context(text)) == expected


def test_a_health_word_that_only_modifies_a_topic_is_not_the_authors(make_context) -> None:
    text = "Reading about the 1918 flu pandemic, the parallels are wild"
    assert found(terms.detect, make_context(text)) == []


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("I make $61k in Manhattan. make it make sense", "$61k"),
        ("Mortgage approved!!! £210k on a 2-bed", "£210k"),
        ("got the offer!! ₹18 LPA + joining bonus, my mom cried", "₹18 LPA"),
        ("my rent went up to 85k a month, moving out in January", "85k a month"),
        ("spare room in our flat, £850 pcm, bills included", "£850 pcm"),
        ("just signed the lease on a 1br!! $1,650/mo, moving in Dec", "$1,650/mo"),
    ],
)
def test_money_of_the_author(make_context, text, amount) -> None:
    assert (amount, "finance") in found(amounts.detect, make_context(text))


def test_thousands_with_no_currency_are_money_only_beside_rent_or_pay(make_context) -> None:
    assert found(amounts.detect, make_context("I ran 5k a week for a year")) == []


@pytest.mark.parametrize(
    ("text", "age"),
    [
        ("officially 30 today 🎉 thank u all for the bday msgs", "30"),
        ("Hong Kong born ('89), raised in Auckland, and I still get asked", "'89"),
        ("happy 40th to me! dinner at 7:30 if anyone's free", "40th"),
        ("40 today and feeling it", "40"),
    ],
)
def test_ages_as_posts_say_them(make_context, text, age) -> None:
    assert (age, "age") in found(amounts.detect, make_context(text))


@pytest.mark.parametrize(
    "text",
    ["happy 5th anniversary my love", "happy 4th of July everyone", "12 today, what a run"],
)
def test_ordinals_and_counts_that_are_no_age(make_context, text) -> None:
    assert not any(category == "age" for _, category in found(amounts.detect, make_context(text)))


def test_ages_and_money_of_the_author(make_context) -> None:
    text = "Just turned 34 and still paying £1,200 rent for a box room"
    assert found(amounts.detect, make_context(text)) == [
        ("turned 34", "age"),
        ("£1,200", "finance"),
    ]
    assert found(amounts.detect, make_context("I'm 5 minutes away, grab me a £4 coffee")) == []
    assert found(amounts.detect, make_context("you can retire at 67 in the UK")) == []


def test_phone_numbers_in_national_and_international_formats() -> None:
    text = "call me on 07700 900461 or +353 87 555 0142, fr: 06 12 34 56 78"
    assert [text[s:e] for s, e in find_phones(text)] == [
        "07700 900461",
        "+353 87 555 0142",
        "06 12 34 56 78",
    ]
    assert find_phones("in 2019 I paid 12000 for it") == []


def test_street_addresses_are_one_contact_phrase() -> None:
    text = "we moved into 14 Rosebery Ave, Partick last week"
    assert [(p.text, str(p.category)) for p in find(text)] == [
        ("14 Rosebery Ave, Partick", "contact")
    ]
    assert find("paid 12 quid on the street") == []


def test_words_that_belong_to_the_profile_are_linked_with_the_reason(make_context) -> None:
    context = make_context("long night at my station", profile={"work": ["Firefighter"]})
    [phrase] = terms.detect(context)
    assert (phrase.text, str(phrase.category)) == ("station", "work")
    assert "Firefighter" in phrase.reason
    religious = make_context("off to shul with the kids", profile={"religion": ["Jewish"]})
    assert [(p.text, str(p.category)) for p in terms.detect(religious)] == [("shul", "religion")]
    assert terms.detect(make_context("long night at my station")) == []


def test_a_question_about_anyone_elses_condition_is_the_authors_too() -> None:
    from osnguard.privacy.identification import identify

    found = identify("anyone else's sertraline make them yawn? I'm a zombie", profile={})
    assert ("sertraline", "health") in [(p.text, str(p.category)) for p in found.phrases]
    # (a first name's own condition is a close person's, as in "Ella's got chickenpox"; a
    # pronoun's is someone else's)
    other = identify("His sertraline makes him yawn, I'm told", profile={})
    assert "sertraline" not in [p.text for p in other.phrases]


def test_a_condition_in_a_post_whose_author_speaks_without_a_pronoun() -> None:
    from osnguard.privacy.identification import identify

    found = identify("3am and still awake. insomnia is winning tonight", profile={})
    assert ("insomnia", "health") in [(p.text, str(p.category)) for p in found.phrases]


def test_a_people_in_two_words_is_one_phrase(make_context) -> None:
    text = "As a Black British woman I was asked where I'm really from"
    assert ("Black British", "ethnicity") in found(terms.detect, make_context(text))
