"""The circles API: every endpoint works for its owner, answers 404 for other users' ids and 400
for bad input."""

from __future__ import annotations

import pytest
from factories import UserFactory, add_interactions, make_friends
from rest_framework.test import APIClient

from osnguard.circles.models import FriendGroup, FriendRequest, Friendship, Interaction
from osnguard.circles.services import friend_request_send

pytestmark = pytest.mark.django_db

HUGE_ID = 2**63 + 5  # beyond any database integer


def group(owner, name="Friends") -> FriendGroup:
    return FriendGroup.objects.get(owner=owner, name=name)


@pytest.fixture
def theirs(other):
    """Objects owned by another user: a group, a friendship, a request between strangers."""
    stranger, third = UserFactory(), UserFactory()
    return {
        "group": group(other),
        "friendship": make_friends(other, stranger),
        "request": friend_request_send(from_user=other, to_user=third),
    }


@pytest.mark.parametrize(
    "method, url",
    [
        ("get", "/api/groups/"),
        ("post", "/api/groups/"),
        ("get", "/api/groups/1/"),
        ("patch", "/api/groups/1/"),
        ("delete", "/api/groups/1/"),
        ("post", "/api/groups/reorder/"),
        ("get", "/api/friends/"),
        ("get", "/api/friends/1/"),
        ("patch", "/api/friends/1/"),
        ("delete", "/api/friends/1/"),
        ("post", "/api/friends/1/apply-suggestion/"),
        ("get", "/api/friend-requests/"),
        ("post", "/api/friend-requests/"),
        ("get", "/api/friend-requests/1/"),
        ("post", "/api/friend-requests/1/accept/"),
        ("post", "/api/friend-requests/1/decline/"),
        ("post", "/api/friend-requests/1/cancel/"),
        ("get", "/api/users/"),
        ("get", "/api/interactions/"),
        ("post", "/api/interactions/"),
        ("get", "/api/level-suggestions/"),
        ("post", "/api/level-suggestions/recompute/"),
        ("get", "/api/profile/"),
    ],
)
def test_every_endpoint_needs_authentication(method, url):
    assert getattr(APIClient(), method)(url).status_code in (401, 403)


# --- groups ------------------------------------------------------------------------------------


def test_group_crud(api, user):
    listing = api.get("/api/groups/")
    assert listing.status_code == 200 and listing.data["count"] == 5
    assert [g["name"] for g in listing.data["results"]] == [
        "Family",
        "Best friends",
        "Friends",
        "Acquaintances",
        "Public",
    ]
    created = api.post("/api/groups/", {"name": "Colleagues", "level": 3}, format="json")
    assert created.status_code == 201 and created.data["member_count"] == 0
    pk = created.data["id"]
    assert api.get(f"/api/groups/{pk}/").data["name"] == "Colleagues"
    patched = api.patch(f"/api/groups/{pk}/", {"name": "Work", "level": 2}, format="json")
    assert patched.status_code == 200 and (patched.data["name"], patched.data["level"]) == (
        "Work",
        2,
    )
    assert api.delete(f"/api/groups/{pk}/").status_code == 204
    assert api.get(f"/api/groups/{pk}/").status_code == 404


@pytest.mark.parametrize(
    "payload",
    [
        {"name": "Family"},
        {"name": "family "},
        {"name": "x" * 61},
        {"name": ""},
        {},
        {"name": "Ok", "level": -1},
        {"name": "Ok", "level": 101},
        {"name": "Ok", "level": "high"},
        {"name": ["a"]},
        [1, 2],
    ],
)
def test_group_create_bad_input_is_400(api, user, payload):
    assert api.post("/api/groups/", payload, format="json").status_code == 400
    assert FriendGroup.objects.filter(owner=user).count() == 5


def test_group_patch_bad_input_is_400(api, user):
    pk = group(user).pk
    assert api.patch(f"/api/groups/{pk}/", {"name": "Public"}, format="json").status_code == 400
    assert api.patch(f"/api/groups/{pk}/", {"level": 1000}, format="json").status_code == 400
    assert (
        api.generic(
            "PATCH", f"/api/groups/{pk}/", "{oops", content_type="application/json"
        ).status_code
        == 400
    )


