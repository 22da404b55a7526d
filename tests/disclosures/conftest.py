"""Fixtures for the disclosure tests: a local test server, and letting the crawler reach it."""

import pytest

from .localserver import LocalServer


@pytest.fixture
def server():
    """A web server on 127.0.0.1 whose pages and feeds a test sets (tests/disclosures/localserver.py)."""
    srv = LocalServer().start()
    yield srv
    srv.stop()


@pytest.fixture
def local_crawling(settings):
    """Let the crawler reach servers on 127.0.0.1 (never allowed by default)."""
    from osnguard.disclosures import crawling

    settings.CRAWLER_ALLOWED_NETWORKS = ["127.0.0.0/8"]
    crawling.crawler_client.cache_clear()
    crawling.robots_cache.cache_clear()
    yield
    crawling.crawler_client.cache_clear()
    crawling.robots_cache.cache_clear()
