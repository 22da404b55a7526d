"""Handing crawl jobs to the Celery workers, by task name.

`services` queues crawls here instead of importing `tasks`, whose periodic tasks call `services`:
naming the task keeps the imports one-way (tasks → services → dispatch). Where the task is
registered (in a worker, or wherever `tasks` was imported) it is sent through its own
`apply_async`, so CELERY_TASK_ALWAYS_EAGER still runs it in-process; elsewhere (the web app) the
message is sent by name, and CELERY_TASK_ROUTES routes it to the crawl queue all the same.
"""

from __future__ import annotations

from osnguard.celery import app as celery_app

CRAWL_SOURCE_TASK = "osnguard.disclosures.tasks.crawl_source"


def crawl_source_send(*, job_id: int) -> None:
    """Queue crawl job `job_id` for the crawl workers. Raises what the broker connection raises
    when the queue is unreachable: it is tried once, without Celery's publish retries."""
    if celery_app.conf.task_always_eager and CRAWL_SOURCE_TASK not in celery_app.tasks:
        # Debugging mode runs tasks in this process: load the task modules as a worker does.
        celery_app.loader.import_default_modules()
    celery_app.signature(CRAWL_SOURCE_TASK, args=[job_id]).apply_async(retry=False)
