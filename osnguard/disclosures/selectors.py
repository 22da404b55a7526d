"""Reads for sources, crawl jobs, disclosures, notifications and the dashboards.

Everything is scoped to one user: their own sources (plus site-wide ones, read-only), and only
disclosures of messages they wrote.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta
from urllib.parse import urlsplit

from django.contrib.auth.models import User
from django.db.models import Count, Q, QuerySet
from django.db.models.functions import TruncDate
from django.http import Http404
from django.urls import reverse
from django.utils import timezone

from osnguard.accounts.selectors import user_display_name
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.circles.services import group_next_stricter
from osnguard.posts.models import Version
from osnguard.privacy.attribution import LeakSupport, coincidence, is_named, outdone

from .models import CrawlJob, Disclosure, Notification, Source


def source_list(*, user: User) -> QuerySet[Source]:
    """The user's sources and the site-wide ones."""
    return Source.objects.filter(Q(owner=user) | Q(owner__isnull=True)).order_by(
        "owner_id", "name", "id"
    )


def source_get(*, user: User, source_id: int | str, writable: bool = False) -> Source:
    """A source the user may see (or change, with writable=True; site-wide ones only for staff)."""
    rows = source_list(user=user)
    if writable and not user.is_staff:
        rows = rows.filter(owner=user)
    try:
        return rows.get(pk=int(source_id))
    except (Source.DoesNotExist, ValueError, TypeError):
        raise Http404("No such source.") from None


def crawl_job_list(*, user: User, source: Source | None = None) -> QuerySet[CrawlJob]:
    """Crawls of the user's sources and the site-wide ones. `viewer_matched` counts only
    disclosures of the user's own messages: a crawl says nothing about other users' messages."""
    rows = (
        CrawlJob.objects.filter(Q(source__owner=user) | Q(source__owner__isnull=True))
        .select_related("source")
        .annotate(
            viewer_matched=Count(
                "documents__disclosures",
                filter=Q(documents__disclosures__owner=user),
                distinct=True,
            )
        )
    )
    if source is not None:
        rows = rows.filter(source=source)
    return rows.order_by("-created_at", "-id")


def crawl_job_get(*, user: User, job_id: int | str) -> CrawlJob:
    try:
        return crawl_job_list(user=user).get(pk=int(job_id))
    except (CrawlJob.DoesNotExist, ValueError, TypeError):
        raise Http404("No such crawl.") from None


def disclosure_list(
    *, owner: User, status: str | None = None, crawl_job_id: int | None = None
) -> QuerySet[Disclosure]:
    """The owner's disclosures, newest first; only one status's, or one crawl's, when given."""
    rows = Disclosure.objects.filter(owner=owner).select_related("suspect", "source", "message")
    if status:
        rows = rows.filter(status=status)
    if crawl_job_id is not None:
        rows = rows.filter(document__crawl_job_id=crawl_job_id)
    return rows.order_by("-detected_at", "-id")


def crawl_job_matches_url(*, user: User, job: CrawlJob) -> str:
    """Where "N matched" of a crawl leads: the disclosure itself when there is one, else the
    dashboard's list of this crawl's disclosures; "" when it found none of the user's."""
    matched = getattr(job, "viewer_matched", 0)
    if not matched:
        return ""
    if matched == 1:
        only = disclosure_list(owner=user, crawl_job_id=job.pk).first()
        if only is not None:
            return reverse("disclosures:detail", args=[only.pk])
    return f"{reverse('disclosures:dashboard')}?crawl={job.pk}#disclosure-list"


def disclosure_get(*, owner: User, disclosure_id: int | str) -> Disclosure:
    try:
        return (
            disclosure_list(owner=owner)
            .select_related("suspect_version", "document")
            .get(pk=int(disclosure_id))
        )
    except (Disclosure.DoesNotExist, ValueError, TypeError):
        raise Http404("No such disclosure.") from None


@dataclass(frozen=True)
class CountRow:
    label: str
    count: int
    key: str = ""


def leaks_by_friend(*, owner: User, limit: int = 20) -> list[CountRow]:
    """Disclosures attributed to each friend (dismissed ones excluded), most first."""
    rows = (
        disclosure_list(owner=owner)
        .exclude(status=Disclosure.Status.DISMISSED)
        .filter(verdict=Disclosure.Verdict.FRIEND, suspect__isnull=False)
        .values("suspect_id", "suspect__username", "suspect__first_name", "suspect__last_name")
        .annotate(n=Count("id"))
        .order_by("-n", "suspect__username")[:limit]
    )
    return [
        CountRow(
            label=" ".join(filter(None, [r["suspect__first_name"], r["suspect__last_name"]]))
            or r["suspect__username"],
            count=r["n"],
            key=str(r["suspect_id"]),
        )
        for r in rows
    ]


@dataclass(frozen=True)
class Suspicion:
    """A friend's standing over all of an owner's leaks (attribution/tracing.py): the summed
    support in nats over chance, and the disclosures behind it, most recent first."""

    friend: User
    score: float
    disclosure_ids: list[int]


