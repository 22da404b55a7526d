"""Group assignment (thesis Table 4.3): one generalization of the message per friend group.

For every private phrase we list its options: the levels of its generalization chain
(schemas.py), or for time phrases the temporal stage's NCP* generalizations and suppression. Each
option carries its InfoLoss (metrics.py), k-figure and naturalness (Fre, naturalness.py); options
that do not read naturally are dropped. The combinations of options are enumerated (pruned to at
most MAX_COMBINATIONS by thinning the longest option lists, or, for messages with very many
phrases, generalized together step by step), sorted by InfoLoss, and handed to
the author's groups in order of privacy level, so that InfoLoss increases with the level: the
closest group may get the original and the most private group the most general version.

Options that are not `automatic` (wider than people say a place: "the UK" for a neighbourhood)
stay in the review but take no part in this assignment; each group records them, with its other
wider wordings, as `GroupGeneralization.wider`, which friends' versions may take (fingerprinting):
a friend may read less than the group's text, never more.
"""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from osnguard.privacy import places
from osnguard.privacy.anonymization import naturalness
from osnguard.privacy.anonymization.operators import (
    Option,
    OptionKind,
    PhraseAlternatives,
    alternatives,
    check_phrase,
    check_text,
)
from osnguard.privacy.types import Category, Choice, ChoiceKind, Phrase, Profile

log = logging.getLogger(__name__)

MAX_COMBINATIONS = 4096
MAX_PHRASES = 200  # beyond this, phrases past the most confident ones are kept as written


@dataclass(frozen=True)
class GroupSpec:
    """An author's friend group: higher `level` = more private, gets more general text."""

    name: str
    level: int


@dataclass
class PhraseLevel:
    """The option a group's version uses for one phrase."""

    phrase: str
    category: str
    start: int
    end: int
    degree: int
    height: int
    text: str
    info_loss: float
    k: int | None
    fre: float
    kind: OptionKind


@dataclass
class GroupGeneralization:
    """The version of the message one group receives, before fingerprinting."""

    name: str
    level: int
    text: str
    info_loss: float
    k: int | None
    choices: list[Choice] = field(default_factory=list)
    phrase_levels: list[PhraseLevel] = field(default_factory=list)
    fre: float | None = (
        None  # min Fre over the generalized phrases (Table 4.3); None if none changed
    )
    # per choice slot, the natural wordings wider than the group's at the same span ("the UK"
    # for "Manchester"): a friend may get one as a fingerprint, which hides more, never less
    wider: dict[int, list[str]] = field(default_factory=dict)


# --- public entry points --------------------------------------------------------------------


def phrase_alternatives(
    text: str,
    phrases: Sequence[Phrase],
    *,
    profile: Profile | dict[str, Any] | None,
    now: datetime | None = None,
    readings: Mapping[int, str] | None = None,
    gamma: float = naturalness.GAMMA,
) -> list[PhraseAlternatives]:
    """The options of every phrase the groups generalize (`usable_phrases`, in text order);
    `readings` maps a phrase's index among them to the reading the user picked."""
    check_text(text)
    profile = Profile.coerce(profile)
    return [
        alternatives(
            text, p, profile=profile, now=now, reading=(readings or {}).get(i), gamma=gamma
        )
        for i, p in enumerate(usable_phrases(text, phrases))
    ]


