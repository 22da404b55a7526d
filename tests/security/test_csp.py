"""The Content-Security-Policy header is on every page, and it is strict: no inline script, no
inline styles, no eval; only the API docs pages widen style-src, for themselves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from factories import UserFactory, make_friends

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def directives(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


def test_every_page_carries_a_strict_policy(web, user):
    friendship = make_friends(user, UserFactory())
    pages = [
        "/",
        "/compose/",
        "/feed/",
        "/posts/",
        "/friends/",
        f"/friends/{friendship.pk}/",
        "/friends/requests/",
        "/groups/",
        "/accounts/profile/",
        "/accounts/password/",
        "/disclosures/",
        "/disclosures/sources/",
        "/disclosures/notifications/",
        "/disclosures/notifications/settings/",
        "/no-such-page/",
        "/api/profile/",
        "/api/schema/",
    ]
    for url in pages:
        response = web.get(url)
        assert response.status_code in (200, 404), url
        policy = directives(response)
        assert policy["default-src"] == ["'self'"], url
        assert policy["script-src"] == ["'self'"], url
        assert policy["style-src"] == ["'self'"], url
        assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"], url


def test_anonymous_pages_carry_it_too(client):
    for url in ("/accounts/login/", "/accounts/signup/", "/healthz/"):
        assert "script-src 'self'" in client.get(url)["Content-Security-Policy"]


def test_api_reference_keeps_the_site_policy(client):
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert directives(docs)["script-src"] == ["'self'"]
    assert "'unsafe-inline'" not in directives(docs).get("style-src", [])


def test_templates_have_no_inline_script_handlers_or_styles():
    offenders = []
    for path in TEMPLATES.rglob("*.html"):
        if "email" in path.parts:
            continue  # e-mails are read in mail clients, which need inline styles; never served
        text = path.read_text()
        if (
            re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text)
            or re.search(r"\son[a-z]+\s*=", text)
            or re.search(r"\sstyle\s*=", text)
            or "javascript:" in text
            or "<style" in text
        ):
            offenders.append(path.name)
    assert offenders == []
