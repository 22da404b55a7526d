"""Fixtures for the disclosure tests: let the crawler reach local test servers."""

import pytest


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
