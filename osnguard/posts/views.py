"""HTML pages for composing (live analysis, per-group review, posting), the feed, and the author's
own messages. Compose uses htmx partials: `_analysis.html` as the user types, `_review.html` for
the per-group versions.

A message the engine could not check is answered 503 (as the API does, and swapped by htmx): the
analysis says it could not be checked and why, review and posting are refused, and the review
panel offers the explicit "post my original text unchecked" control (`post_unchecked`).
`export_posts` releases the author's posts (or, for staff, the public posts) k-anonymously;
`writing_exposure` is "How recognisable is your writing" (a card on the profile page).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from osnguard.accounts.selectors import profile_settings_get
from osnguard.core.api import UNCHECKED_STATUS
from osnguard.core.forms import error_text
from osnguard.core.highlight import segments
from osnguard.core.limits import EngineBusy, engine_slot
from osnguard.core.requests import AuthenticatedHttpRequest
from osnguard.privacy.types import UncheckedMessage

from . import selectors, services
from .forms import ExportForm, post_fields, review_fields
from .models import Message
from .presentation import analysis_context, review_context

PAGE_SIZE = 20


@login_required
@require_GET
def compose(request: AuthenticatedHttpRequest) -> HttpResponse:
    settings = profile_settings_get(user=request.user)
    return render(
        request,
        "posts/compose.html",
        {"max_length": services.proposal_max_length(), "fingerprint_all": settings.fingerprint_all},
    )


@login_required
@require_POST
def compose_analyze(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The live analysis panel: highlights and reasons for the text typed so far."""
    text = request.POST.get("text", "")
    if not text.strip():
        return render(request, "posts/_analysis.html", {"empty": True})
    try:
        with engine_slot():
            result = services.message_analyze(author=request.user, text=text)
    except ValidationError as exc:
        return render(request, "posts/_analysis.html", {"error": error_text(exc)}, status=400)
    except EngineBusy as exc:
        return _busy(request, "posts/_analysis.html", exc)
    context = analysis_context(text, result)
    context["typical_words"] = selectors.message_typicality(user=request.user, text=text)
    return render(
        request,
        "posts/_analysis.html",
        context,
        status=200 if result.checked else UNCHECKED_STATUS,
    )


@login_required
@require_POST
def compose_review(request: AuthenticatedHttpRequest) -> HttpResponse:
    """What each group and friend would receive, with the author's review choices applied (the
    panel's selects, checkboxes and edits post back here through htmx and re-render it)."""
    text = request.POST.get("text", "")
    try:
        with engine_slot():
            proposal = services.message_propose(
                author=request.user,
                text=text,
                **review_fields(request.POST),
                fingerprint_all=request.POST.get("fingerprint_all") == "on",
            )
    except ValidationError as exc:
        return render(request, "posts/_review.html", {"error": error_text(exc)}, status=400)
    except UncheckedMessage as exc:
        return render(request, "posts/_review.html", {"unchecked": exc}, status=UNCHECKED_STATUS)
    except EngineBusy as exc:
        return _busy(request, "posts/_review.html", exc)
    return render(request, "posts/_review.html", review_context(text, proposal))


