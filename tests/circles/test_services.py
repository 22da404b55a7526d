"""Services of circles: groups CRUD, reorder, delete with move, requests lifecycle, suggestions."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone
from factories import UserFactory, add_interactions, make_friends

from osnguard.circles import selectors, services
from osnguard.circles.models import FriendGroup, FriendRequest, Friendship, Interaction

pytestmark = pytest.mark.django_db


def levels(owner) -> list[tuple[str, int]]:
    return [(g.name, g.level) for g in selectors.group_list(owner=owner)]


def test_sign_up_defaults_are_five_ordered_groups(user):
    assert levels(user) == [
        ("Family", 0),
        ("Best friends", 1),
        ("Friends", 2),
        ("Acquaintances", 3),
        ("Public", 4),
    ]


def test_defaults_are_idempotent(user):
    services.group_create_defaults(owner=user)
    assert FriendGroup.objects.filter(owner=user).count() == 5


def test_create_group_validates_name_and_level(user):
    group = services.group_create(owner=user, name="  Work   mates ", level=3)
    assert (group.name, group.level) == ("Work mates", 3)
    with pytest.raises(ValidationError, match="already have a group"):
        services.group_create(owner=user, name="FAMILY")
    with pytest.raises(ValidationError, match="at most 60"):
        services.group_create(owner=user, name="x" * 61)
    with pytest.raises(ValidationError, match="name"):
        services.group_create(owner=user, name="   ")
    with pytest.raises(ValidationError, match="between 0"):
        services.group_create(owner=user, name="Far", level=101)
    with pytest.raises(ValidationError, match="whole number"):
        services.group_create(owner=user, name="Far", level="high")


def test_create_without_level_goes_before_the_most_public_group(user):
    strangers = services.group_create(owner=user, name="Strangers")
    assert strangers.level == 3  # as detailed as Acquaintances
    assert levels(user)[-1] == ("Public", 4)  # Public stays last


def test_same_name_allowed_for_different_owners(user, other):
    FriendGroup.objects.filter(owner=other, name="Family").delete()
    assert services.group_create(owner=other, name="family").owner == other


def test_rename_and_relevel(user):
    group = FriendGroup.objects.get(owner=user, name="Friends")
    services.group_rename(group=group, name="Pals")
    services.group_set_level(group=group, level=7)
    group.refresh_from_db()
    assert (group.name, group.level) == ("Pals", 7)
    services.group_rename(group=group, name="pals")  # same group, new case: allowed
    with pytest.raises(ValidationError):
        services.group_rename(group=group, name="Public")


def test_reorder_assigns_levels_in_order(user):
    groups = {g.name: g.pk for g in FriendGroup.objects.filter(owner=user)}
    order = ["Best friends", "Family", "Public", "Friends", "Acquaintances"]
    services.group_reorder(owner=user, group_ids=[groups[n] for n in order])
    assert [name for name, _ in levels(user)] == order
    assert [level for _, level in levels(user)] == [0, 1, 2, 3, 4]


def test_reorder_rejects_partial_duplicate_and_foreign_lists(user, other):
    mine = list(FriendGroup.objects.filter(owner=user).values_list("pk", flat=True))
    theirs = FriendGroup.objects.filter(owner=other).first().pk
    for bad in (mine[:-1], [*mine, mine[0]], [*mine[:-1], theirs], "1,2", [True] * 5):
        with pytest.raises(ValidationError):
            services.group_reorder(owner=user, group_ids=bad)
    assert levels(user)[0] == ("Family", 0)


def test_move_group_up_and_down(user):
    friends = FriendGroup.objects.get(owner=user, name="Friends")
    changes = services.group_move(group=friends, direction="up")
    assert [n for n, _ in levels(user)][:3] == ["Family", "Friends", "Best friends"]
    assert changes == [
        services.LevelChange("Friends", 2, 1),
        services.LevelChange("Best friends", 1, 2),
    ]
    family = FriendGroup.objects.get(owner=user, name="Family")
    assert services.group_move(group=family, direction="up") == []  # already first
    assert levels(user)[0] == ("Family", 0)


def test_move_only_changes_the_two_groups_it_swaps(user):
    FriendGroup.objects.filter(owner=user, name="Public").update(level=9)
    gym = services.group_create(owner=user, name="Gym", level=6)
    before = dict(levels(user))
    services.group_move(group=gym, direction="down")  # past Public (9): they trade levels
    after = dict(levels(user))
    assert (after["Gym"], after["Public"]) == (9, 6)
    assert {k: v for k, v in after.items() if k not in {"Gym", "Public"}} == {
        k: v for k, v in before.items() if k not in {"Gym", "Public"}
    }


def test_move_sets_apart_two_groups_at_the_same_level(user):
    gym = services.group_create(owner=user, name="Gym", level=2)  # same level as Friends
    order = [n for n, _ in levels(user)]
    assert order.index("Friends") < order.index("Gym")  # by name at equal levels
    services.group_move(group=gym, direction="up")
    assert dict(levels(user))["Gym"] == 1 and dict(levels(user))["Friends"] == 2


def test_request_sender_chooses_the_group_of_the_new_friend(user, other):
    best = FriendGroup.objects.get(owner=user, name="Best friends")
    request = services.friend_request_send(from_user=user, to_user=other, group=best)
    services.friend_request_accept(friend_request=request)
    assert Friendship.objects.get(owner=user, friend=other).group == best
    with pytest.raises(ValidationError, match="Unknown group"):  # someone else's group
        services.friend_request_send(from_user=other, to_user=UserFactory(), group=best)


def test_delete_moves_members_to_next_stricter_group(user):
    bob = UserFactory()
    best = FriendGroup.objects.get(owner=user, name="Best friends")
    friendship = make_friends(user, bob, a_group=best)
    target = services.group_delete(group=best)
    friendship.refresh_from_db()
    assert target.name == "Friends" and friendship.group == target
    assert not FriendGroup.objects.filter(pk=best.pk).exists()


def test_delete_most_public_group_moves_members_to_the_previous(user):
    bob = UserFactory()
    public = FriendGroup.objects.get(owner=user, name="Public")
    friendship = make_friends(user, bob, a_group=public)
    services.group_delete(group=public)
    friendship.refresh_from_db()
    assert friendship.group.name == "Acquaintances"


def test_delete_with_chosen_group_and_errors(user, other):
    bob = UserFactory()
    family = FriendGroup.objects.get(owner=user, name="Family")
    public = FriendGroup.objects.get(owner=user, name="Public")
    friendship = make_friends(user, bob, a_group=family)
    with pytest.raises(ValidationError, match="Unknown group"):
        services.group_delete(group=family, move_to=FriendGroup.objects.filter(owner=other).first())
    with pytest.raises(ValidationError, match="different group"):
        services.group_delete(group=family, move_to=family)
    services.group_delete(group=family, move_to=public)
    friendship.refresh_from_db()
    assert friendship.group == public


def test_cannot_delete_the_only_group(user):
    FriendGroup.objects.filter(owner=user).exclude(name="Friends").delete()
    with pytest.raises(ValidationError, match="only group"):
        services.group_delete(group=FriendGroup.objects.get(owner=user))


def test_friend_request_lifecycle_accept(user, other):
    request = services.friend_request_send(from_user=other, to_user=user)
    family = FriendGroup.objects.get(owner=user, name="Family")
    mine = services.friend_request_accept(friend_request=request, group=family)
    request.refresh_from_db()
    assert request.status == "accepted" and request.responded_at is not None
    assert mine.group == family
    theirs = Friendship.objects.get(owner=other, friend=user)
    assert theirs.group.name == "Friends"  # the requester's default group
    with pytest.raises(ValidationError, match="already accepted"):
        services.friend_request_decline(friend_request=request)
    with pytest.raises(ValidationError, match="already friends"):
        services.friend_request_send(from_user=user, to_user=other)


def test_friend_request_decline_and_cancel(user, other):
    request = services.friend_request_send(from_user=other, to_user=user)
    services.friend_request_decline(friend_request=request)
    assert FriendRequest.objects.get(pk=request.pk).status == "declined"
    again = services.friend_request_send(from_user=other, to_user=user)  # may ask again later
    services.friend_request_cancel(friend_request=again)
    assert FriendRequest.objects.get(pk=again.pk).status == "cancelled"
    assert not Friendship.objects.filter(owner=user).exists()


def test_friend_request_errors(user, other):
    with pytest.raises(ValidationError, match="yourself"):
        services.friend_request_send(from_user=user, to_user=user)
    services.friend_request_send(from_user=user, to_user=other)
    with pytest.raises(ValidationError, match="already sent"):
        services.friend_request_send(from_user=user, to_user=other)
    with pytest.raises(ValidationError, match="accept it instead"):
        services.friend_request_send(from_user=other, to_user=user)


def test_accept_into_a_foreign_group_is_refused(user, other):
    request = services.friend_request_send(from_user=other, to_user=user)
    with pytest.raises(ValidationError, match="Unknown group"):
        services.friend_request_accept(
            friend_request=request, group=FriendGroup.objects.filter(owner=other).first()
        )
    assert FriendRequest.objects.get(pk=request.pk).status == "pending"


def test_remove_friendship_removes_both_sides(user, other):
    make_friends(user, other)
    services.friendship_remove(owner=user, friend=other)
    assert not Friendship.objects.filter(owner__in=[user, other]).exists()
    with pytest.raises(ValidationError, match="not friends"):
        services.friendship_remove(owner=user, friend=other)


def test_move_friend_only_to_own_group(user, other):
    friendship = make_friends(user, other)
    family = FriendGroup.objects.get(owner=user, name="Family")
    services.friendship_move(friendship=friendship, group=family)
    assert Friendship.objects.get(pk=friendship.pk).group == family
    with pytest.raises(ValidationError):
        services.friendship_move(
            friendship=friendship, group=FriendGroup.objects.filter(owner=other).first()
        )


def test_interaction_record_rules(user, other):
    with pytest.raises(ValidationError, match="friends"):
        services.interaction_record(owner=user, friend=other)
    make_friends(user, other)
    interaction = services.interaction_record(owner=user, friend=other, kind="comment")
    assert interaction.kind == "comment"
    with pytest.raises(ValidationError, match="future"):
        services.interaction_record(
            owner=user, friend=other, occurred_at=timezone.now() + dt.timedelta(days=1)
        )
    with pytest.raises(ValidationError, match="Unknown kind"):
        services.interaction_record(owner=user, friend=other, kind="poke")


def test_suggest_levels_from_counts_maps_frequency_quantiles():
    levels = [0, 1, 2, 3, 4]
    counts = {1: 50, 2: 40, 3: 30, 4: 20, 5: 10, 6: 5, 7: 3, 8: 1, 9: 0}
    result = services.suggest_levels_from_counts(
        counts=counts, levels=levels, ratio=1, min_count=1, min_ranked=1
    )
    # equal quantiles: 8 active friends over the 4 closer levels, two per level, most frequent closest.
    assert [result[k] for k in range(1, 9)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert result[9] is None  # no interaction is no evidence: no suggestion
    assert services.suggest_levels_from_counts(counts={1: 0, 2: 0}, levels=levels) == {
        1: None,
        2: None,
    }
    assert services.suggest_levels_from_counts(
        counts={1: 3}, levels=[2], min_count=1, min_ranked=1
    ) == {1: 2}


def test_suggestions_need_enough_interactions():
    levels = [0, 1, 2, 3, 4]
    # three interactions with the only active friend do not make them family
    assert services.suggest_levels_from_counts(counts={1: 3, 2: 0, 3: 0}, levels=levels) == {
        1: None,
        2: None,
        3: None,
    }
    counts = {1: 40, 2: 30, 3: 20, 4: 10, 5: 6, 6: 4, 7: 0}
    result = services.suggest_levels_from_counts(counts=counts, levels=levels)
    assert result[6] is None and result[7] is None  # under five interactions: no suggestion
    assert result[1] == 0 and all(result[k] is not None for k in range(1, 6))
    assert all(level != 4 for level in result.values())  # never "Public" for lack of contact


def test_default_layers_grow_like_dunbars_circles():
    assert [round(b, 3) for b in services.layer_bounds(layers=4)] == [0.025, 0.1, 0.325, 1.0]
    counts = {key: 1000 - key for key in range(40)}  # 40 friends, all active, distinct counts
    result = services.suggest_levels_from_counts(counts=counts, levels=[0, 1, 2, 3, 4])
    sizes = [sum(1 for level in result.values() if level == n) for n in range(5)]
    assert sizes == [1, 3, 9, 27, 0]
    assert result[0] == 0 and result[39] == 3  # the most frequent contact is the closest


def test_circle_suggest_level_ranks_by_frequency_and_stores(user):
    friends = [UserFactory() for _ in range(7)]
    rows = [make_friends(user, f) for f in friends]
    for friend, count in zip(friends, [30, 12, 9, 7, 6, 2, 0]):
        add_interactions(user, friend, count)
    add_interactions(user, friends[6], 100, days_ago=400)  # outside the window: ignored
    suggestions = services.circle_suggest_level(owner=user)
    by_friend = {s.friend_id: s for s in suggestions}
    assert [by_friend[f.pk].suggested_level for f in friends] == [0, 2, 3, 3, 3, None, None]
    assert [by_friend[f.pk].interactions for f in friends] == [30, 12, 9, 7, 6, 2, 0]
    assert by_friend[friends[0].pk].rank == 0 and by_friend[friends[6].pk].rank is None
    stored = Friendship.objects.get(pk=rows[0].pk)
    assert stored.suggested_level == 0 and stored.interaction_count == 30 and stored.suggested_at
    # applying a suggestion moves the friend to the group at that level
    services.friendship_apply_suggestion(friendship=stored)
    assert Friendship.objects.get(pk=rows[0].pk).group.name == "Family"


def test_suggestions_only_count_own_interactions(user, other):
    bob = UserFactory()
    make_friends(user, bob)
    make_friends(other, bob)
    add_interactions(other, bob, 10)
    assert [s.suggested_level for s in services.circle_suggest_level(owner=user)] == [None]
    row = Friendship.objects.get(owner=user, friend=bob)
    with pytest.raises(ValidationError, match="no suggestion"):
        services.friendship_apply_suggestion(friendship=row)


def test_friend_audience_lists_each_friend_with_group_level(user):
    bob, carol = UserFactory(username="bob"), UserFactory(username="carol")
    make_friends(user, bob, a_group=FriendGroup.objects.get(owner=user, name="Public"))
    make_friends(user, carol, a_group=FriendGroup.objects.get(owner=user, name="Family"))
    audience = selectors.friend_audience(owner=user)
    assert [(a.username, a.group_name, a.level) for a in audience] == [
        ("carol", "Family", 0),
        ("bob", "Public", 4),
    ]


def test_interactions_are_kept_per_owner(user, other):
    make_friends(user, other)
    services.interaction_record(owner=user, friend=other)
    assert Interaction.objects.filter(owner=other).count() == 0


def test_deleting_a_user_removes_their_groups_and_friendships(user, other):
    make_friends(user, other)
    services.interaction_record(owner=user, friend=other)
    user.delete()
    assert not Friendship.objects.exists() and not Interaction.objects.exists()
    assert FriendGroup.objects.filter(owner=other).count() == 5


def test_a_group_with_members_cannot_be_deleted_directly(user, other):
    from django.db.models import RestrictedError

    make_friends(user, other)
    with pytest.raises(RestrictedError):
        FriendGroup.objects.get(owner=user, name="Friends").delete()
