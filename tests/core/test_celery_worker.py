"""The level-suggestion task runs in a real Celery worker process, not eagerly: once over real
Redis and once over the embedded filesystem broker (the worker gets its own OSNGUARD_VAR_DIR and
the test sends into the same broker folder). The worker opens the test database itself; the
filesystem one also loads the privacy engine when it starts, as workers do by default."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from celery import Celery
from factories import UserFactory, add_interactions, make_friends
from workers import filesystem_broker_options, start_worker, stop_worker

from osnguard.circles.models import Friendship

TASK = "osnguard.circles.tasks.circle_suggest_levels"
RESULT_TIMEOUT = 60


@pytest.fixture
def friends_with_interactions(transactional_db):
    """Adam with three friends he interacts with 9, 3 and 0 times (committed, so the worker sees them)."""
    adam = UserFactory(username="adam")
    friends = [UserFactory() for _ in range(7)]
    for friend, count in zip(friends, (30, 12, 9, 7, 6, 2, 0)):
        make_friends(adam, friend)
        add_interactions(adam, friend, count)
    return adam, friends


def run_task_through_worker(
    tmp_path: Path, sender: Celery, queue: str, env_extra: dict[str, str], user_id: int
) -> dict:
    worker = start_worker(tmp_path, queue, env_extra)
    try:
        result = sender.send_task(TASK, args=[user_id], queue=queue)
        try:
            return result.get(timeout=RESULT_TIMEOUT)
        except Exception:
            print((tmp_path / "worker.log").read_text()[-4000:])
            raise
    finally:
        stop_worker(worker)
        sender.close()


def check_result(summary: dict, adam, friends) -> None:
    expected = [0, 2, 3, 3, 3, None, None]  # under 5 interactions: no suggestion
    assert summary["ok"] is True and summary["friends"] == 7
    assert [summary["levels"][str(f.pk)] for f in friends] == expected
    stored = dict(Friendship.objects.filter(owner=adam).values_list("friend_id", "suggested_level"))
    assert [stored[f.pk] for f in friends] == expected


@pytest.mark.redis
@pytest.mark.slow
def test_suggestion_task_runs_in_a_worker_over_redis(
    redis_url, tmp_path, friends_with_interactions
):
    adam, friends = friends_with_interactions
    queue = f"test-{uuid.uuid4().hex[:10]}"  # a queue of our own on a shared Redis
    sender = Celery("test-sender", broker=redis_url, backend=redis_url)
    summary = run_task_through_worker(tmp_path, sender, queue, {"REDIS_URL": redis_url}, adam.pk)
    check_result(summary, adam, friends)


@pytest.mark.slow
def test_suggestion_task_runs_in_a_worker_over_the_filesystem_broker(
    tmp_path, friends_with_interactions
):
    adam, friends = friends_with_interactions
    options = filesystem_broker_options(tmp_path / "worker-var")
    results = tmp_path / "worker-var" / "celery" / "results.sqlite3"
    sender = Celery("test-sender", broker="filesystem://", backend=f"db+sqlite:///{results}")
    sender.conf.broker_transport_options = options
    summary = run_task_through_worker(tmp_path, sender, "default", {"ENGINE_PRELOAD": "1"}, adam.pk)
    check_result(summary, adam, friends)
    # the worker loaded the privacy engine when it started (core/preload.py)
    assert "privacy engine loaded" in (tmp_path / "worker.log").read_text()


def test_task_reports_unknown_user(db):
    from osnguard.circles.tasks import circle_suggest_levels

    assert circle_suggest_levels.run(987654) == {
        "user_id": 987654,
        "ok": False,
        "error": "unknown user",
    }


def test_nightly_task_queues_one_recompute_per_user_with_interactions(db, monkeypatch, settings):
    from osnguard.circles import tasks

    adam, bob, carol = UserFactory(), UserFactory(), UserFactory()
    make_friends(adam, bob)
    make_friends(carol, bob)
    add_interactions(adam, bob, 2)
    queued = []
    monkeypatch.setattr(tasks.circle_suggest_levels, "delay", queued.append)
    assert tasks.circle_suggest_levels_all.run() == 1 and queued == [adam.pk]
    assert (
        settings.CELERY_BEAT_SCHEDULE["circles-suggest-levels"]["task"]
        == tasks.circle_suggest_levels_all.name
    )
