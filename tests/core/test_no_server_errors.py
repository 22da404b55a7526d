"""No bad input ends in a 500: every page and endpoint of accounts and circles gets garbage."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from factories import UserFactory, make_friends

from osnguard.circles.models import FriendGroup
from osnguard.circles.services import friend_request_send

pytestmark = pytest.mark.django_db

GARBAGE_VALUES = [
    "",
    " ",
    "a\x00b",
    "x" * 5000,
    "-1",
    "0",
    str(2**64),
    "1e9",
    "null",
    "<script>",
    "ü€😀",
    "[]",
    "{}",
]
JSON_BODIES = [
    '{"name": ',
    "[]",
    '"text"',
    "123",
    "null",
    '{"order": "x", "group": {}, "friend": [], "to_user": -5}',
    '{"attributes": {"hometown": [1, 2]}}',
    '{"name": "a\\u0000b", "username": "x\\u0000", "attributes": {"hometown": ["a\\u0000"]}}',
    '{"attributes": {"birthday": ["1994-02-30"]}}',
]


@pytest.fixture
def ids(user, other):
    friend = UserFactory()
    friendship = make_friends(user, friend)
    incoming = friend_request_send(from_user=other, to_user=user)
    group = FriendGroup.objects.filter(owner=user).first()
    return {"group": group.pk, "friendship": friendship.pk, "request": incoming.pk}


def html_posts(ids):
    g, f, r = ids["group"], ids["friendship"], ids["request"]
    return [
        "/accounts/signup/",
        "/accounts/profile/",
        "/accounts/password/",
        "/groups/",
        f"/groups/{g}/edit/",
        f"/groups/{g}/move/up/",
        f"/groups/{g}/delete/",
        f"/friends/{f}/move/",
        f"/friends/{f}/interactions/",
        f"/friends/{f}/apply-suggestion/",
        "/friends/suggestions/recompute/",
        "/friends/requests/send/",
        f"/friends/requests/{r}/accept/",
        f"/friends/requests/{r}/decline/",
    ]


def api_writes(ids):
    g, f, r = ids["group"], ids["friendship"], ids["request"]
    return [
        ("post", "/api/groups/"),
        ("patch", f"/api/groups/{g}/"),
        ("post", "/api/groups/reorder/"),
        ("patch", f"/api/friends/{f}/"),
        ("post", "/api/friend-requests/"),
        ("post", f"/api/friend-requests/{r}/accept/"),
        ("post", "/api/interactions/"),
        ("put", "/api/profile/"),
        ("patch", "/api/profile/"),
        ("post", "/api/auth/signup/"),
        ("post", "/api/auth/token/"),
    ]


def test_html_forms_never_500(web, ids):
    fields = [
        "name",
        "level",
        "group",
        "kind",
        "occurred_at",
        "to_user",
        "username",
        "password1",
        "password2",
        "old_password",
        "new_password1",
        "new_password2",
        "hometown",
        "birthday",
        "email",
        "next",
    ]
    for url in html_posts(ids):
        for value in GARBAGE_VALUES:
            response = web.post(
                url,
                dict.fromkeys(fields, value),
                **({"HTTP_HX_REQUEST": "true"} if len(value) % 2 else {}),
            )
            assert response.status_code < 500, (url, value[:20], response.status_code)


def test_html_pages_never_500_on_garbage_query(web, ids):
    for url in [
        "/",
        "/friends/",
        "/groups/",
        "/friends/requests/",
        f"/groups/{ids['group']}/",
        f"/friends/{ids['friendship']}/",
        "/accounts/profile/",
    ]:
        for value in GARBAGE_VALUES:
            response = web.get(url, {"q": value, "page": value, "group": value})
            assert response.status_code < 500, (url, value[:20])


def test_api_never_500_on_garbage_bodies(api, ids):
    for method, url in api_writes(ids):
        for body in JSON_BODIES:
            response = api.generic(method.upper(), url, body, content_type="application/json")
            assert response.status_code < 500, (method, url, body)


def test_api_never_500_on_garbage_query(api, ids):
    for url in [
        "/api/groups/",
        "/api/friends/",
        "/api/friend-requests/",
        "/api/users/",
        "/api/interactions/",
        "/api/level-suggestions/",
    ]:
        for value in GARBAGE_VALUES:
            response = api.get(
                url,
                {
                    "group": value,
                    "search": value,
                    "page": value,
                    "page_size": value,
                    "direction": value,
                    "status": value,
                    "differing": value,
                },
            )
            assert response.status_code < 500, (url, value[:20])
    for value in GARBAGE_VALUES:
        assert (
            api.delete(
                f"/api/groups/{ids['group']}/", QUERY_STRING=urlencode({"move_to": value})
            ).status_code
            < 500
        )