def test_group_delete_moves_members(api, user, other):
    bob = UserFactory()
    friendship = make_friends(user, bob, a_group=group(user, "Family"))
    public = group(user, "Public")
    assert (
        api.delete(f"/api/groups/{group(user, 'Family').pk}/?move_to={public.pk}").status_code
        == 204
    )
    friendship.refresh_from_db()
    assert friendship.group == public
    # default: next stricter group
    make_friends(user, UserFactory(), a_group=group(user, "Best friends"))
    assert api.delete(f"/api/groups/{group(user, 'Best friends').pk}/").status_code == 204
    assert Friendship.objects.filter(owner=user, group__name="Friends").count() == 1


def test_group_delete_bad_input(api, user, other):
    pk = group(user, "Family").pk
    assert api.delete(f"/api/groups/{pk}/?move_to={group(other).pk}").status_code == 400
    assert api.delete(f"/api/groups/{pk}/?move_to=abc").status_code == 400
    assert api.delete(f"/api/groups/{pk}/?move_to={pk}").status_code == 400
    assert api.delete(f"/api/groups/{pk}/?move_to={HUGE_ID}").status_code == 400
    FriendGroup.objects.filter(owner=user).exclude(pk=pk).delete()
    response = api.delete(f"/api/groups/{pk}/")
    assert response.status_code == 400 and "only group" in str(response.data)


def test_group_reorder(api, user, other):
    ids = [g["id"] for g in api.get("/api/groups/").data["results"]]
    response = api.post("/api/groups/reorder/", {"order": list(reversed(ids))}, format="json")
    assert response.status_code == 200
    assert [(g["name"], g["level"]) for g in response.data][:2] == [
        ("Public", 0),
        ("Acquaintances", 1),
    ]
    for bad in (
        {"order": ids[:-1]},
        {"order": [*ids, ids[0]]},
        {"order": [*ids[:-1], group(other).pk]},
        {"order": "1,2"},
        {"order": []},
        {},
        {"order": [HUGE_ID] * 5},
    ):
        assert api.post("/api/groups/reorder/", bad, format="json").status_code == 400


def test_group_other_users_ids_are_404(api, theirs):
    pk = theirs["group"].pk
    assert api.get(f"/api/groups/{pk}/").status_code == 404
    assert api.patch(f"/api/groups/{pk}/", {"name": "Mine now"}, format="json").status_code == 404
    assert api.delete(f"/api/groups/{pk}/").status_code == 404
    assert api.get(f"/api/groups/{HUGE_ID}/").status_code == 404
    assert FriendGroup.objects.get(pk=pk).name == "Friends"


# --- friends -----------------------------------------------------------------------------------


def test_friends_list_filter_search_and_pagination(api, user):
    family = group(user, "Family")
    for i in range(3):
        # fixed names: a random Faker surname can contain "smith" ("Goldsmith")
        member = UserFactory(username=f"fam{i}", first_name="Fam", last_name=f"Member{i}")
        make_friends(user, member, a_group=family)
    make_friends(user, UserFactory(username="bob", first_name="Bob", last_name="Smith"))
    data = api.get("/api/friends/").data
    assert data["count"] == 4 and data["results"][0]["friend"]["username"]
    assert api.get(f"/api/friends/?group={family.pk}").data["count"] == 3
    assert api.get("/api/friends/?search=smith").data["results"][0]["friend"]["username"] == "bob"
    page = api.get("/api/friends/?page_size=2").data
    assert len(page["results"]) == 2 and page["next"]
    assert api.get("/api/friends/?group=abc").status_code == 400
    assert api.get("/api/friends/?page=99").status_code == 404


def test_friend_move_and_remove(api, user, other):
    friendship = make_friends(user, other)
    family = group(user, "Family")
    response = api.patch(f"/api/friends/{friendship.pk}/", {"group": family.pk}, format="json")
    assert response.status_code == 200 and response.data["group"]["name"] == "Family"
    assert api.get(f"/api/friends/{friendship.pk}/").data["group"]["id"] == family.pk
    assert (
        api.patch(
            f"/api/friends/{friendship.pk}/", {"group": group(other).pk}, format="json"
        ).status_code
        == 400
    )
    assert (
        api.patch(f"/api/friends/{friendship.pk}/", {"group": "x"}, format="json").status_code
        == 400
    )
    assert api.patch(f"/api/friends/{friendship.pk}/", {}, format="json").status_code == 400
    assert api.delete(f"/api/friends/{friendship.pk}/").status_code == 204
    assert not Friendship.objects.filter(owner__in=[user, other]).exists()


