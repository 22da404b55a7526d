"""Group assignment (thesis Table 4.3): one generalization of the message per friend group.

For every private phrase we list its options: the levels of its generalization chain
(schemas.py), or for time phrases the temporal stage's NCP* generalizations and suppression. Each
option carries its InfoLoss (metrics.py), k-figure and naturalness (Fre, naturalness.py); options
that do not read naturally are dropped. The combinations of options are enumerated (pruned to at
most MAX_COMBINATIONS by thinning the longest option lists, or, for messages with very many
phrases, generalized together step by step), sorted by InfoLoss, and handed to
the author's groups in order of privacy level, so that InfoLoss increases with the level: the
closest group may get the original and the most private group the most general version.
"""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from osnguard.privacy.anonymization import metrics, naturalness
from osnguard.privacy.anonymization.schemas import (
    Chain,
    Reading,
    generalization_chain,
    indefinite_article,
    is_plural,
)
from osnguard.privacy.resources import parse, wordnet
from osnguard.privacy.serialization import to_data
from osnguard.privacy.types import Choice, Phrase, Profile

log = logging.getLogger(__name__)

MAX_COMBINATIONS = 4096
IDENTITY_TOPS = frozenset(
    {"religious person", "language"}
)  # adjectives whose noun chain reads right
MIN_SPECIFIC_DEPTH = 4  # context nouns above this WordNet depth (entity, object...) restate nothing
MAX_PHRASES = 200  # beyond this, phrases past the most confident ones are kept as written


@dataclass(frozen=True)
class GroupSpec:
    """An author's friend group: higher `level` = more private, gets more general text."""

    name: str
    level: int


@dataclass(frozen=True)
class Option:
    """One way to write a private phrase: its replacement `text` over [start, end) of the message."""

    degree: int
    text: str
    start: int
    end: int
    info_loss: float
    k: int | None
    fre: float
    natural: bool
    kind: str  # "original", "generalization", "temporal" or "suppression"
    label: str = ""
    height: int = 0  # the highest degree among the phrase's options
    place: str | None = None  # the place this wording names (`Place.key`), if any
    base_place: str | None = None  # the place the phrase itself names, if any

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


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
    kind: str

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "level": self.level,
            "text": self.text,
            "info_loss": round(self.info_loss, 4),
            "k": self.k,
            "fre": self.fre,
            "choices": to_data(self.choices),
            "phrase_levels": [p.to_dict() for p in self.phrase_levels],
        }


@dataclass
class PhraseAlternatives:
    """What the UI offers for one phrase: its options, readings, and the reading followed."""

    phrase: Phrase
    options: list[Option]
    readings: list[Reading]
    reading: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "phrase": to_data(self.phrase),
            "options": [o.to_dict() for o in self.options],
            "readings": [r.__dict__ for r in self.readings],
            "reading": self.reading,
        }


# --- public entry points --------------------------------------------------------------------


def anonymize_groups(
    text: str,
    phrases: Sequence[Phrase],
    *,
    groups: Sequence[GroupSpec],
    profile: Profile,
    now: datetime | None = None,
    readings: dict[int, str] | None = None,
    original_for_closest: bool | None = None,
    gamma: float = naturalness.GAMMA,
) -> list[GroupGeneralization]:
    """One generalization per group, InfoLoss non-decreasing with the group's level.

    `readings` maps a phrase's index to the reading the user picked (see `alternatives`).
    Groups with the same level get the same version. The closest group gets the original when
    `original_for_closest` is true; by default, when its level is 0 (the closest circle, e.g.
    Family). A lone group above level 0 gets the most general version. Returns [] for no groups.
    """
    _check_text(text)
    groups = _check_groups(groups)
    if not groups:
        return []
    profile = as_profile(profile)
    kept = usable_phrases(text, phrases)
    option_lists = [
        alternatives(
            text, p, profile=profile, now=now, reading=(readings or {}).get(i), gamma=gamma
        ).options
        for i, p in enumerate(kept)
    ]
    option_lists = _without_overlaps(option_lists)
    option_lists = [[o for o in opts if o.natural] or opts[:1] for opts in option_lists]
    combos = _ranked_combinations(option_lists)
    levels = sorted({g.level for g in groups})
    if original_for_closest is None:
        original_for_closest = levels[0] == 0
    picks = _spread(combos, len(levels), original_for_closest)
    by_level = {level: combos[index] for level, index in zip(levels, picks)}
    return [_render(text, kept, by_level[g.level], g.name, g.level) for g in groups]


