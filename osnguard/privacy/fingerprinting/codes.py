"""Codes over the slots of a message: choice vectors that differ pairwise in at least d positions.

Slot j has `sizes[j]` alternatives, so a version is a vector in the mixed-radix space
Π range(sizes[j]). `greedy_code` picks `count` vectors with pairwise Hamming distance >= d: a greedy
lexicode (vectors in lexicographic order, each kept if far enough from all kept so far) when the
space is small, and a seeded randomised greedy search when it is large. Both are deterministic for
a given seed. `best_code` lowers d from the target until `count` vectors fit. `Avoid` keeps a new
code away from codewords given out before (another group's friends).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np

LEXICODE_LIMIT = 32_768  # enumerate spaces up to this size; sample larger ones
RANDOM_TRIES = 40  # random candidates drawn per wanted codeword before giving up


@dataclass
class Code:
    """Codewords (rows) over the slots, and the smallest pairwise distance actually reached."""

    words: np.ndarray
    distance: int

    def __len__(self) -> int:
        return len(self.words)


def space_size(sizes: Sequence[int]) -> int:
    return math.prod(int(s) for s in sizes)


def rng_for(seed: str) -> np.random.Generator:
    digest = hashlib.sha256(seed.encode("utf-8")).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "big"))


def all_vectors(sizes: Sequence[int]) -> np.ndarray:
    """Every vector of the space in lexicographic order (first slot most significant)."""
    grids = np.meshgrid(*[np.arange(s, dtype=np.int16) for s in sizes], indexing="ij")
    return np.stack([g.ravel() for g in grids], axis=1)


@dataclass
class Avoid:
    """Codewords already given out (e.g. to another group), and for each how many positions its
    versions already differ by outside these slots; a new word must make the total >= d."""

    words: np.ndarray
    offsets: np.ndarray

    def required(self, distance: int) -> np.ndarray:
        return distance - self.offsets


def far_enough(candidates: np.ndarray, avoid: Avoid | None, distance: int) -> np.ndarray:
    """Mask of candidate rows at the required distance from every word in `avoid`."""
    mask = np.ones(len(candidates), dtype=bool)
    if avoid is None or not len(avoid.words):
        return mask
    need = avoid.required(distance)
    relevant = need > 0
    words, need = avoid.words[relevant], need[relevant]
    for start in range(0, len(words), 64):
        block = words[start : start + 64]
        dist = (candidates[:, None, :] != block[None, :, :]).sum(axis=2)
        mask &= (dist >= need[start : start + 64][None, :]).all(axis=1)
    return mask


def lexicode(sizes: Sequence[int], count: int, distance: int, avoid: Avoid | None = None) -> np.ndarray:
    """Greedy lexicode: scan the space in order, keep vectors at distance >= d from those kept."""
    candidates = all_vectors(sizes)
    candidates = candidates[far_enough(candidates, avoid, distance)]
    kept: list[np.ndarray] = []
    while len(kept) < count and len(candidates):
        word = candidates[0]
        kept.append(word)
        candidates = candidates[(candidates != word).sum(axis=1) >= distance]
    return np.array(kept, dtype=np.int16).reshape(len(kept), len(sizes))


def random_greedy(sizes: Sequence[int], count: int, distance: int, seed: str, avoid: Avoid | None = None) -> np.ndarray:
    """Seeded random candidates, each kept if at distance >= d from all kept so far."""
    rng = rng_for(seed)
    limits = np.array(sizes, dtype=np.int64)
    kept = np.zeros((count, len(sizes)), dtype=np.int16)
    found, tries = 0, 0
    max_tries = RANDOM_TRIES * count + 1000
    while found < count and tries < max_tries:
        batch = (rng.random((256, len(sizes))) * limits).astype(np.int16)
        batch = batch[far_enough(batch, avoid, distance)]
        tries += 256 - len(batch)
        for word in batch:
            tries += 1
            if found == 0 or int((kept[:found] != word).sum(axis=1).min()) >= distance:
                kept[found] = word
                found += 1
                if found == count:
                    break
    return kept[:found]


def greedy_code(sizes: Sequence[int], count: int, distance: int, seed: str = "", avoid: Avoid | None = None) -> np.ndarray:
    """Up to `count` codewords with pairwise distance >= `distance`."""
    if count <= 0:
        return np.zeros((0, len(sizes)), dtype=np.int16)
    if not sizes:
        return np.zeros((1, 0), dtype=np.int16)
    if space_size(sizes) <= LEXICODE_LIMIT:
        return lexicode(sizes, count, distance, avoid)
    return random_greedy(sizes, count, distance, seed, avoid)


def min_distance(words: np.ndarray) -> int:
    """Smallest Hamming distance between two rows (0 if rows repeat; len(row) if < 2 rows)."""
    if len(words) < 2:
        return int(words.shape[1]) if words.ndim == 2 else 0
    best = words.shape[1]
    for start in range(0, len(words), 256):
        block = words[start : start + 256]
        dist = (block[:, None, :] != words[None, :, :]).sum(axis=2)
        for row in range(len(block)):
            dist[row, start + row] = words.shape[1] + 1  # ignore self
        best = min(best, int(dist.min()))
    return best


def best_code(
    sizes: Sequence[int], count: int, target: int = 3, seed: str = "", avoid: Avoid | None = None
) -> Code | None:
    """The code with the largest distance <= target that holds `count` words; None if the space
    has fewer than `count` vectors."""
    if count <= 0:
        return Code(np.zeros((0, len(sizes)), dtype=np.int16), target)
    if space_size(sizes) < count:
        return None
    for distance in range(min(target, max(len(sizes), 1)), 0, -1):
        words = greedy_code(sizes, count, distance, seed, avoid)
        if len(words) == count:
            reached = min_distance(words) if count > 1 else distance
            return Code(words, max(reached, distance) if count > 1 else distance)
    return None
