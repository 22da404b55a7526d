"""A bounded schemathesis run of the OpenAPI schema against a live server, signed in with a token
as a demo-like user (friends, groups, requests, interactions, a source, a notification): no
operation answers a 500, with valid (positive) or invalid (negative) input."""

from __future__ import annotations

import time

import pytest
import schemathesis
from django.utils import timezone
from factories import UserFactory, make_friends
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token

from osnguard.circles.models import Interaction
from osnguard.circles.services import friend_request_send
from osnguard.disclosures.models import Notification, Source
from osnguard.privacy.identification import identify

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

EXAMPLES = 10  # per operation and generation mode
ENGINE_EXAMPLES = 4  # operations that run the NLP engine cost more per call
ENGINE_PATHS = {"/api/analyze/", "/api/messages/", "/api/messages/proposal/"}
SKIP = {("POST", "/api/auth/logout/")}  # would revoke the token the run signs in with


@pytest.fixture
def demo_token(db):
    owner = UserFactory(username="adam", first_name="Adam", last_name="Ebert")
    for index in range(6):
        friend = UserFactory(username=f"friend{index}")
        make_friends(owner, friend)
        Interaction.objects.create(
            owner=owner, friend=friend, kind=Interaction.Kind.MESSAGE, occurred_at=timezone.now()
        )
    friend_request_send(from_user=UserFactory(username="stranger"), to_user=owner)
    Source.objects.create(
        owner=owner, name="Blog", kind=Source.Kind.PAGE, url="https://example.org/"
    )
    Notification.objects.create(user=owner, kind=Notification.Kind.DISCLOSURE, title="t", body="b")
    return Token.objects.create(user=owner).key


def test_no_operation_answers_a_500(live_server, demo_token, settings):
    settings.PROPOSAL_MAX_LENGTH = 300  # keep engine calls short; the cap's 400 is part of the run
    # Load the NLP resources first (live_server shares this process), so the run times the API.
    identify("Warm up the engine in this process.", profile={"hometown": ["Tokyo"]})
    schema = schemathesis.openapi.from_url(f"{live_server.url}/api/schema/")
    headers = {"Authorization": f"Token {demo_token}"}
    failures: list[str] = []
    operations = 0
    timings: list[tuple[float, str]] = []
    started = time.monotonic()
    for result in schema.get_all_operations():
        operation = result.ok()
        if (operation.method.upper(), operation.path) in SKIP:
            continue
        operations += 1
        op_started = time.monotonic()
        examples = ENGINE_EXAMPLES if operation.path in ENGINE_PATHS else EXAMPLES
        for mode in (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE):

            @given(case=operation.as_strategy(generation_mode=mode))
            @hypothesis_settings(
                max_examples=examples,
                deadline=None,
                database=None,
                derandomize=True,
                suppress_health_check=list(HealthCheck),
            )
            def run(case) -> None:
                response = case.call(base_url=live_server.url, headers=headers, timeout=60)
                if response.status_code >= 500:
                    failures.append(
                        f"{case.method} {case.formatted_path} {case.query} {case.body!r:.300} -> "
                        f"{response.status_code}"
                    )

            try:
                run()
            except Unsatisfiable:  # nothing to make invalid (no parameters, no body)
                pass
        timings.append(
            (time.monotonic() - op_started, f"{operation.method.upper()} {operation.path}")
        )
    elapsed = time.monotonic() - started
    print("slowest operations:", sorted(timings, reverse=True)[:8])
    assert operations >= 25
    assert failures == [], "\n".join(failures[:20])
    assert elapsed < 180, f"the fuzz run took {elapsed:.0f} s"
