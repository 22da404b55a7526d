"""The engine side of the compose review (osnguard.privacy.proposal.review): phrase keys, the author's
choices applied to the group generalizations, stale keys refused, rejected synonyms refused."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from osnguard.privacy.anonymization import GroupSpec
from osnguard.privacy.proposal import (
    RejectingCheck,
    ReviewChoices,
    ReviewedGeneralizer,
    check_degrees,
    phrase_key,
    review_phrases,
)
from osnguard.privacy.types import Phrase, Profile

TEXT = "My hometown is Tokyo. I studied at Harvard University for three years."
PROFILE = Profile.from_dict({"hometown": ["Tokyo"], "education": ["Harvard University"]})
NOW = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)
GROUPS = [GroupSpec("Family", 0), GroupSpec("Friends", 2), GroupSpec("Public", 4)]


def phrase(text: str, category: str) -> Phrase:
    start = TEXT.index(text)
    return Phrase(start, start + len(text), text, category, "test", 1.0)


PHRASES = [
    phrase("Tokyo", "location"),
    phrase("Harvard University", "education"),
    phrase("for three years", "time"),
]


@pytest.fixture(scope="module")
def reviews():
    return review_phrases(TEXT, PHRASES, profile=PROFILE, now=NOW)


def test_phrases_are_keyed_by_their_span(reviews) -> None:
    assert (
        [r.key for r in reviews] == [phrase_key(p) for p in PHRASES] == ["15:20", "35:53", "54:69"]
    )
    time = reviews[2]
    assert time.options[0].text == "for three years" and time.options[-1].kind == "suppression"


def test_choices_apply_to_their_group_only(reviews) -> None:
    choices = ReviewChoices.build(degrees={"Family": {"54:69": len(reviews[2].options) - 1}})
    generalizer = ReviewedGeneralizer(reviews, choices)
    groups = {
        g.name: g for g in generalizer(TEXT, PHRASES, groups=GROUPS, profile=PROFILE, now=NOW)
    }
    assert "three years" not in groups["Family"].text and "Tokyo" in groups["Family"].text
    assert generalizer.degrees["Family"]["54:69"] == len(reviews[2].options) - 1
    assert generalizer.defaults["Family"]["54:69"] == 0


def test_an_edit_wins_for_its_group(reviews) -> None:
    choices = ReviewChoices.build(edits={"Public": "  I went to a university.  "})
    generalizer = ReviewedGeneralizer(reviews, choices)
    groups = {
        g.name: g for g in generalizer(TEXT, PHRASES, groups=GROUPS, profile=PROFILE, now=NOW)
    }
    assert groups["Public"].text == "I went to a university." and groups["Public"].choices == []
    assert generalizer.edited == {"Public"}


@pytest.mark.parametrize(
    ("degrees", "message"),
    [
        ({"Nobody": {"15:20": 1}}, "unknown group"),
        ({"Friends": {"16:20": 1}}, "changed since the review"),
        ({"Friends": {"15-20": 1}}, "not a phrase key"),
        ({"Friends": {"15:999": 1}}, "outside the message"),
        ({"Friends": {"15:20": 99}}, "has options 0.."),
        ({"Friends": {"15:20": True}}, "has options 0.."),
    ],
)
def test_bad_choices_are_clear_errors(reviews, degrees, message) -> None:
    with pytest.raises(ValueError, match=message):
        check_degrees(reviews, degrees, [g.name for g in GROUPS], TEXT)


def test_a_reading_the_phrase_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="has no reading"):
        review_phrases(TEXT, PHRASES, profile=PROFILE, now=NOW, readings={"15:20": "city:0"})


def test_rejected_synonyms_are_refused_and_others_asked_of_the_base_check() -> None:
    asked = []

    def base(left, original, replacement, right):
        asked.append(replacement)
        return True

    check = RejectingCheck(ReviewChoices.build(rejected=[["Studied", " Analyzed "]]).rejected, base)
    assert check(["i"], "studied", "analyzed", ["at"]) is False
    assert check(["i"], "studied", "examined", ["at"]) is True
    assert asked == ["examined"]


def test_the_reviewed_options_are_not_computed_again(reviews, monkeypatch) -> None:
    """The review computes each phrase's options once; the group anonymization reuses them."""
    from osnguard.privacy.anonymization import groups as group_module

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("alternatives() ran a second time")

    monkeypatch.setattr(group_module, "alternatives", refuse)
    choices = ReviewChoices.build(degrees={"Friends": {"15:20": 1}})
    generalizer = ReviewedGeneralizer(reviews, choices)
    groups = generalizer(TEXT, PHRASES, groups=GROUPS, profile=PROFILE, now=NOW)
    assert [g.name for g in groups] == ["Family", "Friends", "Public"]
    assert generalizer.degrees["Friends"]["15:20"] == 1


def test_option_and_reading_offers_keep_their_json_shape(reviews) -> None:
    tokyo = reviews[0]
    first = tokyo.option_dicts()[0]
    assert list(first) == [
        "degree",
        "text",
        "kind",
        "info_loss",
        "k",
        "fre",
        "natural",
        "available",
    ]
    assert first["kind"] == "original" and first["available"] is True
    readings = tokyo.readings_dict()
    assert list(readings) == ["key", "phrase", "reading", "options"]
    assert readings["phrase"] == "Tokyo" and {"key", "description"} == set(readings["options"][0])