def alternatives(
    text: str,
    phrase: Phrase,
    *,
    profile: Profile,
    now: datetime | None = None,
    reading: str | None = None,
    gamma: float = naturalness.GAMMA,
) -> PhraseAlternatives:
    """Every way to write `phrase` in `text`, most specific first, each with its InfoLoss,
    k-figure and naturalness, so the user can choose another generalization (or reading)."""
    _check_text(text)
    _check_phrase(text, phrase)
    profile = as_profile(profile)
    if phrase.category == "time":
        temporal = _temporal_options(text, phrase, now, gamma)
        if temporal is not None:
            return PhraseAlternatives(phrase, _with_height(temporal), [], None)
    chain = generalization_chain(phrase, context_text=text, profile=profile, reading=reading)
    if chain.kind == "noun" and not _used_as_common_noun(text, phrase):
        # "let's get married" is not "let's get a person"; "Aw man!" is not "Aw a person!"; but
        # "I'm Catholic" -> "I'm a Christian" and "I love Arabic" -> "I love a language" read right
        top = next(
            (i for i, level in enumerate(chain.levels) if level.label in IDENTITY_TOPS), None
        )
        chain = Chain(
            chain.phrase,
            "noun" if top else "none",
            chain.levels[: (top or 0) + 1],
            chain.readings,
            chain.reading,
        )
    return PhraseAlternatives(
        phrase,
        _with_height(_chain_options(text, phrase, chain, gamma)),
        chain.readings,
        chain.reading,
    )


def _used_as_common_noun(text: str, phrase: Phrase) -> bool:
    """Whether the phrase reads as a noun here, so that WordNet's noun hypernyms can stand for it:
    not a verb or adjective ("married", "gay"), an interjection ("Aw man!"), a number ("my 3 year
    old") or a person's name ("Troy Austin")."""
    tokens = _phrase_tokens(text, phrase)
    if not tokens:
        return True
    if any(t.ent_type_ == "PERSON" for t in tokens) and all(t.pos_ == "PROPN" for t in tokens):
        return False
    if any(
        t.dep_ == "intj"
        or (
            t.i > 0
            and t.doc[t.i - 1].pos_ == "INTJ"
            and t.i + 1 < len(t.doc)
            and t.doc[t.i + 1].is_punct
        )
        for t in tokens
    ):
        return False  # "Aw man!", "oh boy,"
    if all(t.like_num or t.pos_ == "NUM" for t in tokens if not t.is_punct):
        return False
    return any(
        t.pos_ in ("NOUN", "PROPN") or not _can_be(t.lower_, t.pos_)
        for t in tokens
        if not t.is_punct
    )


def _phrase_tokens(text: str, phrase: Phrase) -> list[Any]:
    return [t for t in parse(text) if t.idx < phrase.end and phrase.start < t.idx + len(t.text)]


def _article_fits(text: str, phrase: Phrase) -> bool:
    """Whether "a"/"an" may go before a generalization of the phrase: not for a plural ("some
    cute boys" -> "some cute people"), nor after a determiner, possessive, adjective, number or
    noun of the same noun phrase ("your Nan", "our other pilot", "a 101 degree fever")."""
    tokens = _phrase_tokens(text, phrase)
    if not tokens:
        return True
    if is_plural(phrase.text):
        return False
    first = tokens[0]
    previous = first.doc[first.i - 1] if first.i > 0 else None
    return previous is None or not (
        previous.pos_ in ("DET", "ADJ", "NUM", "NOUN", "PROPN")
        or previous.dep_ in ("det", "poss", "amod", "nummod", "compound")
    )


def _modifies_a_noun(text: str, phrase: Phrase) -> bool:
    """Whether the phrase modifies the noun after it ("cancer clinic", "doctors appointment"):
    a hypernym there ("a disease clinic") rarely reads right."""
    tokens = _phrase_tokens(text, phrase)
    if not tokens:
        return False
    last = tokens[-1]
    following = last.doc[last.i + 1] if last.i + 1 < len(last.doc) else None
    return last.dep_ == "compound" or (
        following is not None
        and following.pos_ == "NOUN"
        and last.pos_ in ("NOUN", "PROPN")
        and not following.is_punct
    )


