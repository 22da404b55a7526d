"""The disclosures API: every endpoint is scoped to its owner (other users' ids are 404) and bad
input is a 400 with a message, never a 500."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from osnguard.disclosures.detection import disclosure_record
from osnguard.disclosures.models import (
    CandidateDocument,
    CrawlJob,
    Disclosure,
    Notification,
    Source,
)
from osnguard.disclosures.notifications import notification_for_disclosure
from osnguard.privacy.attribution import Attribution, Evidence

from .fixtures import befriend, make_user, post_fingerprinted

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(monkeypatch):
    from osnguard.disclosures import services

    monkeypatch.setattr(
        services, "crawl_job_enqueue", lambda *, job: True
    )  # no broker in these tests
    adam, eve = make_user("adam_api", "Adam", "Ebert"), make_user("eve_api")
    bob = make_user("bob_api", "Bob", "Smith")
    befriend(adam, bob)
    message = post_fingerprinted(adam, [bob])
    source = Source.objects.create(
        owner=adam, name="Blog", kind="feed", url="http://blog.example/feed"
    )
    site_wide = Source.objects.create(
        owner=None, name="Everyone", kind="feed", url="http://public.example/feed"
    )
    document = CandidateDocument.objects.create(
        source=source,
        url="http://blog.example/1",
        text=message.versions.get().text,
        content_hash="x" * 64,
    )
    result = Attribution(
        True,
        0.9,
        str(bob.pk),
        "Friends",
        6.0,
        [Evidence(0, "synonym", "at last", 2, 9)],
        verdict="friend",
        explanation="It carries Bob's choices.",
    )
    disclosure = disclosure_record(message=message, document=document, result=result)
    notification_for_disclosure(disclosure=disclosure)
    job = CrawlJob.objects.create(source=source)
    return {
        "adam": adam,
        "eve": eve,
        "bob": bob,
        "source": source,
        "site_wide": site_wide,
        "disclosure": disclosure,
        "job": job,
    }


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_owner_reads_everything_of_theirs(world):
    client = client_for(world["adam"])
    sources = client.get("/api/sources/").json()["results"]
    assert {s["name"] for s in sources} == {"Blog", "Everyone"}
    assert client.get(f"/api/sources/{world['source'].pk}/").status_code == 200
    assert client.get(f"/api/crawls/{world['job'].pk}/").json()["status"] == "queued"
    listed = client.get("/api/disclosures/").json()["results"]
    assert listed[0]["suspect"]["username"] == "bob_api" and listed[0]["verdict"] == "friend"
    stats = client.get("/api/disclosures/stats/").json()
    assert stats["by_friend"][0]["label"] == "Bob Smith" and len(stats["timeline"]) == 30
    assert client.get("/api/notifications/").json()["count"] == 1
    assert client.post("/api/notifications/read/", {}, format="json").json() == {
        "marked": 1,
        "unread": 0,
    }


def test_other_users_ids_are_404(world):
    client = client_for(world["eve"])
    d, s, j = world["disclosure"].pk, world["source"].pk, world["job"].pk
    for method, url, body in [
        ("get", f"/api/sources/{s}/", None),
        ("patch", f"/api/sources/{s}/", {"name": "x"}),
        ("delete", f"/api/sources/{s}/", None),
        ("post", f"/api/sources/{s}/crawl/", {}),
        ("get", f"/api/crawls/{j}/", None),
        ("get", f"/api/disclosures/{d}/", None),
        ("patch", f"/api/disclosures/{d}/", {"status": "dismissed"}),
        ("post", f"/api/disclosures/{d}/move-suspect/", {}),
        ("get", "/api/sources/999999/", None),
        ("get", "/api/disclosures/999999/", None),
    ]:
        response = (
            getattr(client, method)(url, body, format="json")
            if body is not None
            else getattr(client, method)(url)
        )
        assert response.status_code == 404, (method, url, response.status_code)
    assert client.get("/api/disclosures/").json()["count"] == 0
    assert client.get("/api/notifications/").json()["count"] == 0
    assert Disclosure.objects.get().status == "new" and Source.objects.filter(pk=s).exists()


def test_site_wide_sources_are_read_only_for_users(world):
    client = client_for(world["adam"])
    site = world["site_wide"].pk
    assert client.get(f"/api/sources/{site}/").status_code == 200
    assert (
        client.patch(f"/api/sources/{site}/", {"name": "mine now"}, format="json").status_code
        == 404
    )
    assert client.delete(f"/api/sources/{site}/").status_code == 404


@pytest.mark.parametrize(
    "body,field",
    [
        ({"name": "", "kind": "feed", "url": "http://a.example/"}, "name"),
        ({"name": "x" * 121, "kind": "feed", "url": "http://a.example/"}, "name"),
        ({"name": "A", "kind": "ftp", "url": "http://a.example/"}, "kind"),
        ({"name": "A", "kind": "feed", "url": "file:///etc/passwd"}, "url"),
        ({"name": "A", "kind": "feed", "url": "not a url"}, "url"),
        (
            {
                "name": "A",
                "kind": "mastodon_tag",
                "url": "http://m.example/",
                "hashtag": "no spaces!",
            },
            "hashtag",
        ),
        (
            {"name": "A", "kind": "feed", "url": "http://a.example/", "interval_minutes": 1},
            "interval_minutes",
        ),
        (
            {"name": "A", "kind": "feed", "url": "http://a.example/", "interval_minutes": "soon"},
            "interval_minutes",
        ),
        (
            {"name": "Blog", "kind": "feed", "url": "http://blog.example/feed"},
            "url",
        ),  # registered already
    ],
)
def test_bad_sources_are_400_with_the_field(world, body, field):
    response = client_for(world["adam"]).post("/api/sources/", body, format="json")
    assert response.status_code == 400 and field in response.json(), response.json()


def test_bad_status_preferences_and_ids_are_400(world):
    client = client_for(world["adam"])
    d = world["disclosure"].pk
    assert (
        client.patch(f"/api/disclosures/{d}/", {"status": "deleted"}, format="json").status_code
        == 400
    )
    assert client.get("/api/disclosures/?status=bogus").status_code == 400
    assert (
        client.put(
            "/api/notification-preferences/",
            [{"kind": "spam", "in_app": True, "email": True}],
            format="json",
        ).status_code
        == 400
    )
    assert client.post("/api/notifications/read/", {"ids": ["x"]}, format="json").status_code == 400
    assert (
        client.post("/api/sources/", "{not json", content_type="application/json").status_code
        == 400
    )


def test_actions_change_state(world):
    client = client_for(world["adam"])
    d = world["disclosure"].pk
    assert (
        client.patch(f"/api/disclosures/{d}/", {"status": "confirmed"}, format="json").json()[
            "status"
        ]
        == "confirmed"
    )
    moved = client.post(f"/api/disclosures/{d}/move-suspect/", {}, format="json").json()
    assert moved == {"friend": world["bob"].pk, "group": "Acquaintances", "level": 3}
    crawl = client.post(f"/api/sources/{world['source'].pk}/crawl/", {}, format="json")
    assert (
        crawl.status_code == 202 and crawl.json()["id"] == world["job"].pk
    )  # one active job per source
    prefs = client.put(
        "/api/notification-preferences/",
        [{"kind": "disclosure", "in_app": True, "email": False}],
        format="json",
    ).json()
    assert {"kind": "disclosure", "in_app": True, "email": False} in prefs
    assert client.delete(f"/api/sources/{world['source'].pk}/").status_code == 204


def test_one_notification_per_disclosure(world):
    notification_for_disclosure(disclosure=world["disclosure"])
    notification_for_disclosure(disclosure=world["disclosure"])
    assert Notification.objects.filter(disclosure=world["disclosure"]).count() == 1


def test_pages_are_scoped_and_never_500(world, client):
    client.force_login(world["eve"])
    d, s, j = world["disclosure"].pk, world["source"].pk, world["job"].pk
    for url in (
        f"/disclosures/{d}/",
        f"/disclosures/sources/{s}/",
        f"/disclosures/crawls/{j}/progress/",
    ):
        assert client.get(url).status_code == 404, url
    assert client.post(f"/disclosures/{d}/action/", {"action": "dismiss"}).status_code == 404
    assert client.post(f"/disclosures/sources/{s}/action/", {"action": "delete"}).status_code == 404
    assert (
        client.post(
            "/disclosures/sources/", {"name": "", "kind": "feed", "url": "nope"}
        ).status_code
        == 400
    )
    for url in (
        "/disclosures/",
        "/disclosures/sources/",
        "/disclosures/notifications/",
        "/disclosures/notifications/settings/",
        "/disclosures/?status=bogus&page=zz",
    ):
        assert client.get(url).status_code == 200, url
    client.force_login(world["adam"])
    assert client.get(f"/disclosures/{d}/").status_code == 200
    assert client.get(f"/disclosures/crawls/{j}/progress/").status_code == 200
    response = client.post(f"/disclosures/{d}/action/", {"action": "explode"}, follow=True)
    assert response.status_code == 200 and b"Unknown action" in response.content
