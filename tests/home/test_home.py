"""Home: the demo data set (`load_demo`) and the home page with its navigation."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from osnguard.accounts.selectors import profile_as_engine_dict
from osnguard.circles.models import FriendGroup, FriendRequest, Friendship, Interaction
from osnguard.circles.services import MIN_SUGGESTION_INTERACTIONS
from osnguard.home.demo import demo_load
from osnguard.posts.models import Message, WritingExposure
from osnguard.posts.services import writing_exposure_refresh

User = get_user_model()


@pytest.mark.django_db
def test_load_demo_is_complete_and_idempotent():
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert "adam has 150 friends" in out.getvalue()
    adam = User.objects.get(username="adam")
    assert adam.get_full_name() == "Adam Ebert" and adam.check_password("osnguard-demo")
    profile = profile_as_engine_dict(user=adam)
    assert profile["hometown"] == ["Tokyo"] and "Harvard University" in profile["education"]
    assert profile["work"] == ["student"]
    groups = {g.name: g.friendships.count() for g in FriendGroup.objects.filter(owner=adam)}
    assert set(groups) == {"Family", "Best friends", "Friends", "Acquaintances", "Public"}
    assert sum(groups.values()) == 150 and all(groups.values())
    names = set(
        Friendship.objects.filter(owner=adam).values_list("friend__first_name", "friend__last_name")
    )
    for name in [
        ("Bob", "Smith"),
        ("Ellen", "Anderson"),
        ("Charlie", "Lambert"),
        ("Dave", "Henderson"),
    ]:
        assert name in names
    bob = User.objects.get(username="bob")
    assert bob.check_password("osnguard-demo")
    assert Friendship.objects.get(owner=bob, friend=adam).group.name == "Friends"
    assert FriendRequest.objects.filter(to_user=adam, status="pending").count() == 2
    # a suggestion for every friend with enough interactions to rank (circles/services.py)
    suggested = Friendship.objects.filter(owner=adam, suggested_level__isnull=False)
    assert (
        suggested.count()
        == Friendship.objects.filter(
            owner=adam, interaction_count__gte=MIN_SUGGESTION_INTERACTIONS
        ).count()
    )
    assert suggested.count() >= 50
    # public posts for the k-anonymous export and "How recognisable is your writing"
    public = Message.objects.filter(audience=Message.Audience.PUBLIC)
    assert public.filter(author=adam).count() == 4
    assert public.values("author").distinct().count() == 5
    assert writing_exposure_refresh(user=adam).status == WritingExposure.Status.READY
    counts = (
        User.objects.count(),
        Friendship.objects.count(),
        Interaction.objects.count(),
        FriendGroup.objects.count(),
        Message.objects.count(),
    )
    call_command("load_demo", stdout=StringIO())
    assert counts == (
        User.objects.count(),
        Friendship.objects.count(),
        Interaction.objects.count(),
        FriendGroup.objects.count(),
        Message.objects.count(),
    )


@pytest.mark.django_db
def test_load_demo_keeps_changes_and_reset_restores(tmp_path):
    demo_load()
    adam = User.objects.get(username="adam")
    bob = User.objects.get(username="bob")
    row = Friendship.objects.get(owner=adam, friend=bob)
    row.group = FriendGroup.objects.get(owner=adam, name="Public")
    row.save()
    demo_load()
    assert Friendship.objects.get(owner=adam, friend=bob).group.name == "Public"
    demo_load(reset=True)
    adam = User.objects.get(username="adam")
    assert Friendship.objects.get(owner=adam, friend__username="bob").group.name == "Best friends"


@pytest.mark.django_db
def test_load_demo_bad_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "demo.json"
    bad.write_text("{nope")
    with pytest.raises(CommandError, match="not valid JSON"):
        call_command("load_demo", file=bad)
    with pytest.raises(CommandError, match="not found"):
        call_command("load_demo", file=tmp_path / "missing.json")
    bad.write_text(json.dumps({"password": "x"}))
    with pytest.raises(CommandError, match="owner"):
        call_command("load_demo", file=bad)


@pytest.mark.django_db
def test_home_page_and_navigation_slots(client):
    demo_load()
    client.login(username="adam", password="osnguard-demo")
    page = client.get(reverse("home")).content.decode()
    assert "Hello, Adam" in page and "150" in page
    for label in ("Compose", "Feed", "Disclosures", "Friends", "Groups"):
        assert label in page  # shown as links once their pages exist, as "soon" before
    assert 'aria-current="page"' in page
