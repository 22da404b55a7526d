"""Anonymization operators (Presidio-style): one per kind of phrase, each turning a private phrase
in its message into ranked options, most specific (the phrase as written) first.

- `OperatorKind.TEMPORAL`: a time phrase's NCP* generalizations and its suppression, from the
  temporal stage; it does not apply when the phrase is no time expression or `now` is unknown.
- `OperatorKind.REMOVAL`: a time phrase the temporal stage cannot read: as written or removed.
- `OperatorKind.IDENTIFIER`: a contact detail or identifier (phone, e-mail, address, account,
  id): as written, partly masked, or described ("my number"), from identifiers.py.
- `OperatorKind.VALUE`: an age, birth year, amount of money or person's name said vaguely
  ("34" -> "thirty-something", "Tom" -> "T."), from values.py.
- `OperatorKind.GENERALIZATION`: the levels of the phrase's generalization chain (schemas.py:
  places, organisations, WordNet noun hypernyms), worded to fit the sentence.

`OPERATORS` is the registry and `operators_for(phrase)` the order they are tried in; the first
that applies gives the phrase's options (`alternatives`). Every option carries its InfoLoss
(metrics.py), k-figure and naturalness (Fre, naturalness.py).
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Protocol

from osnguard.privacy import lexicon, places
from osnguard.privacy.anonymization import acceptability, identifiers, metrics, naturalness, values
from osnguard.privacy.anonymization.schemas import (
    PEOPLE_ADJECTIVES,
    SAINTS_INSTITUTION,
    SITE_AFTER,
    Chain,
    ChainKind,
    LevelSource,
    Reading,
    default_levels,
    generalization_chain,
    indefinite_article,
    inflect,
    is_plural,
    wider_places,
)
from osnguard.privacy.identification.patterns import identifier_kind
from osnguard.privacy.resources import parse, wordnet
from osnguard.privacy.temporal import find_expressions, generalize, suppress
from osnguard.privacy.temporal.model import TimeExpression
from osnguard.privacy.temporal.recognition import PREPOSITIONS
from osnguard.privacy.temporal.vague import HOLIDAY_NAME, vague_wordings
from osnguard.privacy.types import Category, Phrase, Profile

IDENTITY_TOPS = frozenset(
    {"religious person", "language"}
)  # adjectives whose noun chain reads right
MIN_SPECIFIC_DEPTH = 4  # context nouns above this WordNet depth (entity, object...) restate nothing


class OptionKind(StrEnum):
    """What an option does to its phrase."""

    ORIGINAL = "original"  # keeps it as written (degree 0)
    GENERALIZATION = "generalization"  # a level of its generalization chain
    TEMPORAL = "temporal"  # an NCP* generalization of a time phrase
    SUPPRESSION = "suppression"  # removes the phrase (a time, or a word modifying a noun)
    MASK = "mask"  # an identifier partly hidden ("07911 …")
    DESCRIPTION = "description"  # an identifier described, not given ("my number")


class OperatorKind(StrEnum):
    """The anonymization operators, by the kind of phrase they handle."""

    TEMPORAL = "temporal"
    REMOVAL = "removal"
    IDENTIFIER = "identifier"
    VALUE = "value"
    GENERALIZATION = "generalization"


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
    kind: OptionKind
    label: str = ""
    height: int = 0  # the highest degree among the phrase's options
    place: str | None = None  # the place this wording names (`Place.key`), if any
    base_place: str | None = None  # the place the phrase itself names, if any
    # False: offered in the review, never given to a group by default (wider than people say:
    # "Europe" for a city, "the UK" for a neighbourhood; `schemas.default_levels`)
    automatic: bool = True


@dataclass
class PhraseAlternatives:
    """What the UI offers for one phrase: its options, readings, and the reading followed."""

    phrase: Phrase
    options: list[Option]
    readings: list[Reading]
    reading: str | None


@dataclass(frozen=True)
class OperatorContext:
    """What an operator knows besides the phrase: the author, the time, the reading to follow
    (for an ambiguous phrase) and the naturalness threshold γ."""

    profile: Profile
    now: datetime | None
    reading: str | None = None
    gamma: float = naturalness.GAMMA


class Operator(Protocol):
    """Options for `phrase` in `text`, most specific first, or None when the operator does not
    apply to it (the next operator is tried)."""

    def __call__(
        self, text: str, phrase: Phrase, context: OperatorContext
    ) -> PhraseAlternatives | None: ...


def temporal_operator(
    text: str, phrase: Phrase, context: OperatorContext
) -> PhraseAlternatives | None:
    """A time phrase's NCP* generalizations and its suppression."""
    options = _temporal_options(
        text, phrase, context.now, context.gamma, southern=_lives_south(context.profile, text)
    )
    if options is None:
        return None
    if STATE_BEFORE_LENGTH.search(text, 0, phrase.start) and LENGTH_SAID.fullmatch(phrase.text):
        # "Been sober 18 months" -> "sober for months": a length after a state reads with "for"
        # once its count goes ("in recovery months" would not read)
        options = [
            replace(o, text=f"for {o.text}")
            if o.degree > 0 and o.text and not TIME_PREPOSITION_START.match(o.text)
            else o
            for o in options
        ]
    return PhraseAlternatives(phrase, _with_height(options), [], None)


# a state said before its length ("sober 18 months"), the states of `lexicon.LENGTH_STATES`
STATE_BEFORE_LENGTH = re.compile(rf"\b(?:{'|'.join(lexicon.LENGTH_STATES)})\s+$", re.IGNORECASE)
LENGTH_SAID = re.compile(
    r"(?:\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
    r"(?:days?|weeks?|months?|years?)",
    re.IGNORECASE,
)


def identifier_operator(
    text: str, phrase: Phrase, context: OperatorContext
) -> PhraseAlternatives | None:
    """A contact detail or identifier: as written, partly masked, or described
    (`identifiers.py`)."""
    kind = identifier_kind(phrase)
    if kind not in identifiers.DESCRIPTIONS:
        return None
    wordings = [(phrase.text, OptionKind.ORIGINAL, 0.0)]
    automatic = [True]
    mask = identifiers.partial_mask(kind, phrase.text)
    if mask:
        # an address's area is a true, coarser place ("Moseley"); other masks only cut digits
        shown = OptionKind.GENERALIZATION if kind == "address" else OptionKind.MASK
        wordings.append((identifiers.area_name(mask) if kind == "address" else mask, shown, 0.5))
        automatic.append(True)
        if kind == "address":
            # and the places around the area: "Partick" -> "Glasgow" -> "Scotland"
            wider = wider_places(mask)
            wordings += [
                (place, OptionKind.GENERALIZATION, 0.5 + 0.5 * (i + 1) / (len(wider) + 1))
                for i, (place, _) in enumerate(wider)
            ]
            automatic += [default for _, default in wider]
    said = identifiers.description(
        kind, phrase.text, text[: phrase.start], after=text[phrase.end :]
    )
    described = _fits(text, phrase.start, phrase.end, said)
    wordings.append((described, OptionKind.DESCRIPTION, 1.0))
    # an address with an area is said by its area and city; "my address" stays in the review
    automatic.append(not (kind == "address" and mask))
    found = _worded_alternatives(text, phrase, wordings)
    found.options = [replace(o, automatic=a) for o, a in zip(found.options, automatic)]
    return found


VALUE_WORDINGS: Mapping[Category, Any] = MappingProxyType(
    {  # (phrase, text before it, text after it) -> wordings
        Category.AGE: lambda phrase, before, after: values.age_wordings(phrase, after, before),
        Category.FINANCE: lambda phrase, before, after: values.amount_wordings(
            phrase, after, before
        ),
        Category.IDENTITY: values.name_wordings,
        Category.HEALTH: values.stage_wordings,
        Category.RELATIONSHIP: values.sober_wordings,
    }
)


def value_operator(
    text: str, phrase: Phrase, context: OperatorContext
) -> PhraseAlternatives | None:
    """An age, a birth year, an amount of money or a person's name, said vaguely (`values.py`);
    it does not apply when no rule reads the phrase."""
    wording = VALUE_WORDINGS.get(phrase.category)
    found = wording(phrase.text, text[: phrase.start], text[phrase.end :]) if wording else []
    if not found:
        return None
    wordings = [(phrase.text, OptionKind.ORIGINAL, 0.0)]
    if phrase.category == Category.IDENTITY and _names_the_author(text, phrase):
        # "ps it's Aoife from the choir", "call Hemi on 021 …": the author signs, and the
        # name is "me" (the number beside it is already "my number")
        return _worded_alternatives(
            text, phrase, [*wordings, ("me", OptionKind.GENERALIZATION, 1.0)]
        )
    wordings += [
        (_fits(text, phrase.start, phrase.end, w), OptionKind.GENERALIZATION, (i + 1) / len(found))
        for i, w in enumerate(found)
    ]
    addressed = _addressed(text, phrase) if phrase.category == Category.IDENTITY else None
    if addressed is not None:
        # "@liam_k can you water the plants?", "thank u @sam": the friend addressed is not named
        # to the others; "someone" would not read ("thank you someone")
        found_options = _worded_alternatives(text, phrase, wordings[:2])
        found_options.options[1:] = [replace(o, automatic=False) for o in found_options.options[1:]]
        start, end = addressed
        removal = _removal(start, end, len(found_options.options))
        if end < len(text) and text[end].islower() and _fits(text, start, end, "x") == "X":
            # "… yesterday. @zola_nk you knew" -> "… yesterday. You knew"
            removal = replace(removal, text=text[end].upper(), end=end + 1)
        found_options.options.append(removal)
        found_options.options = _with_height(found_options.options)
        return found_options
    role = _role_before(text, phrase) if phrase.category == Category.IDENTITY else None
    if role is not None:  # "my husband Tom" -> "my husband": the role says who, the name is gone
        # ("my husband someone" does not read)
        wordings = [w for w in wordings if not re.match(r"(?:someone|they|their)\b", w[0], re.I)]
    found_options = _worded_alternatives(text, phrase, wordings)
    if role is not None:
        found_options.options.append(_removal(role, phrase.end, len(found_options.options)))
    return found_options


# "my baby girl Amara", "our son Oscar", "the love of my life @marcus": a name after a role
_ROLE_BEFORE = re.compile(
    r"(?:\b(?:my|our|his|her|their|your)\s+(?:[\w-]+\s+){0,2}?(?P<noun>[\w-]+)"
    r"|\bthe love of (?:my|our) life)\s+$",
    re.IGNORECASE,
)


# "it's Aoife from the choir", "call Hemi on 021 555 0187", "(Siobhán Byrne)" after bank details
_AUTHOR_SIGNING = re.compile(r"\b(?:it'?s|it is|this is)\s+$", re.IGNORECASE)
_AUTHOR_CONTACT = re.compile(r"\b(?:call|text|ring|phone|whatsapp|message|ask for)\s+$", re.I)
_NUMBER_AFTER = re.compile(r"\s+(?:on|at)\s+[+(\d]")
_ACCOUNT_HOLDER = re.compile(r"\d\s*\(\s*$")


def _names_the_author(text: str, phrase: Phrase) -> bool:
    """Whether a name is the author's own: signed ("ps it's Aoife"), given with a contact number
    ("call Hemi on 021 …") or as the holder of an account number ("… 3456 78 (Siobhán Byrne)")."""
    before, after = text[: phrase.start], text[phrase.end :]
    if phrase.text.startswith("@"):
        return False
    if _AUTHOR_SIGNING.search(before) and not re.match(r"['’]s\b", after):
        return True
    if _AUTHOR_CONTACT.search(before) and _NUMBER_AFTER.match(after):
        return True
    return bool(_ACCOUNT_HOLDER.search(before) and re.match(r"\s*\)", after))


# A name or handle spoken to: at a clause's start before "can you", "you", a comma...; or after
# thanks or wishes at a clause's end ("thank u @sam", "Happy anniversary @chidi_e ❤️")
_CLAUSE_START = re.compile(r"(?:^|[.!?,;:\n]|[^\w\s'’@#])\s*$")
_SPOKEN_TO_AFTER = re.compile(
    r"\s*(?:,|can\b|could\b|would\b|will\b|you\b|u\b|ur\b|pls\b|please\b|plz\b|did\b|do\b|"
    r"are\b|r\b)",
    re.IGNORECASE,
)
_THANKS_BEFORE = re.compile(
    r"\b(?:thank you|thanks|thank u|thanku|thx|ty|cheers|congrats|congratulations|love you|"
    r"miss you|proud of you|good luck|well done|happy(?:\s+[\w'’]+){1,3})\s*$",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"\s*(?:$|[.!?,;:)]|[^\w\s]|for\b|x+\b)", re.IGNORECASE)


def _addressed(text: str, phrase: Phrase) -> tuple[int, int] | None:
    """The span to take out when the phrase is a friend spoken to ("@liam_k can you water the
    plants?"): the name and the space after it at a clause's start, or the space before it after
    thanks or wishes; None when the name is not spoken to."""
    before, after = text[: phrase.start], text[phrase.end :]
    if _CLAUSE_START.search(before) and _SPOKEN_TO_AFTER.match(after):
        comma = re.match(r"\s*,?\s*", after)
        return phrase.start, phrase.end + (comma.end() if comma else 0)
    if _THANKS_BEFORE.search(before) and _CLAUSE_END.match(after):
        start = phrase.start
        while start > 0 and text[start - 1] == " ":
            start -= 1
        return start, phrase.end
    return None


def _role_before(text: str, phrase: Phrase) -> int | None:
    """Where the space before a name starts when the name follows a possessive noun for a person
    ("my best friend Zainab"), so the name can go and the role stay; None otherwise."""
    if re.match(r"['’]s\b", text[phrase.end :]):
        return None  # "my friend Tom's car": the name carries the possessive
    found = _ROLE_BEFORE.search(text[: phrase.start])
    if found is None:
        return None
    noun = found.group("noun")
    if noun is not None and not any(
        synset.lexname() == "noun.person" for synset in wordnet().synsets(noun.lower(), pos="n")
    ):
        return None
    start = phrase.start
    while start > 0 and text[start - 1].isspace():
        start -= 1
    return start


def removal_operator(
    text: str, phrase: Phrase, context: OperatorContext
) -> PhraseAlternatives | None:
    """A time phrase the temporal stage cannot read ("all weekend", "arvo", "Mon/Wed/Fri"): as
    written or removed; a WordNet chain would make "all weekend" a "time period"."""
    if phrase.category != Category.TIME:
        return None
    if _sentence_needs(text, phrase.start, phrase.end):
        # "my due date is the 14th": "is," would not read; the phrase stays as written
        return _worded_alternatives(text, phrase, [(phrase.text, OptionKind.ORIGINAL, 0.0)])
    wordings = [(phrase.text, OptionKind.ORIGINAL, 0.0), ("", OptionKind.SUPPRESSION, 1.0)]
    found = _worded_alternatives(text, phrase, wordings)
    removed = found.options[-1]
    end = _one_comma_left(text, removed.start, removed.end)
    found.options[-1] = replace(removed, start=_with_bare_verb(text, removed.start, end), end=end)
    return found


