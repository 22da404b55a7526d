"""The Celery application: configuration comes from Django settings (`CELERY_*`). Each worker
process loads the privacy engine when it starts (core/preload.py, connected in core/apps.py)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "osnguard.settings")

app = Celery("osnguard")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