def test_friend_other_users_ids_are_404(api, user, theirs):
    pk = theirs["friendship"].pk
    mine = group(user)
    assert api.get(f"/api/friends/{pk}/").status_code == 404
    assert api.patch(f"/api/friends/{pk}/", {"group": mine.pk}, format="json").status_code == 404
    assert api.delete(f"/api/friends/{pk}/").status_code == 404
    assert api.post(f"/api/friends/{pk}/apply-suggestion/").status_code == 404
    assert api.get(f"/api/friends/?group={theirs['group'].pk}").status_code == 404
    assert Friendship.objects.filter(pk=pk).exists()


# --- friend requests ---------------------------------------------------------------------------


def test_friend_request_lifecycle(api, user, other):
    sent = api.post("/api/friend-requests/", {"username": "MALLORY"}, format="json")
    assert sent.status_code == 201 and sent.data["status"] == "pending"
    assert api.get("/api/friend-requests/?direction=outgoing").data["count"] == 1
    assert api.get(f"/api/friend-requests/{sent.data['id']}/").status_code == 200
    # the recipient sees it and accepts into their Family group
    them = APIClient()
    them.force_authenticate(other)
    incoming = them.get("/api/friend-requests/?direction=incoming").data["results"]
    assert [r["from_user"]["username"] for r in incoming] == ["adam"]
    accepted = them.post(
        f"/api/friend-requests/{sent.data['id']}/accept/",
        {"group": group(other, "Family").pk},
        format="json",
    )
    assert accepted.status_code == 200 and accepted.data["status"] == "accepted"
    assert Friendship.objects.get(owner=other, friend=user).group.name == "Family"
    assert Friendship.objects.get(owner=user, friend=other).group.name == "Friends"
    again = them.post(f"/api/friend-requests/{sent.data['id']}/decline/")
    assert again.status_code == 400 and "already accepted" in str(again.data)
    assert api.get("/api/friend-requests/?status=accepted").data["count"] == 1


def test_friend_request_decline_and_cancel(api, user, other):
    them = APIClient()
    them.force_authenticate(other)
    first = them.post("/api/friend-requests/", {"to_user": user.pk}, format="json").data
    assert api.post(f"/api/friend-requests/{first['id']}/decline/").data["status"] == "declined"
    second = api.post("/api/friend-requests/", {"to_user": other.pk}, format="json").data
    # only the sender can cancel, only the recipient can accept or decline
    assert them.post(f"/api/friend-requests/{second['id']}/cancel/").status_code == 404
    assert api.post(f"/api/friend-requests/{second['id']}/accept/").status_code == 404
    assert api.post(f"/api/friend-requests/{second['id']}/cancel/").data["status"] == "cancelled"
    assert not Friendship.objects.exists()


@pytest.mark.parametrize(
    "payload_fn, message",
    [
        (lambda u, o: {"to_user": u.pk}, "yourself"),
        (lambda u, o: {"username": "adam"}, "yourself"),
        (lambda u, o: {"to_user": 999999}, "Unknown user"),
        (lambda u, o: {"to_user": HUGE_ID}, ""),
        (lambda u, o: {"username": "nobody"}, "Unknown user"),
        (lambda u, o: {}, "to_user"),
        (lambda u, o: {"to_user": "abc"}, ""),
    ],
)
def test_friend_request_bad_input_is_400(api, user, other, payload_fn, message):
    response = api.post("/api/friend-requests/", payload_fn(user, other), format="json")
    assert response.status_code == 400 and message in str(response.data)


def test_friend_request_duplicates_are_400(api, user, other):
    assert (
        api.post("/api/friend-requests/", {"to_user": other.pk}, format="json").status_code == 201
    )
    assert (
        api.post("/api/friend-requests/", {"to_user": other.pk}, format="json").status_code == 400
    )
    assert FriendRequest.objects.count() == 1
    assert api.get("/api/friend-requests/?direction=sideways").status_code == 400
    assert api.get("/api/friend-requests/?status=maybe").status_code == 400


def test_accept_into_foreign_group_is_400(api, user, other):
    request = friend_request_send(from_user=other, to_user=user)
    response = api.post(
        f"/api/friend-requests/{request.pk}/accept/", {"group": group(other).pk}, format="json"
    )
    assert response.status_code == 400
    assert FriendRequest.objects.get(pk=request.pk).status == "pending"


