"""Writes for friend groups, friend requests, friendships and interactions.

Every function is keyword-only and raises django.core.exceptions.ValidationError with a message a
user understands when the input is wrong; views and the API turn that into a form error or a 400.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q
from django.utils import timezone

from .models import (
    DEFAULT_GROUP_NAME,
    DEFAULT_GROUPS,
    GROUP_NAME_MAX_LENGTH,
    MAX_LEVEL,
    FriendGroup,
    FriendRequest,
    Friendship,
    Interaction,
)

# ---------------------------------------------------------------------------------------------
# Friend groups


def group_create_defaults(*, owner: User) -> list[FriendGroup]:
    """Create Family (0), Best friends (1), Friends (2), Acquaintances (3) and Public (4) if missing."""
    existing = {
        name.casefold()
        for name in FriendGroup.objects.filter(owner=owner).values_list("name", flat=True)
    }
    FriendGroup.objects.bulk_create(
        FriendGroup(owner=owner, name=name, level=level)
        for name, level in DEFAULT_GROUPS
        if name.casefold() not in existing
    )
    return list(FriendGroup.objects.filter(owner=owner).order_by("level", "name"))


def group_clean_name(*, owner: User, name: object, exclude_id: int | None = None) -> str:
    """A group name stripped of surrounding space, non-empty, short, and unique for the owner."""
    if not isinstance(name, str):
        raise ValidationError({"name": "The group name must be text."})
    name = " ".join(name.split())
    if not name:
        raise ValidationError({"name": "Give the group a name."})
    if len(name) > GROUP_NAME_MAX_LENGTH:
        raise ValidationError(
            {"name": f"A group name can be at most {GROUP_NAME_MAX_LENGTH} characters."}
        )
    clash = FriendGroup.objects.filter(owner=owner, name__iexact=name)
    if exclude_id is not None:
        clash = clash.exclude(pk=exclude_id)
    if clash.exists():
        raise ValidationError({"name": f"You already have a group called “{name}”."})
    return name


def group_clean_level(*, level: object) -> int:
    """A privacy level: a whole number from 0 (closest) to MAX_LEVEL (most public)."""
    if isinstance(level, bool) or not isinstance(level, (int, str)):
        raise ValidationError({"level": f"The level must be a whole number from 0 to {MAX_LEVEL}."})
    try:
        value = int(level)
    except ValueError:
        raise ValidationError(
            {"level": f"The level must be a whole number from 0 to {MAX_LEVEL}."}
        ) from None
    if not 0 <= value <= MAX_LEVEL:
        raise ValidationError(
            {"level": f"The level must be between 0 (closest) and {MAX_LEVEL} (most public)."}
        )
    return value


@transaction.atomic
def group_create(*, owner: User, name: object, level: object = None) -> FriendGroup:
    """Create a group; without a level it goes just before the owner's most public group (as
    detailed as the group before that one), so "Public" stays the last of the scale."""
    clean_name = group_clean_name(owner=owner, name=name)
    if level is None or level == "":
        highest = FriendGroup.objects.filter(owner=owner).aggregate(m=Max("level"))["m"]
        clean_level = 0 if highest is None else max(highest - 1, 0)
    else:
        clean_level = group_clean_level(level=level)
    try:
        with transaction.atomic():
            return FriendGroup.objects.create(owner=owner, name=clean_name, level=clean_level)
    except IntegrityError:  # a concurrent request created the same name
        raise ValidationError(
            {"name": f"You already have a group called “{clean_name}”."}
        ) from None


@transaction.atomic
def group_update(*, group: FriendGroup, name: object = None, level: object = None) -> FriendGroup:
    """Rename and/or re-level a group (None leaves a field as it is)."""
    fields = []
    if name is not None:
        group.name = group_clean_name(owner=group.owner, name=name, exclude_id=group.pk)
        fields.append("name")
    if level is not None:
        group.level = group_clean_level(level=level)
        fields.append("level")
    if fields:
        group.save(update_fields=fields)
    return group


def group_rename(*, group: FriendGroup, name: object) -> FriendGroup:
    """Rename a group."""
    return group_update(group=group, name=name)


def group_set_level(*, group: FriendGroup, level: object) -> FriendGroup:
    """Change a group's privacy level."""
    return group_update(group=group, level=level)