def anonymize_groups(
    text: str,
    phrases: Sequence[Phrase],
    *,
    groups: Sequence[GroupSpec],
    profile: Profile | dict[str, Any] | None,
    now: datetime | None = None,
    readings: Mapping[int, str] | None = None,
    original_for_closest: bool | None = None,
    gamma: float = naturalness.GAMMA,
    options: Sequence[PhraseAlternatives] | None = None,
) -> list[GroupGeneralization]:
    """One generalization per group, InfoLoss non-decreasing with the group's level.

    `readings` maps a phrase's index to the reading the user picked (see `alternatives`);
    `options`, the phrases' `phrase_alternatives` when the caller already has them (the review),
    are used instead of computing them again. Groups with the same level get the same version.
    The closest group gets the original when `original_for_closest` is true; by default, when
    its level is 0 (the closest circle, e.g. Family). A lone group above level 0 gets the most
    general version. Returns [] for no groups.
    """
    check_text(text)
    groups = _check_groups(groups)
    if not groups:
        return []
    profile = Profile.coerce(profile)
    kept = usable_phrases(text, phrases)
    if options is None:
        options = phrase_alternatives(
            text, kept, profile=profile, now=now, readings=readings, gamma=gamma
        )
    _check_options(kept, options)
    option_lists = _without_overlaps([list(found.options) for found in options])
    option_lists = [_usable_options(opts) for opts in option_lists]
    identifiers = [any(o.kind == OptionKind.DESCRIPTION for o in opts) for opts in option_lists]
    every_option = [list(opts) for opts in option_lists]
    option_lists = _widened_with_related(
        [_automatic_options(opts) for opts in option_lists], every_option
    )
    combos = _ranked_combinations(option_lists)
    levels = sorted({g.level for g in groups})
    if original_for_closest is None:
        original_for_closest = levels[0] == 0
    combos = _hiding_every_phrase(combos, option_lists, keep_first=original_for_closest)
    picks = _spread(combos, len(levels), original_for_closest, option_lists)
    by_level = {
        level: _identifiers_hidden(combos[index], option_lists, identifiers)
        if level >= 1
        else combos[index]
        for level, index in zip(levels, picks)
    }
    _times_said_once(by_level, option_lists)
    rendered = []
    for g in groups:
        version = _render(text, kept, by_level[g.level], g.name, g.level)
        if g.level >= 1:
            version.wider = _wider_wordings(by_level[g.level], every_option)
        rendered.append(version)
    return rendered


# how many wider wordings a friend's version may take a phrase to
MAX_WIDER = 2
WIDENED_KINDS = frozenset({OptionKind.GENERALIZATION, OptionKind.TEMPORAL})


def _wider_wordings(
    combo: tuple[Option, ...], option_lists: Sequence[Sequence[Option]]
) -> dict[int, list[str]]:
    """Per phrase, the natural wordings above the chosen one over the same span (wider than the
    group's default included): fingerprint material that hides more than the group's text."""
    found: dict[int, list[str]] = {}
    for slot, (chosen, opts) in enumerate(zip(combo, option_lists)):
        if chosen.degree == 0 or chosen.kind not in WIDENED_KINDS:
            continue
        wider = [
            o.text
            for o in opts
            if o.degree > chosen.degree
            and o.natural
            and o.text.strip()
            and o.kind in WIDENED_KINDS
            and (o.start, o.end) == (chosen.start, chosen.end)
            and o.text != chosen.text
        ]
        if wider:
            found[slot] = list(dict.fromkeys(wider))[:MAX_WIDER]
    return found


def _usable_options(options: Sequence[Option]) -> list[Option]:
    """The options that read naturally; when only the original does, also the most natural way
    to hide the phrase: a wider group is better served by a slightly odd wording than by the
    private phrase itself (the naturalness check is far from sure: docs/evaluation.md)."""
    natural = [o for o in options if o.natural] or list(options[:1])
    if len(natural) == 1 and len(options) > 1:
        hiding = max(options[1:], key=lambda o: o.fre)
        natural.append(hiding)
    return natural


def _widened_with_related(
    option_lists: list[list[Option]], every_option: Sequence[Sequence[Option]]
) -> list[list[Option]]:
    """A phrase about a place inside another phrase's place may go as wide as that one goes by
    default ("to Lagos ... landing at Murtala Muhammed": when "Lagos" becomes "Nigeria", the
    airport becomes "in Nigeria", where alone it would stop at "in Lagos"); otherwise the two
    could only stay as written together (`_consistent`)."""
    widened = [list(opts) for opts in option_lists]
    for i, j in _related_pairs(option_lists):
        for this, other in ((i, j), (j, i)):
            ranks = {_RANK.get((o.place or "").split(":")[0]) for o in option_lists[other]}
            for option in every_option[this]:
                rank = _RANK.get((option.place or "").split(":")[0])
                if option not in widened[this] and option.natural and rank in ranks - {None}:
                    widened[this].append(option)
        for k in (i, j):
            widened[k].sort(key=lambda o: o.degree)
    return widened


