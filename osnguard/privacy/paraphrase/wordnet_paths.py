"""WordNet path similarity between two words, cached per word (SPEC §3.1 step 3).

`word_path_similarity(w1, w2)` equals NLTK's `path_similarity` maximised over every pair of
synsets of the two words (with NLTK's default `simulate_root=True`), but instead of walking the
hypernym graph for each synset pair it caches, once per word, the shortest distance from any of
the word's synsets to each ancestor. The best path between two words then goes through their
nearest common ancestor:

    min over synset pairs of d(s1, a) + d(s2, a)  =  min_s1 d(s1, a) + min_s2 d(s2, a)

NLTK's simulated root (added when either synset is not a noun) joins two synsets at
`maxdepth(s1) + 1 + maxdepth(s2) + 1` edges; that candidate is cached per word as well.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from osnguard.privacy.resources import wordnet

_INF = float("inf")
_lock = threading.Lock()


@dataclass(frozen=True)
class WordAncestors:
    """What one word needs for path similarity: ancestor -> shortest distance, and root depths."""

    distances: dict[str, int]
    # smallest "max depth + 1" (distance to NLTK's fake root) over all / non-noun synsets
    root_any: float
    root_non_noun: float


def _synset_paths(synset: Any) -> dict[str, int]:
    """Breadth-first distances from a synset to itself and every (instance) hypernym."""
    path: dict[str, int] = {}
    frontier = [synset]
    depth = 0
    while frontier:
        following = []
        for node in frontier:
            name = node.name()
            if name in path:
                continue
            path[name] = depth
            following.extend(node.hypernyms())
            following.extend(node.instance_hypernyms())
        frontier = following
        depth += 1
    return path


@lru_cache(maxsize=200_000)
def ancestors(word: str) -> WordAncestors:
    """The cached ancestor distances of all synsets of `word` (a lemma; case-insensitive)."""
    wn = wordnet()
    with _lock:  # NLTK's lazy reader is not safe to fill from two threads at once
        synsets = wn.synsets(word.lower().replace(" ", "_"))
        distances: dict[str, int] = {}
        root_any = root_non_noun = _INF
        for synset in synsets:
            path = _synset_paths(synset)
            for name, dist in path.items():
                if dist < distances.get(name, _INF):
                    distances[name] = dist
            to_root = max(path.values()) + 1
            root_any = min(root_any, to_root)
            if synset.pos() != "n":
                root_non_noun = min(root_non_noun, to_root)
    return WordAncestors(distances, root_any, root_non_noun)


def _shortest_distance(a: WordAncestors, b: WordAncestors) -> float:
    small, large = (a, b) if len(a.distances) <= len(b.distances) else (b, a)
    best = _INF
    for name, dist in small.distances.items():
        other = large.distances.get(name)
        if other is not None and dist + other < best:
            best = dist + other
    # NLTK's fake root joins a pair when at least one of the two synsets is not a noun
    via_root = min(a.root_non_noun + b.root_any, a.root_any + b.root_non_noun)
    return min(best, via_root)


@lru_cache(maxsize=500_000)
def _cached_similarity(w1: str, w2: str) -> float:
    distance = _shortest_distance(ancestors(w1), ancestors(w2))
    return 0.0 if distance == _INF else 1.0 / (distance + 1)


def word_path_similarity(w1: str, w2: str) -> float:
    """Path similarity of two words in [0, 1]: 1 for the same word, 0 when WordNet has no path."""
    w1, w2 = w1.lower(), w2.lower()
    if w1 == w2:
        return 1.0
    if w2 < w1:
        w1, w2 = w2, w1
    return _cached_similarity(w1, w2)


@lru_cache(maxsize=200_000)
def within_one_edge(word: str) -> tuple[frozenset[str], frozenset[str]]:
    """The synsets of `word` and those one hypernym edge above them: two words are at path
    similarity 0.5 or more (a path of at most one edge) exactly when one's synsets meet the
    other's synsets or the synsets just above them (NLTK's simulated root is two edges away)."""
    distances = ancestors(word).distances
    own = frozenset(name for name, d in distances.items() if d == 0)
    above = frozenset(name for name, d in distances.items() if d == 1)
    return own, above


def nltk_word_path_similarity(w1: str, w2: str) -> float:
    """The slow reference: NLTK's path_similarity maximised over synset pairs (for tests)."""
    if w1.lower() == w2.lower():
        return 1.0
    wn = wordnet()
    best = 0.0
    for s1 in wn.synsets(w1.lower()):
        for s2 in wn.synsets(w2.lower()):
            best = max(best, s1.path_similarity(s2) or 0.0)
    return best
