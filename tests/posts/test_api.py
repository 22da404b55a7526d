"""The compose API: analyze (same JSON as `osnguard identify`), proposal and posting; bad input
is a 400, never a 500."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from osnguard.accounts.services import profile_update, user_sign_up
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.posts.models import Message

pytestmark = pytest.mark.django_db


@pytest.fixture
def adam(django_user_model):
    user = user_sign_up(username="adam_c", password="a-long-passphrase-1")
    profile_update(user=user, attributes={"hometown": ["Tokyo"], "education": ["Harvard University"]})
    for group in FriendGroup.objects.filter(owner=user):
        friend = django_user_model.objects.create_user(username=f"c_{group.level}", password="x")
        Friendship.objects.create(owner=user, friend=friend, group=group)
    return user


@pytest.fixture
def api(adam):
    client = APIClient()
    client.force_authenticate(adam)
    return client


def test_analyze_uses_the_profile_and_explains(api):
    data = api.post("/api/analyze/", {"text": "My hometown is Tokyo. Mail me at adam@example.org"}, format="json").json()
    assert data["private"] is True
    found = {p["text"]: p for p in data["phrases"]}
    assert "profile" in found["Tokyo"]["detectors"] and found["Tokyo"]["reason"]
    assert found["adam@example.org"]["category"] == "contact"
    assert {"start", "end", "category", "detectors", "reason", "confidence"} <= set(found["Tokyo"])


def test_analyze_bad_input(api):
    assert api.post("/api/analyze/", {"text": ""}, format="json").json()["phrases"] == []
    assert api.post("/api/analyze/", {}, format="json").status_code == 400
    assert api.post("/api/analyze/", {"text": "x" * 100_000}, format="json").status_code == 400
    assert api.post("/api/analyze/", {"text": ["not", "text"]}, format="json").status_code == 400
    junk = api.post("/api/analyze/", data='{"text": "\\u0000\\u0001 binary \\udcff junk \\u2603 ☃ שלום مرحبا 😀"}',
                    content_type="application/json")
    assert junk.status_code in (200, 400) and junk.json()
    french = api.post("/api/analyze/", {"text": "Je suis allé à Paris avec ma femme, écris-moi à jean@example.fr"},
                      format="json").json()
    assert french["language"] != "en" and any(p["category"] == "contact" for p in french["phrases"])


def test_proposal_then_post(api, adam):
    text = "My hometown is Tokyo and I studied at Harvard University for three years."
    proposal = api.post("/api/messages/proposal/", {"text": text}, format="json").json()
    assert [g["name"] for g in sorted(proposal["groups"], key=lambda g: g["level"])][0] == "Family"
    assert len(proposal["versions"]) == 5
    posted = api.post("/api/messages/", {"text": text, "group_texts": {"Public": "I grew up in Asia."}}, format="json")
    assert posted.status_code == 201
    message = Message.objects.get(pk=posted.json()["id"])
    assert message.versions.count() == 5
    public = message.versions.get(group_version__group_name="Public")
    assert "Asia" in public.text and "Tokyo" not in public.text


@pytest.mark.parametrize("body", [
    {"text": ""}, {"text": "   "}, {"text": "x" * 5001}, {"text": "hello", "audience": "everyone"},
    {"text": "hello", "group_texts": {"No such group": "hi"}}, {"text": "hello", "group_texts": "nope"},
])
def test_post_bad_input_is_400_and_stores_nothing(api, body):
    assert api.post("/api/messages/", body, format="json").status_code == 400
    assert not Message.objects.exists()
