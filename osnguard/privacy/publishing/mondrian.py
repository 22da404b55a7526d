"""Mondrian multidimensional partitioning over taxonomy paths (LeFevre et al., seed 001 §4.3).

A row is a mapping attribute -> path (general -> specific; `NOT_STATED` when the record does not
say the attribute; the empty path is the root, "any value"). Partitioning starts with every row
in one partition and repeatedly splits a partition on the attribute whose common ancestor covers
the largest share of the attribute's domain, into the children of that ancestor. Children with at
least k rows become partitions of their own; the smaller ones are pooled (with rows that sit on
the ancestor itself), and a pool smaller than k joins the smallest child. A split is made only
when it leaves at least two partitions of at least k rows, so every final partition, and hence
every equivalence class of the released rows, has at least k rows.

Each partition releases, per attribute, the deepest common ancestor of its rows' paths. The
simple anonymization (no k) generalizes every value by a fixed rule instead (`simple_release`).
This module knows nothing of text: records.py makes the paths, release.py the output.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Path = tuple[str, ...]
Row = Mapping[str, Path]
NOT_STATED: Path = ("(not stated)",)
ROOT: Path = ()


def common_ancestor(paths: Sequence[Path]) -> Path:
    """The deepest node every path passes through (their longest common prefix)."""
    if not paths:
        return ROOT
    first = paths[0]
    size = len(first)
    for path in paths[1:]:
        size = min(size, len(path))
        for i in range(size):
            if path[i] != first[i]:
                size = i
                break
    return first[:size]


@dataclass(frozen=True)
class Domain:
    """The values an attribute takes in the data (each distinct stated path counts once)."""

    values: frozenset[Path]

    @property
    def size(self) -> int:
        return len(self.values)

    def covered(self, node: Path) -> int:
        """How many domain values lie at or under `node`."""
        return sum(1 for value in self.values if value[: len(node)] == node)


def domains(rows: Sequence[Row], attributes: Sequence[str]) -> dict[str, Domain]:
    """Each attribute's domain: the distinct stated paths of the rows."""
    return {
        attribute: Domain(
            frozenset(
                row.get(attribute, NOT_STATED)
                for row in rows
                if row.get(attribute, NOT_STATED) != NOT_STATED
            )
        )
        for attribute in attributes
    }


def _split(
    members: list[int], rows: Sequence[Row], attribute: str, k: int
) -> list[list[int]] | None:
    """Split `members` into the children of their common ancestor on `attribute`, or None."""
    paths = [rows[i].get(attribute, NOT_STATED) for i in members]
    ancestor = common_ancestor(paths)
    depth = len(ancestor)
    children: dict[str, list[int]] = {}
    pool: list[int] = []
    for i, path in zip(members, paths):
        if len(path) > depth:
            children.setdefault(path[depth], []).append(i)
        else:
            pool.append(i)
    parts: list[list[int]] = []
    for group in children.values():
        if len(group) >= k:
            parts.append(group)
        else:
            pool.extend(group)
    if pool:
        if len(pool) >= k:
            parts.append(pool)
        elif parts:
            min(parts, key=len).extend(pool)
        else:
            return None
    return parts if len(parts) >= 2 else None


def _width(members: list[int], rows: Sequence[Row], attribute: str, domain: Domain) -> float:
    if domain.size == 0:
        return 0.0
    ancestor = common_ancestor([rows[i].get(attribute, NOT_STATED) for i in members])
    if ancestor == NOT_STATED:
        return 0.0
    return domain.covered(ancestor) / domain.size


