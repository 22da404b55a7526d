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

A friend is named when their score leads the runner-up by TRACE_MARGIN (nats), and from at least
two leaks unless one leak alone names them (a friend verdict). A friend verdict of one leak
(an invisible-layer read, or a friend-level margin) counts fully: log n.

Several friends who each leak one post can make an innocent friend who happens to share their
versions look like one leaker of them all. So a name from several leaks also needs the score to
be one that no innocent friend reaches by such coincidences, but rarely: `coincidence` is the
chance that any friend gathers that much support when each leak hands every recipient a
support drawn from its own group's, never the version that was leaked (the leaks are
independent, since every message draws its own assignment; friends of one group are compared
with their own group, whose wording they share in every post), and it must stay under
TRACE_CHANCE; and none of those leaks may point more to another friend (`outdone`): the friend
who leaked a post is first, or tied first, in its leak. Both thresholds were chosen on the
calibration halves of `bench/trace.py --calibrate` so that no innocent friend was named.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from osnguard.privacy.attribution.decide import Versions, attribute_many
from osnguard.privacy.attribution.prepared import prepare
from osnguard.privacy.attribution.results import Attribution, ParaphraseScorer, Verdict

TRACE_MARGIN = 4.0  # nats; bench/trace.py --calibrate (docs/evaluation.md, "Tracing across leaks")
# the largest coincidence chance a name from several leaks may have (same), at most half the
# smallest an innocent leader past the margin reached: 0.0089 in 28,800 trials (realistic seeds
# 0-7, tweet seeds 0-3) once each group spread over every typographic pattern (0.0023 before)
TRACE_CHANCE = 0.002
MAX_LEAKS = 1000
OUTDONE_NATS = 0.25  # a leak supports another friend more when by over this (ties are common)
_BIN = 0.05  # nats: the resolution of the coincidence computation


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
    chance: float = 1.0  # `coincidence` of the leader's score: how often an innocent reaches it


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
    supports: list[LeakSupport] = []
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
        recipients = len(prepared[key].versions)
        support = leak_support(best, recipients)
        groups = {v.friend: v.group for v in prepared[key].versions}
        supports.append(LeakSupport(support, groups))
        for friend, nats in support.items():
            entry = scores.setdefault(friend, SuspectScore(friend, 0.0))
            entry.score += nats
            entry.leaks.append(index)
    ranked = sorted(scores.values(), key=lambda s: (-s.score, s.friend))
    chance = coincidence(ranked[0].score, supports) if ranked else 1.0
    beaten = outdone(ranked[0].friend, supports) if ranked else 0
    for entry in ranked:
        entry.score = round(entry.score, 4)
    return _verdict(results, ranked, chance, beaten)


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


@dataclass(frozen=True)
class LeakSupport:
    """One disclosed leak as tracing counts it: its support per friend (nats over chance; 0 for
    those left out) and the group of every recipient of the message it discloses."""

    support: Mapping[str, float]
    groups: Mapping[str, str]


def coincidence(score: float, leaks: Sequence[LeakSupport]) -> float:
    """The chance that some innocent friend reaches `score` by coincidence. Friends of one group
    share that group's wording in every post, so their support is alike from leak to leak:
    within each group, a leak gives an innocent friend the support of one of the group's
    recipients drawn at random, independently of the other leaks (each message draws its own
    assignment inside a group), but never of the one who leaked it: an innocent's version is
    not the one leaked, though it may be worded alike (`_draw_weights`). A union bound over
    every group's friends. Values are rounded up and the score down, to `_BIN` nats, so the
    chance is not understated."""
    members: dict[str, set[str]] = {}
    by_leak: list[dict[str, list[str]]] = []  # per leak: group -> its recipients
    posteriors = [_posterior(leak) for leak in leaks]
    for leak in leaks:
        recipients_of: dict[str, list[str]] = {}
        for friend, group in leak.groups.items():
            members.setdefault(group, set()).add(friend)
            recipients_of.setdefault(group, []).append(friend)
        by_leak.append(recipients_of)
    top = max(0, math.floor(score / _BIN))
    total = 0.0
    for group, friends in members.items():
        tail = np.zeros(top + 1)  # tail[i]: P(sum = i bins), the last bin holding "top or more"
        tail[0] = 1.0
        for leak, posterior, recipients_of in zip(leaks, posteriors, by_leak):
            recipients = recipients_of.get(group)
            if not recipients:
                continue
            step = np.zeros(top + 1)
            for friend, weight in _draw_weights(posterior, recipients).items():
                value = max(0.0, float(leak.support.get(friend, 0.0)))
                step[min(top, math.ceil(value / _BIN))] += weight
            tail = np.convolve(tail, step)
            tail[top] += tail[top + 1 :].sum()
            tail = tail[: top + 1]
        total += len(friends) * float(tail[top])
    return min(1.0, total)


