"""The product fails closed: with a detector, the classifier or a model load broken on purpose, the
compose page says the message could not be checked and why, the API answers the documented 503,
posting is refused (HTML and API) and stores nothing, and only the explicit `post_unchecked`
choice posts the original to every friend, recorded on the message."""

from __future__ import annotations

import dataclasses

import pytest
from rest_framework.test import APIClient

from osnguard.accounts.services import user_sign_up
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.posts.models import Message, Version
from osnguard.privacy import resources
from osnguard.privacy.identification import RECOGNIZERS, classifier, tagger
from osnguard.privacy.types import Detector

pytestmark = pytest.mark.django_db

TEXT = "Tokyo is the capital of Japan"  # "not private" when the engine works
PRIVATE = "My hometown is Tokyo and I was at Tokyo station at 10am with my sister."
HTMX = {"HTTP_HX_REQUEST": "true"}


def _raise(exc: BaseException):
    def broken(*args, **kwargs):
        raise exc

    return broken


def _break(monkeypatch: pytest.MonkeyPatch, what: str) -> str:
    """Break one part of identification; returns the `detector` its failure names."""
    if what == "classifier":
        monkeypatch.setattr(classifier, "probability", _raise(RuntimeError("broken on purpose")))
        return "classifier"
    if what in ("classifier-model", "tagger-model"):
        module = classifier if what == "classifier-model" else tagger
        missing = resources.ResourceMissing(f"{what} is missing or stale: run `osnguard train`")
        monkeypatch.setattr(module, "model", _raise(missing))
        return what.split("-", maxsplit=1)[0]
    name, how = what.split(":")
    recognizer = RECOGNIZERS[Detector(name)]
    error = RuntimeError("broken on purpose") if how == "raise" else ImportError("not installed")
    broken = dataclasses.replace(recognizer, function=_raise(error))
    monkeypatch.setitem(RECOGNIZERS, Detector(name), broken)
    return name


BREAKAGES = [f"{name}:{how}" for name in RECOGNIZERS for how in ("raise", "import")] + [
    "classifier",
    "classifier-model",
    "tagger-model",
]


@pytest.fixture
def author(django_user_model):
    user = user_sign_up(username="fc_author", password="a-long-passphrase-1")
    for group in FriendGroup.objects.filter(owner=user):
        for i in range(2):
            friend = django_user_model.objects.create_user(
                username=f"fc_{group.level}_{i}", password="x"
            )
            Friendship.objects.create(owner=user, friend=friend, group=group)
    return user


@pytest.fixture
def api(author):
    client = APIClient()
    client.force_authenticate(author)
    return client


@pytest.fixture
def web(client, author):
    client.force_login(author)
    return client


def assert_unchecked_body(response, detector: str) -> None:
    """The documented 503: {checked: false, detail, failures: [{detector, kind, reason}]}."""
    assert response.status_code == 503
    body = response.json()
    assert body["checked"] is False and "could not be checked" in body["detail"]
    assert [f["detector"] for f in body["failures"]] == [detector]
    failure = body["failures"][0]
    assert set(failure) == {"detector", "kind", "reason"} and failure["kind"] in (
        "missing",
        "error",
    )
    assert "Traceback" not in failure["reason"] and "broken on purpose" not in failure["reason"]
    assert "osnguard train" not in failure["reason"]  # technical details stay out of the API


@pytest.mark.parametrize("what", BREAKAGES)
def test_a_broken_engine_is_said_plainly_and_refuses_posting(monkeypatch, api, web, author, what):
    detector = _break(monkeypatch, what)
    for text in (TEXT, PRIVATE):
        # the compose page's live analysis: could not be checked, and why; no verdict
        page = web.post("/compose/analyze/", {"text": text}, **HTMX)
        html = page.content.decode()
        assert page.status_code == 503 and 'id="unchecked"' in html
        assert "This message could not be checked" in html
        assert "Nothing private found" not in html and "Private message" not in html
        reasons = api.post("/api/analyze/", {"text": text}, format="json")
        assert_unchecked_body(reasons, detector)
        assert reasons.json()["failures"][0]["reason"] in html.replace("&#x27;", "'")

        # the proposal and posting, API and HTML, are refused and store nothing
        assert_unchecked_body(
            api.post("/api/messages/proposal/", {"text": text}, format="json"), detector
        )
        assert_unchecked_body(api.post("/api/messages/", {"text": text}, format="json"), detector)
        assert_unchecked_body(
            api.post("/api/messages/", {"text": text, "post_unchecked": False}, format="json"),
            detector,
        )
        review = web.post("/compose/review/", {"text": text, "fresh": "1"}, **HTMX)
        assert review.status_code == 503 and 'name="post_unchecked"' in review.content.decode()
        refused = web.post("/compose/post/", {"text": text}, **HTMX)
        assert refused.status_code == 503 and "so it was not posted" in refused.content.decode()
        plain = web.post("/compose/post/", {"text": text})
        assert plain.status_code == 503 and "so it was not posted" in plain.content.decode()
        assert text in plain.content.decode()  # the message is kept in the form
        assert not Message.objects.exists() and not Version.objects.exists()

    # the explicit choice posts the original to every friend and is recorded
    posted = api.post("/api/messages/", {"text": TEXT, "post_unchecked": True}, format="json")
    assert posted.status_code == 201
    data = posted.json()
    assert (
        data["posted_unchecked"] is True
        and data["private"] is None
        and data["fingerprinted"] is False
    )
    assert [f["detector"] for f in data["check_failures"]] == [detector]
    message = Message.objects.get(pk=data["id"])
    assert message.versions.count() == Friendship.objects.filter(owner=author).count() > 0
    assert set(message.versions.values_list("text", flat=True)) == {TEXT}