def _one_comma_left(text: str, start: int, end: int) -> int:
    """The end of a removal between two commas, past the second one: "to see my nan, [11 till
    4], non-negotiable" keeps one comma."""
    after = re.match(r"\s*,", text[end:])
    if after and re.search(r",\s*$", text[:start]):
        return end + after.end()
    return end


def _with_comma_before(text: str, start: int, end: int) -> int:
    """Where a removal starts when it is the last part of a sentence after a comma ("in Greece
    next June[, 25 years this year] 💙"): with its comma, so no ", 💙" is left."""
    comma = re.search(r",\s*$", text[:start])
    if comma and re.match(r"[^\w,]*(?:$|[.!?\n])", text[end:]):
        return comma.start()
    return start


def _worded_alternatives(
    text: str, phrase: Phrase, wordings: list[tuple[str, OptionKind, float]]
) -> PhraseAlternatives:
    """Options over the phrase's own span from fixed wordings (text, kind, InfoLoss), degree in
    list order; they are written to read as the author would ("text me on my number"), so all
    count as natural, and carry their Fre for the review."""
    options = [
        Option(
            degree,
            wording,
            phrase.start,
            phrase.end,
            loss,
            None,
            round(naturalness.fre_of_replacement(text, phrase.start, phrase.end, wording), 2),
            True,
            kind,
        )
        for degree, (wording, kind, loss) in enumerate(wordings)
    ]
    return PhraseAlternatives(phrase, _with_height(options), [], None)


# A superlative whose scope is the place after it ("the oldest man in", "the best pizza in")
SUPERLATIVE_SCOPE = re.compile(
    r"\bthe\s+(?!(?:west|rest|guest|forest|interest|chest|quest|test|contest|protest|request|"
    r"harvest)\b)(?:\w+est|best|worst|most\s+\w+|only)\b(?:\s+[\w'’-]+){0,4}\s+in\s+$",
    re.IGNORECASE,
)


EXAM_WORDS_AFTER = re.compile(
    r"\s+(?:(?:n?\d|[abc][12]|level\s+\w+|band\s+\w+)\s+)?(?:exams?|tests?|results?|prep|course)\b",
    re.IGNORECASE,
)


def generalization_operator(
    text: str, phrase: Phrase, context: OperatorContext
) -> PhraseAlternatives:
    """The levels of the phrase's generalization chain (place, organisation or WordNet noun)."""
    if phrase.category == Category.LOCATION and SUPERLATIVE_SCOPE.search(text[: phrase.start]):
        # "the oldest man in Tipperary": the place is the claim's scope; a wider place or none
        # would make it false ("the oldest man in Ireland"), "the area" keeps it true
        return _worded_alternatives(
            text,
            phrase,
            [(phrase.text, OptionKind.ORIGINAL, 0.0), ("the area", OptionKind.GENERALIZATION, 0.5)],
        )
    chain = generalization_chain(
        phrase, context_text=text, profile=context.profile, reading=context.reading
    )
    if chain.levels[-1].label.endswith(("exam", "test")) and EXAM_WORDS_AFTER.match(
        text, phrase.end
    ):
        # "my HSK 4 exam": the exam's name is a modifier here, "a Chinese exam 4 exam" no wording
        chain = Chain(chain.phrase, ChainKind.NONE, chain.levels[:1], chain.readings, chain.reading)
    worded_by_wordnet = any(level.source == LevelSource.WORDNET for level in chain.levels[1:])
    tokens = _phrase_tokens(text, phrase) if worded_by_wordnet else []
    if len(tokens) > 1 and tokens[0].pos_ in ("VERB", "AUX"):
        # "lost the baby" is an event, not "a child": a noun's hypernyms cannot stand for it
        chain = Chain(chain.phrase, ChainKind.NONE, chain.levels[:1], chain.readings, chain.reading)
    if (
        chain.kind == ChainKind.NOUN
        and worded_by_wordnet
        and not _used_as_common_noun(text, phrase)
    ):
        # "let's get married" is not "let's get a person"; "Aw man!" is not "Aw a person!"; but
        # "I'm Catholic" -> "I'm a Christian" and "I love Arabic" -> "I love a language" read right
        top = next(
            (i for i, level in enumerate(chain.levels) if level.label in IDENTITY_TOPS), None
        )
        chain = Chain(
            chain.phrase,
            ChainKind.NOUN if top else ChainKind.NONE,
            chain.levels[: (top or 0) + 1],
            chain.readings,
            chain.reading,
        )
    return PhraseAlternatives(
        phrase,
        _with_height(_chain_options(text, phrase, chain, context.gamma)),
        chain.readings,
        chain.reading,
    )


OPERATORS: Mapping[OperatorKind, Operator] = MappingProxyType(
    {
        OperatorKind.TEMPORAL: temporal_operator,
        OperatorKind.REMOVAL: removal_operator,
        OperatorKind.IDENTIFIER: identifier_operator,
        OperatorKind.VALUE: value_operator,
        OperatorKind.GENERALIZATION: generalization_operator,
    }
)


def operators_for(phrase: Phrase) -> tuple[OperatorKind, ...]:
    """The operators tried for a phrase, in order: a time phrase is generalized in time first."""
    if phrase.category == Category.TIME:
        return (OperatorKind.TEMPORAL, OperatorKind.REMOVAL)
    return (OperatorKind.IDENTIFIER, OperatorKind.VALUE, OperatorKind.GENERALIZATION)


def alternatives(
    text: str,
    phrase: Phrase,
    *,
    profile: Profile | dict[str, Any] | None,
    now: datetime | None = None,
    reading: str | None = None,
    gamma: float = naturalness.GAMMA,
) -> PhraseAlternatives:
    """Every way to write `phrase` in `text`, most specific first, each with its InfoLoss,
    k-figure and naturalness, so the user can choose another generalization (or reading)."""
    check_text(text)
    check_phrase(text, phrase)
    context = OperatorContext(Profile.coerce(profile), now, reading, gamma)
    for kind in operators_for(phrase):
        found = OPERATORS[kind](text, phrase, context)
        if found is not None:
            return found
    raise AssertionError("the generalization operator applies to every phrase")


def check_text(text: object) -> None:
    if not isinstance(text, str):
        raise ValueError("the message text must be a string")


def check_phrase(text: str, phrase: object) -> None:
    if not isinstance(phrase, Phrase):
        raise ValueError("each phrase must be a Phrase")
    if (
        not 0 <= phrase.start < phrase.end <= len(text)
        or text[phrase.start : phrase.end] != phrase.text
    ):
        raise ValueError(
            f"phrase {phrase.text!r} does not match the text at {phrase.start}..{phrase.end}"
        )


# --- wording the options ---------------------------------------------------------------------


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


def _field_of_study(chain: Chain) -> bool:
    """The chain reads the phrase as a discipline ("Veterinary Medicine"), which takes no
    article: "a medicine" is a drug."""
    if chain.kind != ChainKind.NOUN or not chain.reading:
        return False
    try:
        return bool(wordnet().synset(chain.reading).lexname() == "noun.cognition")
    except (ValueError, LookupError):  # a reading that is no WordNet synset name
        return False


def _article_fits(text: str, phrase: Phrase) -> bool:
    """Whether "a"/"an" may go before a generalization of the phrase: not for a plural ("some
    cute boys" -> "some cute people"), nor after a determiner, possessive, adjective, number or
    noun of the same noun phrase ("your Nan", "our other pilot", "a 101 degree fever", "my dad's
    dementia")."""
    tokens = _phrase_tokens(text, phrase)
    if not tokens:
        return True
    if is_plural(phrase.text):
        return False
    first = tokens[0]
    previous = first.doc[first.i - 1] if first.i > 0 else None
    return previous is None or not (
        previous.pos_ in ("DET", "ADJ", "NUM", "NOUN", "PROPN")
        or previous.dep_ in ("det", "poss", "amod", "nummod", "compound", "case")
        or previous.lower_ in ("'s", "’s", "'", "’")
    )


def _counted(text: str, phrase: Phrase) -> bool:
    """Whether a number counts the phrase's plural noun ("3 appendectomies")."""
    return is_plural(phrase.text) and bool(COUNT_BEFORE.search(text[: phrase.start]))


COUNT_BEFORE = re.compile(
    r"\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|several|many|multiple)\s+$",
    re.IGNORECASE,
)


def _modifier_dropped(
    text: str, start: int, end: int, degree: int, *, capitalise: bool = False
) -> Option:
    """The words at [start, end) taken out before the noun they modify: a determiner they start
    with stays ("the 14-hour flight" -> "the flight"), an article before them agrees with the
    noun ("an 8 hour shift" -> "a shift"), a possessive goes with them ("3 months' salary" ->
    "salary") and, with `capitalise`, a sentence start stays capitalised ("cancer treatment is
    brutal" -> "Treatment is brutal")."""

    def option(replacement: str, first: int, last: int) -> Option:
        return Option(
            degree, replacement, first, last, 1.0, None, 0.0, True, OptionKind.SUPPRESSION, ""
        )

    determiner = re.match(r"(the|this|that|my|our)\s", text[start:end], re.IGNORECASE)
    if determiner:
        return option(determiner.group(1), start, end)
    gap = re.match(r"['’]?[\s-]+", text[end:])
    cut_end = end + (gap.end() if gap else 0)
    noun = re.match(r"\w+", text[cut_end:])
    article = re.search(r"\b(a|an|A|An)\s+$", text[:start])
    if article and noun:
        word = indefinite_article(noun.group())
        word = word.capitalize() if article.group(1)[0].isupper() else word
        return option(word + " ", article.start(), cut_end)
    if capitalise and noun and _fits(text, start, cut_end, "x") == "X":  # a sentence starts here
        return option(noun.group()[0].upper(), start, cut_end + 1)
    if (
        noun
        and text[start : start + 1].isupper()
        and re.search(r"\b(?:in|at|from|near|around|outside|by|on|to|into)\s+$", text[:start])
    ):
        # "near Flinders St station" -> "near the station": a name said which one, and a
        # countable noun needs its article without it
        return option("the ", start, cut_end)
    return option("", start, cut_end)


# Common nouns a name can end ("Kapaleeshwarar temple", "Brunswick station"): the name goes with
# them when they are generalized.
PLACE_NOUNS = re.compile(
    r"temple|mosque|masjid|church|gurdwara|synagogue|shul|mandir|chapel|cathedral|kovil|station|"
    r"hospital|clinic|school|college|campus|office|market|hotel|airport|stadium|library|museum"
)


def _compound_start(text: str, phrase: Phrase) -> int:
    """Where a generalization of the phrase starts: before the nouns that modify it right before
    it ("brain cancer" -> "a health condition", not "brain a health condition"; "knee injury"),
    and before the name a common noun ends ("at Kapaleeshwarar temple" -> "at a place of
    worship", not "at Kapaleeshwarar place of worship"), which would dangle beside a wider
    wording."""
    tokens = _phrase_tokens(text, phrase)
    if not tokens:
        return phrase.start
    first, head = tokens[0], tokens[-1]
    # "Kapaleeshwarar temple", "East London Mosque": a name ending in a kind of place
    common = PLACE_NOUNS.fullmatch(head.text.lower()) is not None
    start = phrase.start
    i = first.i - 1
    while i >= 0:
        token = first.doc[i]
        if not (
            token.dep_ == "compound"
            and (
                (token.pos_ == "NOUN" and token.text.islower())
                or (
                    token.pos_ == "PROPN"
                    and common
                    and token.i > token.sent.start
                    and token.ent_type_ != "NORP"  # "Hindu": a phrase of its own
                )
            )
            and token.head.i >= first.i
            and token.head.i <= head.i
            and not token.like_num
            and any(ch.isalpha() for ch in token.text)  # an emoji's variation selector is no noun
            # "a part-time MSc": the end of a hyphenated word is no noun of its own
            and not (i > 0 and first.doc[i - 1].text == "-" and not first.doc[i - 1].whitespace_)
        ):
            break
        start = token.idx
        i -= 1
    return start


def _before_modifiers(
    text: str, start: int, *, modifier_deps: tuple[str, ...], adverbs: bool
) -> Any | None:
    """The token right before the adjectives (and, with `adverbs`, adverbs) that end at `start`,
    when there is at least one adjective: the determiner of the noun phrase, if it has one."""
    seen_adjective = False
    for token in reversed([t for t in parse(text) if t.idx < start]):
        if token.pos_ == "ADJ" or token.dep_ in modifier_deps:
            seen_adjective = True
        elif not (adverbs and token.pos_ == "ADV"):
            return token if seen_adjective else None
    return None


def _adjectives_between_determiner(text: str, start: int, phrase: Phrase) -> bool:
    """Whether adjectives of the phrase's noun stand between its article and `start` ("a rare
    blood disorder"): the generalization then takes no article of its own."""
    token = _before_modifiers(text, start, modifier_deps=("amod",), adverbs=True)
    return token is not None and token.lower_ in ("a", "an")


EMOJI_OR_BREAK_END = re.compile(r"(?:[^\w\s.,;:'’\"()&/-]|\n)\s*$")


def _adjectives_after_determiner(text: str, start: int) -> bool:
    """Adjectives between a possessive or determiner and `start` ("my brother's traditional
    wedding", "Our Hindu wedding"): the noun phrase has its determiner, so a generalization
    takes no article."""
    token = _before_modifiers(
        text, start, modifier_deps=("amod", "compound", "nmod"), adverbs=False
    )
    before = [t for t in parse(text) if t.idx < start]
    # (an adjective written right before the noun, not an emoji the tagger took for one)
    adjective = bool(before) and before[-1].is_alpha and before[-1].pos_ == "ADJ"
    if token is None and adjective and all(t.pos_ == "ADJ" for t in before):
        return True  # "Traditional wedding in Owerri": the post opens with its adjectives
    return token is not None and (
        token.lower_ in ("'s", "’s", "the", "this", "that", "these", "those")
        or token.dep_ == "poss"
        # "💍 traditional wedding in Owerri": adjectives opening a clause, as headlines and posts
        # write it, take no article before the noun ("traditional a celebration")
        or (
            adjective
            and (
                token.pos_ in ("PUNCT", "SYM")
                or bool(EMOJI_OR_BREAK_END.search(text, 0, token.idx + len(token.text)))
            )
        )
    )


# What an event does, which the tagger takes for a plural noun after the event's name
EVENT_VERBS = frozenset(
    {"starts", "ends", "begins", "finishes", "resumes", "continues", "restarts", "kicks"}
)


def _the_only_verb(token: Any) -> bool:
    """A word the parser took for a noun that must be a verb: what an event does ("chemo starts
    monday"), or a word that can be a verb in a sentence with no other ("3rd round of IVF starts
    monday")."""
    if token.lower_ in EVENT_VERBS:
        return True  # "my deployment ends in March", "chemo starts monday"
    sentence = token.sent
    others = [t for t in sentence if t.pos_ in ("VERB", "AUX") and t.i != token.i]
    return (
        not others
        and token.lower_.endswith("s")
        and token.i > sentence.start + 1
        and _can_be(token.lower_, "VERB")
    )


