"""Pattern identifiers: what they find, what they refuse, and exact offsets."""

from __future__ import annotations

import pytest

from osnguard.privacy.identification.patterns import (
    find,
    find_phones,
    iban_valid,
    is_personal_detail,
    luhn_valid,
)


def found(text: str) -> list[tuple[str, str]]:
    phrases = find(text)
    for phrase in phrases:
        assert text[phrase.start : phrase.end] == phrase.text
        assert phrase.detectors == ["pattern"] and phrase.reason
    return [(p.text, p.category) for p in phrases]


def test_checksums() -> None:
    assert luhn_valid("4111 1111 1111 1111")
    assert not luhn_valid("4111 1111 1111 1112")
    assert not luhn_valid("0000 0000 0000 0000")
    assert iban_valid("GB82 WEST 1234 5698 7654 32")
    assert iban_valid("DE89370400440532013000")
    assert not iban_valid("DE89370400440532013001")
    assert not iban_valid("GB82 WEST 1234 5698 7654")  # wrong length for GB


@pytest.mark.parametrize(
    "text, expected",
    [
        ("write to john.doe+tag@example.co.uk today", ("john.doe+tag@example.co.uk", "contact")),
        ("call +1 (415) 555-2671 now", ("+1 (415) 555-2671", "contact")),
        ("call (415) 555-2671 now", ("(415) 555-2671", "contact")),
        ("call 415-555-2671 now", ("415-555-2671", "contact")),
        ("ring +44 20 7946 0958", ("+44 20 7946 0958", "contact")),
        ("see https://example.com/a?b=1.", ("https://example.com/a?b=1", "contact")),
        ("see www.example.org, thanks", ("www.example.org", "contact")),
        ("thanks @bob_1!", ("@bob_1", "identity")),
        ("card 4111-1111-1111-1111 ok", ("4111-1111-1111-1111", "finance")),
        ("pay to DE89 3704 0044 0532 0130 00 please", ("DE89 3704 0044 0532 0130 00", "finance")),
        ("my account number: 12345678", ("12345678", "finance")),
        ("ssn 123-45-6789", ("123-45-6789", "identity")),
    ],
)
def test_finds(text: str, expected: tuple[str, str]) -> None:
    assert found(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        "card 4111 1111 1111 1112 is fake",  # fails Luhn
        "IBAN DE89370400440532013001",  # fails mod-97
        "on 2024-01-05 at 10:30, 15 dollars, room 101, in 1999",
        "version 1.2.3 and 3.14159",
        "ssn 000-12-3456",
    ],
)
def test_refuses_non_identifiers(text: str) -> None:
    assert found(text) == []


def test_email_is_not_also_a_handle_and_offsets_survive_emoji() -> None:
    text = "😀😀 mail bob@example.com or @alice 🇯🇵"
    assert found(text) == [("bob@example.com", "contact"), ("@alice", "identity")]


def test_links_and_handles_are_not_personal_details() -> None:
    by_text = {p.text: p for p in find("@bob see http://x.org or mail a@b.org")}
    assert not is_personal_detail(by_text["@bob"])
    assert not is_personal_detail(by_text["http://x.org"])
    assert is_personal_detail(by_text["a@b.org"])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Moving sale at 4418 Avenue H, Austin TX. furniture", "4418 Avenue H, Austin TX"),
        ("Parcel for me? please leave with No. 24, we're away", "No. 24"),
    ],
)
def test_addresses_written_the_other_way_round_and_neighbours_houses(text, expected) -> None:
    assert [(p.text, str(p.category)) for p in find(text)] == [(expected, "contact")]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a number in a range kept for examples, called a phone by the words before it
        ("call me on +44 7700 900456 after 6pm about the bike", True),
        ("my number is 0161 496 0000", True),
        ("order number 123456789 arrived", False),
    ],
)
def test_a_number_the_words_before_call_a_phone_is_one(text: str, found: bool) -> None:
    assert bool(find_phones(text)) is found
