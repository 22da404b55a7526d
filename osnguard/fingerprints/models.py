"""The fingerprint of one version: the choices (slot, kind, original, text, start, end) that make
it distinct. Never serialised to recipients; attribution reads it to trace a leak.
"""

from __future__ import annotations

from django.db import models


class Fingerprint(models.Model):
    version = models.OneToOneField(
        "posts.Version", on_delete=models.CASCADE, related_name="fingerprint"
    )
    choices = models.JSONField(default=list)  # list of osnguard.privacy.types.Choice dicts
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"fingerprint of version {self.version_id}"
