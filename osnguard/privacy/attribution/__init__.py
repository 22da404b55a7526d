"""Leak attribution (SPEC §3.3): does a text disclose a message, and whose version leaked?

Given the versions of one message (one per recipient, each with its fingerprint choices) and a
candidate text found somewhere:

1. *Disclosure* (`disclosure`): a lexical pre-check against every version, then a quote rule or
   the paraphrase detector on the part of the candidate that overlaps the closest version.
2. *Evidence* (`evidence`): each fingerprint slot's realisations found in the candidate.
3. *Ranking* (`ranking`): every recipient's likelihood of having produced that evidence.
4. *Verdict* (`decide`): `Verdict.FRIEND` when the margin over the runner-up reaches
   FRIEND_MARGIN, else `Verdict.GROUP` when a group is decisive, else `Verdict.UNDETERMINED`;
   `Verdict.NONE` when there is no disclosure.

`trace({id: versions}, leaks)` (`tracing`) adds up the evidence of several leaks per friend and
names a friend only past TRACE_MARGIN.

`prepare(versions)` (`prepared`) analyses a message's versions once for many candidates;
`attribute(versions, candidate)` and `attribute_many({id: versions}, candidate)` answer with
`Attribution`s (`results`).
"""

from osnguard.privacy.attribution.decide import attribute, attribute_many
from osnguard.privacy.attribution.disclosure import MAX_CANDIDATE_CHARS, default_detector
from osnguard.privacy.attribution.prepared import MAX_VERSIONS, PreparedMessage, prepare
from osnguard.privacy.attribution.ranking import FRIEND_MARGIN, GROUP_MARGIN, SLOT_WEIGHT
from osnguard.privacy.attribution.results import (
    Attribution,
    Evidence,
    ParaphraseScorer,
    Suspect,
    Verdict,
)
from osnguard.privacy.attribution.tracing import (
    TRACE_CHANCE,
    TRACE_MARGIN,
    LeakSupport,
    SuspectScore,
    Trace,
    coincidence,
    is_named,
    leak_support,
    outdone,
    trace,
)

__all__ = [
    "FRIEND_MARGIN",
    "GROUP_MARGIN",
    "MAX_CANDIDATE_CHARS",
    "MAX_VERSIONS",
    "SLOT_WEIGHT",
    "TRACE_CHANCE",
    "TRACE_MARGIN",
    "Attribution",
    "Evidence",
    "LeakSupport",
    "ParaphraseScorer",
    "PreparedMessage",
    "Suspect",
    "SuspectScore",
    "Trace",
    "Verdict",
    "attribute",
    "attribute_many",
    "coincidence",
    "default_detector",
    "is_named",
    "leak_support",
    "outdone",
    "prepare",
    "trace",
]
