"""The demo data set: Adam Ebert and about 150 friends over his five default groups, and a few
public posts by Adam and four friends.

Loaded from fixtures/demo.json by `manage.py load_demo`. Idempotent: a second load creates only
what is missing and leaves changes made through the app alone (`reset=True` starts over).
Every demo account has the password in the file; it is hashed once and the hash reused.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from osnguard.accounts.services import profile_update
from osnguard.circles.models import (
    DEFAULT_GROUPS,
    FriendGroup,
    FriendRequest,
    Friendship,
    Interaction,
)
from osnguard.circles.services import circle_suggest_level
from osnguard.posts.models import Message
from osnguard.posts.services import message_post

DEMO_FILE = Path(settings.BASE_DIR) / "fixtures" / "demo.json"


@dataclass(frozen=True)
class DemoSummary:
    users_created: int
    friendships_created: int
    interactions_created: int
    friends_total: int


def demo_read(*, path: Path = DEMO_FILE) -> dict[str, Any]:
    """The demo data file, checked for the keys the loader needs."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"demo data file not found: {path}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"demo data file {path} is not valid JSON: {exc}") from None
    for key in ("password", "owner", "friends"):
        if key not in data:
            raise ValueError(f"demo data file {path} has no “{key}”")
    return data


def _usernames(data: dict[str, Any]) -> list[str]:
    people = [
        data["owner"],
        *data["friends"],
        *data.get("requests_to_owner", []),
        *data.get("others", []),
    ]
    return [p["username"] for p in people]


@transaction.atomic
def demo_load(
    *, path: Path = DEMO_FILE, reset: bool = False, now: dt.datetime | None = None
) -> DemoSummary:
    """Load (or complete) the demo data set; see the module docstring."""
    data = demo_read(path=path)
    now = now or timezone.now()
    if reset:
        User.objects.filter(username__in=_usernames(data)).delete()
    password_hash = make_password(data["password"])
    users_created = _create_users(data, password_hash)
    users = {u.username: u for u in User.objects.filter(username__in=_usernames(data))}
    owner = users[data["owner"]["username"]]
    _create_default_groups(users.values())
    if not owner.profile_attributes.exists():
        profile_update(user=owner, attributes=data["owner"].get("profile", {}))
    for friend in data["friends"]:
        if friend.get("profile") and not users[friend["username"]].profile_attributes.exists():
            profile_update(user=users[friend["username"]], attributes=friend["profile"])
    friendships_created = _create_friendships(data, owner, users)
    interactions_created = (
        _create_interactions(data, owner, users, now) if friendships_created else 0
    )
    _create_requests(data, owner, users)
    _create_public_posts(data, users)
    circle_suggest_level(owner=owner, now=now)
    return DemoSummary(
        users_created,
        friendships_created,
        interactions_created,
        Friendship.objects.filter(owner=owner).count(),
    )


def _create_users(data: dict[str, Any], password_hash: str) -> int:
    people = [
        data["owner"],
        *data["friends"],
        *data.get("requests_to_owner", []),
        *data.get("others", []),
    ]
    existing = set(
        User.objects.filter(username__in=[p["username"] for p in people]).values_list(
            "username", flat=True
        )
    )
    new = [
        User(
            username=p["username"],
            first_name=p.get("first_name", ""),
            last_name=p.get("last_name", ""),
            email=p.get("email", f"{p['username']}@example.com"),
            password=password_hash,
        )
        for p in people
        if p["username"] not in existing
    ]
    User.objects.bulk_create(new)
    return len(new)


def _create_default_groups(users: Iterable[User]) -> None:
    """The five default groups for every demo user who has no group yet."""
    owners = list(users)
    with_groups = set(
        FriendGroup.objects.filter(owner__in=owners).values_list("owner_id", flat=True)
    )
    FriendGroup.objects.bulk_create(
        FriendGroup(owner=user, name=name, level=level)
        for user in owners
        if user.pk not in with_groups
        for name, level in DEFAULT_GROUPS
    )


def _group_by_name(owner_ids: list[int]) -> dict[tuple[int, str], FriendGroup]:
    return {
        (g.owner_id, g.name.casefold()): g
        for g in FriendGroup.objects.filter(owner_id__in=owner_ids)
    }


def _fallback_group(
    groups: dict[tuple[int, str], FriendGroup], owner_id: int, name: str
) -> FriendGroup:
    """The named group, else any of the owner's groups (the user may have renamed it)."""
    return groups.get((owner_id, name.casefold())) or next(
        g for (o, _), g in groups.items() if o == owner_id
    )


def _create_friendships(data: dict[str, Any], owner: User, users: dict[str, User]) -> int:
    """Adam files each friend in the group the file says; each friend files Adam in "Friends"."""
    friend_users = [users[f["username"]] for f in data["friends"]]
    groups = _group_by_name([owner.pk, *[u.pk for u in friend_users]])
    have = set(Friendship.objects.filter(owner=owner).values_list("friend_id", flat=True))
    reverse_have = set(Friendship.objects.filter(friend=owner).values_list("owner_id", flat=True))
    rows = []
    for spec, user in zip(data["friends"], friend_users):
        if user.pk not in have:
            rows.append(
                Friendship(
                    owner=owner, friend=user, group=_fallback_group(groups, owner.pk, spec["group"])
                )
            )
        if user.pk not in reverse_have:
            rows.append(
                Friendship(
                    owner=user, friend=owner, group=_fallback_group(groups, user.pk, "Friends")
                )
            )
    Friendship.objects.bulk_create(rows)
    return sum(1 for row in rows if row.owner_id == owner.pk)


def _create_interactions(
    data: dict[str, Any], owner: User, users: dict[str, User], now: dt.datetime
) -> int:
    """Spread each friend's interactions over the last 180 days (deterministically)."""
    rng = random.Random(2026)
    kinds = list(Interaction.Kind.values)
    rows = []
    for spec in data["friends"]:
        friend = users[spec["username"]]
        if Interaction.objects.filter(owner=owner, friend=friend).exists():
            continue
        for _ in range(int(spec.get("interactions", 0))):
            when = now - dt.timedelta(days=rng.uniform(0, 180))
            rows.append(
                Interaction(owner=owner, friend=friend, kind=rng.choice(kinds), occurred_at=when)
            )
    Interaction.objects.bulk_create(rows, batch_size=500)
    return len(rows)


def _create_requests(data: dict[str, Any], owner: User, users: dict[str, User]) -> None:
    """Pending requests to Adam, unless they were answered already."""
    for spec in data.get("requests_to_owner", []):
        sender = users[spec["username"]]
        answered = FriendRequest.objects.filter(from_user=sender, to_user=owner).exists()
        friends = Friendship.objects.filter(owner=owner, friend=sender).exists()
        if not answered and not friends:
            FriendRequest.objects.create(from_user=sender, to_user=owner)


def _create_public_posts(data: dict[str, Any], users: dict[str, User]) -> None:
    """The public posts of the file (for the k-anonymous export and "How recognisable is your
    writing"), each once: posted as any public post is, to every friend as written."""
    for post in data.get("public_posts", []):
        author = users.get(post["author"])
        if author is None:
            raise ValueError(f"public post by unknown demo user {post['author']!r}")
        if not Message.objects.filter(author=author, text=post["text"]).exists():
            message_post(author=author, text=post["text"], audience=Message.Audience.PUBLIC)
