"""Crawls are queued by task name (services do not import tasks): the message reaches the crawl
queue whether or not the task is loaded in the process, eager mode still runs the crawl in-process,
and an unreachable queue leaves the job queued with a clear error."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from django.conf import settings

from osnguard.celery import app as celery_app
from osnguard.disclosures import services
from osnguard.disclosures.dispatch import CRAWL_SOURCE_TASK, crawl_source_send
from osnguard.disclosures.models import CrawlJob, Source

pytestmark = pytest.mark.django_db


@pytest.fixture
def crawl_queue():
    """The messages this test puts on the crawl queue of the filesystem broker (then removed)."""
    if not settings.CELERY_BROKER_URL.startswith("filesystem://"):
        pytest.skip("reads the filesystem broker's folder")
    folder = Path(settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"])
    before = set(folder.glob("*.crawl.msg"))
    sent: list[dict] = []

    def read() -> list[dict]:
        for path in sorted(set(folder.glob("*.crawl.msg")) - before):
            sent.append(json.loads(path.read_text()))
            path.unlink()
        return sent

    yield read
    read()


def task_and_args(message: dict) -> tuple[str, list]:
    body = json.loads(base64.b64decode(message["body"]))
    return message["headers"]["task"], body[0]


def site_wide_source() -> Source:
    return Source.objects.create(owner=None, name="Public posts", kind="osnguard_public")


def test_a_crawl_is_sent_by_name_to_the_crawl_queue(crawl_queue):
    crawl_source_send(job_id=4242)
    assert [task_and_args(m) for m in crawl_queue()] == [(CRAWL_SOURCE_TASK, [4242])]


def test_the_web_app_sends_it_without_the_task_module_loaded(crawl_queue, monkeypatch):
    monkeypatch.delitem(celery_app.tasks, CRAWL_SOURCE_TASK, raising=False)
    crawl_source_send(job_id=4343)
    assert [task_and_args(m) for m in crawl_queue()] == [(CRAWL_SOURCE_TASK, [4343])]


def test_eager_mode_runs_the_crawl_in_process(crawl_queue, monkeypatch):
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)
    job = CrawlJob.objects.create(source=site_wide_source())
    crawl_source_send(job_id=job.pk)
    job.refresh_from_db()
    assert job.status == CrawlJob.Status.DONE and crawl_queue() == []


def test_an_unreachable_queue_keeps_the_job_queued_with_a_message(monkeypatch):
    def broker_down(*, job_id: int) -> None:
        raise ConnectionRefusedError(111, "Connection refused")

    monkeypatch.setattr(services, "crawl_source_send", broker_down)
    job = CrawlJob.objects.create(source=site_wide_source())
    assert services.crawl_job_enqueue(job=job) is False
    job.refresh_from_db()
    assert job.status == CrawlJob.Status.QUEUED
    assert job.error == (
        "The task queue is unavailable (ConnectionRefusedError); "
        "the crawl will start when it is back."
    )
