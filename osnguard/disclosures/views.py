"""HTML pages: the disclosure dashboard and detail, sources with crawl progress, notifications.

Everything is looked up among the signed-in user's own objects, so other users' ids are 404.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from osnguard.accounts.selectors import user_display_name
from osnguard.circles.selectors import friend_request_incoming, group_list
from osnguard.core.forms import add_service_errors, bad_request, error_text
from osnguard.core.highlight import segments
from osnguard.core.inputs import id_parse
from osnguard.core.requests import HtmxHttpRequest, request_user
from osnguard.privacy.fingerprinting import strip_invisible

from . import charts, selectors, services
from .forms import NotificationPreferencesForm, SourceForm
from .models import CrawlJob, Disclosure, Notification
from .notifications import (
    notification_mark_read,
    notification_preference_get,
    notification_preference_set,
)

PAGE_SIZE = 20


def _page(request: HttpRequest, rows: QuerySet[Any]) -> Page[Any]:
    return Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))


@login_required
@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    """Who leaked what: per friend and per group, a timeline, top sources, recent disclosures."""
    status = request.GET.get("status") or None
    if status not in (None, *Disclosure.Status.values):
        status = None
    crawl = id_parse(request.GET.get("crawl"))
    context = {
        "by_friend": charts.bars(selectors.leaks_by_friend(owner=request_user(request))),
        "across": selectors.suspicion_across_leaks(owner=request_user(request)),
        "by_group": charts.bars(selectors.leaks_by_group(owner=request_user(request))),
        "by_source": charts.bars(selectors.leaks_by_source(owner=request_user(request))),
        "timeline": charts.timeline_columns(selectors.leak_timeline(owner=request_user(request))),
        "page": _page(
            request,
            selectors.disclosure_list(
                owner=request_user(request), status=status, crawl_job_id=crawl
            ),
        ),
        "status": status,
        "crawl": crawl,
        "statuses": Disclosure.Status.choices,
        "total": selectors.disclosure_list(owner=request_user(request)).count(),
    }
    return render(request, "disclosures/dashboard.html", context)


@login_required
@require_GET
def disclosure_detail(request: HttpRequest, pk: int) -> HttpResponse:
    disclosure = selectors.disclosure_get(owner=request_user(request), disclosure_id=pk)
    evidence = selectors.disclosure_evidence(disclosure=disclosure)
    version = disclosure.suspect_version
    context = {
        "disclosure": disclosure,
        "evidence": evidence,
        "suspect_name": user_display_name(user=disclosure.suspect) if disclosure.suspect else "",
        "leaked": segments(strip_invisible(disclosure.document.text), evidence.leaked_spans),
        "through_invisible": "invisible" in (disclosure.layers or []),
        "through_typography": "typographic" in (disclosure.layers or []),
        "version_segments": segments(version.text, evidence.version_spans) if version else None,
        **selectors.disclosure_move_target(disclosure=disclosure),
    }
    return render(request, "disclosures/detail.html", context)


@login_required
@require_POST
def disclosure_action(request: HttpRequest, pk: int) -> HttpResponse:
    disclosure = selectors.disclosure_get(owner=request_user(request), disclosure_id=pk)
    action = request.POST.get("action")
    try:
        if action == "dismiss":
            services.disclosure_set_status(
                disclosure=disclosure, status=Disclosure.Status.DISMISSED
            )
            messages.success(request, "Marked as a false alarm.")
        elif action == "confirm":
            services.disclosure_set_status(
                disclosure=disclosure, status=Disclosure.Status.CONFIRMED
            )
            messages.success(request, "Marked as confirmed.")
        elif action == "move":
            friendship = services.disclosure_move_suspect_to_stricter_group(disclosure=disclosure)
            messages.success(
                request,
                f"{user_display_name(user=friendship.friend)} is now in {friendship.group.name}, "
                "and the leak is marked confirmed.",
            )
        elif action == "undo-move":
            friendship = services.disclosure_undo_move(disclosure=disclosure)
            messages.success(
                request,
                f"Undone: {user_display_name(user=friendship.friend)} is back in "
                f"{friendship.group.name}.",
            )
        else:
            messages.error(request, "Unknown action.")
    except ValidationError as exc:
        messages.error(request, error_text(exc))
    return redirect("disclosures:detail", pk=disclosure.pk)


@login_required
@require_http_methods(["GET", "POST"])
def sources(request: HttpRequest) -> HttpResponse:
    form = SourceForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                source = services.source_create(owner=request_user(request), **form.cleaned_data)
            except ValidationError as exc:
                add_service_errors(form, exc)
            else:
                messages.success(
                    request,
                    f"Added {source.name}. It will be crawled every "
                    f"{source.interval_minutes} minutes.",
                )
                return redirect("disclosures:source", pk=source.pk)
        status = 400
    context = {
        "form": form,
        "page": _page(request, selectors.source_list(user=request_user(request))),
    }
    return render(request, "disclosures/sources.html", context, status=status)


@login_required
@require_GET
def source_detail(request: HttpRequest, pk: int) -> HttpResponse:
    source = selectors.source_get(user=request_user(request), source_id=pk)
    context = {
        "source": source,
        "jobs": selectors.crawl_job_list(user=request_user(request), source=source)[:10],
        "errors": source.errors.all()[:10],
        "can_edit": source.owner_id == request_user(request).pk or request_user(request).is_staff,
    }
    return render(request, "disclosures/source_detail.html", context)


@login_required
@require_POST
def source_action(request: HttpRequest, pk: int) -> HttpResponse:
    source = selectors.source_get(user=request_user(request), source_id=pk, writable=True)
    action = request.POST.get("action")
    try:
        if action == "crawl":
            job = services.crawl_job_request(source=source, requested_by=request_user(request))
            if job.error:
                messages.warning(request, f"Crawl #{job.pk}: {job.error}")
            else:
                messages.success(request, f"Crawl #{job.pk} queued.")
        elif action in {"pause", "resume"}:
            services.source_update(source=source, enabled=action == "resume")
            messages.success(request, "Source resumed." if action == "resume" else "Source paused.")
        elif action == "delete":
            services.source_delete(source=source)
            messages.success(request, "Source deleted.")
            return redirect("disclosures:sources")
        else:
            messages.error(request, "Unknown action.")
    except ValidationError as exc:
        messages.error(request, error_text(exc))
    return redirect("disclosures:source", pk=source.pk)


@login_required
@require_GET
def crawl_job_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """A crawl's progress; the partial polls itself with htmx while the crawl runs."""
    job = selectors.crawl_job_get(user=request_user(request), job_id=pk)
    active = job.status in (CrawlJob.Status.QUEUED, CrawlJob.Status.RUNNING)
    percent = (
        round(100 * job.screened / job.new_documents)
        if job.new_documents
        else (0 if active else 100)
    )
    response = render(
        request,
        "disclosures/_job_progress.html",
        {
            "job": job,
            "active": active,
            "percent": percent,
            "matches_url": selectors.crawl_job_matches_url(user=request_user(request), job=job),
        },
    )
    if request.GET.get("polling") and not active:
        response["HX-Trigger"] = "crawl-finished"  # the source page refreshes its status
    return response