@transaction.atomic
def group_reorder(*, owner: User, group_ids: object) -> list[FriendGroup]:
    """Put the owner's groups in the given order, closest first, with levels 0, 1, 2, ...

    `group_ids` must list every one of the owner's groups exactly once.
    """
    if not isinstance(group_ids, (list, tuple)) or not all(
        isinstance(i, int) and not isinstance(i, bool) for i in group_ids
    ):
        raise ValidationError({"order": "Give the order as a list of group ids."})
    groups = {g.pk: g for g in FriendGroup.objects.select_for_update().filter(owner=owner)}
    if len(set(group_ids)) != len(group_ids):
        raise ValidationError({"order": "Each group may appear only once."})
    unknown = [i for i in group_ids if i not in groups]
    if unknown:
        raise ValidationError({"order": f"Unknown group id(s): {', '.join(map(str, unknown))}."})
    if set(group_ids) != set(groups):
        raise ValidationError({"order": "List every one of your groups."})
    for level, group_id in enumerate(group_ids):
        groups[group_id].level = min(level, MAX_LEVEL)
    FriendGroup.objects.bulk_update(groups.values(), ["level"])
    return [groups[i] for i in group_ids]


@dataclass(frozen=True)
class LevelChange:
    """A group whose level a move changed (the page says so: levels decide what groups see)."""

    name: str
    before: int
    after: int


@transaction.atomic
def group_move(*, group: FriendGroup, direction: str) -> list[LevelChange]:
    """Move a group one place closer ("up") or more public ("down") by trading levels with its
    neighbour; only those two groups change (no silent renumbering of the others). Two groups at
    the same level are set apart by one level. Returns what changed ([] at either end)."""
    if direction not in {"up", "down"}:
        raise ValidationError({"direction": "Direction must be “up” or “down”."})
    order = list(
        FriendGroup.objects.select_for_update()
        .filter(owner=group.owner)
        .order_by("level", "name", "pk")
    )
    index = [g.pk for g in order].index(group.pk)
    other_index = index - 1 if direction == "up" else index + 1
    if not 0 <= other_index < len(order):
        return []
    mine, other = order[index], order[other_index]
    before = {mine.pk: mine.level, other.pk: other.level}
    if mine.level != other.level:
        mine.level, other.level = other.level, mine.level
    elif direction == "up":
        if mine.level > 0:
            mine.level -= 1
        else:
            other.level += 1
    elif mine.level < MAX_LEVEL:
        mine.level += 1
    else:
        other.level -= 1
    FriendGroup.objects.bulk_update([mine, other], ["level"])
    return [
        LevelChange(g.name, before[g.pk], g.level) for g in (mine, other) if before[g.pk] != g.level
    ]


def group_next_stricter(*, group: FriendGroup) -> FriendGroup | None:
    """The group after this one towards Public (or, for the most public group, the one before)."""
    order = list(FriendGroup.objects.filter(owner=group.owner).order_by("level", "name", "pk"))
    index = [g.pk for g in order].index(group.pk)
    if index + 1 < len(order):
        return order[index + 1]
    return order[index - 1] if index > 0 else None


@transaction.atomic
def group_delete(*, group: FriendGroup, move_to: FriendGroup | None = None) -> FriendGroup:
    """Delete a group, moving its members to `move_to` or else the next stricter group.

    Returns the group members moved to. A user always keeps at least one group.
    """
    if move_to is not None:
        if move_to.owner_id != group.owner_id:
            raise ValidationError({"move_to": "Unknown group."})
        if move_to.pk == group.pk:
            raise ValidationError({"move_to": "Choose a different group for its members."})
    else:
        move_to = group_next_stricter(group=group)
    if move_to is None:
        raise ValidationError("You cannot delete your only group; create another one first.")
    Friendship.objects.filter(group=group).update(group=move_to)
    group.delete()
    return move_to


