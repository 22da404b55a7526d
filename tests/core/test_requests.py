"""Typed requests: `signed_in_user` gives the signed-in User and refuses anyone else."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from factories import UserFactory
from rest_framework.exceptions import NotAuthenticated

from osnguard.core.requests import signed_in_user


@pytest.mark.django_db
def test_signed_in_user_is_the_requests_user(rf):
    request = rf.get("/")
    request.user = UserFactory()
    assert signed_in_user(request) is request.user


def test_anonymous_request_is_not_authenticated(rf):
    request = rf.get("/")
    request.user = AnonymousUser()
    with pytest.raises(NotAuthenticated):
        signed_in_user(request)
