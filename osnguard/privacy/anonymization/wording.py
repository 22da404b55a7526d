"""Wording variants of a generalized phrase at the same level of generality.

Fingerprinting gives each friend one of these wordings ("a university in Tokyo" / "a Tokyo
university" / "one of the universities in Tokyo"), so friends' versions differ by whole words
that survive retyping, without saying more or less than the group's generalization.

`variants(text, kind=)` returns the other wordings of `text` (a generalized or temporal phrase as
the anonymization stage wrote it), never `text` itself; callers check them for naturalness in
their sentence. Rules, each meaning-preserving:

- organisation type + place: "a university in Cambridge" -> "a Cambridge university", "one of
  the universities in Cambridge", "a college in Cambridge"; countries by their adjective ("an
  American university", "a US university", "a university in the US"); a place that is part of
  the original name is not put before the type (not "a Tokyo university" for Tokyo University);
- an organisation type alone: "a university" -> "a college";
- places: "the United States" -> "the US"; "in Asia" -> "somewhere in Asia";
- temporal: "less than" <-> "under", "nearly" <-> "almost", "a few" -> "several", "every day" ->
  "daily", "this morning" -> "in the morning", "tonight" -> "this evening".
"""

from __future__ import annotations

import re

from osnguard.privacy.anonymization.schemas import (
    COUNTRY_SHORT_NAMES,
    ORG_TYPE_WORDS,
    indefinite_article,
)
from osnguard.privacy.lexicon import DEMONYMS
from osnguard.privacy.text import match_case

MAX_VARIANTS = 5

ORG_TYPES = frozenset(ORG_TYPE_WORDS.values())
# Type words that can stand for each other at the same level ("a university" / "a college").
TYPE_SYNONYMS = {"university": ("college",)}

# Other names of a country that read the same in running text (schemas.place_text gives the
# first), and the abbreviation that goes before a noun ("a US university").
OTHER_NAMES = {"the US": ("the United States",), "the UK": ("the United Kingdom",)}
ABBREVIATIONS = {short: short.removeprefix("the ") for short in COUNTRY_SHORT_NAMES.values()}

_ORG = re.compile(
    r"^(?P<art>an?) (?P<type>[a-z]+) in (?P<place>[A-Z][\w'.-]*(?: [A-Za-z][\w'.-]*){0,3})$",
    re.IGNORECASE,
)
_TYPE_ONLY = re.compile(r"^(?P<art>an?) (?P<type>[a-z]+)$", re.IGNORECASE)
_IN_PLACE = re.compile(r"^in (?P<place>[A-Z][\w'.-]*(?: [A-Za-z][\w'.-]*){0,3})$")

# Temporal wordings: (pattern, replacement) applied one at a time; each gives one variant.
TEMPORAL_RULES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\bless than\b", "under"),
        (r"\bunder\b", "less than"),
        (r"\bnearly\b", "almost"),
        (r"\balmost\b", "nearly"),
        (r"\ba few\b", "several"),
        (r"^for years$", "for many years"),
        (r"^every day$", "daily"),
        (r"^every week$", "weekly"),
        (r"^every month$", "monthly"),
        (r"^this (morning|afternoon|evening)$", r"in the \1"),
        (r"^tonight$", "this evening"),
    )
)


def plural(noun: str) -> str:
    """English plural of an organisation type word ("university" -> "universities")."""
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    return noun + "s"


def with_article(noun_phrase: str) -> str:
    """ "a"/"an" + the phrase; initialisms read letter by letter ("a US university", "an FBI office")."""
    first = noun_phrase.split(maxsplit=1)[0]
    if first.isupper() and len(first) > 1:
        article = "an" if first[0] in "AEFHILMNORSX" else "a"
    else:
        article = indefinite_article(noun_phrase)
    return f"{article} {noun_phrase}"


def _place_modifiers(place: str, original: str = "") -> list[str]:
    """Ways to name a place before a noun: "Tokyo", "American", "US". A place named in the
    original phrase is not put before the type ("Stanford University" -> "a Stanford university"
    would all but name it again)."""
    found = []
    if place in DEMONYMS:
        found.append(DEMONYMS[place])
    if place in ABBREVIATIONS:
        found.append(ABBREVIATIONS[place])
    named = place.casefold() in original.casefold()
    if (
        not place.startswith("the ")
        and place not in DEMONYMS
        and len(place.split()) <= 2
        and not named
    ):
        found.append(place)  # "a Cambridge university" for Harvard, "a Massachusetts university"
    return found


def _organisation(match: re.Match[str], original: str = "") -> list[str]:
    kind, place = match.group("type").lower(), match.group("place")
    if kind not in ORG_TYPES:
        return []
    out = [with_article(f"{modifier} {kind}") for modifier in _place_modifiers(place, original)]
    out.append(f"one of the {plural(kind)} in {place}")
    out.extend(with_article(f"{kind} in {other}") for other in OTHER_NAMES.get(place, ()))
    out.extend(with_article(f"{other} in {place}") for other in TYPE_SYNONYMS.get(kind, ()))
    return out


def _temporal(text: str) -> list[str]:
    out = []
    for pattern, replacement in TEMPORAL_RULES:
        if pattern.search(text):
            out.append(pattern.sub(replacement, text, count=1))
    return out


def variants(text: str, *, kind: str = "generalization", original: str = "") -> list[str]:
    """Other wordings of the generalized phrase `text` at the same level, at most MAX_VARIANTS,
    most conservative first. `kind` is the choice's kind ("generalization" or "temporal");
    `original` is the private phrase it generalizes (a wording must not echo its name)."""
    if not isinstance(text, str):
        raise ValueError("text must be a string")
    phrase = text.strip()
    if not phrase or phrase != text:
        return []
    lowered_first = phrase[:1].lower() + phrase[1:]
    found: list[str] = []
    if kind == "temporal":
        found = _temporal(lowered_first)
    elif match := _ORG.match(lowered_first):
        found = _organisation(match, original)
    elif (match := _TYPE_ONLY.match(lowered_first)) and match.group("type").lower() in ORG_TYPES:
        found = [
            with_article(other) for other in TYPE_SYNONYMS.get(match.group("type").lower(), ())
        ]
    elif match := _IN_PLACE.match(phrase):
        found = [f"somewhere in {match.group('place')}"]
    elif phrase in OTHER_NAMES:
        found = list(OTHER_NAMES[phrase])
    out: list[str] = []
    for candidate in found:
        candidate = match_case(phrase, candidate)
        if candidate != phrase and candidate not in out:
            out.append(candidate)
    return out[:MAX_VARIANTS]
