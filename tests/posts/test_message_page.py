"""The post page says honestly how far its versions can be told apart (issue 14)."""

from __future__ import annotations

import pytest

from osnguard.accounts.services import user_sign_up
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.posts.models import Message

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def web(client, django_user_model):
    author = user_sign_up(username="mp_author", password="a-long-passphrase-1")
    for group in FriendGroup.objects.filter(owner=author):
        friend = django_user_model.objects.create_user(username=f"mp_{group.level}", password="x")
        Friendship.objects.create(owner=author, friend=friend, group=group)
    client.force_login(author)
    return client


def test_shared_versions_are_said_not_hidden_behind_a_zero(web) -> None:
    posted = web.post("/compose/post/", {"text": "Back home in Leeds after work, tea time"}, **HTMX)
    assert posted.status_code == 204
    message = Message.objects.get()
    Message.objects.filter(pk=message.pk).update(min_distance=0)
    page = web.get(f"/posts/{message.pk}/").content.decode()
    assert "differ in at least 0" not in page
    assert 'id="shared-versions"' in page and "points to several friends" in page
    Message.objects.filter(pk=message.pk).update(min_distance=2)
    page = web.get(f"/posts/{message.pk}/").content.decode()
    assert "versions differ in at least 2 places" in page
