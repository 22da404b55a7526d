"""Writes for sources, crawl requests, disclosures and notifications.

Keyword-only functions that raise django ValidationError with a message a user understands.
Crawling and detection themselves are in `crawling` and `detection`; tasks only call these.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from osnguard.circles.models import Friendship
from osnguard.circles.services import friendship_move, group_next_stricter
from osnguard.core.links import MAX_URL_CHARS, http_url

from .crawler.guard import AddressPolicy
from .models import CrawlJob, Disclosure, Notification, NotificationPreference, Source

log = logging.getLogger(__name__)

MIN_INTERVAL_MINUTES = 5
MAX_INTERVAL_MINUTES = 7 * 24 * 60
HTTP_KINDS = {
    Source.Kind.FEED,
    Source.Kind.PAGE,
    Source.Kind.MASTODON_PUBLIC,
    Source.Kind.MASTODON_TAG,
}

# --- sources ------------------------------------------------------------------------------------

# Names that never lead to a public web site (RFC 6761, RFC 6762, RFC 8375 and common private suffixes).
LOCAL_NAMES = ("localhost", "localhost.localdomain")
LOCAL_SUFFIXES = (
    ".localhost",
    ".local",
    ".localdomain",
    ".internal",
    ".home.arpa",
    ".lan",
    ".intranet",
)
_LABEL = re.compile(r"^(?!-)[a-z0-9_-]{1,63}(?<!-)$")
_NUMERIC_HOST = re.compile(r"^[0-9a-fx.]+$")
PUBLIC_ONLY = "osnguard crawls only public web sites."


def _address_policy() -> AddressPolicy:
    return AddressPolicy.from_strings(settings.CRAWLER_ALLOWED_NETWORKS)


def _literal_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The IP address a host names literally, including the short and numeric IPv4 forms
    ("127.1", "2130706433", "0x7f.0.0.1") that the system resolver accepts."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    if _NUMERIC_HOST.match(host) and any(c.isdigit() for c in host):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(host))
        except OSError:
            return None
    return None


def source_url_validate(*, url: object, check_address: bool = True) -> str:
    """A source's address, checked where it is entered (HTML form, API, `source_add`) and
    normalised: http(s) only, a valid port and host name, and (with `check_address`) no
    private, loopback or other non-public address unless CRAWLER_ALLOWED_NETWORKS allows it.
    Raises ValidationError with a message for the url field. Names are not resolved here: the
    crawler checks every address a name resolves to before connecting."""
    raw = str(url or "").strip()
    if not raw:
        raise ValidationError({"url": "Enter an http:// or https:// address."})
    if len(raw) > MAX_URL_CHARS:
        raise ValidationError(
            {"url": f"That address is too long ({MAX_URL_CHARS:,} characters at most)."}
        )
    try:
        parts = urlsplit(raw)
    except ValueError:
        raise ValidationError({"url": "That is not a valid web address."}) from None
    if parts.scheme.lower() not in {"http", "https"}:
        raise ValidationError({"url": "Only http:// and https:// addresses can be crawled."})
    try:
        port = parts.port
    except ValueError:
        port = -1
    if port is not None and not 1 <= port <= 65535:
        raise ValidationError({"url": "The port must be a number from 1 to 65535."})
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise ValidationError(
            {"url": "Enter an address with a host name, like https://example.org/feed.xml."}
        )
    address = _literal_address(host)
    if address is None:
        try:
            ascii_host = host.encode("idna").decode("ascii")
        except UnicodeError:
            ascii_host = ""
        labels = ascii_host.split(".")
        if (
            not ascii_host
            or len(ascii_host) > 253
            or not all(_LABEL.match(label) for label in labels)
        ):
            raise ValidationError({"url": f"“{host}” is not a valid host name."})
    normalised = http_url(raw)
    if normalised is None:
        raise ValidationError({"url": "That is not a valid web address."})
    if check_address:
        policy = _address_policy()
        if address is not None and not policy.permits(address):
            raise ValidationError(
                {"url": f"{address} is a private, loopback or reserved address; {PUBLIC_ONLY}"}
            )
        if (
            address is None
            and not policy.allowed_networks
            and (host in LOCAL_NAMES or host.endswith(LOCAL_SUFFIXES))
        ):
            raise ValidationError(
                {
                    "url": f"“{host}” is a name on a local network, not a public web site; "
                    f"{PUBLIC_ONLY}"
                }
            )
    return normalised


def _clean_source_fields(
    *,
    name: object,
    kind: object,
    url: object,
    hashtag: object,
    interval_minutes: object,
    check_address: bool = True,
) -> dict:
    errors: dict[str, str] = {}
    name = " ".join(str(name or "").split())
    if not name:
        errors["name"] = "Give the source a name."
    elif len(name) > 120:
        errors["name"] = "A source name can be at most 120 characters."
    if kind not in Source.Kind.values:
        errors["kind"] = f"Kind must be one of: {', '.join(Source.Kind.values)}."
    url = str(url or "").strip()
    if kind in HTTP_KINDS:
        try:
            url = source_url_validate(url=url, check_address=check_address)
        except ValidationError as exc:
            errors["url"] = exc.message_dict["url"][0]
    else:
        url = ""
    hashtag = str(hashtag or "").strip().lstrip("#")
    if kind == Source.Kind.MASTODON_TAG and (
        not hashtag or not hashtag.replace("_", "").isalnum() or len(hashtag) > 100
    ):
        errors["hashtag"] = "Enter a hashtag of letters, digits and underscores."
    try:
        interval = int(interval_minutes)
        if not MIN_INTERVAL_MINUTES <= interval <= MAX_INTERVAL_MINUTES:
            raise ValueError
    except (TypeError, ValueError):
        errors["interval_minutes"] = (
            f"Crawl every {MIN_INTERVAL_MINUTES} minutes to {MAX_INTERVAL_MINUTES // 1440} days (give minutes)."
        )
        interval = 60
    if errors:
        raise ValidationError(errors)
    return {
        "name": name,
        "kind": kind,
        "url": url,
        "hashtag": hashtag,
        "interval_minutes": interval,
    }


def source_create(
    *,
    owner: AbstractUser | None,
    name: object,
    kind: object,
    url: object = "",
    hashtag: object = "",
    interval_minutes: object = 60,
) -> Source:
    """Register a source; owner None makes it site-wide (for admins). A user may own at most
    CRAWLER_MAX_SOURCES_PER_USER sources."""
    fields = _clean_source_fields(
        name=name, kind=kind, url=url, hashtag=hashtag, interval_minutes=interval_minutes
    )
    limit = settings.CRAWLER_MAX_SOURCES_PER_USER
    if owner is not None and Source.objects.filter(owner=owner).count() >= limit:
        raise ValidationError(
            f"You already have {limit} sources, the most one account may have. Delete one you no longer "
            "need to add another."
        )
    if Source.objects.filter(
        owner=owner, kind=fields["kind"], url=fields["url"], hashtag=fields["hashtag"]
    ).exists():
        raise ValidationError({"url": "You already registered this source."})
    return Source.objects.create(owner=owner, next_crawl_at=timezone.now(), **fields)


def source_update(*, source: Source, **changes: object) -> Source:
    current = {
        k: getattr(source, k) for k in ("name", "kind", "url", "hashtag", "interval_minutes")
    }
    old_url = source.url
    current.update({k: v for k, v in changes.items() if k in current and v is not None})
    # The address rules apply to a new address; pausing a source registered earlier still works.
    fields = _clean_source_fields(**current, check_address=str(current["url"]).strip() != old_url)
    enabled = changes.get("enabled")
    for key, value in fields.items():
        setattr(source, key, value)
    if enabled is not None:
        source.enabled = bool(enabled)
    source.save()
    return source


def source_delete(*, source: Source) -> None:
    source.delete()


# --- crawl jobs ---------------------------------------------------------------------------------


def crawl_job_request(*, source: Source, requested_by: AbstractUser | None = None) -> CrawlJob:
    """Queue a crawl of `source` now; one queued or running job per source at a time."""
    if not source.enabled:
        raise ValidationError("This source is paused; resume it before crawling.")
    active = source.jobs.filter(
        status__in=[CrawlJob.Status.QUEUED, CrawlJob.Status.RUNNING]
    ).first()
    if active is not None:
        return active
    job = CrawlJob.objects.create(source=source, requested_by=requested_by)
    transaction.on_commit(lambda: crawl_job_enqueue(job=job))
    return job


def crawl_job_enqueue(*, job: CrawlJob) -> bool:
    """Hand a crawl job to the workers. If the task queue is down, the job stays queued with a
    clear error, and `crawl_jobs_requeue_stuck` sends it once the queue is back."""
    from .tasks import crawl_source

    try:
        crawl_source.apply_async(args=[job.pk], retry=False)
    except Exception as exc:
        message = f"The task queue is unavailable ({exc.__class__.__name__}); the crawl will start when it is back."
        CrawlJob.objects.filter(pk=job.pk).update(error=message)
        job.error = message
        log.warning("could not queue crawl job %s: %s", job.pk, exc)
        return False
    return True


def crawl_jobs_for_due_sources(*, now=None) -> list[CrawlJob]:
    """Queue a crawl for every enabled source whose next crawl time has come (Celery beat)."""
    now = now or timezone.now()
    jobs = []
    for source in Source.objects.filter(enabled=True, next_crawl_at__lte=now):
        Source.objects.filter(pk=source.pk).update(
            next_crawl_at=now + timedelta(minutes=source.interval_minutes)
        )
        jobs.append(crawl_job_request(source=source))
    return jobs


def crawl_jobs_requeue_stuck(*, older_than: timedelta = timedelta(minutes=30)) -> list[int]:
    """Re-send crawl jobs left queued or running by a worker that died, and jobs that could not be
    queued because the broker was down (at-least-once; crawls are idempotent)."""
    cutoff = timezone.now() - older_than
    active = [CrawlJob.Status.QUEUED, CrawlJob.Status.RUNNING]
    never_sent = Q(status=CrawlJob.Status.QUEUED) & ~Q(error="")
    stuck = list(
        CrawlJob.objects.filter(
            Q(status__in=active, created_at__lt=cutoff) | never_sent
        ).values_list("pk", flat=True)
    )
    for job in CrawlJob.objects.filter(pk__in=stuck):
        crawl_job_enqueue(job=job)
    return stuck


# --- disclosures --------------------------------------------------------------------------------


def disclosure_set_status(*, disclosure: Disclosure, status: str) -> Disclosure:
    if status not in Disclosure.Status.values:
        raise ValidationError(
            {"status": f"Status must be one of: {', '.join(Disclosure.Status.values)}."}
        )
    disclosure.status = status
    disclosure.save(update_fields=["status"])
    return disclosure


def disclosure_move_suspect_to_stricter_group(*, disclosure: Disclosure) -> Friendship:
    """Move the suspected friend to the owner's next stricter (more public) group."""
    if disclosure.suspect_id is None:
        raise ValidationError("No single friend is suspected, so there is nobody to move.")
    friendship = (
        Friendship.objects.select_related("group")
        .filter(owner_id=disclosure.owner_id, friend_id=disclosure.suspect_id)
        .first()
    )
    if friendship is None:
        raise ValidationError("The suspected friend is no longer your friend.")
    stricter = group_next_stricter(group=friendship.group)
    if stricter is None:
        raise ValidationError(f"{friendship.group.name} is already your most public group.")
    return friendship_move(friendship=friendship, group=stricter)


