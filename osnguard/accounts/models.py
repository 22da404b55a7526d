"""Profile storage: one row per value of a typed, multi-valued personal attribute."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .attributes import ATTRIBUTE_CHOICES, MAX_VALUE_LENGTH


class ProfileAttribute(models.Model):
    """One value of one personal attribute of a user (e.g. education = "Harvard University")."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile_attributes"
    )
    attribute = models.CharField(max_length=32, choices=ATTRIBUTE_CHOICES)
    value = models.CharField(max_length=MAX_VALUE_LENGTH)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["user_id", "attribute", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "attribute", "position"], name="profile_attribute_position_unique"
            ),
        ]
        indexes = [models.Index(fields=["user", "attribute"])]

    def __str__(self) -> str:
        return f"{self.user_id}:{self.attribute}={self.value}"


class ProfileSettings(models.Model):
    """The author's own settings for posting (one row per user, created on first save)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile_settings"
    )
    fingerprint_all = models.BooleanField(
        default=False,
        help_text="Give every friend a distinct version even of messages with nothing private in them.",
    )
    invisible_fingerprint = models.BooleanField(
        default=True,
        help_text="Write each friend's code into their version in characters that do not show, "
        "so a copied post can be traced to them.",
    )
    typographic_fingerprint = models.BooleanField(
        default=True,
        help_text="Give each friend their own apostrophes, emoji spacing and sentence capitals, "
        "which a copy keeps even where hidden characters are stripped.",
    )
    warn_typical_writing = models.BooleanField(
        default=False,
        help_text="Warn on the compose page when a message reads unusually like your other posts.",
    )

    def __str__(self) -> str:
        return (
            f"{self.user_id}: fingerprint_all={self.fingerprint_all}, "
            f"invisible_fingerprint={self.invisible_fingerprint}, "
            f"typographic_fingerprint={self.typographic_fingerprint}"
        )