CITIZENSHIP_AFTER = re.compile(
    r"\s+(?:citizen|citizens|citizenship|passport|passports|national|nationals|nationality|"
    r"residency|residence permit|visa)\b",
    re.IGNORECASE,
)


FROM_OR_AT_BEFORE = re.compile(r"\b(?:from|at|into|via)\s+$", re.IGNORECASE)
ON_BEFORE = re.compile(r"\bon\s+$", re.IGNORECASE)
STREET_NAME = re.compile(rf"\b{lexicon.STREET_TYPE}\.?$", re.IGNORECASE)
CHAT_WORD_AFTER = re.compile(
    r"\s+(?:lol|lmao|lmfao|omg|tbh|btw|pls|plz|x+|haha\w*|rofl|smh|fr|ngl|imo|jk)\b", re.IGNORECASE
)


def _modifies_a_noun(text: str, phrase: Phrase) -> bool:
    """Whether the phrase modifies the noun after it ("cancer clinic", "doctors appointment"):
    a hypernym there ("a disease clinic") rarely reads right."""
    tokens = _phrase_tokens(text, phrase)
    if not tokens:
        return False
    last = tokens[-1]
    following = last.doc[last.i + 1] if last.i + 1 < len(last.doc) else None
    if following is not None and not any(ch.isalnum() for ch in following.text):
        return False  # an emoji the parser calls a noun ("from Cork 🎄", "sorry Da 😂")
    if following is not None and _the_only_verb(following):
        return False  # "IVF starts monday": "starts" is the verb
    if TIME_WORD_AFTER.match(text, phrase.end):
        return False  # "to Puente la Reina today": a time, no noun it describes
    return last.dep_ == "compound" or (
        following is not None
        and following.pos_ == "NOUN"
        and last.pos_ in ("NOUN", "PROPN")
        and not following.is_punct
        and following.ent_type_ not in ("DATE", "TIME")  # "my wife today" modifies nothing
    )


# A time phrase between a determiner and the noun it describes ("the Halloween closing shift"):
# only its removal reads there (a stretch of time named after it stays a time: "the Easter
# holidays")
ATTRIBUTIVE_BEFORE = re.compile(r"\b(?:the|a|an|our|my|your|his|their)\s+$", re.I)
DEICTIC_NOUNS = frozenset({"today", "tomorrow", "tonight", "yesterday"})
THING_AFTER = re.compile(
    r"\s+(?!(?:day|days|eve|morning|afternoon|evening|night|nights|weekend|week|weeks|holidays?|"
    r"hols|break|vacation|period|season|time|and|or|at|in|on|with|to|for|is|was|we|i)\b)[a-z][a-z-]+"
)
# An object after a dismissal ("sacked me"): "let go me" would not read
OBJECT_PRONOUN_AFTER = re.compile(r"\s+(?:me|him|her|them|us|you)\b", re.I)
# An intensifier before the phrase ("so broke"): "so struggling" would not read
INTENSIFIER_BEFORE = re.compile(
    r"\b(?:so|very|really|proper|completely|totally|absolutely)\s+$", re.I
)
# ("a Hindu" -> "a religious person": an adjective after an article needs its noun)
ARTICLE_AND_WORDS_BEFORE = re.compile(r"\b(?:a|an)\s+(?:[\w-]+\s+){0,2}$", re.IGNORECASE)
PEOPLE_ADJECTIVE_WORDS = frozenset(PEOPLE_ADJECTIVES.values()) | {"religious"}
ELLIPTICAL_POSSESSIVE = re.compile(
    r"['’]s?(?=\s*(?:[,.;:!?)]|$)|\s+(?:for|to|in|on|at|and|with|since|this|last|yesterday|"
    r"today|tonight|tomorrow|again)\b)",
    re.IGNORECASE,
)
AT_BEFORE = re.compile(
    r"\b(?:at|near|around)\s+$", re.IGNORECASE
)  # "near Harrogate" -> "in England"
SINGULAR_VERB_AFTER = re.compile(r"\s+(?:is|was|has|seems|feels|gets)\b|['’]s\b", re.IGNORECASE)
PLURAL_POSSESSIVE_AFTER = re.compile(r"['’](?!\w)")  # "the Teals' climate bill"


def _possessive_agreed(text: str, phrase: Phrase, replacement: str) -> tuple[str, int]:
    """A plural possessive's bare apostrophe after the phrase, made to agree with a singular
    wording: "the Teals' climate bill" -> "a political party's climate bill"."""
    end = phrase.end
    mark = PLURAL_POSSESSIVE_AFTER.match(text, end) if text[end - 1 : end] == "s" else None
    if mark is None or not replacement[-1:].isalpha() or replacement.endswith("s"):
        return replacement, end
    named_for_a_saint = SAINTS_INSTITUTION.fullmatch(text, phrase.start, mark.end())
    if named_for_a_saint or not OWNED_AFTER.match(text, mark.end()):
        # "scan at St Thomas' went perfectly": the saint's name's own mark, no one's possession
        return replacement, mark.end()
    return f"{replacement}{mark.group()}s", mark.end()


OWNED_AFTER = re.compile(r"\s+[a-z]")  # "the Teals' climate bill": a noun the mark owns


# a noun phrase ends here: no possessive or noun follows ("at Brighton Pier. 28 years")
PHRASE_ENDS = re.compile(
    r"\s*(?:[,.;:!?)]|$|\s*[^\w\s'’-]|\s(?:and|but|then|with|for|on|in|a|an|this|last|next|today|tonight|"
    r"tomorrow|yesterday|again|every|lol|lmao|omg|haha\w*|x+|pls|plz|please|thanks|thx|tho|though)\b)",
    re.IGNORECASE,
)  # (an emoji or "lol" ends it too)
AREA_KEYS = ("region:", "country:", "continent:", "area:")  # places one is "in", not "at"
SERVICE_INSTITUTIONS = frozenset({"hospital", "clinic", "airport", "hospice", "surgery"})
FIRST_TIME_AFTER = re.compile(r"\s+for\s+the\s+(?:first|1st)\s+time\b", re.IGNORECASE)
DETERMINER_BEFORE = re.compile(
    r"\b(?:this|that|these|those|next|last|every|each|my|our|your|his|her|their|first|second|"
    r"third|final|another|one more)\s+$",
    re.IGNORECASE,
)  # ("first Ramadan since ..." -> "first month since ...", never "first a month")


MONTH_OR_FAST = frozenset({"a month", "the fast"})  # a fasting month's two wordings


def _describes_next_noun(text: str, phrase: Phrase) -> bool:
    """Whether the phrase stands before the noun it describes ("korean class", "Japanese
    exam"), as an adjective or a noun."""
    tokens = _phrase_tokens(text, phrase)
    if not tokens or tokens[-1].i + 1 >= len(tokens[-1].doc):
        return False
    last, following = tokens[-1], tokens[-1].doc[tokens[-1].i + 1]
    return following.lower_ in LANGUAGE_NOUNS and last.dep_ in ("amod", "compound", "nmod")


# Nouns a language word before them describes as a language ("Igbo girl" is a people's word)
_LANGUAGE_NOUNS = (
    "class classes lesson lessons course courses exam exams test tests teacher teachers tutor "
    "tutors skills practice homework study studies school translation translations grammar "
    "vocab vocabulary podcast podcasts subtitles immersion level"
)
LANGUAGE_NOUNS = frozenset(_LANGUAGE_NOUNS.split())


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
    return [replace(o, height=height) for o in options]


def _fits(text: str, start: int, end: int, replacement: str) -> str:
    """The replacement adjusted to its place: capitalised at a sentence start, unless the author
    starts sentences in lower case there ("!!! starting September" -> "!!! starting in the
    autumn")."""
    if replacement.endswith(".") and text[end : end + 1] == ".":
        replacement = replacement[:-1]  # "my husband Tom." -> "my partner T.", not "T.."
    before = text[:start].rstrip()
    lower_start = text[start : start + 1].isalpha() and text[start : start + 1].islower()
    if replacement and not lower_start and (not before or before.endswith((".", "!", "?", "\n"))):
        return replacement[0].upper() + replacement[1:]
    return replacement


_POSSESSOR_BEFORE = re.compile(
    r"(?:\b(?:my|your|his|her|its|our|their|this|that|every|each|no|whose)"
    r"|\b(?!(?:it|that|he|she|there|here|what|who|where|how|let)['’]s\b)\w+(?:'s|’s|s'|s’))\s+$",
    re.IGNORECASE,
)


HEADLINE_START = re.compile(r"(?:^|[.!?\n]\s*)$")


ORDINAL_BEFORE = re.compile(
    r"\b(?:first|second|third|last|next|another|every|each)\s+$", re.IGNORECASE
)


AT_SPOT_BEFORE = re.compile(r"\bat\s+$", re.IGNORECASE)
# Words in -s that take "a" ("a bus", "a class", "a series"): not plurals
MASS_PLURALS = re.compile(r"\w*(?:ss|us|is|news|lens)|series|species", re.IGNORECASE)


