"""Shared pytest fixtures: real Redis for the tests marked `redis`."""

from __future__ import annotations

import os

import pytest


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
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix: None, tmp_path_factory) -> None:
    """Keep the SQLite test database in a file of this session's own, not in memory, so that a real
    Celery worker subprocess can open it too (tests/core/test_celery_worker.py)."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("db") / "test_osnguard.sqlite3")
