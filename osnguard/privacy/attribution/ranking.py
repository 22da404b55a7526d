"""Ranking the recipients by how likely each one's version produced the evidence.

Text shared by all versions says nothing about who leaked; only the fingerprint slots (and the
typographic layer, whose likelihoods are added here) do. For each
slot we look for every recipient's realisation in the candidate and score each recipient by a
likelihood: a realisation of theirs that is present counts log(1-ε), a slot showing someone
else's realisation instead counts log(ε) per word edit it takes (the leaker's edit produced it by
chance). The margin is the log-likelihood ratio of the best recipient over the runner-up.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from osnguard.privacy.attribution.evidence import Found
from osnguard.privacy.attribution.prepared import Key, PreparedMessage
from osnguard.privacy.attribution.results import Suspect
from osnguard.privacy.fingerprinting import word_edit_distance

EPSILON = 0.05  # chance that an edit turns a slot into another recipient's realisation
LOG_MATCH = math.log(1 - EPSILON)
LOG_MISMATCH = math.log(EPSILON)
SLOT_WEIGHT = LOG_MATCH - LOG_MISMATCH  # ≈ 2.94 nats: what one distinguishing slot is worth

# Calibrated on simulated leaks and non-leaks of 100 TRAIN messages
# (`bench/leaks.py --split train --calibrate`): the smallest whole numbers of slots above every
# margin that would have named a wrong friend (2.94, one slot) or a wrong group (same-topic
# non-leaks reached one slot: group answers need two slots of group evidence).
FRIEND_MARGIN = 2 * SLOT_WEIGHT
GROUP_MARGIN = 2 * SLOT_WEIGHT

MAX_SLOT_EDITS = 3  # the fingerprint code counts a generalized phrase's word edits up to 3
TOLERANCE = 1e-6  # margins are sums of slot weights: compare them with a little slack


def logsumexp(values: list[float]) -> float:
    """log Σ exp(values), computed stably."""
    top = max(values)
    return top + math.log(sum(math.exp(v - top) for v in values))


def local_edits(key: Key, seq: Sequence[str], start: int, end: int) -> int:
    """Fewest word edits turning `key` into a stretch of `seq` that covers tokens [start, end) (a
    realisation found there) and at most len(key) + 1 tokens either side: what a leaker's edits
    could have been, given the words the candidate has around what was found."""
    reach = len(key) + 1
    best: int | None = None
    for x in range(max(0, start - reach), start + 1):
        for y in range(end, min(len(seq), end + reach) + 1):
            edits = word_edit_distance(key, tuple(seq[x:y]))
            best = edits if best is None else min(best, edits)
    return best if best is not None else len(key)


Present = dict[Key, list[tuple[int, int]]]  # one slot's realisations found, with token ranges


def mismatch_penalty(key: Key, present: Present, seq: Sequence[str]) -> float:
    """What a slot showing other realisations (`present`) instead of `key` costs that recipient."""
    # A leaker turns one realisation into another by editing words; a generalized phrase of
    # another group ("Tokyo University" / "a university in Tokyo") takes several edits, as the
    # fingerprint code counts it, so it weighs as much.
    edits = min(word_edit_distance(key, found_key) for found_key in present)
    if edits > 1 and seq:
        # ... but no more edits than the candidate's own words there need: a leaker who dropped
        # "in the" from "a university in the US" left "a university US", which is 2 edits from
        # it, not 3 from the "a university" found inside it
        edits = min(
            [edits]
            + [
                local_edits(key, seq, a, b)
                for occurrences in present.values()
                for a, b in occurrences
            ]
        )
    return LOG_MISMATCH * max(1, min(MAX_SLOT_EDITS, edits))


def rank(
    message: PreparedMessage,
    found: Found,
    seq: Sequence[str] = (),
    typography: Sequence[float] = (),
) -> list[Suspect]:
    """Every recipient with their log-likelihood, posterior and slots matched and contradicted,
    most likely first (ties by name). `typography` adds each version's log-likelihood ratio from
    the typographic layer (fingerprinting/typographic.py), read separately."""
    n = len(message.versions)
    ll = list(typography) if typography else [0.0] * n
    matched = [0] * n
    contradicted = [0] * n
    for index, present in found.items():
        keys = message.slots[index].version_keys
        if len(set(keys)) == 1:
            continue  # every recipient has the same realisation: no information
        penalties: dict[Key, float] = {}  # per realisation: recipients share a few of them
        for i in range(n):
            if keys[i] in present:
                ll[i] += LOG_MATCH
                matched[i] += 1
            else:
                penalty = penalties.get(keys[i])
                if penalty is None:
                    penalty = penalties[keys[i]] = mismatch_penalty(keys[i], present, seq)
                ll[i] += penalty
                contradicted[i] += 1
    total = logsumexp(ll)
    suspects = [
        Suspect(v.friend, v.group, ll[i], math.exp(ll[i] - total), matched[i], contradicted[i])
        for i, v in enumerate(message.versions)
    ]
    suspects.sort(key=lambda s: (-s.log_likelihood, s.friend))
    return suspects


def group_margin(suspects: list[Suspect]) -> tuple[str | None, float]:
    """The most likely group (summing its members' likelihoods) and its margin over the next."""
    by_group: dict[str, list[float]] = {}
    for s in suspects:
        by_group.setdefault(s.group, []).append(s.log_likelihood)
    if len(by_group) < 2:
        return None, 0.0
    scored = sorted(((logsumexp(v), g) for g, v in by_group.items()), reverse=True)
    return scored[0][1], scored[0][0] - scored[1][0]