def test_the_compose_page_offers_posting_unchecked_and_records_it(
    monkeypatch, web, author, django_user_model
):
    detector = _break(monkeypatch, "tagger:raise")
    refused = web.post("/compose/post/", {"text": TEXT})
    assert refused.status_code == 503 and 'id="post-unchecked-choice"' in refused.content.decode()
    assert not Message.objects.exists()
    posted = web.post("/compose/post/", {"text": TEXT, "post_unchecked": "on"}, **HTMX)
    assert posted.status_code == 204
    message = Message.objects.get()
    assert posted["HX-Redirect"] == f"/posts/{message.pk}/"
    assert message.posted_unchecked and message.private is None and not message.fingerprinted
    assert [f["detector"] for f in message.check_failures] == [detector]
    assert set(message.check_failures[0]) == {"detector", "kind", "reason"}
    assert set(message.versions.values_list("text", flat=True)) == {TEXT}
    # the author sees the choice on the post and in their list
    detail = web.get(f"/posts/{message.pk}/").content.decode()
    assert 'id="posted-unchecked"' in detail and 'id="check-failures"' in detail
    assert "you chose to send the original text" in detail
    assert "posted unchecked" in web.get("/posts/").content.decode()
    # a friend sees only their own version (the original, by the author's choice), no flag
    friend = django_user_model.objects.get(username="fc_1_0")
    reader = APIClient()
    reader.force_authenticate(friend)
    feed = reader.get("/api/feed/").json()["results"]
    assert [item["text"] for item in feed] == [TEXT]
    assert "posted_unchecked" not in feed[0] and "check_failures" not in feed[0]
    assert reader.get(f"/api/messages/{message.pk}/").status_code == 404


def test_post_unchecked_is_ignored_when_the_message_can_be_checked(api):
    posted = api.post("/api/messages/", {"text": PRIVATE, "post_unchecked": True}, format="json")
    assert posted.status_code == 201
    data = posted.json()
    assert (
        data["posted_unchecked"] is False
        and data["private"] is True
        and data["check_failures"] == []
    )
    texts = list(Message.objects.get(pk=data["id"]).versions.values_list("text", flat=True))
    assert (
        data["fingerprinted"] is True and len(set(texts)) == len(texts) > 1
    )  # each friend their own
    assert any("Tokyo station" not in t for t in texts)  # generalized for the further groups


def test_a_working_engine_answers_checked(api, web):
    data = api.post("/api/analyze/", {"text": TEXT}, format="json").json()
    assert data["checked"] is True and data["private"] is False and data["failures"] == []
    assert api.post("/api/analyze/", {"text": ""}, format="json").json()["checked"] is True
    page = web.post("/compose/analyze/", {"text": TEXT}, **HTMX)
    assert page.status_code == 200 and "Nothing private found" in page.content.decode()


def test_the_schema_documents_the_503_and_post_unchecked(api):
    schema = api.get("/api/schema/?format=json").json()
    for path in ("/api/analyze/", "/api/messages/proposal/", "/api/messages/"):
        answer = schema["paths"][path]["post"]["responses"]["503"]
        assert answer["content"]["application/json"]["schema"]["$ref"].endswith("/Unchecked")
    unchecked = schema["components"]["schemas"]["Unchecked"]["properties"]
    assert set(unchecked) == {"checked", "detail", "failures"}
    post = schema["paths"]["/api/messages/"]["post"]["requestBody"]["content"]["application/json"][
        "schema"
    ]["$ref"]
    assert "post_unchecked" in schema["components"]["schemas"][post.rsplit("/", 1)[1]]["properties"]


def test_a_model_missing_while_generalizing_is_a_503_not_a_500(monkeypatch, api, web):
    """Identification worked but the temporal model is missing (say, stale after an upgrade): the
    proposal and posting fail closed with a plain reason, and nothing is stored."""
    from osnguard.privacy import artifacts
    from osnguard.privacy.temporal import suppression

    stale = artifacts.ModelUnavailable(
        "temporal.patterns.json is missing: rebuild it with `osnguard train temporal`"
    )
    monkeypatch.setattr(suppression, "learned_patterns", _raise(stale))
    assert_unchecked_body(
        api.post("/api/messages/proposal/", {"text": PRIVATE}, format="json"), "anonymization"
    )
    assert_unchecked_body(
        api.post("/api/messages/", {"text": PRIVATE}, format="json"), "anonymization"
    )
    review = web.post("/compose/review/", {"text": PRIVATE, "fresh": "1"}, **HTMX)
    assert review.status_code == 503 and "resource needed to prepare" in review.content.decode()
    assert not Message.objects.exists()
