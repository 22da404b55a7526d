"""A detect worker's screening index stays bounded: deleted messages are swept out and at most
DETECT_INDEX_MAX_MESSAGES messages (the newest) are kept (issue 16, item 4)."""

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
