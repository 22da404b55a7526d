"""The limits, each at a small setting: log-in lockout, API throttles per user and per IP, the
sign-up rate, the proposal length cap, paged versions and the engine's concurrency cap."""

from __future__ import annotations

import pytest
from factories import PASSWORD, UserFactory, make_friends
from rest_framework.test import APIClient

from osnguard.core.limits import engine_slot

pytestmark = pytest.mark.django_db


def test_login_locks_out_after_too_many_wrong_passwords(client, user, settings):
    settings.AXES_FAILURE_LIMIT = 5
    for _ in range(5):
        response = client.post("/accounts/login/", {"username": "adam", "password": "wrong"})
        assert response.status_code in (200, 429)
    response = client.post("/accounts/login/", {"username": "adam", "password": PASSWORD})
    assert (
        response.status_code == 429 and b"Too many failed log-ins" in response.content
    )  # even the right password
    assert "_auth_user_id" not in client.session


def test_token_endpoint_locks_out_too(user, settings):
    settings.AXES_FAILURE_LIMIT = 5
    anonymous = APIClient()
    for _ in range(5):
        anonymous.post("/api/auth/token/", {"username": "adam", "password": "wrong"}, format="json")
    response = anonymous.post(
        "/api/auth/token/", {"username": "adam", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 429 and "locked" in response.json()["detail"]


def test_lockout_ignores_a_made_up_forwarded_for(client, user, settings):
    settings.AXES_FAILURE_LIMIT = 3
    for index in range(3):
        client.post(
            "/accounts/login/",
            {"username": "adam", "password": "wrong"},
            HTTP_X_FORWARDED_FOR=f"198.51.100.{index}",
        )
    response = client.post(
        "/accounts/login/",
        {"username": "adam", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR="198.51.100.77",
    )
    assert response.status_code == 429


def test_behind_a_proxy_the_forwarded_address_counts(client, user, settings):
    settings.DJANGO_NUM_PROXIES = 1
    settings.AXES_FAILURE_LIMIT = 3
    for _ in range(3):
        client.post(
            "/accounts/login/",
            {"username": "adam", "password": "wrong"},
            HTTP_X_FORWARDED_FOR="198.51.100.1",
        )
    locked = client.post(
        "/accounts/login/",
        {"username": "adam", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR="198.51.100.1",
    )
    assert locked.status_code == 429
    other_client = client.post(
        "/accounts/login/",
        {"username": "adam", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR="198.51.100.2",
    )
    assert other_client.status_code == 302


def test_a_successful_login_before_the_limit_resets_the_count(client, user, settings):
    settings.AXES_FAILURE_LIMIT = 3
    for _ in range(2):
        client.post("/accounts/login/", {"username": "adam", "password": "wrong"})
    assert (
        client.post("/accounts/login/", {"username": "adam", "password": PASSWORD}).status_code
        == 302
    )


def test_api_calls_are_throttled_per_user(api, settings):
    settings.API_THROTTLE_USER = "5/min"
    codes = [api.get("/api/groups/").status_code for _ in range(7)]
    assert codes[:5] == [200] * 5 and codes[5:] == [429, 429]
    response = api.get("/api/groups/")
    assert int(response["Retry-After"]) > 0
    other = APIClient()
    other.force_authenticate(UserFactory())
    assert other.get("/api/groups/").status_code == 200  # another user has their own allowance


def test_api_calls_are_throttled_per_ip_even_unauthenticated(user, settings):
    settings.API_THROTTLE_IP = "4/min"
    anonymous = APIClient()
    codes = [
        anonymous.post(
            "/api/auth/token/", {"username": "adam", "password": PASSWORD}, format="json"
        ).status_code
        for _ in range(6)
    ]
    assert codes[:4] == [200] * 4 and codes[4:] == [429, 429]
    spoofed = anonymous.post(
        "/api/auth/token/",
        {"username": "adam", "password": PASSWORD},
        format="json",
        HTTP_X_FORWARDED_FOR="203.0.113.9",
    )
    assert spoofed.status_code == 429  # a made-up X-Forwarded-For does not escape the limit
    elsewhere = APIClient(REMOTE_ADDR="10.9.8.7")
    assert (
        elsewhere.post(
            "/api/auth/token/", {"username": "adam", "password": PASSWORD}, format="json"
        ).status_code
        == 200
    )


def test_sign_ups_are_rate_limited_per_ip(client, settings):
    settings.SIGNUP_RATE = "3/hour"
    anonymous = APIClient()
    codes = [
        anonymous.post(
            "/api/auth/signup/",
            {"username": f"new{i}", "password": "a-long-Passphrase-42"},
            format="json",
        ).status_code
        for i in range(4)
    ]
    assert codes == [201, 201, 201, 429]
    response = client.post(
        "/accounts/signup/",
        {
            "username": "formy",
            "password1": "a-long-Passphrase-42",
            "password2": "a-long-Passphrase-42",
        },
    )
    assert response.status_code == 429 and b"Too many sign-ups" in response.content


def test_proposal_text_is_capped_with_a_clear_message(api, web, settings):
    settings.PROPOSAL_MAX_LENGTH = 100
    response = api.post("/api/messages/proposal/", {"text": "word " * 40}, format="json")
    assert response.status_code == 400 and "at most 100 characters" in str(response.json()["text"])
    response = api.post("/api/messages/", {"text": "word " * 40}, format="json")
    assert response.status_code == 400 and "at most 100 characters" in str(response.json()["text"])
    response = web.post("/compose/review/", {"text": "word " * 40})
    assert response.status_code == 400 and b"at most 100 characters" in response.content
    assert b'maxlength="100"' in web.get("/compose/").content


def test_engine_calls_past_the_cap_get_503_with_retry_after(api, web, settings):
    settings.ENGINE_CONCURRENCY = 1
    settings.ENGINE_QUEUE_TIMEOUT = 0.05
    settings.ENGINE_RETRY_AFTER = 7
    with engine_slot():  # another request holds the only slot
        response = api.post("/api/analyze/", {"text": "I live in Tokyo."}, format="json")
        assert response.status_code == 503 and response["Retry-After"] == "7"
        assert "busy" in response.json()["detail"]
        assert (
            api.post("/api/messages/proposal/", {"text": "Hello there."}, format="json").status_code
            == 503
        )
        response = web.post(
            "/compose/analyze/", {"text": "I live in Tokyo."}, HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 503 and response["Retry-After"] == "7"
    assert api.post("/api/analyze/", {"text": "Hello there."}, format="json").status_code == 200


@pytest.mark.slow
def test_proposal_versions_come_a_page_at_a_time(api, user, settings):
    settings.PROPOSAL_VERSIONS_PAGE_SIZE = 2
    for _ in range(5):
        make_friends(user, UserFactory())
    response = api.post(
        "/api/messages/proposal/", {"text": "We watched a film last night."}, format="json"
    )
    assert response.status_code == 200
    data = response.json()
    assert (
        data["versions_total"] == 5 and data["versions_pages"] == 3 and len(data["versions"]) == 2
    )
    last = api.post(
        "/api/messages/proposal/?versions_page=3",
        {"text": "We watched a film last night."},
        format="json",
    ).json()
    assert len(last["versions"]) == 1 and last["versions_page"] == 3
    seen = {v["friend"] for v in data["versions"]} | {v["friend"] for v in last["versions"]}
    assert len(seen) == 3
    assert (
        api.post(
            "/api/messages/proposal/?versions_page=0", {"text": "Hi."}, format="json"
        ).status_code
        == 400
    )


def test_client_ip_is_always_an_ip_address(settings):
    """The lockout stores it in an inet column on PostgreSQL: no request may give it a non-address."""
    from django.test import RequestFactory

    from osnguard.core.limits import NO_ADDRESS, client_ip

    factory = RequestFactory()
    assert client_ip(factory.get("/", REMOTE_ADDR="203.0.113.9")) == "203.0.113.9"
    assert client_ip(factory.get("/", REMOTE_ADDR="")) == NO_ADDRESS
    assert client_ip(factory.get("/", REMOTE_ADDR="unknown")) == NO_ADDRESS
    settings.DJANGO_NUM_PROXIES = 1
    assert (
        client_ip(factory.get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.7"))
        == "198.51.100.7"
    )
    assert (
        client_ip(factory.get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="<script>"))
        == "10.0.0.1"
    )
