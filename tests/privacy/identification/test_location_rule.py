"""The private-location rule (SPEC §1.4, thesis §3.2): the seed's examples and the extensions."""

from __future__ import annotations

import pytest

from osnguard.privacy.identification import location_rule

T1 = "How manyy time I’ll tell that I’m not froom California?"
T2 = "I raelly want to fly out to Los Angeles and meet all the amazing people/artists out there."
T3 = "I live in Seattle, do you knoww what station is showing your new show?"


def places(make_context, text: str, detector=location_rule.detect) -> list[str]:
    return [p.text for p in detector(make_context(text))]


def test_t3_i_live_in_seattle_is_flagged_with_reason(make_context) -> None:
    phrases = location_rule.detect(make_context(T3))
    assert len(phrases) == 1
    phrase = phrases[0]
    assert (phrase.start, phrase.end, phrase.text) == (10, 17, "Seattle")
    assert phrase.category == "location"
    assert phrase.detectors == ["location_rule"]
    assert "Seattle" in phrase.reason and "where you" in phrase.reason
    assert 0 < phrase.confidence <= 1


@pytest.mark.parametrize(
    "text", [T1, T2, "I'm not from California", "I want to fly out to Los Angeles"]
)
def test_seed_negative_examples_are_not_flagged(make_context, text: str) -> None:
    assert places(make_context, text) == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("When you come ATLANTA, I’ll make sure you meet all of them.", "ATLANTA"),  # thesis §3.2.3
        ("If you're ever in Orlando, I'll buy you a drink", "Orlando"),
        (
            "We in Brazil we cannot wait to watch your movie, we are very anxious!",
            "Brazil",
        ),  # §3.2.4
        ("come visit us in Dallas, we have a spare room", "Dallas"),
        ("My family and I moved to Oakland in June", "Oakland"),
        ("just landed! I'm finally in Denver for the week", "Denver"),
        ("I'm working in Manchester this week so no gym for me", "Manchester"),
        ("im at the airport in Boston waiting for my delayed flight", "Boston"),
        ("i live in seattle lol", "seattle"),  # lower case: NER misses it, the gazetteer does not
        (
            "I ran the marathon in Chicago this morning",
            "Chicago",
        ),  # an event the user takes part in
        ("I'm so happy to be back in Toronto", "Toronto"),
        ("We drove up to Montreal for the jazz festival", "Montreal"),
    ],
)
def test_extended_rule_finds_the_users_places(make_context, text: str, place: str) -> None:
    assert places(make_context, text) == [place]


@pytest.mark.parametrize(
    "text",
    [
        "I Love Lucy is on again, and they’re still on their way to California.",  # §3.2.3
        "I wish I could teleport to South Beach.",  # §3.2.3 indirect inference
        "I need to go to Bank of America!",  # an organisation, not a place
        "Tokyo is the capital of Japan",
        "I'd love to move to Florida someday",
        "She just moved to Nashville and I'm so jealous",
        "I've never been to London",
        "I'm sending a package to Germany",
        "I bought a shirt made in Mexico",
        "I am rooting for Argentina tonight",  # "for" is a destination only after motion verbs
        "I'm praying for everyone in Haiti",
        "I need a vacation in Greece",
    ],
)
def test_extended_rule_leaves_other_places_alone(make_context, text: str) -> None:
    assert places(make_context, text) == []


def test_offsets_refer_to_the_text_as_typed_after_normalisation(make_context) -> None:
    text = "omg im flyin to Chicago 2morrow!!"
    [phrase] = location_rule.detect(make_context(text))
    assert text[phrase.start : phrase.end] == phrase.text == "Chicago"
    assert "going to Chicago" in phrase.reason


def test_seed_rule_as_published(make_context) -> None:
    assert places(make_context, T3, location_rule.detect_seed) == ["Seattle"]
    assert places(make_context, T1, location_rule.detect_seed) == []
    assert places(make_context, T2, location_rule.detect_seed) == []
    # the error the thesis reports (§3.2.3): the window "I could teleport to South Beach" passes
    assert places(
        make_context, "I wish I could teleport to South Beach.", location_rule.detect_seed
    ) == ["South Beach"]


@pytest.mark.parametrize("text", ["", "   ", "😀🎉🔥", "שלום, אני גר בתל אביב"])
def test_empty_emoji_and_foreign_text_give_no_phrases(make_context, text: str) -> None:
    assert location_rule.detect(make_context(text)) == []


def test_non_english_messages_are_skipped(make_context) -> None:
    assert location_rule.detect(make_context("I live in Seattle", language="de")) == []


def test_verb_classes_come_from_wordnet_lexnames() -> None:
    assert location_rule.is_private_verb("live") and location_rule.is_private_verb("fly")
    assert location_rule.is_non_private_verb("want") and location_rule.is_non_private_verb("buy")
    assert not location_rule.is_non_private_verb("go")
