"""Typed access to what a request carries: the signed-in user, and django-htmx's details.

`request.user` is typed "a user or AnonymousUser"; views behind `login_required` and API views
behind `IsAuthenticated` read it through `request_user`, which returns the `User`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails
from rest_framework.request import Request


class HtmxHttpRequest(HttpRequest):
    """A request that passed django-htmx's middleware (the type of views that read `htmx`)."""

    htmx: HtmxDetails


def request_user(request: HttpRequest | Request) -> User:
    """The signed-in user; an anonymous request (which login checks keep out) is refused."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDenied("Sign in to see this page.")
    return user
