"""Typed requests for views only signed-in users reach.

`request.user` is typed `User | AnonymousUser`, but behind `login_required` (or DRF's
`IsAuthenticated`) it is always a `User`. Function views say so by annotating
`request: AuthenticatedHttpRequest` (which also carries django-htmx's `request.htmx`); DRF views
read the user with `signed_in_user(request)`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request


class AuthenticatedHttpRequest(HttpRequest):
    """The request of a view behind `login_required` (a type only: Django passes its own)."""

    user: User
    htmx: HtmxDetails


def signed_in_user(request: Request | HttpRequest) -> User:
    """The request's user, who has signed in; `NotAuthenticated` (401/403) otherwise, which a view
    behind `IsAuthenticated` never reaches."""
    user = request.user
    if not isinstance(user, User):
        raise NotAuthenticated()
    return user
