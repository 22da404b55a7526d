"""Worker processes load the privacy engine when they start and freeze it out of the garbage
collector (core/preload.py); the setting turns it off."""

from __future__ import annotations

import gc

from osnguard.core.preload import engine_preload


def test_engine_preload_loads_and_freezes(settings) -> None:
    settings.ENGINE_PRELOAD = True
    try:
        assert engine_preload() is True
        assert gc.get_freeze_count() > 100_000  # spaCy, WordNet, the gazetteer...
    finally:
        gc.unfreeze()


def test_engine_preload_can_be_turned_off(settings) -> None:
    settings.ENGINE_PRELOAD = False
    before = gc.get_freeze_count()
    assert engine_preload() is False
    assert gc.get_freeze_count() == before


def test_web_process_loads_the_engine_in_the_background(settings, client) -> None:
    from osnguard.core.preload import engine_preload_in_background, engine_state

    settings.ENGINE_PRELOAD = True
    try:
        thread = engine_preload_in_background()
        assert thread is not None
        thread.join(timeout=300)
        state = engine_state()
        assert state["status"] == "ready" and state["seconds"] >= 0
    finally:
        gc.unfreeze()


def test_background_preload_off_says_so(settings) -> None:
    from osnguard.core.preload import engine_preload_in_background, engine_state

    settings.ENGINE_PRELOAD = False
    assert engine_preload_in_background() is None
    assert engine_state()["status"] == "off"