def _with_article(text: str, start: int, replacement: str) -> tuple[int, str]:
    """Extend the span over a preceding "a"/"an" and make it agree with the replacement; a
    preceding "the" gives way to a replacement with its own article ("the Greens" -> "a political
    party", not "the a political party")."""
    definite = re.search(r"\b(the|The)\s+$", text[:start])
    if definite and replacement.lower().startswith("the "):
        # "the Cape Town committee" -> "the Western Cape committee", not "the the ..."
        return start, replacement[4:]
    if (
        definite
        and replacement.lower().startswith(("a ", "an "))
        and text[start : start + 1].islower()
    ):
        # "at the pro-choice march" -> "at the march": a common noun keeps its "the"
        return start, re.sub(r"^(?:a|an)\s+", "", replacement, flags=re.IGNORECASE)
    if definite and replacement.lower().startswith(("a ", "an ")):
        if definite.group(1)[0].isupper():
            replacement = replacement[0].upper() + replacement[1:]
        return definite.start(), replacement
    if HEADLINE_START.search(text[:start]) and text[start : start + 1].islower():
        # "12 week scan at the Rotunda on Monday" -> "Scan at the hospital": a post that starts
        # with a bare noun gets no article the author did not write
        return start, re.sub(r"^(?:a|an)\s+", "", replacement, flags=re.IGNORECASE)
    match = re.search(r"\b(a|an|A|An)\s+$", text[:start])
    if match and replacement.lower().startswith(("a ", "an ")):
        # "has a dentist appointment" -> "has an appointment", not "has a an appointment"
        if match.group(1)[0].isupper():
            replacement = replacement[0].upper() + replacement[1:]
        return match.start(), replacement
    if not match and (
        _POSSESSOR_BEFORE.search(text[:start])
        or _adjectives_after_determiner(text, start)
        or ORDINAL_BEFORE.search(text[:start])
    ):
        # "my dad's dementia" -> "my dad's health condition", not "my dad's a health condition";
        # "first Ramadan as a revert" -> "first fast", not "first the fast"
        return start, re.sub(r"^(?:a|an|the)\s+", "", replacement, flags=re.IGNORECASE)
    if not match or not replacement or replacement.lower().startswith(("a ", "an ", "the ")):
        return start, replacement
    last = replacement.split()[-1]
    if last.lower().endswith("s") and len(last) > 3 and not MASS_PLURALS.fullmatch(last):
        return match.start(), replacement  # "an employment visa" -> "papers", never "a papers"
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
        chain.kind in (ChainKind.NOUN, ChainKind.PLACE)
        and facility is None
        and _modifies_a_noun(text, phrase)
    )
    article_fits = _article_fits(text, phrase)
    field_of_study = _field_of_study(chain)  # "for Veterinary Medicine" -> "for medicine"
    by_default = default_levels(chain)
    # "at the Royal Women's, you were so kind": the "'s" belongs to the name, and goes with it
    named_possessive = (
        ELLIPTICAL_POSSESSIVE.match(text, phrase.end)
        if chain.kind == ChainKind.ORGANISATION and phrase.text[-1:].isalpha()
        else None
    )
    for level, loss in zip(chain.levels, losses):
        start, end, replacement = phrase.start, phrase.end, level.text
        if (
            level.degree > 0
            and level.text.lower() in ("voted", "voting")
            and FIRST_TIME_AFTER.match(text, phrase.end)
        ):
            continue  # "Voted Green for the first time": "Voted for the first time" is false
        if level.degree > 0 and level.text in MONTH_OR_FAST:
            # "this Ramadan" -> "this month", "Ramadan starts Tuesday" -> "The fast starts
            # Tuesday" (never "A month starts Tuesday", nor "this fast")
            # ("Our first Ramadan as a married couple" -> "first fast": "first month" is false)
            timed = bool(DETERMINER_BEFORE.search(text[: phrase.start])) and not (
                ORDINAL_BEFORE.search(text[: phrase.start])
            )
            if timed != (level.text == "a month"):
                continue
        # "korean class" -> "language class": a language word modifies a noun as it stands
        language_modifier = (
            level.degree > 0
            and level.label.endswith("language")
            and _describes_next_noun(text, phrase)
        )
        if language_modifier:
            replacement = _fits(text, start, end, level.label)
        elif (
            level.degree > 0
            and level.label == "work"
            and (
                SITE_AFTER.match(text, phrase.end)
                or re.search(r"[a-z]\s+[A-Z][\w'’&-]*\s+$", text[: phrase.start]) is not None
            )
        ):
            # "at Irwin Mitchell's Sheffield office", "the Leeds Building Society call centre":
            # "at work office", "Society work" would not read
            continue
        elif level.degree > 0 and level.label == "work":
            # "at the Toyota dealership" -> "at work": no article, the phrase's or before it
            article = re.search(r"\b(?:the|a|an)\s+$", text[:start], re.IGNORECASE)
            start = article.start() if article else start
            replacement = _fits(text, start, end, "work")
        elif level.degree > 0 and facility is not None and level.place:
            # "at Tokyo station" -> "at a station in Japan", not "at Japan station"
            start, end, replacement = _facility_in(text, phrase.start, facility, level.text)
            replacement = _fits(text, start, end, replacement)
        elif level.degree > 0:
            if (
                _counted(text, phrase)
                and not re.match(r"the\s", replacement, re.I)
                and not is_plural(replacement.split()[-1] if replacement.split() else "")
            ):
                # "3 appendectomies" -> "3 procedures" (its ladder says "a procedure")
                replacement = inflect(re.sub(r"^an?\s+", "", replacement, flags=re.I), plural=True)
            start = _compound_start(text, phrase)
            named = text[start : phrase.start][:1].isupper()  # "at [Kapaleeshwarar] temple"
            # "(left) the Jehovah's Witnesses" -> "a religious group": a named one, with its
            # "the" inside the phrase or before it
            named = (
                named
                or bool(re.match(r"the\s+[A-Z]", phrase.text))
                or bool(phrase.text[:1].isupper() and re.search(r"\bthe\s+$", text[:start], re.I))
            )
            if (
                named
                and not level.place  # "the Cape Town committee" -> "the South Africa committee"
                and not re.match(r"(?:a|an|the|my|our)\s", replacement, re.IGNORECASE)
            ):
                replacement = f"{indefinite_article(replacement)} {replacement}"
            if level.label in ("a festival", "a celebration") and lexicon.GREETING_BEFORE.search(
                text[:start]
            ):
                replacement = "holidays"  # "Happy Diwali" -> "Happy holidays"
            elif level.source == LevelSource.TYPE and DETERMINER_BEFORE.search(text[:start]):
                # "this Diwali" -> "this festival", "my Umrah" -> "my pilgrimage"
                replacement = re.sub(r"^(?:a|an)\s+", "", replacement, flags=re.IGNORECASE)
            if _adjectives_between_determiner(text, start, phrase):
                # "a rare blood disorder" -> "a rare health condition", not "a rare a health ..."
                replacement = re.sub(r"^(?:a|an)\s+", "", replacement, flags=re.IGNORECASE)
            else:
                start, replacement = _with_article(text, start, replacement)
            if level.source == LevelSource.TYPE and level.label in SERVICE_INSTITUTIONS:
                # "I'm at Kingston Hospital" -> "at the hospital": people name the hospital,
                # clinic or airport they use with "the", whichever one it is
                replacement = re.sub(r"^an?\s+", "the ", replacement, flags=re.IGNORECASE)
            if replacement.lower() == "let go" and OBJECT_PRONOUN_AFTER.match(text, phrase.end):
                # "after they sacked me" -> "dismissed me", not "let go me"
                replacement = "Dismissed" if replacement[:1].isupper() else "dismissed"
            if replacement == "struggling" and INTENSIFIER_BEFORE.search(text[:start]):
                replacement = "short of money"  # "I'm so broke" -> "so short of money"
            # one person is "a family member", never "a family" ("now a grandmother at 56")
            replacement = re.sub(r"^([aA]) family$", r"\1 family member", replacement)
            if (
                level.label in PEOPLE_ADJECTIVE_WORDS
                and re.fullmatch(rf"(?:an?\s+){re.escape(level.label)}", replacement, re.I)
                and not _noun_after(text, phrase.end)  # "a Black British woman"
            ):
                # "a Brummie" -> "an English person": after an article, a people is a person
                replacement = f"{replacement} person"
            a_people = level.label in PEOPLE_ADJECTIVE_WORDS or (
                phrase.category == Category.ETHNICITY
                and level.label[:1].isupper()
                and " " not in level.label
            )
            if (
                a_people
                and replacement == level.label
                and is_plural(phrase.text)
                and phrase.text[:1].isupper()
                and not _noun_after(text, phrase.end)
            ):
                # "any other Yorubas" -> "any other Nigerians", "Irish people"
                plain = re.search(r"(?:ish|ese|ch|sh|ss|s)$", replacement) is None
                replacement = f"{replacement}s" if plain else f"{replacement} people"
            lgbtq = re.fullmatch(r"(?:(an?)\s+)?LGBTQ\+", replacement, re.IGNORECASE)
            if (
                lgbtq
                and (lgbtq.group(1) or ARTICLE_AND_WORDS_BEFORE.search(text[:start]))
                and not _noun_after(text, phrase.end)
            ):
                # "as an out lesbian" -> "as an out LGBTQ+ person", "I'm a lesbian" -> "I'm an
                # LGBTQ+ person": the word is an adjective, and "L" is said "el"
                lead = "An" if (lgbtq.group(1) or "")[:1] == "A" else "an"
                replacement = f"{lead} LGBTQ+ person" if lgbtq.group(1) else "LGBTQ+ person"
            if (
                level.label == "political party"
                and re.match(r"\s+[a-z]", text[phrase.end :])
                and _noun_after(text, phrase.end)
                and not TIME_WORD_AFTER.match(text, phrase.end)  # "Voting Labour tomorrow"
            ):
                # "the Reform UK hustings" -> "a political hustings", not "a political party
                # hustings"
                replacement = re.sub(r"political party$", "political", replacement)
                if re.search(r"\b(?:a|an|the)\s+$", text[:start], re.IGNORECASE):
                    # "a Liberal Democrat member" -> "a political member", not "a a political"
                    replacement = re.sub(r"^(?:a|an)\s+", "", replacement, flags=re.IGNORECASE)
            if (
                phrase.category in (Category.RELATIONSHIP, Category.GENDER)
                and KIN_PLACE_BEFORE.search(text[:start])
                and not re.match(r"['’]", text[phrase.end :])
                and not replacement.endswith(("'s", "’s"))
            ):
                # "dinner at my in-laws" -> "at my family's": their home, not the family
                replacement = f"{replacement}'s"
            if VOTE_BEFORE.search(text[:start]) and re.match(r"(?:an?|the)\s", replacement, re.I):
                # "Voting Labour" -> "Voting for a political party": a party is voted for
                replacement = f"for {replacement}"
            if _names_area_of_place(text, start, chain, level.place):
                replacement = (
                    f"in {replacement}"  # "My hometown is Tokyo" -> "My hometown is in Japan"
                )
            # (mid-sentence only "at": "jury service at Snaresbrook starting Monday" -> "in London")
            at = (AT_BEFORE if PHRASE_ENDS.match(text, phrase.end) else AT_SPOT_BEFORE).search(
                text[:start]
            )
            if (
                at is None
                and STREET_NAME.search(phrase.text)
                and PHRASE_ENDS.match(text, phrase.end)
            ):
                at = ON_BEFORE.search(text[:start])  # "lunch on Edgware Road" -> "in London"
            if (
                at
                and chain.kind == ChainKind.PLACE
                and level.place
                and (
                    level.place.startswith(AREA_KEYS)
                    or level.place == chain.levels[0].place
                    or (level.degree > 0 and not at.group(0).lower().startswith("near"))
                )
            ):
                # "the sea swim at Brighton Pier" -> "in England", never "at England"; "landed
                # at JFK" -> "in New York": a place in a city is the city one is in
                start, replacement = at.start(), f"in {replacement}"
            venue = VENUE_COMMA_BEFORE.search(text[:start])
            if venue is not None and chain.kind == ChainKind.PLACE and at is None:
                # "St Ia's Church, St Ives" -> "St Ia's Church in Cornwall": the town that
                # follows a venue after a comma says where it is
                start, replacement = venue.start("comma"), f" in {replacement}"
            replacement = _fits(text, start, phrase.end, replacement)
            end = named_possessive.end() if named_possessive else end
        if level.degree > 0 and end == phrase.end:
            replacement, end = _possessive_agreed(text, phrase, replacement)
            if replacement.endswith(" issues") and SINGULAR_VERB_AFTER.match(text, end):
                replacement = replacement[: -len(" issues")]  # "my mental health is better"
        fre = (
            original_fre
            if level.degree == 0
            else naturalness.fre_of_replacement(text, start, end, replacement)
        )
        if (
            level.degree > 0
            and level.source == LevelSource.WORDNET
            and article_fits
            and _bare(text, start, replacement)
            and not field_of_study
        ):
            # A count noun may need "a" where a mass noun stood ("is sushi" -> "is a dish").
            with_article = _fits(
                text, start, phrase.end, f"{indefinite_article(level.text)} {level.text}"
            )
            article_fre = naturalness.fre_of_replacement(text, start, phrase.end, with_article)
            if article_fre > fre:
                replacement, fre = with_article, article_fre
        # a fixed ladder's wordings (family words, health, peoples, kinds of institution) are
        # written to stand for the phrase: only the language model's doubts about WordNet's and
        # the gazetteer's wordings count (it separates good from bad wordings poorly, AUC 0.64)
        written = (
            level.source == LevelSource.TYPE and chain.kind != ChainKind.PLACE
        ) or level.source == LevelSource.LISTING
        natural = level.degree == 0 or (
            (written or _reads_right(text, start, end, replacement, gamma))
            and (not modifier or language_modifier)
            # "East Asian language class", "my South Asian language": a family reads only as
            # a noun of its own ("speaks a South Asian language")
            and not (level.label.endswith(" language") and (language_modifier or not article_fits))
            and not (
                level.source == LevelSource.WORDNET
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
                OptionKind.ORIGINAL if level.degree == 0 else OptionKind.GENERALIZATION,
                level.label,
                place=level.place,
                base_place=chain.levels[0].place,
                automatic=by_default[level.degree],
            )
        )
    if (
        options
        and phrase.category == Category.ETHNICITY
        and CITIZENSHIP_AFTER.match(text, phrase.end)
    ):
        # "a British citizen" -> "a citizen", "my Irish passport" -> "my passport": a wider
        # people there ("a European citizen") would speak of another citizenship
        return [options[0], _modifier_dropped(text, phrase.start, phrase.end, 1, capitalise=True)]
    if (
        facility is None
        and options
        and _modifies_a_noun(text, phrase)
        and _noun_after(text, phrase.end)
        # "flight from Dubai lands", "at Gatwick lol": the object of a preposition modifies
        # nothing after it, whatever the parse says
        and not (chain.kind == ChainKind.PLACE and FROM_OR_AT_BEFORE.search(text[: phrase.start]))
        and not CHAT_WORD_AFTER.match(text, phrase.end)
    ):
        # "cancer treatment", "Stanford researchers", "the Kraków office": the noun without the
        # word that says too much is true and reads right, where a wider word before it does not
        degree = max(o.degree for o in options) + 1
        options.append(_modifier_dropped(text, phrase.start, phrase.end, degree, capitalise=True))
    if chain.kind == ChainKind.NONE:
        dropped = _phrase_dropped(text, phrase, degree=len(options))
        if dropped is not None:
            options.append(dropped)
    return options


# Where nothing wider can be said of a phrase ("breakfast at Saravana Bhavan", "working Election
# night for the BBC", "#T1D"), the sentence still reads right without its prepositional phrase
# or hashtag, and the group learns nothing of it.
_PREPOSITION = r"(?:in|at|from|near|around|outside|out of|round|by|on|for|with|to|into|inside)"
_PREPOSITION_BEFORE = re.compile(rf"(?:^|(?<=\s)){_PREPOSITION}\s+(?:the\s+)?$", re.IGNORECASE)
_PREPOSITION_FIRST = re.compile(rf"{_PREPOSITION}\s", re.IGNORECASE)
# A word before a place's preposition that ends a phrasal verb ("book in at Tekong", "checked in
# at T5", "pop over to Leeds"): it stays when the place goes
VERB_PARTICLE = re.compile(r"in|on|up|over|down|out|off|back|round|around", re.IGNORECASE)
_HOME_NOUN_AFTER = re.compile(
    r"\s+(?P<noun>flat|apartment|house|home|place|studio|bungalow|cottage|condo)\b", re.IGNORECASE
)
# A comma after a capitalised name ("North End Coffee, [Gulshan]"), and a district number after
# an area ("Gulshan 2", "Dublin 8")
_LISTED_AFTER_NAME = re.compile(r"\b[A-Z][\w'’.]*(?P<comma>,\s*)$")
# a venue's kind or a saint's name, then a comma before a place ("St Ia's Church, St Ives",
# "St Anne's, Kildare")
VENUE_COMMA_BEFORE = re.compile(
    r"(?:\b(?:station|airport|university|college|hospital|clinic|school|museum|stadium|arena|"
    r"library|hotel|church|chapel|temple|shrine|cathedral|mosque|synagogue|gurdwara|caf[eé]|"
    r"restaurant|pub|bar|centre|center)|\bS(?:ain)?t\.?\s+[A-Z][\w'’-]*['’]s?)(?P<comma>,\s*)$",
    re.IGNORECASE,
)
_AREA_AFTER_STREET = re.compile(r",(?=\s*[A-Z][a-z])")
_DISTRICT_NUMBER = re.compile(r"\s+\d{1,2}\b(?![:.,]?\d)")


def _phrase_dropped(text: str, phrase: Phrase, *, degree: int) -> Option | None:
    """A phrase no chain generalizes, taken out with its preposition ("WFH from Bandra this
    week" -> "WFH this week", "back on the tools" -> "back"), or a hashtag taken out."""
    start, end = phrase.start, phrase.end
    if phrase.category == Category.LOCATION and COORDINATED_NAME_AFTER.match(text, end):
        return None  # "a room in Obs or Woodstock": "a room or Woodstock" would not read
    quantity = QUANTITY_BEFORE.search(text[:start]) if phrase.category == Category.FINANCE else None
    if quantity is not None:
        start = quantity.start()  # "max R6000": "max" goes with its amount
    possessive = re.match(r"['’]s\b", text[end:]) or (
        re.match(r"['’](?!\w)", text[end:]) if phrase.text.endswith("s") else None
    )
    end += possessive.end() if possessive else 0  # "at St Vincent['s]", "from St Thomas[']"
    owner = possessive is not None or re.search(r"\w['’]s$", phrase.text) is not None
    if owner and _noun_after(text, end):
        # the possessive says whose the next noun is: "at [Jake's] place" cannot lose it
        if _HOME_NOUN_AFTER.match(text, end):
            return Option(
                degree, "someone's", start, end, 1.0, None, 0.0, True, OptionKind.GENERALIZATION
            )
        return None
    if (
        re.match(r"\s+[a-z]", text[end:])
        and _noun_after(text, end)
        and not owner
        and not TIME_WORD_AFTER.match(text, end)  # "6 months on T today"
        and not TIME_NOUN_AFTER.match(text, end)
    ):
        return None  # "near Flinders St station": the name says which station, "near station"
    if not phrase.text.startswith("#") and not _PREPOSITION_FIRST.match(phrase.text):
        preposition = _PREPOSITION_BEFORE.search(text[:start])
        if (
            preposition is None
            and phrase.category == Category.LOCATION
            and re.search(r"\b(?:my|our|his|her|their|your)\s+$", text[:start], re.IGNORECASE)
            and (home := _HOME_NOUN_AFTER.match(text, end))
        ):
            # "our Hackney flat" -> "our flat": the place that says which home goes
            return _removal(start, home.start("noun"), degree)
        listed = _LISTED_AFTER_NAME.search(text[:start]) if preposition is None else None
        if listed is not None and phrase.category == Category.LOCATION:
            # "at North End Coffee, Gulshan 2 #dhakadiaries": the area after a named place goes
            # with its comma (and its district number)
            tail = _DISTRICT_NUMBER.match(text, end)
            end = tail.end() if tail else end
            if re.match(r"\s*(?:$|[.!?;\n#]|[^\w\s,'’])", text[end:]):
                return _removal(listed.start("comma"), end, degree)
        if preposition is None:
            return None
        if (
            phrase.category == Category.LOCATION
            and preposition.group().split()[0].lower() == "at"
            and re.search(r"['’]s$", phrase.text)
            and re.match(r"\s+[A-Z]", text[end:])
        ):
            # "at Nando's Cardiff Bay": the place named next takes "in" ("in Wales")
            return Option(
                degree, "in", preposition.start(), end, 1.0, None, 0.0, True,
                OptionKind.SUPPRESSION,
            )  # fmt: skip
        area = _AREA_AFTER_STREET.match(text, end)
        if (
            area is not None
            and phrase.category in (Category.LOCATION, Category.CONTACT)
            and STREET_NAME.search(phrase.text)
        ):
            # "the house on Latrobe Terrace, Paddington" -> "the house in Paddington": the
            # street goes, the area after it says where
            word = preposition.group().split()[0]
            kept = word if word.lower() in ("to", "from", "into", "near", "around") else "in"
            return Option(
                degree, kept, preposition.start(), area.end(), 1.0, None, 0.0, True,
                OptionKind.SUPPRESSION,
            )  # fmt: skip
        if _COPULA_BEFORE.search(text[: preposition.start()]):
            # "we're at the Royal Children's till Friday": "we're till Friday" would not read;
            # a last clause that only says where ("..., I'm in Clapham") goes whole
            clause = WHERE_CLAUSE.search(text[:start])
            if clause is None or not re.match(r"\s*(?:$|[.!?\n]|[^\w\s,])", text[end:]):
                return None
            return _removal(clause.start(), end, degree)
        start = preposition.start()
        outer = _PREPOSITION_BEFORE.search(text[:start])
        if outer is not None and not VERB_PARTICLE.fullmatch(outer.group().strip()):
            start = outer.start()  # "took my bike from outside Waitrose": "from" goes too
    return _removal(start, _one_comma_left(text, start, end), degree)


