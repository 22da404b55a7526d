"""Sign-up, log-in, log-out, password change and the profile page."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from factories import PASSWORD

from osnguard.accounts.selectors import profile_as_engine_dict, profile_get
from osnguard.accounts.services import profile_update, user_sign_up
from osnguard.circles.models import FriendGroup
from osnguard.privacy.types import PROFILE_ATTRIBUTES, Profile

pytestmark = pytest.mark.django_db
User = get_user_model()


def signup_data(**overrides):
    data = {
        "username": "newbie",
        "first_name": "New",
        "last_name": "Bie",
        "email": "new@example.com",
        "password1": "a-long-Passphrase-42",
        "password2": "a-long-Passphrase-42",
    }
    data.update(overrides)
    return data


def test_sign_up_creates_user_with_default_groups_and_logs_in(client):
    response = client.post(reverse("accounts:signup"), signup_data())
    assert response.status_code == 302 and response.url == reverse("accounts:profile")
    user = User.objects.get(username="newbie")
    assert user.check_password("a-long-Passphrase-42")
    assert list(
        FriendGroup.objects.filter(owner=user).order_by("level").values_list("name", flat=True)
    ) == ["Family", "Best friends", "Friends", "Acquaintances", "Public"]
    assert client.get(reverse("home")).status_code == 200  # signed in


@pytest.mark.parametrize(
    "overrides, message",
    [
        ({"username": ""}, "This field is required"),
        ({"username": "x" * 151}, "at most 150"),
        ({"username": "bad name!"}, "Enter a valid username"),
        ({"password2": "different-Passphrase-1"}, "didn’t match"),
        ({"password1": "123", "password2": "123"}, "too short"),
        ({"email": "not-an-email"}, "valid email"),
    ],
)
def test_sign_up_bad_input_is_a_form_error(client, overrides, message):
    response = client.post(reverse("accounts:signup"), signup_data(**overrides))
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not User.objects.filter(username="newbie").exists()


def test_sign_up_duplicate_username_case_insensitive(client, user):
    response = client.post(reverse("accounts:signup"), signup_data(username="ADAM"))
    assert response.status_code == 400 and "already exists" in response.content.decode()


def test_sign_up_service_rejects_weak_password():
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as info:
        user_sign_up(username="weak", password="password")
    assert "password" in info.value.message_dict


def test_log_in_and_log_out(client, user):
    response = client.post(reverse("accounts:login"), {"username": "adam", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).status_code == 200
    bad = client.post(reverse("accounts:logout"))
    assert bad.status_code == 302
    assert client.get(reverse("home")).status_code == 302  # back to log-in


def test_log_in_wrong_password_shows_error(client, user):
    response = client.post(reverse("accounts:login"), {"username": "adam", "password": "nope"})
    assert response.status_code == 200 and "didn't match" in response.content.decode()


def test_password_change(web, user):
    response = web.post(
        reverse("accounts:password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "another-Passphrase-77",
            "new_password2": "another-Passphrase-77",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("another-Passphrase-77")
    wrong = web.post(
        reverse("accounts:password_change"),
        {
            "old_password": "wrong",
            "new_password1": "x-Passphrase-77",
            "new_password2": "x-Passphrase-77",
        },
    )
    assert wrong.status_code == 200 and "incorrectly" in wrong.content.decode()


def test_pages_need_log_in(client):
    for name in (
        "home",
        "accounts:profile",
        "circles:friends",
        "circles:groups",
        "circles:requests",
    ):
        response = client.get(reverse(name))
        assert response.status_code == 302 and reverse("accounts:login") in response.url


def test_profile_page_edit_round_trip(web, user):
    response = web.get(reverse("accounts:profile"))
    assert response.status_code == 200 and "Hometown" in response.content.decode()
    data = {
        "first_name": "Adam",
        "last_name": "Ebert",
        "email": "adam@example.com",
        "hometown": "Tokyo",
        "education": "Tokyo University\nHarvard University\n\n",
        "work": "student",
        "birthday": "1994-04-12",
        "languages": "Japanese\nenglish\nEnglish",
    }
    response = web.post(reverse("accounts:profile"), data)
    assert response.status_code == 302
    profile = profile_get(user=user)
    assert profile["hometown"] == ["Tokyo"]
    assert profile["education"] == ["Tokyo University", "Harvard University"]
    assert profile["birthday"] == ["1994-04-12"]
    assert profile["languages"] == ["Japanese", "english"]  # case-insensitive duplicates dropped
    page = web.get(reverse("accounts:profile")).content.decode()
    assert "Harvard University" in page and "1994-04-12" in page


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("birthday", "1994-13-40", "valid date"),
        ("birthday", "2999-01-01", "plausible"),
        ("hometown", "x" * 121, "at most 120"),
        ("relationship", "a\nb\nc\nd", "at most 3"),
        ("email", "nope", "valid email"),
    ],
)
def test_profile_page_bad_input(web, user, field, value, message):
    response = web.post(reverse("accounts:profile"), {"hometown": "Tokyo", field: value})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert profile_get(user=user)["hometown"] == []  # nothing saved


def test_profile_as_engine_dict_is_accepted_by_the_engine(user):
    profile_update(
        user=user,
        attributes={
            "hometown": ["Tokyo"],
            "education": ["Tokyo University", "Harvard University"],
            "work": "student",
            "birthday": ["1994-04-12"],
        },
    )
    data = profile_as_engine_dict(user=user)
    assert data == {
        "hometown": ["Tokyo"],
        "education": ["Tokyo University", "Harvard University"],
        "work": ["student"],
        "birthday": ["1994-04-12"],
    }
    engine = Profile.from_dict(data)
    assert engine.values["education"] == ("Tokyo University", "Harvard University")
    assert set(profile_get(user=user)) == set(PROFILE_ATTRIBUTES)


def test_profile_update_partial_keeps_other_attributes(user):
    profile_update(user=user, attributes={"hometown": ["Tokyo"], "work": ["student"]})
    profile_update(user=user, attributes={"work": ["engineer"]}, replace=False)
    assert profile_as_engine_dict(user=user) == {"hometown": ["Tokyo"], "work": ["engineer"]}
    profile_update(user=user, attributes={"work": ["engineer"]})
    assert profile_as_engine_dict(user=user) == {"work": ["engineer"]}


def test_fingerprint_every_message_setting_round_trip(web, user):
    from osnguard.accounts.selectors import profile_settings_get

    assert profile_settings_get(user=user).fingerprint_all is False  # default, nothing stored
    assert 'name="fingerprint_all"' in web.get(reverse("accounts:profile")).content.decode()
    assert (
        web.post(
            reverse("accounts:profile"), {"hometown": "Tokyo", "fingerprint_all": "on"}
        ).status_code
        == 302
    )
    assert profile_settings_get(user=user).fingerprint_all is True
    assert re.search(
        r'<input type="checkbox" name="fingerprint_all"[^>]* checked>',
        web.get(reverse("accounts:profile")).content.decode(),
    )
    # an unticked box is a plain form's "off"
    assert web.post(reverse("accounts:profile"), {"hometown": "Tokyo"}).status_code == 302
    assert profile_settings_get(user=user).fingerprint_all is False


@pytest.mark.parametrize(
    ("setting", "explained"),
    [
        ("invisible_fingerprint", ("characters that do not show", "reads aloud exactly the same")),
        (
            "typographic_fingerprint",
            ("No word changes", "keep your typography exactly as you write it"),
        ),
    ],
)
def test_fingerprint_layer_settings_are_on_by_default_and_explained(
    web, user, setting: str, explained: tuple[str, str]
):
    from osnguard.accounts.selectors import profile_settings_get

    assert getattr(profile_settings_get(user=user), setting) is True
    page = web.get(reverse("accounts:profile")).content.decode()
    assert re.search(rf'<input type="checkbox" name="{setting}"[^>]* checked>', page)
    assert all(words in page for words in explained)
    web.post(reverse("accounts:profile"), {"hometown": "Tokyo"})  # the box unticked
    assert getattr(profile_settings_get(user=user), setting) is False
