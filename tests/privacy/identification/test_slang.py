"""Slang/typo normalisation (SPEC §1.4 step 2) and its offset map back to the typed text."""

from __future__ import annotations

import pytest

from osnguard.privacy.identification.slang import dictionary, normalise


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        # thesis §3.2.1: the seed's three examples and their normalised forms
        (
            "How manyy time I’ll tell that I’m not froom California?",
            "How many time I'll tell that I'm not from California?",
        ),
        ("I raelly want to fly out to Los Angeles", "I really want to fly out to Los Angeles"),
        (
            "I live in Seattle, do you knoww what station",
            "I live in Seattle, do you know what station",
        ),
        ("im flying 2 Chicago 2morrow w/ u", "I'm flying 2 Chicago tomorrow with you"),
        ("soooo tired", "so tired"),
    ],
)
def test_normalises_slang_typos_and_elongations(typed: str, expected: str) -> None:
    assert normalise(typed).text == expected


def test_leaves_standard_english_and_names_alone() -> None:
    text = "Meet me at Booth Street in Aachen, we will have coffee."
    result = normalise(text)
    assert result.text == text
    assert not result.changed


def test_keeps_the_users_capitalisation() -> None:
    assert normalise("U R GR8").text == "You Are GREAT"  # one capital letter is not shouting
    assert normalise("Tmrw I go").text == "Tomorrow I go"


def test_spans_map_back_to_the_typed_text() -> None:
    typed = "im at the airport in Boston w/ u 2morrow"
    result = normalise(typed)
    start = result.text.index("Boston")
    mapped = result.to_original(start, start + len("Boston"))
    assert typed[slice(*mapped)] == "Boston"
    start = result.text.index("tomorrow")
    assert typed[slice(*result.to_original(start, start + len("tomorrow")))] == "2morrow"
    # a span covering part of a replaced word widens to the whole typed word
    start = result.text.index("with")
    assert typed[slice(*result.to_original(start, start + 2))] == "w/"


def test_whole_text_maps_to_whole_text() -> None:
    typed = "u r soooo late lol"
    result = normalise(typed)
    assert result.to_original(0, len(result.text)) == (0, len(typed))


def test_bad_input_gets_a_clear_error() -> None:
    with pytest.raises(ValueError, match="string"):
        normalise(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="outside"):
        normalise("hi").to_original(0, 99)


def test_dictionary_has_no_ambiguous_common_words() -> None:
    entries = dictionary()
    assert entries["2morrow"] == "tomorrow"
    for ambiguous in ("ill", "wit", "cause", "4"):
        assert ambiguous not in entries


def test_empty_emoji_and_right_to_left_text() -> None:
    for text in ("", "😀🎉", "שלום עולם", "مرحبا"):
        assert normalise(text).text == text
