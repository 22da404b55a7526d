"""The level-suggestion task runs in a real Celery worker process, not eagerly: once over real
Redis and once over the embedded filesystem broker (the worker gets its own OSNGUARD_VAR_DIR and
the test sends into the same broker folder). The worker opens the test database itself."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from celery import Celery
from django.conf import settings
from django.db import connection
from factories import UserFactory, add_interactions, make_friends

from osnguard.circles.models import Friendship

ROOT = Path(settings.BASE_DIR)
TASK = "osnguard.circles.tasks.circle_suggest_levels"
RESULT_TIMEOUT = 60


def test_database_url() -> str:
    """A DATABASE_URL for the database this test process uses (SQLite file or PostgreSQL)."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    auth = quote(db["USER"] or "")
    if db.get("PASSWORD"):
        auth += ":" + quote(db["PASSWORD"])
    return f"postgres://{auth}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


test_database_url.__test__ = False  # a helper, not a test


def start_worker(tmp_path: Path, queue: str, env_extra: dict[str, str]) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL", "OSNGUARD_VAR_DIR"}}
    env.update({"DATABASE_URL": test_database_url(), "OSNGUARD_VAR_DIR": str(tmp_path / "worker-var"),
                "DJANGO_SETTINGS_MODULE": "osnguard.settings", **env_extra})
    log = open(tmp_path / "worker.log", "w")
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "osnguard.celery", "worker", "-Q", queue, "--pool", "solo",
         "--without-heartbeat", "--without-gossip", "--without-mingle", "-n", f"{queue}@%h", "--loglevel", "INFO"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )


def stop_worker(worker: subprocess.Popen) -> None:
    worker.send_signal(signal.SIGTERM)
    try:
        worker.wait(timeout=15)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


@pytest.fixture
def friends_with_interactions(transactional_db):
    """Adam with three friends he interacts with 9, 3 and 0 times (committed, so the worker sees them)."""
    adam = UserFactory(username="adam")
    friends = [UserFactory() for _ in range(3)]
    for friend, count in zip(friends, (9, 3, 0)):
        make_friends(adam, friend)
        add_interactions(adam, friend, count)
    return adam, friends


def run_task_through_worker(tmp_path: Path, sender: Celery, queue: str, env_extra: dict[str, str], user_id: int) -> dict:
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
    assert summary["ok"] is True and summary["friends"] == 3
    assert [summary["levels"][str(f.pk)] for f in friends] == [0, 3, 4]
    stored = dict(Friendship.objects.filter(owner=adam).values_list("friend_id", "suggested_level"))
    assert [stored[f.pk] for f in friends] == [0, 3, 4]


@pytest.mark.redis
@pytest.mark.slow
def test_suggestion_task_runs_in_a_worker_over_redis(redis_url, tmp_path, friends_with_interactions):
    adam, friends = friends_with_interactions
    queue = f"test-{uuid.uuid4().hex[:10]}"  # a queue of our own on a shared Redis
    sender = Celery("test-sender", broker=redis_url, backend=redis_url)
    summary = run_task_through_worker(tmp_path, sender, queue, {"REDIS_URL": redis_url}, adam.pk)
    check_result(summary, adam, friends)


@pytest.mark.slow
def test_suggestion_task_runs_in_a_worker_over_the_filesystem_broker(tmp_path, friends_with_interactions):
    adam, friends = friends_with_interactions
    celery_dir = tmp_path / "worker-var" / "celery"
    for folder in ("in", "processed", "control"):
        (celery_dir / folder).mkdir(parents=True, exist_ok=True)
    sender = Celery("test-sender", broker="filesystem://", backend=f"db+sqlite:///{celery_dir / 'results.sqlite3'}")
    sender.conf.broker_transport_options = {
        "data_folder_in": str(celery_dir / "in"), "data_folder_out": str(celery_dir / "in"),
        "processed_folder": str(celery_dir / "processed"), "store_processed": False,
        "control_folder": str(celery_dir / "control"),
    }
    summary = run_task_through_worker(tmp_path, sender, "default", {}, adam.pk)
    check_result(summary, adam, friends)


def test_task_reports_unknown_user(db):
    from osnguard.circles.tasks import circle_suggest_levels

    assert circle_suggest_levels.run(987654) == {"user_id": 987654, "ok": False, "error": "unknown user"}
