"""osnguard.core.requests.request_user: the signed-in User of a request (also behind the lazy object
Django's middleware puts on it); an anonymous request is refused, never passed on."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.utils.functional import SimpleLazyObject
from rest_framework.request import Request

from osnguard.core.requests import request_user


def test_the_request_user(rf, user):
    request = rf.get("/")
    request.user = SimpleLazyObject(lambda: user)
    assert request_user(request) == user
    drf_request = Request(rf.get("/"))
    drf_request.user = user
    assert request_user(drf_request) is user


def test_an_anonymous_request_is_refused(rf):
    request = rf.get("/")
    request.user = AnonymousUser()
    with pytest.raises(PermissionDenied):
        request_user(request)
