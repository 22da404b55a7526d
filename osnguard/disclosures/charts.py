"""Server-side chart data: bars scaled to the largest value, ready for the SVG templates."""

from __future__ import annotations

from dataclasses import dataclass

from .selectors import CountRow


@dataclass(frozen=True)
class Bar:
    label: str
    count: int
    percent: float  # of the largest bar, 0-100
    key: str = ""


def bars(rows: list[CountRow]) -> list[Bar]:
    top = max((r.count for r in rows), default=0)
    return [
        Bar(r.label, r.count, round(100.0 * r.count / top, 1) if top else 0.0, r.key) for r in rows
    ]


@dataclass(frozen=True)
class Column:
    label: str
    count: int
    x: float
    y: float
    height: float


def timeline_columns(
    rows: list[CountRow], *, width: float = 600, height: float = 120
) -> list[Column]:
    """Columns for an SVG timeline: one per day, heights scaled to the busiest day."""
    if not rows:
        return []
    top = max(r.count for r in rows) or 1
    step = width / len(rows)
    columns = []
    for i, row in enumerate(rows):
        h = 0.0 if row.count == 0 else max(2.0, (height - 14) * row.count / top)
        columns.append(
            Column(row.label, row.count, round(i * step + 1, 1), round(height - h, 1), round(h, 1))
        )
    return columns
