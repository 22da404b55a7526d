"""Airports by the names people call them (osnguard/privacy/airports.py)."""

from __future__ import annotations

import pytest

from osnguard.privacy import airports
from osnguard.privacy.anonymization.schemas import generalization_chain
from osnguard.privacy.types import Category, Phrase, Profile


@pytest.mark.parametrize(
    ("name", "city"),
    [
        ("Heathrow", "London"),
        ("the Heathrow", "London"),
        ("Stansted", "London"),  # the city, not the City of London nearer to it
        ("JFK", "New York City"),
        ("O'Hare", "Chicago"),
        ("Schiphol", "Amsterdam"),
        ("Kingsford Smith", "Sydney"),
    ],
)
def test_an_airport_is_found_by_its_own_name_and_serves_its_city(name: str, city: str) -> None:
    airport = airports.find_airport(name)
    assert airport is not None
    served = airports.served_city(airport)
    assert served is not None and served.name == city


@pytest.mark.parametrize(
    "name",
    [
        "Liberty",  # an English word (Newark Liberty)
        "Midway",
        "Newark",  # a city of its own
        "heathrow",  # names are capitalised
        "CEO",  # capitals that are no international airport's code
        "NHS",
        "jfk",
    ],
)
def test_words_towns_and_other_capitals_are_no_airport(name: str) -> None:
    assert airports.find_airport(name) is None


def _chain(name: str, context: str, profile: Profile | None = None) -> list[str]:
    start = context.index(name)
    found = Phrase(start, start + len(name), name, Category.LOCATION, "test", 0.9)
    chain = generalization_chain(found, context_text=context, profile=profile or Profile())
    return [level.text for level in chain.levels]


def test_an_airport_generalizes_to_the_city_it_serves() -> None:
    # not Heathrow, Florida (6,000 people), the gazetteer's only "Heathrow"
    assert _chain("Heathrow", "we fly out of Heathrow on Saturday")[1:3] == ["London", "England"]
    # a message in the town's country reads the town
    florida = Profile.from_dict({"current_city": ["Orlando"]})
    assert "London" not in _chain("Heathrow", "back home in Heathrow tonight", florida)
