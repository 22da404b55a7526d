"""Writes for messages: storing a posted message with its group texts, recipients' versions and
their fingerprints, all in one transaction, after checking every recipient is the author's friend.

The engine computes what to store (`message_post` calls it); `message_store` only validates and
writes, so nothing is ever stored half-way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import transaction

from osnguard.circles.models import FriendGroup, Friendship
from osnguard.fingerprints.models import Fingerprint

from .models import MESSAGE_MAX_LENGTH, GroupVersion, Message, Version


@dataclass(frozen=True)
class GroupDraft:
    name: str
    level: int
    text: str
    info_loss: float = 0.0
    k: float | None = None
    choices: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class VersionDraft:
    recipient_id: int
    group_name: str
    text: str
    choices: list[dict[str, Any]] = field(default_factory=list)


def message_clean_text(*, text: object) -> str:
    if not isinstance(text, str):
        raise ValidationError({"text": "The message must be text."})
    if "\x00" in text:
        raise ValidationError({"text": "The message contains a NUL character; remove it and try again."})
    text = text.strip()
    if not text:
        raise ValidationError({"text": "Write something first: the message is empty."})
    if len(text) > MESSAGE_MAX_LENGTH:
        raise ValidationError(
            {"text": f"A message can be at most {MESSAGE_MAX_LENGTH:,} characters (this one has {len(text):,})."}
        )
    return text


def _check_drafts(
    *, author: AbstractUser, groups: list[GroupDraft], versions: list[VersionDraft], fingerprinted: bool
) -> dict[str, FriendGroup | None]:
    names = [g.name for g in groups]
    if len(set(names)) != len(names):
        raise ValidationError("Each friend group may have only one text.")
    for group in groups:
        if not group.text.strip():
            raise ValidationError({"groups": f"The text for {group.name} is empty."})
    recipients = [v.recipient_id for v in versions]
    if len(set(recipients)) != len(recipients):
        raise ValidationError("A friend can receive only one version of a message.")
    friends = set(Friendship.objects.filter(owner=author, friend_id__in=recipients).values_list("friend_id", flat=True))
    strangers = sorted(set(recipients) - friends)
    if strangers:
        raise ValidationError(f"Messages go to friends only; {len(strangers)} recipient(s) are not your friends.")
    unknown_groups = {v.group_name for v in versions} - set(names)
    if unknown_groups:
        raise ValidationError(f"Versions name unknown groups: {', '.join(sorted(unknown_groups))}.")
    if fingerprinted:
        texts = [v.text for v in versions]
        if len(set(texts)) != len(texts):
            raise ValidationError("Fingerprinted versions must all differ; two friends would get the same text.")
    owned = {g.name: g for g in FriendGroup.objects.filter(owner=author, name__in=names)}
    return {name: owned.get(name) for name in names}


def message_store(
    *,
    author: AbstractUser,
    text: str,
    groups: Iterable[GroupDraft],
    versions: Iterable[VersionDraft],
    audience: str = Message.Audience.FRIENDS,
    private: bool = False,
    phrases: list[dict[str, Any]] | None = None,
    fingerprinted: bool = False,
    min_distance: int | None = None,
    warnings: list[str] | None = None,
) -> Message:
    """Validate and store a message, its group texts, versions and fingerprints atomically."""
    text = message_clean_text(text=text)
    if audience not in Message.Audience.values:
        raise ValidationError({"audience": f"Audience must be one of {', '.join(Message.Audience.values)}."})
    groups, versions = list(groups), list(versions)
    group_objects = _check_drafts(author=author, groups=groups, versions=versions, fingerprinted=fingerprinted)
    with transaction.atomic():
        message = Message.objects.create(
            author=author,
            text=text,
            audience=audience,
            private=private,
            phrases=phrases or [],
            fingerprinted=fingerprinted,
            min_distance=min_distance,
            warnings=warnings or [],
        )
        stored_groups = GroupVersion.objects.bulk_create(
            GroupVersion(
                message=message,
                group=group_objects[g.name],
                group_name=g.name,
                level=g.level,
                text=g.text,
                info_loss=g.info_loss,
                k=g.k,
                choices=g.choices,
            )
            for g in groups
        )
        by_name = {g.group_name: g for g in stored_groups}
        if any(g.pk is None for g in stored_groups):  # backends without RETURNING ids
            by_name = {g.group_name: g for g in GroupVersion.objects.filter(message=message)}
        Version.objects.bulk_create(
            Version(message=message, group_version=by_name[v.group_name], recipient_id=v.recipient_id, text=v.text)
            for v in versions
        )
        stored = {row.recipient_id: row for row in Version.objects.filter(message=message)}
        Fingerprint.objects.bulk_create(
            Fingerprint(version=stored[v.recipient_id], choices=v.choices) for v in versions if v.choices
        )
    return message
