"""Reads of fingerprints, for attribution: a message's versions in the engine's format."""

from __future__ import annotations

from osnguard.posts.models import Version as VersionModel
from osnguard.privacy.serialization import from_data
from osnguard.privacy.types import Choice, Version


def fingerprint_versions_for_message(*, message_id: int) -> list[Version]:
    """Every recipient's version of a message with its choices (friend = recipient user id)."""
    rows = (
        VersionModel.objects.filter(message_id=message_id)
        .select_related("group_version", "fingerprint")
        .order_by("id")
    )
    versions = []
    for row in rows:
        fingerprint = getattr(row, "fingerprint", None)
        choices = [from_data(Choice, c) for c in (fingerprint.choices if fingerprint else [])]
        versions.append(
            Version(
                friend=str(row.recipient_id),
                group=row.group_version.group_name,
                text=row.text,
                choices=choices,
            )
        )
    return versions
