"""Fingerprinting (SPEC §2.5): a distinct, natural version of a message for every recipient.

- `find_slots(text, protected)`: the places of a text that can be written in several ways
  (WordNet synonyms of content words, phrase paraphrases, slang written out, numbers,
  contractions, optional "that", spellings, sparing punctuation), each with its alternatives;
  alternative 0 is the text as written.
- `slots.wording_slots(text, choices)`: other wordings of a group's generalized phrases at the
  same level ("a university in Cambridge" / "a Cambridge university"), one per friend.
- `capacity(slots)`: Π_j |S_j| (Eq. 4.9 for one generalization).
- `fingerprint_group(text, friends, ...)`: one `Version` per friend, any two differing in >= 3
  slots when the capacity allows, with the `Choice`s attribution reads back.
"""

from osnguard.privacy.fingerprinting.codes import Code, best_code, min_distance
from osnguard.privacy.fingerprinting.naturalness import (
    BigramCheck,
    NaturalnessCheck,
    accept_all,
    default_check,
)
from osnguard.privacy.fingerprinting.slots import Alternative, Slot, find_slots
from osnguard.privacy.fingerprinting.versions import (
    TARGET_DISTANCE,
    GroupFingerprints,
    capacity,
    fingerprint_group,
    render,
)

__all__ = [
    "TARGET_DISTANCE",
    "Alternative",
    "BigramCheck",
    "Code",
    "GroupFingerprints",
    "NaturalnessCheck",
    "Slot",
    "accept_all",
    "best_code",
    "capacity",
    "default_check",
    "find_slots",
    "fingerprint_group",
    "min_distance",
    "render",
]
