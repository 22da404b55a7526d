"""Identification of private phrases (SPEC §1): `identify(text, profile=..., now=...)`.

Detectors live in this package (tagger, classifier, patterns, location_rule, profile_link) and in
`osnguard.privacy.temporal`; `pipeline` runs them all and merges their findings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from osnguard.privacy.identification.pipeline import IdentificationResult

__all__ = ["IdentificationResult", "identify"]


def identify(text: str, **kwargs: Any) -> IdentificationResult:
    """Find the private phrases of a message; see `pipeline.identify`."""
    from osnguard.privacy.identification.pipeline import identify as run

    return run(text, **kwargs)


def __getattr__(name: str) -> Any:
    if name == "IdentificationResult":
        from osnguard.privacy.identification.pipeline import IdentificationResult

        return IdentificationResult
    raise AttributeError(name)