_WORDNET_POS = {"VERB": "v", "AUX": "v", "ADJ": "a", "ADV": "r"}


def _can_be(word: str, pos: str) -> bool:
    """Whether WordNet knows `word` as that part of speech: the small tagger calls "sushi" in
    "is sushi" an adjective, which WordNet does not, so it is still read as a noun."""
    wn_pos = _WORDNET_POS.get(pos)
    if wn_pos is None:
        return True
    wn = wordnet()
    return bool(wn.synsets(wn.morphy(word, wn_pos) or word, pos=wn_pos))


def _with_height(options: list[Option]) -> list[Option]:
    height = max(o.degree for o in options)
    return [Option(**{**o.__dict__, "height": height}) for o in options]


def generalize_text(
    text: str,
    phrases: Sequence[Phrase],
    degrees: Sequence[int],
    *,
    profile: Profile,
    now: datetime | None = None,
    name: str = "",
    level: int = 0,
    readings: dict[int, str] | None = None,
) -> GroupGeneralization:
    """The message with each phrase at the given degree (the user's own choice of levels)."""
    _check_text(text)
    kept = usable_phrases(text, phrases)
    if len(degrees) != len(kept):
        raise ValueError(
            f"give one degree per phrase ({len(kept)} phrases, {len(degrees)} degrees)"
        )
    chosen = []
    for i, (phrase, degree) in enumerate(zip(kept, degrees)):
        options = alternatives(
            text, phrase, profile=profile, now=now, reading=(readings or {}).get(i)
        ).options
        if not 0 <= degree < len(options):
            raise ValueError(f"{phrase.text!r} has degrees 0..{len(options) - 1}, not {degree}")
        chosen.append(options[degree])
    return _render(text, kept, tuple(chosen), name, level)


# --- options ---------------------------------------------------------------------------------


def _fits(text: str, start: int, end: int, replacement: str) -> str:
    """The replacement adjusted to its place: capitalised at a sentence start."""
    before = text[:start].rstrip()
    if replacement and (not before or before.endswith((".", "!", "?", "\n"))):
        return replacement[0].upper() + replacement[1:]
    return replacement


def _with_article(text: str, start: int, replacement: str) -> tuple[int, str]:
    """Extend the span over a preceding "a"/"an" and make it agree with the replacement."""
    match = re.search(r"\b(a|an|A|An)\s+$", text[:start])
    if not match or not replacement or replacement.lower().startswith(("a ", "an ", "the ")):
        return start, replacement
    article = indefinite_article(replacement)
    if match.group(1)[0].isupper():
        article = article.capitalize()
    return match.start(), f"{article} {replacement}"


def _chain_options(text: str, phrase: Phrase, chain: Chain, gamma: float) -> list[Option]:
    losses = metrics.chain_losses(chain)
    original_fre = naturalness.fre_of_replacement(text, phrase.start, phrase.end, phrase.text)
    options: list[Option] = []
    facility = _facility_after(text, phrase, chain)
    # "cancer clinic", "eye doctors", "the orlando shooting": a hypernym or a wider place there reads wrong
    modifier = (
        chain.kind in ("noun", "place") and facility is None and _modifies_a_noun(text, phrase)
    )
    article_fits = _article_fits(text, phrase)
    for level, loss in zip(chain.levels, losses):
        start, end, replacement = phrase.start, phrase.end, level.text
        if level.degree > 0 and facility is not None and level.place:
            # "at Tokyo station" -> "at a station in Japan", not "at Japan station"
            start, end, replacement = _facility_in(text, phrase.start, facility, level.text)
            replacement = _fits(text, start, end, replacement)
        elif level.degree > 0:
            start, replacement = _with_article(text, phrase.start, replacement)
            if _names_area_of_place(text, start, chain, level.place):
                replacement = (
                    f"in {replacement}"  # "My hometown is Tokyo" -> "My hometown is in Japan"
                )
            replacement = _fits(text, start, phrase.end, replacement)
        fre = (
            original_fre
            if level.degree == 0
            else naturalness.fre_of_replacement(text, start, end, replacement)
        )
        if (
            level.degree > 0
            and level.source == "wordnet"
            and article_fits
            and _bare(text, start, replacement)
        ):
            # A count noun may need "a" where a mass noun stood ("is sushi" -> "is a dish").
            with_article = _fits(
                text, start, phrase.end, f"{indefinite_article(level.text)} {level.text}"
            )
            article_fre = naturalness.fre_of_replacement(text, start, phrase.end, with_article)
            if article_fre > fre:
                replacement, fre = with_article, article_fre
        natural = level.degree == 0 or (
            _acceptable(fre, original_fre, gamma)
            and not modifier
            and not (
                level.source == "wordnet"
                and (
                    _repeats_context(text, phrase, level.label or level.text)
                    or _restates_context(text, phrase, level.label or level.text)
                )
            )
        )
        options.append(
            Option(
                level.degree,
                replacement if level.degree else phrase.text,
                start,
                end,
                loss,
                level.k,
                round(fre, 2),
                natural,
                "original" if level.degree == 0 else "generalization",
                level.label,
                place=level.place,
                base_place=chain.levels[0].place,
            )
        )
    return options


