"""What a named place is to the author, learned from annotated posts: which names it may move
from place to school or health service, and which it leaves alone."""

from __future__ import annotations

import pytest

from osnguard.privacy import resources
from osnguard.privacy.identification import identify, institution_kind
from osnguard.privacy.types import Category, Detector, Phrase

NOW = "2027-03-10T12:00:00"


def categories(text: str, profile: dict | None = None) -> dict[str, str]:
    result = identify(text, profile=profile or {}, now=NOW)
    return {p.text: str(p.category) for p in result.phrases}


def test_it_learns_from_the_probe_posts_and_decides_only_schools_and_care() -> None:
    assert institution_kind.SPEC.data == ("fixtures/evaluation/realistic_probe.jsonl",)
    assert {Category.EDUCATION, Category.HEALTH} == institution_kind.DECIDES
    x, y = institution_kind.training_examples()
    assert len(x) == len(y) >= 400
    assert set(y) <= {str(kind) for kind in institution_kind.KINDS}


@pytest.mark.parametrize(
    ("text", "name", "category"),
    [
        ("viva at Warwick on 3 Dec, the external examiner is coming down from Durham", "Warwick",
         "education"),
        ("wife's waters broke at 3am, we're at the Rosie now", "the Rosie", "health"),
    ],
)  # fmt: skip
def test_a_name_takes_the_relation_its_sentence_says(text: str, name: str, category: str) -> None:
    assert categories(text)[name] == category


def test_a_kind_of_place_after_the_name_or_a_profile_place_stays_a_place() -> None:
    text = "as a wheelchair user the lift at Brunswick station is my nemesis"
    doc = resources.parse(text)
    start = text.index("Brunswick")
    phrase = Phrase(start, start + 9, "Brunswick", Category.LOCATION, "r", 0.9, [Detector.PLACE])
    assert institution_kind.recategorise([phrase], text, doc)[0].category == Category.LOCATION
    text = "physio in Leeds after my knee op"
    doc = resources.parse(text)
    start = text.index("Leeds")
    phrase = Phrase(start, start + 5, "Leeds", Category.LOCATION, "r", 0.9, [Detector.PROFILE])
    assert institution_kind.recategorise([phrase], text, doc)[0].category == Category.LOCATION


def test_the_model_gives_probabilities_of_every_kind() -> None:
    text = "Got my Year 12 results!! Monash here I come"
    doc = resources.parse(text)
    start = text.index("Monash")
    kind, probability = institution_kind.kind_of(text, start, start + 6, doc)
    assert kind in institution_kind.KINDS and 0 < probability <= 1
