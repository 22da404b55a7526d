"""No user can ever read the original of a message they did not write, or a version addressed to
someone else, through selectors or the API, on random friend graphs."""

from __future__ import annotations

import random

import pytest
from rest_framework.test import APIClient

from osnguard.accounts.services import user_sign_up
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.posts import selectors
from osnguard.posts.models import Message, Version
from osnguard.posts.services import GroupDraft, VersionDraft, message_store

pytestmark = pytest.mark.django_db


def befriend(a, b, rng):
    for owner, friend in ((a, b), (b, a)):
        group = rng.choice(list(FriendGroup.objects.filter(owner=owner)))
        Friendship.objects.create(owner=owner, friend=friend, group=group)


def post(author, serial):
    """A message whose original and every version carry unique markers."""
    friendships = list(Friendship.objects.filter(owner=author).select_related("group"))
    groups = {f.group.name: f.group for f in friendships}
    return message_store(
        author=author,
        text=f"ORIGINAL-{serial} secret text",
        groups=[
            GroupDraft(name=g.name, level=g.level, text=f"GROUP-{serial}-{g.name}")
            for g in groups.values()
        ],
        versions=[
            VersionDraft(
                recipient_id=f.friend_id,
                group_name=f.group.name,
                text=f"VERSION-{serial}-{f.friend_id}",
                choices=[
                    {
                        "slot": 0,
                        "kind": "synonym",
                        "original": "a",
                        "text": str(f.friend_id),
                        "start": 0,
                        "end": 1,
                    }
                ],
            )
            for f in friendships
        ],
        fingerprinted=True,
    )


def visible_texts(client: APIClient, user) -> str:
    """Everything the API shows `user` when they crawl every endpoint and try every id."""
    seen = [client.get("/api/feed/?page_size=200").content.decode()]
    seen.append(client.get("/api/messages/?page_size=200").content.decode())
    for version_id in Version.objects.values_list("id", flat=True):
        seen.append(client.get(f"/api/feed/{version_id}/").content.decode())
    for message_id in Message.objects.values_list("id", flat=True):
        seen.append(client.get(f"/api/messages/{message_id}/").content.decode())
        seen.append(client.get(f"/api/messages/{message_id}/versions/").content.decode())
    return "\n".join(seen)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_friend_graphs_never_leak_originals_or_other_versions(seed):
    rng = random.Random(seed)
    users = [
        user_sign_up(username=f"u{seed}_{i}", password="a-long-passphrase-1") for i in range(7)
    ]
    for i, a in enumerate(users):
        for b in users[i + 1 :]:
            if rng.random() < 0.5:
                befriend(a, b, rng)
    messages = [post(rng.choice(users), serial) for serial in range(6)]
    client = APIClient()
    for user in users:
        client.force_authenticate(user)
        text = visible_texts(client, user)
        for message in messages:
            if message.author_id == user.pk:
                assert message.text in text  # the author does see their own original
                continue
            assert message.text not in text
            for group in message.group_versions.all():
                assert group.text not in text
            for version in message.versions.all():
                if version.recipient_id != user.pk:
                    assert version.text not in text, f"{user} saw {version.text}"
        assert set(selectors.feed_for_user(user=user).values_list("recipient_id", flat=True)) <= {
            user.pk
        }


def test_feed_shows_only_own_version_and_author_sees_all():
    adam = user_sign_up(username="adam_t", password="a-long-passphrase-1")
    bob = user_sign_up(username="bob_t", password="a-long-passphrase-1")
    eve = user_sign_up(username="eve_t", password="a-long-passphrase-1")
    rng = random.Random(0)
    befriend(adam, bob, rng)
    befriend(adam, eve, rng)
    message = post(adam, 99)
    client = APIClient()
    client.force_authenticate(bob)
    feed = client.get("/api/feed/").json()["results"]
    assert [item["text"] for item in feed] == [f"VERSION-99-{bob.pk}"]
    assert "choices" not in feed[0]
    assert client.get(f"/api/messages/{message.pk}/").status_code == 404
    eve_version = message.versions.get(recipient=eve)
    assert client.get(f"/api/feed/{eve_version.pk}/").status_code == 404
    client.force_authenticate(adam)
    detail = client.get(f"/api/messages/{message.pk}/").json()
    assert detail["text"] == "ORIGINAL-99 secret text"
    versions = client.get(f"/api/messages/{message.pk}/versions/").json()["results"]
    assert {v["text"] for v in versions} == {f"VERSION-99-{bob.pk}", f"VERSION-99-{eve.pk}"}


def test_store_refuses_strangers_duplicates_and_empty_text():
    from django.core.exceptions import ValidationError

    adam = user_sign_up(username="adam_s", password="a-long-passphrase-1")
    stranger = user_sign_up(username="stranger_s", password="a-long-passphrase-1")
    group = FriendGroup.objects.filter(owner=adam).first()
    drafts = [GroupDraft(name=group.name, level=group.level, text="hello")]
    with pytest.raises(ValidationError, match="friends only"):
        message_store(
            author=adam,
            text="hello",
            groups=drafts,
            versions=[VersionDraft(recipient_id=stranger.pk, group_name=group.name, text="hello")],
        )
    with pytest.raises(ValidationError, match="empty"):
        message_store(author=adam, text="   ", groups=drafts, versions=[])
    assert Message.objects.count() == 0