def test_friend_request_other_users_ids_are_404(api, theirs):
    pk = theirs["request"].pk
    for method, url in [
        ("get", f"/api/friend-requests/{pk}/"),
        ("post", f"/api/friend-requests/{pk}/accept/"),
        ("post", f"/api/friend-requests/{pk}/decline/"),
        ("post", f"/api/friend-requests/{pk}/cancel/"),
        ("get", f"/api/friend-requests/{HUGE_ID}/"),
    ]:
        assert getattr(api, method)(url).status_code == 404, url
    assert FriendRequest.objects.get(pk=pk).status == "pending"


def test_user_search(api, user, other):
    results = api.get("/api/users/?search=mall").data["results"]
    assert [r["username"] for r in results] == ["mallory"]
    assert "adam" not in [r["username"] for r in api.get("/api/users/").data["results"]]


# --- interactions and level suggestions -------------------------------------------------------


def test_interactions_record_and_list(api, user, other):
    make_friends(user, other)
    response = api.post(
        "/api/interactions/", {"friend": other.pk, "kind": "comment"}, format="json"
    )
    assert response.status_code == 201 and response.data["kind"] == "comment"
    assert api.get("/api/interactions/").data["count"] == 1


@pytest.mark.parametrize(
    "payload",
    [
        {"friend": 999999},
        {"friend": "x"},
        {},
        {"kind": "comment"},
        {"friend": "OTHER", "kind": "poke"},
        {"friend": "OTHER", "occurred_at": "2999-01-01T00:00:00Z"},
        {"friend": "OTHER", "occurred_at": "yesterday"},
        {"friend": HUGE_ID},
    ],
)
def test_interactions_bad_input_is_400(api, user, other, payload):
    make_friends(user, other)
    payload = {k: (other.pk if v == "OTHER" else v) for k, v in payload.items()}
    assert api.post("/api/interactions/", payload, format="json").status_code == 400
    assert not Interaction.objects.exists()


def test_interactions_with_non_friends_are_400_and_lists_are_private(api, user, other, theirs):
    assert api.post("/api/interactions/", {"friend": other.pk}, format="json").status_code == 400
    stranger = theirs["friendship"].friend
    add_interactions(other, stranger, 3)
    assert api.get("/api/interactions/").data["count"] == 0


def test_level_suggestions_recompute_list_and_apply(api, user):
    close, mid, *others, rare = [UserFactory() for _ in range(6)]
    rows = {f: make_friends(user, f) for f in (close, mid, *others, rare)}
    for friend, count in zip((close, mid, *others, rare), (20, 15, 10, 8, 6, 1)):
        add_interactions(user, friend, count)
    assert api.get("/api/level-suggestions/").data["count"] == 0
    response = api.post("/api/level-suggestions/recompute/")
    assert response.status_code == 200 and response.data == {"friends": 6, "suggested": 5}
    data = api.get("/api/level-suggestions/").data["results"]
    assert [(r["friend"]["id"], r["suggested_level"], r["interaction_count"]) for r in data][
        :2
    ] == [
        (close.pk, 0, 20),
        (mid.pk, 2, 15),
    ]
    assert rare.pk not in {r["friend"]["id"] for r in data}  # one interaction: no suggestion
    mid_row = rows[mid]
    mid_row.group = group(user, "Friends")
    mid_row.save()
    differing = api.get("/api/level-suggestions/?differing=1").data
    assert mid.pk not in {r["friend"]["id"] for r in differing["results"]}
    applied = api.post(f"/api/friends/{rows[close].pk}/apply-suggestion/")
    assert applied.status_code == 200 and applied.data["group"]["name"] == "Family"


def test_apply_suggestion_without_one_is_400(api, user, other):
    friendship = make_friends(user, other)
    assert api.post(f"/api/friends/{friendship.pk}/apply-suggestion/").status_code == 400


def test_openapi_schema_and_docs_are_served_without_cdn(client, user):
    client.force_login(user)
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/groups/reorder/" in schema.content
    docs = client.get("/api/docs/").content.decode()
    assert "/api/groups/reorder/" in docs and "Download the OpenAPI schema" in docs
    assert "cdn." not in docs and "unpkg" not in docs and "jsdelivr" not in docs
