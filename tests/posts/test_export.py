"""The k-anonymous export of posts: a user's own posts and (staff only) the site's public posts,
as a page with the figures before the download, an API and a management command."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from osnguard.accounts.services import profile_update
from osnguard.posts import selectors
from osnguard.posts.models import Message
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

TEXTS = [
    "My sister in Tokyo is a nurse, she has diabetes",
    "My brother in Osaka is a dentist, he has asthma",
    "@jim my wife and I moved to Kyoto",
    "Lunch with my husband in Paris",
]


@pytest.fixture
def author():
    user = UserFactory(username="rin")
    profile_update(user=user, attributes={"current_city": ["Tokyo"], "birthday": ["1990-04-02"]})
    for text in TEXTS:
        Message.objects.create(author=user, text=text, audience=Message.Audience.PUBLIC)
    return user


def test_release_uses_profile_attributes_and_keeps_every_class_at_least_k(author):
    release = selectors.message_release(messages=Message.objects.all(), k=2)
    assert release.summary["records"] == 4 and min(release.summary["classes"]) >= 2
    ages = {r["quasi_identifiers"]["age"] for r in release.records}
    assert ages and None not in ages  # every post has its author's age (from the birthday)
    assert all("@jim" not in r["text"] for r in release.records)


@pytest.mark.parametrize("k", [0, 1, 1001, True, "5"])
def test_release_rejects_a_bad_k(author, k):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        selectors.message_release(messages=Message.objects.all(), k=k)


def test_page_shows_figures_before_the_download(client, author):
    client.force_login(author)
    page = client.get("/posts/export/")
    assert page.status_code == 200 and b"4 posts to export" in page.content
    shown = client.get("/posts/export/", {"method": "kanon", "k": 2})
    body = shown.content.decode()
    assert shown.status_code == 200 and "Before you download" in body and "Discernibility" in body
    released = body.split("Before you download")[1]
    assert "Tokyo" not in released and "Osaka" not in released and "@jim" not in released
    download = client.get("/posts/export/", {"method": "kanon", "k": 2, "download": 1})
    assert download["Content-Disposition"] == 'attachment; filename="osnguard-mine-posts-k2.jsonl"'
    lines = [json.loads(line) for line in download.content.decode().splitlines()]
    assert lines[-1]["k"] == 2 and len(lines) == 5


@pytest.mark.parametrize(
    "query", [{"method": "kanon", "k": 1}, {"method": "kanon", "k": "x"}, {"method": "nope"}]
)
def test_page_answers_bad_choices_with_a_form_error(client, author, query):
    client.force_login(author)
    response = client.get("/posts/export/", query)
    assert response.status_code == 400 and b"errorlist" in response.content


def test_page_with_fewer_posts_than_k_says_so(client):
    user = UserFactory()
    Message.objects.create(author=user, text="hello from Tokyo")
    client.force_login(user)
    body = client.get("/posts/export/", {"method": "kanon", "k": 5}).content.decode()
    assert "fewer posts (1) than k" in body


def test_public_export_is_for_staff_only(client, author):
    client.force_login(author)
    assert client.get("/posts/export/public/").status_code == 404
    staff = UserFactory(is_staff=True)
    client.force_login(staff)
    body = client.get("/posts/export/public/", {"method": "simple"}).content.decode()
    assert "Public posts of this site".lower() in body.lower() and "Before you download" in body


def test_api_exports_mine_and_public_for_admins(author):
    api = APIClient()
    api.force_authenticate(author)
    mine = api.get("/api/exports/my-posts/", {"k": 2})
    assert mine.status_code == 200
    data = mine.json()
    assert data["summary"]["records"] == 4 and len(data["records"]) == 4
    assert api.get("/api/exports/public-posts/").status_code == 403
    assert api.get("/api/exports/my-posts/", {"k": 1}).status_code == 400
    admin = APIClient()
    admin.force_authenticate(UserFactory(is_staff=True))
    public = admin.get("/api/exports/public-posts/", {"simple": "true"}).json()
    assert public["summary"]["method"] == "simple" and public["summary"]["records"] == 4


def test_management_command_writes_json_lines(author, tmp_path):
    out = tmp_path / "public.jsonl"
    call_command("export_posts_kanon", "--k", "2", "--output", str(out), stderr=io.StringIO())
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[-1]["k"] == 2 and len(lines) == 5
    with pytest.raises(CommandError, match="no user named"):
        call_command("export_posts_kanon", "--k", "2", "--author", "nobody")
    with pytest.raises(CommandError, match="at least 2"):
        call_command("export_posts_kanon", "--k", "1")
