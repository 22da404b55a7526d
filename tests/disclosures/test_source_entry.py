"""Source addresses are checked where they are entered (issue 11, finding 10): the HTML form, the
API and `manage.py source_add` share `source_url_validate`, which refuses other schemes, bad ports
and host names, and private or loopback addresses with a clear message instead of crawls that keep
failing. A user may own at most CRAWLER_MAX_SOURCES_PER_USER sources."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from osnguard.disclosures.models import Source
from osnguard.disclosures.services import source_create, source_update, source_url_validate

from .fixtures import make_user

pytestmark = pytest.mark.django_db

REFUSED = [
    ("ftp://example.org/feed", "Only http:// and https://"),
    ("javascript:alert(1)", "Only http:// and https://"),
    ("file:///etc/passwd", "Only http:// and https://"),
    ("example.org/feed.xml", "Only http:// and https://"),
    ("http://example.org:0/", "port must be a number from 1 to 65535"),
    ("http://example.org:70000/", "port must be a number from 1 to 65535"),
    ("http://example.org:http/", "port must be a number from 1 to 65535"),
    ("http:///feed.xml", "with a host name"),
    ("http://exa mple.org/", "not a valid host name"),
    ("http://-bad-.example/", "not a valid host name"),
    ("http://a..b/", "not a valid host name"),
    ("http://127.0.0.1:8000/", "127.0.0.1 is a private, loopback or reserved address"),
    ("http://[::1]/", "::1 is a private"),
    ("http://[::ffff:127.0.0.1]/", "is a private"),
    ("http://[64:ff9b::a00:1]/", "is a private"),
    ("http://[2002:c0a8:101::1]/", "is a private"),
    ("http://10.1.2.3/feed", "10.1.2.3 is a private"),
    ("http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a private"),
    ("http://2130706433/", "127.0.0.1 is a private"),
    ("http://0x7f.1/", "127.0.0.1 is a private"),
    ("http://localhost:8000/", "“localhost” is a name on a local network"),
    ("http://printer.local/feed", "name on a local network"),
    ("http://x" + "y" * 2000 + ".org/", "too long"),
]


@pytest.mark.parametrize("url,message", REFUSED)
def test_bad_addresses_are_refused_with_a_message(url, message):
    with pytest.raises(ValidationError) as info:
        source_url_validate(url=url)
    text = info.value.message_dict["url"][0]
    assert message in text
    assert "CRAWLER_" not in text


@pytest.mark.parametrize(
    "url,normalised",
    [
        ("  HTTPS://Example.ORG/feed.xml ", "https://example.org/feed.xml"),
        ("http://8.8.8.8:8080/x?y=1", "http://8.8.8.8:8080/x?y=1"),
        ("https://bücher.example/feed", "https://bücher.example/feed"),
        ("https://[2606:4700::1111]/", "https://[2606:4700::1111]/"),
        ("https://mastodon.social", "https://mastodon.social/"),
    ],
)
def test_good_addresses_are_normalised(url, normalised):
    assert source_url_validate(url=url) == normalised


def test_the_allow_list_admits_local_addresses(settings):
    settings.CRAWLER_ALLOWED_NETWORKS = ["127.0.0.0/8"]
    assert (
        source_url_validate(url="http://127.0.0.1:8765/index.html")
        == "http://127.0.0.1:8765/index.html"
    )
    assert source_url_validate(url="http://localhost:8765/") == "http://localhost:8765/"
    with pytest.raises(ValidationError):
        source_url_validate(url="http://10.0.0.1/")


def test_html_form_shows_the_message_and_keeps_the_input(client):
    user = make_user("entry_html")
    client.force_login(user)
    response = client.post(
        "/disclosures/sources/",
        {
            "name": "Router",
            "kind": "page",
            "url": "http://192.168.1.1/admin",
            "interval_minutes": 60,
        },
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "192.168.1.1 is a private, loopback or reserved address" in html
    assert 'value="http://192.168.1.1/admin"' in html
    assert not Source.objects.exists()


def test_api_answers_400_with_the_message():
    client = APIClient()
    client.force_authenticate(make_user("entry_api"))
    response = client.post(
        "/api/sources/",
        {"name": "Meta", "kind": "feed", "url": "http://169.254.169.254/latest"},
        format="json",
    )
    assert response.status_code == 400
    assert "169.254.169.254 is a private" in response.json()["url"][0]
    response = client.post(
        "/api/sources/", {"name": "Gopher", "kind": "feed", "url": "gopher://x.org/"}, format="json"
    )
    assert response.status_code == 400 and "Only http://" in response.json()["url"][0]
    assert not Source.objects.exists()


def test_source_add_command_uses_the_same_check():
    make_user("entry_cmd")
    with pytest.raises(CommandError, match="is a private"):
        call_command(
            "source_add",
            "--user",
            "entry_cmd",
            "--name",
            "Local",
            "--kind",
            "page",
            "--url",
            "http://127.0.0.1:8765/index.html",
        )
    with pytest.raises(CommandError, match="port must be"):
        call_command(
            "source_add",
            "--user",
            "entry_cmd",
            "--name",
            "Port",
            "--kind",
            "page",
            "--url",
            "http://example.org:99999/",
        )
    assert not Source.objects.exists()


def test_changing_the_address_through_the_api_is_checked_but_pausing_an_old_source_works():
    user = make_user("entry_patch")
    legacy = Source.objects.create(owner=user, name="Old", kind="page", url="http://10.0.0.5/page")
    client = APIClient()
    client.force_authenticate(user)
    assert (
        client.patch(f"/api/sources/{legacy.pk}/", {"enabled": False}, format="json").status_code
        == 200
    )
    response = client.patch(
        f"/api/sources/{legacy.pk}/", {"url": "http://[::ffff:10.0.0.6]/"}, format="json"
    )
    assert response.status_code == 400 and "is a private" in response.json()["url"][0]
    source_update(source=legacy, url="https://example.org/page")
    legacy.refresh_from_db()
    assert legacy.url == "https://example.org/page"


def test_sources_per_user_are_capped(settings, client):
    settings.CRAWLER_MAX_SOURCES_PER_USER = 2
    user = make_user("entry_cap")
    for i in range(2):
        source_create(owner=user, name=f"S{i}", kind="feed", url=f"https://example.org/{i}.xml")
    with pytest.raises(ValidationError, match="already have 2 sources"):
        source_create(owner=user, name="S2", kind="feed", url="https://example.org/2.xml")
    client.force_login(user)
    response = client.post(
        "/disclosures/sources/",
        {"name": "S3", "kind": "feed", "url": "https://example.org/3.xml", "interval_minutes": 60},
    )
    assert response.status_code == 400 and "already have 2 sources" in response.content.decode()
    api = APIClient()
    api.force_authenticate(user)
    response = api.post(
        "/api/sources/",
        {"name": "S4", "kind": "feed", "url": "https://example.org/4.xml"},
        format="json",
    )
    assert response.status_code == 400
    assert "already have 2 sources" in response.json()["non_field_errors"][0]
    assert Source.objects.filter(owner=user).count() == 2
    # Site-wide sources (admins) are not capped, and another user has their own allowance.
    source_create(owner=None, name="Everyone", kind="feed", url="https://example.org/all.xml")
    source_create(
        owner=make_user("entry_cap2"), name="Mine", kind="feed", url="https://example.org/1.xml"
    )
