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
    profile_update(
        user=user, attributes={"hometown": ["Tokyo"], "education": ["Harvard University"]}
    )
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
    data = api.post(
        "/api/analyze/",
        {"text": "My hometown is Tokyo. Mail me at adam@example.org"},
        format="json",
    ).json()
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
    junk = api.post(
        "/api/analyze/",
        data='{"text": "\\u0000\\u0001 binary \\udcff junk \\u2603 ☃ שלום مرحبا 😀"}',
        content_type="application/json",
    )
    assert junk.status_code in (200, 400) and junk.json()
    french = api.post(
        "/api/analyze/",
        {"text": "Je suis allé à Paris avec ma femme, écris-moi à jean@example.fr"},
        format="json",
    ).json()
    assert french["language"] != "en" and any(p["category"] == "contact" for p in french["phrases"])


def test_proposal_then_post(api, adam):
    text = "My hometown is Tokyo and I studied at Harvard University for three years."
    proposal = api.post("/api/messages/proposal/", {"text": text}, format="json").json()
    assert next(g["name"] for g in sorted(proposal["groups"], key=lambda g: g["level"])) == "Family"
    assert len(proposal["versions"]) == 5
    posted = api.post(
        "/api/messages/",
        {"text": text, "group_texts": {"Public": "I grew up in Asia."}},
        format="json",
    )
    assert posted.status_code == 201
    message = Message.objects.get(pk=posted.json()["id"])
    assert message.versions.count() == 5
    public = message.versions.get(group_version__group_name="Public")
    assert "Asia" in public.text and "Tokyo" not in public.text


@pytest.mark.parametrize(
    "body",
    [
        {"text": ""},
        {"text": "   "},
        {"text": "x" * 5001},
        {"text": "hello", "audience": "everyone"},
        {"text": "hello", "group_texts": {"No such group": "hi"}},
        {"text": "hello", "group_texts": "nope"},
    ],
)
def test_post_bad_input_is_400_and_stores_nothing(api, body):
    assert api.post("/api/messages/", body, format="json").status_code == 400
    assert not Message.objects.exists()


REVIEW_TEXT = "My hometown is Tokyo and I was at Tokyo station at 10am with my sister."


def test_proposal_lists_options_and_applies_choices(api, adam):
    base = api.post("/api/messages/proposal/", {"text": REVIEW_TEXT}, format="json").json()
    friends = next(g for g in base["groups"] if g["name"] == "Friends")
    time = next(c for c in friends["phrase_choices"] if c["phrase"] == "at 10am")
    assert time["options"][-1]["kind"] == "suppression" and time["options"][-1]["text"] == ""
    assert {"degree", "text", "info_loss", "k", "natural", "available"} <= set(time["options"][1])
    removed = len(time["options"]) - 1
    body = {"text": REVIEW_TEXT, "choices": {"Friends": {time["key"]: removed}}}
    chosen = api.post("/api/messages/proposal/", body, format="json").json()
    friends = next(g for g in chosen["groups"] if g["name"] == "Friends")
    assert "10am" not in friends["text"]
    assert (
        next(c for c in friends["phrase_choices"] if c["key"] == time["key"])["degree"] == removed
    )
    # posting with the review's time and digest stores exactly what was proposed
    posted = api.post(
        "/api/messages/",
        {**body, "reviewed_at": chosen["review"]["now"], "digest": chosen["review"]["digest"]},
        format="json",
    )
    assert posted.status_code == 201
    message = Message.objects.get(pk=posted.json()["id"])
    assert {v.recipient.username: v.text for v in message.versions.select_related("recipient")} == {
        f"c_{next(g['level'] for g in chosen['groups'] if g['name'] == v['group'])}": v["text"]
        for v in chosen["versions"]
    }


def test_rejected_synonyms_through_the_api(api, adam, django_user_model):
    # five friends in one group: their versions need fingerprint words to differ
    friends = FriendGroup.objects.get(owner=adam, level=2)
    for i in range(5):
        friend = django_user_model.objects.create_user(username=f"syn_{i}", password="x")
        Friendship.objects.create(owner=adam, friend=friend, group=friends)
    text = "We studied the old maps for hours at the museum in Tokyo at 10am."
    base = api.post(
        "/api/messages/proposal/", {"text": text, "fingerprint_all": True}, format="json"
    ).json()
    pairs = [
        [s["original"], a] for g in base["groups"] for s in g["synonyms"] for a in s["alternatives"]
    ]
    assert pairs
    again = api.post(
        "/api/messages/proposal/",
        {"text": text, "fingerprint_all": True, "rejected_synonyms": pairs[:1]},
        format="json",
    ).json()
    assert again["rejected_synonyms"] == [[pairs[0][0].lower(), pairs[0][1].lower()]]
    assert not any(
        c["kind"] == "synonym"
        and c["original"].lower() == pairs[0][0].lower()
        and c["text"].lower() == pairs[0][1].lower()
        for v in again["versions"]
        for c in v["choices"]
    )


@pytest.mark.parametrize(
    "extra, field, message",
    [
        ({"choices": {"Friends": {"999:1000": 1}}}, "non_field_errors", "outside the message"),
        ({"choices": {"Friends": {"15:20": 99}}}, "non_field_errors", "has options"),
        ({"choices": {"Friends": {"15:20": -1}}}, "choices", ""),
        ({"choices": {"Friends": {"16:20": 1}}}, "non_field_errors", "changed since the review"),
        ({"choices": {"Nobody": {"15:20": 1}}}, "groups", "Unknown group"),
        ({"choices": "Friends"}, "choices", ""),
        ({"readings": {"15:20": "nowhere"}}, "non_field_errors", "no reading"),
        ({"rejected_synonyms": [["only-one"]]}, "rejected_synonyms", ""),
        ({"reviewed_at": "2000-01-01T00:00:00Z"}, "reviewed_at", "more than an hour old"),
        ({"digest": "stale"}, "non_field_errors", "changed since you reviewed"),
    ],
)
def test_bad_review_fields_are_400s(api, extra, field, message):
    for url in ("/api/messages/proposal/", "/api/messages/"):
        if url.endswith("proposal/") and "digest" in extra:
            continue  # only posting checks the digest
        response = api.post(url, {"text": REVIEW_TEXT, **extra}, format="json")
        assert response.status_code == 400, response.content
        assert field in response.json() and message in str(response.json()[field])
    assert not Message.objects.exists()


def test_api_uses_the_profile_setting_unless_told(api, adam):
    from osnguard.accounts.services import profile_settings_update

    plain = "What a great match that was, honestly the best game of the season!"
    profile_settings_update(user=adam, fingerprint_all=True)
    assert (
        api.post("/api/messages/proposal/", {"text": plain}, format="json").json()[
            "fingerprint_all"
        ]
        is True
    )
    assert (
        api.post("/api/messages/", {"text": plain}, format="json").json()["fingerprinted"] is True
    )
    assert (
        api.post("/api/messages/", {"text": plain, "fingerprint_all": False}, format="json").json()[
            "fingerprinted"
        ]
        is False
    )


def test_openapi_schema_documents_the_review_fields(client, adam):
    client.force_login(adam)
    schema = client.get("/api/schema/").content.decode()
    for name in (
        "rejected_synonyms",
        "phrase_choices",
        "readings",
        "reviewed_at",
        "digest",
        "choices",
    ):
        assert name in schema
