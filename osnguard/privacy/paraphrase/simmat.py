"""SimMat, the seed's similarity-matching metric for paraphrase detection (SPEC §3.1, thesis §5.1.1).

1. Match the longest identical lemma sequences, each position used once (Algorithm 2).
2. Drop minor words from what is left: POS IN, MD, PRP$ and ".".
3. Match the remaining words one-to-one (Hungarian algorithm) on WordNet path similarity.
4. RelMat = (#Np + Σ len(p)^α + Σ path(w)^α) / (#Np + #Nw + Σ len(p)^α + Σ 1^α).
5. Brevity penalty p = 0.5 × (|ReW1 − ReW2| / max(ReW1, ReW2))^3;  SimMat = RelMat × (1 − p).

`simmat(a, b)` parses two strings; `simmat_tokens` works on already-parsed `Token`s so that batch
callers parse each sentence once. Two texts with nothing to compare (both empty) score 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linear_sum_assignment

from osnguard.privacy.paraphrase.parsing import Token, parse_many
from osnguard.privacy.paraphrase.wordnet_paths import word_path_similarity

MINOR_TAGS = frozenset({"IN", "MD", "PRP$", "."})
DEFAULT_ALPHA = 0.2


@dataclass
class SimMatResult:
    """SimMat and all its parts, so a classifier can use each separately."""

    simmat: float
    relmat: float
    penalty: float
    matched_phrases: list[tuple[str, ...]] = field(default_factory=list)  # lemma sequences
    matched_words: list[tuple[str, str, float]] = field(default_factory=list)  # (w1, w2, path)
    phrase_words: int = 0  # #Np
    remaining: tuple[int, int] = (0, 0)  # (ReW1, ReW2)
    lengths: tuple[int, int] = (0, 0)  # tokens in each sentence
    alpha: float = DEFAULT_ALPHA

    @property
    def similar_words(self) -> int:  # #Nw
        return len(self.matched_words)


def match_identical_phrases(
    lemmas1: Sequence[str], lemmas2: Sequence[str]
) -> list[tuple[int, int, int]]:
    """Algorithm 2: repeatedly take the longest run of identical lemmas over unused positions.

    Returns (start1, start2, length) in the order found. Ties go to the smallest start in the
    first sentence, then in the second, as in the seed's nested loops.
    """
    positions: dict[str, list[int]] = {}
    for j, lemma in enumerate(lemmas2):
        positions.setdefault(lemma, []).append(j)
    # the pairs of equal lemmas, in row order: runs grow along their diagonals
    pairs = [(i, j) for i, lemma in enumerate(lemmas1) for j in positions.get(lemma, ())]
    used1: set[int] = set()
    used2: set[int] = set()
    found: list[tuple[int, int, int]] = []
    while True:
        run: dict[tuple[int, int], int] = {}
        best: tuple[int, int, int] | None = None  # (length, -start1, -start2)
        for i, j in pairs:
            if i in used1 or j in used2:
                continue
            length = run.get((i - 1, j - 1), 0) + 1
            run[i, j] = length
            key = (length, length - 1 - i, length - 1 - j)
            if best is None or key > best:
                best = key
        if best is None:
            return found
        length, s1, s2 = best[0], -best[1], -best[2]
        found.append((s1, s2, length))
        used1.update(range(s1, s1 + length))
        used2.update(range(s2, s2 + length))


def _match_similar_words(words1: list[str], words2: list[str]) -> list[tuple[str, str, float]]:
    """Hungarian matching maximising the total WordNet path similarity."""
    if not words1 or not words2:
        return []
    weights = np.array([[word_path_similarity(a, b) for b in words2] for a in words1])
    rows, cols = linear_sum_assignment(weights, maximize=True)
    return [(words1[r], words2[c], float(weights[r, c])) for r, c in zip(rows, cols)]


def relmat_score(phrase_lengths: Iterable[int], paths: Iterable[float], alpha: float) -> float:
    """Eq. 5.2; 0 when nothing at all was matched."""
    lengths = list(phrase_lengths)
    paths = list(paths)
    n_p = sum(lengths)
    phrase_term = sum(length**alpha for length in lengths)
    numerator = n_p + phrase_term + sum(p**alpha for p in paths)
    denominator = n_p + len(paths) + phrase_term + len(paths)  # Σ_j 1^α = #Nw
    return numerator / denominator if denominator else 0.0


def brevity_penalty(rew1: int, rew2: int) -> float:
    """Eq. 5.3; 0 when both sentences have no words left."""
    longest = max(rew1, rew2)
    return 0.5 * (abs(rew1 - rew2) / longest) ** 3 if longest else 0.0


def simmat_tokens(
    tokens1: Sequence[Token],
    tokens2: Sequence[Token],
    *,
    alpha: float = DEFAULT_ALPHA,
    drop_punct: bool = False,
) -> SimMatResult:
    """SimMat of two parsed sentences. `drop_punct` removes all punctuation first (a variant)."""
    if alpha < 0:
        raise ValueError(f"alpha must be >= 0, got {alpha}")
    if drop_punct:
        tokens1 = [t for t in tokens1 if not t.is_punct]
        tokens2 = [t for t in tokens2 if not t.is_punct]
    lemmas1 = [t.lemma for t in tokens1]
    lemmas2 = [t.lemma for t in tokens2]
    phrases = match_identical_phrases(lemmas1, lemmas2)
    used1: set[int] = set()
    used2: set[int] = set()
    for s1, s2, length in phrases:
        used1.update(range(s1, s1 + length))
        used2.update(range(s2, s2 + length))
    rest1 = [t.lemma for i, t in enumerate(tokens1) if i not in used1 and t.tag not in MINOR_TAGS]
    rest2 = [t.lemma for i, t in enumerate(tokens2) if i not in used2 and t.tag not in MINOR_TAGS]
    words = _match_similar_words(rest1, rest2)
    relmat = relmat_score((length for *_, length in phrases), (p for *_, p in words), alpha)
    penalty = brevity_penalty(len(rest1), len(rest2))
    return SimMatResult(
        simmat=relmat * (1 - penalty),
        relmat=relmat,
        penalty=penalty,
        matched_phrases=[tuple(lemmas1[s1 : s1 + length]) for s1, _, length in phrases],
        matched_words=words,
        phrase_words=sum(length for *_, length in phrases),
        remaining=(len(rest1), len(rest2)),
        lengths=(len(tokens1), len(tokens2)),
        alpha=alpha,
    )


def simmat(a: str, b: str, *, alpha: float = DEFAULT_ALPHA) -> SimMatResult:
    """SimMat of two texts, exactly as the seed defines it (SPEC §3.1)."""
    tokens1, tokens2 = parse_many([a, b])
    return simmat_tokens(tokens1, tokens2, alpha=alpha)
