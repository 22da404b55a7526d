"""The friends, requests and groups pages: in-place (htmx) edits, permissions and bad input."""

from __future__ import annotations

import pytest
from django.urls import reverse
from factories import UserFactory, add_interactions, make_friends

from osnguard.circles.models import FriendGroup, FriendRequest, Friendship, Interaction
from osnguard.circles.services import friend_request_send

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def group(owner, name="Friends") -> FriendGroup:
    return FriendGroup.objects.get(owner=owner, name=name)


def names(owner) -> list[str]:
    return list(
        FriendGroup.objects.filter(owner=owner)
        .order_by("level", "name")
        .values_list("name", flat=True)
    )


def test_groups_page_lists_groups_in_order(web, user):
    page = web.get(reverse("circles:groups")).content.decode()
    positions = [
        page.index(f"<strong>{name}</strong>")
        for name in ("Family", "Best friends", "Acquaintances", "Public")
    ]
    assert positions == sorted(positions)
    assert "htmx.min.js" in page


def test_create_group_full_page_and_htmx(web, user):
    response = web.post(reverse("circles:groups"), {"name": "Colleagues", "level": "3"})
    assert (
        response.status_code == 302
        and FriendGroup.objects.filter(owner=user, name="Colleagues").exists()
    )
    response = web.post(reverse("circles:groups"), {"name": "Neighbours"}, **HTMX)
    assert response.status_code == 200
    assert "Neighbours" in response.content.decode() and "<html" not in response.content.decode()


@pytest.mark.parametrize(
    "data, message",
    [
        ({"name": "family"}, "already have a group"),
        ({"name": "x" * 61}, "at most 60"),
        ({"name": ""}, "required"),
        ({"name": "Ok", "level": "-3"}, "greater than or equal to 0"),
        ({"name": "Ok", "level": "abc"}, "whole number"),
    ],
)
def test_create_group_bad_input_is_form_error(web, user, data, message):
    for extra in ({}, HTMX):
        response = web.post(reverse("circles:groups"), data, **extra)
        assert response.status_code == 400 and message in response.content.decode()
    assert FriendGroup.objects.filter(owner=user).count() == 5


def test_edit_group_in_place(web, user):
    pk = group(user).pk
    form = web.get(reverse("circles:group-edit", args=[pk]), **HTMX)
    assert form.status_code == 200 and 'name="name"' in form.content.decode()
    saved = web.post(
        reverse("circles:group-edit", args=[pk]), {"name": "Pals", "level": "7"}, **HTMX
    )
    assert saved.status_code == 200 and "Pals" in saved.content.decode()
    assert (group(user, "Pals").level) == 7
    clash = web.post(
        reverse("circles:group-edit", args=[pk]), {"name": "Public", "level": "7"}, **HTMX
    )
    assert clash.status_code == 400 and "already have a group" in clash.content.decode()
    row = web.get(reverse("circles:group-row", args=[pk]), **HTMX)
    assert row.status_code == 200 and "Pals" in row.content.decode()
    full = web.post(reverse("circles:group-edit", args=[pk]), {"name": "Mates", "level": "2"})
    assert full.status_code == 302 and group(user, "Mates")


def test_reorder_with_move_buttons(web, user):
    web.post(reverse("circles:group-move", args=[group(user, "Public").pk, "up"]), **HTMX)
    assert names(user) == ["Family", "Best friends", "Friends", "Public", "Acquaintances"]
    response = web.post(reverse("circles:group-move", args=[group(user, "Family").pk, "down"]))
    assert response.status_code == 302
    assert names(user)[:2] == ["Best friends", "Family"]
    assert web.post(f"/groups/{group(user).pk}/move/sideways/").status_code == 404


def test_delete_group_moves_members(web, user):
    bob = UserFactory()
    family = group(user, "Family")
    friendship = make_friends(user, bob, a_group=family)
    confirm = web.get(reverse("circles:group-delete", args=[family.pk]))
    assert confirm.status_code == 200 and "Best friends" in confirm.content.decode()
    response = web.post(
        reverse("circles:group-delete", args=[family.pk]), {"group": group(user, "Public").pk}
    )
    assert response.status_code == 302
    friendship.refresh_from_db()
    assert friendship.group.name == "Public" and "Family" not in names(user)


def test_delete_group_bad_target_is_form_error(web, user, other):
    family = group(user, "Family")
    for target in (group(other).pk, "abc", family.pk, 2**63 + 1):
        response = web.post(reverse("circles:group-delete", args=[family.pk]), {"group": target})
        assert response.status_code == 400
    assert "Family" in names(user)


