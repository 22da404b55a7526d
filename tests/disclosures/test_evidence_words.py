"""The disclosure detail page's evidence in plain words (selectors.disclosure_evidence): names,
not ids; only what points to the suspect is highlighted; a group verdict shows the group's text
and the friends still suspected."""

from __future__ import annotations

import pytest

from disclosures.fixtures import befriend, make_user, post_fingerprinted, realise
from osnguard.disclosures.models import CandidateDocument, Disclosure
from osnguard.disclosures.selectors import disclosure_evidence
from osnguard.posts.models import Version

pytestmark = pytest.mark.django_db


@pytest.fixture
def posted():
    adam = make_user("adam_w", "Adam", "West")
    friends = [make_user(f"wpal{i}", f"Wpal{i}", "Smith") for i in range(6)]
    for friend in friends:
        befriend(adam, friend)
    return adam, friends, post_fingerprinted(adam, friends)


def disclosure_of(adam, message, text, **fields) -> Disclosure:
    document = CandidateDocument.objects.create(url="https://example.org/p", text=text)
    return Disclosure.objects.create(
        owner=adam,
        message=message,
        document=document,
        source_url=document.url,
        excerpt=text[:100],
        score=0.9,
        **fields,
    )


def test_friend_verdict_counts_only_places_specific_to_the_suspect(posted):
    adam, friends, message = posted
    leaked, choices = realise((2, 0, 1))  # friends[2]'s version
    evidence = [
        {
            "slot": c["slot"],
            "kind": "synonym",
            "text": c["text"],
            "start": c["start"],
            "end": c["end"],
        }
        for c in choices
    ]
    # a word every version has is no evidence against this friend
    start = leaked.index("Harvard")
    evidence.append(
        {"slot": 9, "kind": "synonym", "text": "Harvard", "start": start, "end": start + 7}
    )
    disclosure = disclosure_of(
        adam,
        message,
        leaked,
        verdict="friend",
        suspect=friends[2],
        suspect_version=Version.objects.get(message=message, recipient=friends[2]),
        margin=9.0,
        evidence=evidence,
        layers=["linguistic"],
    )
    words = disclosure_evidence(disclosure=disclosure)
    assert words.specific_places == 3
    assert (start, start + 7) not in words.leaked_spans
    assert words.summary.startswith("This copy matches Wpal2 Smith's version in 3 places where")
    assert str(friends[2].pk) not in words.summary and "nats" not in words.summary
    assert len(words.version_spans) == 3 and not words.suspects


def test_group_verdict_shows_the_group_text_and_remaining_suspects(posted):
    adam, friends, message = posted
    leaked, _ = realise((0, 0, 0))
    support = {str(friends[0].pk): 1.2, str(friends[3].pk): 1.2, str(friends[5].pk): 0.1}
    disclosure = disclosure_of(
        adam, message, leaked, verdict="group", suspect_group="Friends", margin=0.0, support=support
    )
    words = disclosure_evidence(disclosure=disclosure)
    assert "your Friends group received" in words.summary
    assert words.group_text == message.group_versions.get(group_name="Friends").text
    assert words.suspects == ["Wpal0 Smith", "Wpal3 Smith"] and words.more_suspects == 0


def test_undetermined_verdict_says_so_without_names(posted):
    adam, _friends, message = posted
    leaked, _ = realise((0, 0, 0))
    disclosure = disclosure_of(adam, message, leaked, verdict="undetermined", margin=0.0)
    words = disclosure_evidence(disclosure=disclosure)
    assert "cannot say whose copy" in words.summary and words.suspects == []


def test_move_is_confirmed_once_and_undone(posted):
    from django.core.exceptions import ValidationError

    from osnguard.circles.models import Friendship
    from osnguard.circles.services import circle_suggest_level
    from osnguard.disclosures.services import (
        disclosure_move_suspect_to_stricter_group,
        disclosure_undo_move,
    )

    adam, friends, message = posted
    leaked, _ = realise((2, 0, 1))
    disclosure = disclosure_of(
        adam, message, leaked, verdict="friend", suspect=friends[2], margin=9.0
    )
    with pytest.raises(ValidationError, match="nothing to undo"):
        disclosure_undo_move(disclosure=disclosure)
    first = disclosure_move_suspect_to_stricter_group(disclosure=disclosure)
    again = disclosure_move_suspect_to_stricter_group(disclosure=disclosure)  # a double submit
    assert first.group.name == again.group.name == "Acquaintances"
    disclosure.refresh_from_db()
    assert disclosure.status == "confirmed" and disclosure.moved_from.name == "Friends"
    row = Friendship.objects.get(owner=adam, friend=friends[2])
    assert row.no_closer_than == row.group.level
    # however often adam talks to them, suggestions do not bring them back closer
    from factories import add_interactions

    for friend, count in zip(friends, (40, 30, 60, 20, 10, 8)):
        add_interactions(adam, friend, count)
    by_friend = {s.friend_id: s.suggested_level for s in circle_suggest_level(owner=adam)}
    assert by_friend[friends[2].pk] >= row.group.level
    back = disclosure_undo_move(disclosure=disclosure)
    assert back.group.name == "Friends"
    assert Friendship.objects.get(pk=row.pk).no_closer_than is None
