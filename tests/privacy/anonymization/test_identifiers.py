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
        ("text me on 07911 123456", "07911 …", "my number"),
        ("call me at 617-555-0123", "617-555-…", "my number"),
        ("email jess.tran@gmail.com", "j…@gmail.com", "my email"),
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
        assert "my number" in by_name[name] and "my email" in by_name[name]