# --- notifications ------------------------------------------------------------------------------


def notification_preference_get(*, user: AbstractUser, kind: str) -> NotificationPreference:
    preference, _ = NotificationPreference.objects.get_or_create(user=user, kind=kind)
    return preference


def notification_preference_set(
    *, user: AbstractUser, kind: str, in_app: bool, email: bool
) -> NotificationPreference:
    if kind not in Notification.Kind.values:
        raise ValidationError(
            {"kind": f"Kind must be one of: {', '.join(Notification.Kind.values)}."}
        )
    preference = notification_preference_get(user=user, kind=kind)
    preference.in_app, preference.email = bool(in_app), bool(email)
    preference.save()
    return preference


def _email(*, notification: Notification) -> None:
    user = notification.user
    if not user.email:
        return
    try:
        send_mail(notification.title, notification.body, settings.DEFAULT_FROM_EMAIL, [user.email])
    except Exception:
        log.exception("could not e-mail notification %s", notification.pk)
        return
    Notification.objects.filter(pk=notification.pk).update(emailed_at=timezone.now())


def notification_for_disclosure(*, disclosure: Disclosure) -> Notification | None:
    """One notification per disclosure, however often it is detected; e-mailed per preference."""
    preference = notification_preference_get(
        user=disclosure.owner, kind=Notification.Kind.DISCLOSURE
    )
    if not (preference.in_app or preference.email):
        return None
    who = {
        Disclosure.Verdict.FRIEND: f"it came from {disclosure.suspect.get_full_name() or disclosure.suspect.username}"
        if disclosure.suspect_id
        else "",
        Disclosure.Verdict.GROUP: f"it came from someone in {disclosure.suspect_group}",
        Disclosure.Verdict.UNDETERMINED: "the evidence is too weak to say who shared it",
    }.get(disclosure.verdict, "")
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


def notification_mark_read(*, user: AbstractUser, notification_ids: list[int] | None = None) -> int:
    rows = Notification.objects.filter(user=user, read_at__isnull=True)
    if notification_ids is not None:
        rows = rows.filter(pk__in=notification_ids)
    return rows.update(read_at=timezone.now())
