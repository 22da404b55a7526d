"""Shared pytest fixtures: real Redis, the SQLite test database file, one Chromium per session,
fast password hashing, and signed-in users and clients; and the shifted-date switch
(OSNGUARD_TEST_NOW moves the whole session's clock, tests/timetravel.py)."""

from __future__ import annotations

import os

import pytest
import timetravel


def pytest_configure(config: pytest.Config) -> None:
    """With OSNGUARD_TEST_NOW set, the whole session (and the live_server thread) runs at that time."""
    timetravel.configure(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    timetravel.unconfigure(config)


def pytest_report_header(config: pytest.Config) -> str | None:
    return timetravel.report_header()


@pytest.fixture(scope="session")
def redis_url() -> str:
    """URL of a real Redis server; CI must provide one (scripts/test.sh starts it)."""
    url = os.environ.get("REDIS_URL") or os.environ.get("TEST_REDIS_URL")
    if not url:
        if os.environ.get("CI"):
            pytest.fail("no Redis for a test marked redis: run the suite through scripts/test.sh")
        pytest.skip("no Redis server: set TEST_REDIS_URL or run scripts/test.sh")
    return url


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None, tmp_path_factory
) -> None:
    """Keep the SQLite test database in a file of this session's own, not in memory, so that a real
    Celery worker subprocess can open it too (tests/core/test_celery_worker.py)."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(
            tmp_path_factory.mktemp("db") / "test_osnguard.sqlite3"
        )


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session (tests/browsing.py)."""
    import shutil
    from pathlib import Path

    from browsing import CHROMIUM, LAUNCH_ARGS

    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium not found at {CHROMIUM}: scripts/setup.sh --test installs it")
        pytest.skip("Chromium is not installed")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # live_server with the sync API
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS
        )
        yield instance
        instance.close()


@pytest.fixture
def logged_in_page(browser, live_server, client):
    """`login(user)` gives a page whose browser context carries that user's session."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def login(user):
        client.force_login(user)
        context.add_cookies(
            [
                {
                    "name": "sessionid",
                    "value": client.cookies["sessionid"].value,
                    "url": live_server.url,
                }
            ]
        )
        return context.new_page()

    yield login
    context.close()


@pytest.fixture(autouse=True)
def relaxed_limits(settings):
    """Most tests make many calls as one user from one address: lift the rate limits and let engine
    calls wait longer for a slot (tests/security/test_limits.py sets and checks each limit), and
    start every test with empty throttle counters."""
    from django.core.cache import cache

    settings.API_THROTTLE_USER = ""
    settings.API_THROTTLE_IP = ""
    settings.SIGNUP_RATE = ""
    settings.ENGINE_QUEUE_TIMEOUT = 300
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def fresh_proposals(settings):
    """Every test starts with no reviewed proposal kept (posts/services.py): a key prefix of its
    own, since clearing a Redis cache would empty the database other workers use."""
    import copy
    import uuid

    caches = copy.deepcopy(settings.CACHES)
    caches["proposals"]["KEY_PREFIX"] = f"test-{uuid.uuid4().hex}"
    settings.CACHES = caches


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Tests create many users: hash their passwords cheaply (a test may override this)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def user(db):
    from factories import UserFactory

    return UserFactory(username="adam", first_name="Adam", last_name="Ebert")


@pytest.fixture
def other(db):
    from factories import UserFactory

    return UserFactory(username="mallory", first_name="Mallory", last_name="Jones")


@pytest.fixture
def api(user):
    """An API client signed in as `user`."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def web(client, user):
    """Django's test client signed in as `user`."""
    client.force_login(user)
    return client
