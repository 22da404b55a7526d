"""Codes over the slots of a message: choice vectors that differ pairwise in at least d positions.

Slot j has `sizes[j]` alternatives, so a version is a vector in the mixed-radix space
Π range(sizes[j]). `greedy_code` picks `count` vectors with pairwise Hamming distance >= d: a greedy
lexicode (vectors in lexicographic order, each kept if far enough from all kept so far) when the
space is small, and a seeded randomised greedy search when it is large. Both are deterministic for
a given seed. `best_code` lowers d from the target until `count` vectors fit. `Avoid` keeps a new
code away from codewords given out before (another group's friends).

Distance is Hamming by default; `tables` may give slot j a matrix of distances between its
alternatives instead (a wording slot: "a university in Tokyo" vs "a Tokyo university" is 3 word
edits, vs "a college in Tokyo" 1), and the distance of two vectors is the sum over the slots.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

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


Tables = (
    Sequence[np.ndarray | None] | None
)  # per slot: distances between its alternatives (None: Hamming)


def distances_to(candidates: np.ndarray, word: np.ndarray, tables: Tables = None) -> np.ndarray:
    """Distance of each candidate row to one word."""
    if tables is None:
        return np.asarray((candidates != word).sum(axis=1))
    total = np.zeros(len(candidates), dtype=np.int64)
    for j, table in enumerate(tables):
        if table is None:
            total += candidates[:, j] != word[j]
        else:
            total += table[candidates[:, j], int(word[j])]
    return total


@dataclass
class Avoid:
    """Codewords already given out (e.g. to another group), and for each how many positions its
    versions already differ by outside these slots; a new word must make the total >= d.

    `costs` (one (len(words), size_j) matrix per slot, from `Avoid.from_costs`) replaces the
    Hamming comparison with `words` when the earlier versions are not codewords over the same
    slots: cost[j][w, v] is how far earlier version w is from alternative v in slot j."""

    words: np.ndarray
    offsets: np.ndarray
    costs: list[np.ndarray] | None = None

    @classmethod
    def from_costs(cls, costs: list[np.ndarray], offsets: np.ndarray) -> Avoid:
        return cls(
            np.zeros((len(offsets), len(costs)), dtype=np.int16),
            np.asarray(offsets, dtype=np.int64),
            costs,
        )

    def required(self, distance: int) -> np.ndarray:
        return distance - self.offsets

    def restricted(
        self,
        columns: Sequence[int],
        fixed: Sequence[int],
        values: np.ndarray,
        tables: Tables = None,
    ) -> Avoid:
        """The same constraint over `columns` only, the `fixed` columns set to `values`."""
        offsets = self.offsets.astype(np.int64).copy()
        if self.costs is not None:
            for j, value in zip(fixed, values):
                offsets += self.costs[j][:, int(value)]
            return Avoid(self.words[:, list(columns)], offsets, [self.costs[j] for j in columns])
        for j, value in zip(fixed, values):
            table = tables[j] if tables is not None else None
            offsets += (
                (self.words[:, j] != value)
                if table is None
                else table[self.words[:, j], int(value)]
            )
        return Avoid(self.words[:, list(columns)], offsets)


def far_enough(
    candidates: np.ndarray, avoid: Avoid | None, distance: int, tables: Tables = None
) -> np.ndarray:
    """Mask of candidate rows at the required distance from every word in `avoid`."""
    mask = np.ones(len(candidates), dtype=bool)
    if avoid is None or not len(avoid.words):
        return mask
    need = avoid.required(distance)
    relevant = np.flatnonzero(need > 0)
    if not len(relevant):
        return mask
    if avoid.costs is not None:
        for start in range(0, len(relevant), 64):
            rows = relevant[start : start + 64]
            dist = np.zeros((len(candidates), len(rows)), dtype=np.int64)
            for j, cost in enumerate(avoid.costs):
                dist += cost[rows][:, candidates[:, j]].T
            mask &= (dist >= need[rows][None, :]).all(axis=1)
        return mask
    words, need = avoid.words[relevant], need[relevant]
    for start in range(0, len(words), 64):
        block = words[start : start + 64]
        if tables is None:
            dist = (candidates[:, None, :] != block[None, :, :]).sum(axis=2)
        else:
            dist = np.stack([distances_to(candidates, word, tables) for word in block], axis=1)
        mask &= (dist >= need[start : start + 64][None, :]).all(axis=1)
    return mask


def lexicode(
    sizes: Sequence[int],
    count: int,
    distance: int,
    avoid: Avoid | None = None,
    tables: Tables = None,
) -> np.ndarray:
    """Greedy lexicode: scan the space in order, keep vectors at distance >= d from those kept."""
    candidates = all_vectors(sizes)
    candidates = candidates[far_enough(candidates, avoid, distance, tables)]
    kept: list[np.ndarray] = []
    while len(kept) < count and len(candidates):
        word = candidates[0]
        kept.append(word)
        candidates = candidates[distances_to(candidates, word, tables) >= distance]
    return np.array(kept, dtype=np.int16).reshape(len(kept), len(sizes))


def random_greedy(
    sizes: Sequence[int],
    count: int,
    distance: int,
    seed: str,
    avoid: Avoid | None = None,
    tables: Tables = None,
) -> np.ndarray:
    """Seeded random candidates, each kept if at distance >= d from all kept so far."""
    rng = rng_for(seed)
    limits = np.array(sizes, dtype=np.int64)
    kept = np.zeros((count, len(sizes)), dtype=np.int16)
    found, tries = 0, 0
    max_tries = RANDOM_TRIES * count + 1000
    while found < count and tries < max_tries:
        batch = (rng.random((256, len(sizes))) * limits).astype(np.int16)
        batch = batch[far_enough(batch, avoid, distance, tables)]
        tries += 256 - len(batch)
        for word in batch:
            tries += 1
            if found == 0 or int(distances_to(kept[:found], word, tables).min()) >= distance:
                kept[found] = word
                found += 1
                if found == count:
                    break
    return kept[:found]


def greedy_code(
    sizes: Sequence[int],
    count: int,
    distance: int,
    seed: str = "",
    avoid: Avoid | None = None,
    tables: Tables = None,
) -> np.ndarray:
    """Up to `count` codewords with pairwise distance >= `distance`."""
    if count <= 0:
        return np.zeros((0, len(sizes)), dtype=np.int16)
    if not sizes:
        return np.zeros((1, 0), dtype=np.int16)
    if space_size(sizes) <= LEXICODE_LIMIT:
        return lexicode(sizes, count, distance, avoid, tables)
    return random_greedy(sizes, count, distance, seed, avoid, tables)


def max_distance(n_slots: int, tables: Tables = None) -> int:
    """The largest distance two vectors can have."""
    if tables is None:
        return n_slots
    return sum(1 if t is None else int(t.max(initial=0)) for t in tables)


def min_distance(words: np.ndarray, tables: Tables = None) -> int:
    """Smallest distance between two rows (0 if rows repeat; the largest possible if < 2 rows)."""
    top = max_distance(words.shape[1], tables) if words.ndim == 2 else 0
    if len(words) < 2:
        return top
    best = top
    for start in range(0, len(words), 256):
        block = words[start : start + 256]
        if tables is None:
            dist = (block[:, None, :] != words[None, :, :]).sum(axis=2)
        else:
            dist = np.stack([distances_to(words, word, tables) for word in block])
        for row in range(len(block)):
            dist[row, start + row] = top + 1  # ignore self
        best = min(best, int(dist.min()))
    return best


def best_code(
    sizes: Sequence[int],
    count: int,
    target: int = 3,
    seed: str = "",
    avoid: Avoid | None = None,
    tables: Tables = None,
) -> Code | None:
    """The code with the largest distance <= target that holds `count` words; None if the space
    has fewer than `count` vectors."""
    if count <= 0:
        return Code(np.zeros((0, len(sizes)), dtype=np.int16), target)
    if space_size(sizes) < count:
        return None
    # two words can be no further apart than max_distance; one word only has `avoid` to keep
    top = target if count == 1 else min(target, max(max_distance(len(sizes), tables), 1))
    for distance in range(top, 0, -1):
        words = greedy_code(sizes, count, distance, seed, avoid, tables)
        if len(words) == count:
            reached = min_distance(words, tables) if count > 1 else distance
            return Code(words, max(reached, distance) if count > 1 else distance)
    return None
