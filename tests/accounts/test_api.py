"""The accounts API: token, sign-up and the profile endpoint."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from factories import PASSWORD
from rest_framework.test import APIClient

from osnguard.accounts.selectors import profile_as_engine_dict

pytestmark = pytest.mark.django_db


def test_profile_requires_authentication():
    assert APIClient().get("/api/profile/").status_code in (401, 403)


def test_token_authentication(user):
    client = APIClient()
    response = client.post(
        "/api/auth/token/", {"username": "adam", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.data['token']}")
    assert client.get("/api/profile/").data["username"] == "adam"
    assert (
        APIClient()
        .post("/api/auth/token/", {"username": "adam", "password": "x"}, format="json")
        .status_code
        == 400
    )


def test_sign_up_api_creates_groups_and_token():
    response = APIClient().post(
        "/api/auth/signup/", {"username": "zoe", "password": "a-long-Passphrase-42"}, format="json"
    )
    assert response.status_code == 201 and response.data["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.data['token']}")
    assert client.get("/api/groups/").data["count"] == 5


@pytest.mark.parametrize(
    "payload",
    [
        {"username": "zoe", "password": "123"},
        {"username": "", "password": "a-long-Passphrase-42"},
        {"username": "z" * 200, "password": "a-long-Passphrase-42"},
        {"username": "adam", "password": "a-long-Passphrase-42"},
        {"password": "a-long-Passphrase-42"},
    ],
)
def test_sign_up_api_bad_input_is_400(user, payload):
    assert APIClient().post("/api/auth/signup/", payload, format="json").status_code == 400
    assert get_user_model().objects.filter(username="zoe").count() == 0


def test_profile_get_put_patch(api, user):
    response = api.get("/api/profile/")
    assert response.status_code == 200 and response.data["attributes"]["hometown"] == []
    response = api.put(
        "/api/profile/",
        {
            "first_name": "Adam",
            "attributes": {
                "hometown": ["Tokyo"],
                "education": ["Tokyo University", "Harvard University"],
                "birthday": ["1994-04-12"],
            },
        },
        format="json",
    )
    assert response.status_code == 200
    assert response.data["attributes"]["education"] == ["Tokyo University", "Harvard University"]
    response = api.patch("/api/profile/", {"attributes": {"work": ["student"]}}, format="json")
    assert response.status_code == 200
    assert profile_as_engine_dict(user=user) == {
        "hometown": ["Tokyo"],
        "education": ["Tokyo University", "Harvard University"],
        "work": ["student"],
        "birthday": ["1994-04-12"],
    }
    response = api.patch("/api/profile/", {"last_name": "Ebert"}, format="json")
    assert response.status_code == 200 and response.data["attributes"]["work"] == ["student"]


@pytest.mark.parametrize(
    "payload, key",
    [
        ({"attributes": {"shoe_size": ["42"]}}, "attributes"),
        ({"attributes": {"birthday": ["yesterday"]}}, "attributes"),
        ({"attributes": {"hometown": ["x" * 500]}}, "attributes"),
        ({"attributes": {"hometown": "Tokyo"}}, "attributes"),
        ({"attributes": ["Tokyo"]}, "attributes"),
        ({"email": "nope"}, "email"),
        ({"first_name": "x" * 151}, "first_name"),
    ],
)
def test_profile_bad_input_is_400(api, user, payload, key):
    response = api.put("/api/profile/", payload, format="json")
    assert response.status_code == 400 and key in response.data
    assert profile_as_engine_dict(user=user) == {}


def test_profile_malformed_json_is_400(api):
    response = api.generic("PUT", "/api/profile/", "{not json", content_type="application/json")
    assert response.status_code == 400


def test_profile_api_fingerprint_all_setting(api):
    assert api.get("/api/profile/").data["fingerprint_all"] is False
    response = api.patch("/api/profile/", {"fingerprint_all": True}, format="json")
    assert response.status_code == 200 and response.data["fingerprint_all"] is True
    assert api.get("/api/profile/").data["fingerprint_all"] is True
    # other edits leave it alone; a bad value is a 400
    assert (
        api.patch("/api/profile/", {"first_name": "Adam"}, format="json").data["fingerprint_all"]
        is True
    )
    bad = api.patch("/api/profile/", {"fingerprint_all": "maybe"}, format="json")
    assert bad.status_code == 400 and "fingerprint_all" in bad.data


@pytest.mark.parametrize(
    ("setting", "other", "other_value"),
    [
        ("invisible_fingerprint", "fingerprint_all", False),
        ("typographic_fingerprint", "invisible_fingerprint", True),
    ],
)
def test_profile_api_fingerprint_layer_settings(api, setting: str, other: str, other_value: bool):
    assert api.get("/api/profile/").data[setting] is True
    response = api.patch("/api/profile/", {setting: False}, format="json")
    assert response.status_code == 200 and response.data[setting] is False
    assert api.get("/api/profile/").data[other] is other_value  # left alone
    bad = api.patch("/api/profile/", {setting: "maybe"}, format="json")
    assert bad.status_code == 400 and setting in bad.data
