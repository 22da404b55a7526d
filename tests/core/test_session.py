"""An ended session is said, not swallowed: htmx requests get 401 with the `session-ended`
trigger, a refused CSRF check gets a page that offers to log in again (core/session.py), and
Django's debug pages are off unless DJANGO_DEBUG asks for them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from osnguard.accounts.services import user_sign_up

ROOT = Path(__file__).resolve().parents[2]
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.django_db
def test_htmx_request_without_a_session_gets_401_and_the_trigger(client):
    response = client.post("/compose/analyze/", {"text": "hello"}, **HTMX)
    assert response.status_code == 401
    assert response["HX-Trigger"] == "session-ended"


@pytest.mark.django_db
def test_plain_request_without_a_session_still_goes_to_the_login_page(client):
    response = client.get("/compose/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.django_db
def test_refused_csrf_check_offers_to_log_in_again():
    user = user_sign_up(username="csrf_user", password="a-long-passphrase-1")
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    page = client.post("/groups/", {"name": "Gym"})
    assert page.status_code == 403
    assert b"Please log in again" in page.content and b"Nothing was changed" in page.content
    fragment = client.post("/groups/", {"name": "Gym"}, **HTMX)
    assert fragment.status_code == 403 and fragment["HX-Trigger"] == "session-ended"


def test_debug_is_off_unless_asked_for(tmp_path):
    def debug_with(**env: str) -> str:
        environment = {**os.environ, "OSNGUARD_VAR_DIR": str(tmp_path), **env}
        environment.pop("DJANGO_ENV", None)
        if "DJANGO_DEBUG" not in env:
            environment.pop("DJANGO_DEBUG", None)
        result = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "shell", "-c",
             "from django.conf import settings; print(settings.DEBUG)"],
            cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        return result.stdout.strip().splitlines()[-1]

    assert debug_with() == "False"
    assert debug_with(DJANGO_DEBUG="1") == "True"
