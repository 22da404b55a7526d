"""Friend groups with privacy levels, friendships, friend requests and recorded interactions.

A friendship is stored once per side: `Friendship(owner=A, friend=B, group=...)` says which of A's
groups B is in, so each side files the other independently and a friend is in exactly one group
of the owner.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

GROUP_NAME_MAX_LENGTH = 60
MAX_LEVEL = 100

# (name, level) created for every new user; 0 is the closest group, higher is more public.
DEFAULT_GROUPS: tuple[tuple[str, int], ...] = (
    ("Family", 0),
    ("Best friends", 1),
    ("Friends", 2),
    ("Acquaintances", 3),
    ("Public", 4),
)
DEFAULT_GROUP_NAME = "Friends"


class FriendGroup(models.Model):
    """A user's group of friends; `level` orders groups from closest (0) to most public."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="friend_groups"
    )
    name = models.CharField(max_length=GROUP_NAME_MAX_LENGTH)
    level = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["owner_id", "level", "name"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"), "owner", name="friend_group_name_unique_per_owner"
            ),
            models.CheckConstraint(
                condition=models.Q(level__lte=MAX_LEVEL), name="friend_group_level_max"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} (level {self.level})"


class Friendship(models.Model):
    """One side of a friendship: `friend` is in `group`, one of `owner`'s groups."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="friendships"
    )
    friend = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # RESTRICT: a group with members cannot be deleted on its own (group_delete moves them first),
    # but deleting a user still deletes their groups and friendships together.
    group = models.ForeignKey(FriendGroup, on_delete=models.RESTRICT, related_name="friendships")
    created_at = models.DateTimeField(auto_now_add=True)
    # Level suggested from interaction frequency (circle_suggest_level); None until computed.
    suggested_level = models.PositiveSmallIntegerField(null=True, blank=True)
    interaction_count = models.PositiveIntegerField(default=0)
    suggested_at = models.DateTimeField(null=True, blank=True)
    # Set when the owner moved this friend away after a leak: suggestions never bring the friend
    # closer than this level again (until the move is undone).
    no_closer_than = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["owner_id", "friend__first_name", "friend__last_name", "friend__username"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "friend"], name="friendship_unique_pair"),
            models.CheckConstraint(
                condition=~models.Q(owner=models.F("friend")), name="friendship_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.owner_id} -> {self.friend_id} in {self.group_id}"


class FriendRequest(models.Model):
    """A request from one user to another to become friends."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        CANCELLED = "cancelled", "Cancelled"

    from_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sent_friend_requests"
    )
    to_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="received_friend_requests"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    # the sender's group for the new friend once accepted (their default group when None)
    sender_group = models.ForeignKey(
        FriendGroup, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    responded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["from_user", "to_user"],
                condition=models.Q(status="pending"),
                name="friend_request_one_pending_per_pair",
            ),
            models.CheckConstraint(
                condition=~models.Q(from_user=models.F("to_user")), name="friend_request_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.from_user_id} -> {self.to_user_id} ({self.status})"


class Interaction(models.Model):
    """One recorded interaction of `owner` with `friend` (a comment, like, message, ...)."""

    class Kind(models.TextChoices):
        MESSAGE = "message", "Message"
        COMMENT = "comment", "Comment"
        LIKE = "like", "Like"
        MENTION = "mention", "Mention"
        SHARE = "share", "Share"
        MEETING = "meeting", "Meeting"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="interactions"
    )
    friend = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.MESSAGE)
    occurred_at = models.DateTimeField()

    class Meta:
        ordering = ["-occurred_at", "-id"]
        indexes = [models.Index(fields=["owner", "friend", "occurred_at"])]

    def __str__(self) -> str:
        return f"{self.owner_id} {self.kind} {self.friend_id} at {self.occurred_at:%Y-%m-%d}"
