"""`osnguard evaluate generalization_realistic`: what friend groups get for each gold private
phrase of the realistic development set (issue 14).

**Run.** Each post of `realistic/dev.jsonl` (or of OSNGUARD_REALISTIC_FILE, same format) goes
through `osnguard.privacy.proposal.anonymize` (the entry point of `osnguard anonymize` and of
posting: identification, then generalization per group) with its profile and `now`, for the
audience every new user starts with (`circles.models.DEFAULT_GROUPS`: Family 0, Best friends 1,
Friends 2, Acquaintances 3, Public 4). Levels 1-4 are scored; Family (level 0) gets the message
as written by design. Groups have no friends: a group's text does not depend on them.

**What a group has in place of a gold phrase.** Each group's `choices` record, per engine phrase
(`slot` = index in `usable_phrases`, the generalizer's own ordering), the wording the group got.
The group text is aligned with the message (text outside the choices is the message's, with some
spaces dropped) to find the span of the message each choice replaced (`substitution_regions`), narrowed to the words
that changed (case aside), so a removal that capitalises the next word is still a removal.
A gold phrase no region overlaps (by at least one character) is **kept as written**, whether it
was not identified or the group got its original wording. Otherwise its substitute is the gold
span with each overlapping region replaced by that region's wording (a region reaching outside
the gold span contributes its whole wording, less a preposition before the span that changed
with it: "at Brighton Pier" -> "in England" counts as "England"), spacing collapsed.

**Classes** of a (gold phrase, level), compared case-insensitively, spacing collapsed and
surrounding punctuation ignored:
1. `kept`: no substitution, or the substitute equals the phrase;
2. `ok`: removed (empty substitute);
3. `bad`: the substitute is in the phrase's `bad` list (checked before `ok`, to be safe);
4. `ok`: the substitute is in its `ok` list (any entry: later entries are more general);
5. `other`: anything else (counted and sampled; the guidelines' lists are not exhaustive).
The **acceptable share** is the share of `ok`. `not_reached` counts the `kept` phrases no engine
phrase reached (not identified, or in a post identification called not private).

Per-message details stay out of the JSON line; OSNGUARD_REALISTIC_DUMP=FILE writes them as JSONL.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from osnguard.privacy.anonymization import usable_phrases
from osnguard.privacy.evaluation._realistic import (
    ENV_DUMP,
    GoldPhrase,
    Post,
    Span,
    load_data,
    normalize,
    ratio,
)
from osnguard.privacy.proposal import anonymize
from osnguard.privacy.types import CATEGORIES, Choice

DESCRIPTION = "what friend groups (levels 1-4) get for the realistic dev set's gold phrases: ok/bad/kept/other"

# The default groups of a new user (osnguard.circles.models.DEFAULT_GROUPS; the engine imports no Django).
AUDIENCE: tuple[tuple[str, int], ...] = (
    ("Family", 0),
    ("Best friends", 1),
    ("Friends", 2),
    ("Acquaintances", 3),
    ("Public", 4),
)
LEVELS: tuple[int, ...] = (1, 2, 3, 4)
CLASSES: tuple[str, ...] = ("ok", "bad", "kept", "other")
SAMPLES = 8


PREPOSITION = re.compile(r"(?:at|in|on|to|from|near)\s+", re.IGNORECASE)
# Words a time or place wording may take in with its phrase ("by 8" for the phrase "8")
LEAD_WORDS = re.compile(
    r"(?:(?:at|in|on|to|from|near|by|till|until|for|since|before|after|the|a|an|this|every)\s+)+"
)


class AlignmentError(ValueError):
    """A group text that is not the message with its choices substituted."""


@dataclass(frozen=True)
class Region:
    """A span of the message a group's choice replaced, and the wording the group got there."""

    start: int
    end: int
    text: str
    slot: int


@dataclass(frozen=True)
class Rendering:
    """One group's substitutions in a post (message offsets); `aligned` is False when the
    group text could not be aligned and the engine phrases' own spans were used instead."""

    level: int
    regions: tuple[Region, ...] = ()
    aligned: bool = True
    text: str = ""  # the group's text, for the per-message dump


@dataclass
class PhraseOutcome:
    post: str
    phrase: str
    category: str
    level: int
    substitute: str | None  # None: no substitution reached the phrase
    verdict: str


# --- alignment ------------------------------------------------------------------------------


def _walk(original: str, i: int, target: str, j: int, stop: int) -> int | None:
    """Consume target[j:stop] from original[i:], skipping spaces the group text dropped."""
    while j < stop:
        if i < len(original) and original[i] == target[j]:
            i, j = i + 1, j + 1
        elif i < len(original) and original[i].isspace():
            i += 1
        else:
            return None
    return i