def _automatic_options(options: Sequence[Option]) -> list[Option]:
    """The options a group may get by default (`Option.automatic`); when that leaves only the
    original, also the least wide of the others ("Prague" -> "Europe" where "Czechia" reads
    oddly): a wider group still gets the phrase hidden."""
    chosen = [o for o in options if o.automatic]
    if len(chosen) <= 1 < len(options):
        chosen = [*chosen, next(o for o in options if not o.automatic)]
    return chosen or list(options[:1])


def _hiding_every_phrase(
    combos: list[tuple[Option, ...]],
    option_lists: Sequence[Sequence[Option]],
    *,
    keep_first: bool,
) -> list[tuple[Option, ...]]:
    """The combinations that generalize every phrase with a natural generalization (the
    original first, when the closest group gets it): a group above the closest never reads such
    a phrase as written, it gets at least the first step of its ladder (issue 14). A phrase whose
    only other wordings read oddly ("My favorite food is a food") is not forced."""
    natural = [any(o.natural for o in opts[1:]) for opts in option_lists]
    hiding = [c for c in combos if all(o.degree >= 1 or not n for o, n in zip(c, natural))]
    if not hiding:
        return combos
    return [combos[0], *(c for c in hiding if c is not combos[0])] if keep_first else hiding


# wordings of an identifier that still identify it (as written, or with only its end masked)
IDENTIFYING = (OptionKind.ORIGINAL, OptionKind.MASK)


def _identifiers_hidden(
    combo: tuple[Option, ...],
    option_lists: Sequence[Sequence[Option]],
    identifiers: Sequence[bool],
) -> tuple[Option, ...]:
    """The combination with every contact detail or identifier (`identifiers`: the phrases that
    have a description) hidden: described ("my number") or, for an address, its area
    ("Moseley"); groups above the closest never get one by default
    (anonymization/identifiers.py)."""
    hidden = []
    for option, opts, identifier in zip(combo, option_lists, identifiers):
        if identifier and option.kind in IDENTIFYING:
            option = next(
                o for o in opts if o.kind in (OptionKind.GENERALIZATION, OptionKind.DESCRIPTION)
            )
        hidden.append(option)
    return tuple(hidden)


def generalize_text(
    text: str,
    phrases: Sequence[Phrase],
    degrees: Sequence[int],
    *,
    profile: Profile | dict[str, Any] | None,
    now: datetime | None = None,
    name: str = "",
    level: int = 0,
    readings: Mapping[int, str] | None = None,
    options: Sequence[PhraseAlternatives] | None = None,
) -> GroupGeneralization:
    """The message with each phrase at the given degree (the user's own choice of levels);
    `options` as for `anonymize_groups`."""
    check_text(text)
    kept = usable_phrases(text, phrases)
    if len(degrees) != len(kept):
        raise ValueError(
            f"give one degree per phrase ({len(kept)} phrases, {len(degrees)} degrees)"
        )
    if options is None:
        options = phrase_alternatives(text, kept, profile=profile, now=now, readings=readings)
    _check_options(kept, options)
    chosen = []
    for phrase, degree, found in zip(kept, degrees, options):
        if not 0 <= degree < len(found.options):
            raise ValueError(
                f"{phrase.text!r} has degrees 0..{len(found.options) - 1}, not {degree}"
            )
        chosen.append(found.options[degree])
    return _render(text, kept, tuple(chosen), name, level)


def _check_options(kept: Sequence[Phrase], options: Sequence[PhraseAlternatives]) -> None:
    if [found.phrase for found in options] != list(kept):
        raise ValueError("the options given are not those of the message's phrases")


# --- combinations ----------------------------------------------------------------------------


