"""Fixtures for these tests: fast password hashing, users, and an API client."""

import pytest
from factories import UserFactory
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def user(db):
    return UserFactory(username="adam", first_name="Adam", last_name="Ebert")


@pytest.fixture
def other(db):
    return UserFactory(username="mallory", first_name="Mallory", last_name="Jones")


@pytest.fixture
def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def web(client, user):
    client.force_login(user)
    return client
