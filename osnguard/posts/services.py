"""Writes for messages: storing a posted message with its group texts, recipients' versions and
their fingerprints, all in one transaction, after checking every recipient is the author's friend.

The engine computes what to store (`message_post` calls it); `message_store` only validates and
writes, so nothing is ever stored half-way.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, Iterable

from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

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
    warnings = list(warnings or [])
    texts = [v.text for v in versions]
    if fingerprinted and len(set(texts)) < len(texts):
        warnings.append(
            f"The message is too short to give all {len(texts)} friends a different version: "
            f"{len(texts) - len(set(texts))} share one, so a leak from them cannot name a single friend."
        )
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
            warnings=warnings,
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


# --- composing and posting ----------------------------------------------------------------------


def _engine_groups(*, author: AbstractUser) -> list[dict[str, Any]]:
    """The author's groups, closest first, each with its friends' user ids (as strings)."""
    from osnguard.circles.selectors import friend_audience, group_list

    groups = {g.name: {"name": g.name, "level": g.level, "friends": []} for g in group_list(owner=author)}
    for member in friend_audience(owner=author):
        groups.setdefault(member.group_name, {"name": member.group_name, "level": member.level, "friends": []})
        groups[member.group_name]["friends"].append(str(member.friend_id))
    return sorted(groups.values(), key=lambda g: (g["level"], g["name"]))


def message_analyze(*, author: AbstractUser, text: str, now: datetime | None = None):
    """Identify the private phrases of a draft against the author's profile (compose page, API)."""
    from osnguard.accounts.selectors import profile_as_engine_dict
    from osnguard.privacy.identification import identify

    if not isinstance(text, str):
        raise ValidationError({"text": "The message must be text."})
    if len(text) > MESSAGE_MAX_LENGTH:
        raise ValidationError(
            {"text": f"A message can be at most {MESSAGE_MAX_LENGTH:,} characters (this one has {len(text):,})."}
        )
    try:
        return identify(text, profile=profile_as_engine_dict(user=author), now=now or timezone.now())
    except ValueError as exc:
        raise ValidationError({"text": str(exc)}) from exc


def message_propose(
    *,
    author: AbstractUser,
    text: str,
    group_texts: dict[str, str] | None = None,
    fingerprint_all: bool = False,
    now: datetime | None = None,
):
    """What each group and each friend would get; `group_texts` are the author's edits by group."""
    from osnguard.accounts.selectors import profile_as_engine_dict
    from osnguard.privacy.anonymize import anonymize

    text = message_clean_text(text=text)
    groups = _engine_groups(author=author)
    edits = {name: " ".join(t.split()) for name, t in (group_texts or {}).items() if t and t.strip()}
    unknown = set(edits) - {g["name"] for g in groups}
    if unknown:
        raise ValidationError({"groups": f"Unknown group(s): {', '.join(sorted(unknown))}."})
    for name, edited in edits.items():
        if len(edited) > MESSAGE_MAX_LENGTH:
            raise ValidationError({"groups": f"The text for {name} is too long."})

    def edited_generalizer(message_text, phrases, *, groups, profile, now):
        from osnguard.privacy.anonymization import anonymize_groups

        proposed = anonymize_groups(message_text, phrases, groups=groups, profile=profile, now=now)
        out = []
        for group in proposed:
            if group.name in edits and edits[group.name] != group.text:
                group = replace(group, text=edits[group.name], choices=[])
            out.append(group)
        return out

    try:
        return anonymize(
            text,
            profile=profile_as_engine_dict(user=author),
            now=now or timezone.now(),
            groups=groups,
            fingerprint_all=fingerprint_all,
            seed=f"{author.pk}:{text}",
            generalizer=edited_generalizer if edits else None,
        )
    except ValueError as exc:
        raise ValidationError(str(exc)) from exc


def message_post(
    *,
    author: AbstractUser,
    text: str,
    group_texts: dict[str, str] | None = None,
    audience: str = Message.Audience.FRIENDS,
    fingerprint_all: bool = False,
    now: datetime | None = None,
) -> Message:
    """Compute every group's text and every friend's version, then store them all atomically.

    A public message goes to every friend as written, and is not fingerprinted.
    """
    text = message_clean_text(text=text)
    if audience == Message.Audience.PUBLIC:
        groups = _engine_groups(author=author)
        return message_store(
            author=author, text=text, audience=audience,
            groups=[GroupDraft(name=g["name"], level=g["level"], text=text) for g in groups],
            versions=[VersionDraft(recipient_id=int(f), group_name=g["name"], text=text)
                      for g in groups for f in g["friends"]],
        )
    result = message_propose(author=author, text=text, group_texts=group_texts,
                             fingerprint_all=fingerprint_all, now=now)
    fingerprinted = result.private or fingerprint_all
    return message_store(
        author=author,
        text=text,
        audience=audience,
        private=result.private,
        phrases=[p.to_dict() for p in result.phrases],
        fingerprinted=fingerprinted,
        min_distance=result.min_distance,
        warnings=list(result.warnings),
        groups=[
            GroupDraft(name=g.name, level=g.level, text=g.text, info_loss=float(g.info_loss),
                       k=float(g.k) if g.k is not None else None, choices=[c.to_dict() for c in g.choices])
            for g in result.groups
        ],
        versions=[
            VersionDraft(recipient_id=int(v.friend), group_name=v.group, text=v.text,
                         choices=[c.to_dict() for c in v.choices] if fingerprinted else [])
            for v in result.versions
        ],
    )