def test_delete_only_group_is_explained(web, user):
    only = group(user)
    FriendGroup.objects.filter(owner=user).exclude(pk=only.pk).delete()
    assert "only group" in web.get(reverse("circles:group-delete", args=[only.pk])).content.decode()
    response = web.post(reverse("circles:group-delete", args=[only.pk]), {"group": ""})
    assert response.status_code == 400 and FriendGroup.objects.filter(pk=only.pk).exists()


def test_friends_page_empty_state_search_filter_and_pagination(web, user):
    assert "no friends on osnguard yet" in web.get(reverse("circles:friends")).content.decode()
    for i in range(30):
        make_friends(
            user, UserFactory(username=f"pal{i:02d}", first_name="Pal", last_name=f"N{i:02d}")
        )
    make_friends(
        user,
        UserFactory(username="bob", first_name="Bob", last_name="Smith"),
        a_group=group(user, "Family"),
    )
    page = web.get(reverse("circles:friends")).content.decode()
    assert "Page 1 of 2" in page
    assert "Bob Smith" in web.get(reverse("circles:friends") + "?q=smith").content.decode()
    filtered = web.get(
        reverse("circles:friends") + f"?group={group(user, 'Family').pk}"
    ).content.decode()
    assert "Bob Smith" in filtered and "pal00" not in filtered
    assert "No friend matches" in web.get(reverse("circles:friends") + "?q=zzz").content.decode()
    for junk in ("?page=abc", "?page=999"):
        assert web.get(reverse("circles:friends") + junk).status_code == 200
    for junk in ("?group=abc", f"?group={2**70}", "?group=²"):  # not an id: a 400 that says so
        response = web.get(reverse("circles:friends") + junk)
        assert response.status_code == 400 and "must be a group id" in response.content.decode()
    partial = web.get(
        reverse("circles:friends") + "?q=bob",
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="friends-table",
    )
    assert "Bob Smith" in partial.content.decode() and "<html" not in partial.content.decode()


def test_move_friend_in_place_and_errors(web, user, other):
    friendship = make_friends(user, other)
    family = group(user, "Family")
    response = web.post(
        reverse("circles:friend-move", args=[friendship.pk]), {"group": family.pk}, **HTMX
    )
    assert response.status_code == 200 and "moved" in response.content.decode()
    assert Friendship.objects.get(pk=friendship.pk).group == family
    bad = web.post(
        reverse("circles:friend-move", args=[friendship.pk]), {"group": group(other).pk}, **HTMX
    )
    assert bad.status_code == 400 and "Unknown group" in bad.content.decode()
    bad = web.post(reverse("circles:friend-move", args=[friendship.pk]), {"group": "zz"})
    assert bad.status_code == 302
    assert Friendship.objects.get(pk=friendship.pk).group == family


def test_friend_detail_records_interactions(web, user, other):
    friendship = make_friends(user, other)
    page = web.get(reverse("circles:friend", args=[friendship.pk]))
    assert page.status_code == 200 and "No interactions recorded yet" in page.content.decode()
    response = web.post(
        reverse("circles:friend-interaction", args=[friendship.pk]), {"kind": "comment"}
    )
    assert (
        response.status_code == 302
        and Interaction.objects.filter(owner=user, friend=other).count() == 1
    )
    for data in (
        {"kind": "poke"},
        {"kind": "like", "occurred_at": "2999-01-01T10:00"},
        {"kind": "like", "occurred_at": "soon"},
    ):
        assert (
            web.post(reverse("circles:friend-interaction", args=[friendship.pk]), data).status_code
            == 400
        )
    assert Interaction.objects.count() == 1


def test_suggestions_recompute_and_apply(web, user):
    close, *others = [UserFactory() for _ in range(5)]
    friendship = make_friends(user, close)
    for other, count in zip(others, (9, 8, 7, 6)):
        make_friends(user, other)
        add_interactions(user, other, count)
    web.post(reverse("circles:suggestions-recompute"))
    add_interactions(user, close, 12)
    response = web.post(reverse("circles:suggestions-recompute"), follow=True)
    assert "Suggested levels for 5 friends" in response.content.decode()
    web.post(reverse("circles:friend-apply-suggestion", args=[friendship.pk]))
    assert Friendship.objects.get(pk=friendship.pk).group.name == "Family"


