"""The circles API's query parameters (osnguard/circles/filters.py): the same names and defaults as
before django-filter, a 400 naming the parameter for a malformed value, and the OpenAPI schema
documenting each of them."""

from __future__ import annotations

import pytest
from factories import UserFactory, make_friends
from rest_framework.test import APIClient

from osnguard.circles.filters import ID_MESSAGE
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.circles.services import friend_request_accept, friend_request_send

pytestmark = pytest.mark.django_db


def usernames(response, side: str = "friend") -> list[str]:
    assert response.status_code == 200, response.content
    return sorted(row[side]["username"] for row in response.data["results"])


@pytest.fixture
def requests(user, other):
    """One request of each kind: sent by adam, received by adam, and accepted."""
    sent = friend_request_send(from_user=user, to_user=UserFactory(username="sent_to"))
    received = friend_request_send(from_user=UserFactory(username="asked_by"), to_user=user)
    accepted = friend_request_send(from_user=other, to_user=user)
    friend_request_accept(friend_request=accepted)
    return {"sent": sent, "received": received, "accepted": accepted}


def test_friend_requests_default_to_pending_in_both_directions(api, requests):
    both = api.get("/api/friend-requests/").data
    assert {r["id"] for r in both["results"]} == {requests["sent"].pk, requests["received"].pk}
    assert api.get("/api/friend-requests/?status=").data["count"] == 2  # empty: the default
    assert api.get("/api/friend-requests/?status=all").data["count"] == 3
    accepted = api.get("/api/friend-requests/?status=accepted").data["results"]
    assert [r["id"] for r in accepted] == [requests["accepted"].pk]


def test_friend_requests_by_direction(api, requests):
    incoming = api.get("/api/friend-requests/?direction=incoming").data["results"]
    outgoing = api.get("/api/friend-requests/?direction=outgoing&status=all").data["results"]
    assert [r["id"] for r in incoming] == [requests["received"].pk]
    assert [r["id"] for r in outgoing] == [requests["sent"].pk]
    assert api.get("/api/friend-requests/?direction=").data["count"] == 2


@pytest.mark.parametrize(
    "query, errors",
    [
        ("direction=sideways", {"direction": ["Use incoming or outgoing."]}),
        ("status=lost", {"status": ["Use pending, accepted, declined, cancelled or all."]}),
        ("direction=Incoming", {"direction": ["Use incoming or outgoing."]}),
    ],
)
def test_friend_request_parameters_refuse_unknown_values(api, query, errors):
    response = api.get(f"/api/friend-requests/?{query}")
    assert response.status_code == 400 and response.json() == errors


def test_friends_by_group_and_search(api, user, other):
    family = FriendGroup.objects.get(owner=user, name="Family")
    make_friends(user, UserFactory(username="kin", last_name="Ebert"), a_group=family)
    make_friends(user, UserFactory(username="pal", first_name="Ebertina"))
    assert usernames(api.get(f"/api/friends/?group={family.pk}")) == ["kin"]
    assert usernames(api.get("/api/friends/?search=ebert")) == ["kin", "pal"]
    assert usernames(api.get(f"/api/friends/?search=ebert&group={family.pk}")) == ["kin"]
    assert usernames(api.get("/api/friends/?group=&search=")) == ["kin", "pal"]
    theirs = FriendGroup.objects.get(owner=other, name="Family")
    assert api.get(f"/api/friends/?group={theirs.pk}").status_code == 404


@pytest.mark.parametrize("value", ["abc", "-1", "0", "1.5", "²", str(2**70)])
def test_a_group_that_is_not_an_id_is_a_400(api, value):
    response = api.get("/api/friends/", {"group": value})
    assert response.status_code == 400 and response.json() == {"group": [ID_MESSAGE]}


@pytest.fixture
def suggestions(user):
    """Two friends with suggestions: one already in the suggested group, one not."""
    rows = []
    for name, level in (("settled", 2), ("moving", 0)):
        row = make_friends(user, UserFactory(username=name))  # in Friends, level 2
        Friendship.objects.filter(pk=row.pk).update(suggested_level=level)
        rows.append(row)
    return rows


@pytest.mark.parametrize("value", ["1", "true", "yes", "True", "YES"])
def test_differing_switched_on(api, suggestions, value):
    assert usernames(api.get("/api/level-suggestions/", {"differing": value})) == ["moving"]


@pytest.mark.parametrize("value", ["", "0", "false", "no"])
def test_differing_switched_off(api, suggestions, value):
    response = api.get("/api/level-suggestions/", {"differing": value})
    assert usernames(response) == ["moving", "settled"]


def test_differing_refuses_anything_else(api, suggestions):
    response = api.get("/api/level-suggestions/?differing=maybe")
    assert response.status_code == 400
    assert response.json() == {"differing": ["Use 1, true or yes (or 0, false or no)."]}


def test_user_search_finds_nobody_without_a_search(api, other):
    assert api.get("/api/users/").data["count"] == 0
    assert api.get("/api/users/?search=").data["count"] == 0
    found = api.get("/api/users/?search=mallory").data["results"]
    assert [u["username"] for u in found] == ["mallory"]


def test_user_search_never_lists_yourself_or_inactive_users(api, user):
    UserFactory(username="adamant", is_active=False)
    UserFactory(username="adams")
    found = api.get("/api/users/?search=adam").data["results"]
    assert [u["username"] for u in found] == ["adams"]


def test_a_search_with_a_nul_character_is_a_400(api):
    response = api.get("/api/users/", {"search": "ad\x00am"})
    assert response.status_code == 400 and "search" in response.json()


def test_the_schema_documents_the_parameters(user):
    client = APIClient()
    client.force_authenticate(user)
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()[
        "paths"
    ]

    def parameters(path: str) -> dict[str, dict]:
        return {
            p["name"]: p["schema"]
            for p in paths[path]["get"]["parameters"]
            if not p["name"].startswith("page")
        }

    assert parameters("/api/friends/") == {
        "group": {"type": "integer"},
        "search": {"type": "string"},
    }
    requests = parameters("/api/friend-requests/")
    assert requests["direction"]["enum"] == ["incoming", "outgoing"]
    assert set(requests["status"]["enum"]) == {
        "pending",
        "accepted",
        "declined",
        "cancelled",
        "all",
    }
    assert parameters("/api/users/") == {"search": {"type": "string"}}
    assert parameters("/api/level-suggestions/") == {"differing": {"type": "boolean"}}
