"""API tokens that expire, and that logging out or changing the password revokes.

DRF's tokens never expire and outlive logout and password changes. Here a token older than
API_TOKEN_LIFETIME (seconds; 0 turns expiry off) is refused and deleted; logging out deletes the
user's token; a password change replaces it with a new key.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token


def token_expired(*, token: Token, now: dt.datetime | None = None) -> bool:
    lifetime = settings.API_TOKEN_LIFETIME
    return bool(lifetime) and token.created + dt.timedelta(seconds=lifetime) <= (
        now or timezone.now()
    )


def token_obtain(*, user: User) -> Token:
    """The user's current token, or a new one when there is none or it has expired."""
    token = Token.objects.filter(user=user).first()
    if token is not None and token_expired(token=token):
        token.delete()
        token = None
    return token or Token.objects.create(user=user)


def token_revoke(*, user: User) -> int:
    """Delete the user's token (log-out); returns how many were deleted."""
    return Token.objects.filter(user=user).delete()[0]


def token_rotate(*, user: User) -> Token | None:
    """Replace the user's token with a new key (password change); None if they had none."""
    if token_revoke(user=user):
        return Token.objects.create(user=user)
    return None


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF token authentication that refuses (and deletes) tokens past API_TOKEN_LIFETIME."""

    def authenticate_credentials(self, key: str) -> tuple[User, Token]:
        user, token = super().authenticate_credentials(key)
        if token_expired(token=token):
            token.delete()
            raise exceptions.AuthenticationFailed(
                "Token expired: get a new one from /api/auth/token/."
            )
        return user, token
