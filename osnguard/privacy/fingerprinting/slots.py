"""Fingerprint slots: the places of a (generalized) message that can be realised in several ways.

A `Slot` covers [start, end) of the text it was found in; its alternative 0 is the text as written.
`find_slots(text, protected)` runs every rule (realisations first, then WordNet synonyms) and keeps
the slots that overlap neither a protected span (private or generalized phrases) nor one another.
`wording_slots(text, choices)` makes the slots that re-word a group's generalized phrases at their
own level, and `transfer_slots` carries a message's slots over to a group's generalized text.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import Any

from osnguard.privacy import resources
from osnguard.privacy.anonymization.wording import variants
from osnguard.privacy.fingerprinting import realisations as realisation_rules
from osnguard.privacy.fingerprinting import synonyms as synonym_rules
from osnguard.privacy.fingerprinting.slot_types import Alternative, Slot, SlotKind, overlaps
from osnguard.privacy.fingerprinting.substitution_check import NaturalnessCheck, default_check
from osnguard.privacy.types import Choice, ChoiceKind

# the kinds of generalized phrase a wording slot may re-word
REWORDED_KINDS = frozenset({ChoiceKind.GENERALIZATION, ChoiceKind.TEMPORAL})


def find_slots(
    text: str,
    protected: Sequence[tuple[int, int]] = (),
    *,
    doc: Any = None,
    check: NaturalnessCheck | None = None,
    synonyms: bool = True,
    realisations: bool = True,
    max_synonyms: int = 3,
) -> list[Slot]:
    """All non-overlapping fingerprint slots of `text` outside the `protected` spans, in text order."""
    if not isinstance(text, str):
        raise ValueError("text must be a string")
    if doc is None:
        doc = resources.parse(text)
    check = check or default_check()
    spans = [(int(s), int(e)) for s, e in protected]
    candidates: list[Slot] = []
    if realisations:
        candidates.extend(realisation_rules.clause_slots(doc))
        candidates.extend(realisation_rules.contraction_slots(doc))
        candidates.extend(realisation_rules.noun_is_slots(doc))
        candidates.extend(realisation_rules.that_slots(doc))
        candidates.extend(realisation_rules.number_slots(doc))
        candidates.extend(realisation_rules.punctuation_slots(doc))
    if synonyms:
        candidates.extend(realisation_rules.phrase_slots(doc))
        candidates.extend(realisation_rules.slang_slots(doc))
    token_slots = synonym_rules.word_slots(
        doc, check=check, synonyms=synonyms, spellings=realisations, max_synonyms=max_synonyms
    )
    candidates.extend(token_slots)
    kept: list[Slot] = []
    taken: list[tuple[int, int]] = list(spans)
    for slot in candidates:
        if overlaps(slot.start, slot.end, taken) or any(
            k.start == slot.start and k.end == slot.end for k in kept
        ):
            continue
        if slot.start == slot.end and any(k.start < slot.start < k.end for k in kept):
            continue
        kept.append(slot)
        taken.append((slot.start, slot.end))
    kept.sort(key=lambda s: (s.start, s.end))
    return recheck_beside_neighbours(text, kept, check)


NEIGHBOUR_WORDS = 3  # slots this close to a synonym can change the synonym's context
CONTEXT_WORDS = 4


def recheck_beside_neighbours(text: str, slots: list[Slot], check: NaturalnessCheck) -> list[Slot]:
    """Check each synonym again with every alternative of the slots next to it ("favorite food is"
    may become "favorite food's"), dropping synonyms that stop reading naturally."""
    out: list[Slot] = []
    for index, slot in enumerate(slots):
        if slot.kind != SlotKind.SYNONYM:
            out.append(slot)
            continue
        contexts: list[tuple[list[str], list[str]]] = []
        for other in slots[max(index - 2, 0) : index + 3]:
            if other is slot:
                continue
            if (
                other.end <= slot.start
                and len(text[other.end : slot.start].split()) <= NEIGHBOUR_WORDS
            ):
                for alt in other.alternatives[1:]:
                    left = (
                        (text[: other.start] + alt.text + text[other.end : slot.start])
                        .lower()
                        .split()
                    )
                    contexts.append(
                        (left[-CONTEXT_WORDS:], text[slot.end :].lower().split()[:CONTEXT_WORDS])
                    )
            elif (
                other.start >= slot.end
                and len(text[slot.end : other.start].split()) <= NEIGHBOUR_WORDS
            ):
                for alt in other.alternatives[1:]:
                    right = (
                        (text[slot.end : other.start] + alt.text + text[other.end :])
                        .lower()
                        .split()
                    )
                    contexts.append(
                        (text[: slot.start].lower().split()[-CONTEXT_WORDS:], right[:CONTEXT_WORDS])
                    )
        kept = [slot.alternatives[0]] + [
            alt
            for alt in slot.alternatives[1:]
            if alt.kind != SlotKind.SYNONYM
            or all(
                check(left, slot.original.lower(), alt.text.lower(), right)
                for left, right in contexts
            )
        ]
        if len(kept) > 1:
            out.append(Slot(slot.start, slot.end, kept, slot.number, slot.choice))
    return out


MAX_TRANSFER_CHARS = 5000  # longer texts are parsed again instead of aligned
RECHECK_CHARS = 40  # a synonym whose surroundings changed this close is checked again


def transfer_slots(
    source: str,
    target: str,
    slots: Sequence[Slot],
    protected: Sequence[tuple[int, int]] = (),
    *,
    check: NaturalnessCheck | None = None,
) -> list[Slot]:
    """The slots found in `source` (the message) carried over to `target` (a group's generalized
    text), so that a message is parsed once, not once per group. A slot is kept where its text is
    unchanged in `target` and outside `protected`; synonyms near a changed region are checked
    again in their new context."""
    if source == target:
        return [s for s in slots if not overlaps(s.start, s.end, protected)]
    if max(len(source), len(target)) > MAX_TRANSFER_CHARS:
        return find_slots(target, protected, check=check)
    check = check or default_check()
    blocks = difflib.SequenceMatcher(None, source, target, autojunk=False).get_matching_blocks()
    out: list[Slot] = []
    for slot in slots:
        block = next(
            (b for b in blocks if b.a <= slot.start and slot.end <= b.a + b.size and b.size), None
        )
        if block is None:
            continue
        start = block.b + slot.start - block.a
        end = start + slot.end - slot.start
        if target[start:end] != slot.original or overlaps(start, end, protected):
            continue
        moved = Slot(start, end, list(slot.alternatives))
        near_change = (
            source[max(slot.start - RECHECK_CHARS, 0) : slot.start]
            != target[max(start - RECHECK_CHARS, 0) : start]
            or source[slot.end : slot.end + RECHECK_CHARS] != target[end : end + RECHECK_CHARS]
        )
        moved.number = slot.number
        if near_change and moved.kind == SlotKind.SYNONYM:
            left = target[:start].lower().split()[-4:]
            right = target[end:].lower().split()[:4]
            moved.alternatives = [moved.alternatives[0]] + [
                a
                for a in moved.alternatives[1:]
                if a.kind != SlotKind.SYNONYM
                or check(left, slot.original.lower(), a.text.lower(), right)
            ]
            if moved.size < 2:
                continue
        out.append(moved)
    return out


def wording_slots(
    text: str,
    choices: Sequence[Choice],
    *,
    check: NaturalnessCheck | None = None,
    max_variants: int = 4,
    wider: Mapping[int, Sequence[str]] | None = None,
) -> list[Slot]:
    """Slots re-wording the generalized phrases of a group's `text` (`choices` with offsets into
    it): each phrase generalized above its original gets its other natural wordings at the same
    level (anonymization.wording) and, from `wider` (per choice slot), its wider wordings ("the
    UK" for "Manchester": a friend who gets one reads less, never more), checked in context like
    a synonym."""
    check = check or default_check()
    wider = wider or {}
    out: list[Slot] = []
    for choice in choices:
        if choice.kind not in REWORDED_KINDS or not choice.text or choice.text == choice.original:
            continue
        if text[choice.start : choice.end] != choice.text:
            continue
        left = text[: choice.start].lower().split()[-CONTEXT_WORDS:]
        right = text[choice.end :].lower().split()[:CONTEXT_WORDS]
        candidates = [
            *variants(choice.text, kind=choice.kind, original=choice.original),
            *wider.get(choice.slot, ()),
        ]
        natural = [
            v
            for v in dict.fromkeys(candidates)
            if v != choice.text and check(left, choice.text.lower(), v.lower(), right)
        ][:max_variants]
        if natural:
            alternatives = [Alternative(choice.text, SlotKind.WORDING, "original")]
            alternatives += [Alternative(v, SlotKind.WORDING, "wording") for v in natural]
            out.append(Slot(choice.start, choice.end, alternatives, choice.slot, choice))
    return out