@dataclass(frozen=True)
class TraceSummary:
    """The friends most suspected across leaks, and the one named (None when nobody leads by
    the tracing margin, from one leak that named them or from several whose sum an innocent
    friend rarely reaches by coincidence: attribution.is_named)."""

    suspects: list[Suspicion]
    named: Suspicion | None
    margin: float
    chance: float = 1.0  # how often an innocent friend would reach the leader's score


def suspicion_across_leaks(*, owner: User, limit: int = 5) -> TraceSummary:
    """Every leak of the owner's messages adds its support per friend (dismissed ones excluded)."""
    scores: dict[int, float] = {}
    leaks: dict[int, list[int]] = {}
    named_alone: set[int] = set()
    supports: list[LeakSupport] = []
    rows = list(
        disclosure_list(owner=owner)
        .exclude(status=Disclosure.Status.DISMISSED)
        .values_list("id", "support", "verdict", "suspect_id", "message_id")
    )
    groups: dict[int, dict[str, str]] = {}  # per message: recipient -> group
    for message_id, recipient_id, group in Version.objects.filter(
        message_id__in={row[4] for row in rows}
    ).values_list("message_id", "recipient_id", "group_version__group_name"):
        groups.setdefault(message_id, {})[str(recipient_id)] = group
    for disclosure_id, support, verdict, suspect_id, message_id in rows:
        if verdict == Disclosure.Verdict.FRIEND and suspect_id is not None:
            named_alone.add(suspect_id)
        supports.append(LeakSupport(support or {}, groups.get(message_id, {})))
        for friend, nats in (support or {}).items():
            if not str(friend).isdigit():
                continue
            key = int(friend)
            scores[key] = scores.get(key, 0.0) + float(nats)
            leaks.setdefault(key, []).append(disclosure_id)
    ranked = sorted(scores, key=lambda k: (-scores[k], k))[:limit]
    users = {u.pk: u for u in User.objects.filter(pk__in=ranked)}
    suspects = [Suspicion(users[k], round(scores[k], 1), leaks[k]) for k in ranked if k in users]
    if not suspects:
        return TraceSummary([], None, 0.0)
    margin = suspects[0].score - (suspects[1].score if len(suspects) > 1 else 0.0)
    top = suspects[0]
    chance = coincidence(scores[top.friend.pk], supports)
    alone = top.friend.pk in named_alone
    beaten = outdone(str(top.friend.pk), supports)
    named = top if is_named(margin, len(top.disclosure_ids), alone, chance, beaten) else None
    return TraceSummary(suspects, named, round(margin, 1), chance)


def leaks_by_group(*, owner: User) -> list[CountRow]:
    rows = (
        disclosure_list(owner=owner)
        .exclude(status=Disclosure.Status.DISMISSED)
        .exclude(suspect_group="")
        .values("suspect_group")
        .annotate(n=Count("id"))
        .order_by("-n", "suspect_group")
    )
    return [CountRow(label=r["suspect_group"], count=r["n"]) for r in rows]


def leaks_by_source(*, owner: User, limit: int = 10) -> list[CountRow]:
    """Disclosures per place: the owner's own (or site-wide) source by name, else the web site
    where the copy was found; never the name of another user's source."""
    rows = (
        disclosure_list(owner=owner)
        .exclude(status=Disclosure.Status.DISMISSED)
        .values_list("source_id", "source__name", "source__owner_id", "source_url")
    )
    counts: Counter[tuple[str, str]] = Counter()
    for source_id, name, source_owner_id, url in rows.iterator():
        if source_id is not None and source_owner_id in (None, owner.pk):
            counts[(name, str(source_id))] += 1
        else:
            counts[(site_name(url), "")] += 1
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0][0]))[:limit]
    return [CountRow(label=label, count=n, key=key) for (label, key), n in ranked]


def site_name(url: str) -> str:
    """The host a URL points to, for people to read ("(unknown site)" when it has none)."""
    try:
        return urlsplit(url).hostname or "(unknown site)"
    except ValueError:
        return "(unknown site)"


def leak_timeline(*, owner: User, days: int = 30, today: date | None = None) -> list[CountRow]:
    """Disclosures per day over the last `days` days, zero days included."""
    today = today or timezone.localdate()
    start = today - timedelta(days=days - 1)
    counts = dict(
        disclosure_list(owner=owner)
        .exclude(status=Disclosure.Status.DISMISSED)
        .filter(detected_at__date__gte=start)
        .annotate(day=TruncDate("detected_at"))
        .values("day")
        .annotate(n=Count("id"))
        .values_list("day", "n")
    )
    return [
        CountRow(
            label=(start + timedelta(days=i)).isoformat(),
            count=counts.get(start + timedelta(days=i), 0),
        )
        for i in range(days)
    ]


def notification_list(*, user: User) -> QuerySet[Notification]:
    return (
        Notification.objects.filter(user=user)
        .select_related("disclosure")
        .order_by("-created_at", "-id")
    )