# A clause that only says where its speaker is ("..., I'm in Clapham", "... - we're near X")
WHERE_CLAUSE = re.compile(
    r"\s*[,;\u2013\u2014-]\s*(?:i'?m|i am|we'?re|we are)\s+(?:based\s+|still\s+|now\s+)?"
    r"(?:in|at|near|around|by)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# A form of "be" whose complement a place phrase is ("I'm in X", "we're at X", "been in X")
_COPULA_BEFORE = re.compile(
    r"(?:\b(?:am|is|are|was|were|be|been|being|im|ur)|\w['’](?:m|re)|"
    r"\b(?:is|are|was|were|ai)n['’]?t|"  # "payday isn't till the 28th"
    r"\b(?:he|she|it|that|who|mum|mom|dad)['’]s)\s+(?:\w+ly\s+|still\s+|not\s+)?$",
    re.IGNORECASE,
)  # ("my khalto's in Zamalek" is her home: a possessive, which may go)


# A place name joined to the next one ("Obs or Woodstock", "Leeds and Bradford")
COORDINATED_NAME_AFTER = re.compile(r"\s+(?:or|and|&)\s+[A-Z]")
# Words that bound an amount ("max R6000", "up to £500")
QUANTITY_BEFORE = re.compile(
    r"\b(?:max|maximum|up to|around|about|under|over|approx\.?|nearly|almost)\s+$", re.I
)


def _removal(start: int, end: int, degree: int) -> Option:
    """The option that takes [start, end) out: all its information lost, and nothing left whose
    naturalness Fre could measure (Fre of an empty wording is 0)."""
    return Option(degree, "", start, end, 1.0, None, 0.0, True, OptionKind.SUPPRESSION)


_FACILITY = re.compile(
    r"\s+(station|airport|university|college|hospital|clinic|school|park|tower|mall|museum|zoo|stadium|"
    r"arena|library|bridge|beach|harbou?r|port|square|market|hotel|church|temple|shrine|cathedral|"
    r"mosque|castle|bay|gym|centre|center)\b(?!\s+of\b|-)",
    re.IGNORECASE,
)


def _facility_after(text: str, phrase: Phrase, chain: Chain) -> re.Match[str] | None:
    """A place noun right after a place name ("Tokyo station", "Boston Airport")."""
    if not chain.levels or not chain.levels[0].place:
        return None
    return _FACILITY.match(text, phrase.end)


def _facility_in(text: str, start: int, facility: re.Match[str], area: str) -> tuple[int, int, str]:
    """The span and wording of "a <facility> in <area>", taking in a "the" before the name."""
    noun = facility.group(1).lower()
    the = re.search(r"\b(the|The)\s+$", text[:start])
    if the:
        start = the.start()
    return start, facility.end(), f"{indefinite_article(noun)} {noun} in {area}"


_DETERMINERS = frozenset(
    [
        "a",
        "an",
        "the",
        "my",
        "your",
        "his",
        "her",
        "its",
        "our",
        "their",
        "this",
        "that",
        "these",
        "those",
        "some",
        "any",
        "no",
        "every",
        "each",
        "another",
        "such",
        "what",
        "which",
        "whose",
    ]
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
_AREAS = ("region", "country", "area", "continent")  # "area": a part of a continent or of the US


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


def _said_by_author(original: str, replacement: str) -> bool:
    """A wording that is the start of the author's own phrase, cut between words ("every
    evening this week" -> "every evening"): it reads as the author wrote it."""
    cut = original.lower()
    wording = replacement.strip().lower()
    return bool(wording) and cut.startswith(wording) and cut[len(wording) : len(wording) + 1] == " "


def _reads_right(text: str, start: int, end: int, replacement: str, gamma: float) -> bool:
    """Writing `replacement` for text[start:end] passes both checks: Fre reaches γ (or, when the
    original itself is under γ, loses at most MAX_DROP against it), which catches broken word
    sequences, and the learned wording check (acceptability.py), which catches wrong senses,
    sibling places and odd wordings that Fre cannot see."""
    original = text[start:end]
    fre = naturalness.fre_of_replacement(text, start, end, replacement)
    original_fre = naturalness.fre_of_replacement(text, start, end, original)
    by_fre = fre >= gamma or (original_fre < gamma and fre >= original_fre - naturalness.MAX_DROP)
    return by_fre and acceptability.is_acceptable(text, start, end, original, replacement)


# What a day names when it stands before a noun: a regular event ("Tuesday night classes")
_EVENT_NOUNS = (
    "class lesson meeting session practice training club game match service prayer run walk "
    "swim ride lecture rehearsal choir quiz drink date shift clinic group league tournament"
)
EVENT_NOUNS = frozenset(_EVENT_NOUNS.split())
# A day, and its part, said before the noun it describes ("at Tuesday night classes", "at the
# Tuesday night meeting")
DAY_MODIFIER = re.compile(
    rf"(?P<lead>(?:(?:at|on|for|to|from)\s+)?(?:the\s+)?)?(?P<day>{lexicon.WEEKDAY_NAME})"
    r"(?:\s+(?P<part>night|evening|morning|afternoon))?",
    re.IGNORECASE,
)
# A day and the meal it names, said as one time phrase ("Sunday lunch", "Saturday brunch")
DAY_MEAL = re.compile(
    rf"(?P<lead>(?:at|on|for|to|from|after|before|over)\s+)?(?P<day>{lexicon.WEEKDAY_NAME})\s+"
    r"(?P<meal>breakfast|brunch|lunch|dinner|supper|tea|roast|drinks)",
    re.IGNORECASE,
)
SINGLE_WEEKDAY = re.compile(lexicon.WEEKDAY_NAME, re.IGNORECASE)
# An ordinal that counts the day after it ("my first Monday off")
ORDINAL_BEFORE_DAY = re.compile(r"\b(?:first|second|third|1st|2nd|3rd)\s+$", re.IGNORECASE)
# A day and its clock time before the noun they describe ("the Wednesday 6am bootcamp crew")
DAY_CLOCK_BEFORE_NOUN = re.compile(
    rf"(?P<det>(?:the|my|our|a)\s+)?(?P<day>{lexicon.WEEKDAY_NAME})\s+"
    r"(?:\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm)|\d{1,2}[:.]\d{2})",
    re.IGNORECASE,
)
# A day and its hours said as a shift ("Sat 7-3", "Sunday 9-5")
OWNED_DAY_AND_HOURS = re.compile(
    rf"(?P<day>{lexicon.WEEKDAY_WORD})\.?\s+\d{{1,2}}(?:[:.]\d{{2}})?\s?(?:am|pm)?\s?[-–]\s?"
    r"\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm)?",
    re.IGNORECASE,
)
NOUN_PHRASE_DETERMINER_BEFORE = re.compile(
    r"\b(?:the|my|our|a|their|his|her|your)\s+$", re.IGNORECASE
)

HABIT_DETERMINER_BEFORE = re.compile(r"\b(?:my|our|his|her|their|usual)\s+$", re.IGNORECASE)
TIME_NOUN_AFTER = re.compile(
    r"\s+(?:week|weekend|day|night|eve|morning|evening|lunch|dinner|break|holidays?|party|"
    r"service|mass|market|shift)s?\b",
    re.IGNORECASE,
)
# A part of the day alone, which may describe the noun after it ("after dawn prayers")
PART_BEFORE_NOUN = re.compile(
    r"(?P<lead>(?:after|before|at|for|to|from)\s+)?"
    r"(?P<part>dawn|sunrise|daybreak|dusk|sunset|morning|afternoon|evening|night|midnight)",
    re.IGNORECASE,
)
PART_AS_MODIFIER = {
    "dawn": "morning", "sunrise": "morning", "daybreak": "morning", "dusk": "evening",
    "sunset": "evening", "midnight": "late-night",
}  # fmt: skip
# A preposition whose object came before it ("a gym I haven't been to"), and a phrase that
# brings its own ("since 2024")
STRANDED_BEFORE = re.compile(r"\b(?:to|with|about|from|of|at|in|for|on|into)\s+$", re.IGNORECASE)
TIME_PREPOSITION_START = re.compile(
    r"(?:since|for|till|until|til|from|by|before|after|during|over|in|on|at)\s", re.IGNORECASE
)
# Verbs whose particle a time phrase follows ("came through this morning", "went over today")
PARTICLE_VERB_BEFORE = re.compile(
    r"\b(?:came|come|comes|coming|went|go|goes|got|get|gets|fell|pulled|broke|sailed|made|"
    r"make|pushed|pushing|gone)\s+$",
    re.IGNORECASE,
)
DANGLING_PREPOSITION = re.compile(
    r"\s\b(?:for|at|on|in|from|till|until|by|during|since|over|around|"
    r"(?:all|most|much|some|part|the whole|as) of)\s+$",
    re.IGNORECASE,
)  # ("spent all of [last week] in hospital", "a citizen as of [today]": "all of" goes with it)


DURATION_MODIFIER = re.compile(
    r"(?:(?:the|this|that|my|our)\s+)?(?:\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|twelve)"
    r"[\s-]+(?:hour|hr|minute|min|day|week|month|year)",
    re.IGNORECASE,
)
WORD_AFTER = re.compile(
    r"(?:[\s-]+|['’]\s+)(?!(?:of|in|on|at|for|to|and|or|ago|old|olds|older|long)\b)[a-z]",
    re.IGNORECASE,
)
CLOCK_MODIFIER = re.compile(
    r"(?:(?:the|my|our)\s+)?\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm)", re.IGNORECASE
)
# a clock time said before the noun it times ("the 7:12 DART", "6am swim")
CLOCK_BEFORE_NOUN = re.compile(
    r"(?P<det>(?:(?:on|for|off|from)\s+)?(?:the|my|our)\s+)?(?:\d{1,2}[:.]\d{2}(?:\s?(?:am|pm))?|\d{1,2}\s?(?:am|pm))",
    re.IGNORECASE,
)
CLOCK_VALUE = re.compile(r"T(\d{2}):\d{2}")


# a count of hours or minutes said as a compound before its noun ("12 hour shift", "a 10-minute
# walk"); "6 weeks gamble-free" is a state, not a compound
COUNTED_UNIT = re.compile(
    r"(?P<det>(?:the|this|that|my|our)\s+)?(?P<n>\d+(?:\.\d+)?)[\s-]+"
    r"(?P<unit>hour|hr|minute|min)",
    re.IGNORECASE,
)


def _length_wording(written: str) -> tuple[str, str] | None:
    """The determiner kept and "long" for 3 hours or more, "short" for 15 minutes or less (true
    whatever the activity), else None ("a 2 hour drive" may be either)."""
    counted = COUNTED_UNIT.fullmatch(written)
    if counted is None:
        return None
    n, unit = float(counted.group("n")), counted.group("unit").lower()
    long_or_short = "long" if n >= 3 else None
    if unit in ("minute", "min"):
        long_or_short = "short" if n <= 15 else None
    return (counted.group("det") or "", long_or_short) if long_or_short else None


def _modifier_wordings(
    text: str, start: int, end: int, lead: str, words: Sequence[str]
) -> list[Option]:
    """The original and each wording of a time that describes the noun after it ("the 7:12
    DART" -> "the early DART"), the preposition or determiner before it kept (`lead`)."""
    options = [_original_option(text, start, end)]
    for degree, word in enumerate(words, start=1):
        # "an 8am lecture" -> "a morning lecture": an article before agrees with the new word
        at, said = (start, lead + word) if lead else _with_article(text, start, word)
        replacement = _fits(text, at, end, said)
        options.append(
            Option(
                degree, replacement, at, end, degree / (len(words) + 1), None, 0.0, True,
                OptionKind.TEMPORAL, word,
            )
        )  # fmt: skip
    return options


def _clock_parts(hour: int) -> list[str]:
    """The words for a clock time's part of the day before a noun ("early", "morning")."""
    if hour < 5 or hour >= 22:
        return ["late-night"]
    if hour < 9:
        return ["early", "morning"]
    if hour < 12:
        return ["morning"]
    if hour < 17:
        return ["afternoon"]
    return ["evening"]


POSSESSIVE_AFTER = re.compile(r"['’]s\b")  # "tonight's outfit": no wording reads right
# Time wordings that are nouns, which can stand before "'s" ("this evening's the night")
NOUN_TIME = re.compile(
    r"(?:this|next|last)\s+(?:morning|afternoon|evening|week|weekend|month|year)|today|"
    r"tomorrow|tonight|yesterday|the (?:holidays|weekend|summer|winter|spring|autumn|week)",
    re.IGNORECASE,
)
AGE_AFTER = re.compile(r"[\s-]+olds?\b", re.IGNORECASE)  # "the 19 year olds": an age, not a time
_COUNT = r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty)"
_UNITS = r"hours|minutes|days|weeks|months|years|decades"
# a length before what it is counted from ("12 years after arriving", "3 weeks later")
LENGTH_RELATIVE = re.compile(
    rf"(?P<length>{_COUNT}\s+(?P<unit>{_UNITS}))\s+(?P<rel>after|before|later|on)", re.IGNORECASE
)
# a number of units, counted ("2 years of studying", "3 months' salary")
DURATION_OF = re.compile(rf"{_COUNT}\s+({_UNITS})['’]?", re.IGNORECASE)


def _describes(text: str, at: int, noun: Any) -> bool:
    """Whether the word at `at` (or the phrase it heads) modifies `noun` in the parse ("Tuesday
    night classes"), unlike a word that merely stands before it ("home on Friday fingers
    crossed")."""
    token = next((t for t in parse(text) if t.idx == at), None)
    while token is not None and token.i < noun.i:
        if token.head.i == noun.i:
            return token.dep_ in ("compound", "nmod", "amod", "nummod")
        token = token.head if token.head.i != token.i else None
    return False


def _token_after(text: str, end: int) -> Any | None:
    """The first word token of the parse at or after `end`."""
    return next((t for t in parse(text) if t.idx >= end and not t.is_punct), None)


def _is_possessive_mark(text: str, at: int) -> bool:
    """Whether the "'s" at `at` marks a possessive ("tonight's outfit"), not "is" ("tonight's
    the night")."""
    after = re.match(r"['’]s\s+(\w+)", text[at:])
    if after is None or after.group(1).lower() in NOT_AFTER_POSSESSIVE:
        return False
    token = _token_after(text, at)
    return token is not None and token.idx == at and token.tag_ == "POS"


# Words after "'s" that make it "is" or "has": "tonight's the night", "Friday's gonna be fun"
_NOT_AFTER_POSSESSIVE = (
    "the a an my your our his her their this that gonna going been not so all too very "
    "just finally when where what really already"
)
NOT_AFTER_POSSESSIVE = frozenset(_NOT_AFTER_POSSESSIVE.split())


def _gerund_after(text: str, end: int) -> bool:
    """Whether a gerund follows at `end` ("6 years teaching")."""
    following = _token_after(text, end)
    return following is not None and following.idx == end + 1 and following.tag_ == "VBG"


def _state_after(text: str, end: int) -> bool:
    """Whether a state the length is of follows at `end` ("6 months sober", "3 months
    post-op", "10 days post-transplant")."""
    following = re.match(r" ([A-Za-z]+(?:-[A-Za-z]+)*)\b", text[end:])
    word = following.group(1).lower() if following else ""
    return word in STATES_OF_A_LENGTH or word.startswith("post-")


# What follows a length that says how far into something ("6 weeks into my programme"), a rota's
# turn ("2 weeks on at the mine, 1 week off") or a treatment ("6 months on T")
LENGTH_INTO_OR_ON = re.compile(
    r"\s+(?:(?i:into)\b|(?i:on|off)(?=\s*(?:[,.;:!]|(?i:at|and|then)\b|$))"
    # a treatment one has been on that long ("6 months on T", "2 years on Ozempic")
    r"|(?i:on)\s+(?=[A-Z]))"
)
# States a length of time comes before ("6 months sober", "3 weeks late", "2 years clean")
STATES_OF_A_LENGTH = frozenset(
    [
        "sober",
        "clean",
        "pregnant",
        "postpartum",
        "late",
        "early",
        "married",
        "engaged",
        "single",
        "smoke-free",
        "alcohol-free",
        "cancer-free",
        "sugar-free",
        "vegan",
        "vegetarian",
        "in",
    ]
)


def _noun_after(text: str, end: int) -> bool:
    """Whether a common noun follows at `end` (past a space, hyphen or possessive apostrophe),
    which a duration before it modifies ("a 3 hour queue", "3 months' salary")."""
    following = _token_after(text, end) if WORD_AFTER.match(text, end) else None
    return following is not None and following.pos_ == "NOUN"


def _original_option(text: str, start: int, end: int) -> Option:
    original = text[start:end]
    fre = naturalness.fre_of_replacement(text, start, end, original)
    return Option(
        0, original, start, end, 0.0, 1, round(fre, 2), True, OptionKind.ORIGINAL, original
    )


TROPICS_LATITUDE = 23.44  # degrees: between the tropics no one tells time by seasons


def _lives_south(profile: Profile, text: str) -> bool | None:
    """Whether the author is in the southern hemisphere, where seasons are the other way round
    (None in the tropics, where times are not said by seasons: January in Nairobi is no
    summer, and where no place tells): by the profile's city (current, else hometown), else by
    the first place the message names."""
    names = [*profile.values.get("current_city", ()), *profile.values.get("hometown", ())]
    if not names:
        names = [e.text for e in parse(text).ents if e.label_ in ("GPE", "LOC")]
    for name in names:
        found = places.lookup(name)
        if found and found[0].latitude is not None:
            if abs(found[0].latitude) < TROPICS_LATITUDE:
                return None
            return found[0].latitude < 0
    # no place to tell the hemisphere by: March is spring in Leeds and autumn in Perth, so no
    # season is said ("till bub arrives in March" posted from Australia)
    return None


# how many days each unit DURATION_OF counts holds
DAYS_IN_UNIT: Mapping[str, float] = MappingProxyType(
    {"minute": 1 / 1440, "hour": 1 / 24, "day": 1, "week": 7, "month": 30.4, "year": 365.25,
     "decade": 3652.5}
)  # fmt: skip


def _units_said(written: str, unit: str) -> str:
    """The plural unit a counted length is said in, by its size: "87 days" -> "months", "40
    years" -> "decades", "6 years" -> "years"."""
    count = re.match(r"\d+", written)
    number = (
        int(count.group())
        if count
        else lexicon.NUMBER_WORDS.get(written.split(maxsplit=1)[0].lower())
    )
    unit = unit.lower().rstrip("s")
    if number is None:
        return unit + "s"
    days = number * DAYS_IN_UNIT[unit]
    for least, said in ((7300, "decades"), (730, "years"), (60, "months"), (14, "weeks")):
        if days >= least:
            return said
    return unit + "s"


def _other_day_named(
    text: str, phrase: Phrase, found: Sequence[TimeExpression], now: datetime
) -> bool:
    """Whether the message names a day other than today outside the phrase ("this Friday from
    7, Kiddush at 7:30"; "Teachers' strike on Wednesday. I'll be on the picket line from 7:30"):
    a bare clock time may be on that day, so it is not said to be today. A length since an event
    names another day too ("Ten years since I came out to my mom ... at 2am")."""
    sentence_start = max(text.rfind(c, 0, phrase.start) for c in ".!?\n") + 1
    if LENGTH_SINCE.search(text, sentence_start, phrase.start):
        return True
    for expression in found:
        if expression.phrase_span[0] < phrase.end and phrase.start < expression.end:
            continue
        if expression.type == "SET" and _same_sentence(
            text, expression.phrase_span[0], phrase.start
        ):
            return True  # "gym 6-7am every weekday, then standups at 9:30": the routine's days
        interval = expression.interval
        if expression.type not in ("DATE", "TIME") or interval is None:
            continue  # ("at 6am Friday" names Friday as much as "on Friday")
        if interval[1] - interval[0] <= timedelta(days=1) and interval[0].date() != now.date():
            return True
    return False


# A length since an event, which the rest of the sentence tells ("Ten years since I came out")
LENGTH_SINCE = re.compile(
    rf"\b(?:{_COUNT}|a|an)\s+(?:{_UNITS}|year|month|week|decade)\s+(?:since|ago)\b", re.I
)


def _same_sentence(text: str, one: int, two: int) -> bool:
    low, high = sorted((one, two))
    return not re.search(r"[.!?\n]", text[low:high])


KIN_PLACE_BEFORE = re.compile(r"\bat\s+(?:my|our|his|her|their|your)\s+$", re.I)
VOTE_BEFORE = re.compile(r"\bvot(?:e|es|ed|ing)\s+$", re.IGNORECASE)
PLURAL_WEEKDAYS = re.compile(rf"{lexicon.WEEKDAY_NAME}s", re.IGNORECASE)
# An adjective or possessive right before a noun ("best", "lazy", "my", "our")
DESCRIBED_BEFORE = re.compile(
    r"\b(?:best|worst|lazy|long|quiet|busy|slow|favourite|favorite|my|our|your|these|those)\s+$",
    re.IGNORECASE,
)


# A length of time in each period ("3 hours a night", "20 minutes a day")
TIME_PER_PERIOD = re.compile(
    r"(?P<n>\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"(?P<unit>hours|minutes|hrs|mins)\s+(?:a|an|per|every)\s+(?P<period>night|day|week)",
    re.IGNORECASE,
)


def _count_of(number: str) -> int:
    """A count written in digits or words ("3", "three")."""
    return int(number) if number.isdigit() else lexicon.NUMBER_WORDS.get(number.lower(), 3)


# How far into something, said with "on" ("on day 4 of no sleep")
STAGE_ON = re.compile(r"on\s+(?P<unit>day|week|month)\s+(?P<n>\d{1,3})", re.IGNORECASE)
STAGE_OF = re.compile(r"\s+of\b")  # what the stage is of, after it


DAYS_PER_PERIOD = re.compile(
    r"(?:for\s+)?(?P<n>\d{1,2}|one|two|three|four|five|six)\s+(?P<unit>days|nights|evenings|"
    r"mornings|afternoons|shifts)\s+(?:a|an|per|every)\s+(?P<period>week|fortnight|month)",
    re.IGNORECASE,
)


def _days_per_period_wordings(rate: re.Match[str]) -> list[str]:
    """ "2 days a week" -> "a couple of days a week", "part of the week"."""
    n = _count_of(rate.group("n"))
    unit, period = rate.group("unit").lower(), rate.group("period").lower()
    lead = "for " if rate.group(0).lower().startswith("for ") else ""
    if n == 1:
        count = f"one {unit[:-1]}"
    elif n == 2:
        count = f"a couple of {unit}"
    else:
        count = f"a few {unit}" if n <= 4 else f"most {unit}"
    return [f"{lead}{count} a {period}", f"{lead}part of the {period}"]


DAY_TAKEN_OFF_BEFORE = re.compile(
    r"\b(?:taking|take|takes|took|taken|having|have|had|got|get|booked|book|booking)\s+$",
    re.IGNORECASE,
)


def _temporal_options(
    text: str, phrase: Phrase, now: datetime | None, gamma: float, *, southern: bool | None = False
) -> list[Option] | None:
    """`_temporal_choices`, with the wordings the words around the phrase rule out: an adverb
    after "as soon as" ("as soon as soon"), an adverb where the phrase is an adjective ("weekly
    CBT" -> "regular CBT", never "regularly CBT")."""
    options = _temporal_choices(text, phrase, now, gamma, southern=southern)
    if not options:
        return options
    if AS_SOON_AS_BEFORE.search(text[: phrase.start]):
        options = [o for o in options if o.text.lower() not in BARE_TIME_ADVERBS]
    # "cooking since Tuesday" -> "since earlier this week", never "since this week"
    options = [replace(o, text=SINCE_THIS.sub(r"\1 earlier this \2", o.text)) for o in options]
    if _describes_the_noun_after(text, phrase):
        # "the Halloween closing shift" -> "the closing shift", never "the this week closing
        # shift"; one word that describes a noun stays ("an 8am lecture" -> "a morning lecture")
        options = [o for o in options if _describes_a_noun(o)]
    after = re.match(r"\s+([A-Za-z]+)", text[phrase.end :])
    if (
        phrase.text.lower() in SET_ADJECTIVES
        and after is not None
        and after.group(1).lower()
        not in ("and", "or", "at", "in", "on", "with", "for", "to", "is", "was", "now", "too")
    ):
        worded = [o for o in options if o.kind not in (OptionKind.ORIGINAL, OptionKind.SUPPRESSION)]
        if worded:
            regular = replace(worded[0], text="regular", label="regular")
            options = [o for o in options if o not in worded]
            options.insert(1, regular)
    return _with_height([replace(o, degree=i) for i, o in enumerate(options)])


def _describes_the_noun_after(text: str, phrase: Phrase) -> bool:
    """The time phrase stands between a determiner and the noun it describes (`ATTRIBUTIVE_BEFORE`,
    `THING_AFTER`): "the Halloween closing shift", not "the 5:42 from Bray"."""
    if (
        not ATTRIBUTIVE_BEFORE.search(text[: phrase.start])
        or not THING_AFTER.match(text, phrase.end)
        or re.match(r"(?:at|on|in|for|from|by|till|until|since|during)\b", phrase.text, re.I)
    ):
        return False
    following = _token_after(text, phrase.end)
    return following is not None and (
        following.pos_ in ("NOUN", "ADJ", "PROPN") or following.tag_ == "VBG"
    )


def _describes_a_noun(option: Option) -> bool:
    """The wording can stand before a noun: one word after its article ("an early", "morning"),
    not a phrase ("this week") or an adverb ("soon"); the original and the removal always."""
    if option.kind in (OptionKind.ORIGINAL, OptionKind.SUPPRESSION):
        return True
    word = re.sub(r"^(?:a|an|the)\s+", "", option.text, flags=re.IGNORECASE).lower()
    return " " not in word and word not in BARE_TIME_ADVERBS | DEICTIC_NOUNS


def _temporal_choices(
    text: str, phrase: Phrase, now: datetime | None, gamma: float, *, southern: bool | None = False
) -> list[Option] | None:
    """A time phrase as written, its natural wordings (temporal/vague.py: true of the whole
    phrase, ordered by NCP*) and its suppression; where the phrase cannot be read as a whole, the
    NCP* generalizations of its one expression."""
    if now is None:
        return None
    # read with the parse, as identification did: the tense of the phrase's own clause
    found = find_expressions(text, now=now, doc=parse(text))
    inside = [e for e in found if e.phrase_span[0] < phrase.end and phrase.start < e.end]
    if not inside:
        return None
    other_day_named = _other_day_named(text, phrase, found, now)
    start = min(phrase.start, inside[0].phrase_span[0])
    end = max(phrase.end, inside[-1].end)
    per_period = TIME_PER_PERIOD.fullmatch(text[start:end])
    if per_period:
        # "sleeping 3 hours a night" -> "a few hours a night" -> "a few hours": never "hours"
        # or "a while" (no rate at all)
        count = values.vague_count(_count_of(per_period.group("n")))
        unit, period = per_period.group("unit").lower(), per_period.group("period").lower()
        return _modifier_wordings(
            text, start, end, "", [f"{count} {unit} a {period}", f"{count} {unit}"]
        )
    stage_on = STAGE_ON.fullmatch(text[start:end])
    of_next = STAGE_OF.match(text, end)
    if stage_on and of_next:
        # "I'm on day 4 of no proper sleep" -> "I'm a few days into no proper sleep": how far
        # in ("I'm a few days of no sleep" would not read)
        count = values.vague_count(_count_of(stage_on.group("n")))
        unit = stage_on.group("unit").lower() + "s"
        return _modifier_wordings(text, start, of_next.end(), "", [f"{count} {unit} into"])
    rate = DAYS_PER_PERIOD.fullmatch(text[start:end])
    if rate:
        # "2 days a week" -> "a couple of days a week" -> "part of the week": how often, never
        # "days" or "a while"
        return _modifier_wordings(text, start, end, "", _days_per_period_wordings(rate))
    if DAY_TAKEN_OFF_BEFORE.search(text, 0, start) and re.match(r"\s+off\b", text[end:]):
        # "taking Friday off" -> "taking a day off": "this week off" would be the whole week
        return _modifier_wordings(text, start, end, "", ["a day"])
    units_of = DURATION_OF.fullmatch(text[start:end])
    relative = LENGTH_RELATIVE.fullmatch(text[start:end])
    if relative:
        # "12 years after arriving" -> "over a decade after" -> "years after": the length goes
        # vague, the "after" stays with what it relates
        length, word, unit_word = relative.group("length", "rel", "unit")
        said = [
            w.text for w in vague_wordings(length, inside, now) if w.text.lower() != length.lower()
        ]
        unit = _units_said(length, unit_word)
        said = list(dict.fromkeys([*said, unit]))
        return _modifier_wordings(text, start, end, "", [f"{w} {word}" for w in said])
    compared = COMPARED_LENGTH.fullmatch(text[start:end])
    if compared and inside[0].type == "DURATION":
        # "never slept more than 2 hours straight" -> "more than a couple of hours": the
        # comparison stays, the count goes vague ("more than a while" would not read)
        said = [
            w.text
            for w in vague_wordings(compared.group("length"), inside, now)
            if COUNTED_LENGTH.match(w.text)
        ]
        return _modifier_wordings(text, start, end, compared.group("cmp") + " ", said)
    if units_of and (_state_after(text, end) or LENGTH_INTO_OR_ON.match(text, end)):
        # "2 years sober" -> "a couple of years sober" -> "years sober": never "a while sober";
        # "6 weeks into my programme", "2 weeks on at the mine": never taken out from under them
        unit = _units_said(units_of.group(0), units_of.group(1))
        said = [
            w.text
            for w in vague_wordings(text[start:end], inside, now)
            if w.text not in ("a while", unit)
        ]
        return _modifier_wordings(text, start, end, "", [*said, unit])
    if units_of and (
        re.match(r"\s+(?:of|till|until|to go|left)\b", text[end:]) or _gerund_after(text, end)
    ):
        # "40 years of marriage" -> "years of marriage", not "a while of marriage"; "6 years
        # teaching 3rd grade" -> "Years teaching 3rd grade"; "84 days till I see him" -> "Days
        # till I see him", not "till I see him"
        unit = _units_said(units_of.group(0), units_of.group(1))
        replacement = _fits(text, start, end, unit)
        return [
            _original_option(text, start, end),
            Option(1, replacement, start, end, 0.5, None, 0.0, True, OptionKind.TEMPORAL, unit),
        ]
    if lexicon.GREETING_BEFORE.search(text[:start]) and HOLIDAY_NAME.fullmatch(text[start:end]):
        # "Happy Christmas from Cork" -> "Happy holidays from Cork": a greeting keeps its noun;
        # "Happy this week" or "Happy from Cork" would not read
        wording = _fits(text, start, end, "holidays")
        return [
            _original_option(text, start, end),
            Option(1, wording, start, end, 1.0, None, 0.0, True, OptionKind.TEMPORAL, "holidays"),
        ]
    written = text[start:end]
    following = _token_after(text, end)  # the word after the phrase, which it may describe
    clock_before = CLOCK_BEFORE_NOUN.fullmatch(written)
    hour = next((int(c.group(1)) for e in inside if (c := CLOCK_VALUE.search(e.value or ""))), None)
    if (
        clock_before
        and hour is not None
        and following is not None
        and following.idx == end + 1
        and following.pos_ in ("NOUN", "PROPN")
        and not TIME_NOUN_AFTER.match(text, end)
    ):
        # "7:12 DART from Bray" -> "early DART" -> "morning DART" -> "DART": the time of the
        # train or class it names, said by its part of the day, then the noun alone
        lead = clock_before.group("det") or ""
        options = _modifier_wordings(text, start, end, lead, _clock_parts(hour))
        options.append(_modifier_dropped(text, start, end, len(options)))
        return options
    if (
        clock_before
        and hour is not None
        and (following is None or following.pos_ not in ("NOUN", "PROPN"))
        and (
            (clock_before.group("det") or "").strip().lower().endswith("the")
            or re.search(r"\bthe\s+$", text[:start])
        )
    ):
        # "to catch the 6:10 to Edinburgh" -> "the early one" -> "the morning one": a train or
        # bus named by its time, never "the early in the morning"
        lead = clock_before.group("det") or ""
        return _modifier_wordings(text, start, end, lead, [f"{p} one" for p in _clock_parts(hour)])
    if any(p.fullmatch(written) for p in (DURATION_MODIFIER, DURATION_OF, CLOCK_MODIFIER)) and (
        _noun_after(text, end)
    ):
        # "after a 3 hour queue", "a 13-hour flight", "6am swim": a wording would read "a a
        # while flight"; what is true and natural is "long" when the length is long ("12 hour
        # shift" -> "long shift"), then the noun without its length or time
        options = [_original_option(text, start, end)]
        length = _length_wording(written)
        if length:
            lead, word = length
            options = _modifier_wordings(text, start, end, lead, [word])
        # (", 12 hour shift" -> ", long shift": the noun would not stand alone there)
        if not length or re.search(r"\w\s*$", text[:start]):
            options.append(_modifier_dropped(text, start, end, len(options)))
        return options
    possessive = POSSESSIVE_AFTER.match(text, end)
    if possessive and _is_possessive_mark(text, end):
        # "tonight's outfit" -> "the outfit": the time goes with its possessive
        article = "The" if _fits(text, start, possessive.end(), "x") == "X" else "the"
        return [
            _original_option(text, start, end),
            Option(
                1, article, start, possessive.end(), 1.0, None, 0.0, True,
                OptionKind.SUPPRESSION, "",
            ),
        ]  # fmt: skip
    if (
        SINGLE_WEEKDAY.fullmatch(written)
        and HABIT_DETERMINER_BEFORE.search(text[:start])
        and following is not None
        and following.pos_ in ("NOUN", "PROPN")
    ):
        # "my Wednesday AA meeting" -> "my weekly AA meeting": a day that names a habit
        weekly = Option(1, "weekly", start, end, 0.5, None, 0.0, True, OptionKind.TEMPORAL, "")
        return [_original_option(text, start, end), weekly]
    # the word right after the phrase, which the phrase may describe ("dawn prayers")
    described = (
        following
        if following is not None
        and following.idx == end + 1
        and following.is_alpha
        and not TIME_NOUN_AFTER.match(text, end)
        else None
    )
    part_before = PART_BEFORE_NOUN.fullmatch(written)
    if part_before and described is not None and described.is_lower and described.pos_ == "NOUN":
        # "after dawn prayers" -> "after morning prayers" -> "after prayers": the part of the
        # day describes the noun after it ("today prayers" would not read)
        lead = part_before.group("lead") or ""
        word = part_before.group("part").lower()
        said = [PART_AS_MODIFIER[word]] if word in PART_AS_MODIFIER else []
        options = _modifier_wordings(text, start, end, lead, said)
        cut = start + part_before.start("part")
        options.append(_removal(cut, end + 1, len(options)))
        return options
    owned_shift = OWNED_DAY_AND_HOURS.fullmatch(written)
    if owned_shift and HABIT_DETERMINER_BEFORE.search(text[:start]):
        # "cover my Sat 7-3" -> "cover my Saturday" -> "cover my shift": a shift named by its day
        # and hours is a noun ("cover my tomorrow" would not read)
        day = calendar.day_name[lexicon.WEEKDAYS[owned_shift.group("day").lower().rstrip(".")]]
        return _modifier_wordings(text, start, end, "", [day, "shift"])
    day_clock = DAY_CLOCK_BEFORE_NOUN.fullmatch(written)
    if (
        day_clock
        and hour is not None
        and described is not None
        and described.pos_ in ("NOUN", "ADJ", "PROPN")  # the tagger's "bootcamp" is an ADJ
        and (day_clock.group("det") or NOUN_PHRASE_DETERMINER_BEFORE.search(text[:start]))
    ):
        # "the Wednesday 6am bootcamp crew" -> "the Wednesday morning bootcamp crew" -> "the
        # morning bootcamp crew" -> "the bootcamp crew": a time that names the class keeps
        # describing it ("the this morning bootcamp" would not read, nor be true of a habit)
        lead = day_clock.group("det") or ""
        day = day_clock.group("day").capitalize()
        part = _clock_parts(hour)[-1]
        said = [f"{day} night", part] if part == "late-night" else [f"{day} {part}", part]
        options = _modifier_wordings(text, start, end, lead, said)
        options.append(_modifier_dropped(text, start, end, len(options)))
        return options
    modifier = DAY_MODIFIER.fullmatch(written)
    if (
        modifier
        and described is not None
        and described.lemma_.lower() in EVENT_NOUNS
        and _describes(text, start + modifier.start("day"), described)
    ):
        # "at Tuesday night classes" -> "at weeknight classes" -> "at evening classes": the day
        # describes the noun after it, and so must its wordings
        lead = modifier.group("lead") or ""
        weekend = lexicon.WEEKDAYS[modifier.group("day")[:3].lower()] >= 5
        part = (modifier.group("part") or "").lower()
        said = ["weekend" if weekend else "weekday"] if not part else []
        if part in ("night", "evening"):
            said = ["weekend" if weekend else "weeknight", "evening"]
        elif part:
            said = [f"weekend {part}" if weekend else part, part]
        return _modifier_wordings(text, start, end, lead, list(dict.fromkeys(said)))
    if SINGLE_WEEKDAY.fullmatch(written) and ORDINAL_BEFORE_DAY.search(text[:start]):
        # "first Monday off since 1988" -> "first weekday off": the day is counted, no date
        weekend = lexicon.WEEKDAYS[written[:3].lower()] >= 5
        return _modifier_wordings(text, start, end, "", ["weekend day" if weekend else "weekday"])
    if PLURAL_WEEKDAYS.fullmatch(written) and DESCRIBED_BEFORE.search(text[:start]):
        # "best Fridays", "our lazy Sundays": a noun after its adjective; "best some days"
        # would not read
        weekend = all(lexicon.WEEKDAYS[d[:3].lower()] >= 5 for d in re.findall(r"\w+day", written))
        said = ["weekends" if weekend else "weekdays", "days"]
        return _modifier_wordings(text, start, end, "", said)
    meal = DAY_MEAL.fullmatch(written)
    if meal:
        # "Saturday brunch at X is my treat" -> "weekend brunch" -> "brunch": the meal stays, a
        # time in its place ("so soon is my treat") would not read
        lead = meal.group("lead") or ""
        weekend = lexicon.WEEKDAYS[meal.group("day")[:3].lower()] >= 5
        noun = meal.group("meal")
        said = [f"{'weekend' if weekend else 'weekday'} {noun}", noun]
        return _modifier_wordings(text, start, end, lead, said)
    # "Tonight's the night", "Tomorrow is my first day": the time is the subject
    contracted = (
        POSSESSIVE_AFTER.match(text, end) is not None
        or bool(SENTENCE_OPENS.search(text[:start]) and SUBJECT_OF_VERB_AFTER.match(text, end))
        or AS_OF_BEFORE.search(text[:start]) is not None
        # "spending Easter with my mum": a time that is the object of the verb
        or SPEND_BEFORE.search(text[:start]) is not None
    )
    if TIME_NOUN_AFTER.match(text, end) or AGE_AFTER.match(text, end):
        # "Christmas week", "Sunday lunch": the phrase describes the noun after it; a wording
        # ("next week week") or a cut ("the whole of week") would break the sentence
        return [_original_option(text, start, end)]
    wordings = [
        (w.text, w.text)
        for w in vague_wordings(
            text[start:end], inside, now, southern=southern, other_day_named=other_day_named
        )
        # before "'s" (is, has) only a time said as a noun reads: "This evening's the night",
        # "Today's the day", never "Soon's the night"
        if not contracted or NOUN_TIME.fullmatch(w.text)
    ]
    if OF_AFTER.match(text, end):
        # "after 18 months of perimenopause hell" -> "after months of ...", never "after a while
        # of"
        wordings = [w for w in wordings if not w[0].lower().endswith("a while")]
    if (
        inside[0].type == "DURATION"
        and not SENTENCE_OPENS.search(text[:start])
        and re.search(r"[A-Za-z]\s+$", text[:start])
        and not COUNTED_ON_AFTER.match(text, end)
        and STAYED_BEFORE.search(text[:start]) is not None
    ):
        # "Been in Dubai 8 years" -> "for years": a bare plural after a word needs its "for"
        wordings = [
            (f"for {w}", label) if BARE_UNITS.fullmatch(w) else (w, label) for w, label in wordings
        ]
    if inside[0].type == "DATE" and re.match(r"for\s", written, re.IGNORECASE):
        # "Umrah booked for February" -> "for the winter", "for early next year": the "for" of
        # what the date is booked for stays (never "booked in the winter", "booked soon")
        wordings = [
            (re.sub(r"^(?:in|on|at)\s+", "for ", w, flags=re.IGNORECASE), label)
            if re.match(r"(?:in|on|at)\s", w, re.IGNORECASE)
            else (f"for {w}", label)
            for w, label in wordings
            if w.lower() not in BARE_TIME_ADVERBS and not w.lower().startswith("for ")
        ]
    if MORE_IN_LENGTH.search(written):
        # "5 more years of study" -> "a few more years", never "years" (what is left, not all)
        wordings = [(m, m) for w, _ in wordings if (m := _with_more(w))]
    if _COPULA_BEFORE.search(text[:start]):
        # "the iftar is every Saturday" -> "is every weekend", never "is regularly"
        wordings = [w for w in wordings if w[0].lower() not in BARE_TIME_ADVERBS]
    if HAPPY_BEFORE.search(text[:start]) and inside[0].type == "DURATION":
        # "Happy 1 year to the love of my life": an anniversary, never "Happy a while"
        wordings = [("anniversary", "anniversary")]
    if COURSE_STAGE.fullmatch(written):
        # "week 6 and my shins hate me" -> "a few weeks in and ...", "Week 2 of radiotherapy"
        # -> "A couple of weeks of radiotherapy": how far in, never "a while of"
        of_after = re.match(r"\s+of\b", text[end:], re.I) is not None
        wordings = [
            (w[0] if of_after else f"{w[0]} in", w[1])
            for w in wordings
            if STAGE_COUNT.match(w[0]) or not of_after
        ]
    if STAGE_BEFORE.search(text[:start]) and inside[0].type == "DURATION":
        # "I'm 16 weeks today": a stage reached, said with its count ("I'm over three months"),
        # never "I'm weeks" or "I'm a while"
        wordings = [w for w in wordings if STAGE_COUNT.match(w[0])]
    if DUMMY_IT_BEFORE.search(text[:start]) and inside[0].type != "DURATION":
        # ("it's 10 years since I moved" -> "it's a decade since": a length is a noun already)
        # "so it's Christmas on FaceTime again": the time is what "it" is, a noun ("it's the
        # holidays"), never "it's in late December"
        wordings = [w for w in wordings if NOUN_TIME.fullmatch(w[0])]
    if UNTIL_BEFORE.search(text[:start]):
        # "extended to February" -> "extended to the winter": the "to" stands for the
        # preposition a wording brings; an adverb ("to recently") never reads
        wordings = [
            (re.sub(r"^(?:in|on|at)\s+", "", w[0], flags=re.I), w[1])
            for w in wordings
            if w[0].lower() not in BARE_TIME_ADVERBS and not w[0].lower().endswith(" ago")
        ]
    if contracted and not wordings:
        return [_original_option(text, start, end)]
    year = SINCE_YEAR.fullmatch(written)
    if year:
        # "since 1997" -> "since the late 1990s" -> "since the 1990s"; never "since years ago"
        wordings = [
            (f"{year.group('since')} {w}", w)
            for w in values.decade_wordings(year.group("year"), parenthesised=False)
        ] + [w for w in wordings if not w[0].endswith(" ago")]
    if (
        not wordings
        and len(inside) == 1
        and inside[0].phrase_span == (start, end)
        and inside[0].type in ("DATE", "TIME")
    ):
        # the phrase is one date or time the ladders cannot word: NCP*'s corpus phrases; never
        # for part of a longer phrase ("for the winter" -> "for the") or a duration ("10-day"
        # -> "Up to 180 days")
        wordings = [(c.text, c.phrase) for c in generalize(inside[0], now=now, source_text=text)]
    height = len(wordings) + 1
    options = [_original_option(text, start, end)]
    for degree, (wording, source) in enumerate(wordings, start=1):
        if re.search(r"\bin\s+$", text[:start]) and wording.lower().startswith("in "):
            wording = wording[3:]  # "moving in [on the 1st]" -> "moving in early April"
        replacement = _fits(text, start, end, wording)
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
                _said_by_author(text[start:end], replacement)
                or _reads_right(text, start, end, replacement, gamma),
                OptionKind.TEMPORAL,
                source,
            )
        )
    removed = suppress(text, spans=[(start, end)], now=now).removed
    if removed:
        # the whole phrase goes, whatever part of it the suppression stage read as the time:
        # "on the 14th of March" leaves no "on the 14th of"
        cut_start = min(start, *(s for s, _ in removed))
        cut_end = max(end, *(e for _, e in removed))
        if text[cut_start:start].strip().lower() not in TIME_PREPOSITIONS or (
            PARTICLE_VERB_BEFORE.search(text[:cut_start])
        ):
            # "got broken into last night", "approval came through this morning": the verb's
            cut_start = start
        governing = DANGLING_PREPOSITION.search(text[:cut_start])
        if governing and TIME_PREPOSITION_START.match(text, cut_start):
            governing = None  # "want me in [on Tuesday]": the phrase has its own preposition
        if governing:  # "off to Tenerife for [the winter]": the "for" goes with it
            cut_start = governing.start()
        cut_end = _one_comma_left(text, cut_start, cut_end)
        cut_start = _with_bare_verb(text, cut_start, cut_end)
        cut_start = _with_comma_before(text, cut_start, cut_end)
        stay_after = LENGTH_OF_A_STAY.match(text[start:end]) and STAY_AFTER.match(text, end)
        if not _sentence_needs(text, cut_start, cut_end) and not stay_after:
            # ("after 4 years on the waiting list": without the length, the keys came "on the
            # waiting list")
            options.append(_removal(cut_start, cut_end, height))
    return options


