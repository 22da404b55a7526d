"""One distinct version per recipient of a group, built from the slots of the group's text.

`fingerprint_group` finds the slots of a group's (generalized) text, picks a code over them with
pairwise distance >= 3 where the capacity allows (else the largest distance that still gives every
friend a distinct version), and renders each friend's `Version` with its `Choice`s, whose offsets
point into that version's text. With several groups, the realisation slots carry a per-group
pattern, so a leak whose synonyms were all changed back still points to its group.

A wording slot (another wording of a generalized phrase) counts as many positions as the words
a leaker must edit to turn one wording into the other (`distance.word_distance`, up to 3), as the
generalized phrases of different groups do. What keeps versions apart is reported as `Notice`s.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from osnguard.privacy.fingerprinting.codes import (
    Avoid,
    Tables,
    all_vectors,
    best_code,
    min_distance,
)
from osnguard.privacy.fingerprinting.distance import TARGET_DISTANCE, word_distance
from osnguard.privacy.fingerprinting.slot_types import Slot, SlotKind
from osnguard.privacy.fingerprinting.slots import find_slots
from osnguard.privacy.fingerprinting.substitution_check import NaturalnessCheck
from osnguard.privacy.types import Choice, ChoiceKind, Notice, NoticeCode, Version


@dataclass
class GroupFingerprints:
    """The fingerprinted versions of one group, and what the code achieved."""

    group: str
    text: str
    slots: list[Slot]
    versions: list[Version]
    capacity: int  # Π_j |S_j|: how many distinct versions this text allows
    min_distance: int | None  # smallest number of slots two versions differ in (None: < 2 versions)
    notices: list[Notice] = field(default_factory=list)
    words: np.ndarray | None = None  # the choice vector of each version, in `versions` order


def slot_table(slot: Slot) -> np.ndarray | None:
    """Distances between a slot's alternatives: word edits for a wording slot, None (1 apart)
    for the others."""
    if slot.kind != SlotKind.WORDING:
        return None
    texts = [a.text for a in slot.alternatives]
    return np.array([[word_distance(a, b) for b in texts] for a in texts], dtype=np.int64)


def slot_tables(slots: Sequence[Slot]) -> Tables:
    tables = [slot_table(slot) for slot in slots]
    return None if all(t is None for t in tables) else tables


def capacity(slots: Sequence[Slot]) -> int:
    """Eq. 4.9 for one generalization: the product of the slots' alternative counts."""
    return math.prod(slot.size for slot in slots)


def render(
    text: str,
    slots: Sequence[Slot],
    vector: Sequence[int],
    *,
    slot_base: int = 0,
    base_choices: Sequence[Choice] = (),
    kinds: Sequence[SlotKind] | None = None,
) -> tuple[str, list[Choice]]:
    """The text with alternative `vector[j]` in slot j, and its choices (offsets into the new text).

    `base_choices` (the group's generalizations, offsets into `text`) are carried over, shifted.
    `kinds` may give the slots' kinds precomputed (rendering many versions of one text).
    """
    kinds = kinds if kinds is not None else [slot.kind for slot in slots]
    reworded = {slot.choice.slot for slot in slots if slot.choice is not None}
    pieces: list[str] = []
    choices: list[Choice] = []
    shifts: list[tuple[int, int]] = []  # (original end of an edit, cumulative shift after it)
    cursor, shift = 0, 0
    numbered = 0  # fingerprint slots without a message-wide number are numbered from slot_base
    for index, (slot, pick) in enumerate(zip(slots, vector)):
        alternative = slot.alternatives[int(pick)]
        pieces.append(text[cursor : slot.start])
        start = slot.start + shift
        end = start + len(alternative.text)
        pieces.append(alternative.text)
        shift += len(alternative.text) - (slot.end - slot.start)
        shifts.append((slot.end, shift))
        cursor = slot.end
        if slot.choice is not None:  # a generalized phrase, worded for this friend
            choices.append(
                Choice(
                    slot.choice.slot,
                    slot.choice.kind,
                    slot.choice.original,
                    alternative.text,
                    start,
                    end,
                )
            )
            continue
        number = slot.number if slot.number is not None else slot_base + numbered
        numbered += slot.number is None
        kind = ChoiceKind(kinds[index])  # a synonym or a realisation: not a wording slot
        choices.append(Choice(number, kind, slot.original, alternative.text, start, end))
    pieces.append(text[cursor:])

    def moved(offset: int) -> int:
        delta = 0
        for end, total in shifts:
            if end <= offset:
                delta = total
        return offset + delta

    for choice in base_choices:
        if choice.slot in reworded:
            continue
        start = moved(choice.start)
        choices.append(
            Choice(
                choice.slot,
                choice.kind,
                choice.original,
                choice.text,
                start,
                start + choice.end - choice.start,
            )
        )
    choices.sort(key=lambda c: (c.start, c.slot))
    return "".join(pieces), choices


def friend_order(friends: Sequence[str], seed: str) -> list[int]:
    """A deterministic, seed-dependent order of the friends, so code position does not follow the
    order the friends were listed in."""
    keys = [hashlib.sha256(f"{seed}\x00{friend}".encode()).hexdigest() for friend in friends]
    return sorted(range(len(friends)), key=lambda i: (keys[i], friends[i]))


