"""Detection service: screen a candidate document against every stored message, run the
paraphrase detector and attribution on the shortlist, and record disclosures once each.

The screening index lives in each worker process and is topped up with messages posted since it
was built, so a new message is screened for from the next document on. It forgets deleted
messages (a sweep at most every DETECT_SWEEP_SECONDS) and holds at most DETECT_INDEX_MAX_MESSAGES
messages, the newest: past that, the oldest are no longer screened and the worker logs it. The
cache of analysed messages holds DETECT_PREPARED_CACHE_SIZE.

Sharding (docs/scaling.md): with DETECT_SHARDS > 1 the stored messages are split by author (author
id modulo the shard count); every document is screened once per shard (`detection_shards`,
`shard_queue`), each worker indexing only its shard's messages, and a document counts as
screened once every shard has screened it (one bit per shard in `screened_shards`).
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Hashable
from functools import lru_cache

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.db.models.functions import Mod
from django.utils import timezone

from osnguard.posts.models import Message, Version
from osnguard.posts.selectors import fingerprint_versions_for_message
from osnguard.privacy.attribution import (
    Attribution,
    PreparedMessage,
    attribute_many,
    leak_support,
    prepare,
)
from osnguard.privacy.fingerprinting import strip_invisible
from osnguard.privacy.retrieval import ScreeningIndex

from .models import CandidateDocument, CrawlJob, Disclosure
from .notifications import notification_for_disclosure

EXCERPT_CHARS = 600
# the recipients a disclosure records support for (the most supported): every one that a leak
# supports at all, for tracing's coincidence chance, up to this many
SUPPORT_KEPT = 1000
INDEX_BATCH = 500
SWEEP_BATCH = 5000

log = logging.getLogger(__name__)


def detection_shards() -> list[int]:
    """The shards every crawled document is screened by (0 alone without sharding)."""
    return list(range(settings.DETECT_SHARDS))


def shard_queue(shard: int) -> str:
    """The Celery queue of a shard's detect workers ("detect" without sharding)."""
    return "detect" if settings.DETECT_SHARDS == 1 else f"detect-{shard}"


def shard_messages(shard: int) -> QuerySet[Message]:
    """The friends-only messages a shard screens for."""
    messages = Message.objects.filter(audience=Message.Audience.FRIENDS)
    if settings.DETECT_SHARDS == 1:
        return messages
    return messages.alias(bucket=Mod("author_id", settings.DETECT_SHARDS)).filter(bucket=shard)


class _IndexHolder:
    def __init__(self, shard: int = 0) -> None:
        self.lock = threading.Lock()
        self.shard = shard
        self.index = ScreeningIndex()
        self.upto = 0  # highest message id indexed
        self.swept_at = time.monotonic()

    def refresh(self) -> ScreeningIndex:
        with self.lock:
            if time.monotonic() - self.swept_at >= settings.DETECT_SWEEP_SECONDS:
                self._sweep()
            while True:
                ids = list(
                    shard_messages(self.shard)
                    .filter(pk__gt=self.upto)
                    .order_by("pk")
                    .values_list("pk", flat=True)[:INDEX_BATCH]
                )
                if not ids:
                    self._trim()
                    return self.index
                texts: dict[int, list[str]] = {}
                for message_id, text in Version.objects.filter(message_id__in=ids).values_list(
                    "message_id", "text"
                ):
                    texts.setdefault(message_id, []).append(text)
                for message_id in ids:
                    if texts.get(message_id):
                        self.index.add(message_id, texts[message_id])
                self.upto = ids[-1]

    def _sweep(self) -> None:
        """Forget the messages deleted since the last sweep (and their analyses)."""
        indexed = [key for key in self.index.message_ids() if isinstance(key, int)]
        gone: list[int] = []
        for start in range(0, len(indexed), SWEEP_BATCH):
            chunk = indexed[start : start + SWEEP_BATCH]
            alive = set(Message.objects.filter(pk__in=chunk).values_list("pk", flat=True))
            gone += [key for key in chunk if key not in alive]
        for key in gone:
            self.index.remove(key)
        if gone:
            prepared_message.cache_clear()
        self.swept_at = time.monotonic()

    def _trim(self) -> None:
        """Keep the newest DETECT_INDEX_MAX_MESSAGES messages, saying so when older ones go."""
        excess = len(self.index) - settings.DETECT_INDEX_MAX_MESSAGES
        if excess <= 0:
            return
        for key in self.index.message_ids()[:excess]:
            self.index.remove(key)
        log.warning(
            "screening index full (%d messages): the %d oldest are no longer screened by this "
            "worker; shard detection (docs/scaling.md)",
            settings.DETECT_INDEX_MAX_MESSAGES,
            excess,
        )


_holders: dict[int, _IndexHolder] = {}
_holders_lock = threading.Lock()


def screening_index(shard: int = 0) -> ScreeningIndex:
    """This process's index of a shard's messages, topped up to now."""
    with _holders_lock:
        holder = _holders.setdefault(shard, _IndexHolder(shard))
    return holder.refresh()


def screening_index_reset() -> None:
    """Forget the process's indexes and analysed messages (tests; after bulk deletions)."""
    with _holders_lock:
        _holders.clear()
    prepared_message.cache_clear()


