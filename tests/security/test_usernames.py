"""One username normaliser for the form and the API: full-width and case variants of a taken name
and mixed-script look-alikes are refused; passwords need visible characters."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from osnguard.accounts.usernames import username_key, username_scripts

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-Passphrase-42"


def api_sign_up(username: str, password: str = PASSWORD):
    return APIClient().post(
        "/api/auth/signup/", {"username": username, "password": password}, format="json"
    )


def form_sign_up(client, username: str, password: str = PASSWORD):
    return client.post(
        "/accounts/signup/", {"username": username, "password1": password, "password2": password}
    )


def test_key_folds_width_and_case():
    assert username_key(username="ＡＤＡＭ") == username_key(username="Adam") == "adam"
    assert username_scripts(username="аdam") == {"CYRILLIC", "LATIN"}
    assert username_scripts(username="adam_99") == {"LATIN"}


@pytest.mark.parametrize("look_alike", ["ＡＤＡＭ", "ADAM", " adam ", "Ａdam"])
def test_variants_of_a_taken_name_are_refused_by_api_and_form(user, client, look_alike):
    response = api_sign_up(look_alike)
    assert response.status_code == 400 and "already exists" in str(response.json()["username"])
    response = form_sign_up(client, look_alike)
    assert response.status_code == 400 and b"already exists" in response.content


@pytest.mark.parametrize("mixed", ["аdam", "adаm", "pаypal"])  # Cyrillic а among Latin letters
def test_mixed_script_names_are_refused(client, mixed):
    response = api_sign_up(mixed)
    assert response.status_code == 400 and "one script" in str(response.json()["username"])
    assert b"one script" in form_sign_up(client, mixed).content


def test_single_script_names_are_welcome_and_stored_normalised():
    assert api_sign_up("адам").status_code == 201  # all Cyrillic: not a look-alike of "adam"
    response = api_sign_up("ｚｏｅ")
    assert response.status_code == 201 and response.json()["username"] == "zoe"
    assert api_sign_up("ZOE").status_code == 400
    assert api_sign_up("АДАМ").status_code == 400  # Cyrillic upper case of a taken Cyrillic name


@pytest.mark.parametrize(
    "password", ["\u200b" * 12, "\u200b\u200c\u200d\u2060" * 4, " " * 10 + "ab"]
)
def test_invisible_passwords_are_refused(client, password):
    response = api_sign_up("zed", password)
    assert response.status_code == 400 and "visible characters" in str(response.json()["password"])
    assert b"visible characters" in form_sign_up(client, "zed", password).content
