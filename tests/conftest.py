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
