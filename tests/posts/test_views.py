"""Compose, feed and message pages: scoped to their owner, htmx partials, errors as 400s."""

from __future__ import annotations

import pytest

from osnguard.accounts.services import user_sign_up
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.posts.models import Message
from osnguard.posts.services import message_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair(django_user_model):
    adam = user_sign_up(username="adam_v", password="a-long-passphrase-1")
    bob = user_sign_up(username="bob_v", password="a-long-passphrase-1")
    Friendship.objects.create(owner=adam, friend=bob, group=FriendGroup.objects.get(owner=adam, name="Friends"))
    message = message_post(author=adam, text="I moved to Seattle last year and I work at Boeing now.")
    return adam, bob, message


def test_pages_for_author_and_recipient(client, pair):
    adam, bob, message = pair
    client.force_login(bob)
    feed = client.get("/feed/").content.decode()
    assert message.versions.get(recipient=bob).text in feed
    assert client.get(f"/posts/{message.pk}/").status_code == 404
    assert client.get("/posts/").status_code == 200
    client.force_login(adam)
    page = client.get(f"/posts/{message.pk}/").content.decode()
    assert message.text in page and "bob_v" in page
    assert client.get("/posts/999999/").status_code == 404


def test_compose_partials(client, pair):
    adam, _, _ = pair
    client.force_login(adam)
    assert client.get("/compose/").status_code == 200
    empty = client.post("/compose/analyze/", {"text": "  "}, HTTP_HX_REQUEST="true")
    assert empty.status_code == 200 and b"analysis-empty" in empty.content
    found = client.post("/compose/analyze/", {"text": "I live in Seattle, call me on +1 206 555 0100"},
                        HTTP_HX_REQUEST="true").content.decode()
    assert 'class="phrase cat-location"' in found and "Seattle" in found
    too_long = client.post("/compose/analyze/", {"text": "x" * 6000}, HTTP_HX_REQUEST="true")
    assert too_long.status_code == 400 and b"at most" in too_long.content
    review = client.post("/compose/review/", {"text": "I live in Seattle and work at Boeing."}, HTTP_HX_REQUEST="true")
    assert review.status_code == 200 and b"review-panel" in review.content
    bad = client.post("/compose/review/", {"text": ""}, HTTP_HX_REQUEST="true")
    assert bad.status_code == 400 and b"empty" in bad.content


def test_post_through_the_page(client, pair):
    adam, bob, _ = pair
    client.force_login(adam)
    response = client.post("/compose/post/", {"text": "My hometown is Tokyo.", "audience": "friends"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 204 and response["HX-Redirect"].startswith("/posts/")
    assert Message.objects.filter(author=adam).count() == 2
    failed = client.post("/compose/post/", {"text": "", "audience": "friends"}, follow=True)
    assert failed.status_code == 200 and Message.objects.filter(author=adam).count() == 2


def test_anonymous_users_are_sent_to_log_in(client):
    for url in ("/compose/", "/feed/", "/posts/", "/disclosures/"):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
