"""Identification stage (SPEC §1): find the private phrases of a message and decide whether it is
private.

`identify(text, profile=..., now=...) -> IdentificationResult` runs every recognizer of the
registry (`RECOGNIZERS`, recognizers.py: profile links, the location rule, patterns, time phrases
from `osnguard.privacy.temporal`, the privacy-attribute tagger), merges their findings into typed
`Phrase`s and decides with the message classifier (pipeline.py). This module is the stage's
public API; the other stages, the commands and the Django apps import from here only.
"""

from __future__ import annotations

from osnguard.privacy.identification import (
    classifier,
    institution_kind,
    location_rule,
    patterns,
    post_tagger,
    profile_link,
    relatedness,
    slang,
    tagger,
)
from osnguard.privacy.identification.pipeline import (
    IdentificationResult,
    detect_language,
    identify,
    warm_up,
)
from osnguard.privacy.identification.recognizers import (
    RECOGNIZERS,
    FunctionRecognizer,
    Recognizer,
)

__all__ = [
    "RECOGNIZERS",
    "FunctionRecognizer",
    "IdentificationResult",
    "Recognizer",
    "classifier",
    "detect_language",
    "identify",
    "institution_kind",
    "location_rule",
    "patterns",
    "post_tagger",
    "profile_link",
    "relatedness",
    "slang",
    "tagger",
    "warm_up",
]
