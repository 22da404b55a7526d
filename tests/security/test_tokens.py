"""API tokens expire, are deleted on log-out and replaced on a password change."""

from __future__ import annotations

import datetime as dt

import pytest
from factories import PASSWORD
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def token_client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def obtain(username: str = "adam", password: str = PASSWORD) -> str:
    response = APIClient().post(
        "/api/auth/token/", {"username": username, "password": password}, format="json"
    )
    assert response.status_code == 200
    return response.json()["token"]


def test_a_token_expires_and_a_new_one_is_issued(user, settings):
    settings.API_TOKEN_LIFETIME = 3600
    key = obtain()
    assert token_client(key).get("/api/profile/").status_code == 200
    Token.objects.filter(key=key).update(
        created=Token.objects.get(key=key).created - dt.timedelta(hours=2)
    )
    response = token_client(key).get("/api/profile/")
    assert response.status_code in (401, 403) and "expired" in response.json()["detail"]
    fresh = obtain()
    assert fresh != key and token_client(fresh).get("/api/profile/").status_code == 200


def test_html_logout_deletes_the_token(client, user):
    key = obtain()
    client.force_login(user)
    assert client.post("/accounts/logout/").status_code == 302
    assert token_client(key).get("/api/profile/").status_code in (401, 403)


def test_api_logout_deletes_the_token(user):
    key = obtain()
    assert token_client(key).post("/api/auth/logout/").status_code == 204
    assert token_client(key).get("/api/profile/").status_code in (401, 403)


def test_password_change_rotates_the_token(client, user):
    key = obtain()
    client.force_login(user)
    response = client.post(
        "/accounts/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "another-Passphrase-77",
            "new_password2": "another-Passphrase-77",
        },
    )
    assert response.status_code == 302
    assert token_client(key).get("/api/profile/").status_code in (401, 403)
    fresh = obtain(password="another-Passphrase-77")
    assert fresh != key and token_client(fresh).get("/api/profile/").status_code == 200


def test_set_password_anywhere_rotates_it(user):
    key = obtain()
    user.set_password("yet-another-Passphrase-5")
    user.save()
    assert not Token.objects.filter(key=key).exists()
    user.first_name = "Adam"
    user.save()  # a save without a password change keeps the token
    assert Token.objects.filter(user=user).count() == 1
