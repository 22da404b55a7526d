"""App configuration for core: it also has every Celery worker process load the privacy engine
when it starts (core/preload.py)."""

from typing import Any

from django.apps import AppConfig


def _engine_preload(**_: Any) -> None:
    from osnguard.core.preload import engine_preload

    engine_preload()


class CoreConfig(AppConfig):
    name = "osnguard.core"
    label = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        # every pool process: prefork children, or the solo pool's one process
        from celery.signals import worker_process_init

        worker_process_init.connect(_engine_preload, weak=False, dispatch_uid="engine-preload")
