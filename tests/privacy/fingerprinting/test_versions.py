"""Per-group versions: distinct, offsets that point at the right words, deterministic, honest warnings."""

from __future__ import annotations

import pytest

from osnguard.privacy.fingerprinting import accept_all, find_slots, fingerprint_group, render
from osnguard.privacy.types import Choice, NoticeCode

LONG = (
    "I do not think that my new job is bad. We bought a wonderful house last year and "
    "I'm sure you are going to love it. My favorite room is the kitchen, and our neighbors are "
    "great. After moving in, we painted three walls."
)


def assert_offsets(version):
    for choice in version.choices:
        assert version.text[choice.start : choice.end] == choice.text


def test_every_friend_gets_a_distinct_version(check):
    friends = [f"f{i}" for i in range(60)]
    group = fingerprint_group(LONG, friends, group="Friends", check=check)
    assert len(group.versions) == 60
    assert len({v.text for v in group.versions}) == 60
    assert group.min_distance >= 3 and not group.notices
    assert [v.friend for v in group.versions] == friends
    for version in group.versions:
        assert version.group == "Friends"
        assert_offsets(version)
        assert len(version.choices) == len(group.slots)


def test_deterministic_and_independent_of_friend_order(check):
    friends = [f"f{i}" for i in range(20)]
    a = fingerprint_group(LONG, friends, check=check, seed="m1")
    b = fingerprint_group(LONG, list(reversed(friends)), check=check, seed="m1")
    assert {v.friend: v.text for v in a.versions} == {v.friend: v.text for v in b.versions}


def test_generalized_phrases_are_kept_and_shifted(check):
    text = "I do not think that Japan is far. We bought three tickets to Asia."
    base = [
        Choice(0, "generalization", "Tokyo", "Japan", text.index("Japan"), text.index("Japan") + 5),
        Choice(1, "generalization", "Osaka", "Asia", text.index("Asia"), text.index("Asia") + 4),
    ]
    group = fingerprint_group(
        text, [f"f{i}" for i in range(8)], base_choices=base, slot_base=2, check=check
    )
    for version in group.versions:
        assert_offsets(version)
        kinds = {c.slot: c for c in version.choices}
        assert kinds[0].text == "Japan" and kinds[1].text == "Asia"
        assert all(c.slot >= 2 for c in version.choices if c.kind != "generalization")


def test_short_message_warns_and_uses_the_largest_distance():
    group = fingerprint_group("I do not like it.", ["a", "b", "c"], check=accept_all)
    assert len({v.text for v in group.versions}) == 3
    assert group.min_distance < 3
    [notice] = group.notices
    assert notice.code == NoticeCode.FINGERPRINT_TOO_SHORT
    assert notice.params == {"group": "", "target": 3, "distance": group.min_distance}
    assert notice.message == (
        "group '': the message is too short for versions that differ in 3 places; any two "
        f"versions differ in at least {group.min_distance}, so a leaker who edits "
        f"{group.min_distance} word(s) may not be identified"
    )


def test_more_friends_than_versions_share_versions_with_a_warning():
    group = fingerprint_group("Hello there", ["a", "b", "c"], check=accept_all)
    assert group.capacity == 1
    assert len(group.versions) == 3 and group.min_distance == 0
    [notice] = group.notices
    assert notice.code == NoticeCode.FINGERPRINT_SHARED_VERSIONS
    assert notice.message == (
        "group '': this message allows only 1 distinct versions for 3 friends, so some friends "
        "share a version; lengthen the message to tell them apart"
    )


def test_no_friends_and_duplicates():
    assert fingerprint_group(LONG, [], check=accept_all).versions == []
    with pytest.raises(ValueError, match="more than once"):
        fingerprint_group(LONG, ["a", "a"], check=accept_all)


def test_render_insertions_and_deletions():
    text = "I think she is right."
    slots = find_slots(text, check=accept_all, synonyms=False)
    body, choices = render(text, slots, [1] * len(slots))
    assert body.startswith("I think that she's right")
    for choice in choices:
        assert body[choice.start : choice.end] == choice.text