def group_default_for(*, owner: User) -> FriendGroup:
    """The group new friends go to: "Friends" if it exists, else the most public group."""
    groups = FriendGroup.objects.filter(owner=owner)
    group = (
        groups.filter(name__iexact=DEFAULT_GROUP_NAME).first()
        or groups.order_by("-level", "name").first()
    )
    if group is None:  # a user with no group at all (e.g. created in the admin)
        group_create_defaults(owner=owner)
        group = FriendGroup.objects.get(owner=owner, name=DEFAULT_GROUP_NAME)
    return group


# ---------------------------------------------------------------------------------------------
# Friend requests and friendships


def _are_friends(a: User, b: User) -> bool:
    return Friendship.objects.filter(owner=a, friend=b).exists()


@transaction.atomic
def friend_request_send(
    *, from_user: User, to_user: User, group: FriendGroup | None = None
) -> FriendRequest:
    """Ask `to_user` to become friends; `group` is where the sender will file them once they
    accept (the sender's default group when None)."""
    if group is not None and group.owner_id != from_user.pk:
        raise ValidationError({"group": "Unknown group."})
    if from_user.pk == to_user.pk:
        raise ValidationError({"to_user": "You cannot send a friend request to yourself."})
    if not to_user.is_active:
        raise ValidationError({"to_user": "Unknown user."})
    if _are_friends(from_user, to_user):
        raise ValidationError(
            {"to_user": f"You are already friends with {to_user.get_username()}."}
        )
    pending = FriendRequest.objects.filter(status=FriendRequest.Status.PENDING)
    if pending.filter(from_user=from_user, to_user=to_user).exists():
        raise ValidationError(
            {"to_user": f"You already sent {to_user.get_username()} a friend request."}
        )
    if pending.filter(from_user=to_user, to_user=from_user).exists():
        raise ValidationError(
            {
                "to_user": f"{to_user.get_username()} already sent you a friend request: accept it instead."
            }
        )
    try:
        with transaction.atomic():
            return FriendRequest.objects.create(
                from_user=from_user, to_user=to_user, sender_group=group
            )
    except IntegrityError:
        raise ValidationError(
            {"to_user": f"You already sent {to_user.get_username()} a friend request."}
        ) from None


def _lock_pending(friend_request: FriendRequest) -> FriendRequest:
    """Re-read the request under a row lock and check that it is still pending."""
    locked = FriendRequest.objects.select_for_update().get(pk=friend_request.pk)
    if locked.status != FriendRequest.Status.PENDING:
        raise ValidationError(
            f"This friend request was already {locked.get_status_display().lower()}."
        )
    return locked


@transaction.atomic
def friend_request_accept(
    *, friend_request: FriendRequest, group: FriendGroup | None = None
) -> Friendship:
    """Accept a request: each side files the other (the acceptor in `group` if given, the sender
    in the group they chose when sending; else each one's default group). Returns the acceptor's
    friendship."""
    locked = _lock_pending(friend_request)
    acceptor, requester = locked.to_user, locked.from_user
    if group is not None and group.owner_id != acceptor.pk:
        raise ValidationError({"group": "Unknown group."})
    locked.status = FriendRequest.Status.ACCEPTED
    locked.responded_at = timezone.now()
    locked.save(update_fields=["status", "responded_at"])
    mine, _ = Friendship.objects.get_or_create(
        owner=acceptor,
        friend=requester,
        defaults={"group": group or group_default_for(owner=acceptor)},
    )
    sender_group = locked.sender_group
    if sender_group is None or sender_group.owner_id != requester.pk:
        sender_group = group_default_for(owner=requester)
    Friendship.objects.get_or_create(
        owner=requester, friend=acceptor, defaults={"group": sender_group}
    )
    return mine


