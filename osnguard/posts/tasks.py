"""Celery tasks for posts: refresh a user's "How recognisable is your writing" (on request,
and daily for results older than a day)."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model

from osnguard.celery import app

from .models import WritingExposure
from .selectors import writing_exposures_stale
from .services import writing_exposure_refresh


@app.task(name="osnguard.posts.tasks.writing_exposure_refresh_task", ignore_result=True)
def writing_exposure_refresh_task(user_id: int) -> str:
    """Recompute one user's writing exposure; a failure is recorded for the profile page."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return "unknown user"
    try:
        return writing_exposure_refresh(user=user).status
    except Exception:
        WritingExposure.objects.filter(user=user).update(status=WritingExposure.Status.FAILED)
        raise


@app.task(name="osnguard.posts.tasks.writing_exposures_refresh_stale", ignore_result=True)
def writing_exposures_refresh_stale() -> int:
    """Queue a refresh of every writing exposure computed more than a day ago (daily, beat)."""
    stale = writing_exposures_stale(older_than=timedelta(days=1))
    for user_id in stale:
        writing_exposure_refresh_task.delay(user_id)
    return len(stale)
