"""A crawl's progress partial: "N matched" links to what it found (the disclosure itself when
there is one), and the end of a crawl tells the source page to refresh its status."""

from __future__ import annotations

import pytest

from disclosures.fixtures import befriend, make_user, post_fingerprinted, realise
from osnguard.disclosures import services
from osnguard.disclosures.models import CandidateDocument, CrawlJob, Disclosure

pytestmark = pytest.mark.django_db


@pytest.fixture
def crawl(client):
    adam = make_user("adam_c", "Adam", "Crawl")
    friends = [make_user(f"cpal{i}") for i in range(6)]
    for friend in friends:
        befriend(adam, friend)
    message = post_fingerprinted(adam, friends)
    source = services.source_create(
        owner=adam, name="Blog", kind="page", url="https://blog.example.org/"
    )
    job = CrawlJob.objects.create(source=source, status=CrawlJob.Status.DONE)
    client.force_login(adam)
    return adam, message, job


def found(adam, message, job, n: int) -> Disclosure:
    text, _ = realise((0, 1, 2))
    document = CandidateDocument.objects.create(
        url=f"https://blog.example.org/{n}", text=text, content_hash=f"h{n}", crawl_job=job
    )
    return Disclosure.objects.create(
        owner=adam, message=message, document=document, source_url=document.url,
        excerpt=text, verdict="undetermined", score=0.9, margin=0.0,
    )  # fmt: skip


def test_one_match_links_to_the_disclosure_and_the_end_refreshes_the_source(client, crawl):
    adam, message, job = crawl
    disclosure = found(adam, message, job, 1)
    page = client.get(f"/disclosures/crawls/{job.pk}/progress/?polling=1")
    assert page["HX-Trigger"] == "crawl-finished"
    assert f'href="/disclosures/{disclosure.pk}/">1 matched</a>' in page.content.decode()
    assert "HX-Trigger" not in client.get(f"/disclosures/crawls/{job.pk}/progress/")


def test_several_matches_link_to_the_crawls_list(client, crawl):
    adam, message, job = crawl
    for n in (1, 2):
        found(adam, message, job, n)
    other_job = CrawlJob.objects.create(source=job.source, status=CrawlJob.Status.DONE)
    found(adam, message, other_job, 3)
    page = client.get(f"/disclosures/crawls/{job.pk}/progress/").content.decode()
    assert f'href="/disclosures/?crawl={job.pk}#disclosure-list">2 matched</a>' in page
    listed = client.get(f"/disclosures/?crawl={job.pk}").content.decode()
    assert f"Found by crawl #{job.pk}" in listed
    assert "blog.example.org/3" not in listed and "blog.example.org/1" in listed
