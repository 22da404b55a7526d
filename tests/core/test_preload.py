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
