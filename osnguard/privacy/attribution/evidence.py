"""Finding each slot's realisations in a candidate text: the evidence of who leaked it."""

from __future__ import annotations

from osnguard.privacy.attribution.prepared import (
    END,
    START,
    Key,
    PreparedMessage,
    SlotRealisations,
    has_word,
)
from osnguard.privacy.attribution.results import Evidence

Tokens = list[tuple[str, int, int]]
Found = dict[int, dict[Key, list[tuple[int, int]]]]  # per slot index, realisation -> token ranges


def find_evidence(message: PreparedMessage, cand: Tokens) -> Found:
    """Per slot, the realisations present in the candidate with their token ranges.

    An occurrence next to one of the slot's neighbouring tokens is *anchored* (on its right, only
    by a word: "in November." ends two sentences, so a full stop after it places nothing). When a slot has
    anchored occurrences only those count (so a word that is a realisation of two slots is read
    at the right place); otherwise any occurrence of words beyond the shared text's own counts,
    but punctuation only where it is anchored.
    """
    seq = [w for w, _, _ in cand]
    positions: dict[str, list[int]] = {}
    for i, w in enumerate(seq):
        positions.setdefault(w, []).append(i)
    found: Found = {}
    anchored_slots: set[int] = set()

    def before(a: int) -> str:
        return seq[a - 1] if a > 0 else START

    def after(b: int) -> str:
        return seq[b] if b < len(seq) else END

    for index, slot in enumerate(message.slots):
        covered: set[int] = set()
        occurrences: dict[Key, list[tuple[int, int]]] = {}
        for key in sorted(set(slot.version_keys), key=len, reverse=True):
            if not key:
                continue
            for start in positions.get(key[0], ()):
                end = start + len(key)
                if tuple(seq[start:end]) == key and not covered.intersection(range(start, end)):
                    occurrences.setdefault(key, []).append((start, end))
                    covered.update(range(start, end))
        anchored = {
            key: kept
            for key, occ in occurrences.items()
            if (
                kept := [
                    (a, b)
                    for a, b in occ
                    if before(a) in slot.left
                    or (after(b) in slot.right and has_word(key) and has_word((after(b),)))
                ]
            )
        }
        if anchored:
            found[index] = anchored
            anchored_slots.add(index)
            continue
        # Punctuation found away from its neighbours says nothing (a comment's own full stop).
        present = {
            key: occ
            for key, occ in occurrences.items()
            if len(occ) > slot.background.get(key, 0) and has_word(key)
        }
        if present:
            found[index] = present
        elif () in slot.version_keys:
            # An empty realisation (a word or comma left out) shows as its neighbours meeting.
            gaps = [
                (i, i)
                for i in range(len(seq) + 1)
                if before(i) in slot.left and after(i) in slot.right
            ]
            if gaps:
                found[index] = {(): gaps}
    found = drop_words_anchored_elsewhere(found, anchored_slots)
    return drop_claimed_punctuation(drop_cut_realisations(message, found, len(seq)))


def drop_words_anchored_elsewhere(found: Found, anchored_slots: set[int]) -> Found:
    """Words another slot's realisation stands on, anchored by its neighbours, are not also an
    unanchored realisation of this slot ("a college" once in the text is not two slots' "a
    college")."""
    claimed = {
        i: index
        for index in anchored_slots
        for occurrences in found[index].values()
        for a, b in occurrences
        for i in range(a, b)
    }
    kept: Found = {}
    for index, present in found.items():
        if index in anchored_slots:
            kept[index] = present
            continue
        cleaned = {
            key: mine
            for key, occurrences in present.items()
            if (
                mine := [
                    (a, b)
                    for a, b in occurrences
                    if not any(claimed.get(i, index) != index for i in range(a, b))
                ]
            )
        }
        if cleaned:
            kept[index] = cleaned
    return kept


def drop_cut_realisations(message: PreparedMessage, found: Found, length: int) -> Found:
    """A realisation the candidate ends on (or starts with) that begins (ends) another version's
    realisation of the slot is no evidence: a quote cut there ("... I studied at a university")
    leaves it whichever of the two was leaked."""
    kept: Found = {}
    for index, present in found.items():
        keys = set(message.slots[index].version_keys)
        cleaned = {}
        for key, occurrences in present.items():
            cut = key and all(
                (b == length and any(len(o) > len(key) and o[: len(key)] == key for o in keys))
                or (a == 0 and any(len(o) > len(key) and o[-len(key) :] == key for o in keys))
                for a, b in occurrences
            )
            if not cut:
                cleaned[key] = occurrences
        if cleaned:
            kept[index] = cleaned
    return kept


def drop_claimed_punctuation(found: Found) -> Found:
    """A punctuation mark inside another slot's word realisation (the comma of ", and my") is
    that slot's evidence, not a realisation of its own."""
    claimed = {
        (index, i)
        for index, present in found.items()
        for key, occurrences in present.items()
        if has_word(key)
        for a, b in occurrences
        for i in range(a, b)
    }
    kept: Found = {}
    for index, present in found.items():
        cleaned: dict[Key, list[tuple[int, int]]] = {}
        for key, occurrences in present.items():
            if not has_word(key) and key:
                occurrences = [
                    (a, b)
                    for a, b in occurrences
                    if not any(
                        (other, i) in claimed
                        for other in found
                        if other != index
                        for i in range(a, b)
                    )
                ]
            if occurrences:
                cleaned[key] = occurrences
        if cleaned:
            kept[index] = cleaned
    return kept


def evidence_at(
    slot: SlotRealisations, candidate: str, cand: Tokens, start: int, end: int
) -> Evidence:
    """Evidence for tokens [start, end) of the candidate; an empty range is a left-out word."""
    if end > start:
        first, last = cand[start][1], cand[end - 1][2]
    else:
        first = last = cand[start][1] if start < len(cand) else len(candidate)
    return Evidence(slot.slot, slot.kind, candidate[first:last], first, last)
