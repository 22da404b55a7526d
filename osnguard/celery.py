"""The Celery application: configuration comes from Django settings (`CELERY_*`); each worker
process loads the privacy engine when it starts (core/preload.py)."""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "osnguard.settings")

app = Celery("osnguard")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _engine_preload(**_: Any) -> None:
    """Every pool process (prefork children, or the solo pool's one process) loads the engine."""
    from osnguard.core.preload import engine_preload

    engine_preload()
