"""Helpers shared by HTML views: service errors onto forms, safe redirects, 400 pages."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme


def add_service_errors(form: forms.BaseForm, exc: ValidationError) -> None:
    """Attach a service's ValidationError to the matching fields (others become form errors)."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc.messages)


def error_text(exc: ValidationError) -> str:
    """A service's ValidationError as one sentence for a flash message."""
    return " ".join(exc.messages)


def redirect_back(request: HttpRequest, fallback: str, *args: object) -> HttpResponseRedirect:
    """Redirect to the `next` parameter if it is a safe local URL, else to `fallback`."""
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return HttpResponseRedirect(target)
    return redirect(fallback, *args)


def bad_request(request: HttpRequest, message: str) -> HttpResponse:
    """A 400 page saying what was wrong with the request (a fragment for htmx)."""
    template = (
        "core/_bad_request.html" if getattr(request, "htmx", False) else "core/bad_request.html"
    )
    return render(request, template, {"message": message}, status=400)
