"""Profile-linked phrases (SPEC §1.3, thesis §3.1 step 2, Table 3.1)."""

from __future__ import annotations

import itertools

from osnguard.privacy.identification import profile_link

THESIS_BLOG = (
    "My hometown is Tokyo. My favorite food is sushi. After graduating from Tokyo University, "
    "I studied at Harvard University for three years as a computer science major."
)


def found(make_context, text: str, profile: dict) -> dict[str, object]:
    return {p.text: p for p in profile_link.detect(make_context(text, profile=profile))}


def test_thesis_example_gives_tokyo_and_harvard_university(make_context) -> None:
    phrases = found(
        make_context, THESIS_BLOG, {"hometown": ["Tokyo"], "education": ["Harvard University"]}
    )
    assert "Tokyo" in phrases and "Harvard University" in phrases
    tokyo, harvard = phrases["Tokyo"], phrases["Harvard University"]
    assert (tokyo.category, tokyo.attribute, tokyo.detectors) == (
        "location",
        "hometown",
        ["profile"],
    )
    assert (harvard.category, harvard.attribute) == ("education", "education")
    assert harvard.reason == "Your profile says you studied at Harvard University."
    assert THESIS_BLOG[harvard.start : harvard.end] == "Harvard University"
    assert harvard.confidence == 1.0


def test_a_friend_swapping_in_a_related_phrase_is_still_caught(make_context) -> None:
    text = "Had a blast in Shinjuku last night, then back to Harvard for class"
    phrases = found(
        make_context, text, {"hometown": ["Tokyo"], "education": ["Harvard University"]}
    )
    assert phrases["Shinjuku"].attribute == "hometown"
    assert "Shinjuku is in Tokyo" in phrases["Shinjuku"].reason
    assert phrases["Harvard"].attribute == "education"
    assert THRESHOLD_OK(phrases["Shinjuku"].confidence)


def THRESHOLD_OK(confidence: float) -> bool:
    from osnguard.privacy.identification.relatedness import THRESHOLD

    return THRESHOLD <= confidence <= 1.0


def test_unrelated_places_and_generalisations_are_not_linked(make_context) -> None:
    profile = {"hometown": ["Tokyo"], "interests": ["sushi"]}
    assert found(make_context, "Paris is lovely and the food is great", profile) == {}


def test_categories_follow_the_profile_attribute(make_context) -> None:
    profile = {
        "religion": ["Buddhism"],
        "languages": ["French"],
        "work": ["Google"],
        "sports": ["soccer"],
    }
    phrases = found(make_context, "As a Buddhist I speak French at Google and play soccer", profile)
    assert phrases["Buddhist"].category == "religion"
    assert phrases["French"].category == "language"
    assert phrases["Google"].category == "work"
    assert phrases["soccer"].attribute == "sports"


def test_birthday_and_age_are_found(make_context) -> None:
    # conftest's fixed "now" is 2024-05-01, so someone born 1990-05-12 is 33
    text = "Party on May 12 for my birthday, can't believe I'm 33 years old"
    phrases = found(make_context, text, {"birthday": ["1990-05-12"]})
    assert phrases["May 12"].category == "age"
    assert "33 years old" in phrases


def test_relationship_words_are_found(make_context) -> None:
    phrases = found(make_context, "Dinner with my husband tonight", {"relationship": ["Married"]})
    assert phrases["husband"].category == "relationship"


def test_no_profile_no_phrases(make_context) -> None:
    assert profile_link.detect(make_context(THESIS_BLOG)) == []
    assert profile_link.detect(make_context("", profile={"hometown": ["Tokyo"]})) == []
    assert profile_link.detect(make_context("😀 שלום", profile={"hometown": ["Tokyo"]})) == []


def test_phrases_do_not_overlap_and_offsets_match(make_context) -> None:
    profile = {"hometown": ["Tokyo"], "education": ["Harvard University"], "interests": ["sushi"]}
    phrases = profile_link.detect(make_context(THESIS_BLOG, profile=profile))
    for phrase in phrases:
        assert THESIS_BLOG[phrase.start : phrase.end] == phrase.text
    spans = sorted((p.start, p.end) for p in phrases)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))


def test_common_words_are_not_mistaken_for_a_home_town(make_context) -> None:
    profile = {"current_city": ["Reading"], "hometown": ["Nice"]}
    assert found(make_context, "I'm reading a nice book", profile) == {}
    phrases = found(make_context, "Back in Reading after a week in Nice", profile)
    assert phrases["Reading"].attribute == "current_city"
    assert phrases["Nice"].attribute == "hometown"


def test_place_aliases_are_explained_with_the_names_as_written(make_context) -> None:
    phrases = found(make_context, "Heading back to NYC tonight", {"current_city": ["New York"]})
    assert "“NYC” and “New York” name the same place" in phrases["NYC"].reason
