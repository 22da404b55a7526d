"""Shape engine results for the compose templates: highlighted segments with their reasons."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from osnguard.privacy.attribution import TRACE_MARGIN
from osnguard.privacy.fingerprinting import strip_invisible

from .forms import ARROW, text_hash


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


def verdict_certainty(private: bool | None, score: float | None) -> int | None:
    """How sure the verdict is, in percent: the score for "private", its complement for "nothing
    private" (a score of 0.1 is 90% sure there is nothing private)."""
    if private is None or score is None:
        return None
    return round(100 * (float(score) if private else 1 - float(score)))


def analysis_context(text: str, result: Any) -> dict[str, Any]:
    """The live analysis: the verdict, or for an unchecked message its failures (no verdict), and
    the highlighted phrases found."""
    phrases = list(result.phrases)
    return {
        "result": result,
        "phrases": phrases,
        "pieces": pieces(text, [(p.start, p.end, p) for p in phrases]),
        "certainty": verdict_certainty(result.private, result.score),
        "failures": list(result.failures),
    }


@dataclass(frozen=True)
class OptionRow:
    degree: int
    label: str
    selected: bool
    disabled: bool
    natural: bool


def option_label(option: Any) -> str:
    """One option as the select shows it: its wording, information loss, k-figure, naturalness."""
    if option.kind == "suppression":
        words = "remove it"
    elif option.kind == "original":
        words = f"“{option.text}” (as written)"
    else:
        words = f"“{option.text}”"
    parts = [words, f"loss {float(option.info_loss):.2f}"]
    if option.k is not None and option.k > 1:
        parts.append(f"hides you among {option.k:,}")
    if not option.natural:
        parts.append("⚠ reads unnaturally")
    return " · ".join(parts)


def _phrase_rows(proposal: Any, group_name: str) -> list[dict[str, Any]]:
    review = proposal.groups.get(group_name)
    rows = []
    for phrase in proposal.phrases:
        chosen = review.degrees.get(phrase.key, 0) if review else 0
        default = review.defaults.get(phrase.key, chosen) if review else chosen
        rows.append(
            {
                "key": phrase.key,
                "phrase": phrase.phrase,
                "default": default,
                "options": [
                    OptionRow(
                        o.degree,
                        option_label(o),
                        o.degree == chosen,
                        not ok and o.degree != chosen,
                        bool(o.natural),
                    )
                    for o, ok in zip(phrase.options, phrase.available)
                ],
                "temporal": any(o.kind == "suppression" for o in phrase.options),
            }
        )
    return rows


def leak_trace(group: Any, *, invisible: bool = False, looks: int = 1) -> str:
    """In plain words, what a copy of this group's version found online can be traced to:
    pasted (the invisible fingerprint survives copy and paste) and retyped (the wording only).
    `looks` is how many different-looking versions the group has (wording and typography):
    when friends share one, leaks of several posts add up (attribution/tracing.py)."""
    if not group.friends:
        return "no friends in this group yet"
    if group.friends == 1:
        return "a copy of this version points to its one friend"
    if not group.min_distance:
        retyped = "some friends here get the same words: retyped, a copy points to this group"
        if looks > 1:
            posts = leaks_to_name(friends=group.friends, looks=looks)
            retyped += (
                f"; copies that keep the spelling and spacing of about {posts} of your posts "
                "together point to the friend"
                if posts <= MAX_POSTS_SAID
                else ""
            )
    else:
        retyped = (
            "each friend here gets their own words: retyped, a copy points to the friend who "
            "shared it (an edited one at least to this group)"
        )
    if invisible:
        return (
            "a copy pasted anywhere, even in part, points to the friend who shared it (its "
            f"invisible fingerprint); {retyped}"
        )
    return retyped.replace("retyped, a copy", "a copy")


MAX_POSTS_SAID = 10  # beyond this many posts, the review does not promise tracing


def leaks_to_name(*, friends: int, looks: int) -> int:
    """About how many leaked posts name a friend among `friends` who share `looks` versions a
    post: each leak narrows the suspects by about `looks`, and a name needs the group's friends
    told apart plus the tracing margin (attribution/tracing.py)."""
    if looks < 2:
        return MAX_POSTS_SAID + 1
    return max(2, math.ceil((math.log(friends) + TRACE_MARGIN) / math.log(looks)))


