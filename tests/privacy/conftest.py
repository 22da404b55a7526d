"""Shared fixtures for the engine's tests (tests/privacy/...): contexts for detectors.

Others may add fixtures here by small edits.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest

from osnguard.privacy import resources
from osnguard.privacy.types import MessageContext, Profile

FIXED_NOW = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="session")
def nlp() -> Any:
    """The spaCy pipeline, loaded once for the whole session."""
    return resources.nlp()


@pytest.fixture(scope="session")
def make_context(nlp: Any) -> Callable[..., MessageContext]:
    """Build the MessageContext a detector receives: `make_context(text, profile={...})`."""

    def build(
        text: str, profile: dict | None = None, now: datetime = FIXED_NOW, language: str = "en"
    ) -> MessageContext:
        return MessageContext(
            text=text, profile=Profile.from_dict(profile), now=now, doc=nlp(text), language=language
        )

    return build
