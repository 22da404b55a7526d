"""Information-loss metrics of a generalization (SPEC §2.2) and its k-figure.

For a set of generalized phrases, each at degree `l` of a chain of height `L` (the chain's highest
degree), with population `|p|` and the population `|P|` of the chain's most general populated level:

- Samarati    Sam(P) = Σ l_i                       (Eq. 2.1)
- Precision   Pre(P) = Σ l_i / L_i                 (Eq. 2.2)
- Distribution Dis(P) = Σ log|p_i| / log|P_i|      (Eq. 4.3)
- InfoLoss(g) = Σ InfoLoss(g_i), Dis(g_i) when g_i has a population, else Pre(g_i)   (Eq. 4.5)

The k-figure of a level says how many alternatives it hides among (cities in a country, concepts
under a WordNet synset); a combination's k is its weakest phrase's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from osnguard.privacy.anonymization.schemas import Chain


@dataclass(frozen=True)
class Generalized:
    """One phrase generalized to `degree` in a chain of height `height`."""

    degree: int
    height: int
    population: int | None = None
    top_population: int | None = None

    def __post_init__(self) -> None:
        if self.degree < 0 or self.height < 0 or self.degree > self.height:
            raise ValueError(
                f"degree {self.degree} must lie between 0 and the chain height {self.height}"
            )


def samarati(items: Iterable[Generalized]) -> int:
    """Sam (Eq. 2.1): the sum of the degrees."""
    return sum(item.degree for item in items)


def _pre(item: Generalized) -> float:
    return item.degree / item.height if item.height else 0.0


def precision(items: Iterable[Generalized]) -> float:
    """Pre (Eq. 2.2): the sum of degree / height (a one-level chain counts 0)."""
    return sum(_pre(item) for item in items)


def _has_population(item: Generalized) -> bool:
    return bool(
        item.population and item.population > 0 and item.top_population and item.top_population > 1
    )


def _dis(item: Generalized) -> float:
    if not _has_population(item):
        raise ValueError(
            "the distribution metric needs the populations of the level and of the chain's top"
        )
    return math.log(item.population) / math.log(item.top_population)  # type: ignore[arg-type]


def distribution(items: Iterable[Generalized]) -> float:
    """Dis (Eq. 4.3): the sum of log|p_i| / log|P_i|; every item needs both populations."""
    return sum(_dis(item) for item in items)


def item_info_loss(item: Generalized) -> float:
    """InfoLoss(g_i) (Eq. 4.5): Dis when the level has a population, Pre otherwise."""
    return _dis(item) if _has_population(item) else _pre(item)


def info_loss(items: Iterable[Generalized]) -> float:
    """InfoLoss(g) (Eq. 4.5): the sum over the phrases."""
    return sum(item_info_loss(item) for item in items)


# --- on chains ------------------------------------------------------------------------------


def top_population(chain: Chain) -> int | None:
    """|P|: the population of the chain's most general level that has one."""
    for level in reversed(chain.levels):
        if level.population:
            return level.population
    return None


def generalized(chain: Chain, degree: int) -> Generalized:
    """The metric view of `chain` at `degree`."""
    if not 0 <= degree <= chain.height:
        raise ValueError(
            f"degree {degree} is outside the chain of {chain.phrase!r} (0..{chain.height})"
        )
    return Generalized(degree, chain.height, chain.levels[degree].population, top_population(chain))


def chain_losses(chain: Chain) -> list[float]:
    """InfoLoss of each level of a chain (Eq. 4.5), made non-decreasing along the chain.

    Regions have no population, so Eq. 4.5 gives them Pre, which can fall below the Dis of the
    city under them ("Massachusetts" 0.5 < "Cambridge" 0.59), and a part of a city is counted
    with the city's population. A more general wording never discloses more and a different
    wording never loses the same, so each level reports more than the level below it: a tenth
    of the way from that level's loss to 1.
    """
    losses: list[float] = []
    for degree in range(len(chain.levels)):
        loss = item_info_loss(generalized(chain, degree))
        if losses and loss <= losses[-1]:
            loss = losses[-1] + (1.0 - losses[-1]) * TIE_STEP
        losses.append(loss)
    return losses


TIE_STEP = 0.1


def combination_loss(chains: Sequence[Chain], degrees: Sequence[int]) -> float:
    """InfoLoss of generalizing each chain to its degree (monotone per chain, summed)."""
    if len(chains) != len(degrees):
        raise ValueError("one degree per chain is needed")
    return sum(chain_losses(chain)[degree] for chain, degree in zip(chains, degrees))


def k_figure(chains: Sequence[Chain], degrees: Sequence[int]) -> int | None:
    """The combination's k: the smallest k-figure of its phrases (None when none is known).

    Phrases kept as they are count 1."""
    values = [chain.levels[d].k for chain, d in zip(chains, degrees)]
    known = [v for v in values if v is not None]
    return min(known) if known else None