def test_remove_friend(web, user, other):
    friendship = make_friends(user, other)
    response = web.post(reverse("circles:friend-remove", args=[friendship.pk]), **HTMX)
    assert response.status_code == 200 and response.content == b""
    assert not Friendship.objects.filter(owner__in=[user, other]).exists()


def test_request_lifecycle_through_pages(web, client, user, other):
    search = web.get(reverse("circles:requests") + "?q=mall").content.decode()
    assert "Mallory Jones" in search and "Add friend" in search
    web.post(reverse("circles:request-send"), {"to_user": other.pk})
    request = FriendRequest.objects.get(from_user=user, to_user=other)
    assert "Request sent" in web.get(reverse("circles:requests") + "?q=mall").content.decode()
    client.force_login(other)
    assert "Adam Ebert" in client.get(reverse("circles:requests")).content.decode()
    client.post(
        reverse("circles:request-respond", args=[request.pk, "accept"]),
        {"group": group(other, "Best friends").pk},
    )
    assert Friendship.objects.get(owner=other, friend=user).group.name == "Best friends"
    assert Friendship.objects.get(owner=user, friend=other).group.name == "Friends"
    repeat = client.post(
        reverse("circles:request-respond", args=[request.pk, "decline"]), follow=True
    )
    assert "already accepted" in repeat.content.decode()


def test_request_page_bad_input(web, user, other):
    for to_user in ("999999", str(user.pk)):
        response = web.post(reverse("circles:request-send"), {"to_user": to_user}, follow=True)
        assert response.status_code == 200
    for to_user in ("", "abc", str(2**70), "²"):  # not an id: a 400 that says so
        response = web.post(reverse("circles:request-send"), {"to_user": to_user})
        assert response.status_code == 400 and "must be a user id" in response.content.decode()
    assert not FriendRequest.objects.exists()
    text = web.post(
        reverse("circles:request-send"), {"to_user": user.pk}, follow=True
    ).content.decode()
    assert "yourself" in text
    incoming = friend_request_send(from_user=other, to_user=user)
    bad_group = web.post(
        reverse("circles:request-respond", args=[incoming.pk, "accept"]),
        {"group": group(other).pk},
        follow=True,
    )
    assert "Unknown group" in bad_group.content.decode()
    assert FriendRequest.objects.get(pk=incoming.pk).status == "pending"
    assert "Nobody matches" in web.get(reverse("circles:requests") + "?q=zzzz").content.decode()


def test_other_users_objects_are_404_on_every_page(web, user, other):
    their_group = group(other)
    their_friendship = make_friends(other, UserFactory())
    stranger_request = friend_request_send(from_user=other, to_user=UserFactory())
    my_outgoing = friend_request_send(from_user=user, to_user=UserFactory())
    gets = [
        reverse("circles:group", args=[their_group.pk]),
        reverse("circles:group-edit", args=[their_group.pk]),
        reverse("circles:group-row", args=[their_group.pk]),
        reverse("circles:group-delete", args=[their_group.pk]),
        reverse("circles:friend", args=[their_friendship.pk]),
    ]
    posts = [
        (reverse("circles:group-edit", args=[their_group.pk]), {"name": "Mine", "level": 1}),
        (reverse("circles:group-move", args=[their_group.pk, "up"]), {}),
        (reverse("circles:group-delete", args=[their_group.pk]), {}),
        (reverse("circles:friend-move", args=[their_friendship.pk]), {"group": group(user).pk}),
        (reverse("circles:friend-remove", args=[their_friendship.pk]), {}),
        (reverse("circles:friend-interaction", args=[their_friendship.pk]), {"kind": "like"}),
        (reverse("circles:friend-apply-suggestion", args=[their_friendship.pk]), {}),
        (reverse("circles:request-respond", args=[stranger_request.pk, "accept"]), {}),
        (reverse("circles:request-respond", args=[stranger_request.pk, "cancel"]), {}),
        (reverse("circles:request-respond", args=[my_outgoing.pk, "accept"]), {}),
        (reverse("circles:group", args=[10**17]), None),
    ]
    for url in gets:
        assert web.get(url).status_code == 404, url
    for url, data in posts:
        response = web.get(url) if data is None else web.post(url, data)
        assert response.status_code == 404, url
    assert Friendship.objects.filter(pk=their_friendship.pk, group__owner=other).exists()
    assert FriendGroup.objects.get(pk=their_group.pk).name == "Friends"
    assert FriendRequest.objects.get(pk=stranger_request.pk).status == "pending"
