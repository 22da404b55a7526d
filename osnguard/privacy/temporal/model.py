"""Data types of the temporal stage: a recognised, normalised time expression and intervals."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

TIMEX_TYPES: tuple[str, ...] = ("DATE", "TIME", "DURATION", "SET")
PARTS_OF_DAY: tuple[str, ...] = ("MO", "MI", "AF", "EV", "NI", "DT")

Interval = tuple[datetime, datetime]


@dataclass(frozen=True)
class TimeExpression:
    """One time expression of a text, normalised TIMEX3-style and, where possible, to an interval.

    `start`/`end`/`text` is the TIMEX3 extent (no governing preposition: "10AM" in "at 10AM");
    `phrase_start` also covers the preposition that governs it ("at 10AM"), which is what a
    generalization replaces. `interval` is inclusive, to the second, or None when the expression
    cannot be anchored (durations, sets, vague past/future references).
    """

    start: int
    end: int
    text: str
    type: str
    value: str
    interval: Interval | None = None
    part_of_day: str | None = None
    phrase_start: int | None = None
    mod: str | None = None
    vague: bool = False  # weakly anchored ("the week", "the future"): not worth flagging alone

    @property
    def phrase_span(self) -> tuple[int, int]:
        return (self.start if self.phrase_start is None else self.phrase_start, self.end)

    def phrase(self, text: str) -> str:
        """The expression with its governing preposition, read from the text it was found in."""
        start, end = self.phrase_span
        return text[start:end]
