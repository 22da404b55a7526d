"""Shared fixtures for the fingerprinting tests: the demo message and a stand-in generalizer."""

from __future__ import annotations

import pytest

from osnguard.privacy.fingerprinting import default_check


@pytest.fixture(scope="session")
def check():
    """The project's naturalness check (loads the n-gram model once)."""
    return default_check()