def options_available(option_lists: Sequence[Sequence[Option]]) -> list[list[bool]]:
    """Per phrase, whether each option can be used: not when its span (a time phrase's preposition,
    a deletion's comma) would reach into another phrase's span; the original wording always can."""
    extents = [(min(o.start for o in opts), max(o.end for o in opts)) for opts in option_lists]
    available: list[list[bool]] = []
    for i, opts in enumerate(option_lists):
        others = [span for j, span in enumerate(extents) if j != i]
        available.append(
            [
                o.degree == 0 or all(o.end <= start or end <= o.start for start, end in others)
                for o in opts
            ]
        )
    return available


def _without_overlaps(option_lists: list[list[Option]]) -> list[list[Option]]:
    """The options `options_available` allows."""
    return [
        [o for o, ok in zip(opts, oks) if ok]
        for opts, oks in zip(option_lists, options_available(option_lists))
    ]


def _ranked_combinations(option_lists: list[list[Option]]) -> list[tuple[Option, ...]]:
    """All combinations (thinned to MAX_COMBINATIONS), sorted by InfoLoss then Samarati."""
    lists = [list(opts) for opts in option_lists]
    while _product(lists) > MAX_COMBINATIONS and any(len(opts) > 3 for opts in lists):
        longest = max(range(len(lists)), key=lambda i: len(lists[i]))
        opts = lists[longest]
        # Drop the option nearest the centre: keep the original, the first step (what the
        # closest groups above the original get) and the most general.
        del opts[(len(opts) + 1) // 2]
    if _product(lists) > MAX_COMBINATIONS:
        combos = _diagonal(lists)  # many phrases: generalize them together, step by step
    else:
        combos = list(itertools.product(*lists)) if lists else [()]
    related = _related_pairs(lists)
    if related:
        consistent = [c for c in combos if _consistent(c, related)]
        combos = consistent or combos
    combos.sort(key=lambda c: (round(sum(o.info_loss for o in c), 9), sum(o.degree for o in c)))
    return combos


_RANK = {"city": 0, "region": 1, "country": 2, "area": 3, "continent": 3}


def _related_pairs(lists: list[list[Option]]) -> list[tuple[int, int]]:
    """Pairs of phrases about the same place or nested places ("Tokyo" and "Tokyo University")."""
    bases = [
        places.get(opts[0].base_place) if opts and opts[0].base_place else None for opts in lists
    ]
    related = []
    for i, j in itertools.combinations(range(len(lists)), 2):
        a, b = bases[i], bases[j]
        if a and b and (places.contains(a, b) or places.contains(b, a)):
            related.append((i, j))
    return related


def _consistent(combo: tuple[Option, ...], related: list[tuple[int, int]]) -> bool:
    """Related phrases must name their places at the same granularity: "hometown is Japan" next
    to "a university in Tokyo" would give Tokyo away anyway."""
    for i, j in related:
        a, b = combo[i].place, combo[j].place
        if a and b and _RANK.get(a.split(":")[0]) != _RANK.get(b.split(":")[0]):
            return False
    return True


def _diagonal(lists: list[list[Option]]) -> list[tuple[Option, ...]]:
    """Combinations for messages with too many phrases to enumerate: every phrase moves up its
    options together (fraction f of the way, f from 0 to 1), then one phrase at a time in text
    order between neighbouring steps, so that there are always enough distinct versions."""
    steps = 2 * max(len(opts) for opts in lists)
    combos: list[tuple[Option, ...]] = []
    seen: set[tuple[int, ...]] = set()
    previous: list[int] | None = None
    for step in range(steps + 1):
        target = [round(step / steps * (len(opts) - 1)) for opts in lists]
        current = list(previous) if previous is not None else list(target)
        for i, index in enumerate(target):
            current[i] = index
            key = tuple(current)
            if key not in seen:
                seen.add(key)
                combos.append(tuple(lists[j][k] for j, k in enumerate(key)))
        previous = target
    return combos


def _product(lists: list[list[Option]]) -> int:
    total = 1
    for opts in lists:
        total *= max(len(opts), 1)
    return total


def _spread(
    combos: list[tuple[Option, ...]],
    count: int,
    original_for_closest: bool,
    option_lists: Sequence[Sequence[Option]],
) -> list[int]:
    """Indices of `count` combinations for the group levels, closest first.

    Combinations come sorted by InfoLoss. The levels' targets are spread evenly over how far up
    its own ladder each phrase goes (degree over the ladder's height, summed over phrases), so
    that a middle group gets the middle of each ladder ("Kenya", then "East Africa", then
    "Africa") however the ladders' populations fall; each pick must generalize every phrase at
    least as far as the previous pick (so a more private group never sees a phrase more
    precisely than a closer group) and lose more InfoLoss; when combinations run out,
    neighbouring levels share one.
    """
    first = 0 if original_for_closest or len(combos) == 1 else 1
    last = len(combos) - 1
    if count == 1:
        return [first if original_for_closest else last]
    heights = [max((o.degree for o in opts), default=0) or 1 for opts in option_lists]
    losses = [sum(o.degree / h for o, h in zip(c, heights)) for c in combos]
    info = [sum(o.info_loss for o in c) for c in combos]
    picks = [first]
    for i in range(1, count):
        target = losses[first] + (max(losses) - losses[first]) * i / (count - 1)
        previous = combos[picks[-1]]
        candidates = [
            j
            for j in range(picks[-1] + 1, len(combos))
            if info[j] > info[picks[-1]] and _dominates(combos[j], previous)
        ]
        if not candidates:
            picks.append(picks[-1])
            continue
        # Do not run ahead of the target, so later groups keep room to differ.
        if i == count - 1:  # the most private group: the most general of the most lossy
            picks.append(
                max(
                    candidates,
                    key=lambda j: (round(info[j], 9), sum(o.degree for o in combos[j])),
                )
            )
        else:
            picks.append(min(candidates, key=lambda j: (abs(losses[j] - target), j)))
    return picks


def _times_said_once(
    by_level: dict[int, tuple[Option, ...]], option_lists: Sequence[Sequence[Option]]
) -> None:
    """Two time phrases worded alike read as one time said twice ("This evening's the night …
    at the top of the tower this evening"): the later one is taken out, where it can be, at that
    level and every more private one (which never sees a phrase more precisely)."""
    removed: set[int] = set()
    for level in sorted(by_level):
        combo = list(by_level[level])
        said: set[str] = set()
        for i in sorted(range(len(combo)), key=lambda i: combo[i].start):
            option = combo[i]
            key = option.text.strip().lower()
            timed = option.kind == OptionKind.TEMPORAL and bool(key)
            if level >= 1 and (i in removed or (timed and key in said)):
                removal = next(
                    (o for o in option_lists[i] if o.kind == OptionKind.SUPPRESSION and not o.text),
                    None,
                )
                if removal is not None:
                    combo[i] = removal
                    removed.add(i)
            if timed:
                said.add(key)
        by_level[level] = tuple(combo)


def _dominates(combo: tuple[Option, ...], other: tuple[Option, ...]) -> bool:
    """Every phrase at least as general (by degree) in `combo` as in `other`."""
    return all(a.degree >= b.degree for a, b in zip(combo, other))


def _render(
    text: str, phrases: list[Phrase], combo: tuple[Option, ...], name: str, level: int
) -> GroupGeneralization:
    """Apply a combination to the text, recording choices at their offsets in the new text."""
    combo = _others_told_apart(text, phrases, combo)
    order = sorted(range(len(combo)), key=lambda i: combo[i].start)
    pieces: list[str] = []
    cursor, length = 0, 0
    spans: dict[int, tuple[int, int]] = {}
    capital_next = False
    for i in order:
        option = combo[i]
        before = text[cursor : option.start]
        pieces.append(_capitalised(before, capital_next))
        # two removals in a row pass the capital on
        carried = capital_next and not before.strip() and not option.text
        length += option.start - cursor
        spans[i] = (length, length + len(option.text))
        # "[6 months] seizure free" -> "Symptom free": the capital passes to a wording too
        pieces.append(_capitalised(option.text, capital_next and not before.strip()))
        length += len(option.text)
        if _ends_sentence_with_abbreviation(text, option):
            pieces.append(".")  # "from 5 Jan. text me" -> "from early January. text me"
            length += 1
        cursor = option.end
        # "Lost 3 hours. 3 hours on the road" -> "On the road": a capital the author wrote at
        # a sentence start moves to the word that now starts it
        capital_next = (
            not option.text
            and option.degree > 0
            and SENTENCE_START.search(text[: option.start]) is not None
            and _capitalises(text, option.start)
        ) or carried
    pieces.append(_capitalised(text[cursor:], capital_next))
    result, spans = _tidy("".join(pieces), spans)
    choices, levels = [], []
    for i, (phrase, option) in enumerate(zip(phrases, combo)):
        start, end = spans[i]
        kind = (
            ChoiceKind.TEMPORAL
            if option.kind in (OptionKind.TEMPORAL, OptionKind.SUPPRESSION)
            or phrase.category == Category.TIME
            else ChoiceKind.GENERALIZATION
        )
        choices.append(
            Choice(slot=i, kind=kind, original=phrase.text, text=option.text, start=start, end=end)
        )
        levels.append(
            PhraseLevel(
                phrase.text,
                phrase.category,
                start,
                end,
                option.degree,
                option.height,
                option.text,
                round(option.info_loss, 4),
                option.k,
                option.fre,
                option.kind,
            )
        )
    changed = [o.fre for o in combo if o.degree > 0 and o.kind != OptionKind.SUPPRESSION]
    return GroupGeneralization(
        name,
        level,
        result,
        sum(o.info_loss for o in combo),
        metrics_k(combo),
        choices,
        levels,
        min(changed) if changed else None,
    )


# Heads that are no one thing ("my family", "a lot", "a while"): never "other family"
NOT_COUNTED = frozenset({"family", "lot", "while", "bit", "few", "little", "couple"})


PLACE_PREPOSITION_BEFORE = re.compile(r"\b(?:to|from|into|via|and)\s+$", re.IGNORECASE)


def _others_told_apart(
    text: str, phrases: Sequence[Phrase], combo: tuple[Option, ...]
) -> tuple[Option, ...]:
    """Two different phrases worded alike read as one thing said twice ("Punjabi and Urdu" ->
    "a South Asian language and a South Asian language", "my mum … my dad" -> "my parent … my
    parent"): the later one is "another" or "other" ("another South Asian language", "my other
    parent"). The same phrase said twice stays as it is (it is the same person or thing)."""
    seen: dict[str, str] = {}
    bare: set[str] = set()  # wordings first said with no article ("starts school")
    told = list(combo)
    for i in sorted(range(len(combo)), key=lambda i: combo[i].start):
        option = combo[i]
        if option.degree == 0 or not option.text.strip():
            continue
        key = re.sub(r"^(?:an?|the)\s+", "", option.text.strip().lower())
        original = phrases[i].text.strip().lower() if i < len(phrases) else ""
        if key in seen and seen[key] != original and key.split()[-1] not in NOT_COUNTED:
            article = re.match(r"(an?)\s+", option.text, re.IGNORECASE)
            if article:
                if key not in bare:  # "starts school at a school": the first is an activity
                    word = "Another" if option.text[:1].isupper() else "another"
                    told[i] = replace(option, text=word + option.text[article.end() - 1 :])
            elif re.search(r"\b(?:my|our|your|his|her|their)\s+$", text[: option.start], re.I):
                told[i] = replace(option, text=f"other {option.text}")
            elif option.place and PLACE_PREPOSITION_BEFORE.search(text[: option.start]):
                # "from Wellington to Christchurch" -> "from New Zealand to elsewhere in New
                # Zealand", never "from New Zealand to New Zealand"
                told[i] = replace(option, text=f"elsewhere in {option.text}")
        if key not in seen and not re.match(r"(?:an?|the)\s", option.text, re.IGNORECASE):
            bare.add(key)
        seen.setdefault(key, original)
    return tuple(told)


def metrics_k(combo: tuple[Option, ...]) -> int | None:
    """The combination's k-figure: its weakest phrase's (None when none is known)."""
    known = [o.k for o in combo if o.k is not None]
    return min(known) if known else None


SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n\s*)$")


