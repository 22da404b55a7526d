"""Shape engine results for the compose templates: highlighted segments with their reasons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Piece:
    text: str
    phrase: Any = None  # the Phrase highlighted here, or None for plain text


def pieces(text: str, spans: list[tuple[int, int, Any]]) -> list[Piece]:
    """`text` cut into plain pieces and highlighted ones (overlaps keep the earlier span)."""
    out, cursor = [], 0
    for start, end, phrase in sorted(spans, key=lambda s: (s[0], -s[1])):
        if start < cursor or end <= start:
            continue
        if start > cursor:
            out.append(Piece(text[cursor:start]))
        out.append(Piece(text[start:end], phrase))
        cursor = end
    if cursor < len(text):
        out.append(Piece(text[cursor:]))
    return out


def analysis_context(text: str, result: Any) -> dict[str, Any]:
    phrases = list(result.phrases)
    return {
        "result": result,
        "phrases": phrases,
        "pieces": pieces(text, [(p.start, p.end, p) for p in phrases]),
        "percent": round(100 * float(result.score)),
    }


def review_context(text: str, result: Any, *, fingerprint_all: bool) -> dict[str, Any]:
    by_group: dict[str, list] = {}
    for version in result.versions:
        by_group.setdefault(version.group, []).append(version)
    groups = []
    for group in sorted(result.groups, key=lambda g: g.level):
        samples = by_group.get(group.name, [])[:3]
        groups.append({
            "group": group,
            "pieces": pieces(group.text, [(c.start, c.end, c) for c in group.choices]),
            "samples": [pieces(v.text, [(c.start, c.end, c) for c in v.choices if c.kind != "generalization"])
                        for v in samples],
            "friends": len(by_group.get(group.name, [])),
        })
    return {"text": text, "result": result, "groups": groups, "fingerprint_all": fingerprint_all,
            "recipients": len(result.versions)}
