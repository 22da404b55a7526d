"""The home page: the signed-in user's overview."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render

from osnguard.accounts.selectors import profile_completeness
from osnguard.circles import selectors as circles
from osnguard.core.requests import AuthenticatedHttpRequest


@login_required
def home(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Overview: profile completeness, groups with member counts, pending requests."""
    filled, total = profile_completeness(user=request.user)
    groups = list(circles.group_list(owner=request.user))
    context = {
        "filled": filled,
        "total": total,
        "groups": groups,
        # member_count: annotated by circles.selectors.group_list
        "friend_count": sum(g.member_count for g in groups),  # type: ignore[attr-defined]
        "incoming": circles.friend_request_incoming(user=request.user)[:5],
        "incoming_count": circles.friend_request_incoming(user=request.user).count(),
        "suggestion_count": circles.level_suggestion_list(
            owner=request.user, differing_only=True
        ).count(),
    }
    return render(request, "home/home.html", context)
