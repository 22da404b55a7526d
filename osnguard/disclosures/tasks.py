"""Celery tasks for crawling and detection; thin wrappers around the services.

Crawl tasks run on the `crawl` queue, detection on `detect` (see CELERY_TASK_ROUTES), or with
DETECT_SHARDS > 1 once per shard on `detect-<shard>` (disclosures/detection.py). Tasks are
acks_late and idempotent: a redelivered task never duplicates documents or disclosures. Their
outcome is in the database (crawl jobs, disclosures), so they keep no Celery result.

A crawl task has Celery time limits (CRAWL_TASK_SOFT_TIME_LIMIT, CRAWL_TASK_TIME_LIMIT; enforced by
the prefork pool): at the soft limit the crawl is recorded as failed, at the hard limit the worker
child is killed. The crawler's own deadline (CRAWLER_DEADLINE per fetch) normally ends it first.
"""

from __future__ import annotations

from celery import Task, shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import OperationalError

from . import notifications
from .crawling import CrawlRetry, crawl_job_time_out, crawl_run
from .detection import detection_shards, document_detect, shard_queue
from .services import crawl_jobs_for_due_sources, crawl_jobs_requeue_stuck

MAX_CRAWL_RETRIES = 5
# A busy database (SQLite's "database is locked", a PostgreSQL failover) is worth waiting for.
RETRY_ON = (OperationalError,)


# The time limits are floats (settings), which Celery takes; its stubs type them as int.
@shared_task(  # type: ignore[call-overload]
    bind=True,
    acks_late=True,
    ignore_result=True,
    max_retries=MAX_CRAWL_RETRIES,
    autoretry_for=RETRY_ON,
    retry_backoff=2,
    retry_jitter=True,
    soft_time_limit=settings.CRAWL_TASK_SOFT_TIME_LIMIT,
    time_limit=settings.CRAWL_TASK_TIME_LIMIT,
)
def crawl_source(self: Task, job_id: int) -> dict:
    try:
        outcome = crawl_run(job_id=job_id, final_attempt=self.request.retries >= MAX_CRAWL_RETRIES)
    except CrawlRetry as exc:
        raise self.retry(exc=exc, countdown=min(600, 15 * 2**self.request.retries)) from exc
    except SoftTimeLimitExceeded:
        job = crawl_job_time_out(
            job_id=job_id, seconds=self.soft_time_limit or settings.CRAWL_TASK_SOFT_TIME_LIMIT
        )
        return {"job": job_id, "status": job.status, "documents": 0}
    for document_id in outcome.new_document_ids:
        detect_everywhere(document_id)
    return {"job": job_id, "status": outcome.job.status, "documents": len(outcome.new_document_ids)}


@shared_task(
    acks_late=True,
    ignore_result=True,
    autoretry_for=RETRY_ON,
    retry_backoff=2,
    retry_jitter=True,
    max_retries=8,
)
def detect_document(document_id: int, shard: int = 0) -> dict:
    found = document_detect(document_id=document_id, shard=shard)
    return {"document": document_id, "shard": shard, "disclosures": [d.pk for d in found]}


def detect_everywhere(document_id: int) -> None:
    """Send a document to every detection shard's queue (one without sharding)."""
    for shard in detection_shards():
        detect_document.apply_async((document_id, shard), queue=shard_queue(shard))


@shared_task(ignore_result=True)
def crawl_due_sources() -> list[int]:
    return [job.pk for job in crawl_jobs_for_due_sources()]


@shared_task(ignore_result=True)
def crawl_requeue_stuck() -> list[int]:
    return crawl_jobs_requeue_stuck()


@shared_task(ignore_result=True)
def notification_send_digests() -> int:
    """Once a day (Celery beat): the digest e-mail of each user who chose it."""
    return notifications.notification_send_digests()
