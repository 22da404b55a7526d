"""Builders for disclosure tests: an author, friends, and a fingerprinted message."""

from __future__ import annotations

from osnguard.accounts.services import user_sign_up
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.posts.services import GroupDraft, VersionDraft, message_store

SLOTS = [
    ("finally", "at last", "eventually"),
    ("wonderful", "great", "lovely"),
    ("three", "3", "three long"),
]
TEMPLATE = (
    "I {0} got my degree from Harvard University after {2} {1} years in Cambridge, Massachusetts"
)


def make_user(username: str, first: str = "", last: str = ""):
    return user_sign_up(
        username=username, password="a-long-passphrase-1", first_name=first, last_name=last
    )


def befriend(owner, friend, group_name: str = "Friends") -> None:
    Friendship.objects.create(
        owner=owner, friend=friend, group=FriendGroup.objects.get(owner=owner, name=group_name)
    )
    Friendship.objects.create(
        owner=friend, friend=owner, group=FriendGroup.objects.get(owner=friend, name="Friends")
    )


def realise(code: tuple[int, ...]) -> tuple[str, list[dict]]:
    """The template with the chosen alternatives, and the choices with their offsets."""
    words = [SLOTS[i][c] for i, c in enumerate(code)]
    text = TEMPLATE.format(*words)
    choices, cursor = [], 0
    for slot in (0, 2, 1):  # the order the slots appear in the template
        word = words[slot]
        start = text.index(word, cursor)
        choices.append(
            {
                "slot": slot,
                "kind": "synonym",
                "original": SLOTS[slot][0],
                "text": word,
                "start": start,
                "end": start + len(word),
            }
        )
        cursor = start + len(word)
    return text, choices


def post_fingerprinted(author, friends):
    codes = [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1), (1, 0, 2), (2, 1, 0)]
    versions = []
    for friend, code in zip(friends, codes):
        text, choices = realise(code)
        versions.append(
            VersionDraft(recipient_id=friend.pk, group_name="Friends", text=text, choices=choices)
        )
    return message_store(
        author=author,
        text=TEMPLATE.format(*(s[0] for s in SLOTS)),
        groups=[GroupDraft(name="Friends", level=2, text=TEMPLATE.format(*(s[0] for s in SLOTS)))],
        versions=versions,
        private=True,
        fingerprinted=True,
    )
