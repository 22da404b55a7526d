"""The recognizers of named places, institutions and people (named.py)."""

from __future__ import annotations

import pytest

from osnguard.privacy.identification import named
from osnguard.privacy.types import MessageContext


def found(context: MessageContext) -> list[tuple[str, str]]:
    phrases = [
        *named.detect_places(context),
        *named.detect_institutions(context),
        *named.detect_people(context),
    ]
    return sorted((p.text, str(p.category)) for p in phrases)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the head word says what the institution is
        ("second chemo session at Dana-Farber Cancer Institute today", "health"),
        ("I graduated from Leeds Beckett University", "education"),
        # what the author does there
        ("my manager at Lidl is a nightmare", "work"),
        ("leaving Sky after 11 years, last day Friday", "work"),
        ("I'm at the Kraków office of Motorola Solutions til 6", "work"),
        # ... or after it
        ("My girlfriend just got into Oxford for her DPhil", "education"),
        ("visiting my aunt at LUTH every afternoon till she's discharged", "health"),
        ("find me at the Valley Coles where I work lol", "work"),
        ("moving into halls at UoM on 20th Sept!!!", "education"),
        ("being the only Igbo girl in my class at UNILAG", "education"),
        ("12 week scan at the Rotunda on Monday 🤞", "health"),
        # parties after what one does for them
        ("I'm canvassing for the PP this weekend", "politics"),
        # the nearest word of what one does there decides
        (
            "passed my B2! 3 years of evening classes at the Instituto Cervantes paid off",
            "education",
        ),
        ("on the waiting list for an assessment at the Maudsley for 2 years", "health"),
        ("Been at Atlassian for 5 years and just got laid off", "work"),
        # a hospital named after someone, in a post that leaves its author unsaid
        ("Dialysis 3 times a week at Guy's is exhausting", "health"),
        # a spin class is taken at a gym, no school
        ("every Tuesday 6-7am my spin class at the Third Space in Soho", "location"),
        # a town hall is a place, whatever one does there
        ("citizen after 10 years here, ceremony at Croydon town hall", "location"),
    ],
)
def test_institutions_take_the_authors_relation(make_context, text, expected) -> None:
    categories = {category for _, category in found(make_context(text))}
    assert expected in categories


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # head words that start or end with an s, plurals and possessives
        ("new job starts Monday, Barrow Street here I come", ("Barrow Street", "location")),
        ("£210k on a 2-bed in Salford Quays, I'm so happy", ("Salford Quays", "location")),
        ("we brought you home from St Thomas' Hospital ten years ago", None),
        # a town after "in" stays a place whatever the author does there
        ("my daughter is learning BSL at night classes in Hove", ("Hove", "location")),
        ("Lagos traffic no get respect, I'm stuck again", ("Lagos", "location")),
        # a street corner is one place; a name before "site" names a place, not a person
        ("if he shows up near Cedar Ave & 21st call me", ("Cedar Ave & 21st", "location")),
        (
            "back on the tools till 3, Barangaroo site is cooked, if I survive",
            ("Barangaroo", "location"),
        ),
    ],
)
def test_place_names(make_context, text, expected) -> None:
    result = found(make_context(text))
    if expected is None:
        assert any(category == "health" for _, category in result)
    else:
        assert expected in result


def test_places_and_people_of_a_first_person_post(make_context) -> None:
    text = "post-op day 3 after my surgery. the nurses at the Marsden Hospital are angels"
    assert ("the Marsden Hospital", "health") in found(make_context(text))
    text = "we're flying to Mykonos on Friday. Jake and I can't wait"
    result = found(make_context(text))
    assert ("Mykonos", "location") in result
    assert ("Jake", "identity") in result


@pytest.mark.parametrize(
    "text",
    [
        "Tokyo was founded in 1603",
        "Apple announced a new phone today",
        "King Charles opened the new wing",
    ],
)
def test_names_in_posts_about_the_world_are_not_private(make_context, text) -> None:
    assert found(make_context(text)) == []


def test_kin_names_are_people_and_pets_are_not(make_context) -> None:
    assert ("Amara", "identity") in found(make_context("Happy birthday to my baby girl Amara 🎀"))
    assert found(make_context("lost our cat near the park, she's Miso 🐱 pls share")) == []


def test_names_people_introduce_and_account_holders(make_context) -> None:
    text = "new number guys!! delete the old one. ps it's Aoife from the choir"
    assert ("Aoife", "identity") in found(make_context(text))
    text = "to contribute to my mum's funeral costs: IE29 AIBK 9311 5212 3456 78 (Siobhán Byrne)"
    assert ("Siobhán Byrne", "identity") in found(make_context(text))


def test_greetings_are_no_names_and_the_person_wished_is_one(make_context) -> None:
    assert found(make_context("Merry Xmas from all of us 🎄")) == []
    # "Amara" is also a town in Iraq: after "birthday" it is the person wished
    assert found(make_context("happy birthday Amara!! love you")) == [("Amara", "identity")]
    # capitalised days are times, not an institution's name
    text = "my wife's dialysis moved to Tuesdays and Thursdays at 7am"
    assert found(make_context(text)) == []
    # a place that says which home is the author's, whether or not the gazetteer knows it
    assert found(make_context("spare room in our Hackney flat, DM me")) == [("Hackney", "location")]


def test_a_polling_station_is_a_place_not_a_party(make_context) -> None:
    result = found(make_context("Voted at Kilimani Primary this morning, 3 hour queue"))
    assert all(category != "politics" for _, category in result)
