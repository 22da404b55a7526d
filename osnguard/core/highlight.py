"""Split a text into plain and highlighted segments for templates (no HTML built in Python): the
posts pages mark fingerprint choices, the disclosure pages the leaked evidence."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Segment:
    text: str
    marked: bool


def segments(text: str, spans: list[tuple[int, int]]) -> list[Segment]:
    """`text` cut at the (possibly overlapping, unsorted) spans, which are marked."""
    cleaned = sorted((max(0, s), min(len(text), e)) for s, e in spans if e > s and s < len(text))
    merged: list[list[int]] = []
    for start, end in cleaned:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    out, cursor = [], 0
    for start, end in merged:
        if start > cursor:
            out.append(Segment(text[cursor:start], False))
        out.append(Segment(text[start:end], True))
        cursor = end
    if cursor < len(text):
        out.append(Segment(text[cursor:], False))
    return out
