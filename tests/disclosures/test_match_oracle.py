"""No match oracle (issue 11, finding 3): a user who registers a page carrying a guessed text
learns nothing from their crawl about other users' messages, and the victim's disclosure names
the public address of the copy, never the other user's source."""

from __future__ import annotations

import pytest

from osnguard.disclosures import services
from osnguard.disclosures.crawling import crawl_run
from osnguard.disclosures.detection import document_detect, screening_index_reset
from osnguard.disclosures.models import CrawlJob, Disclosure

from .fixtures import befriend, make_user, post_fingerprinted, realise
from .localserver import send

pytestmark = pytest.mark.django_db

TRAP_NAME = "Eve's secret trap"


@pytest.fixture
def world(server, local_crawling, monkeypatch):
    monkeypatch.setattr(
        services, "crawl_job_enqueue", lambda *, job: True
    )  # crawled in-process below
    screening_index_reset()
    victim = make_user("victim", "Vera", "Victim")
    friends = [make_user(f"vfriend{i}") for i in range(6)]
    for friend in friends:
        befriend(victim, friend)
    message = post_fingerprinted(victim, friends)
    attacker = make_user("eve_oracle")
    guessed, _ = realise((1, 2, 0))  # a friend's version, which the attacker guessed or was shown
    server.routes["/trap.html"] = lambda r: send(
        r, 200, f"<html><body><article><p>{guessed}</p></article></body></html>".encode()
    )
    trap = services.source_create(
        owner=attacker, name=TRAP_NAME, kind="page", url=server.url("/trap.html")
    )
    job = services.crawl_job_request(source=trap, requested_by=attacker)
    for document_id in crawl_run(job_id=job.pk).new_document_ids:
        document_detect(document_id=document_id)
    yield {
        "victim": victim,
        "attacker": attacker,
        "message": message,
        "trap": trap,
        "job": job,
        "friends": friends,
        "url": server.url("/trap.html"),
    }
    screening_index_reset()


def test_the_copy_is_detected_for_the_victim(world):
    disclosure = Disclosure.objects.get()
    assert disclosure.owner == world["victim"] and disclosure.suspect == world["friends"][1]
    assert disclosure.source is None and disclosure.source_url == world["url"]


def test_attackers_crawl_shows_no_match_in_html_or_api(world, client):
    client.force_login(world["attacker"])
    job = world["job"]
    progress = client.get(f"/disclosures/crawls/{job.pk}/progress/").content.decode()
    assert "0 matched" in progress and "1 matched" not in progress
    page = client.get(f"/disclosures/sources/{world['trap'].pk}/").content.decode()
    assert "0 matched" in page
    for html in (progress, page):
        assert "victim" not in html.lower() and "Vera" not in html
    api = client.get(f"/api/crawls/{job.pk}/").json()
    assert api["matched"] == 0 and api["status"] == "done"
    assert "victim" not in str(api).lower()
    crawled_again = client.post(f"/api/sources/{world['trap'].pk}/crawl/").json()
    assert crawled_again["matched"] == 0
    assert client.get("/api/disclosures/").json()["count"] == 0
    assert client.get("/api/notifications/").json()["count"] == 0
    # The stored figure, too, counts only the source owner's own messages.
    assert CrawlJob.objects.get(pk=job.pk).matched == 0


def test_victims_disclosure_shows_the_address_not_the_attackers_source(world, client):
    disclosure = Disclosure.objects.get()
    client.force_login(world["victim"])
    detail = client.get(f"/disclosures/{disclosure.pk}/").content.decode()
    assert f'href="{world["url"]}"' in detail
    assert TRAP_NAME not in detail and "Eve" not in detail and "eve_oracle" not in detail
    dashboard = client.get("/disclosures/").content.decode()
    assert TRAP_NAME not in dashboard and "127.0.0.1" in dashboard
    api = client.get(f"/api/disclosures/{disclosure.pk}/").json()
    assert api["source"] is None and api["source_url"] == world["url"]
    stats = client.get("/api/disclosures/stats/").json()
    assert [row["label"] for row in stats["by_source"]] == ["127.0.0.1"]
    notification = client.get("/api/notifications/").json()["results"][0]
    assert TRAP_NAME not in notification["body"] and world["url"] in notification["body"]


def test_own_source_is_still_named_and_counted(world, server, client):
    victim = world["victim"]
    leaked, _ = realise((2, 0, 1))
    server.routes["/mine.html"] = lambda r: send(
        r, 200, f"<html><body><p>{leaked}</p></body></html>".encode()
    )
    mine = services.source_create(
        owner=victim, name="Vera's watch", kind="page", url=server.url("/mine.html")
    )
    job = services.crawl_job_request(source=mine, requested_by=victim)
    for document_id in crawl_run(job_id=job.pk).new_document_ids:
        document_detect(document_id=document_id)
    client.force_login(victim)
    assert client.get(f"/api/crawls/{job.pk}/").json()["matched"] == 1
    own = Disclosure.objects.get(source=mine)
    assert "Vera&#x27;s watch" in client.get(f"/disclosures/{own.pk}/").content.decode()
