"""Every disclosures model names itself readably (admin, shell, logs) without extra queries."""

from __future__ import annotations

import pytest

from osnguard.disclosures.models import (
    CandidateDocument,
    CrawlJob,
    Disclosure,
    Notification,
    NotificationPreference,
    Source,
    SourceError,
)

from .fixtures import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def source():
    return Source.objects.create(owner=None, name="Town blog", kind="feed", url="http://t.example/")


def test_source_error_and_crawl_job(source, django_assert_num_queries):
    error = SourceError.objects.create(source=source, message="HTTP 503 from t.example")
    job = CrawlJob.objects.create(source=source)
    with django_assert_num_queries(0):
        assert str(error) == f"source {source.pk}: HTTP 503 from t.example"
        assert str(job) == f"crawl {job.pk} of source {source.pk} (queued)"


def test_candidate_document_by_title_else_address(source):
    titled = CandidateDocument(source=source, url="http://t.example/1", title="Summer news")
    untitled = CandidateDocument(source=source, url="http://t.example/2")
    assert (str(titled), str(untitled)) == ("Summer news", "http://t.example/2")


def test_disclosure(django_assert_num_queries):
    disclosure = Disclosure(message_id=7, source_url="http://t.example/1", verdict="friend")
    with django_assert_num_queries(0):
        assert str(disclosure) == "message 7 found at http://t.example/1 (friend)"


def test_notification_and_preference():
    user = make_user("str_user")
    assert str(Notification(user=user, kind="disclosure", title="Found in public")) == (
        "Found in public"
    )
    both = NotificationPreference(user=user, kind="disclosure", in_app=True, email=True)
    mail = NotificationPreference(user=user, kind="source_failing", in_app=False, email=True)
    off = NotificationPreference(user=user, kind="disclosure", in_app=False, email=False)
    assert str(both) == f"disclosure for user {user.pk}: in app and e-mail"
    assert str(mail) == f"source_failing for user {user.pk}: e-mail"
    assert str(off) == f"disclosure for user {user.pk}: off"
