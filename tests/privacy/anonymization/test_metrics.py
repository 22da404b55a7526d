"""Information-loss metrics reproduce the seed's worked values (thesis Eq. 4.4, Table 4.1)."""

from __future__ import annotations

import itertools

import pytest

from osnguard.privacy.anonymization import Chain, Level
from osnguard.privacy.anonymization.metrics import (
    Generalized,
    chain_losses,
    distribution,
    info_loss,
    k_figure,
    precision,
    samarati,
)

# The seed's Fig. 4.1 schemas with its YAGO populations.
HARVARD = [
    ("Harvard University", 21_000),
    ("Cambridge", 105_162),
    ("Massachusetts", 6_646_000),
    ("New England", 14_444_865),
    ("United States", 317_672_000),
]
TOKYO = [
    ("Tokyo", 13_230_000),
    ("Honshu", 103_000_000),
    ("Japan", 127_600_000),
    ("Asia", 4_299_000_000),
]


def seed_chain(rungs: list[tuple[str, int | None]]) -> Chain:
    return Chain(
        rungs[0][0], "place", [Level(t, i, p, None, "seed") for i, (t, p) in enumerate(rungs)]
    )


def item(rungs: list[tuple[str, int | None]], degree: int) -> Generalized:
    return Generalized(degree, len(rungs) - 1, rungs[degree][1], rungs[-1][1])


def test_distribution_of_harvard_and_tokyo_is_1_25() -> None:
    assert distribution([item(HARVARD, 0), item(TOKYO, 0)]) == pytest.approx(1.25, abs=0.005)
    assert info_loss([item(HARVARD, 0), item(TOKYO, 0)]) == pytest.approx(1.25, abs=0.005)


def test_samarati_and_precision_examples_of_chapter_2() -> None:
    # "France" (degree 1 of 2) and "United States" (degree 1 of 1).
    france, usa = Generalized(1, 2), Generalized(1, 1)
    assert samarati([france, usa]) == 2
    assert precision([france, usa]) == pytest.approx(1.5)


TABLE_4_1 = [  # (Harvard degree, Tokyo degree, Sam, Pre, Dis)
    (0, 0, 0, 0.00, 1.25),
    (1, 0, 1, 0.25, 1.33),
    (0, 1, 1, 0.33, 1.34),
    (0, 2, 2, 0.67, 1.35),
    (1, 1, 2, 0.58, 1.42),
    (1, 2, 3, 0.92, 1.43),
    (0, 3, 3, 1.00, 1.51),
]


@pytest.mark.parametrize("harvard, tokyo, sam, pre, dis", TABLE_4_1)
def test_table_4_1_values(harvard: int, tokyo: int, sam: int, pre: float, dis: float) -> None:
    items = [item(HARVARD, harvard), item(TOKYO, tokyo)]
    assert samarati(items) == sam
    assert precision(items) == pytest.approx(pre, abs=0.005)
    assert distribution(items) == pytest.approx(dis, abs=0.005)


def test_table_4_1_ordering_by_distribution() -> None:
    combos = sorted(
        itertools.product(range(len(HARVARD)), range(len(TOKYO))),
        key=lambda c: distribution([item(HARVARD, c[0]), item(TOKYO, c[1])]),
    )
    assert combos[:7] == [(h, t) for h, t, *_ in TABLE_4_1]


def test_info_loss_uses_precision_without_population() -> None:
    rungs = [("student", None), ("person", None)]
    assert info_loss([item(rungs, 1)]) == pytest.approx(1.0)
    assert info_loss([item(rungs, 0), item(HARVARD, 0)]) == pytest.approx(0.5084, abs=1e-3)


def test_chain_losses_never_decrease_along_a_chain() -> None:
    chain = seed_chain(
        [
            ("Cambridge", 105_162),
            ("Massachusetts", None),
            ("United States", 317_672_000),
            ("North America", 580_000_000),
        ]
    )
    losses = chain_losses(chain)
    assert losses == sorted(losses)
    assert losses[-1] == pytest.approx(1.0)


def test_a_different_wording_never_loses_the_same() -> None:
    # a part of a city is counted with the city's population: "south Manchester" and
    # "Manchester" would tie, and the groups could not tell them apart
    chain = seed_chain(
        [
            ("Didsbury", 27_000),
            ("south Manchester", 552_000),
            ("Manchester", 552_000),
            ("England", 56_000_000),
        ]
    )
    losses = chain_losses(chain)
    assert all(a < b for a, b in itertools.pairwise(losses))
    assert losses[-1] == pytest.approx(1.0)


def test_bad_degrees_are_clear_errors() -> None:
    with pytest.raises(ValueError):
        Generalized(3, 2)
    with pytest.raises(ValueError):
        distribution([Generalized(0, 1, None, None)])


def test_k_figure_is_the_weakest_phrase() -> None:
    a = Chain("a", "noun", [Level("a", 0, None, 1, "original"), Level("b", 1, None, 40, "wordnet")])
    b = Chain("c", "noun", [Level("c", 0, None, 1, "original"), Level("d", 1, None, 7, "wordnet")])
    assert k_figure([a, b], [1, 1]) == 7
    assert k_figure([a, b], [1, 0]) == 1
