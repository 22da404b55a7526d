"""The log-in lockout backend (django-axes), tolerant of authentication without a request."""

from __future__ import annotations

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' backend: refuses log-ins for a locked-out username and IP address. A call with
    no request (Django's test client login, management commands) has no IP to lock: it is let
    through to the next backend instead of raising."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> AbstractBaseUser | None:
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