# Readings of names (which Boston, which Apple) are asked up front: a wrong one makes versions
# false. Readings of ordinary words (which sense of "sister") wait under "More settings".
NAME_CATEGORIES = frozenset({"location", "work", "education", "religion", "politics", "health"})


def message_trace(groups: list[dict[str, Any]]) -> str:
    """One plain sentence for the whole review: what a copy of this post found online can be
    traced to (per-group details stay under each group's "Customize")."""
    with_friends = [g for g in groups if g["friends"]]
    if not with_friends:
        return "None of your groups has friends yet, so no friend would see this post."
    pasted = any(g["invisible"] for g in with_friends)
    shared = [
        g["group"].name for g in with_friends if g["friends"] > 1 and not g["group"].min_distance
    ]
    lead = (
        "A copy pasted anywhere, even in part, points to the friend who shared it. "
        if pasted
        else ""
    )
    copy = "Retyped, a copy" if pasted else "A copy"
    if not shared:
        return f"{lead}{copy} points to the friend who shared it: each friend gets their own words."
    named = ", ".join(shared[:-1]) + (" and " if len(shared) > 1 else "") + shared[-1]
    return (
        f"{lead}{copy} points to the friend who shared it, or, where friends get the same words "
        f"({named}), to their group until copies of a few of your posts tell them apart."
    )


def review_context(text: str, proposal: Any) -> dict[str, Any]:
    """Everything `_review.html` shows: per group its text, choices, fingerprint words and samples;
    per message the readings of ambiguous phrases, rejected synonyms and the review's state."""
    result = proposal.result
    by_group: dict[str, list] = {}
    for version in result.versions:
        by_group.setdefault(version.group, []).append(version)
    rejected = {f"{a}{ARROW}{b}" for a, b in proposal.rejected}
    groups = []
    for group in sorted(result.groups, key=lambda g: g.level):
        review = proposal.groups.get(group.name)
        members = by_group.get(group.name, [])
        samples = members[:3]
        shown = [strip_invisible(v.text) for v in members]  # what each friend reads
        invisible = any(text != v.text for text, v in zip(shown, members))
        groups.append(
            {
                "group": group,
                "review": review,
                "pieces": pieces(group.text, [(c.start, c.end, c) for c in group.choices]),
                "samples": [
                    pieces(
                        v.text,
                        [(c.start, c.end, c) for c in v.choices if c.kind != "generalization"],
                    )
                    for v in samples
                ],
                "friends": len(members),
                "invisible": invisible,
                "trace": leak_trace(group, invisible=invisible, looks=len(set(shown))),
                "phrases": _phrase_rows(proposal, group.name) if result.private else [],
                "synonyms": [
                    {"original": o, "alternative": a, "value": f"{o}{ARROW}{a}"}
                    for o, alts in (review.synonyms if review else [])
                    for a in alts
                    if f"{o.lower()}{ARROW}{a.lower()}" not in rejected
                ],
                "realisations": [
                    {"original": o or "(nothing)", "alternative": a or "(dropped)"}
                    for o, alts in (review.realisations if review else [])
                    for a in alts
                ],
            }
        )
    readings = [
        {"key": p.key, "phrase": p.phrase, "reading": p.reading, "options": p.readings}
        for p in proposal.phrases
        if p.ambiguous
    ]
    return {
        "text": text,
        "proposal": proposal,
        "result": result,
        "groups": groups,
        "trace_sentence": message_trace(groups),
        "name_readings": [r for r in readings if r["phrase"].category in NAME_CATEGORIES],
        "word_readings": [r for r in readings if r["phrase"].category not in NAME_CATEGORIES],
        "notes": [*proposal.warnings, *result.warnings],
        "fingerprint_all": proposal.fingerprint_all,
        "recipients": len(result.versions),
        "readings": readings,
        "rejected": [
            {"value": f"{a}{ARROW}{b}", "original": a, "alternative": b}
            for a, b in proposal.rejected
        ],
        "text_hash": text_hash(text),
    }
