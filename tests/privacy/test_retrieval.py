"""The screening index: exact shortlists (every text the pre-check could pass), updates, persistence."""

from __future__ import annotations

import random

import pytest

from osnguard.privacy.retrieval import ScreeningIndex, lexical_overlap, terms
from osnguard.privacy.types import Version

MESSAGES = {
    "m1": [
        "We finally moved to Boston after three long years in Denver",
        "We eventually relocated to Boston after three long years in Denver",
    ],
    "m2": [
        "My sister starts chemotherapy at the clinic on Monday morning",
        "My sister begins chemotherapy at the hospital on Monday morning",
    ],
    "m3": [
        "The quarterly report shows revenue fell sharply in Europe",
        "The quarterly report shows sales dropped sharply in Europe",
    ],
}


@pytest.fixture
def index() -> ScreeningIndex:
    built = ScreeningIndex()
    for message_id, texts in MESSAGES.items():
        built.add(message_id, [Version(f"f{i}", "g", t) for i, t in enumerate(texts)])
    return built


def test_shortlists_verbatim_edited_and_partial_leaks(index):
    assert (
        index.shortlist("We eventually relocated to Boston after three long years in Denver")[0]
        == "m1"
    )
    assert "m2" in index.shortlist(
        "omg my sister begins chemo at the hospital on monday morning :("
    )
    assert index.shortlist("revenue fell sharply in Europe") == ["m3"]  # a partial quote


def test_unrelated_text_is_not_shortlisted(index):
    assert index.shortlist("Great game last night, what a finish by the home team") == []
    assert index.shortlist("") == []


def test_shortlist_never_misses_a_message_the_precheck_passes(index):
    # Recall against the exhaustive pre-check on random word salads of the stored versions.
    rng = random.Random(3)
    vocabulary = [
        *" ".join(t for texts in MESSAGES.values() for t in texts).split(),
        "lol",
        "today",
        "news",
    ]
    for _ in range(300):
        text = " ".join(rng.sample(vocabulary, rng.randint(2, 12)))
        text_terms = terms(text)
        exhaustive = {
            mid
            for mid, texts in MESSAGES.items()
            if any(lexical_overlap(text_terms, terms(t))[0] for t in texts)
        }
        assert exhaustive <= set(index.shortlist(text)), text


def test_remove_and_readd(index):
    index.remove("m3")
    assert "m3" not in index and index.shortlist("revenue fell sharply in Europe") == []
    index.remove("unknown")  # ignored
    index.add("m3", MESSAGES["m3"])  # plain texts are accepted too
    assert index.shortlist("revenue fell sharply in Europe") == ["m3"]
    index.add("m3", ["Something else entirely about gardening tomatoes"])  # re-index replaces
    assert index.shortlist("revenue fell sharply in Europe") == []
    assert len(index) == 3


def test_round_trips_through_bytes(index):
    data = index.to_bytes()
    restored = ScreeningIndex.from_bytes(data)
    assert len(restored) == len(index)
    for text in (
        "we relocated to Boston after three years in Denver",
        "sales dropped sharply in Europe",
    ):
        assert restored.shortlist(text) == index.shortlist(text)


def test_bad_input_is_a_clear_error(index):
    with pytest.raises(ValueError, match="no versions"):
        index.add("m4", [])
    with pytest.raises(ValueError, match="not a serialised"):
        ScreeningIndex.from_bytes(b"garbage")
    bad = ScreeningIndex()
    bad.add(("tuple", "id"), ["some words about something"])
    with pytest.raises(ValueError, match="strings or integers"):
        bad.to_bytes()
