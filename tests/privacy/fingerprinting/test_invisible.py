"""The invisible fingerprint layer (fingerprinting/invisible.py) and its use in posting and
attribution (issue 15)."""

from __future__ import annotations

import random
import unicodedata

import pytest

from osnguard.privacy.attribution import attribute
from osnguard.privacy.fingerprinting import invisible
from osnguard.privacy.proposal import anonymize

TEXT = "Had my second chemo session at Dana-Farber this morning, my oncologist says it's shrinking"


def test_a_code_round_trips_and_the_text_looks_the_same() -> None:
    marked, _ = invisible.embed(TEXT, 4321)
    assert marked != TEXT
    assert invisible.strip(marked) == TEXT
    assert invisible.spoken(marked) == TEXT  # what a screen reader or text-to-speech reads
    assert invisible.read(marked).code == 4321
    # only default-ignorable format characters are added, each after a word's last letter
    added = [ch for ch in marked if ch not in TEXT]
    assert added and all(unicodedata.category(ch) == "Cf" for ch in added)
    for i, ch in enumerate(marked):
        if ch in invisible.SYMBOLS:
            before = invisible.strip(marked[:i])
            assert before[-1:].isalpha()  # after a letter: no new line-break opportunity


def test_nfkc_keeps_the_marks_but_removing_format_characters_strips_them() -> None:
    marked, _ = invisible.embed(TEXT, 99)
    assert invisible.read(unicodedata.normalize("NFKC", marked)).code == 99
    stripped = "".join(ch for ch in marked if unicodedata.category(ch) != "Cf")
    assert invisible.read(stripped) == invisible.Reading(None, 0)


@pytest.mark.parametrize("code", [0, 1, 150, 65_535])
def test_partial_quotes_and_light_edits_still_decode(code: int) -> None:
    marked, _ = invisible.embed(TEXT, code)
    words = marked.split(" ")
    assert invisible.read(" ".join(words[3:8])).code == code  # five consecutive words
    edited = marked.replace("second", "2nd").replace("Had", "had")  # two words retyped
    assert invisible.read("omg " + edited + " 😢").code == code
    assert invisible.read(" ".join(reversed(words))).code == code  # clauses reordered


def test_a_short_post_carries_the_whole_code() -> None:
    marked, _ = invisible.embed("Congrats Ama!", 777)
    assert invisible.read(marked).code == 777
    assert invisible.embed("🎉🎉", 777) == ("🎉🎉", [])  # no word: nothing to carry it


def test_random_marks_do_not_pass_for_a_code() -> None:
    rng = random.Random(5)
    false = 0
    for _ in range(2000):
        noise = "".join(
            rng.choice("ab ") + "".join(rng.choice(invisible.SYMBOLS) for _ in range(5))
            for _ in range(8)
        )
        false += invisible.read(noise).code is not None
    assert false <= 2  # the CRC-16 lets about 1 in 65,536 through per candidate tried


def test_bad_codes_are_clear_errors() -> None:
    for bad in (-1, 65_536, "7", True, None):
        with pytest.raises(ValueError, match="whole number"):
            invisible.embed(TEXT, bad)  # type: ignore[arg-type]


def test_offsets_move_with_the_marks_and_choices_stay_whole() -> None:
    marked, inserted = invisible.embed(TEXT, 5, keep_whole=[(7, 20)])  # "second chemo "
    start, end = invisible.shift(7, inserted), invisible.shift(19, inserted, end=True)
    assert marked[start:end] == "second chemo"
    assert invisible.unshift(start, marked) == 7 and invisible.unshift(end, marked) == 19


GROUPS = [
    {"name": "Friends", "level": 2, "friends": ["ann", "bob", "cat"]},
    {"name": "Public", "level": 4, "friends": ["dan", "eve"]},
]


@pytest.fixture(scope="module")
def versions() -> list:
    return anonymize(TEXT, profile={}, now="2026-11-25T10:00:00", groups=GROUPS).versions


def test_every_version_carries_its_own_code_and_its_choices_read_as_written(versions) -> None:
    codes = [invisible.read(v.text).code for v in versions]
    assert None not in codes and len(set(codes)) == len(versions)
    for version in versions:
        for choice in version.choices:
            assert version.text[choice.start : choice.end] == choice.text


def test_the_author_can_leave_the_layer_out() -> None:
    plain = anonymize(
        TEXT, profile={}, now="2026-11-25T10:00:00", groups=GROUPS, invisible=False
    ).versions
    assert all(invisible.read(v.text).chunks == 0 for v in plain)


def test_attribution_names_the_friend_whose_marks_a_copy_carries(versions) -> None:
    eve = next(v for v in versions if v.friend == "eve")
    quote = " ".join(eve.text.split(" ")[2:9])
    result = attribute(versions, f"look what someone posted: {quote}", lexical_only=True)
    assert result.verdict == "friend" and result.friend == "eve"
    assert result.layers[0] == "invisible" and "invisible fingerprint" in result.explanation
    # the same words without the marks: the layer is gone, only the wording is read
    bare = attribute(versions, invisible.strip(quote), lexical_only=True)
    assert "invisible" not in bare.layers and bare.friend in (None, "eve")


def test_marks_of_another_message_name_no_one(versions) -> None:
    other, _ = invisible.embed("Totally different words about the weather today", 3)
    result = attribute(versions, other, lexical_only=True)
    assert result.friend is None and not result.disclosure


def test_a_copy_that_lost_its_marks_needs_a_larger_margin_to_name_anyone(versions) -> None:
    from osnguard.privacy.attribution.decide import STRIPPED_FRIEND_MARGIN

    eve = next(v for v in versions if v.friend == "eve")
    result = attribute(versions, invisible.strip(eve.text), lexical_only=True)
    assert result.verdict != "friend" or result.margin >= STRIPPED_FRIEND_MARGIN - 1e-6
    if result.verdict != "friend":
        assert "lost the invisible marks" in result.explanation or result.verdict == "undetermined"
