"""Worlds shared by the browser tests: an author whose fingerprinted post leaked on a crawled page."""

from __future__ import annotations

import pytest
from disclosures.fixtures import befriend, make_user, post_fingerprinted, realise
from disclosures.localserver import LocalServer, send

from osnguard.disclosures import services
from osnguard.disclosures.crawling import crawl_run
from osnguard.disclosures.detection import document_detect, screening_index_reset
from osnguard.disclosures.models import CrawlJob


@pytest.fixture
def leak(settings, fast_password_hashing):
    from osnguard.disclosures import crawling

    settings.CRAWLER_ALLOWED_NETWORKS = ["127.0.0.0/8"]
    crawling.crawler_client.cache_clear()
    crawling.robots_cache.cache_clear()
    screening_index_reset()
    server = LocalServer().start()
    adam = make_user("adam_d", "Adam", "Ebert")
    friends = [make_user(f"pal{i}", f"Pal{i}", "Smith") for i in range(6)]
    for friend in friends:
        befriend(adam, friend)
    post_fingerprinted(adam, friends)
    leaked, _ = realise((2, 0, 1))  # friends[2]'s version
    server.routes["/blog"] = lambda r: send(
        r, 200, f"<html><body><article><p>Overheard: {leaked}</p></article></body></html>".encode()
    )
    source = services.source_create(
        owner=adam, name="Town blog", kind="page", url=server.url("/blog")
    )
    job = CrawlJob.objects.create(source=source)
    for document_id in crawl_run(job_id=job.pk).new_document_ids:
        document_detect(document_id=document_id)
    yield adam, friends[2]
    server.stop()
    crawling.crawler_client.cache_clear()
    crawling.robots_cache.cache_clear()
    screening_index_reset()
