"""Core: demo data, doctor, navigation, home page, API error handling, health, settings."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from rest_framework.test import APIRequestFactory

from osnguard.accounts.selectors import profile_as_engine_dict
from osnguard.circles.models import FriendGroup, FriendRequest, Friendship, Interaction
from osnguard.core.api import exception_handler
from osnguard.core.demo import demo_load

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
    assert Friendship.objects.filter(owner=adam, suggested_level__isnull=False).count() == 150
    counts = (
        User.objects.count(),
        Friendship.objects.count(),
        Interaction.objects.count(),
        FriendGroup.objects.count(),
    )
    call_command("load_demo", stdout=StringIO())
    assert counts == (
        User.objects.count(),
        Friendship.objects.count(),
        Interaction.objects.count(),
        FriendGroup.objects.count(),
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
def test_doctor_reports_every_check_with_fixes(monkeypatch):
    from osnguard.core import doctor
    from osnguard.privacy import artifacts, resources

    monkeypatch.setattr(
        artifacts,
        "check_resources",
        lambda: [
            resources.Check("spacy", True, "model ok"),
            resources.Check("wordnet", False, "WordNet not found"),
        ],
    )
    out = StringIO()
    with pytest.raises(SystemExit) as info:
        call_command("osnguard_doctor", "--no-workers", stdout=out)
    text = out.getvalue()
    assert info.value.code == 1
    assert (
        "spacy" in text and "database" in text and "migrations" in text and "celery broker" in text
    )
    assert "MISSING wordnet" in text and "fix: run scripts/setup.sh" in text
    assert doctor.check_database().ok and doctor.check_migrations().ok
    assert doctor._safe_url("redis://user:secret@host:6379/0") == "redis://***@host:6379/0"


@pytest.mark.django_db
def test_home_page_and_navigation_slots(client):
    demo_load()
    client.login(username="adam", password="osnguard-demo")
    page = client.get(reverse("home")).content.decode()
    assert "Hello, Adam" in page and "150" in page
    for label in ("Compose", "Feed", "Disclosures", "Friends", "Groups"):
        assert label in page  # shown as links once their pages exist, as "soon" before
    assert 'class="active"' in page


def test_navigation_marks_unavailable_pages(rf):
    from osnguard.core.context_processors import NAV_ITEMS, navigation

    request = rf.get("/groups/")
    items = navigation(request)["nav_items"]
    assert [i["label"] for i in items] == [label for label, _ in NAV_ITEMS]
    groups = next(i for i in items if i["label"] == "Groups")
    assert groups["url"] == "/groups/" and groups["active"]


def test_api_exception_handler_turns_validation_errors_into_400():
    request = APIRequestFactory().get("/")
    response = exception_handler(ValidationError({"name": "Taken."}), {"request": request})
    assert response.status_code == 400 and response.data == {"name": ["Taken."]}
    response = exception_handler(ValidationError("Nope."), {"request": request})
    assert response.status_code == 400 and response.data == {"non_field_errors": ["Nope."]}


@pytest.mark.django_db
def test_healthz_and_404_page(client):
    assert client.get("/healthz/").json() == {"status": "ok", "database": "ok"}
    assert client.get("/no/such/page/").status_code == 404


def test_core_ping_task_runs():
    from osnguard.core.tasks import core_ping

    assert core_ping.run("hello")["payload"] == "hello"


def test_production_refuses_to_start_without_a_secret_key():
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS"}
    }
    env["DJANGO_ENV"] = "production"
    result = subprocess.run(
        [sys.executable, "-c", "import osnguard.settings"],
        env=env,
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
    )
    assert result.returncode != 0 and "DJANGO_SECRET_KEY must be set" in result.stderr


def test_static_assets_are_vendored():
    assert (settings.BASE_DIR / "static" / "vendor" / "htmx.min.js").stat().st_size > 10_000
    base = (settings.BASE_DIR / "templates" / "base.html").read_text()
    assert "http://" not in base and "https://" not in base  # no CDN
