"""Crawl -> detect -> attribute -> notify, in-process, against a local feed server."""

from __future__ import annotations

import pytest

from osnguard.disclosures import services
from osnguard.disclosures.crawling import crawl_run
from osnguard.disclosures.detection import document_detect, screening_index_reset
from osnguard.disclosures.models import (
    CandidateDocument,
    CrawlJob,
    Disclosure,
    Notification,
    Source,
)

from .fixtures import befriend, make_user, post_fingerprinted, realise
from .localserver import send

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    screening_index_reset()
    adam = make_user("adam_p", "Adam", "Ebert")
    friends = [make_user(f"friend{i}", f"Friend{i}", "Test") for i in range(6)]
    for friend in friends:
        befriend(adam, friend)
    message = post_fingerprinted(adam, friends)
    yield adam, friends, message
    screening_index_reset()


def rss(*items: str) -> bytes:
    body = "".join(
        f"<item><title>Post {i}</title><link>http://blog.test/{i}</link><guid>{i}</guid>"
        f"<description>{text}</description></item>"
        for i, text in enumerate(items)
    )
    return f'<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>{body}</channel></rss>'.encode()


def crawl_and_detect(source, user=None):
    job = CrawlJob.objects.create(source=source, requested_by=user)
    outcome = crawl_run(job_id=job.pk)
    for document_id in outcome.new_document_ids:
        document_detect(document_id=document_id)
    job.refresh_from_db()
    return job


def test_leak_in_feed_is_attributed_notified_once_and_not_duplicated(server, world, local_crawling):
    adam, friends, message = world
    leaked, _ = realise((1, 2, 0))  # friends[1]'s version
    server.routes["/feed.xml"] = lambda r: send(
        r,
        200,
        rss(f"Look what Adam posted: {leaked}", "The weather in Paris is lovely this week."),
        "application/rss+xml",
    )
    source = services.source_create(
        owner=adam, name="Gossip blog", kind="feed", url=server.url("/feed.xml")
    )

    job = crawl_and_detect(source, adam)
    assert job.status == CrawlJob.Status.DONE
    assert (job.fetched, job.new_documents, job.screened, job.matched) == (2, 2, 2, 1)
    disclosure = Disclosure.objects.get()
    assert disclosure.message == message and disclosure.owner == adam
    assert disclosure.verdict == "friend" and disclosure.suspect == friends[1]
    assert disclosure.evidence and disclosure.margin > 0
    assert Notification.objects.filter(user=adam, disclosure=disclosure).count() == 1

    again = crawl_and_detect(source, adam)  # same feed: nothing new, nothing duplicated
    assert again.new_documents == 0 and again.status == CrawlJob.Status.DONE
    assert Disclosure.objects.count() == 1 and Notification.objects.count() == 1
    document_detect(document_id=disclosure.document_id)  # a redelivered detection task
    assert Disclosure.objects.count() == 1 and Notification.objects.count() == 1


def test_unrelated_pages_make_no_disclosure(server, world, local_crawling):
    adam, _, _ = world
    server.routes["/page"] = lambda r: send(
        r,
        200,
        b"<html><body><article><p>Harvard University announced a new library in Cambridge, "
        b"Massachusetts, after three years of construction.</p></article></body></html>",
    )
    source = services.source_create(owner=adam, name="News", kind="page", url=server.url("/page"))
    job = crawl_and_detect(source)
    assert job.new_documents == 1 and job.matched == 0
    assert not Disclosure.objects.exists()


def test_failures_are_recorded_and_retried_transient(server, world, local_crawling):
    adam, _, _ = world
    server.routes["/down"] = lambda r: send(r, 503, b"busy")
    server.routes["/bad"] = lambda r: send(r, 200, b"\x00 not a feed", "application/rss+xml")
    down = services.source_create(owner=adam, name="Down", kind="feed", url=server.url("/down"))
    bad = services.source_create(owner=adam, name="Bad", kind="feed", url=server.url("/bad"))
    from osnguard.disclosures.crawling import CrawlRetry

    job = CrawlJob.objects.create(source=down)
    with pytest.raises(CrawlRetry):
        crawl_run(job_id=job.pk, final_attempt=False)
    down.refresh_from_db()
    assert (
        down.last_status == Source.Status.RETRYING and down.errors.filter(transient=True).exists()
    )
    job2 = CrawlJob.objects.create(source=bad)
    crawl_run(job_id=job2.pk)
    job2.refresh_from_db()
    bad.refresh_from_db()
    assert job2.status == CrawlJob.Status.FAILED and "not a readable" in job2.error
    assert bad.last_status == Source.Status.ERROR
    assert not CandidateDocument.objects.exists()


def test_crawler_refuses_local_addresses_without_the_setting(server, world):
    from osnguard.disclosures import crawling

    crawling.crawler_client.cache_clear()
    crawling.robots_cache.cache_clear()
    adam, _, _ = world
    # Entry refuses the address (tests/disclosures/test_source_entry.py); one stored earlier, or
    # a public name that resolves to a local address, is refused again when crawled.
    source = Source.objects.create(
        owner=adam, name="Local", kind="feed", url=server.url("/feed.xml")
    )
    job = CrawlJob.objects.create(source=source)
    crawl_run(job_id=job.pk)
    job.refresh_from_db()
    assert job.status == CrawlJob.Status.FAILED and "refused" in job.error
    assert server.hits == []


def test_a_pasted_copy_is_traced_through_the_invisible_layer(server, local_crawling, client):
    """A real post's version, pasted into a feed with its invisible marks: the disclosure names
    the friend, says it was found through the invisible fingerprint, and shows the text without
    the marks."""
    from django.urls import reverse

    from osnguard.posts.services import message_post
    from osnguard.privacy.fingerprinting import strip_invisible

    screening_index_reset()
    adam = make_user("adam_i", "Adam", "Ink")
    friends = [make_user(f"ink{i}", f"Ink{i}", "Test") for i in range(4)]
    for friend in friends:
        befriend(adam, friend)
    message = message_post(
        author=adam,
        text="Had my second chemo session at Dana-Farber this morning, the tumor is shrinking",
    )
    copied = message.versions.get(recipient=friends[2]).text
    assert copied != strip_invisible(copied)
    part = " ".join(copied.split(" ")[:8])  # a partial quote, pasted
    server.routes["/feed.xml"] = lambda r: send(
        r, 200, rss(f"saw this on my feed lol: {part}"), "application/rss+xml"
    )
    source = services.source_create(
        owner=adam, name="Blog", kind="feed", url=server.url("/feed.xml")
    )
    crawl_and_detect(source, adam)
    disclosure = Disclosure.objects.get(message=message)
    assert disclosure.verdict == "friend" and disclosure.suspect == friends[2]
    assert disclosure.layers[0] == "invisible" and "invisible fingerprint" in disclosure.explanation
    client.force_login(adam)
    page = client.get(reverse("disclosures:detail", args=[disclosure.pk])).content.decode()
    leaked = page.split('id="leaked-text"')[1].split('id="suspect-version"')[0]
    assert 'id="through-invisible"' in page and "\u2061" not in leaked
    screening_index_reset()