# A length after which something came ("after 4 years"), and what it was spent in after it
LENGTH_OF_A_STAY = re.compile(r"after\s+\S+\s+\w+$", re.IGNORECASE)
STAY_AFTER = re.compile(r"\s+(?:on|in|at|with)\s+(?:(?i:the|a|an|my|our)\b|[A-Z])")


MORE_IN_LENGTH = re.compile(r"\s+more\s+\w+$", re.IGNORECASE)


# How a vague count is said before "more" ("a couple of weeks" -> "a couple more weeks")
COUNT_BEFORE_MORE = {"a couple of ": "a couple", "a few ": "a few", "several ": "several"}


def _with_more(wording: str) -> str | None:
    """A vague length said of what is left ("a couple of weeks" -> "a couple more weeks")."""
    lowered = wording.lower()
    for lead, said in COUNT_BEFORE_MORE.items():
        if lowered.startswith(lead):
            return f"{wording[: len(said)]} more {wording[len(lead) :]}"
    if re.fullmatch(r"(?:hours|days|weeks|months|years)", lowered):
        return f"{'More' if wording[0].isupper() else 'more'} {lowered}"
    if lowered == "a while":
        return f"{wording} longer"
    return None


def _with_bare_verb(text: str, start: int, end: int) -> int:
    """Where a time's removal starts: with the last clause it ends when that clause is a verb
    alone (", starts [at 6]."): the verb says nothing without its time; with the part of a time
    the date completes ("the week of [the 14th]")."""
    bare = BARE_VERB_CLAUSE.search(text[:start])
    if bare and re.match(r"\s*(?:$|[.!?\n])", text[end:]):
        return bare.start()
    part = PART_OF_BEFORE.search(text[:start])
    if part:
        return part.start()  # "[the week of] the 14th": the part goes with its date
    return start


