"""Contact details and identifiers can be hidden (anonymization/identifiers.py, issue 14)."""

from __future__ import annotations

from datetime import datetime

import pytest

from osnguard.privacy.anonymization.groups import GroupSpec, anonymize_groups
from osnguard.privacy.anonymization.identifiers import partial_mask
from osnguard.privacy.anonymization.operators import OptionKind, alternatives
from osnguard.privacy.identification.patterns import find
from osnguard.privacy.types import Phrase

NOW = datetime(2026, 3, 2, 12)
GROUPS = [
    GroupSpec("Family", 0),
    GroupSpec("Best friends", 1),
    GroupSpec("Friends", 2),
    GroupSpec("Public", 4),
]


def identifier(text: str) -> Phrase:
    [phrase] = find(text)
    return phrase


@pytest.mark.parametrize(
    ("text", "mask", "described"),
    [
        ("text me on 07911 123456", "07911 …", "my mobile"),  # a UK mobile
        ("call me at 617-555-0123", "617-555-…", "my cell"),  # North America
        ("call me on 0809 555 0123", "0809 555 …", "my line"),  # Nigeria
        ("ring me on +33 6 12 34 56 78", "+33 6 12 …", "my number"),
        ("WhatsApp me +52 55 5555 0199", "+52 55 5555 …", "on my number"),
        ("email jess.tran@gmail.com", "j…@gmail.com", "my Gmail"),
        ("email j.doe@example.org", "j…@example.org", "my email"),
        ("refund to DE44 5001 0517 5407 3249 31 pls", "DE44 …", "my account"),
    ],
)
def test_an_identifier_can_be_masked_or_described(text, mask, described) -> None:
    phrase = identifier(text)
    options = alternatives(text, phrase, profile=None, now=NOW).options
    assert [o.kind for o in options] == [
        OptionKind.ORIGINAL,
        OptionKind.MASK,
        OptionKind.DESCRIPTION,
    ]
    assert [o.text for o in options] == [phrase.text, mask, described]
    assert options[0].info_loss < options[1].info_loss < options[2].info_loss


def test_an_address_gives_way_to_its_area() -> None:
    text = "parcel for 22 Wellington Road, Moseley, thanks"
    phrase = identifier(text)
    options = alternatives(text, phrase, profile=None, now=NOW).options
    assert [(o.text, o.kind) for o in options] == [
        (phrase.text, OptionKind.ORIGINAL),
        ("Moseley", OptionKind.GENERALIZATION),
        ("my address", OptionKind.DESCRIPTION),
    ]
    versions = anonymize_groups(text, [phrase], groups=GROUPS, profile=None, now=NOW)
    assert {v.name: v.text for v in versions}["Best friends"] == "parcel for Moseley, thanks"


def test_a_mask_never_keeps_most_of_a_number() -> None:
    assert partial_mask("phone", "+14155550123") is None  # one group: it would keep it all


def test_only_the_closest_group_gets_contact_details() -> None:
    text = "Dog walker needed: text me on 07911 123456 or email jess.tran@gmail.com"
    versions = anonymize_groups(text, find(text), groups=GROUPS, profile=None, now=NOW)
    by_name = {version.name: version.text for version in versions}
    assert "07911 123456" in by_name["Family"]
    for name in ("Best friends", "Friends", "Public"):
        assert "07911" not in by_name[name] and "jess.tran" not in by_name[name]
        assert "my mobile" in by_name[name] and "my Gmail" in by_name[name]


@pytest.mark.parametrize(
    ("text", "described"),
    [
        ("bank details: IE29 AIBK 9311 5212 3456 78 (Siobhán)", "ask me"),
        ("new number guys!! +353 87 555 0142, delete the old one", "Ask me"),
    ],
)
def test_an_identifier_on_its_own_is_ask_me(text: str, described: str) -> None:
    phrase = identifier(text)
    options = alternatives(text, phrase, profile=None, now=NOW).options
    assert options[-1].text == described


def test_an_address_is_said_by_its_area_and_city_by_default() -> None:
    text = "collect from 14 Elm Road, Didsbury or text me"
    phrase = identifier(text)
    options = alternatives(text, phrase, profile=None, now=NOW).options
    assert [(o.text, o.automatic) for o in options] == [
        (phrase.text, True),
        ("Didsbury", True),
        ("south Manchester", True),
        ("Manchester", True),
        ("England", False),
        ("the UK", False),
        ("my address", False),
    ]
    versions = anonymize_groups(text, [phrase], groups=GROUPS, profile=None, now=NOW)
    assert versions[-1].text == "collect from Manchester or text me"
