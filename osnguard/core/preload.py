"""Loading the privacy engine when a worker or web process starts, so that the first document,
message or keystroke it handles is not the slow one, then moving everything loaded out of the
garbage collector's reach (issues 16 and 17). A web process loads it in a background thread
(`engine_preload_in_background`, started by osnguard/wsgi.py) and `/healthz/` says how far it got
(`engine_state`).

The engine's resources (spaCy, WordNet, the gazetteer, the models) are about half a million
Python objects that live as long as the process. Python's full garbage collection walks all of
them (0.24 s on this machine) whenever enough new long-lived objects accumulate, which stalls a
busy worker; `gc.freeze()` after loading puts them in a permanent generation it never walks.
ENGINE_PRELOAD=0 turns this off (a worker that only crawls does not need the engine).
"""

from __future__ import annotations

import gc
import logging
import threading
import time
from typing import Any

from django.conf import settings

log = logging.getLogger(__name__)
_state: dict[str, Any] = {"status": "not loaded"}
_state_lock = threading.Lock()


def engine_state() -> dict[str, Any]:
    """This process's engine: {"status": "not loaded" | "loading" | "ready" | "failed" | "off"},
    with "seconds" once loaded."""
    with _state_lock:
        return dict(_state)


def _set_state(**values: Any) -> None:
    with _state_lock:
        _state.clear()
        _state.update(values)


def engine_preload() -> bool:
    """Load every engine stage a worker uses and freeze the loaded objects; False when the
    setting is off or a resource is missing (logged: the tasks that need it fail closed)."""
    if not settings.ENGINE_PRELOAD:
        _set_state(status="off")
        return False
    _set_state(status="loading")
    from osnguard.privacy import anonymization, identification
    from osnguard.privacy.paraphrase import get_detector
    from osnguard.privacy.resources import ResourceMissing

    started = time.perf_counter()
    try:
        identification.warm_up()
        anonymization.warm_up()
        get_detector().probability("I moved to Tokyo last year.", "Last year I moved to Tokyo.")
    except (ResourceMissing, OSError, ValueError) as exc:
        log.error("the privacy engine could not be loaded at process start: %s", exc)
        _set_state(status="failed", error=str(exc))
        return False
    seconds = round(time.perf_counter() - started, 1)
    gc.collect()
    gc.freeze()
    _set_state(status="ready", seconds=seconds)
    log.info(
        "privacy engine loaded in %.1f s; %d objects frozen out of garbage collection",
        time.perf_counter() - started,
        gc.get_freeze_count(),
    )
    return True


def engine_preload_in_background() -> threading.Thread | None:
    """Start loading the engine in a daemon thread (a web process keeps answering meanwhile);
    None when the setting is off."""
    if not settings.ENGINE_PRELOAD:
        _set_state(status="off")
        return None
    _set_state(status="loading")
    thread = threading.Thread(target=engine_preload, name="engine-preload", daemon=True)
    thread.start()
    return thread
