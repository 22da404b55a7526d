"""Concurrent writes against a live (threaded) server on the default SQLite all succeed: no
"database is locked" 500s (IMMEDIATE transactions, a busy timeout and WAL; osnguard/settings.py)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from django.db import connection
from django.test import Client
from factories import UserFactory, make_friends
from rest_framework.authtoken.models import Token

from osnguard.circles.models import Interaction

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]


@pytest.fixture
def owner_token(db):
    owner = UserFactory(username="busy")
    friends = [UserFactory() for _ in range(40)]
    for friend in friends:
        make_friends(owner, friend)
    return owner, friends, Token.objects.create(user=owner).key


@pytest.mark.skipif(connection.vendor != "sqlite", reason="about SQLite's locking")
def test_sqlite_runs_in_wal_mode_with_immediate_transactions():
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0].lower() == "wal"
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_parallel_writes_all_succeed(live_server, owner_token):
    owner, friends, token = owner_token
    headers = {"Authorization": f"Token {token}"}
    base = live_server.url

    def recompute(_: int) -> int:
        return requests.post(
            f"{base}/api/level-suggestions/recompute/", headers=headers, timeout=60
        ).status_code

    def interact(i: int) -> int:
        body = {"friend": friends[i % len(friends)].pk, "kind": "message"}
        return requests.post(
            f"{base}/api/interactions/", json=body, headers=headers, timeout=60
        ).status_code

    def group(i: int) -> int:
        body = {"name": f"Parallel {i}"}
        return requests.post(
            f"{base}/api/groups/", json=body, headers=headers, timeout=60
        ).status_code

    def read_all(_: int) -> int:
        return requests.post(
            f"{base}/api/notifications/read/", json={}, headers=headers, timeout=60
        ).status_code

    # The HTML pages write too: a browser session with its CSRF token.
    browser = requests.Session()
    client = Client()
    client.force_login(owner)
    browser.cookies.set("sessionid", client.cookies["sessionid"].value)
    browser.get(f"{base}/friends/", timeout=60)
    csrf = {"X-CSRFToken": browser.cookies["csrftoken"]}

    def html_recompute(_: int) -> int:
        return browser.post(
            f"{base}/friends/suggestions/recompute/",
            headers=csrf,
            allow_redirects=False,
            timeout=60,
        ).status_code

    def html_read_all(_: int) -> int:
        return browser.post(
            f"{base}/disclosures/notifications/read/",
            headers=csrf,
            allow_redirects=False,
            timeout=60,
        ).status_code

    jobs = (
        [(recompute, i) for i in range(9)]
        + [(interact, i) for i in range(9)]
        + [(group, i) for i in range(6)]
        + [(read_all, i) for i in range(4)]
        + [(html_recompute, i) for i in range(4)]
        + [(html_read_all, i) for i in range(3)]
    )
    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        codes = list(pool.map(lambda job: job[0](job[1]), jobs))
    assert all(code in (200, 201, 302) for code in codes), codes
    assert codes.count(302) == 7  # the HTML posts redirect back when done
    assert Interaction.objects.filter(owner=owner).count() == 9
