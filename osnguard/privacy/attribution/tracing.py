"""Tracing across leaks (issue 15): leaks of several of an author's messages add up, so that a
friend who cannot be told apart by one retyped leak is named after a few.

Each leak is attributed against every message (`attribute_many`); the message it discloses best
is its source. Its ranking gives every recipient a posterior (`Suspect.probability`); a leak
supports a recipient by how far that posterior beats chance, `log(n · p)` over the n recipients
of that message (0 when it does not beat chance: a leak never counts against anyone, as another
friend may have leaked it). A friend's suspicion score is the sum over all leaks, with the leaks
that support it. The assignment of wordings to friends varies with the message (versions.py
orders friends by the message's seed), so the friends who share a wording with the leaker in one
message rarely share it in the next, and only the leaker's score keeps growing.

A friend is named when their score leads the runner-up by TRACE_MARGIN (nats), chosen on TRAIN
messages by `bench/trace.py --calibrate` so that no innocent friend was named, and from at least
two leaks unless one leak alone names them (a friend verdict). A friend verdict of one leak
(an invisible-layer read, or a friend-level margin) counts fully: log n.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from osnguard.privacy.attribution.decide import Versions, attribute_many
from osnguard.privacy.attribution.prepared import prepare
from osnguard.privacy.attribution.results import Attribution, ParaphraseScorer, Verdict

TRACE_MARGIN = 4.0  # nats; bench/trace.py --calibrate (docs/evaluation.md, "Tracing across leaks")
MAX_LEAKS = 1000


@dataclass
class SuspectScore:
    """A friend's suspicion over all leaks: the summed evidence (nats over chance) and the indexes
    of the leaks that support it."""

    friend: str
    score: float
    leaks: list[int] = field(default_factory=list)


@dataclass
class LeakResult:
    """One leak's attribution against the message it discloses (`message` is None when it
    discloses none of them)."""

    message: Hashable | None
    attribution: Attribution


@dataclass
class Trace:
    """Every leak's result, every friend's suspicion, and the friend named from all leaks
    together (None when the evidence does not single anyone out)."""

    results: list[LeakResult]
    suspects: list[SuspectScore]
    named: str | None
    margin: float
    explanation: str


def trace(
    messages: Mapping[Hashable, Versions],
    leaks: Sequence[str],
    *,
    detector: ParaphraseScorer | None = None,
    lexical_only: bool = False,
) -> Trace:
    """Attribute each leak to the message it discloses and add the evidence up per friend.

    Raises ValueError for no messages, too many leaks, or a message's bad versions."""
    if not messages:
        raise ValueError("no messages given: tracing needs the versions of the author's messages")
    if isinstance(leaks, str) or len(leaks) > MAX_LEAKS:
        raise ValueError(f"leaks must be a list of at most {MAX_LEAKS} texts")
    prepared = {key: prepare(versions) for key, versions in messages.items()}
    results: list[LeakResult] = []
    scores: dict[str, SuspectScore] = {}
    for index, leak in enumerate(leaks):
        found = attribute_many(prepared, leak, detector=detector, lexical_only=lexical_only)
        key, best = max(
            found.items(),
            key=lambda item: (item[1].disclosure, item[1].score),
            default=(None, None),
        )
        if best is None or not best.disclosure:
            results.append(LeakResult(None, best or Attribution(False, 0.0, None, None, 0.0)))
            continue
        results.append(LeakResult(key, best))
        for friend, support in leak_support(best, len(prepared[key].versions)).items():
            entry = scores.setdefault(friend, SuspectScore(friend, 0.0))
            entry.score += support
            entry.leaks.append(index)
    ranked = sorted(scores.values(), key=lambda s: (-s.score, s.friend))
    for entry in ranked:
        entry.score = round(entry.score, 4)
    return _verdict(results, ranked)


def leak_support(result: Attribution, recipients: int) -> dict[str, float]:
    """How far one disclosed leak supports each recipient, in nats over chance."""
    if recipients < 2:
        return {}
    if result.verdict == Verdict.FRIEND and result.friend is not None:
        return {result.friend: math.log(recipients)}
    support = {}
    for suspect in result.ranking:
        if suspect.probability > 0:
            gain = math.log(recipients * suspect.probability)
            if gain > 0:
                support[suspect.friend] = gain
    return support


def is_named(margin: float, leaks: int, alone: bool) -> bool:
    """Whether the leading friend is named: TRACE_MARGIN ahead of the runner-up, from two leaks
    or more, or one that named them on its own (`alone`)."""
    return margin >= TRACE_MARGIN and (leaks >= 2 or alone)


def _verdict(results: list[LeakResult], ranked: list[SuspectScore]) -> Trace:
    disclosed = sum(r.message is not None for r in results)
    if not ranked:
        return Trace(
            results,
            ranked,
            None,
            0.0,
            f"{disclosed} of {len(results)} leaks disclose a message; nobody stands out.",
        )
    top = ranked[0]
    margin = top.score - (ranked[1].score if len(ranked) > 1 else 0.0)
    alone = any(
        r.attribution.verdict == Verdict.FRIEND and r.attribution.friend == top.friend
        for r in results
    )
    if is_named(margin, len(top.leaks), alone):
        return Trace(
            results,
            ranked,
            top.friend,
            margin,
            f"{len(top.leaks)} leak(s) of your posts point to {top.friend}; the next friend is "
            f"{margin:.1f} nats behind (a name needs {TRACE_MARGIN:.1f}).",
        )
    return Trace(
        results,
        ranked,
        None,
        margin,
        f"{disclosed} of {len(results)} leaks disclose a message; {top.friend} leads by "
        f"{margin:.1f} nats, short of the {TRACE_MARGIN:.1f} needed to name anyone.",
    )
