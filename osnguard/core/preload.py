"""Loading the privacy engine when a worker process starts, so that the first document or
message it handles is not the slow one, then moving everything loaded out of the garbage
collector's reach (issues 16 and 17).

The engine's resources (spaCy, WordNet, the gazetteer, the models) are about half a million
Python objects that live as long as the process. Python's full garbage collection walks all of
them (0.24 s on this machine) whenever enough new long-lived objects accumulate, which stalls a
busy worker; `gc.freeze()` after loading puts them in a permanent generation it never walks.
ENGINE_PRELOAD=0 turns this off (a worker that only crawls does not need the engine).
"""

from __future__ import annotations

import gc
import logging
import time

from django.conf import settings

log = logging.getLogger(__name__)


def engine_preload() -> bool:
    """Load every engine stage a worker uses and freeze the loaded objects; False when the
    setting is off or a resource is missing (logged: the tasks that need it fail closed)."""
    if not settings.ENGINE_PRELOAD:
        return False
    from osnguard.privacy import anonymization, identification
    from osnguard.privacy.paraphrase import get_detector
    from osnguard.privacy.resources import ResourceMissing

    started = time.perf_counter()
    try:
        identification.warm_up()
        anonymization.warm_up()
        get_detector().probability("I moved to Tokyo last year.", "Last year I moved to Tokyo.")
    except (ResourceMissing, OSError, ValueError) as exc:
        log.error("the privacy engine could not be loaded at worker start: %s", exc)
        return False
    gc.collect()
    gc.freeze()
    log.info(
        "privacy engine loaded in %.1f s; %d objects frozen out of garbage collection",
        time.perf_counter() - started,
        gc.get_freeze_count(),
    )
    return True
