"""What attribution answers: the `Verdict`, the `Evidence` found and the `Attribution` itself.

Results serialise with `serialization.to_data` (the `osnguard attribute` command rounds the score
and margin and cuts the ranking for its JSON lines).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol


class Verdict(StrEnum):
    """Who a disclosure is attributed to (the values the disclosures app stores)."""

    FRIEND = "friend"  # one recipient, by a margin of at least FRIEND_MARGIN
    GROUP = "group"  # only their group
    UNDETERMINED = "undetermined"  # a disclosure, but nobody can be named
    NONE = "none"  # no disclosure


class Layer(StrEnum):
    """The fingerprint layers attribution reads (issue 15)."""

    INVISIBLE = "invisible"  # format characters carrying the recipient's code
    TYPOGRAPHIC = "typographic"  # apostrophe styles, emoji presentation and spacing
    LINGUISTIC = "linguistic"  # generalization wordings, synonyms, realisations


class ParaphraseScorer(Protocol):
    """What attribution needs of a paraphrase detector (`paraphrase.ParaphraseDetector`)."""

    @property
    def threshold(self) -> float: ...

    def probabilities(self, pairs: Sequence[tuple[str, str]]) -> Sequence[float]: ...


@dataclass
class Evidence:
    """A fingerprint realisation found in the candidate, at [start, end) of the candidate; `kind`
    is its choice's kind (a `ChoiceKind` value), or "difference" for versions given without
    choices."""

    slot: int
    kind: str
    text: str
    start: int
    end: int


@dataclass
class Suspect:
    """One recipient's standing: log-likelihood, posterior and slots matched/contradicted."""

    friend: str
    group: str
    log_likelihood: float
    probability: float
    matched: int
    contradicted: int


@dataclass
class Attribution:
    """Whether a candidate discloses the message (`disclosure`, with the detector's or the overlap's
    `score`), who leaked it (`friend`, `group`, by the log-likelihood `margin` over the runner-up),
    and why: the `evidence` found, every recipient's `ranking`, the `verdict` and its
    `explanation`."""

    disclosure: bool
    score: float
    friend: str | None
    group: str | None
    margin: float
    evidence: list[Evidence] = field(default_factory=list)
    ranking: list[Suspect] = field(default_factory=list)
    verdict: Verdict = Verdict.NONE
    explanation: str = ""
    layers: list[str] = field(default_factory=list)  # the fingerprint layers read (`Layer`)
