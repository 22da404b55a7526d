"""Health checks behind `manage.py osnguard_doctor`: engine resources, database, migrations, Celery.

Each check says what is wrong and how to fix it; none of them raises.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor

from osnguard.celery import app
from osnguard.privacy import artifacts

SETUP_FIX = "run scripts/setup.sh (or `make setup`)"


@dataclass(frozen=True)
class DoctorCheck:
    name: str
    ok: bool
    detail: str
    fix: str = ""


def check_engine_resources() -> list[DoctorCheck]:
    """spaCy, WordNet, corpora and trained models, from osnguard.privacy.artifacts."""

    def fix(name: str) -> str:
        if name.startswith("model "):
            return f"run `.venv/bin/osnguard train {name.removeprefix('model ')}` (it reads ../shared/data)"
        return SETUP_FIX

    return [
        DoctorCheck(c.name, c.ok, c.detail, "" if c.ok else fix(c.name))
        for c in artifacts.check_resources()
    ]


def check_database() -> DoctorCheck:
    connection = connections[DEFAULT_DB_ALIAS]
    name = f"{connection.vendor} {connection.settings_dict.get('NAME')}"
    try:
        connection.ensure_connection()
        return DoctorCheck("database", True, name)
    except Exception as exc:
        fix = (
            "check DATABASE_URL (is the PostgreSQL server running?)"
            if connection.vendor == "postgresql"
            else "check that OSNGUARD_VAR_DIR is writable"
        )
        return DoctorCheck("database", False, f"{name}: {exc}", fix)


def check_migrations() -> DoctorCheck:
    try:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except Exception as exc:
        return DoctorCheck("migrations", False, str(exc), "fix the database connection first")
    if plan:
        names = ", ".join(f"{m.app_label}.{m.name}" for m, _ in plan[:5])
        return DoctorCheck(
            "migrations",
            False,
            f"{len(plan)} unapplied ({names}{'…' if len(plan) > 5 else ''})",
            "run `.venv/bin/python manage.py migrate`",
        )
    return DoctorCheck("migrations", True, "all applied")


def check_broker() -> DoctorCheck:
    """Can we connect to the Celery broker (Redis or the filesystem folders)?"""
    url = settings.CELERY_BROKER_URL
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=3)
        return DoctorCheck("celery broker", True, _safe_url(url))
    except Exception as exc:
        fix = (
            "start Redis or unset REDIS_URL to use the embedded filesystem broker"
            if settings.REDIS_URL
            else "check that OSNGUARD_VAR_DIR/celery is writable"
        )
        return DoctorCheck("celery broker", False, f"{_safe_url(url)}: {exc}", fix)


def check_workers(timeout: float = 2.0) -> DoctorCheck:
    """Is any Celery worker answering pings?"""
    try:
        replies = app.control.inspect(timeout=timeout).ping() or {}
    except Exception as exc:
        return DoctorCheck(
            "celery workers", False, str(exc), "start one: scripts/serve.sh starts a worker"
        )
    if not replies:
        return DoctorCheck(
            "celery workers",
            False,
            "no worker answered",
            "start one: `.venv/bin/celery -A osnguard.celery worker -Q default,crawl,detect`",
        )
    return DoctorCheck("celery workers", True, ", ".join(sorted(replies)))


def _safe_url(url: str) -> str:
    """The broker URL without a password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://***@{rest.split('@', 1)[1]}"
    return url


def run_checks(*, workers: bool = True) -> list[DoctorCheck]:
    checks = [*check_engine_resources(), check_database(), check_migrations(), check_broker()]
    if workers:
        checks.append(check_workers())
    return checks
