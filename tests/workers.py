"""Real Celery worker processes for tests: started on the test database, stopped cleanly.

Used by the Celery, pipeline end-to-end and fault tests. The worker opens the same database as
the test process (the SQLite test file or the PostgreSQL test database).
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.db import connection
from timetravel import python_command

ROOT = Path(settings.BASE_DIR)


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


def filesystem_broker_options(var_dir: Path) -> dict[str, str]:
    """The embedded broker's folders under a worker's OSNGUARD_VAR_DIR (created here)."""
    celery_dir = var_dir / "celery"
    for folder in ("in", "processed", "control"):
        (celery_dir / folder).mkdir(parents=True, exist_ok=True)
    return {
        "data_folder_in": str(celery_dir / "in"),
        "data_folder_out": str(celery_dir / "in"),
        "processed_folder": str(celery_dir / "processed"),
        "store_processed": False,
        "control_folder": str(celery_dir / "control"),
    }


def start_worker(
    tmp_path: Path,
    queues: str,
    env_extra: dict[str, str],
    *,
    name: str = "worker",
    pool: str = "solo",
    concurrency: int = 1,
) -> subprocess.Popen:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"REDIS_URL", "DATABASE_URL", "OSNGUARD_VAR_DIR"}
    }
    env.update(
        {
            "DATABASE_URL": test_database_url(),
            "OSNGUARD_VAR_DIR": str(tmp_path / "worker-var"),
            "DJANGO_SETTINGS_MODULE": "osnguard.settings",
            # loading the engine takes seconds a worker test rarely needs; one test turns it on
            "ENGINE_PRELOAD": "0",
            **env_extra,
        }
    )
    log = open(tmp_path / f"{name}.log", "a")
    # in a shifted-date run (OSNGUARD_TEST_NOW) the worker travels to the test process's time
    command = python_command(
        [
            "-m",
            "celery",
            "-A",
            "osnguard.celery",
            "worker",
            "-Q",
            queues,
            "--pool",
            pool,
            "--concurrency",
            str(concurrency),
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "-n",
            f"{name}-{os.getpid()}@%h",
            "--loglevel",
            "INFO",
        ],
        env,
    )
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def stop_worker(worker: subprocess.Popen, *, kill: bool = False) -> None:
    if worker.poll() is not None:
        return
    worker.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
    try:
        worker.wait(timeout=20)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()


def wait_for(
    condition: Callable[[], bool], *, timeout: float, interval: float = 0.3, what: str = "condition"
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")


def worker_log(tmp_path: Path, name: str = "worker") -> str:
    path = tmp_path / f"{name}.log"
    return path.read_text()[-6000:] if path.exists() else ""
