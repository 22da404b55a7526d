"""Writes for sources, crawl requests and disclosures.

Keyword-only functions that raise django ValidationError with a message a user understands.
Crawling and detection themselves are in `crawling` and `detection`, notifications in
`notifications`; tasks only call these. Crawls are queued through `dispatch`, by task name.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
from datetime import datetime, timedelta
from typing import SupportsIndex, SupportsInt
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from osnguard.circles.models import Friendship
from osnguard.circles.services import friendship_move, group_next_stricter
from osnguard.core.links import MAX_URL_CHARS, http_url

from .crawler.guard import AddressPolicy
from .dispatch import crawl_source_send
from .models import CrawlJob, Disclosure, Source

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


def _whole_number(value: object) -> int:
    """`int(value)` for what `int` accepts; TypeError for anything else."""
    if isinstance(value, str | bytes | SupportsInt | SupportsIndex):
        return int(value)
    raise TypeError(f"not a number: {type(value).__name__}")


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
        interval = _whole_number(interval_minutes)
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
    owner: User | None,
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


def crawl_job_request(*, source: Source, requested_by: User | None = None) -> CrawlJob:
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
    try:
        crawl_source_send(job_id=job.pk)
    except Exception as exc:
        message = f"The task queue is unavailable ({exc.__class__.__name__}); the crawl will start when it is back."
        CrawlJob.objects.filter(pk=job.pk).update(error=message)
        job.error = message
        log.warning("could not queue crawl job %s: %s", job.pk, exc)
        return False
    return True


def crawl_jobs_for_due_sources(*, now: datetime | None = None) -> list[CrawlJob]:
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


def _suspect_friendship_locked(disclosure: Disclosure) -> Friendship:
    """The owner's friendship with the suspect, locked for the rest of the transaction."""
    friendship = (
        Friendship.objects.select_for_update()
        .select_related("group", "friend")
        .filter(owner_id=disclosure.owner_id, friend_id=disclosure.suspect_id)
        .first()
    )
    if friendship is None:
        raise ValidationError("The suspected friend is no longer your friend.")
    return friendship


@transaction.atomic
def disclosure_move_suspect_to_stricter_group(*, disclosure: Disclosure) -> Friendship:
    """Move the suspected friend to the owner's next stricter (more public) group, once per
    leak: a second request (a double click, a resent form) leaves the friend where the first put
    them. Acting on a leak confirms it, and suggestions never bring the friend back closer than
    their new group until the move is undone (`disclosure_undo_move`)."""
    disclosure = Disclosure.objects.select_for_update().get(pk=disclosure.pk)
    if disclosure.suspect_id is None:
        raise ValidationError("No single friend is suspected, so there is nobody to move.")
    friendship = _suspect_friendship_locked(disclosure)
    if disclosure.moved_from_id is not None:
        return friendship  # already moved for this leak
    stricter = group_next_stricter(group=friendship.group)
    if stricter is None:
        raise ValidationError(f"{friendship.group.name} is already your most public group.")
    disclosure.moved_from = friendship.group
    disclosure.status = Disclosure.Status.CONFIRMED
    disclosure.save(update_fields=["moved_from", "status"])
    friendship_move(friendship=friendship, group=stricter)
    friendship.no_closer_than = stricter.level
    friendship.save(update_fields=["no_closer_than"])
    return friendship


@transaction.atomic
def disclosure_undo_move(*, disclosure: Disclosure) -> Friendship:
    """Put the friend moved because of this leak back in the group they were in (the leak stays
    confirmed); nothing to undo is an error."""
    disclosure = Disclosure.objects.select_for_update().get(pk=disclosure.pk)
    if disclosure.moved_from_id is None or disclosure.suspect_id is None:
        raise ValidationError("Nobody was moved because of this leak, so there is nothing to undo.")
    friendship = _suspect_friendship_locked(disclosure)
    back_to = disclosure.moved_from
    assert back_to is not None
    disclosure.moved_from = None
    disclosure.save(update_fields=["moved_from"])
    friendship_move(friendship=friendship, group=back_to)
    friendship.no_closer_than = None
    friendship.save(update_fields=["no_closer_than"])
    return friendship