_FACILITY = re.compile(
    r"\s+(station|airport|university|college|hospital|clinic|school|park|tower|mall|museum|zoo|stadium|"
    r"arena|library|bridge|beach|harbou?r|port|square|market|hotel|church|temple|shrine|cathedral|"
    r"mosque|castle|bay|gym|centre|center)\b(?!\s+of\b|-)",
    re.IGNORECASE,
)


def _facility_after(text: str, phrase: Phrase, chain: Chain) -> re.Match | None:
    """A place noun right after a place name ("Tokyo station", "Boston Airport")."""
    if not chain.levels or not chain.levels[0].place:
        return None
    return _FACILITY.match(text, phrase.end)


def _facility_in(text: str, start: int, facility: re.Match, area: str) -> tuple[int, int, str]:
    """The span and wording of "a <facility> in <area>", taking in a "the" before the name."""
    noun = facility.group(1).lower()
    the = re.search(r"\b(the|The)\s+$", text[:start])
    if the:
        start = the.start()
    return start, facility.end(), f"{indefinite_article(noun)} {noun} in {area}"


_DETERMINERS = frozenset(
    ["a", "an", "the", "my", "your", "his", "her", "its", "our", "their", "this", "that", "these", "those", "some", "any", "no", "every", "each", "another", "such", "what", "which", "whose"]
)


def _bare(text: str, start: int, replacement: str) -> bool:
    """A singular replacement with no determiner or possessive before it."""
    before = naturalness.words(text[max(0, start - 40) : start])
    previous = before[-1] if before else ""
    return (
        previous not in _DETERMINERS
        and not previous.endswith("'s")
        and not replacement.lower().startswith(("a ", "an ", "the "))
        and not replacement.endswith("s")
    )


def _repeats_context(text: str, phrase: Phrase, label: str) -> bool:
    """Whether a generalization repeats a word of its own sentence ("My favorite food is food")."""
    begin, end = naturalness.sentence_bounds(text, phrase.start, phrase.end)
    rest = set(naturalness.words(text[begin : phrase.start] + " " + text[phrase.end : end]))
    head = naturalness.words(label)[-1:] if naturalness.words(label) else []
    return bool(head) and head[0] in rest


_PLACE_COPULA = re.compile(
    r"\b(?:home ?town|home|birthplace|city|town|village|neighbou?rhood)\s+(?:is|was|'s|’s)\s+$",
    re.IGNORECASE,
)
_AREAS = ("region", "country", "continent")


def _names_area_of_place(text: str, start: int, chain: Chain, place: str | None) -> bool:
    """Whether a city the text equates with a place noun ("my hometown is Tokyo") is being
    generalized to the region, country or continent around it: a town is *in* Japan, it is not Japan."""
    base = chain.levels[0].place if chain.levels else None
    return bool(
        place
        and base
        and base.startswith("city:")
        and place.split(":")[0] in _AREAS
        and _PLACE_COPULA.search(text[:start])
    )


def _restates_context(text: str, phrase: Phrase, label: str) -> bool:
    """Whether a WordNet generalization is a kind of something its sentence already names, so that
    it says nothing ("My favorite food is sushi" -> "My favorite food is a dish")."""
    wn = wordnet()
    synsets = wn.synsets(label.replace(" ", "_"), pos="n")
    if not synsets:
        return False
    begin, end = naturalness.sentence_bounds(text, phrase.start, phrase.end)
    context = set(naturalness.words(text[begin : phrase.start] + " " + text[phrase.end : end]))
    ancestors = {h for synset in synsets for path in synset.hypernym_paths() for h in path}
    return any(
        s in ancestors and s.min_depth() >= MIN_SPECIFIC_DEPTH
        for word in context
        for s in wn.synsets(word, pos="n")
    )