def substitution_regions(
    original: str, group_text: str, choices: Sequence[Choice], anchors: dict[int, Span]
) -> list[Region]:
    """The span of `original` each choice replaced in `group_text`.

    Outside its choices a group text is the message with some spaces dropped, so the text before
    each choice is walked through the message; the replaced span then ends where the text after
    the choice continues the message, nearest the end of the choice's engine phrase (`anchors`:
    slot -> its span in the message). Raises AlignmentError when the texts do not fit.
    """
    ordered = sorted(choices, key=lambda c: (c.start, c.end))
    regions: list[Region] = []
    i = j = 0
    for k, choice in enumerate(ordered):
        found = _walk(original, i, group_text, j, choice.start)
        if found is None:
            raise AlignmentError(f"the text before {choice.original!r} differs from the message")
        anchor = anchors.get(choice.slot, (found, found))
        start = found
        while start < min(anchor[0], len(original)) and original[start].isspace():
            start += 1
        last = k + 1 == len(ordered)
        after = group_text[choice.end : (len(group_text) if last else ordered[k + 1].start)]
        following = "" if last else ordered[k + 1].original.casefold()
        ends: dict[int, bool] = {}  # end -> whether only the next choice's phrase follows it
        for end in range(start, len(original) + 1):
            stop = _walk(original, end, after, 0, len(after))
            if stop is not None and (not last or not original[stop:].strip()):
                rest = original[stop:].lstrip().casefold()
                ends[end] = rest.startswith(following) or bool(
                    (lead := LEAD_WORDS.match(rest)) and rest[lead.end() :].startswith(following)
                )
        if not ends:
            raise AlignmentError(f"the text after {choice.original!r} differs from the message")
        # a wording may replace more than its phrase ("the Coyoacán market" for "Coyoacán"):
        # the region ends where nothing but the next phrase (or its preposition: "by 8") follows,
        # and then nearest the end of its own phrase
        end = min(ends, key=lambda e: (not ends[e], abs(e - anchor[1]), e))
        regions.append(_narrowed(original, Region(start, end, choice.text, choice.slot)))
        i, j = end, choice.end
    return regions


def _narrowed(original: str, region: Region) -> Region:
    """The region without the words its wording shares with the message at either end, case
    aside: an option that drops a sentence's first word rewrites the next word's first letter
    ("surgeon life" -> "Life" is the removal of "surgeon "), and one that keeps an article keeps
    it ("a Traveller woman" -> "a woman"). Cuts fall between words, never inside one ("Weds" ->
    "Wednesday" stays whole)."""

    def joined(text: str, at: int) -> bool:
        return 0 < at < len(text) and text[at - 1].isalnum() and text[at].isalnum()

    def boundary(at: int, kept: str = "", cut: str = "") -> bool:
        # between words in the message and in the wording: "a[ civil servant]" -> "a[n official]"
        # is no cut, "an" is one word
        return not joined(original, at) and not (kept[-1:].isalnum() and cut[:1].isalnum())

    start, end, wording = region.start, region.end, region.text
    cut_end, cut_wording = end, wording
    while wording and end > start and wording[-1].casefold() == original[end - 1].casefold():
        wording, end = wording[:-1], end - 1
        if boundary(end, wording, region.text[len(wording) :]) or not wording:
            cut_end, cut_wording = end, wording
    end, wording = cut_end, cut_wording
    cut_start = start
    trimmed = ""
    while wording and end > start and wording[0].casefold() == original[start].casefold():
        trimmed, wording, start = trimmed + wording[0], wording[1:], start + 1
        if boundary(start, trimmed, wording):
            cut_start, cut_wording = start, wording
    start, wording = cut_start, cut_wording
    if not wording.strip():
        wording = ""
        while end > start and original[end - 1].isspace():
            end -= 1
    return Region(start, end, wording, region.slot)


# --- scoring (pure) -------------------------------------------------------------------------


def substitute_for(text: str, gold: GoldPhrase, regions: Sequence[Region]) -> str | None:
    """What a group text has in place of a gold phrase; None when no region reaches it."""
    hits = sorted(
        (r for r in regions if r.start < gold.end and gold.start < r.end), key=lambda r: r.start
    )
    if not hits:
        return None
    pieces: list[str] = []
    cursor = gold.start
    for region in hits:
        if region.start > cursor:
            pieces.append(text[cursor : region.start])
        wording = region.text
        before = (
            PREPOSITION.fullmatch(text[region.start : gold.start])
            if region.start < gold.start
            else None
        )
        if before and (lead := PREPOSITION.match(wording)):
            # "at Brighton Pier" -> "in England": the preposition outside the gold span changed
            # with the place ("at England" would not read); the span itself became "England"
            wording = wording[lead.end() :]
        pieces.append(wording)
        cursor = max(cursor, region.end)
    if cursor < gold.end:
        pieces.append(text[cursor : gold.end])
    return " ".join("".join(pieces).split())