@transaction.atomic
def friend_request_decline(*, friend_request: FriendRequest) -> FriendRequest:
    """Decline a request sent to you."""
    locked = _lock_pending(friend_request)
    locked.status = FriendRequest.Status.DECLINED
    locked.responded_at = timezone.now()
    locked.save(update_fields=["status", "responded_at"])
    return locked


@transaction.atomic
def friend_request_cancel(*, friend_request: FriendRequest) -> FriendRequest:
    """Withdraw a request you sent."""
    locked = _lock_pending(friend_request)
    locked.status = FriendRequest.Status.CANCELLED
    locked.responded_at = timezone.now()
    locked.save(update_fields=["status", "responded_at"])
    return locked


@transaction.atomic
def friendship_remove(*, owner: User, friend: User) -> None:
    """End a friendship, on both sides."""
    deleted, _ = Friendship.objects.filter(
        Q(owner=owner, friend=friend) | Q(owner=friend, friend=owner)
    ).delete()
    if not deleted:
        raise ValidationError(f"You are not friends with {friend.get_username()}.")


@transaction.atomic
def friendship_move(*, friendship: Friendship, group: FriendGroup) -> Friendship:
    """Move a friend to another of the owner's groups."""
    if group.owner_id != friendship.owner_id:
        raise ValidationError({"group": "Unknown group."})
    friendship.group = group
    friendship.save(update_fields=["group"])
    return friendship


# ---------------------------------------------------------------------------------------------
# Interactions and level suggestions

FUTURE_TOLERANCE = dt.timedelta(minutes=5)


def interaction_record(
    *,
    owner: User,
    friend: User,
    kind: str = Interaction.Kind.MESSAGE,
    occurred_at: dt.datetime | None = None,
) -> Interaction:
    """Record that `owner` interacted with `friend` (they must be friends)."""
    if kind not in Interaction.Kind.values:
        raise ValidationError(
            {"kind": f"Unknown kind; expected one of: {', '.join(Interaction.Kind.values)}."}
        )
    if not _are_friends(owner, friend):
        raise ValidationError({"friend": "You can only record interactions with your friends."})
    occurred_at = occurred_at or timezone.now()
    if timezone.is_naive(occurred_at):
        occurred_at = timezone.make_aware(occurred_at)
    if occurred_at > timezone.now() + FUTURE_TOLERANCE:
        raise ValidationError({"occurred_at": "An interaction cannot be in the future."})
    return Interaction.objects.create(
        owner=owner, friend=friend, kind=kind, occurred_at=occurred_at
    )


@dataclass(frozen=True)
class LevelSuggestion:
    """The level suggested for one friend, from how often the owner interacted with them."""

    friendship_id: int
    friend_id: int
    interactions: int
    rank: int | None  # 0 = most frequent; None without interactions
    suggested_level: int | None


SUGGESTION_WINDOW_DAYS = 365


LAYER_RATIO = 3.0
# Evidence a suggestion needs: a friend is placed from at least this many interactions in the
# window, and only when at least MIN_FRIENDS_RANKED friends have that many (a rank among two or
# three friends says nothing: three interactions would make someone the closest friend).
MIN_SUGGESTION_INTERACTIONS = 5
MIN_FRIENDS_RANKED = 5


def layer_bounds(*, layers: int, ratio: float = LAYER_RATIO) -> list[float]:
    """Cumulative shares of ranked friends for each closeness layer, closest first.

    Layer i is `ratio` times larger than layer i-1, as in Dunbar's nested layers of about 5, 15,
    50 and 150 people (ratio ~3): with 4 layers the shares are 2.5%, 10%, 32.5% and 100%.
    `ratio=1` gives equal quantiles.
    """
    sizes = [ratio**i for i in range(layers)]
    total = sum(sizes)
    bounds, running = [], 0.0
    for size in sizes:
        running += size
        bounds.append(running / total)
    bounds[-1] = 1.0
    return bounds


