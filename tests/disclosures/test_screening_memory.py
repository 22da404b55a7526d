"""A detect worker's screening index stays bounded: deleted messages are swept out, at most
DETECT_INDEX_MAX_MESSAGES messages (the newest) are kept, and with DETECT_SHARDS each shard's
workers index only its authors' messages (issue 16, item 4)."""

from __future__ import annotations

import logging

import pytest

from osnguard.disclosures.detection import screening_index, screening_index_reset

from .fixtures import befriend, make_user, post_fingerprinted

pytestmark = pytest.mark.django_db


@pytest.fixture
def posted():
    screening_index_reset()
    author = make_user("index_author")
    friends = [make_user(f"index_friend{i}") for i in range(6)]
    for friend in friends:
        befriend(author, friend)
    messages = [post_fingerprinted(author, friends) for _ in range(4)]
    yield messages
    screening_index_reset()


def test_deleted_messages_leave_the_index_at_the_next_sweep(posted, settings) -> None:
    assert set(screening_index().message_ids()) == {m.pk for m in posted}
    deleted = posted[1].pk
    posted[1].delete()
    settings.DETECT_SWEEP_SECONDS = 3600
    assert deleted in screening_index()  # not swept yet
    settings.DETECT_SWEEP_SECONDS = 0
    assert set(screening_index().message_ids()) == {posted[0].pk, posted[2].pk, posted[3].pk}


def test_the_index_keeps_the_newest_messages_up_to_its_ceiling(posted, settings, caplog) -> None:
    settings.DETECT_INDEX_MAX_MESSAGES = 3
    with caplog.at_level(logging.WARNING, logger="osnguard.disclosures.detection"):
        index = screening_index()
    assert index.message_ids() == [m.pk for m in posted[1:]]
    assert "the 1 oldest are no longer screened" in caplog.text


def test_shards_split_messages_by_author_and_a_document_waits_for_every_shard(
    settings, monkeypatch
) -> None:
    from osnguard.disclosures import tasks
    from osnguard.disclosures.detection import document_detect, shard_queue
    from osnguard.disclosures.models import CandidateDocument

    from .fixtures import realise

    screening_index_reset()
    settings.DETECT_SHARDS = 2
    authors = [make_user("shard_author0"), make_user("shard_author1")]
    by_shard = {a.pk % 2: a for a in authors}
    assert set(by_shard) == {0, 1}  # consecutive ids: one author per shard
    friends = [make_user(f"shard_friend{i}") for i in range(6)]
    messages = {}
    for shard, author in by_shard.items():
        for friend in friends:
            befriend(author, friend)
        messages[shard] = post_fingerprinted(author, friends)
    assert screening_index(0).message_ids() == [messages[0].pk]
    assert screening_index(1).message_ids() == [messages[1].pk]
    assert [shard_queue(s) for s in (0, 1)] == ["detect-0", "detect-1"]

    leak = realise((1, 2, 0))[0]  # the second friend's version of both messages
    document = CandidateDocument.objects.create(
        url="http://copies.example/shards", text=leak, content_hash="s".ljust(64, "0")
    )
    found = document_detect(document_id=document.pk, shard=1)
    assert [d.message_id for d in found] == [messages[1].pk]
    document.refresh_from_db()
    assert document.screened_at is None and document.screened_shards == 0b10
    found = document_detect(document_id=document.pk, shard=0)
    assert [d.message_id for d in found] == [messages[0].pk]
    document.refresh_from_db()
    assert document.screened_at is not None and document.screened_shards == 0b11
    with pytest.raises(ValueError, match="not one of the 2 shards"):
        document_detect(document_id=document.pk, shard=2)

    sent = []
    monkeypatch.setattr(
        tasks.detect_document, "apply_async", lambda args, queue: sent.append((args, queue))
    )
    tasks.detect_everywhere(document.pk)
    assert sent == [((document.pk, 0), "detect-0"), ((document.pk, 1), "detect-1")]
    screening_index_reset()
