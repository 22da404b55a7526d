"""TF-KLD learned term weights and latent sentence vectors (Ji & Eisenstein, EMNLP 2013).

Each unigram and bigram of lemmas gets a weight: the KL divergence between how often a pair
shares it when the pair is a paraphrase and when it is not (given that one sentence has it).
Sentences become weighted bag-of-n-gram vectors reduced by truncated SVD; a pair is described by
the sum and absolute difference of its two latent vectors, and their cosine. Fit on MSRP train only.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.sparse import csr_matrix

from osnguard.privacy.paraphrase.parsing import Token

Sentence = Sequence[Token]


def ngrams(sentence: Sentence) -> list[str]:
    """Lower-cased lemma unigrams and bigrams of a sentence, punctuation left out."""
    lemmas = [t.lemma for t in sentence if not t.is_punct]
    return lemmas + [f"{x} {y}" for x, y in itertools.pairwise(lemmas)]


def _bernoulli_kl(p: float, q: float) -> float:
    return p * math.log(p / q) + (1 - p) * math.log((1 - p) / (1 - q))


@dataclass
class TfKld:
    """A fitted TF-KLD model: vocabulary, KL weights and the SVD projection."""

    vocabulary: dict[str, int]
    weights: np.ndarray
    components: np.ndarray  # (dims, vocabulary)

    @property
    def dims(self) -> int:
        return int(self.components.shape[0])

    def feature_names(self) -> list[str]:
        return (
            [f"tfkld_sum{i}" for i in range(self.dims)]
            + [f"tfkld_diff{i}" for i in range(self.dims)]
            + ["tfkld_cosine"]
        )

    def sentence_matrix(self, sentences: Sequence[Sentence]) -> csr_matrix:
        rows, cols, values = [], [], []
        for row, sentence in enumerate(sentences):
            for gram, count in Counter(ngrams(sentence)).items():
                col = self.vocabulary.get(gram)
                if col is not None:
                    rows.append(row)
                    cols.append(col)
                    values.append(count * self.weights[col])
        shape = (len(sentences), len(self.vocabulary))
        return csr_matrix((values, (rows, cols)), shape=shape, dtype=np.float64)

    def vectors(self, sentences: Sequence[Sentence]) -> np.ndarray:
        return np.asarray(self.sentence_matrix(sentences) @ self.components.T)

    def pair_features(self, first: Sequence[Sentence], second: Sequence[Sentence]) -> np.ndarray:
        v1, v2 = self.vectors(first), self.vectors(second)
        norms = np.linalg.norm(v1, axis=1) * np.linalg.norm(v2, axis=1)
        cosine = np.where(norms > 0, (v1 * v2).sum(axis=1) / np.maximum(norms, 1e-12), 0.0)
        return np.hstack([v1 + v2, np.abs(v1 - v2), cosine[:, None]])


def fit_tfkld(
    first: Sequence[Sentence],
    second: Sequence[Sentence],
    labels: Sequence[bool] | np.ndarray,
    *,
    dims: int = 100,
    min_count: int = 2,
    smoothing: float = 0.05,
    seed: int = 0,
) -> TfKld:
    """Learn KL weights from labelled pairs and an SVD basis from their sentences."""
    if not (len(first) == len(second) == len(labels)) or len(labels) == 0:
        raise ValueError(
            "TF-KLD needs the same, non-zero number of first sentences, seconds and labels"
        )
    shared: dict[bool, Counter[str]] = {True: Counter(), False: Counter()}  # in both sentences
    single: dict[bool, Counter[str]] = {True: Counter(), False: Counter()}  # in exactly one
    frequency: Counter[str] = Counter()
    for s1, s2, label in zip(first, second, labels):
        g1, g2 = set(ngrams(s1)), set(ngrams(s2))
        shared[bool(label)].update(g1 & g2)
        single[bool(label)].update(g1 ^ g2)
        frequency.update(g1 | g2)
    vocab = sorted(g for g, n in frequency.items() if n >= min_count)
    vocabulary = {g: i for i, g in enumerate(vocab)}
    weights = np.empty(len(vocab))
    for i, gram in enumerate(vocab):
        p = (shared[True][gram] + smoothing) / (
            shared[True][gram] + single[True][gram] + 2 * smoothing
        )
        q = (shared[False][gram] + smoothing) / (
            shared[False][gram] + single[False][gram] + 2 * smoothing
        )
        weights[i] = _bernoulli_kl(p, q)
    model = TfKld(vocabulary, weights, np.zeros((0, len(vocab))))
    matrix = model.sentence_matrix([*first, *second])
    from sklearn.decomposition import TruncatedSVD  # slow to import: only when fitting

    svd = TruncatedSVD(n_components=min(dims, len(vocab) - 1), random_state=seed)
    svd.fit(matrix)
    model.components = svd.components_
    return model
