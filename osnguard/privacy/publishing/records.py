"""A post as a record of privacy attributes (seed 001 §4.2): direct identifiers, quasi-identifiers
and sensitive phrases, found by the project's privacy-attribute tagger.

Each quasi-identifier value is a taxonomy path from the most general node below the root to the
value itself ("Asia" > "Japan" > "Tokyo"), taken from the same generalization chains compose
uses: the gazetteer for places, `anonymization.schemas.generalization_chain` (WordNet and the
curated ladders) for jobs, religions, marital status, languages and ethnicities, age bands for
ages and female / male for gender words. A post that mentions two values of one attribute keeps
their common ancestor (saying "India" and "Sri Lanka" -> "South Asia"), and an author attribute
given with the post joins the same way, so the released value is true of every mention.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from osnguard.privacy import places, resources
from osnguard.privacy.identification import categories, tagger
from osnguard.privacy.publishing.mondrian import common_ancestor
from osnguard.privacy.types import Category, Phrase, Profile

# The quasi-identifier attributes, in output order, and the ppdp tag each comes from.
ATTRIBUTE_TAGS: dict[str, str] = {
    "age": "QIAGE",
    "gender": "QIGENDER",
    "region": "QIREGION",
    "job": "QIJOB",
    "religion": "QIRELIGION",
    "marital": "QIMARITAL",
    "language": "QILANG",
    "race": "QIRACE",
}
TAG_ATTRIBUTE = {tag: attribute for attribute, tag in ATTRIBUTE_TAGS.items()}
ATTRIBUTES: tuple[str, ...] = tuple(ATTRIBUTE_TAGS)
AUTHOR_ALIASES = {"city": "region", "hometown": "region", "occupation": "job", "work": "job"}
# The category the generalization chains expect for each attribute.
_CHAIN_CATEGORY = {
    "region": "location",
    "job": "work",
    "religion": "religion",
    "marital": "relationship",
    "language": "language",
    "race": "ethnicity",
}

Path = tuple[str, ...]

FEMALE_WORDS = frozenset(
    [
        "she",
        "her",
        "hers",
        "herself",
        "woman",
        "women",
        "girl",
        "girls",
        "lady",
        "ladies",
        "wife",
        "wives",
        "girlfriend",
        "girlfriends",
        "mother",
        "mom",
        "mum",
        "mommy",
        "mummy",
        "mothers",
        "daughter",
        "daughters",
        "sister",
        "sisters",
        "aunt",
        "aunts",
        "niece",
        "nieces",
        "grandma",
        "grandmother",
        "granddaughter",
        "female",
        "females",
        "queen",
        "bride",
        "actress",
        "waitress",
        "gal",
        "gals",
        "chick",
        "chicks",
        "mrs",
        "ms",
        "miss",
    ]
)
MALE_WORDS = frozenset(
    [
        "he",
        "him",
        "his",
        "himself",
        "man",
        "men",
        "boy",
        "boys",
        "guy",
        "guys",
        "gentleman",
        "gentlemen",
        "husband",
        "husbands",
        "boyfriend",
        "boyfriends",
        "father",
        "dad",
        "daddy",
        "fathers",
        "son",
        "sons",
        "brother",
        "brothers",
        "uncle",
        "uncles",
        "nephew",
        "nephews",
        "grandpa",
        "grandfather",
        "grandson",
        "male",
        "males",
        "king",
        "groom",
        "actor",
        "waiter",
        "dude",
        "dudes",
        "bro",
        "lad",
        "lads",
        "mr",
        "sir",
    ]
)
_AGE_WORDS = {
    "teen": 10,
    "teens": 10,
    "teenager": 10,
    "teenagers": 10,
    "teenage": 10,
    "twenties": 20,
    "thirties": 30,
    "forties": 40,
    "fifties": 50,
    "sixties": 60,
    "seventies": 70,
    "eighties": 80,
    "nineties": 90,
}
_AGE_NUMBER = re.compile(r"(?<![\d/:.])(\d{1,3})(?:s|'s)?(?![\d/:])")
_AGE_DECADE = re.compile(r"(?<!\d)(\d)0'?s\b")
_WORD = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class QuasiValue:
    """One quasi-identifier of a record: its taxonomy `path` (general -> specific; empty means
    already fully general), the `mentions` that say it in the text ((start, end, their own
    path)), and a display text per path node."""

    attribute: str
    path: Path
    mentions: tuple[tuple[int, int, Path], ...] = ()
    display: tuple[tuple[Path, str], ...] = ()


@dataclass
class PostRecord:
    """A post turned into a record: `direct` and `sensitive` are (start, end) spans of the text;
    `quasi` maps each attribute the post or its author states to its value."""

    id: Any
    text: str
    quasi: dict[str, QuasiValue] = field(default_factory=dict)
    direct: list[tuple[int, int]] = field(default_factory=list)
    sensitive: list[tuple[int, int]] = field(default_factory=list)


# --- paths ---------------------------------------------------------------------------------


def age_path(text: str) -> Path | None:
    """("20-39", "20-29", "27") for "27"; ("20-39", "20-29") for "twenties" or "20s"."""
    lowered = text.lower()
    decade: int | None = None
    exact: int | None = None
    if (match := _AGE_DECADE.search(lowered)) is not None:
        decade = int(match.group(1)) * 10
    elif (number := _AGE_NUMBER.search(lowered)) is not None and 0 < int(number.group(1)) < 120:
        exact = int(number.group(1))
        decade = exact // 10 * 10
    else:
        for word in _WORD.findall(lowered):
            if word in _AGE_WORDS:
                decade = _AGE_WORDS[word]
                break
    if decade is None:
        return None
    band = decade // 20 * 20
    path: Path = (f"{band}-{band + 19}", f"{decade}-{decade + 9}")
    return (*path, str(exact)) if exact is not None else path


def gender_path(text: str) -> Path | None:
    """("female",) or ("male",) for a gendered word; None when the words say neither or both."""
    words = set(_WORD.findall(text.lower()))
    female, male = bool(words & FEMALE_WORDS), bool(words & MALE_WORDS)
    if female == male:
        return None
    return ("female",) if female else ("male",)


# Gendered pronouns and their neutral forms (no generalization chain covers pronouns).
NEUTRAL_PRONOUNS = {
    "she": "they",
    "he": "they",
    "her": "their",
    "him": "them",
    "his": "their",
    "hers": "theirs",
    "herself": "themself",
    "himself": "themself",
}


def gender_neutral(word: str) -> str | None:
    """The neutral word for a gendered one, as compose generalizes it ("sister" -> "sibling",
    "wife" -> "partner", "girls" -> "people", from the kinship and gender ladders and WordNet),
    "she" -> "they"; None for a word that says no gender, or one no chain makes neutral."""
    lowered = word.lower()
    if lowered in NEUTRAL_PRONOUNS:
        return NEUTRAL_PRONOUNS[lowered]
    if lowered not in FEMALE_WORDS and lowered not in MALE_WORDS:
        return None
    from osnguard.privacy.anonymization.schemas import generalization_chain

    phrase = Phrase(
        start=0,
        end=len(word),
        text=word,
        category=Category.GENDER,
        reason="",
        confidence=1.0,
        detectors=[],
    )
    levels = generalization_chain(phrase, context_text=word, profile=Profile()).levels
    return levels[1].text if len(levels) > 1 else None


def _place_path(
    key: str | None, spoken: dict[str, str] | None = None
) -> tuple[Path, dict[Path, str]] | None:
    """The gazetteer path of a place (continent first); each node reads as compose says it
    (`spoken`: place key -> the chain's wording, "the UK") or by its name."""
    place = places.get(key) if key else None
    if place is None:
        return None
    spoken = spoken or {}
    steps = list(reversed(places.chain(place)))
    path: Path = tuple(step.key for step in steps)
    display = {path[: i + 1]: spoken.get(step.key, step.name) for i, step in enumerate(steps)}
    return path, display


def chain_path(
    attribute: str, text: str, context: str = "", start: int | None = None
) -> tuple[Path, dict[Path, str]]:
    """The taxonomy path of a phrase of `attribute`, from its generalization chain; a phrase no
    chain knows is a leaf right under the root."""
    from osnguard.privacy.anonymization.schemas import generalization_chain

    if not context:
        context, start = text, 0
    if start is None or context[start : start + len(text)] != text:
        start = context.find(text)
        if start < 0:
            context, start = text, 0
    phrase = Phrase(
        start=start,
        end=start + len(text),
        text=text,
        category=Category(_CHAIN_CATEGORY[attribute]),
        reason="",
        confidence=1.0,
        detectors=[],
    )
    chain = generalization_chain(phrase, context_text=context, profile=Profile())
    if attribute == "region":
        spoken = {level.place: level.text for level in chain.levels[1:] if level.place}
        if (placed := _place_path(chain.levels[0].place, spoken)) is not None:
            return placed
    labels: list[tuple[str, str]] = []
    for level in chain.levels:
        node = (level.label or level.text).strip().lower()
        if node and node not in {label for label, _ in labels}:
            labels.append((node, level.text))
    if not labels:
        labels = [(text.strip().lower(), text.strip())]
    labels.reverse()  # general first
    path = tuple(node for node, _ in labels)
    return path, {path[: i + 1]: shown for i, (_, shown) in enumerate(labels)}


def _value_path(
    attribute: str, text: str, context: str = "", start: int | None = None
) -> tuple[Path, dict[Path, str]] | None:
    if attribute == "age":
        path = age_path(text)
        return None if path is None else (path, {path[: i + 1]: p for i, p in enumerate(path)})
    if attribute == "gender":
        path = gender_path(text)
        return None if path is None else (path, {path: path[0]})
    if not re.search(r"\w", text):
        return None
    return chain_path(attribute, text, context, start)


# --- records -------------------------------------------------------------------------------


def author_attributes(raw: Mapping[str, Any] | None) -> dict[str, str]:
    """Validated author attributes ({"age": 34, "city": "Tokyo"} -> {"age": "34", "region":
    "Tokyo"}); raises ValueError naming what is wrong."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise ValueError('"author" must be an object such as {"age": 34, "city": "Tokyo"}')
    found: dict[str, str] = {}
    for key, value in raw.items():
        attribute = AUTHOR_ALIASES.get(key, key)
        if attribute not in ATTRIBUTE_TAGS:
            known = ", ".join(ATTRIBUTES + tuple(AUTHOR_ALIASES))
            raise ValueError(f"unknown author attribute {key!r}; expected one of {known}")
        if value is None or value == "":
            continue
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise ValueError(f"author attribute {key!r} must be a string or a whole number")
        found[attribute] = str(value).strip()
    return found


def tagged_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, tag) of the privacy-attribute phrases of `text` (the CRF tagger)."""
    doc = resources.parse(text)
    return [(s, e, tag) for s, e, tag, _ in tagger.merge_tags(text, tagger.tag_text(text, doc))]


def record_from_post(
    text: str, *, post_id: Any = None, author: Mapping[str, Any] | None = None
) -> PostRecord:
    """Tag `text` and turn it into a record; `author` adds the author's attributes."""
    if not isinstance(text, str):
        raise ValueError('"text" must be a string')
    spans = tagged_spans(text) if text.strip() else []
    return record_from_spans(text, spans, post_id=post_id, author=author)


def record_from_tagged(tokens: list[str], tags: list[str], *, post_id: Any = None) -> PostRecord:
    """A record from an annotated tweet of the ppdp corpus (its gold tags instead of the
    tagger's), for measuring the anonymization apart from tagging errors."""
    text = " ".join(tokens)
    spans = [(s, e, tag, 1.0) for (s, e), tag in zip(tagger.token_spans(text), tags)]
    merged = [(s, e, tag) for s, e, tag, _ in tagger.merge_tags(text, spans)]
    return record_from_spans(text, merged, post_id=post_id)


def record_from_spans(
    text: str,
    spans: list[tuple[int, int, str]],
    *,
    post_id: Any = None,
    author: Mapping[str, Any] | None = None,
) -> PostRecord:
    """The record of `text` whose privacy-attribute phrases are `spans` ((start, end, tag))."""
    attributes = author_attributes(author)
    record = PostRecord(id=post_id, text=text)
    mentions: dict[str, list[tuple[int, int, Path, dict[Path, str]]]] = {}
    for start, end, tag in spans:
        tag = categories.normalise_tag(tag)
        if tag == "DI":
            record.direct.append((start, end))
        elif tag == "SA":
            record.sensitive.append((start, end))
        elif (attribute := TAG_ATTRIBUTE.get(tag)) is not None:
            value = _value_path(attribute, text[start:end], text, start)
            if value is not None:
                mentions.setdefault(attribute, []).append((start, end, *value))
    for attribute, raw in attributes.items():
        value = _value_path(attribute, raw)
        if value is not None:
            mentions.setdefault(attribute, []).append((-1, -1, *value))
    for attribute in ATTRIBUTES:
        said = mentions.get(attribute)
        if not said:
            continue
        path = common_ancestor([own for _, _, own, _ in said])
        display: dict[Path, str] = {}
        for _, _, _, shown in said:
            for node, words in shown.items():
                display.setdefault(node, words)
        record.quasi[attribute] = QuasiValue(
            attribute=attribute,
            path=path,
            mentions=tuple((s, e, own) for s, e, own, _ in said if s >= 0),
            display=tuple(sorted((n, w) for n, w in display.items() if len(n) <= len(path))),
        )
    return record
