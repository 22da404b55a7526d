"""The health endpoint, for load balancers and scripts, and the site icon browsers ask for."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, HttpResponseRedirect, JsonResponse
from django.templatetags.static import static

from osnguard.core.preload import engine_state


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness and database check for load balancers and scripts, and how far this process got
    loading the privacy engine (core/preload.py; the first analysis waits for it)."""
    engine = engine_state()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return JsonResponse({"status": "ok", "database": "ok", "engine": engine})
    except Exception as exc:
        return JsonResponse({"status": "error", "database": str(exc), "engine": engine}, status=503)


def favicon(request: HttpRequest) -> HttpResponseRedirect:
    """/favicon.ico, which browsers request by themselves: the SVG icon the pages link to."""
    return HttpResponseRedirect(static("favicon.svg"))
