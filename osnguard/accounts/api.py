"""REST API for the signed-in user's account and profile (thin: validation in services)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, permissions, serializers, status
from rest_framework.authentication import CSRFCheck
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import BaseParser
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from osnguard.core.limits import client_ip, rate_limit_hit
from osnguard.core.requests import request_user

from .attributes import ATTRIBUTE_SPECS
from .selectors import profile_get, profile_settings_get
from .services import profile_settings_update, profile_update, user_sign_up
from .tokens import token_obtain, token_revoke


class AttributesField(serializers.DictField):
    """attribute name -> list of values; names and values are checked by the service."""

    child = serializers.ListField(
        child=serializers.CharField(allow_blank=True, trim_whitespace=False)
    )


class ProfileOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    email = serializers.EmailField()
    attributes = AttributesField(
        help_text=f"Attributes: {', '.join(ATTRIBUTE_SPECS)}; each a list of values."
    )
    fingerprint_all = serializers.BooleanField(
        help_text="Fingerprint every message, even one with nothing private (the default for posting)."
    )
    invisible_fingerprint = serializers.BooleanField(
        help_text="Write each friend's code into their version in characters that do not show."
    )
    typographic_fingerprint = serializers.BooleanField(
        help_text="Give each friend their own apostrophes, emoji spacing and sentence capitals."
    )
    warn_typical_writing = serializers.BooleanField(
        help_text="Warn on compose when a message reads unusually like your other posts."
    )


class ProfileInputSerializer(serializers.Serializer):
    first_name = serializers.CharField(required=False, allow_blank=True, max_length=150)
    last_name = serializers.CharField(required=False, allow_blank=True, max_length=150)
    email = serializers.EmailField(required=False, allow_blank=True)
    attributes = AttributesField(required=False)
    fingerprint_all = serializers.BooleanField(
        required=False,
        help_text="Fingerprint every message, even one with nothing private (the default for posting).",
    )
    invisible_fingerprint = serializers.BooleanField(
        required=False,
        help_text="Write each friend's code into their version in characters that do not show.",
    )
    typographic_fingerprint = serializers.BooleanField(
        required=False,
        help_text="Give each friend their own apostrophes, emoji spacing and sentence capitals.",
    )
    warn_typical_writing = serializers.BooleanField(
        required=False,
        help_text="Warn on compose when a message reads unusually like your other posts.",
    )


def _profile_payload(user: User) -> dict[str, Any]:
    posting = profile_settings_get(user=user)
    return {
        "id": user.pk,
        "username": user.get_username(),
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "attributes": profile_get(user=user),
        "fingerprint_all": posting.fingerprint_all,
        "invisible_fingerprint": posting.invisible_fingerprint,
        "typographic_fingerprint": posting.typographic_fingerprint,
        "warn_typical_writing": posting.warn_typical_writing,
    }


class ProfileApi(APIView):
    """The signed-in user's profile. PUT replaces every attribute; PATCH changes only those given."""

    @extend_schema(responses=ProfileOutputSerializer)
    def get(self, request: Request) -> Response:
        return Response(_profile_payload(request_user(request)))

    @extend_schema(request=ProfileInputSerializer, responses=ProfileOutputSerializer)
    def put(self, request: Request) -> Response:
        return self._update(request, replace=True)

    @extend_schema(request=ProfileInputSerializer, responses=ProfileOutputSerializer)
    def patch(self, request: Request) -> Response:
        return self._update(request, replace=False)

    def _update(self, request: Request, *, replace: bool) -> Response:
        user = request_user(request)
        serializer = ProfileInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        attributes = data.pop("attributes", None)
        fingerprint_all = data.pop("fingerprint_all", None)
        invisible_fingerprint = data.pop("invisible_fingerprint", None)
        typographic_fingerprint = data.pop("typographic_fingerprint", None)
        warn_typical_writing = data.pop("warn_typical_writing", None)
        if attributes is None:
            attributes = {}
            replace = False  # a names-only edit never clears attributes
        try:
            profile_update(user=user, attributes=attributes, replace=replace, names=data)
        except ValidationError as exc:
            names = {"first_name", "last_name", "email"}
            errors = exc.message_dict if hasattr(exc, "error_dict") else {"__all__": exc.messages}
            raise serializers.ValidationError(
                {
                    **{k: v for k, v in errors.items() if k in names},
                    **(
                        {"attributes": {k: v for k, v in errors.items() if k not in names}}
                        if any(k not in names for k in errors)
                        else {}
                    ),
                }
            ) from None
        if any(
            value is not None
            for value in (
                fingerprint_all,
                invisible_fingerprint,
                typographic_fingerprint,
                warn_typical_writing,
            )
        ):
            profile_settings_update(
                user=user,
                fingerprint_all=fingerprint_all,
                invisible_fingerprint=invisible_fingerprint,
                typographic_fingerprint=typographic_fingerprint,
                warn_typical_writing=warn_typical_writing,
            )
        return Response(_profile_payload(user))


class SignUpSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(write_only=True, max_length=128)
    email = serializers.EmailField(required=False, allow_blank=True)
    first_name = serializers.CharField(required=False, allow_blank=True, max_length=150)
    last_name = serializers.CharField(required=False, allow_blank=True, max_length=150)


def enforce_browser_csrf(request: Request) -> None:
    """Require Django's CSRF token from browsers on an endpoint that needs no authentication.

    A request with cookies or an Origin header comes from a browser, which a foreign page can make
    post here; it must carry the CSRF token like a form. Scripts and apps send neither and need none.
    """
    meta = request._request.META
    if not meta.get("HTTP_COOKIE") and not meta.get("HTTP_ORIGIN"):
        return
    check = CSRFCheck(lambda request: HttpResponse())  # never called: no view runs here
    check.process_request(request._request)
    # no view either (as in DRF's own CSRF check): only the token is checked
    reason = check.process_view(request._request, None, (), {})  # type: ignore[arg-type]
    if reason:
        raise exceptions.PermissionDenied(f"CSRF Failed: {reason}")


class SignUpApi(APIView):
    """Create an account (with the five default groups) and return its API token."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list = []

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        enforce_browser_csrf(request)

    @extend_schema(request=SignUpSerializer, responses={201: ProfileOutputSerializer})
    def post(self, request: Request) -> Response:
        if rate_limit_hit(scope="signup", key=client_ip(request), rate=settings.SIGNUP_RATE):
            raise exceptions.Throttled(
                detail="Too many sign-ups from your address; please try again later."
            )
        serializer = SignUpSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = user_sign_up(**serializer.validated_data)
        token = token_obtain(user=user)
        return Response(
            {**_profile_payload(user), "token": token.key}, status=status.HTTP_201_CREATED
        )


class LoginLocked(exceptions.APIException):
    """Too many failed log-ins for this username from this address (django-axes)."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = (
        "Too many failed log-ins: this account is locked for you for a while; try again later."
    )
    default_code = "locked_out"


class TokenObtainApi(ObtainAuthToken):
    """Exchange a username and password for an API token (a new one once the old has expired)."""

    # api_settings imports the dotted paths it is given: these are classes, not the strings the
    # stubs say
    parser_classes = cast("Sequence[type[BaseParser]]", api_settings.DEFAULT_PARSER_CLASSES)
    renderer_classes = cast("Sequence[type[BaseRenderer]]", api_settings.DEFAULT_RENDERER_CLASSES)
    throttle_classes = cast("Sequence[type[BaseThrottle]]", api_settings.DEFAULT_THROTTLE_CLASSES)

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        username = request.data.get("username") if hasattr(request.data, "get") else None
        if username is not None and (
            not isinstance(username, str) or "\x00" in username or len(username) > 150
        ):
            raise exceptions.ValidationError(
                {"username": ["Enter a valid username (text, at most 150 characters)."]}
            )
        AxesProxyHandler.update_request(request._request)
        if AxesProxyHandler.is_locked(request._request, credentials={"username": username}):
            raise LoginLocked()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        token = token_obtain(user=serializer.validated_data["user"])
        return Response({"token": token.key})


class TokenRevokeApi(APIView):
    """Log out of the API: delete your token (log in again with /api/auth/token/)."""

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        token_revoke(user=request_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)
