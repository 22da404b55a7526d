"""How recognisable is your writing: computed by a Celery task from your posts against the site's
public posts, shown on the profile without other users' names or texts, with advice; and the
compose page's optional "this reads like you" warning."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from osnguard.accounts.services import profile_settings_update
from osnguard.celery import app as celery_app
from osnguard.posts import dispatch
from osnguard.posts.models import Message, WritingExposure
from osnguard.posts.selectors import (
    message_typicality,
    writing_exposure_advice,
    writing_exposures_stale,
)
from osnguard.posts.services import writing_exposure_refresh, writing_exposure_request
from osnguard.posts.tasks import writing_exposure_refresh_task, writing_exposures_refresh_stale
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MINE = [
    "Took the kayak out on the estuary again, herons everywhere, paddling till sunset!!",
    "Kayak club meets Thursday, bring your paddles and a flask of tea!!",
    "Estuary was glassy this morning, best paddling of the year, the herons agreed!!",
]
OTHERS = {
    "secret_ann": [
        "Quarterly numbers look fine. The budget review is next week.",
        "Budget meeting moved to Monday.",
    ],
    "secret_bob": ["New recipe: lentil soup with cumin and lemon.", "The soup needed more lemon."],
    "secret_cy": [
        "Anyone watching the match tonight? Great goal in the first half.",
        "What a match.",
    ],
}


@pytest.fixture
def author():
    user = UserFactory(username="kayaker")
    for text in MINE:
        Message.objects.create(author=user, text=text, audience=Message.Audience.PUBLIC)
    for name, texts in OTHERS.items():
        other = UserFactory(username=name)
        for text in texts:
            Message.objects.create(author=other, text=text, audience=Message.Audience.PUBLIC)
    return user


def test_refresh_stores_distances_and_counts_but_no_other_user(author):
    exposure = writing_exposure_refresh(user=author)
    assert exposure.status == WritingExposure.Status.READY
    result = exposure.result
    assert result["community"] == 3 and result["posts"] == 3
    assert all(set(n) == {"distance"} for n in result["neighbours"])
    stored = str(exposure.result) + str(exposure.community_words)
    assert "secret_" not in stored and "Quarterly" not in stored
    assert "kayak" in exposure.own_words
    assert writing_exposure_advice(result=result)[0].startswith("What links two accounts most")


def test_refresh_with_too_little_text_says_so(author):
    quiet = UserFactory()
    Message.objects.create(author=quiet, text="hi")
    exposure = writing_exposure_refresh(user=quiet)
    assert exposure.status == WritingExposure.Status.NOT_ENOUGH
    assert exposure.result["words"] == 1 and exposure.result["community"] == 4


def test_request_queues_the_task_which_computes_it(
    author, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)
    with django_capture_on_commit_callbacks(execute=True):
        exposure = writing_exposure_request(user=author)
        assert exposure.status == WritingExposure.Status.PENDING
    exposure.refresh_from_db()
    assert exposure.status == WritingExposure.Status.READY
    assert writing_exposure_refresh_task.run(999999) == "unknown user"


def test_request_without_a_queue_computes_in_place(
    author, monkeypatch, django_capture_on_commit_callbacks
):
    def down(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(dispatch.celery_app, "signature", down)
    with django_capture_on_commit_callbacks(execute=True):
        writing_exposure_request(user=author)
    assert WritingExposure.objects.get(user=author).status == WritingExposure.Status.READY


def test_stale_exposures_are_refreshed_daily(author, monkeypatch):
    exposure = writing_exposure_refresh(user=author)
    assert writing_exposures_stale(older_than=timedelta(days=1)) == []
    WritingExposure.objects.filter(pk=exposure.pk).update(
        computed_at=timezone.now() - timedelta(days=2)
    )
    sent = []
    monkeypatch.setattr(writing_exposure_refresh_task, "delay", sent.append)
    assert writing_exposures_refresh_stale.run() == 1 and sent == [author.pk]


def test_profile_card_checks_and_shows_the_result(
    client, author, monkeypatch, django_capture_on_commit_callbacks
):
    client.force_login(author)
    body = client.get("/accounts/profile/").content.decode()
    assert 'hx-get="/posts/writing/"' in body  # the profile loads the card
    assert "Not checked yet" in client.get("/posts/writing/").content.decode()  # its own page
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/posts/writing/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Comparing your writing" in response.content.decode()
    card = client.get("/posts/writing/").content.decode()
    assert "Authors compared with" in card and "What helps" in card
    assert "secret_" not in card and "budget" not in card.lower()


def test_pending_card_polls_itself(client, author):
    WritingExposure.objects.create(user=author, status=WritingExposure.Status.PENDING)
    client.force_login(author)
    card = client.get("/posts/writing/").content.decode()
    assert 'hx-trigger="every 2s"' in card and "Comparing your writing" in card


def test_typicality_warning_only_when_asked_and_typical(author):
    writing_exposure_refresh(user=author)
    typical = "Kayak on the estuary again, herons and paddling at sunset, tea in a flask"
    assert message_typicality(user=author, text=typical) is None  # not asked for
    profile_settings_update(user=author, warn_typical_writing=True)
    words = message_typicality(user=author, text=typical)
    assert words is not None and "kayak" in words
    assert (
        message_typicality(user=author, text="The budget review moved to next week, sadly") is None
    )
    assert message_typicality(user=author, text="kayak") is None  # too short to say


def test_compose_analysis_shows_the_typicality_warning(client, author):
    writing_exposure_refresh(user=author)
    profile_settings_update(user=author, warn_typical_writing=True)
    client.force_login(author)
    body = client.post(
        "/compose/analyze/",
        {"text": "Kayak on the estuary again, herons and paddling at sunset, tea in a flask"},
    ).content.decode()
    assert 'id="typical-writing"' in body


def test_api_checks_and_reads_the_writing_exposure(
    author, monkeypatch, django_capture_on_commit_callbacks
):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(author)
    assert api.get("/api/profile/writing/").json()["status"] == "none"
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)
    with django_capture_on_commit_callbacks(execute=True):
        queued = api.post("/api/profile/writing/")
    assert queued.status_code == 202 and queued.json()["status"] == "pending"
    data = api.get("/api/profile/writing/").json()
    assert data["status"] == "ready" and data["advice"] and data["result"]["community"] == 3
    assert (
        api.patch("/api/profile/", {"warn_typical_writing": True}, format="json").json()[
            "warn_typical_writing"
        ]
        is True
    )


def test_advice_follows_the_direction_a_feature_stands_out_in():
    above = writing_exposure_advice(result={"standouts": [{"feature": "richness", "z": 2.0}]})
    below = writing_exposure_advice(result={"standouts": [{"feature": "richness", "z": -2.0}]})
    assert "more varied" in above[1] and "repeat the same words" in below[1]
    assert len(writing_exposure_advice(result={"standouts": [{"feature": "emoji", "z": -3}]})) == 2
