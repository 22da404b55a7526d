"""How linkable an author is within a community (seed 003 §5-§7): Jensen-Shannon distances between
writing models, nearest neighbours, and (k,d)-anonymity.

- `js_distance(p, q)`: the square root of the Jensen-Shannon divergence (base 2), a metric in
  [0, 1] (seed Definition 19 and §6.3);
- `model_distance(a, b)`: the mean JS distance over the attribute types of `style` (the seed's
  unigram distance alone is `weights={"unigrams": 1}`);
- `assess(author, community, d=..., k=...)`: the author's nearest neighbours, the largest k for
  which they are (k,d)-anonymous (at least k−1 others within distance d), the d a chosen k needs,
  and the features that make them stand out (distances: the seed's unigram model);
- `Community`: the same distances from one model to many authors at once (sparse matrices): the
  nearest-neighbour linker names the author at the smallest distance.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from osnguard.privacy.linkability.style import (
    ATTRIBUTE_TYPES,
    AuthorModel,
    author_model,
    feature_spread,
    standouts,
)

DEFAULT_K = 5
# The seed's linkability distance (§6.3): the unigram model of content words alone. On the
# authorship corpus it also links better than the mean over every attribute type
# (docs/evaluation/linkability.md); `model_distance` without weights averages all types.
SEED_WEIGHTS: dict[str, float] = {"unigrams": 1.0}
ALL_TYPES: dict[str, float] = dict.fromkeys(ATTRIBUTE_TYPES, 1.0)
MIN_WORDS = 30  # fewer words than this and the models say little: the result says so


def js_distance(p: Mapping[str, float], q: Mapping[str, float]) -> float:
    """sqrt(JSD(p, q)) with base-2 logarithms: 0 for equal distributions, 1 for disjoint ones
    (and 1 when either is empty: nothing links them)."""
    if not p or not q:
        return 1.0
    divergence = 0.0
    for key, pv in p.items():
        qv = q.get(key, 0.0)
        m = (pv + qv) / 2
        divergence += pv * math.log2(pv / m)
        if qv:
            divergence += qv * math.log2(qv / m)
    for key, qv in q.items():
        if key not in p:
            divergence += qv  # qv * log2(qv / (qv / 2))
    return math.sqrt(max(0.0, min(1.0, divergence / 2)))


def model_distance(
    a: AuthorModel, b: AuthorModel, weights: Mapping[str, float] | None = None
) -> float:
    """The weighted mean of the JS distances of the two models' attribute types."""
    weights = weights or ALL_TYPES
    total = sum(weights.values())
    return (
        sum(
            weight * js_distance(a.distributions.get(name, {}), b.distributions.get(name, {}))
            for name, weight in weights.items()
        )
        / total
    )


@dataclass
class Assessment:
    """How recognisable an author's writing is within a community."""

    neighbours: list[tuple[str, float]]  # nearest first, at most `top`
    community: int  # other authors compared with
    d: float
    d_source: str  # "given", or "community median" (the median nearest-neighbour distance)
    k_at_d: int  # the largest k for which the author is (k, d)-anonymous
    k: int
    d_for_k: float | None  # the smallest d at which the author is (k, d)-anonymous
    standouts: list[dict[str, float | str]] = field(default_factory=list)
    texts: int = 0
    words: int = 0
    enough_text: bool = True

    def to_data(self) -> dict[str, object]:
        return {
            "texts": self.texts,
            "words": self.words,
            "enough_text": self.enough_text,
            "community": self.community,
            "neighbours": [{"author": a, "distance": round(d, 4)} for a, d in self.neighbours],
            "d": self.d,
            "d_source": self.d_source,
            "k_at_d": self.k_at_d,
            "k": self.k,
            "d_for_k": None if self.d_for_k is None else round(self.d_for_k, 4),
            "standouts": self.standouts,
        }


def assess(
    author_texts: Sequence[str],
    community: Mapping[str, Sequence[str]],
    *,
    d: float | None = None,
    k: int = DEFAULT_K,
    top: int = 5,
    weights: Mapping[str, float] | None = None,
) -> Assessment:
    """Compare an author's texts with every other author of `community` (name -> texts);
    `assess_models` with their models built."""
    return assess_models(
        author_model(author_texts),
        {name: author_model(texts) for name, texts in community.items()},
        d=d,
        k=k,
        top=top,
        weights=weights,
    )


