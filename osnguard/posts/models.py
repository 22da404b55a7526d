"""A message (the original, seen only by its author), the text each friend group gets, and the
version each recipient gets, and the fingerprint of each version (the choices that make it
distinct; server-side only). A message posted
unchecked (the engine could not check it and the author chose to send the original to everyone)
says so in `posted_unchecked`, with the failures in `check_failures`.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

MESSAGE_MAX_LENGTH = 5000


class Message(models.Model):
    class Audience(models.TextChoices):
        FRIENDS = "friends", "Friends, each at their group's privacy level"
        PUBLIC = "public", "Public: everyone sees the same text"

    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="messages"
    )
    text = models.TextField(max_length=MESSAGE_MAX_LENGTH)
    audience = models.CharField(max_length=16, choices=Audience.choices, default=Audience.FRIENDS)
    # identification's verdict at posting time; None when it was not checked (posted unchecked,
    # or public: everyone gets the text as written)
    private = models.BooleanField(default=False, null=True)
    phrases = models.JSONField(default=list, blank=True)  # the private phrases found, as dicts
    fingerprinted = models.BooleanField(default=False)
    min_distance = models.PositiveSmallIntegerField(null=True, blank=True)
    warnings = models.JSONField(default=list, blank=True)
    # The author chose to post the original to every friend although identification could not
    # check it; `check_failures` keeps why ({detector, kind, reason} dicts).
    posted_unchecked = models.BooleanField(default=False)
    check_failures = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["author", "-created_at"])]

    def __str__(self) -> str:
        return f"message {self.pk} by {self.author_id}"


class GroupVersion(models.Model):
    """The generalization one friend group gets (before per-friend fingerprints)."""

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="group_versions")
    group = models.ForeignKey(
        "circles.FriendGroup", on_delete=models.SET_NULL, null=True, related_name="+"
    )
    group_name = models.CharField(max_length=60)
    level = models.PositiveSmallIntegerField()
    text = models.TextField()
    info_loss = models.FloatField(default=0.0)
    k = models.FloatField(null=True, blank=True)  # how many alternatives it hides among
    choices = models.JSONField(default=list, blank=True)  # generalization choices, as dicts

    class Meta:
        ordering = ["message_id", "level", "group_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["message", "group_name"], name="group_version_unique_name"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.group_name} version of message {self.message_id}"


class Version(models.Model):
    """The text one recipient sees; the only trace of the message a recipient can read."""

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="versions")
    group_version = models.ForeignKey(
        GroupVersion, on_delete=models.CASCADE, related_name="versions"
    )
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="received_versions"
    )
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["message", "recipient"], name="version_unique_recipient"
            ),
        ]
        indexes = [models.Index(fields=["recipient", "-created_at"])]

    def __str__(self) -> str:
        return f"version of message {self.message_id} for {self.recipient_id}"

    @property
    def fingerprint_choices(self) -> list[dict[str, Any]]:
        """The choices that make this version distinct; [] when it has no fingerprint (the
        message was not fingerprinted, or nothing in this version varies). Fetch with
        `select_related("fingerprint")` to read many versions without a query each."""
        try:
            return self.fingerprint.choices
        except Fingerprint.DoesNotExist:
            return []


class Fingerprint(models.Model):
    """The fingerprint of one version: the choices (slot, kind, original, text, start, end) that
    make it distinct. Never serialised to recipients; attribution reads it to trace a leak.

    Stored only for versions with choices. The table keeps the name it had when fingerprints were
    an app of their own (migration posts 0003 adopts an existing table)."""

    version = models.OneToOneField(Version, on_delete=models.CASCADE, related_name="fingerprint")
    choices = models.JSONField(default=list)  # list of osnguard.privacy.types.Choice dicts
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "fingerprints_fingerprint"

    def __str__(self) -> str:
        return f"fingerprint of version {self.version_id}"


class WritingExposure(models.Model):
    """How recognisable a user's writing is among the site's public posts (seed 003), as last
    computed by the `writing_exposure_refresh` task. `result` never names other users nor holds
    their texts: it keeps distances, counts, the user's standout features and the advice."""

    class Status(models.TextChoices):
        PENDING = "pending", "Being computed"
        READY = "ready", "Ready"
        NOT_ENOUGH = "not_enough", "Not enough text"
        FAILED = "failed", "Failed"

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="writing_exposure"
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    requested_at = models.DateTimeField(null=True, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(default=dict, blank=True)
    # the user's and the community's content-word distributions (top words), for the compose
    # page's "unusually typical of you" check
    own_words = models.JSONField(default=dict, blank=True)
    community_words = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.status}"