def notification_get(*, user: User, notification_id: int | str) -> Notification:
    """One of the user's notifications; 404 for anyone else's."""
    try:
        return notification_list(user=user).get(pk=int(notification_id))
    except (Notification.DoesNotExist, ValueError, TypeError):
        raise Http404("No such notification.") from None


def notification_unread_count(*, user: User) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()


@dataclass(frozen=True)
class DisclosureEvidence:
    """What the detail page says about a disclosure, in plain words (no ids, no units)."""

    summary: str  # one or two sentences: who, and on what evidence
    leaked_spans: list[tuple[int, int]]  # in the published text: only what points to the suspect
    version_spans: list[tuple[int, int]]  # in the suspect's version: the same places
    specific_places: int  # places where the copy matches the suspect and most others differ
    group_text: str  # the group's text, for a group verdict
    suspects: list[str]  # names still suspected, for a group or undetermined verdict
    more_suspects: int  # suspects not listed


SUSPECTS_LISTED = 8


def _occurs(word: str, text: str) -> bool:
    return bool(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text))


def disclosure_evidence(*, disclosure: Disclosure) -> DisclosureEvidence:
    """The evidence of a disclosure as a person would say it: how many places of the copy match
    the suspect's version where most other friends' versions differ (only those are highlighted),
    the group's text for a group verdict, and the friends still suspected."""
    versions = list(disclosure.message.versions.select_related("recipient"))
    suspect = disclosure.suspect
    suspect_version = disclosure.suspect_version
    leaked_spans: list[tuple[int, int]] = []
    version_spans: list[tuple[int, int]] = []
    if suspect_version is not None:
        choices = suspect_version.fingerprint_choices
        others = [v.text for v in versions if v.pk != suspect_version.pk]
        for item in disclosure.evidence:
            word = str(item.get("text", "")).strip()
            if not word or not _occurs(word, suspect_version.text):
                continue
            sharing = sum(_occurs(word, text) for text in others)
            if others and sharing * 2 >= len(others):
                continue  # most friends' versions say it too: not evidence against this friend
            leaked_spans.append((int(item["start"]), int(item["end"])))
            version_spans += [
                (c["start"], c["end"]) for c in choices if str(c.get("text", "")).strip() == word
            ]
    places = len(leaked_spans)
    group_text = ""
    suspects: list[str] = []
    if disclosure.verdict != Disclosure.Verdict.FRIEND or suspect is None:
        by_id = {str(v.recipient_id): v.recipient for v in versions}
        support = disclosure.support or {}
        best = max(support.values(), default=0.0)
        suspects = [
            user_display_name(user=by_id[friend])
            for friend, nats in sorted(support.items(), key=lambda item: -item[1])
            if friend in by_id and nats >= best - 1.0
        ]
        group = disclosure.message.group_versions.filter(group_name=disclosure.suspect_group)
        group_text = group.values_list("text", flat=True).first() or ""
    listed = suspects[:SUSPECTS_LISTED]
    more = len(suspects) - len(listed)
    layers = disclosure.layers or []
    if disclosure.verdict == Disclosure.Verdict.FRIEND and suspect is not None:
        name = user_display_name(user=suspect)
        matches = (
            f"matches {name}'s version in {places} "
            + ("place where" if places == 1 else "places where")
            + " most other friends' versions differ"
        )
        if "invisible" in layers:
            summary = (
                f"This copy still carries the hidden marks of {name}'s version: it was copied "
                f"and pasted from what {name} received."
            )
            if places:
                summary += f" Its wording agrees: it {matches}."
        else:
            summary = (
                f"This copy {matches}, and no other friend's version comes close. osnguard "
                "names a friend only when the evidence is this strong."
            )
    elif disclosure.verdict == Disclosure.Verdict.GROUP:
        summary = (
            f"This copy has the wording your {disclosure.suspect_group} group received, but "
            "several friends there got the same wording, so osnguard does not name one of them."
        )
        if suspects:
            summary += " Another leak of your posts may tell them apart."
    else:
        summary = (
            "This copy discloses your message, but its wording is shared by the versions of "
            "several friends or groups, so osnguard cannot say whose copy it was."
        )
    return DisclosureEvidence(
        summary, leaked_spans, version_spans, places, group_text, listed, more
    )


def disclosure_move_target(*, disclosure: Disclosure) -> dict[str, FriendGroup | None]:
    """The suspect's group now and the stricter group "move" would put them in (both None when
    nobody single is suspected or the suspect is no longer a friend)."""
    if disclosure.suspect_id is None:
        return {"suspect_group": None, "stricter_group": None}
    friendship = (
        Friendship.objects.select_related("group")
        .filter(owner_id=disclosure.owner_id, friend_id=disclosure.suspect_id)
        .first()
    )
    if friendship is None:
        return {"suspect_group": None, "stricter_group": None}
    return {
        "suspect_group": friendship.group,
        "stricter_group": group_next_stricter(group=friendship.group),
    }