# A last clause of a verb alone before the time: ", starts [at 6]", "- kicks off [at 8]"
BARE_VERB_CLAUSE = re.compile(
    r"\s*[,;\u2013\u2014-]\s*(?:it\s+|it's\s+|that\s+)?(?:starts|begins|kicks off|opens|ends|finishes|"
    r"closes|starting|beginning)\s+$",
    re.IGNORECASE,
)


OF_AFTER = re.compile(r"\s+of\b", re.IGNORECASE)
# A part of a time that a date completes ("the week of the 14th", "the end of May")
PART_OF_BEFORE = re.compile(
    r"\b(?:the\s+)?(?:week|weekend|month|end|start|beginning|middle|morning|afternoon|evening|"
    r"night)\s+of\s+$",
    re.IGNORECASE,
)


def _sentence_needs(text: str, start: int, end: int) -> bool:
    """Whether the sentence needs text[start:end] to read: what "be" says ("my viva is on the
    2nd" -> "is,"), a length before "of" ("after 9 years of being told"), one a milestone
    verb takes ("just hit 2 years"), or a length its place follows ("after 8
    years in Toronto" -> "moving back to Ireland in Canada" would say something else)."""
    return bool(
        _COPULA_BEFORE.search(text[:start])
        or OF_AFTER.match(text, end)
        # "this week is going to be long": the time is the subject of the verb after it
        or (SENTENCE_OPENS.search(text[:start]) and SUBJECT_OF_VERB_AFTER.match(text, end))
        # "we have till end of Feb to find somewhere": "we have to find" says something else
        or HAVE_BEFORE.search(text[:start]) is not None
        # "three years on", "a decade later", "5 years since my brother gave me his": the length
        # is what the word after it counts
        or LATER_AFTER.match(text, end) is not None
        or re.match(r"\s+since\b", text[end:], re.IGNORECASE) is not None
        # "selling up, 2 months' notice": the length is what the noun after it is of
        or re.match(r"['’]\s+\w", text[end:]) is not None
        or re.search(r"\w['’]\s*$", text[start:end]) is not None
        # "spent all of last week in hospital": the time is what was spent
        or SPEND_BEFORE.search(text[:start]) is not None
        or TOOK_BEFORE.search(text[:start]) is not None
        # "a gym I haven't been to since 2024.": without it the "to" ends the clause
        or (
            STRANDED_BEFORE.search(text[:start]) is not None
            and TIME_PREPOSITION_START.match(text[start:end]) is not None
            and re.match(r"\s*(?:$|[.!?,;\n])", text[end:]) is not None
        )
        or MILESTONE_VERB_BEFORE.search(text[:start])
        # "could be as soon as next week": the comparison needs its time
        or AS_SOON_AS_BEFORE.search(text[:start]) is not None
        # "Got my interview date: Jan 12 at USCIS." -> "date:." would not read: the time is
        # what the colon announces
        or (
            re.search(r":\s*$", text[:start]) is not None
            and re.match(r"\s*(?:$|[.!?\n]|at\b[^,.!?;\n]*[.!?\n]|at\b[^,.!?;\n]*$)", text[end:])
            is not None
        )
        # "12 years at Network Rail and ...", "6 months on Ozempic and ...": a length opening a
        # clause joined to another is its head; without it the sentence opens on "at" or "and"
        # ("3 hours on the expressway, not ready" still reads as "On the expressway, ...")
        or (
            SENTENCE_OPENS.search(text[:start]) is not None
            and re.match(
                r"\s+(?:and\b|(?:at|on|in|with|into)\s+[^,.!?;\n]{1,40}?\s+and\b)", text[end:]
            )
            is not None
            and TIME_PREPOSITION_START.match(text[start:end]) is None
        )
        # "after 8 years in Toronto": the place says where the years were spent
        or (
            re.match(r"(?:after|for)\s", text[start:end], re.IGNORECASE) is not None
            and re.match(r"\s+in\s+(?:the\s+)?[A-Z]", text[end:]) is not None
        )
    )