def _ends_sentence_with_abbreviation(text: str, option: Option) -> bool:
    """Whether the phrase's last full stop ("5 Jan.", "Mon.") also ended the sentence, so the
    wording that replaces it (ending in a word, or removing it) has to keep it."""
    phrase = text[option.start : option.end]
    return (
        (not option.text or option.text[-1].isalnum())
        and re.search(r"\w\.$", phrase) is not None
        and (option.end == len(text) or text[option.end].isspace())
    )


def _capitalises(text: str, start: int) -> bool:
    """Whether the author wrote the sentence start at `start` with a capital: its own first
    letter, or, when it opens with a number ("3 hours on the road"), the message's first."""
    first = text[start : start + 1]
    if first.isalpha():
        return first.isupper()
    opening = re.search(r"[^\W\d_]", text)
    return opening is not None and opening.group().isupper()


def _capitalised(piece: str, capital: bool) -> str:
    """The piece with its first letter in upper case when `capital` and it starts with a letter
    after spaces (a piece that starts with a digit or punctuation is left as it is)."""
    stripped = piece.lstrip(" ")
    first = stripped[:1]
    if not capital or not first.isalpha() or not first.islower() or len(first.upper()) != 1:
        return piece
    at = len(piece) - len(stripped)
    return piece[:at] + first.upper() + piece[at + 1 :]


