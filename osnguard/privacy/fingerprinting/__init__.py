"""Fingerprinting (SPEC §2.5): a distinct, natural version of a message for every recipient.

- `find_slots(text, protected)`: the places of a text that can be written in several ways
  (WordNet synonyms of content words, phrase paraphrases, slang written out, numbers,
  contractions, optional "that", spellings, sparing punctuation), each with its alternatives;
  alternative 0 is the text as written. `transfer_slots` carries a message's slots over to a
  group's generalized text.
- `wording_slots(text, choices)`: other wordings of a group's generalized phrases at the
  same level ("a university in Cambridge" / "a Cambridge university"), one per friend.
- `capacity(slots)`: Π_j |S_j| (Eq. 4.9 for one generalization).
- `fingerprint_group(text, friends, ...)`: one `Version` per friend, any two differing in >= 3
  slots when the capacity allows, with the `Choice`s attribution reads back.
- the invisible layer (`invisible`): `invisible.embed(text, code)` writes a recipient's code in
  format characters that do not show, `invisible.read(text)` reads it back from a copy,
  `strip_invisible(text)` is the text without it.
- the typographic layer (`typographic`): `typographic.style_versions(versions, seed)` gives
  friends who share a wording their own apostrophe and emoji styles, `typographic.signature` and
  `typographic.log_likelihoods` read them back from a copy.
- distances: `word_edit_distance`, `word_distance`, `PositionTexts` and
  `versions_min_distance(versions)`, the smallest distance between two versions of a message.
- substitution checks: `default_check()` (the anonymization stage's naturalness scorer),
  `BigramCheck`, `accept_all`.

The modules import one way: `slot_types` (the data) <- `realisations`, `synonyms` (the rules)
<- `slots` (the finder) <- `versions` (the code and the rendering).
"""

from osnguard.privacy.fingerprinting.codes import Avoid, Code, best_code, min_distance
from osnguard.privacy.fingerprinting.distance import (
    GENERALIZED_KINDS,
    TARGET_DISTANCE,
    PositionTexts,
    versions_min_distance,
    word_distance,
    word_edit_distance,
)
from osnguard.privacy.fingerprinting.invisible import strip as strip_invisible
from osnguard.privacy.fingerprinting.slot_types import Alternative, Slot, SlotKind, make_slot
from osnguard.privacy.fingerprinting.slots import find_slots, transfer_slots, wording_slots
from osnguard.privacy.fingerprinting.substitution_check import (
    BigramCheck,
    NaturalnessCheck,
    accept_all,
    default_check,
)
from osnguard.privacy.fingerprinting.versions import (
    GroupFingerprints,
    capacity,
    fingerprint_group,
    render,
)

__all__ = [
    "GENERALIZED_KINDS",
    "TARGET_DISTANCE",
    "Alternative",
    "Avoid",
    "BigramCheck",
    "Code",
    "GroupFingerprints",
    "NaturalnessCheck",
    "PositionTexts",
    "Slot",
    "SlotKind",
    "accept_all",
    "best_code",
    "capacity",
    "default_check",
    "find_slots",
    "fingerprint_group",
    "make_slot",
    "min_distance",
    "render",
    "strip_invisible",
    "transfer_slots",
    "versions_min_distance",
    "word_distance",
    "word_edit_distance",
    "wording_slots",
]
