"""Reads for friend groups, friends, friend requests, interactions and level suggestions."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.models import User
from django.db.models import Count, F, Q, QuerySet

from .models import FriendGroup, FriendRequest, Friendship, Interaction

SEARCH_MAX_LENGTH = 100


def search_clean(text: object) -> str:
    """A search string safe for any database: text only, no NUL characters, trimmed, capped."""
    if not isinstance(text, str):
        return ""
    return text.replace("\x00", "").strip()[:SEARCH_MAX_LENGTH]


def group_list(*, owner: User) -> QuerySet[FriendGroup]:
    """The owner's groups, closest first, each annotated with `member_count`."""
    return (
        FriendGroup.objects.filter(owner=owner)
        .annotate(member_count=Count("friendships"))
        .order_by("level", "name", "pk")
    )


def friendship_list(
    *, owner: User, group_id: int | None = None, search: str = ""
) -> QuerySet[Friendship]:
    """The owner's friends (their friendship rows), optionally in one group or matching a search."""
    rows = Friendship.objects.filter(owner=owner).select_related("friend", "group")
    if group_id is not None:
        rows = rows.filter(group_id=group_id)
    rows = friendship_matching(rows, search=search)
    return rows.order_by("friend__first_name", "friend__last_name", "friend__username", "pk")


def friendship_matching(rows: QuerySet[Friendship], *, search: str) -> QuerySet[Friendship]:
    """The friendships among `rows` whose friend's username or name contains `search` (all of
    them for an empty search)."""
    search = search_clean(search)
    if not search:
        return rows
    return rows.filter(
        Q(friend__username__icontains=search)
        | Q(friend__first_name__icontains=search)
        | Q(friend__last_name__icontains=search)
    )


def friend_request_incoming(*, user: User) -> QuerySet[FriendRequest]:
    """Pending requests sent to the user, newest first."""
    return FriendRequest.objects.filter(
        to_user=user, status=FriendRequest.Status.PENDING
    ).select_related("from_user")


def friend_request_outgoing(*, user: User) -> QuerySet[FriendRequest]:
    """Pending requests the user sent, newest first."""
    return FriendRequest.objects.filter(
        from_user=user, status=FriendRequest.Status.PENDING
    ).select_related("to_user")


def friend_request_visible(*, user: User) -> QuerySet[FriendRequest]:
    """Every request the user sent or received, in any state."""
    return FriendRequest.objects.filter(Q(from_user=user) | Q(to_user=user)).select_related(
        "from_user", "to_user"
    )


USER_SEARCH_MAX_RESULTS = 50


def user_search(*, user: User, query: str) -> QuerySet[User]:
    """Active users other than `user` to add as friends: an exact username for a short query, else
    those whose username or name contains it (at most USER_SEARCH_MAX_RESULTS). There is no full
    listing: an empty query finds nobody."""
    return user_search_matching(user_search_candidates(user=user), query=query)


def user_search_candidates(*, user: User) -> QuerySet[User]:
    """Everyone `user` could look for: active users other than themselves."""
    return User.objects.filter(is_active=True).exclude(pk=user.pk)


def user_search_matching(users: QuerySet[User], *, query: str) -> QuerySet[User]:
    """The users among `users` that `query` finds, as `user_search` describes."""
    query = search_clean(query)
    if not query:
        return users.none()
    if len(query) < settings.USER_SEARCH_MIN_LENGTH:
        found = users.filter(username__iexact=query)
    else:
        found = users.filter(
            Q(username__icontains=query)
            | Q(first_name__icontains=query)
            | Q(last_name__icontains=query)
        )
    ids = list(
        found.order_by("first_name", "last_name", "username").values_list("pk", flat=True)[
            :USER_SEARCH_MAX_RESULTS
        ]
    )
    return users.filter(pk__in=ids).order_by("first_name", "last_name", "username")


def relationship_status(*, user: User, other: User) -> str:
    """ "self", "friend", "sent", "received" or "none": how `other` relates to `user`."""
    if user.pk == other.pk:
        return "self"
    if Friendship.objects.filter(owner=user, friend=other).exists():
        return "friend"
    pending = FriendRequest.objects.filter(status=FriendRequest.Status.PENDING)
    if pending.filter(from_user=user, to_user=other).exists():
        return "sent"
    if pending.filter(from_user=other, to_user=user).exists():
        return "received"
    return "none"


def interaction_list(*, owner: User) -> QuerySet[Interaction]:
    """The owner's recorded interactions, newest first."""
    return Interaction.objects.filter(owner=owner).select_related("friend")


def level_suggestion_list(*, owner: User, differing_only: bool = False) -> QuerySet[Friendship]:
    """Friendships with a computed suggestion, most frequent contacts first."""
    rows = friendship_list(owner=owner).filter(suggested_level__isnull=False)
    if differing_only:
        rows = level_suggestion_differing(rows)
    return rows.order_by("-interaction_count", "friend__username", "pk")


def level_suggestion_differing(rows: QuerySet[Friendship]) -> QuerySet[Friendship]:
    """The friendships among `rows` whose group level is not the suggested one."""
    return rows.exclude(suggested_level=F("group__level"))


@dataclass(frozen=True)
class AudienceMember:
    """One recipient of a user's post: a friend with the group (and level) they are in."""

    friend_id: int
    username: str
    display_name: str
    group_id: int
    group_name: str
    level: int


def friend_audience(*, owner: User) -> list[AudienceMember]:
    """Every friend of the owner with their group and privacy level, closest groups first.

    This is what the posting flow uses to make one version per friend.
    """
    rows = friendship_list(owner=owner).order_by("group__level", "group__name", "friend__username")
    return [
        AudienceMember(
            friend_id=row.friend_id,
            username=row.friend.username,
            display_name=row.friend.get_full_name() or row.friend.username,
            group_id=row.group_id,
            group_name=row.group.name,
            level=row.group.level,
        )
        for row in rows
    ]