def suggest_levels_from_counts(
    *,
    counts: dict[int, int],
    levels: list[int],
    ratio: float = LAYER_RATIO,
    min_count: int = MIN_SUGGESTION_INTERACTIONS,
    min_ranked: int = MIN_FRIENDS_RANKED,
) -> dict[int, int | None]:
    """Map interaction counts to privacy levels by frequency quantile (Shimon/Descioli).

    Closeness is ranked by interaction frequency. Friends with at least `min_count` interactions
    are ranked by count (most first; ties by key) and the friend with a share q of friends ranked
    above them gets the first of the owner's levels except the most public one whose cumulative
    layer share (layer_bounds) exceeds q. Friends with fewer interactions get no suggestion (None:
    too little evidence, which is not evidence of distance), and nobody does when fewer than
    `min_ranked` friends can be ranked.
    """
    levels = sorted(set(levels))
    active = sorted(
        (key for key, n in counts.items() if n >= max(1, min_count)),
        key=lambda key: (-counts[key], key),
    )
    result: dict[int, int | None] = dict.fromkeys(counts)
    if not levels or len(active) < max(1, min_ranked):
        return result
    closer = levels[:-1] or levels
    bounds = layer_bounds(layers=len(closer), ratio=ratio)
    for rank, key in enumerate(active):
        share_above = rank / len(active)
        index = next(i for i, bound in enumerate(bounds) if share_above < bound)
        result[key] = closer[index]
    return result


@transaction.atomic
def circle_suggest_level(
    *,
    owner: User,
    now: dt.datetime | None = None,
    window_days: int = SUGGESTION_WINDOW_DAYS,
) -> list[LevelSuggestion]:
    """Compute and store a suggested privacy level for each of the owner's friends.

    Counts the owner's interactions with each friend over the last `window_days` days, then maps
    frequency quantiles to the owner's group levels (see suggest_levels_from_counts). Returns one
    LevelSuggestion per friend.
    """
    now = now or timezone.now()
    since = now - dt.timedelta(days=window_days)
    friendships = list(Friendship.objects.filter(owner=owner).select_for_update())
    counts_by_friend = dict(
        Interaction.objects.filter(owner=owner, occurred_at__gte=since, occurred_at__lte=now)
        .order_by()
        .values("friend_id")
        .annotate(n=Count("id"))
        .values_list("friend_id", "n")
    )
    counts = {f.pk: counts_by_friend.get(f.friend_id, 0) for f in friendships}
    levels = list(FriendGroup.objects.filter(owner=owner).values_list("level", flat=True))
    suggested = suggest_levels_from_counts(counts=counts, levels=levels)
    ranked = sorted((pk for pk, n in counts.items() if n > 0), key=lambda pk: (-counts[pk], pk))
    rank_of = {pk: rank for rank, pk in enumerate(ranked)}
    for friendship in friendships:
        level = suggested[friendship.pk]
        if level is not None and friendship.no_closer_than is not None:
            # moved away after a leak: never suggested closer than where the owner put them
            level = min((n for n in levels if n >= friendship.no_closer_than), default=max(levels))
        friendship.interaction_count = counts[friendship.pk]
        friendship.suggested_level = level
        friendship.suggested_at = now
    Friendship.objects.bulk_update(
        friendships, ["interaction_count", "suggested_level", "suggested_at"]
    )
    return [
        LevelSuggestion(f.pk, f.friend_id, counts[f.pk], rank_of.get(f.pk), f.suggested_level)
        for f in friendships
    ]


def friendship_apply_suggestion(*, friendship: Friendship) -> Friendship:
    """Move a friend to a group at the suggested level (the nearest more public one if none)."""
    if friendship.suggested_level is None:
        raise ValidationError("There is no suggestion for this friend yet.")
    groups = FriendGroup.objects.filter(owner_id=friendship.owner_id)
    group = (
        groups.filter(level__gte=friendship.suggested_level).order_by("level", "name").first()
        or groups.order_by("-level", "name").first()
    )
    if group is None:  # not reached: the friend's own group is one of the owner's groups
        raise ValidationError("You have no group to move this friend to.")
    return friendship_move(friendship=friendship, group=group)
