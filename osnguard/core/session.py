"""A request whose session has ended (it expired, or the user logged out or in again in another
tab) is told so in a way the page can show: htmx requests get 401 with `HX-Trigger:
session-ended` instead of the log-in page swapped into a panel, and a refused CSRF check gets a
page (or, for htmx, the same signal) that offers to log in again. static/js/osnguard.js shows the
banner and keeps the compose draft."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render, resolve_url

SESSION_ENDED = "session-ended"


def _is_htmx(request: HttpRequest) -> bool:
    return bool(getattr(request, "htmx", False))


def session_ended_response() -> HttpResponse:
    response = HttpResponse("Your session has ended. Log in again.", status=401)
    response["HX-Trigger"] = SESSION_ENDED
    return response


class HtmxSessionEndedMiddleware:
    """An htmx request sent to the log-in page by `login_required` gets 401 and the trigger."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if _is_htmx(request) and response.status_code in (301, 302):
            login = resolve_url(settings.LOGIN_URL)
            if str(response.get("Location", "")).split("?", 1)[0] == login:
                return session_ended_response()
        return response


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: almost always a page left open across a log-out or a new log-in."""
    if _is_htmx(request):
        response = session_ended_response()
        response.status_code = 403
        return response
    return render(request, "core/session_ended.html", status=403)
