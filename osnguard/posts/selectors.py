"""Reads for messages. A recipient only ever reaches their own Version; the original text and the
other versions are reachable only through the author's selectors. Attribution reads a message's
versions with their fingerprints through `fingerprint_versions_for_message`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import Http404

from osnguard.privacy.serialization import from_data
from osnguard.privacy.types import Choice
from osnguard.privacy.types import Version as EngineVersion

from .models import Message, Version


def feed_for_user(*, user: User) -> QuerySet[Version]:
    """The versions addressed to `user`, newest first (never the originals)."""
    return (
        Version.objects.filter(recipient=user)
        .select_related("message__author")
        .only(
            "id",
            "text",
            "created_at",
            "message__id",
            "message__created_at",
            "message__author__username",
            "message__author__first_name",
            "message__author__last_name",
        )
        .order_by("-created_at", "-id")
    )


def version_get_for_recipient(*, user: User, version_id: int) -> Version:
    try:
        return feed_for_user(user=user).get(pk=version_id)
    except (Version.DoesNotExist, ValueError, TypeError):
        raise Http404("No such post in your feed.") from None


def message_list_for_author(*, author: User) -> QuerySet[Message]:
    return Message.objects.filter(author=author).order_by("-created_at", "-id")


def message_get_for_author(*, author: User, message_id: int) -> Message:
    try:
        return message_list_for_author(author=author).get(pk=message_id)
    except (Message.DoesNotExist, ValueError, TypeError):
        raise Http404("No such message of yours.") from None


def message_versions_for_author(*, message: Message) -> QuerySet[Version]:
    return message.versions.select_related("recipient", "group_version", "fingerprint").order_by(
        "group_version__level", "recipient__username"
    )


def fingerprint_versions_for_message(*, message_id: int) -> list[EngineVersion]:
    """Every recipient's version of a message with its choices, in the engine's format (friend =
    recipient user id), for attribution."""
    rows = (
        Version.objects.filter(message_id=message_id)
        .select_related("group_version", "fingerprint")
        .order_by("id")
    )
    return [
        EngineVersion(
            friend=str(row.recipient_id),
            group=row.group_version.group_name,
            text=row.text,
            choices=[from_data(Choice, choice) for choice in row.fingerprint_choices],
        )
        for row in rows
    ]