def group_pattern(
    slots: Sequence[Slot], group_index: int, n_groups: int, seed: str
) -> np.ndarray | None:
    """The realisation choices that mark this group (distinct per group), or None if they cannot."""
    positions = [j for j, slot in enumerate(slots) if slot.kind == SlotKind.REALISATION]
    if n_groups < 2 or not positions:
        return None
    code = best_code([slots[j].size for j in positions], n_groups, TARGET_DISTANCE, seed)
    if code is None:
        return None
    return np.asarray(code.words[group_index])


def choose_code(
    slots: Sequence[Slot],
    count: int,
    pattern: np.ndarray | None,
    seed: str,
    avoid: Avoid | None = None,
) -> tuple[np.ndarray, int | None]:
    """Full choice vectors for `count` friends, and the code distance reached (None if < 2).

    Prefers keeping the group pattern on the realisation slots and spreading friends over the
    synonym slots, unless using every slot gets closer to the target distance.
    """
    sizes = [slot.size for slot in slots]
    tables = slot_tables(slots)
    full = best_code(sizes, count, TARGET_DISTANCE, seed, avoid, tables)
    if pattern is not None:
        free = [j for j, slot in enumerate(slots) if slot.kind != SlotKind.REALISATION]
        fixed = [j for j, slot in enumerate(slots) if slot.kind == SlotKind.REALISATION]
        inner_avoid = avoid.restricted(free, fixed, pattern, tables) if avoid is not None else None
        inner_tables = [tables[j] for j in free] if tables is not None else None
        inner = (
            best_code(
                [sizes[j] for j in free], count, TARGET_DISTANCE, seed, inner_avoid, inner_tables
            )
            if free
            else None
        )
        # distance beyond the target buys less than a group that stays recognisable
        if inner is not None and (
            full is None
            or min(inner.distance, TARGET_DISTANCE) >= min(full.distance, TARGET_DISTANCE)
        ):
            words = np.zeros((count, len(slots)), dtype=np.int16)
            words[:, free] = inner.words
            words[:, fixed] = pattern
            return words, (inner.distance if count > 1 else None)
    if full is not None:
        return full.words, (full.distance if count > 1 else None)
    # fewer versions than friends: every version is used, some friends share one
    space = all_vectors(sizes) if sizes else np.zeros((1, 0), dtype=np.int16)
    words = space[np.arange(count) % len(space)]
    return words, 0 if count > 1 else None


def fingerprint_group(
    text: str,
    friends: Sequence[str],
    *,
    group: str = "",
    protected: Sequence[tuple[int, int]] = (),
    base_choices: Sequence[Choice] = (),
    slot_base: int = 0,
    group_index: int = 0,
    n_groups: int = 1,
    seed: str = "",
    check: NaturalnessCheck | None = None,
    doc: Any = None,
    slots: Sequence[Slot] | None = None,
    avoid: Avoid | None = None,
) -> GroupFingerprints:
    """Distinct versions of `text` for `friends`; `protected` spans and `base_choices` are never
    touched. `avoid` holds choice vectors over the same slots already given to other groups.
    Deterministic for the same text, friends and seed."""
    friends = [str(friend) for friend in friends]
    if len(set(friends)) != len(friends):
        raise ValueError(f"group {group!r} lists a friend more than once")
    spans = [*protected, *((c.start, c.end) for c in base_choices)]
    if slots is None:
        slots = find_slots(text, spans, doc=doc, check=check)
    slots = list(slots)
    result = GroupFingerprints(group, text, slots, [], capacity(slots), None)
    if not friends:
        return result
    code_seed = f"{seed}\x00{group}\x00{text}"
    pattern = group_pattern(slots, group_index, n_groups, seed)
    words, distance = choose_code(slots, len(friends), pattern, code_seed, avoid)
    order = friend_order(friends, code_seed)
    versions: list[Version | None] = [None] * len(friends)
    kinds = [slot.kind for slot in slots]
    for row, friend_index in enumerate(order):
        body, choices = render(
            text, slots, words[row], slot_base=slot_base, base_choices=base_choices, kinds=kinds
        )
        versions[friend_index] = Version(friends[friend_index], group, body, choices)
    result.versions = [v for v in versions if v is not None]
    result.words = np.empty_like(words)
    result.words[np.array(order, dtype=np.int64)] = words
    result.min_distance = min_distance(words, slot_tables(slots)) if len(friends) > 1 else None
    if result.capacity < len(friends):
        result.notices.append(
            Notice(
                NoticeCode.FINGERPRINT_SHARED_VERSIONS,
                {"group": group, "capacity": result.capacity, "friends": len(friends)},
            )
        )
    elif distance is not None and distance < TARGET_DISTANCE:
        result.notices.append(
            Notice(
                NoticeCode.FINGERPRINT_TOO_SHORT,
                {"group": group, "target": TARGET_DISTANCE, "distance": result.min_distance},
            )
        )
    return result