def _tidy(text: str, spans: dict[int, tuple[int, int]]) -> tuple[str, dict[int, tuple[int, int]]]:
    """Collapse double spaces, spaces before punctuation, a comma before a sentence's or the text's
    end, the full stop of a sentence deleted whole and a space at the end left by deletions,
    moving offsets."""
    out: list[str] = []
    mapping: list[int] = []
    for index, char in enumerate(text):
        after = index + 1
        while text[after : after + 1] == " ":
            after += 1
        if char == " " and (
            not out
            or out[-1] in " \n"
            or text[after : after + 1] in (",", ".", "!", "?", ";", ":", "\n")
            or (after == len(text) and text.strip() != "")  # a deletion at the very end
        ):
            mapping.append(len(out))
            continue
        if char == "," and text[after : after + 1] in (".", "!", "?"):
            mapping.append(len(out))  # "my address, [from 8pm]. bring" -> "my address. bring"
            continue
        if char == "," and after == len(text) and after > index + 1:
            mapping.append(len(out))  # "first day tomorrow, [7 till 3]" -> "first day tomorrow"
            continue
        if char == "." and out[-1:] == ["."] and text[index - 1 : index] == " ":
            mapping.append(len(out))  # "is Friday. [11 years]. Not sure" -> "is Friday. Not"
            continue
        mapping.append(len(out))
        out.append(char)
    mapping.append(len(out))
    moved = {i: (mapping[s], max(mapping[s], mapping[e])) for i, (s, e) in spans.items()}
    return "".join(out), moved