def partition(rows: Sequence[Row], attributes: Sequence[str], k: int) -> list[list[int]]:
    """Mondrian partitions of row indices, each of at least k rows (all rows in one partition
    when they cannot be split; no partition at all when there are fewer than k rows)."""
    if k < 1:
        raise ValueError("k must be at least 1")
    if len(rows) < k:
        return []
    by_attribute = domains(rows, attributes)
    done: list[list[int]] = []
    stack = [list(range(len(rows)))]
    while stack:
        members = stack.pop()
        order = sorted(
            attributes,
            key=lambda a: -_width(members, rows, a, by_attribute[a]),
        )
        for attribute in order:
            parts = _split(members, rows, attribute, k)
            if parts is not None:
                stack.extend(parts)
                break
        else:
            done.append(sorted(members))
    return sorted(done, key=lambda part: part[0])


def mondrian_release(
    rows: Sequence[Row], attributes: Sequence[str], k: int
) -> tuple[list[dict[str, Path]], list[int]]:
    """The released path of every row (its partition's common ancestors), and the indices of
    suppressed rows (all of them when there are fewer than k)."""
    parts = partition(rows, attributes, k)
    released: list[dict[str, Path]] = [{} for _ in rows]
    for members in parts:
        for attribute in attributes:
            node = common_ancestor([rows[i].get(attribute, NOT_STATED) for i in members])
            for i in members:
                released[i][attribute] = node
    suppressed = [] if parts else list(range(len(rows)))
    return released, suppressed


# How the simple anonymization generalizes each attribute (seed 004, table 6): to the root
# ("any"), to a fixed depth (age -> its ten-year range), or one step up its chain.
SIMPLE_RULES: dict[str, str | int] = {
    "gender": "root",
    "language": "root",
    "age": 2,
}


def simple_node(attribute: str, path: Path) -> Path:
    """The node the simple anonymization releases for a stated value."""
    if path == NOT_STATED:
        return path
    rule = SIMPLE_RULES.get(attribute, "up")
    if rule == "root":
        return ROOT
    if isinstance(rule, int):
        return path[:rule]
    return path[:-1]


def simple_release(rows: Sequence[Row], attributes: Sequence[str]) -> list[dict[str, Path]]:
    """Every value generalized by `SIMPLE_RULES`, whatever the class sizes."""
    return [
        {
            attribute: simple_node(attribute, row.get(attribute, NOT_STATED))
            for attribute in attributes
        }
        for row in rows
    ]


def classes(released: Sequence[Mapping[str, Path]], keep: Sequence[int]) -> list[list[int]]:
    """Equivalence classes: the kept rows grouped by their whole released tuple."""
    groups: dict[tuple[tuple[str, Path], ...], list[int]] = {}
    for i in keep:
        groups.setdefault(tuple(sorted(released[i].items())), []).append(i)
    return sorted(groups.values(), key=lambda members: (-len(members), members[0]))


def discernibility(class_sizes: Sequence[int], suppressed: int, total: int) -> int:
    """DM: Σ n² over the classes, plus |D| for every suppressed record (Fung et al., 2010)."""
    return sum(n * n for n in class_sizes) + suppressed * total


def loss(
    rows: Sequence[Row],
    released: Sequence[Mapping[str, Path]],
    attributes: Sequence[str],
    keep: Sequence[int],
) -> tuple[float, dict[str, float]]:
    """LM, averaged over every stated value of the kept rows, and per attribute: a value released
    as node v costs (n − 1) / m, n the domain values under v and m the attribute's domain size."""
    by_attribute = domains(rows, attributes)
    costs: dict[str, list[float]] = {attribute: [] for attribute in attributes}
    for i in keep:
        for attribute in attributes:
            if rows[i].get(attribute, NOT_STATED) == NOT_STATED:
                continue
            domain = by_attribute[attribute]
            node = released[i][attribute]
            costs[attribute].append((domain.covered(node) - 1) / domain.size)
    every = [cost for values in costs.values() for cost in values]
    per = {a: round(sum(v) / len(v), 4) for a, v in costs.items() if v}
    return (round(sum(every) / len(every), 4) if every else 0.0), per


def unique_share(class_sizes: Sequence[int], total: int) -> float:
    """The share of records whose released quasi-identifier combination is unique."""
    return round(sum(1 for n in class_sizes if n == 1) / total, 4) if total else 0.0