def assess_models(
    mine: AuthorModel,
    community: Mapping[str, AuthorModel],
    *,
    d: float | None = None,
    k: int = DEFAULT_K,
    top: int = 5,
    weights: Mapping[str, float] | None = None,
) -> Assessment:
    """Compare an author's model with every other author's (name -> model) who wrote anything.

    Distances are the seed's (content-word unigrams, `SEED_WEIGHTS`) unless `weights` says
    otherwise. Without `d`, d is the community's own median nearest-neighbour distance, so
    "k at d" reads as "how many authors you hide among, by this community's standard".
    """
    if d is not None and not 0 <= d <= 1:
        raise ValueError("d must be between 0 and 1")
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError("k must be a whole number of at least 1")
    weights = weights or SEED_WEIGHTS
    others = {name: model for name, model in community.items() if model.words}
    if not others:
        raise ValueError("the community has no other author with any text")
    group = Community(others)
    distances = sorted(
        zip(group.names, (float(x) for x in group.distances(mine, weights))),
        key=lambda item: (item[1], item[0]),
    )
    d_source = "given"
    if d is None:
        d, d_source = group.median_nearest_distance(weights), "community median"
    # an author with nothing in common (distance 1) is never "within d", even at d = 1
    within = sum(1 for _, distance in distances if distance <= d and distance < 1.0)
    if k == 1:
        d_for_k: float | None = 0.0
    else:
        d_for_k = distances[k - 2][1] if len(distances) >= k - 1 else None
    return Assessment(
        neighbours=distances[:top],
        community=len(others),
        d=round(d, 4),
        d_source=d_source,
        k_at_d=1 + within,
        k=k,
        d_for_k=d_for_k,
        standouts=standouts(mine, feature_spread(others.values())) if mine.words else [],
        texts=mine.texts,
        words=mine.words,
        enough_text=mine.words >= MIN_WORDS,
    )


class Community:
    """Many authors' models as sparse matrices, for the distances from one model to all of them
    at once (the same values as `model_distance`, computed on the query's support only)."""

    def __init__(self, models: Mapping[str, AuthorModel]) -> None:
        import numpy as np
        from scipy import sparse

        self.names = list(models)
        self._models = dict(models)
        self._index: dict[str, dict[str, int]] = {}
        self._matrix: dict[str, Any] = {}
        for kind in ATTRIBUTE_TYPES:
            index: dict[str, int] = {}
            rows, cols, values = [], [], []
            for row, name in enumerate(self.names):
                for key, value in models[name].distributions.get(kind, {}).items():
                    rows.append(row)
                    cols.append(index.setdefault(key, len(index)))
                    values.append(value)
            self._index[kind] = index
            self._matrix[kind] = sparse.csc_matrix(
                (np.array(values, dtype=float), (rows, cols)),
                shape=(len(self.names), max(1, len(index))),
            )
        self._empty = {
            kind: np.asarray(self._matrix[kind].sum(axis=1)).ravel() == 0
            for kind in ATTRIBUTE_TYPES
        }

    def distances(self, model: AuthorModel, weights: Mapping[str, float] | None = None) -> Any:
        """The distance from `model` to every author, in `names` order (a numpy array)."""
        import numpy as np

        weights = weights or ALL_TYPES
        total = np.zeros(len(self.names))
        for kind, weight in weights.items():
            p = model.distributions.get(kind, {})
            if not p:
                total += weight
                continue
            index = self._index[kind]
            known = [(index[key], value) for key, value in p.items() if key in index]
            divergence = np.full(len(self.names), sum(p.values()))  # p's mass q lacks, for now
            if known:
                cols = [c for c, _ in known]
                pv = np.array([v for _, v in known])
                q = self._matrix[kind][:, cols].toarray()
                m = (pv + q) / 2
                with np.errstate(divide="ignore", invalid="ignore"):
                    p_terms = np.where(q > 0, pv * np.log2(pv / m), pv)
                    q_terms = np.where(q > 0, q * np.log2(q / m), 0.0)
                divergence = (
                    (divergence - pv.sum())
                    + p_terms.sum(axis=1)
                    + q_terms.sum(axis=1)
                    + (1.0 - q.sum(axis=1))
                )
            else:
                divergence = divergence + 1.0
            distance = np.sqrt(np.clip(divergence / 2, 0.0, 1.0))
            distance[self._empty[kind]] = 1.0
            total += weight * distance
        return total / sum(weights.values())

    def median_nearest_distance(self, weights: Mapping[str, float] | None = None) -> float:
        """The median, over the authors, of the distance to their nearest other author."""
        import numpy as np

        if len(self.names) < 2:
            return 1.0
        nearest = []
        for row, name in enumerate(self.names):
            distances = self.distances(self._models[name], weights)
            distances[row] = np.inf
            nearest.append(float(np.min(distances)))
        return float(np.median(nearest))
