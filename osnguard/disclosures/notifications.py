"""Notifications: telling a user in the app and by e-mail that a message of theirs was found in
public or that one of their sources keeps failing, as their preferences for each kind say: one
e-mail each (plain text and HTML, with a direct link) or one daily digest.

Writes only, like `services`; the detection and crawl pipelines call it, so it imports neither.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from osnguard.accounts.selectors import user_display_name

from .models import Disclosure, Notification, NotificationPreference, Source
from .selectors import site_name

log = logging.getLogger(__name__)


def notification_preference_get(*, user: User, kind: str) -> NotificationPreference:
    """The user's preference for one kind of notification (created with both channels on)."""
    preference, _ = NotificationPreference.objects.get_or_create(user=user, kind=kind)
    return preference


def notification_preference_set(
    *, user: User, kind: str, in_app: bool, email: bool, email_digest: bool | None = None
) -> NotificationPreference:
    """Whether the user wants notifications of `kind` in the app and by e-mail (one each, or in
    a daily digest when `email_digest`; None leaves that choice as it is)."""
    if kind not in Notification.Kind.values:
        raise ValidationError(
            {"kind": f"Kind must be one of: {', '.join(Notification.Kind.values)}."}
        )
    preference = notification_preference_get(user=user, kind=kind)
    preference.in_app, preference.email = bool(in_app), bool(email)
    if email_digest is not None:
        preference.email_digest = bool(email_digest)
    preference.save()
    return preference


def notification_link(notification: Notification) -> str:
    """The full address that opens a notification (and marks it read)."""
    return settings.SITE_URL + reverse("disclosures:notification-open", args=[notification.pk])


def _send(*, user: User, subject: str, context: dict) -> bool:
    """One e-mail with a plain-text and an HTML part; a failure is logged, never raised."""
    context = {**context, "user": user, "site_url": settings.SITE_URL,
               "settings_url": settings.SITE_URL + reverse("disclosures:preferences")}  # fmt: skip
    message = EmailMultiAlternatives(
        subject,
        render_to_string("disclosures/email/notifications.txt", context),
        settings.DEFAULT_FROM_EMAIL,
        [user.email],
    )
    message.attach_alternative(
        render_to_string("disclosures/email/notifications.html", context), "text/html"
    )
    try:
        message.send()
    except Exception:
        log.exception("could not e-mail user %s", user.pk)
        return False
    return True


def _email(*, notification: Notification) -> None:
    """E-mail a notification to its user now, unless they asked for a daily digest."""
    user = notification.user
    if not user.email:
        return
    preference = notification_preference_get(user=user, kind=notification.kind)
    if preference.email_digest:
        return  # notification_send_digests sends it with the others of the day
    items = [{"notification": notification, "link": notification_link(notification)}]
    if _send(user=user, subject=notification.title, context={"items": items, "digest": False}):
        Notification.objects.filter(pk=notification.pk).update(emailed_at=timezone.now())


def notification_send_digests(*, now: datetime | None = None) -> int:
    """Send each user who chose the daily digest one e-mail with every notification not e-mailed
    yet; returns how many e-mails were sent."""
    now = now or timezone.now()
    digest_kinds: dict[int, set[str]] = {}
    for user_id, kind in NotificationPreference.objects.filter(
        email=True, email_digest=True
    ).values_list("user_id", "kind"):
        digest_kinds.setdefault(user_id, set()).add(kind)
    sent = 0
    for user in User.objects.filter(pk__in=digest_kinds, is_active=True).exclude(email=""):
        pending = list(
            Notification.objects.filter(
                user=user,
                kind__in=digest_kinds[user.pk],
                emailed_at__isnull=True,
                created_at__lte=now,
            ).order_by("created_at", "pk")
        )
        if not pending:
            continue
        items = [{"notification": n, "link": notification_link(n)} for n in pending]
        count = len(pending)
        subject = f"osnguard: {count} thing{'s' if count != 1 else ''} happened today"
        if _send(user=user, subject=subject, context={"items": items, "digest": True}):
            Notification.objects.filter(pk__in=[n.pk for n in pending]).update(emailed_at=now)
            sent += 1
    return sent


def disclosure_title(disclosure: Disclosure) -> str:
    """What happened, as a notification title: whose copy appeared where."""
    site = site_name(disclosure.source_url).removeprefix("www.")
    if disclosure.verdict == Disclosure.Verdict.FRIEND and disclosure.suspect is not None:
        name = user_display_name(user=disclosure.suspect)
        return f"{name}'s copy of your post appeared on {site}"
    if disclosure.verdict == Disclosure.Verdict.GROUP and disclosure.suspect_group:
        return f"Someone in {disclosure.suspect_group} shared your post on {site}"
    return f"Your post appeared on {site}"


def _who_shared(disclosure: Disclosure) -> str:
    """The part of a disclosure notification that says who is suspected of sharing the copy."""
    if disclosure.verdict == Disclosure.Verdict.FRIEND:
        suspect = disclosure.suspect
        if suspect is None:
            return ""
        return f"it came from {user_display_name(user=suspect)}"
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
        f"“{disclosure.excerpt[:300]}”"
    )
    try:
        with transaction.atomic():
            notification, _created = Notification.objects.get_or_create(
                user=disclosure.owner,
                kind=Notification.Kind.DISCLOSURE,
                disclosure=disclosure,
                defaults={
                    "title": disclosure_title(disclosure)[:200],
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
