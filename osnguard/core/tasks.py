"""Celery tasks of the core app: a health check used by `osnguard_doctor` and the tests."""

from __future__ import annotations

import os
import socket

from osnguard.celery import app


@app.task(name="osnguard.core.tasks.core_ping")
def core_ping(payload: str = "pong") -> dict[str, object]:
    """Answer from the worker: proves a broker round trip end to end."""
    return {"payload": payload, "host": socket.gethostname(), "pid": os.getpid()}