def _acceptable(fre: float, original_fre: float, gamma: float) -> bool:
    """Fre reaches γ, or (when the original itself is under γ) loses at most MAX_DROP against it."""
    return fre >= gamma or (original_fre < gamma and fre >= original_fre - naturalness.MAX_DROP)


def _temporal_options(
    text: str, phrase: Phrase, now: datetime | None, gamma: float
) -> list[Option] | None:
    """NCP* generalizations and suppression of a time phrase, from the temporal stage."""
    if now is None:
        return None
    from osnguard.privacy.temporal import find_expressions, generalize, suppress

    expression = next(
        (
            e
            for e in find_expressions(text, now=now)
            if e.phrase_span[0] < phrase.end and phrase.start < e.end
        ),
        None,
    )
    if expression is None:
        return None
    start, end = expression.phrase_span
    original = text[start:end]
    candidates = generalize(expression, now=now, source_text=text)
    height = len(candidates) + 1
    original_fre = naturalness.fre_of_replacement(text, start, end, original)
    options = [
        Option(0, original, start, end, 0.0, 1, round(original_fre, 2), True, "original", original)
    ]
    for degree, candidate in enumerate(candidates, start=1):
        replacement = _fits(text, start, end, candidate.text)
        fre = naturalness.fre_of_replacement(text, start, end, replacement)
        options.append(
            Option(
                degree,
                replacement,
                start,
                end,
                degree / height,
                None,
                round(fre, 2),
                _acceptable(fre, original_fre, gamma),
                "temporal",
                candidate.phrase,
            )
        )
    removed = suppress(text, spans=[(start, end)], now=now).removed
    if removed:
        cut_start = min(s for s, _ in removed)
        cut_end = max(e for _, e in removed)
        options.append(
            Option(height, "", cut_start, cut_end, 1.0, None, 0.0, True, "suppression", "")
        )
    return options


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
    while _product(lists) > MAX_COMBINATIONS and any(len(opts) > 2 for opts in lists):
        longest = max(range(len(lists)), key=lambda i: len(lists[i]))
        opts = lists[longest]
        # Drop the middle option nearest the centre: keep the original and the most general.
        del opts[len(opts) // 2]
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


_RANK = {"city": 0, "region": 1, "country": 2, "continent": 3}


def _related_pairs(lists: list[list[Option]]) -> list[tuple[int, int]]:
    """Pairs of phrases about the same place or nested places ("Tokyo" and "Tokyo University")."""
    from osnguard.privacy import places

    bases = [
        places.get(opts[0].base_place) if opts and opts[0].base_place else None for opts in lists
    ]
    return [
        (i, j)
        for i, j in itertools.combinations(range(len(lists)), 2)
        if bases[i]
        and bases[j]
        and (places.contains(bases[i], bases[j]) or places.contains(bases[j], bases[i]))
    ]


def _consistent(combo: tuple[Option, ...], related: list[tuple[int, int]]) -> bool:
    """Related phrases must name their places at the same granularity: "hometown is Japan" next
    to "a university in Tokyo" would give Tokyo away anyway."""
    for i, j in related:
        a, b = combo[i].place, combo[j].place
        if a and b and _RANK[a.split(":")[0]] != _RANK[b.split(":")[0]]:
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


def _spread(combos: list[tuple[Option, ...]], count: int, original_for_closest: bool) -> list[int]:
    """Indices of `count` combinations for the group levels, closest first.

    InfoLoss targets are spread evenly from the least to the most lossy combination, and each
    pick must generalize every phrase at least as far as the previous pick (so a more private
    group never sees a phrase more precisely than a closer group) and lose more; when
    combinations run out, neighbouring levels share one.
    """
    first = 0 if original_for_closest or len(combos) == 1 else 1
    last = len(combos) - 1
    if count == 1:
        return [first if original_for_closest else last]
    losses = [sum(o.info_loss for o in c) for c in combos]
    picks = [first]
    for i in range(1, count):
        target = losses[first] + (losses[last] - losses[first]) * i / (count - 1)
        previous = combos[picks[-1]]
        candidates = [
            j
            for j in range(picks[-1] + 1, len(combos))
            if losses[j] > losses[picks[-1]] and _dominates(combos[j], previous)
        ]
        if not candidates:
            picks.append(picks[-1])
            continue
        # Do not run ahead of the target, so later groups keep room to differ.
        if i == count - 1:  # the most private group: the most general of the most lossy
            picks.append(
                max(
                    candidates,
                    key=lambda j: (round(losses[j], 9), sum(o.degree for o in combos[j])),
                )
            )
        else:
            picks.append(min(candidates, key=lambda j: (abs(losses[j] - target), j)))
    return picks


def _dominates(combo: tuple[Option, ...], other: tuple[Option, ...]) -> bool:
    """Every phrase at least as general (by degree) in `combo` as in `other`."""
    return all(a.degree >= b.degree for a, b in zip(combo, other))


def _render(
    text: str, phrases: list[Phrase], combo: tuple[Option, ...], name: str, level: int
) -> GroupGeneralization:
    """Apply a combination to the text, recording choices at their offsets in the new text."""
    order = sorted(range(len(combo)), key=lambda i: combo[i].start)
    pieces: list[str] = []
    cursor, length = 0, 0
    spans: dict[int, tuple[int, int]] = {}
    for i in order:
        option = combo[i]
        pieces.append(text[cursor : option.start])
        length += option.start - cursor
        spans[i] = (length, length + len(option.text))
        pieces.append(option.text)
        length += len(option.text)
        cursor = option.end
    pieces.append(text[cursor:])
    result, spans = _tidy("".join(pieces), spans)
    choices, levels = [], []
    for i, (phrase, option) in enumerate(zip(phrases, combo)):
        start, end = spans[i]
        kind = (
            "temporal"
            if option.kind in ("temporal", "suppression") or phrase.category == "time"
            else "generalization"
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
    changed = [o.fre for o in combo if o.degree > 0 and o.kind != "suppression"]
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


def metrics_k(combo: tuple[Option, ...]) -> int | None:
    """The combination's k-figure: its weakest phrase's (None when none is known)."""
    known = [o.k for o in combo if o.k is not None]
    return min(known) if known else None


def _tidy(text: str, spans: dict[int, tuple[int, int]]) -> tuple[str, dict[int, tuple[int, int]]]:
    """Collapse double spaces and spaces before punctuation left by deletions, moving offsets."""
    out: list[str] = []
    mapping: list[int] = []
    for index, char in enumerate(text):
        if char == " " and (
            not out
            or out[-1] in " \n"
            or text[index + 1 : index + 2] in (",", ".", "!", "?", ";", ":")
        ):
            mapping.append(len(out))
            continue
        mapping.append(len(out))
        out.append(char)
    mapping.append(len(out))
    moved = {i: (mapping[s], max(mapping[s], mapping[e])) for i, (s, e) in spans.items()}
    return "".join(out), moved


# --- validation ------------------------------------------------------------------------------


def as_profile(profile: Any) -> Profile:
    """A Profile from a Profile, a dict of attributes (Profile.from_dict) or None."""
    if isinstance(profile, Profile):
        return profile
    if profile is None or isinstance(profile, dict):
        return Profile.from_dict(profile)
    raise ValueError("profile must be a Profile or an object mapping attributes to lists")


def _check_text(text: Any) -> None:
    if not isinstance(text, str):
        raise ValueError("the message text must be a string")


def _check_phrase(text: str, phrase: Any) -> None:
    if not isinstance(phrase, Phrase):
        raise ValueError("each phrase must be a Phrase")
    if (
        not 0 <= phrase.start < phrase.end <= len(text)
        or text[phrase.start : phrase.end] != phrase.text
    ):
        raise ValueError(
            f"phrase {phrase.text!r} does not match the text at {phrase.start}..{phrase.end}"
        )


def _check_groups(groups: Any) -> list[GroupSpec]:
    if not isinstance(groups, (list, tuple)):
        raise ValueError("groups must be a list of GroupSpec(name, level)")
    groups = [
        GroupSpec(str(g.get("name", "")), g.get("level")) if isinstance(g, dict) else g
        for g in groups
    ]
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
        _check_phrase(text, phrase)
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