def classify(gold: GoldPhrase, substitute: str | None) -> str:
    """`kept`, `ok`, `bad` or `other` (rules in the module docstring)."""
    if substitute is None:
        return "kept"
    wording = normalize(substitute)
    if wording == normalize(gold.text):
        return "kept"
    if not wording:
        return "ok"  # removed
    if wording in {normalize(b) for b in gold.bad}:
        return "bad"
    if wording in {normalize(o) for o in gold.ok}:
        return "ok"
    return "other"


def score_post(post: Post, renderings: Sequence[Rendering]) -> list[PhraseOutcome]:
    """One outcome per (gold phrase, scored level) of a post."""
    by_level = {r.level: r for r in renderings}
    outcomes = []
    for level in LEVELS:
        regions = by_level[level].regions if level in by_level else ()
        for gold in post.phrases:
            substitute = substitute_for(post.text, gold, regions)
            outcomes.append(
                PhraseOutcome(
                    post.id, gold.text, gold.category, level, substitute, classify(gold, substitute)
                )
            )
    return outcomes


def aggregate(outcomes: Sequence[PhraseOutcome]) -> dict[str, Any]:
    """Per level the shares of each class, the acceptable (ok) share, `bad` counts and samples."""
    levels: dict[str, Any] = {}
    for level in LEVELS:
        mine = [o for o in outcomes if o.level == level]
        counts = Counter(o.verdict for o in mine)
        levels[str(level)] = {
            "n": len(mine),
            **{name: counts[name] for name in CLASSES},
            **{f"{name}_share": ratio(counts[name], len(mine)) for name in CLASSES},
            "acceptable_share": ratio(counts["ok"], len(mine)),
            "not_reached": sum(o.substitute is None for o in mine),  # kept: no engine phrase there
        }
    by_category = {}
    for category in CATEGORIES:
        mine = [o for o in outcomes if o.category == category]
        if mine:
            by_category[category] = {
                "n": len(mine) // len(LEVELS),
                "acceptable_share": [
                    ratio(
                        sum(o.verdict == "ok" for o in mine if o.level == level),
                        sum(o.level == level for o in mine),
                    )
                    for level in LEVELS
                ],
                "bad": sum(o.verdict == "bad" for o in mine),
            }

    def samples(verdict: str) -> list[str]:
        seen = [
            f"{o.phrase} -> {o.substitute} (L{o.level})" for o in outcomes if o.verdict == verdict
        ]
        return list(dict.fromkeys(seen))[:SAMPLES]

    return {
        "levels": levels,
        "acceptable_share": ratio(sum(o.verdict == "ok" for o in outcomes), len(outcomes)),
        "bad": sum(o.verdict == "bad" for o in outcomes),
        "by_category": by_category,
        "bad_samples": samples("bad"),
        "other_samples": samples("other"),
    }


# --- running the engine ---------------------------------------------------------------------


def render(post: Post) -> tuple[bool, list[Rendering]]:
    """The engine's groups for one post: whether it was private, and each level's substitutions."""
    groups = [{"name": name, "level": level, "friends": []} for name, level in AUDIENCE]
    result = anonymize(post.text, profile=post.profile, now=post.now, groups=groups)
    kept = usable_phrases(post.text, result.phrases) if result.private else []
    anchors = {i: (p.start, p.end) for i, p in enumerate(kept)}
    renderings = []
    for group in result.groups:
        try:
            regions = substitution_regions(post.text, group.text, group.choices, anchors)
            renderings.append(Rendering(group.level, tuple(regions), text=group.text))
        except AlignmentError:
            regions = [
                Region(*anchors[c.slot], c.text, c.slot) for c in group.choices if c.slot in anchors
            ]
            renderings.append(
                Rendering(group.level, tuple(regions), aligned=False, text=group.text)
            )
    return result.private, renderings


def evaluate(path: Path | None = None) -> dict[str, Any]:
    data = load_data(path)
    outcomes: list[PhraseOutcome] = []
    rows = []
    not_private = unaligned = 0
    for post in data.posts:
        private, renderings = render(post)
        not_private += post.private and not private
        unaligned += sum(not r.aligned for r in renderings)
        mine = score_post(post, renderings)
        outcomes.extend(mine)
        rows.append(
            {
                "id": post.id,
                "text": post.text,
                "private": private,
                "renderings": [asdict(r) for r in renderings],
                "outcomes": [asdict(o) for o in mine],
            }
        )
    target = os.environ.get(ENV_DUMP, "").strip()
    if target:
        with open(target, "w", encoding="utf-8") as handle:
            handle.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    return {
        "data": data.path.name,
        "posts": len(data.posts),
        "gold_phrases": sum(len(p.phrases) for p in data.posts),
        "audience": dict(AUDIENCE),
        "private_posts_left_as_written": not_private,
        "unaligned_group_texts": unaligned,
        **aggregate(outcomes),
    }
