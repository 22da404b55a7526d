"""Handing "How recognisable is your writing" computations to the Celery workers, by task name.

`services` queues here instead of importing `tasks` (whose tasks call `services`), so the imports
stay one-way (tasks → services → dispatch), as in `disclosures.dispatch`.
"""

from __future__ import annotations

from osnguard.celery import app as celery_app

WRITING_EXPOSURE_TASK = "osnguard.posts.tasks.writing_exposure_refresh_task"


def writing_exposure_send(*, user_id: int) -> None:
    """Queue a refresh of `user_id`'s writing exposure; raises what the broker raises when the
    queue is unreachable (tried once)."""
    if celery_app.conf.task_always_eager and WRITING_EXPOSURE_TASK not in celery_app.tasks:
        celery_app.loader.import_default_modules()
    celery_app.signature(WRITING_EXPOSURE_TASK, args=[user_id]).apply_async(retry=False)
