"""`manage.py crawl SOURCE_ID`: crawl a source now and screen what it finds.

By default it runs in this process and prints the crawl's progress; `--queue` hands it to the
Celery workers instead (the crawl and detect queues).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from osnguard.disclosures.crawling import crawl_run
from osnguard.disclosures.detection import document_detect
from osnguard.disclosures.models import CrawlJob, Source
from osnguard.disclosures.services import crawl_job_request


class Command(BaseCommand):
    help = "Crawl a source now and report documents fetched, screened and matched."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("source_id", type=int)
        parser.add_argument(
            "--queue", action="store_true", help="send to the Celery workers instead"
        )

    def handle(self, *args: str, source_id: int, queue: bool, **options: Any) -> None:
        source = Source.objects.filter(pk=source_id).first()
        if source is None:
            raise CommandError(f"no source {source_id}")
        if queue:
            job = crawl_job_request(source=source)
            self.stdout.write(f"crawl {job.pk} queued for {source.name}")
            return
        job = CrawlJob.objects.create(source=source)
        outcome = crawl_run(job_id=job.pk)
        self.stdout.write(
            f"crawl {job.pk}: fetched {outcome.job.fetched}, {len(outcome.new_document_ids)} new"
        )
        for number, document_id in enumerate(outcome.new_document_ids, 1):
            for disclosure in document_detect(document_id=document_id):
                who = (
                    disclosure.suspect.username
                    if disclosure.suspect
                    else disclosure.suspect_group or "undetermined"
                )
                self.stdout.write(
                    f"  disclosure {disclosure.pk}: message {disclosure.message_id}, suspect {who}"
                )
            self.stdout.write(f"  screened {number}/{len(outcome.new_document_ids)}")
        job.refresh_from_db()
        self.stdout.write(
            f"crawl {job.pk}: {job.get_status_display()}, {job.matched} matched"
            + (f" — {job.error}" if job.error else "")
        )