@login_required
@require_GET
def notifications(request: HttpRequest) -> HttpResponse:
    """Friend requests waiting for an answer, then notifications, newest first."""
    user = request_user(request)
    return render(
        request,
        "disclosures/notifications.html",
        {
            "page": _page(request, selectors.notification_list(user=user)),
            "friend_requests": list(friend_request_incoming(user=user)[:20]),
            "groups": list(group_list(owner=user)),
        },
    )


@login_required
@require_POST
def notifications_mark_read(request: HtmxHttpRequest) -> HttpResponse:
    raw = request.POST.getlist("id")
    ids = [parsed for parsed in map(id_parse, raw) if parsed is not None]
    if len(ids) < len(raw):
        return bad_request(
            request, "Notification ids must be whole numbers written with the digits 0-9."
        )
    notification_mark_read(user=request_user(request), notification_ids=ids if raw else None)
    if request.htmx:
        return notification_badge(request)
    return redirect("disclosures:notifications")


@login_required
@require_GET
def notification_open(request: HttpRequest, pk: int) -> HttpResponse:
    """Open a notification (from the list or an e-mail): it is marked read, then shown where it
    points (the disclosure, the source), or in the list."""
    notification = selectors.notification_get(user=request_user(request), notification_id=pk)
    notification_mark_read(user=request_user(request), notification_ids=[notification.pk])
    if notification.disclosure_id:
        return redirect("disclosures:detail", pk=notification.disclosure_id)
    if notification.source_id:
        return redirect("disclosures:source", pk=notification.source_id)
    return redirect("disclosures:notifications")


@login_required
@require_GET
def notification_badge(request: HttpRequest) -> HttpResponse:
    """The bell in the navigation: unread notifications and friend requests; polled with htmx."""
    user = request_user(request)
    unread = selectors.notification_unread_count(user=user)
    requests = friend_request_incoming(user=user).count()
    return render(
        request,
        "disclosures/_badge.html",
        {"unread": unread, "requests": requests, "total": unread + requests},
    )


@login_required
@require_http_methods(["GET", "POST"])
def notification_preferences(request: HttpRequest) -> HttpResponse:
    preferences = [
        notification_preference_get(user=request_user(request), kind=k)
        for k in Notification.Kind.values
    ]
    current = {p.kind: (p.in_app, p.email) for p in preferences}
    form = NotificationPreferencesForm(
        request.POST or None,
        preferences=current,
        digest=any(p.email_digest for p in preferences),
    )
    if request.method == "POST" and form.is_valid():
        for kind in Notification.Kind.values:
            notification_preference_set(
                user=request_user(request),
                kind=kind,
                in_app=form.cleaned_data[f"{kind}__in_app"],
                email=form.cleaned_data[f"{kind}__email"],
                email_digest=form.cleaned_data["email_digest"],
            )
        messages.success(request, "Notification settings saved.")
        return redirect("disclosures:preferences")
    return render(
        request,
        "disclosures/preferences.html",
        {"form": form, "address": request_user(request).email},
    )
