"""Notifications: telling a user in the app and by e-mail that a message of theirs was found in
public or that one of their sources keeps failing, as their preferences for each kind say.

Writes only, like `services`; the detection and crawl pipelines call it, so it imports neither.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone

from .models import Disclosure, Notification, NotificationPreference, Source

log = logging.getLogger(__name__)


def notification_preference_get(*, user: User, kind: str) -> NotificationPreference:
    """The user's preference for one kind of notification (created with both channels on)."""
    preference, _ = NotificationPreference.objects.get_or_create(user=user, kind=kind)
    return preference


def notification_preference_set(
    *, user: User, kind: str, in_app: bool, email: bool
) -> NotificationPreference:
    """Whether the user wants notifications of `kind` in the app and by e-mail."""
    if kind not in Notification.Kind.values:
        raise ValidationError(
            {"kind": f"Kind must be one of: {', '.join(Notification.Kind.values)}."}
        )
    preference = notification_preference_get(user=user, kind=kind)
    preference.in_app, preference.email = bool(in_app), bool(email)
    preference.save()
    return preference


def _email(*, notification: Notification) -> None:
    """E-mail a notification to its user; a failure is logged, never raised."""
    user = notification.user
    if not user.email:
        return
    try:
        send_mail(notification.title, notification.body, settings.DEFAULT_FROM_EMAIL, [user.email])
    except Exception:
        log.exception("could not e-mail notification %s", notification.pk)
        return
    Notification.objects.filter(pk=notification.pk).update(emailed_at=timezone.now())


def _who_shared(disclosure: Disclosure) -> str:
    """The part of a disclosure notification that says who is suspected of sharing the copy."""
    if disclosure.verdict == Disclosure.Verdict.FRIEND:
        suspect = disclosure.suspect
        if suspect is None:
            return ""
        return f"it came from {suspect.get_full_name() or suspect.username}"
    if disclosure.verdict == Disclosure.Verdict.GROUP:
        return f"it came from someone in {disclosure.suspect_group}"
    if disclosure.verdict == Disclosure.Verdict.UNDETERMINED:
        return "the evidence is too weak to say who shared it"
    return ""


def notification_for_disclosure(*, disclosure: Disclosure) -> Notification | None:
    """One notification per disclosure, however often it is detected; e-mailed per preference."""
    preference = notification_preference_get(
        user=disclosure.owner, kind=Notification.Kind.DISCLOSURE
    )
    if not (preference.in_app or preference.email):
        return None
    who = _who_shared(disclosure)
    body = (
        f"A copy of your message was found at {disclosure.source_url}; {who}.\n\n"
        f"“{disclosure.excerpt[:300]}”\n\nOpen osnguard to see the evidence."
    )
    try:
        with transaction.atomic():
            notification, _created = Notification.objects.get_or_create(
                user=disclosure.owner,
                kind=Notification.Kind.DISCLOSURE,
                disclosure=disclosure,
                defaults={
                    "title": "A message of yours was found in public",
                    "body": body,
                    "read_at": None if preference.in_app else timezone.now(),
                },
            )
    except IntegrityError:
        notification = Notification.objects.get(
            user=disclosure.owner, kind=Notification.Kind.DISCLOSURE, disclosure=disclosure
        )
    if preference.email and notification.emailed_at is None:
        _email(notification=notification)
    return notification


def notification_source_failing(*, source: Source) -> Notification | None:
    """Tell a source's owner that it keeps failing, unless an unread notice already says so."""
    if source.owner is None:
        return None
    recent = Notification.objects.filter(
        user=source.owner,
        kind=Notification.Kind.SOURCE_FAILING,
        source=source,
        read_at__isnull=True,
    ).exists()
    if recent:
        return None
    preference = notification_preference_get(
        user=source.owner, kind=Notification.Kind.SOURCE_FAILING
    )
    if not (preference.in_app or preference.email):
        return None
    notification = Notification.objects.create(
        user=source.owner,
        kind=Notification.Kind.SOURCE_FAILING,
        source=source,
        title=f"Crawling {source.name} keeps failing",
        body=f"The last {source.consecutive_failures} crawls failed: {source.last_error}",
    )
    if preference.email:
        _email(notification=notification)
    return notification


def notification_mark_read(*, user: User, notification_ids: list[int] | None = None) -> int:
    """Mark the user's unread notifications read (only `notification_ids`, if given); returns
    how many changed."""
    rows = Notification.objects.filter(user=user, read_at__isnull=True)
    if notification_ids is not None:
        rows = rows.filter(pk__in=notification_ids)
    return rows.update(read_at=timezone.now())