# prepositions that govern a time phrase, which go with it when it is taken out
TIME_PREPOSITIONS = frozenset({"", *PREPOSITIONS, "to", "towards", "past", "between"})
SINCE_YEAR = re.compile(
    r"(?P<since>since|from|before|after|until|till)\s+(?P<year>(?:19|20)\d\d)", re.I
)
TIME_WORD_AFTER = re.compile(
    r"\s+(?:tomorrow|today|tonight|yesterday|this|next|last|again|now|tmrw)\b", re.IGNORECASE
)
# Words after which a bare length is how long one stayed so ("in Dubai 8 years", "sober 2
# years"): a wording in the plural needs its "for" ("in Dubai for years")
STAYED_BEFORE = re.compile(
    r"(?:\b[A-Z][\w'’-]+|\b(?:sober|clean|married|together|here|there|abroad|away|home|off|"
    r"out|vegan|vegetarian|single|divorced|widowed|engaged))\s+$"
)
# A word that counts on from the length before it, ending its clause ("three years on,", "7
# months down, 2 to go")
_COUNTED_ON = r"(?:on|later|in|down|done)\b(?=\s*(?:$|[,.;!?]|and\b|but\b|now\b))"
# A length that counts on from its start ("three years on,", "7 months down", "10 years old")
COUNTED_ON_AFTER = re.compile(rf"\s+(?:old\b|ago\b|{_COUNTED_ON})", re.IGNORECASE)
SINCE_THIS = re.compile(r"^((?:ever\s+)?since)\s+this\s+(week|month|year)$", re.IGNORECASE)
SET_ADJECTIVES = frozenset({"weekly", "daily", "monthly", "nightly", "fortnightly", "yearly"})
AS_SOON_AS_BEFORE = re.compile(r"\bas\s+(?:soon|early|late|long)\s+as\s+$", re.IGNORECASE)
BARE_UNITS = re.compile(r"(?:years|months|weeks|days|hours|decades)", re.IGNORECASE)
LATER_AFTER = re.compile(
    rf"\s+{_COUNTED_ON}"
    # "8 years together", "10 years married", "2 years sober", "5 days in a row"
    r"|\s+(?:together|married|sober|clean|strong|running|in a row|and counting)\b",
    re.IGNORECASE,
)
HAVE_BEFORE = re.compile(r"\b(?:have|has|had|got|get|gets|given?|gave)\s+$", re.IGNORECASE)
# A person as the subject of a stage reached ("I'm 16 weeks today")
STAGE_BEFORE = re.compile(
    r"\b(?:i['’]?m|i am|she['’]s|he['’]s|we['’]re|you['’]re|they['’]re|she is|he is|we are)\s+$",
    re.IGNORECASE,
)  # ("It's been a year", "waiting list is 18 months": a length, said as one)
# a length said with its count ("a couple of hours", "3 weeks"), and with a measure before it
_COUNT_WORDS = r"a few|a couple of|several|\d+|one|two|three|four|five|six|seven|eight|nine|ten"
COUNTED_LENGTH = re.compile(rf"(?:{_COUNT_WORDS})\s", re.IGNORECASE)
STAGE_COUNT = re.compile(rf"(?:over|nearly|almost|about|around|{_COUNT_WORDS})\s", re.IGNORECASE)
COMPARED_LENGTH = re.compile(
    r"(?P<cmp>more than|less than|fewer than|at least|at most|up to)\s+(?P<length>.+)",
    re.IGNORECASE,
)
DUMMY_IT_BEFORE = re.compile(r"\bit(?:['’]s|\s+is|\s+was|\s+will\s+be)\s+$", re.IGNORECASE)
UNTIL_BEFORE = re.compile(r"\b(?:to|till|until|til|into)\s+$", re.IGNORECASE)
# time wordings that are adverbs, which a copula cannot take ("is regularly")
BARE_TIME_ADVERBS = frozenset(
    {"regularly", "soon", "recently", "lately", "later", "earlier", "often", "sometimes"}
)
# a time that is what is spent or celebrated ("spending Easter", "spent all of last week")
SPEND_BEFORE = re.compile(
    r"\b(?:spend|spends|spending|spent|celebrate|celebrating|celebrated|enjoy|enjoying|"
    r"enjoyed)\s+(?:(?:all|most|much|some|part|the whole)\s+of\s+)?$",
    re.IGNORECASE,
)
# "took me 2 hours to get home", "waited 45 mins": the length is what it took, said or worded
TOOK_BEFORE = re.compile(
    r"\b(?:took|take|takes|taking|waited|wasted|lost)\s+(?:(?:me|us|him|her|them|you)\s+)?$",
    re.IGNORECASE,
)
# "as of this morning": only a time said as a noun can follow
AS_OF_BEFORE = re.compile(r"\bas\s+of\s+$", re.IGNORECASE)
HAPPY_BEFORE = re.compile(r"\bhappy\s+$", re.IGNORECASE)
# how far into a course of something: "week 3 and I'm a zombie"
COURSE_STAGE = re.compile(r"(?:week|day|month)\s+\d{1,2}", re.IGNORECASE)
SENTENCE_OPENS = re.compile(r"(?:^|[.!?\n]\s*|\b(?:and|but|so|because|cos|while)\s+)$", re.I)
SUBJECT_OF_VERB_AFTER = re.compile(
    r"\s+(?:is|was|has|had|will|would|can|could|must|seems?|looks?|feels?|went|goes|"
    r"starts?|begins?|ends?)\b|['’](?:s|ll|d)\b",
    re.IGNORECASE,
)
# Verbs whose object a length is ("we just hit 2 years", "celebrating 10 years"): "just hit!!"
# would not read
MILESTONE_VERB_BEFORE = re.compile(
    r"\b(?:hit|hits|hitting|reach(?:ed|es|ing)?|celebrat\w+|mark(?:ed|s|ing)?|complet\w+)\s+$",
    re.IGNORECASE,
)
