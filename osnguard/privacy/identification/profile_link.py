"""Profile-linked private phrases (SPEC §1.3, thesis §3.1 step 2): "Tokyo" when your hometown is Tokyo.

Noun phrases of the message (spaCy noun chunks and named entities) are compared with every value
of the author's profile by the offline relatedness score (`relatedness.score`); a phrase at or
above `relatedness.THRESHOLD` is private, with the profile attribute it reveals, a reason and the
score as confidence. So a phrase that a friend swaps for a related one ("Shinjuku" for "Tokyo",
"Harvard" for "Harvard University") is still caught. Phrases that only generalise a profile value
("food" for sushi) are left out: the anonymiser produces exactly such generalisations.

Birthdays and relationship statuses are not noun phrases a gazetteer or WordNet can match, so
they have their own small matchers (dates and ages; words like "husband" for "Married").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import Any

from osnguard.privacy.identification import relatedness
from osnguard.privacy.lexicon import MONTHS, TOWN_EVENT_WORDS
from osnguard.privacy.resources import nlp, wordnet
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase

CATEGORY_OF_ATTRIBUTE: dict[str, str] = {
    "hometown": "location",
    "current_city": "location",
    "education": "education",
    "work": "work",
    "religion": "religion",
    "politics": "politics",
    "relationship": "relationship",
    "languages": "language",
    "birthday": "age",
    # Sports and interests have no category of their own; what they reveal is who you are.
    "sports": "identity",
    "interests": "identity",
}

PROFILE_SENTENCE: dict[str, str] = {
    "hometown": "Your profile says your hometown is {value}",
    "current_city": "Your profile says you live in {value}",
    "education": "Your profile says you studied at {value}",
    "work": "Your profile gives your work as {value}",
    "religion": "Your profile gives your religion as {value}",
    "politics": "Your profile gives your political views as {value}",
    "relationship": "Your profile says your relationship status is {value}",
    "languages": "Your profile says you speak {value}",
    "birthday": "Your profile gives your birthday as {value}",
    "sports": "Your profile lists {value} among your sports",
    "interests": "Your profile lists {value} among your interests",
}

# Entity types that are never compared with profile values as names.
NUMERIC_ENTITIES = frozenset(
    {"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT"}
)
CONTENT_POS = frozenset({"NOUN", "PROPN", "ADJ", "VERB", "X", "INTJ", "ADV"})
LEADING_WORDS = frozenset({"DET", "PRON", "PART", "CCONJ", "PUNCT", "ADP"})

# Words that give a relationship status away (matched on lemmas).
RELATIONSHIP_WORDS: dict[str, frozenset[str]] = {
    "married": frozenset(
        {"husband", "wife", "spouse", "hubby", "wifey", "marriage", "wedding anniversary"}
    ),
    "engaged": frozenset(
        {"fiance", "fiancé", "fiancee", "fiancée", "engagement", "engagement ring"}
    ),
    "in a relationship": frozenset({"boyfriend", "girlfriend", "partner", "bf", "gf"}),
    "divorced": frozenset({"ex-wife", "ex-husband", "divorce", "ex"}),
    "widowed": frozenset({"late husband", "late wife", "widow", "widower"}),
}


@dataclass(frozen=True)
class _Candidate:
    start: int  # character offsets in context.text
    end: int
    text: str


# ---------------------------------------------------------------------------------------------
# Noun phrases of the message


def _trim(span: Any) -> Any | None:
    """Drop leading determiners and possessives ("my hometown" -> "hometown")."""
    start = span.start
    while start < span.end and span.doc[start].pos_ in LEADING_WORDS:
        start += 1
    trimmed = span.doc[start : span.end]
    if not len(trimmed) or all(t.is_stop or t.is_punct for t in trimmed):
        return None
    return trimmed


def noun_phrases(doc: Any) -> list[_Candidate]:
    """Noun chunks and named entities, trimmed, each once (thesis: noun phrase chunking)."""
    spans = [ent for ent in doc.ents if ent.label_ not in NUMERIC_ENTITIES]
    try:
        spans.extend(doc.noun_chunks)
    except ValueError:  # a Doc without a parse
        pass
    # Single content words too: the parser misses some ("My favorite food is sushi").
    in_entity = {t.i for ent in spans for t in ent}
    spans.extend(
        doc[t.i : t.i + 1]
        for t in doc
        if t.pos_ in CONTENT_POS and t.is_alpha and not t.is_stop and t.i not in in_entity
    )
    seen: set[tuple[int, int]] = set()
    found = []
    for span in spans:
        trimmed = _trim(span)
        if trimmed is None or trimmed.root.pos_ == "PRON":
            continue
        key = (trimmed.start_char, trimmed.end_char)
        if key not in seen and len(trimmed.text) <= 120:
            seen.add(key)
            found.append(_Candidate(trimmed.start_char, trimmed.end_char, trimmed.text))
    return found


# ---------------------------------------------------------------------------------------------
# Special matchers: birthday and relationship


def _birthday_parts(value: str) -> tuple[int | None, int | None, int | None]:
    """(year, month, day) of a birthday written as 1990-05-12, 12/05/1990 or "May 12, 1990"."""
    iso = re.search(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b", value)
    if iso:
        return int(iso.group(1)), int(iso.group(2)), int(iso.group(3))
    lowered = value.lower()
    month = next((n for name, n in MONTHS.items() if re.search(rf"\b{name}\b", lowered)), None)
    year_match = re.search(r"\b(19|20)\d{2}\b", value)
    year = int(year_match.group()) if year_match else None
    day_match = re.search(r"\b([0-3]?\d)(?:st|nd|rd|th)?\b", re.sub(r"\b(19|20)\d{2}\b", "", value))
    day = int(day_match.group(1)) if day_match and month else None
    return year, month, day


def _age_on(born: tuple[int | None, int | None, int | None], now: Any) -> int | None:
    year, month, day = born
    if year is None or not isinstance(now, (date, datetime)):
        return None
    age = now.year - year
    if month and day and (now.month, now.day) < (month, day):
        age -= 1
    return age


def _birthday_matches(
    context: MessageContext, doc: Any, value: str
) -> list[tuple[_Candidate, str]]:
    born = _birthday_parts(value)
    year, month, day = born
    age = _age_on(born, context.now)
    found = []
    for ent in doc.ents:
        if ent.label_ not in ("DATE", "CARDINAL"):
            continue
        text = ent.text.lower()
        numbers = {int(n) for n in re.findall(r"\d+", text)}
        ent_month = next((n for name, n in MONTHS.items() if re.search(rf"\b{name}\b", text)), None)
        why = None
        if month and day and ent_month == month and day in numbers:
            why = "it is your birthday"
        elif year and year in numbers:
            why = "it is the year you were born"
        elif (
            age is not None
            and age in numbers
            and ("year" in text or "old" in ent.sent.text.lower())
        ):
            why = f"it is your age ({age})"
        if why:
            found.append((_Candidate(ent.start_char, ent.end_char, ent.text), why))
    return found


def _relationship_matches(doc: Any, value: str) -> list[tuple[_Candidate, str]]:
    words = RELATIONSHIP_WORDS.get(" ".join(value.lower().split()))
    if not words:
        return []
    found = []
    for token in doc:
        if token.lemma_.lower() in words or token.lower_ in words:
            found.append(
                (
                    _Candidate(token.idx, token.idx + len(token.text), token.text),
                    f"a “{token.text}” goes with that status",
                )
            )
    return found


# ---------------------------------------------------------------------------------------------


def _reason(attribute: str, value: str, phrase: str, explanation: str | None) -> str:
    sentence = PROFILE_SENTENCE[attribute].format(value=value)
    if explanation is None:
        return f"{sentence}."
    return f"{sentence}, and “{phrase}” is linked to it: {explanation}."


def _phrase(
    candidate: _Candidate,
    attribute: str,
    reason: str,
    confidence: float,
    reading: str | None = None,
) -> Phrase:
    return Phrase(
        start=candidate.start,
        end=candidate.end,
        text=candidate.text,
        category=Category(CATEGORY_OF_ATTRIBUTE[attribute]),
        reason=reason,
        confidence=round(confidence, 4),
        detectors=[Detector.PROFILE],
        reasons=[reason],
        attribute=attribute,
        reading=reading,
    )


LOCATION_ATTRIBUTES = frozenset({"hometown", "current_city"})


@lru_cache(maxsize=8192)
def _common_word(text: str) -> bool:
    """A lower-case word whose main WordNet sense is not a proper name: "reading" is not the
    town of Reading, "nice" is not Nice."""
    synsets = wordnet().synsets(text.replace(" ", "_"))
    return bool(synsets) and not synsets[0].instance_hypernyms()


def _best_link(candidate: _Candidate, items: list[tuple[str, str]]) -> Phrase | None:
    best: Phrase | None = None
    for attribute, value in items:
        if attribute in ("birthday", "relationship"):
            continue
        if (
            attribute in LOCATION_ATTRIBUTES
            and candidate.text.islower()
            and _common_word(candidate.text)
        ):
            continue
        evidence = relatedness.profile_score(candidate.text, value)
        if evidence.score < relatedness.THRESHOLD:
            continue
        if relatedness.is_generalisation(candidate.text, value):
            continue  # "food" does not give "sushi" away
        explanation = None if evidence.kind == "same" else evidence.explanation
        phrase = _phrase(
            candidate,
            attribute,
            _reason(attribute, value, candidate.text, explanation),
            evidence.score,
            # the place the link read: the anonymizer follows the same one ("Boston", 4 km
            # from the profile's Cambridge, is Boston, Massachusetts)
            evidence.readings[0] if evidence.readings else None,
        )
        if best is None or phrase.confidence > best.confidence:
            best = phrase
    return best


def _narrowed(candidate: _Candidate, items: list[tuple[str, str]]) -> _Candidate:
    """The profile place itself when the noun phrase names it before its event or a common noun
    ("the Cape Town Pride committee" -> "Cape Town"; not "Glasgow Caledonian")."""
    for attribute, value in items:
        if attribute not in LOCATION_ATTRIBUTES or len(value) < 3:
            continue
        found = re.search(rf"(?<!\w){re.escape(value)}(?!\w)", candidate.text, re.IGNORECASE)
        rest = candidate.text[found.end() :].split() if found else []
        # only before an event of the town's or a common noun ("Glasgow Caledonian" is a name)
        if (
            found
            and found.group(0)[:1].isupper()  # "a nice book" names no Nice
            and rest
            and (rest[0].lower() in TOWN_EVENT_WORDS or rest[0].islower())
        ):
            start = candidate.start + found.start()
            return _Candidate(start, start + len(found.group(0)), found.group(0))
    return candidate


def _drop_overlaps(phrases: list[Phrase]) -> list[Phrase]:
    """Of overlapping phrases keep the most confident, then the shortest (the span that carries
    the link: "Cape Town", not "Cape Town Pride committee")."""
    kept: list[Phrase] = []
    for phrase in sorted(phrases, key=lambda p: (-p.confidence, p.end - p.start, p.start)):
        if all(phrase.end <= k.start or phrase.start >= k.end for k in kept):
            kept.append(phrase)
    return sorted(kept, key=lambda p: p.start)


def detect(context: MessageContext) -> list[Phrase]:
    """Phrases of the message linked to the author's profile (detector "profile")."""
    items = context.profile.items()
    if not items or context.language != "en" or not context.text.strip():
        return []
    doc = context.doc if context.doc is not None else nlp()(context.text)
    phrases = []
    for candidate in noun_phrases(doc):
        if candidate.text.lower() in MONTHS:
            continue  # "Surgery in March" for someone near Cambridge: a month, not the town
        phrase = _best_link(_narrowed(candidate, items), items)
        if phrase is not None:
            phrases.append(phrase)
    for attribute, value in items:
        if attribute == "birthday":
            matches = _birthday_matches(context, doc, value)
        elif attribute == "relationship":
            matches = _relationship_matches(doc, value)
        else:
            continue
        for candidate, why in matches:
            reason = f"{PROFILE_SENTENCE[attribute].format(value=value)}, and “{candidate.text}” tells it: {why}."
            phrases.append(_phrase(candidate, attribute, reason, 0.9))
    return _drop_overlaps(phrases)
