"""Core: doctor, navigation, API error handling, health, settings."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from rest_framework.test import APIRequestFactory

from osnguard.core.api import exception_handler

User = get_user_model()


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
    health = client.get("/healthz/").json()
    assert health["status"] == "ok" and health["database"] == "ok"
    assert health["engine"]["status"] in {"not loaded", "loading", "ready", "failed", "off"}
    response = client.get("/no/such/page/")
    assert response.status_code == 404 and b"Not found" in response.content
    assert b"URLconf" not in response.content  # never Django's technical page with every route


def test_favicon_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"].endswith("favicon.svg")


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


def test_core_imports_no_other_app_and_the_engine_only_through_stage_packages():
    """core is the bottom of the web apps: other apps import it, never the other way round."""
    import ast
    from pathlib import Path

    import osnguard.core

    apps = ("accounts", "circles", "posts", "disclosures", "home")
    found = []
    for path in Path(osnguard.core.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                parts = name.split(".")
                if parts[0] != "osnguard" or len(parts) < 2:
                    continue
                # the engine only through its packages: osnguard.privacy.<stage>, never deeper
                if parts[1] in apps or (parts[1] == "privacy" and len(parts) > 3):
                    found.append(f"{path.name}: {name}")
    assert found == []
