"""The log-in lockout backend (django-axes), tolerant of authentication without a request."""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend


class LockoutBackend(AxesStandaloneBackend):
    """django-axes' backend: refuses log-ins for a locked-out username and IP address. A call with
    no request (Django's test client login, management commands) has no IP to lock: it is let
    through to the next backend instead of raising."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
