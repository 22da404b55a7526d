"""User search lists nobody without a query and needs a minimum length for partial matches; the
sign-up API checks CSRF for browsers."""

from __future__ import annotations

import pytest
from django.test import Client
from factories import UserFactory
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def usernames(response) -> list[str]:
    return [row["username"] for row in response.json()["results"]]


def test_user_search_has_no_full_listing(api, user, settings):
    settings.USER_SEARCH_MIN_LENGTH = 3
    UserFactory(username="bo", first_name="Bob", last_name="Smith")
    UserFactory(username="bonnie", first_name="Bonnie", last_name="Tyler")
    assert usernames(api.get("/api/users/")) == []
    assert usernames(api.get("/api/users/?search=b")) == []
    assert usernames(api.get("/api/users/?search=bo")) == ["bo"]  # short: the exact username only
    assert set(usernames(api.get("/api/users/?search=bon"))) == {"bonnie"}
    assert set(usernames(api.get("/api/users/?search=Bob"))) == {"bo"}


def test_user_search_is_capped(api, user):
    for i in range(60):
        UserFactory(username=f"sam{i:02d}")
    response = api.get("/api/users/?search=sam&page_size=200")
    assert response.json()["count"] == 50


def test_html_people_search_follows_the_same_rule(web, settings):
    settings.USER_SEARCH_MIN_LENGTH = 3
    UserFactory(username="bonnie", first_name="Bonnie", last_name="Tyler")
    assert "Nobody matches" in web.get("/friends/requests/?q=bo").content.decode()
    assert "bonnie" in web.get("/friends/requests/?q=bonn").content.decode()


def test_sign_up_api_requires_csrf_from_browsers():
    browser = APIClient(enforce_csrf_checks=True)
    body = {"username": "victim", "password": "a-long-Passphrase-42"}
    response = browser.post(
        "/api/auth/signup/", body, format="json", HTTP_ORIGIN="https://evil.example"
    )
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]
    browser.cookies["sessionid"] = "whatever"
    assert browser.post("/api/auth/signup/", body, format="json").status_code == 403
    # With the token from the sign-up page, a browser may sign up.
    page = Client(enforce_csrf_checks=True)
    page.get("/accounts/signup/")
    token = page.cookies["csrftoken"].value
    response = page.post(
        "/api/auth/signup/", body, content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 201
    # A script sends neither cookies nor Origin: no CSRF token needed.
    script = APIClient(enforce_csrf_checks=True)
    assert (
        script.post(
            "/api/auth/signup/", {**body, "username": "scripted"}, format="json"
        ).status_code
        == 201
    )


def test_html_sign_up_requires_csrf():
    page = Client(enforce_csrf_checks=True)
    response = page.post(
        "/accounts/signup/",
        {
            "username": "zed",
            "password1": "a-long-Passphrase-42",
            "password2": "a-long-Passphrase-42",
        },
    )
    assert response.status_code == 403
