"""Malformed input is a 400 with a clear message, never a 500: missing fields, ids beyond SQLite's
integer range, Unicode digits where an id belongs, and deeply nested JSON (also unauthenticated)."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from osnguard.circles.models import FriendGroup
from osnguard.disclosures.models import Notification

pytestmark = pytest.mark.django_db

HUGE = str(2**64)
NESTED = "[" * 10_000 + "]" * 10_000  # 20 kB


@pytest.mark.parametrize("body", [{}, {"name": "Blog"}, {"kind": "page"}])
def test_source_without_name_or_kind_is_a_400(api, body):
    response = api.post("/api/sources/", body, format="json")
    assert response.status_code == 400
    missing = {"name", "kind"} - set(body)
    assert missing <= set(response.json()) and "required" in json.dumps(response.json())


def test_huge_and_unicode_notification_ids_in_the_api_are_400s(api, user):
    note = Notification.objects.create(
        user=user, kind=Notification.Kind.DISCLOSURE, title="t", body="b"
    )
    for ids in ([int(HUGE)], [HUGE], ["²"], ["١٢"], [-1]):
        response = api.post("/api/notifications/read/", {"ids": ids}, format="json")
        assert response.status_code == 400, ids
        assert "ids" in response.json()
    note.refresh_from_db()
    assert note.read_at is None  # nothing was marked


def test_huge_and_unicode_ids_in_the_html_mark_read_are_400s(web, user):
    note = Notification.objects.create(
        user=user, kind=Notification.Kind.DISCLOSURE, title="t", body="b"
    )
    for raw in (HUGE, "²", "1²"):
        response = web.post("/disclosures/notifications/read/", {"id": [str(note.pk), raw]})
        assert response.status_code == 400, raw
        assert b"digits 0-9" in response.content
    note.refresh_from_db()
    assert note.read_at is None
    assert web.post("/disclosures/notifications/read/", {"id": [str(note.pk)]}).status_code == 302


def test_unicode_digit_group_filter_is_a_400_with_a_message(web):
    for raw in ("²", HUGE):
        response = web.get("/friends/", {"group": raw})
        assert response.status_code == 400
        assert b"group filter must be a group id" in response.content
    group = FriendGroup.objects.filter(owner__username="adam").first()
    assert web.get("/friends/", {"group": group.pk}).status_code == 200


def test_unicode_digit_and_huge_to_user_are_400s(web, api):
    for raw in ("²", HUGE):
        response = web.post("/friends/requests/send/", {"to_user": raw})
        assert response.status_code == 400 and b"user id" in response.content
        response = api.post("/api/friend-requests/", {"to_user": raw}, format="json")
        assert response.status_code == 400 and "to_user" in response.json()
    assert api.post("/api/friend-requests/", {"to_user": 2**64}, format="json").status_code == 400


def test_huge_ids_in_query_and_bodies_are_400s(api):
    group = FriendGroup.objects.filter(owner__username="adam").first()
    assert api.delete(f"/api/groups/{group.pk}/?move_to={HUGE}").status_code == 400
    assert api.delete(f"/api/groups/{group.pk}/?move_to=²").status_code == 400
    assert api.post("/api/interactions/", {"friend": 2**64}, format="json").status_code == 400
    assert api.post("/api/groups/reorder/", {"order": [2**64]}, format="json").status_code == 400


@pytest.mark.parametrize(
    "url",
    [
        "/api/sources/",
        "/api/notifications/read/",
        "/api/messages/proposal/",
        "/api/analyze/",
        "/api/groups/",
        "/api/profile/",
    ],
)
def test_deeply_nested_json_is_a_400_when_signed_in(api, url):
    response = api.generic(
        "POST" if url != "/api/profile/" else "PATCH", url, NESTED, content_type="application/json"
    )
    assert response.status_code == 400
    assert "deeper than" in response.json()["detail"]


@pytest.mark.parametrize("url", ["/api/auth/token/", "/api/auth/signup/"])
def test_deeply_nested_json_is_a_400_unauthenticated(url):
    response = APIClient().generic("POST", url, NESTED, content_type="application/json")
    assert response.status_code == 400
    assert "deeper than" in response.json()["detail"]
    moderate = json.dumps(
        {"username": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["x"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}
    )
    assert (
        APIClient().generic("POST", url, moderate, content_type="application/json").status_code
        == 400
    )


def test_ordinary_json_still_parses(api):
    response = api.post("/api/groups/", {"name": "Neighbours"}, format="json")
    assert response.status_code == 201


@pytest.mark.django_db
@pytest.mark.parametrize("username", ["ad\x00am", ["adam"], {"a": 1}, "x" * 151])
def test_token_endpoint_refuses_unusable_usernames_with_a_400(username):
    """NUL bytes cannot be stored in PostgreSQL text: they must never reach the lockout's query."""
    from rest_framework.test import APIClient

    response = APIClient().post(
        "/api/auth/token/", {"username": username, "password": "x"}, format="json"
    )
    assert response.status_code == 400 and "username" in response.json()
