"""Crawl service: run one crawl job of one source and store the new candidate documents.

Fetching goes through the guarded client (SSRF guard, robots.txt, limits, conditional requests).
Documents are stored once per content hash, so re-crawls and copies never duplicate. Transient
failures raise `CrawlRetry` for the Celery task to retry with backoff; permanent ones fail the job.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import quote, urlsplit

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from osnguard.posts.models import Message
from osnguard.privacy.resources import load_once

from .crawler.extract import CandidateDocument as ExtractedDocument
from .crawler.extract import MalformedContent, content_hash, extract_documents
from .crawler.guard import AddressPolicy
from .crawler.http import FetchError, FetchLimits, GuardedClient
from .crawler.robots import RobotsCache
from .models import CandidateDocument, CrawlJob, Source, SourceError
from .notifications import notification_source_failing

log = logging.getLogger(__name__)

MASTODON_PAGE_SIZE = 40
FAILURES_BEFORE_NOTIFYING = 3


class CrawlRetry(Exception):
    """A transient failure: the task should try again later."""


@load_once
def crawler_client() -> GuardedClient:
    return GuardedClient(
        policy=AddressPolicy.from_strings(settings.CRAWLER_ALLOWED_NETWORKS),
        limits=FetchLimits(
            connect_timeout=settings.CRAWLER_CONNECT_TIMEOUT,
            read_timeout=settings.CRAWLER_READ_TIMEOUT,
            deadline=settings.CRAWLER_DEADLINE,
            max_bytes=settings.CRAWLER_MAX_BYTES,
        ),
    )


@load_once
def robots_cache() -> RobotsCache:
    return RobotsCache(crawler_client())


def source_fetch_url(*, source: Source) -> tuple[str, str]:
    """The URL to fetch for a source and the extractor kind for its answer."""
    if source.kind == Source.Kind.FEED:
        return source.url, "feed"
    if source.kind == Source.Kind.PAGE:
        return source.url, "page"
    parts = urlsplit(source.url)
    base = f"{parts.scheme}://{parts.netloc}"
    if source.kind == Source.Kind.MASTODON_PUBLIC:
        return f"{base}/api/v1/timelines/public?limit={MASTODON_PAGE_SIZE}", "mastodon"
    if source.kind == Source.Kind.MASTODON_TAG:
        tag = quote(source.hashtag.lstrip("#"), safe="")
        return f"{base}/api/v1/timelines/tag/{tag}?limit={MASTODON_PAGE_SIZE}", "mastodon"
    raise ValueError(f"source kind {source.kind} is not fetched over HTTP")


@dataclass
class CrawlOutcome:
    job: CrawlJob
    new_document_ids: list[int]


def _osnguard_public_documents() -> list[ExtractedDocument]:
    """Public posts on osnguard itself: the texts anyone can see without being a friend."""
    rows = Message.objects.filter(audience=Message.Audience.PUBLIC).order_by("-created_at")[:500]
    return [
        ExtractedDocument(url=f"/posts/public/{m.pk}/", text=m.text, external_id=str(m.pk))
        for m in rows
    ]


def document_store_many(
    *, source: Source, job: CrawlJob, documents: list[ExtractedDocument]
) -> list[int]:
    """Store documents not seen before (by content hash); return the ids of the new ones."""
    new_ids = []
    for document in documents:
        digest = content_hash(document.text)
        if CandidateDocument.objects.filter(content_hash=digest).exists():
            continue
        try:
            with transaction.atomic():
                row = CandidateDocument.objects.create(
                    source=source,
                    crawl_job=job,
                    url=document.url[:2000],
                    title=document.title[:300],
                    text=document.text,
                    content_hash=digest,
                    published_at=document.published,
                )
        except IntegrityError:  # another worker stored the same text just now
            continue
        new_ids.append(row.pk)
    return new_ids


def _record_failure(
    *, source: Source, job: CrawlJob, message: str, transient: bool, final: bool
) -> None:
    now = timezone.now()
    SourceError.objects.create(source=source, message=message[:2000], transient=transient)
    Source.objects.filter(pk=source.pk).update(
        last_status=Source.Status.RETRYING if transient and not final else Source.Status.ERROR,
        last_error=message[:2000],
        last_crawled_at=now,
        consecutive_failures=F("consecutive_failures") + 1,
        next_crawl_at=now + timedelta(minutes=source.interval_minutes),
    )
    if final:
        CrawlJob.objects.filter(pk=job.pk).update(
            status=CrawlJob.Status.FAILED, error=message[:2000], finished_at=now
        )
    else:
        CrawlJob.objects.filter(pk=job.pk).update(error=message[:2000])
    source.refresh_from_db()
    if source.consecutive_failures >= FAILURES_BEFORE_NOTIFYING and source.owner_id:
        notification_source_failing(source=source)


def crawl_job_time_out(*, job_id: int, seconds: float) -> CrawlJob:
    """Fail a crawl the worker stopped at its time limit; the source is crawled again at its
    next interval. Safe to call for a job that already finished (nothing changes)."""
    job = CrawlJob.objects.select_related("source").get(pk=job_id)
    fetching = job.status == CrawlJob.Status.QUEUED or (
        job.status == CrawlJob.Status.RUNNING and not job.new_documents
    )
    if fetching:  # a job whose documents are stored and being screened is left to finish
        message = f"The crawl took longer than {seconds:g} seconds and was stopped; it will be tried again later."
        _record_failure(source=job.source, job=job, message=message, transient=True, final=True)
        job.refresh_from_db()
    return job


def crawl_run(*, job_id: int, final_attempt: bool = True) -> CrawlOutcome:
    """Run a crawl job. Re-running a finished job does nothing; documents never duplicate."""
    job = CrawlJob.objects.select_related("source").get(pk=job_id)
    if job.status in (CrawlJob.Status.DONE, CrawlJob.Status.FAILED):
        return CrawlOutcome(job, [])
    source = job.source
    CrawlJob.objects.filter(pk=job.pk).update(
        status=CrawlJob.Status.RUNNING, started_at=timezone.now()
    )
    etag, last_modified = source.etag, source.last_modified
    try:
        if source.kind == Source.Kind.OSNGUARD_PUBLIC:
            documents, result = _osnguard_public_documents(), None
        else:
            url, kind = source_fetch_url(source=source)
            if not robots_cache().allowed(url):
                raise FetchError(
                    f"robots.txt of {urlsplit(url).netloc} disallows {url}", transient=False
                )
            result = crawler_client().get(url, etag=etag, last_modified=last_modified)
            documents = [] if result.not_modified else extract_documents(result, kind)
    except FetchError as exc:
        _record_failure(
            source=source,
            job=job,
            message=str(exc),
            transient=exc.transient,
            final=final_attempt or not exc.transient,
        )
        if exc.transient and not final_attempt:
            raise CrawlRetry(str(exc)) from exc
        job.refresh_from_db()
        return CrawlOutcome(job, [])
    except (MalformedContent, ValueError) as exc:
        _record_failure(source=source, job=job, message=str(exc), transient=False, final=True)
        job.refresh_from_db()
        return CrawlOutcome(job, [])
    document_store_many(source=source, job=job, documents=documents)
    # Everything this job stored and nobody screened yet, including what an earlier, interrupted
    # run of the same job stored before its worker died.
    pending = list(
        CandidateDocument.objects.filter(crawl_job=job, screened_at__isnull=True).values_list(
            "id", flat=True
        )
    )
    stored_by_job = CandidateDocument.objects.filter(crawl_job=job).count()
    now = timezone.now()
    updates = {
        "last_status": Source.Status.NOT_MODIFIED
        if result is not None and result.not_modified
        else Source.Status.OK,
        "last_error": "",
        "last_crawled_at": now,
        "consecutive_failures": 0,
        "next_crawl_at": now + timedelta(minutes=source.interval_minutes),
    }
    if result is not None and not result.not_modified:
        updates.update(etag=result.etag[:500], last_modified=result.last_modified[:100])
    Source.objects.filter(pk=source.pk).update(**updates)
    CrawlJob.objects.filter(pk=job.pk).update(
        status=CrawlJob.Status.RUNNING if pending else CrawlJob.Status.DONE,
        fetched=len(documents),
        new_documents=stored_by_job,
        error="",
        finished_at=None if pending else now,
    )
    job.refresh_from_db()
    return CrawlOutcome(job, pending)
