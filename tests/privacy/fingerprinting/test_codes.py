"""Codes over slot alphabets: distance, determinism, fallbacks and keeping away from given words."""

from __future__ import annotations

import numpy as np

from osnguard.privacy.fingerprinting.codes import Avoid, best_code, min_distance


def test_distance_three_when_capacity_allows():
    for sizes, count in [
        ([2] * 9, 30),
        ([2, 2, 4, 2, 2, 2, 2, 2], 30),
        ([3] * 12, 1000),
        ([2] * 30, 1000),
    ]:
        code = best_code(sizes, count, 3, "seed")
        assert code is not None and len(code) == count
        assert code.distance >= 3 and min_distance(code.words) >= 3
        assert len({tuple(w) for w in code.words}) == count
        assert (code.words < np.array(sizes)).all()


def test_falls_back_to_the_largest_distance():
    code = best_code([2, 2, 2], 4, 3, "s")  # 8 vectors: 4 fit only at distance 2
    assert code is not None and code.distance == 2 and min_distance(code.words) == 2
    code = best_code([2, 2], 4, 3, "s")
    assert code is not None and code.distance == 1
    assert best_code([2, 2], 5, 3, "s") is None


def test_deterministic():
    a = best_code([2] * 40, 500, 3, "message-1")
    b = best_code([2] * 40, 500, 3, "message-1")
    assert np.array_equal(a.words, b.words)


def test_avoid_keeps_the_distance_to_earlier_words():
    first = best_code([2] * 10, 20, 3, "a")
    avoid = Avoid(
        first.words, np.full(len(first.words), 1)
    )  # other group already differs in 1 place
    second = best_code([2] * 10, 20, 3, "b", avoid)
    dist = (second.words[:, None, :] != first.words[None, :, :]).sum(axis=2)
    assert dist.min() >= 2


def test_empty_and_single():
    assert len(best_code([2, 2], 0, 3, "")) == 0
    assert len(best_code([], 1, 3, "")) == 1
