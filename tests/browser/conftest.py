"""Browser tests share the session's Chromium (tests/conftest.py); fast hashing for their users."""

import pytest


@pytest.fixture
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
