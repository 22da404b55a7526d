"""The proposal, the engine's top stage: what each friend of the author gets for one message.

`anonymize(text, profile=, now=, groups=)` runs identification -> anonymization per friend group
-> fingerprinting (pipeline.py); the author's review (review.py) is a thin layer of choices over
those stages: per-group options of each phrase, readings, rejected synonyms, edits. `groups` are
parsed by requests.py.
"""

from __future__ import annotations

from osnguard.privacy.proposal.pipeline import (
    AnonymizeResult,
    Generalizer,
    GroupResult,
    anonymize,
    message_capacity,
    result_data,
)
from osnguard.privacy.proposal.requests import (
    MAX_GROUPS,
    MAX_RECIPIENTS,
    GroupRequest,
    parse_group,
    parse_groups,
)
from osnguard.privacy.proposal.review import (
    OptionOffer,
    PhraseReview,
    ReadingOffer,
    ReadingsOffer,
    RejectingCheck,
    ReviewChoices,
    ReviewedGeneralizer,
    check_degrees,
    is_rejected,
    parse_key,
    phrase_key,
    review_phrases,
)

__all__ = [
    "MAX_GROUPS",
    "MAX_RECIPIENTS",
    "AnonymizeResult",
    "Generalizer",
    "GroupRequest",
    "GroupResult",
    "OptionOffer",
    "PhraseReview",
    "ReadingOffer",
    "ReadingsOffer",
    "RejectingCheck",
    "ReviewChoices",
    "ReviewedGeneralizer",
    "anonymize",
    "check_degrees",
    "is_rejected",
    "message_capacity",
    "parse_group",
    "parse_groups",
    "parse_key",
    "phrase_key",
    "result_data",
    "review_phrases",
]