def _excerpt(text: str, result: Attribution) -> str:
    text = strip_invisible(text)  # evidence offsets are into the text without its invisible layer
    if result.evidence:
        start = max(0, min(e.start for e in result.evidence) - EXCERPT_CHARS // 3)
    else:
        start = 0
    excerpt = text[start : start + EXCERPT_CHARS]
    return ("…" if start else "") + excerpt + ("…" if start + EXCERPT_CHARS < len(text) else "")


def disclosure_record(
    *, message: Message, document: CandidateDocument, result: Attribution
) -> Disclosure:
    """Store the disclosure of `message` in `document` once, however often it is detected."""
    existing = Disclosure.objects.filter(message=message, document=document).first()
    if existing:
        return existing
    suspect_id = int(result.friend) if result.verdict == "friend" and result.friend else None
    suspect_version = (
        Version.objects.filter(message=message, recipient_id=suspect_id).first()
        if suspect_id
        else None
    )
    try:
        with transaction.atomic():
            return Disclosure.objects.create(
                owner_id=message.author_id,
                message=message,
                document=document,
                # Another user's source stays unnamed: the owner sees where the copy is, not whose
                # source found it (issue 11, finding 3).
                source=document.source
                if document.source and document.source.owner_id in (None, message.author_id)
                else None,
                source_url=document.url,
                excerpt=_excerpt(document.text, result),
                verdict=result.verdict
                if result.verdict in Disclosure.Verdict.values
                else Disclosure.Verdict.UNDETERMINED,
                suspect_id=suspect_id,
                suspect_version=suspect_version,
                suspect_group=(result.group or "")[:60],
                score=float(result.score),
                margin=float(result.margin) if math.isfinite(result.margin) else 0.0,
                evidence=[e.__dict__ for e in result.evidence],
                explanation=result.explanation,
                layers=[str(layer) for layer in result.layers],
                support={
                    friend: round(nats, 4)
                    for friend, nats in sorted(
                        leak_support(result, message.versions.count()).items(),
                        key=lambda item: -item[1],
                    )[:SUPPORT_KEPT]
                },
            )
    except IntegrityError:  # a concurrent worker recorded it first
        return Disclosure.objects.get(message=message, document=document)


@lru_cache(maxsize=settings.DETECT_PREPARED_CACHE_SIZE)
def prepared_message(message_id: int) -> PreparedMessage | None:
    """A message's versions analysed for attribution, cached per worker: versions never change
    after posting, and a leaked message tends to be screened for again and again."""
    versions = fingerprint_versions_for_message(message_id=message_id)
    return prepare(versions) if versions else None


def _message_ids(keys: list[Hashable]) -> list[int]:
    """The screening index's keys as message ids (it is keyed by the ids `refresh` adds)."""
    return [key for key in keys if isinstance(key, int)]


def document_detect(*, document_id: int, shard: int = 0) -> list[Disclosure]:
    """Screen one document for a shard's messages; record and notify every disclosure found.
    Safe to run again."""
    if not 0 <= shard < settings.DETECT_SHARDS:
        raise ValueError(f"shard {shard} is not one of the {settings.DETECT_SHARDS} shards")
    document = CandidateDocument.objects.select_related("source").get(pk=document_id)
    shortlist = _message_ids(screening_index(shard).shortlist(document.text))
    messages: dict[Hashable, Message] = {
        m.pk: m for m in Message.objects.filter(pk__in=shortlist, audience=Message.Audience.FRIENDS)
    }
    prepared: dict[Hashable, PreparedMessage] = {
        pk: p for pk in messages if (p := prepared_message(pk)) is not None
    }
    found: list[Disclosure] = []
    results = attribute_many(prepared, document.text) if prepared else {}
    for message_id, result in results.items():
        if not result.disclosure:
            continue
        disclosure = disclosure_record(
            message=messages[message_id], document=document, result=result
        )
        notification_for_disclosure(disclosure=disclosure)
        found.append(disclosure)
    _screened(document, shard, found)
    return found


def _screened(document: CandidateDocument, shard: int, found: list[Disclosure]) -> None:
    """Record that `shard` screened the document (once, however often it runs) and, when it was
    the last shard to, that the document is screened; count both on its crawl job."""
    bit = 1 << shard
    first_for_shard = (
        CandidateDocument.objects.filter(pk=document.pk)
        .alias(mine=F("screened_shards").bitand(bit))
        .filter(mine=0)
        .update(screened_shards=F("screened_shards").bitor(bit))
    )
    everyone = (1 << settings.DETECT_SHARDS) - 1
    now = timezone.now()
    completed = CandidateDocument.objects.filter(
        pk=document.pk, screened_at__isnull=True, screened_shards=everyone
    ).update(screened_at=now)
    if not document.crawl_job_id:
        return
    if first_for_shard:
        # A source owner learns only about their own messages: matches of other users' messages
        # are not counted on their crawl (a site-wide source counts every match, for operators).
        owner_id = document.source.owner_id if document.source else None
        own = [d for d in found if owner_id is None or d.owner_id == owner_id]
        if own:
            CrawlJob.objects.filter(pk=document.crawl_job_id).update(
                matched=F("matched") + len(own)
            )
    if completed:
        CrawlJob.objects.filter(pk=document.crawl_job_id).update(screened=F("screened") + 1)
        CrawlJob.objects.filter(
            pk=document.crawl_job_id,
            status=CrawlJob.Status.RUNNING,
            screened__gte=F("new_documents"),
        ).update(status=CrawlJob.Status.DONE, finished_at=now)
