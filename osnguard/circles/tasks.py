"""Celery tasks for circles: recompute friends' suggested privacy levels in the background."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from osnguard.celery import app

from .models import Interaction
from .services import circle_suggest_level


@app.task(name="osnguard.circles.tasks.circle_suggest_levels")
def circle_suggest_levels(user_id: int) -> dict[str, object]:
    """Recompute one user's level suggestions; returns a summary (unknown users are reported)."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return {"user_id": user_id, "ok": False, "error": "unknown user"}
    suggestions = circle_suggest_level(owner=user)
    return {
        "user_id": user_id,
        "ok": True,
        "friends": len(suggestions),
        "suggested": sum(s.suggested_level is not None for s in suggestions),
        "levels": {str(s.friend_id): s.suggested_level for s in suggestions},
    }


@app.task(name="osnguard.circles.tasks.circle_suggest_levels_all")
def circle_suggest_levels_all() -> int:
    """Queue a recompute for every user who recorded an interaction; returns how many were queued."""
    user_ids = Interaction.objects.order_by().values_list("owner_id", flat=True).distinct()
    count = 0
    for user_id in user_ids:
        circle_suggest_levels.delay(user_id)
        count += 1
    return count
