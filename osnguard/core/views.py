"""Home page (the signed-in user's overview) and a health endpoint."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from osnguard.accounts.selectors import profile_completeness
from osnguard.circles import selectors as circles


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """Overview: profile completeness, groups with member counts, pending requests."""
    filled, total = profile_completeness(user=request.user)
    groups = list(circles.group_list(owner=request.user))
    context = {
        "filled": filled,
        "total": total,
        "groups": groups,
        "friend_count": sum(g.member_count for g in groups),
        "incoming": circles.friend_request_incoming(user=request.user)[:5],
        "incoming_count": circles.friend_request_incoming(user=request.user).count(),
        "suggestion_count": circles.level_suggestion_list(
            owner=request.user, differing_only=True
        ).count(),
    }
    return render(request, "core/home.html", context)


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness and database check for load balancers and scripts."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return JsonResponse({"status": "ok", "database": "ok"})
    except Exception as exc:
        return JsonResponse({"status": "error", "database": str(exc)}, status=503)
