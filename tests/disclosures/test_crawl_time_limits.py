"""Celery time limits on crawl tasks (issue 11, finding 2): the limits come from settings, and a
crawl stopped at the soft limit is recorded as failed with a clear message, in-process and in a
real prefork worker crawling a server that never finishes answering."""

from __future__ import annotations

import time

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from workers import start_worker, stop_worker, wait_for, worker_log

from osnguard.disclosures import tasks
from osnguard.disclosures.models import CrawlJob, Source

from .fixtures import make_user
from .leakworld import send_crawls, sender_for
from .localserver import LocalServer


def test_crawl_task_has_the_configured_limits():
    assert tasks.crawl_source.soft_time_limit == settings.CRAWL_TASK_SOFT_TIME_LIMIT
    assert tasks.crawl_source.time_limit == settings.CRAWL_TASK_TIME_LIMIT
    assert settings.CRAWL_TASK_SOFT_TIME_LIMIT < settings.CRAWL_TASK_TIME_LIMIT
    assert (
        settings.CRAWL_TASK_SOFT_TIME_LIMIT >= 2 * settings.CRAWLER_DEADLINE
    )  # robots.txt + the document


@pytest.mark.django_db
def test_soft_time_limit_fails_the_job_with_a_message(monkeypatch):
    owner = make_user("limits_owner")
    source = Source.objects.create(
        owner=owner, name="Slow", kind="page", url="https://slow.example/"
    )
    job = CrawlJob.objects.create(source=source)

    def too_slow(**kwargs):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(tasks, "crawl_run", too_slow)
    tasks.crawl_source.apply(args=[job.pk])
    job.refresh_from_db()
    source.refresh_from_db()
    assert job.status == CrawlJob.Status.FAILED and "took longer than" in job.error
    assert (
        source.last_status == Source.Status.ERROR and source.errors.filter(transient=True).exists()
    )


def endless(request) -> None:
    request.wfile.write(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 100000\r\n\r\n"
    )
    started = time.monotonic()
    try:
        while time.monotonic() - started < 60:
            request.wfile.write(b"<")
            time.sleep(0.2)
    except (BrokenPipeError, ConnectionResetError):
        pass


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_real_worker_stops_a_crawl_at_the_soft_limit(tmp_path):
    server = LocalServer().start()
    server.routes["/endless"] = endless
    owner = make_user("limits_worker")
    source = Source.objects.create(
        owner=owner, name="Endless", kind="page", url=server.url("/endless")
    )
    env = {
        "CRAWLER_ALLOWED_NETWORKS": "127.0.0.0/8",
        "CRAWLER_DEADLINE": "120",
        "CRAWLER_READ_TIMEOUT": "30",
        "CRAWL_TASK_SOFT_TIME_LIMIT": "3",
        "CRAWL_TASK_TIME_LIMIT": "10",
    }
    sender = sender_for("filesystem", var_dir=tmp_path / "worker-var")
    worker = start_worker(tmp_path, "crawl", env, pool="prefork", concurrency=1)
    try:
        [job] = send_crawls(sender, [source])
        try:
            wait_for(
                lambda: CrawlJob.objects.get(pk=job.pk).status == CrawlJob.Status.FAILED,
                timeout=90,
                what="the crawl to be stopped",
            )
        except AssertionError:
            print(worker_log(tmp_path))
            raise
        job.refresh_from_db()
        assert "took longer than 3 seconds" in job.error
        assert (
            job.finished_at
            and job.started_at
            and (job.finished_at - job.started_at).total_seconds() < 10
        )
    finally:
        stop_worker(worker)
        sender.close()
        server.stop()