def _posterior(leak: LeakSupport) -> dict[str, float]:
    """Who leaked it, as the leak's posterior over the friends it supports (`p = e^support / n`);
    the rest of the posterior is on friends it does not support."""
    everyone = len(leak.groups)
    posterior = {f: math.exp(s) / everyone for f, s in leak.support.items()}
    spread = sum(posterior.values())
    if spread > 1.0:  # supports rounded or given by hand: a posterior sums to one
        posterior = {f: p / spread for f, p in posterior.items()}
    return posterior


def _draw_weights(posterior: Mapping[str, float], recipients: Sequence[str]) -> dict[str, float]:
    """How likely an innocent friend of this group holds each recipient's version: uniform over
    the group's recipients other than the one who leaked, averaged over who that was by the
    leak's `_posterior` (the posterior on friends it does not support leaves the draw uniform).
    A group of one is drawn as is."""
    size = len(recipients)
    if size == 1:
        return {recipients[0]: 1.0}
    inside = sum(posterior.get(f, 0.0) for f in recipients)
    elsewhere = max(0.0, 1.0 - inside)
    return {
        f: max(0.0, inside - posterior.get(f, 0.0)) / (size - 1) + elsewhere / size
        for f in recipients
    }


def is_named(margin: float, leaks: int, alone: bool, chance: float = 0.0, beaten: int = 0) -> bool:
    """Whether the leading friend is named: TRACE_MARGIN ahead of the runner-up, and either a
    leak that named them on its own (`alone`) or two leaks or more whose sum an innocent friend
    reaches with a `coincidence` chance of at most TRACE_CHANCE, none of which another friend
    explains better (`beaten`: the count `outdone` gives)."""
    return margin >= TRACE_MARGIN and (
        alone or (leaks >= 2 and chance <= TRACE_CHANCE and beaten == 0)
    )


def outdone(friend: str, leaks: Sequence[LeakSupport]) -> int:
    """How many of the leaks that support `friend` support another friend more, by over
    OUTDONE_NATS: the one who leaked a post is (tied) first in its leak, so a friend second in
    one leak and first in others is more likely an innocent who shared versions with several
    leakers (`bench/trace.py`: "k leakers")."""
    count = 0
    for leak in leaks:
        mine = leak.support.get(friend)
        if mine is not None and max(leak.support.values()) - mine > OUTDONE_NATS:
            count += 1
    return count


def _why_not(margin: float, leaks: int, chance: float, beaten: int = 0) -> str:
    if margin < TRACE_MARGIN:
        return f", short of the {TRACE_MARGIN:.1f} needed to name anyone."
    if leaks < 2:
        return ", from one leak that does not name anyone on its own: not naming anyone yet."
    if beaten and chance <= TRACE_CHANCE:
        return (
            f", but {beaten} of those leaks points more to another friend: several friends may "
            "have leaked; not naming anyone yet."
        )
    return (
        ", but friends who share versions with the leakers would reach that score by coincidence "
        f"{100 * chance:.1f}% of the time: not naming anyone yet."
    )


def _verdict(
    results: list[LeakResult], ranked: list[SuspectScore], chance: float, beaten: int
) -> Trace:
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
    if is_named(margin, len(top.leaks), alone, chance, beaten):
        return Trace(
            results,
            ranked,
            top.friend,
            margin,
            f"{len(top.leaks)} leak(s) of your posts point to {top.friend}; the next friend is "
            f"{margin:.1f} nats behind (a name needs {TRACE_MARGIN:.1f}).",
            chance,
        )
    return Trace(
        results,
        ranked,
        None,
        margin,
        f"{disclosed} of {len(results)} leaks disclose a message; {top.friend} leads by "
        f"{margin:.1f} nats" + _why_not(margin, len(top.leaks), chance, beaten),
        chance,
    )