@login_required
@require_POST
def compose_post(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Post exactly what was reviewed: the same choices, review time and versions (by digest).

    A message that cannot be checked is refused, unless the author ticked `post_unchecked`."""
    text = request.POST.get("text", "")
    audience = request.POST.get("audience", Message.Audience.FRIENDS)
    try:
        with engine_slot():
            message = services.message_post(
                author=request.user,
                text=text,
                audience=audience,
                **post_fields(request.POST),
                fingerprint_all=request.POST.get("fingerprint_all") == "on",
                post_unchecked=request.POST.get("post_unchecked") == "on",
            )
    except EngineBusy as exc:
        if request.htmx:
            return _busy(request, "posts/_review.html", exc)
        return _post_refused(
            request, text, audience, {"error": str(exc.detail)}, status=503, retry_after=exc.wait
        )
    except UncheckedMessage as exc:
        return _post_refused(request, text, audience, {"unchecked": exc}, status=UNCHECKED_STATUS)
    except ValidationError as exc:
        return _post_refused(request, text, audience, {"error": error_text(exc)}, status=400)
    if message.posted_unchecked:
        messages.warning(
            request, f"Posted unchecked: {message.versions.count()} friends got your original text."
        )
    else:
        messages.success(request, f"Posted to {message.versions.count()} friends.")
    if request.htmx:
        response = HttpResponse(status=204)
        response["HX-Redirect"] = message_url(message)
        return response
    return redirect("posts:message", pk=message.pk)


def _post_refused(
    request: AuthenticatedHttpRequest,
    text: str,
    audience: str,
    problem: dict[str, object],
    *,
    status: int,
    retry_after: int | None = None,
) -> HttpResponse:
    """A refused post: the review panel with the problem (htmx), or for a plain form the compose
    page again, with the message kept and the problem in the panel."""
    if request.htmx:
        return render(request, "posts/_review.html", problem, status=status)
    response = render(
        request,
        "posts/compose.html",
        {
            "max_length": services.proposal_max_length(),
            "text": text,
            "audience": audience,
            **problem,
            "fingerprint_all": request.POST.get("fingerprint_all") == "on",
        },
        status=status,
    )
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


def _busy(request: HttpRequest, template: str, exc: EngineBusy) -> HttpResponse:
    """503 with Retry-After when every engine slot is taken (the panel shows why; nothing is lost)."""
    response = render(request, template, {"error": str(exc.detail)}, status=503)
    response["Retry-After"] = str(exc.wait)
    return response


def message_url(message: Message) -> str:
    return reverse("posts:message", kwargs={"pk": message.pk})


@login_required
@require_GET
def feed(request: AuthenticatedHttpRequest) -> HttpResponse:
    page = Paginator(selectors.feed_for_user(user=request.user), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    return render(request, "posts/feed.html", {"page": page})


@login_required
@require_GET
def my_messages(request: AuthenticatedHttpRequest) -> HttpResponse:
    rows = selectors.message_list_for_author(author=request.user)
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "posts/mine.html", {"page": page})


@login_required
@require_GET
def message_detail(request: AuthenticatedHttpRequest, pk: int) -> HttpResponse:
    """The author's view: the original, each group's text, and every friend's version."""
    message = selectors.message_get_for_author(author=request.user, message_id=pk)
    versions = Paginator(selectors.message_versions_for_author(message=message), 50).get_page(
        request.GET.get("page")
    )
    rows = [
        {
            "version": v,
            "segments": segments(v.text, [(c["start"], c["end"]) for c in v.fingerprint_choices]),
        }
        for v in versions
    ]
    groups = [
        {"group": g, "segments": segments(g.text, [(c["start"], c["end"]) for c in g.choices])}
        for g in message.group_versions.all()
    ]
    return render(
        request,
        "posts/message.html",
        {"message": message, "groups": groups, "rows": rows, "page": versions},
    )


EXPORT_PREVIEW = 5
EXPORT_SCOPES = {"mine": "Your posts", "public": "Public posts of this site"}


def _export_messages(request: AuthenticatedHttpRequest, scope: str) -> QuerySet[Message]:
    if scope == "public":
        if not request.user.is_staff:
            raise Http404("Only site administrators can export the public posts.")
        return selectors.public_messages()
    return selectors.message_list_for_author(author=request.user)


@login_required
@require_GET
def export_posts(request: AuthenticatedHttpRequest, scope: str = "mine") -> HttpResponse:
    """Posts released k-anonymously: the figures and a preview first, then the download
    (`?download=1`, JSON Lines ending with the summary line, as `osnguard kanon` writes)."""
    form = ExportForm(request.GET or None)
    context: dict[str, object] = {
        "form": form,
        "scope": scope,
        "scope_label": EXPORT_SCOPES[scope],
        "count": _export_messages(request, scope).count(),
    }
    if not request.GET or not form.is_valid():
        return render(request, "posts/export.html", context, status=400 if form.is_bound else 200)
    k = form.k_value()
    try:
        with engine_slot():
            release = selectors.message_release(messages=_export_messages(request, scope), k=k)
    except ValidationError as exc:
        context["error"] = error_text(exc)
        return render(request, "posts/export.html", context, status=400)
    except EngineBusy as exc:
        return _busy(request, "posts/export.html", exc)
    if request.GET.get("download"):
        response = HttpResponse(release.to_json_lines(), content_type="application/jsonl")
        name = f"osnguard-{scope}-posts-{'simple' if k is None else f'k{k}'}.jsonl"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
    sizes = release.summary["classes"]
    context.update(
        summary=release.summary,
        smallest=min(sizes) if sizes else None,
        preview=release.records[:EXPORT_PREVIEW],
        download_query=f"{request.GET.urlencode()}&download=1",
    )
    return render(request, "posts/export.html", context)


def writing_context(*, user: User) -> dict[str, object]:
    exposure, advice = selectors.writing_exposure_with_advice(user=user)
    return {
        "exposure": exposure,
        "exposure_result": exposure.result if exposure is not None else {},
        "advice": advice,
    }


@login_required
@require_http_methods(["GET", "POST"])
def writing_exposure(request: AuthenticatedHttpRequest) -> HttpResponse:
    """ "How recognisable is your writing": POST asks for a fresh computation (a Celery task);
    GET shows it: the card alone for htmx (the profile page loads it, and it polls itself while
    the computation runs), else a page of its own."""
    if request.method == "POST":
        services.writing_exposure_request(user=request.user)
        if not request.htmx:
            messages.info(request, "Your writing is being compared with the site's public posts.")
            return redirect("posts:writing")
    template = "posts/_writing.html" if request.htmx else "posts/writing.html"
    return render(request, template, writing_context(user=request.user))
