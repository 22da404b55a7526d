"""Typed requests: the signed-in user, and django-htmx's details.

`request.user` is typed `User | AnonymousUser`, but behind `login_required` (or DRF's
`IsAuthenticated`) it is always a `User`. Function views say so by annotating
`request: AuthenticatedHttpRequest` (which also carries `request.htmx`), views open to everyone
that read htmx use `HtmxHttpRequest`, and any view can read the user with `request_user(request)`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails
from rest_framework.request import Request


class HtmxHttpRequest(HttpRequest):
    """A request that passed django-htmx's middleware (a type only: Django passes its own)."""

    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    """The request of a view behind `login_required` (a type only)."""

    user: User


def request_user(request: HttpRequest | Request) -> User:
    """The signed-in user; an anonymous request (which login checks keep out) is refused (403)."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied("Sign in to see this page.")
    return user