# --- validation ------------------------------------------------------------------------------


def _check_groups(groups: Sequence[GroupSpec]) -> list[GroupSpec]:
    if not isinstance(groups, (list, tuple)):
        raise ValueError("groups must be a list of GroupSpec(name, level)")
    names: set[str] = set()
    for group in groups:
        if (
            not isinstance(group, GroupSpec)
            or not isinstance(group.level, int)
            or not str(group.name).strip()
        ):
            raise ValueError("each group needs a name and a whole-number privacy level")
        if group.name in names:
            raise ValueError(f"group {group.name!r} is listed twice")
        names.add(group.name)
    return list(groups)


def usable_phrases(text: str, phrases: Sequence[Phrase]) -> list[Phrase]:
    """Valid phrases in text order, overlaps resolved for the more confident (then longer) one."""
    for phrase in phrases:
        check_phrase(text, phrase)
    ranked = sorted(phrases, key=lambda p: (-p.confidence, -(p.end - p.start), p.start))
    kept: list[Phrase] = []
    for phrase in ranked:
        if all(phrase.end <= k.start or k.end <= phrase.start for k in kept):
            kept.append(phrase)
    if len(kept) > MAX_PHRASES:
        log.info(
            "anonymization: %d phrases, generalizing the %d most confident", len(kept), MAX_PHRASES
        )
        kept = kept[:MAX_PHRASES]
    return sorted(kept, key=lambda p: p.start)
