"""Generalization schemas (SPEC §2.1): for one private phrase, the chain of ever more general
wordings it can be replaced by, from the phrase itself (degree 0) to the most general level.

- Places: GeoNames city -> region/state -> country -> continent, with populations (places.py).
- Organisations: through their type and place ("Harvard University" -> "a university in
  Cambridge" -> "a university in Massachusetts" -> "a university in the United States" ->
  "a university"), from WordNet instance hypernyms and part holonyms, a small curated table
  (data/organisations.json), or the type word in the name ("... Hospital").
- Other nouns: WordNet hypernyms, skipping rare and overly abstract synsets (student -> person).

Ambiguous names are resolved with the message's other words and the author's profile (Cambridge,
MA for a Harvard student); the other readings are returned so the user can pick one, by passing
`reading=` back in.
"""

from __future__ import annotations

import csv
import functools
import itertools
import json
import math
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol

from osnguard.privacy import airports, companies, places
from osnguard.privacy.identification.named import is_person_noun
from osnguard.privacy.lexicon import (
    DEMONYMS,
    LETTER_GRADES,
    NUMBER_NAMES,
    POSSESSIVES,
    SAINT_NAME,
)
from osnguard.privacy.places import Place
from osnguard.privacy.resources import load_once, nltk_data_dir, parse, wordnet
from osnguard.privacy.types import Category, Detector, Phrase, Profile

DATA_DIR = Path(__file__).parent / "data"

PLACE_CATEGORIES = frozenset({"location"})
ORGANISATION_CATEGORIES = frozenset(
    {"education", "work", "health", "religion", "politics", "sports"}
)

# Categories whose names are never places: "the Greens" is no "Oregon", "Green" no "United
# States" (a party named after a word the gazetteer also holds).
NEVER_PLACES = frozenset({"politics", "sexuality", "language", "ethnicity"})

# Organisation types recognised from the last word of a name ("Tokyo University").
ORG_TYPE_WORDS: dict[str, str] = {
    "university": "university",
    "college": "college",
    "school": "school",
    "academy": "school",
    "institute": "institute",
    "hospital": "hospital",
    "infirmary": "hospital",  # "the Royal Infirmary": a hospital, never "a company"
    "constabulary": "police force",  # "Hampshire Constabulary": the police, no company
    "police": "police force",
    "hospice": "hospice",
    "clinic": "clinic",
    "church": "church",
    "temple": "temple",
    "mosque": "mosque",
    "synagogue": "synagogue",
    "bank": "bank",
    "inc": "company",
    "inc.": "company",
    "corp": "company",
    "corp.": "company",
    "corporation": "company",
    "company": "company",
    "ltd": "company",
    "ltd.": "company",
    "llc": "company",
    "group": "company",
    "party": "party",
    "club": "club",
}

# Countries whose English name takes "the" ("in the United States").
_THE_PREFIXES = (
    "United ",
    "Republic ",
    "Democratic Republic",
    "Czech Republic",
    "Dominican Republic",
    "Central African",
    "Philippines",
    "Netherlands",
    "Bahamas",
    "Maldives",
    "Gambia",
)

# WordNet synsets a chain stops at (kept) and synsets too abstract to be offered at all.
NATURAL_TOPS = frozenset(
    {
        "person.n.01",
        "food.n.01",
        "food.n.02",
        "animal.n.01",
        "plant.n.02",
        "location.n.01",
        "organization.n.01",
        "disease.n.01",
        "illness.n.01",
        "religion.n.01",
        "language.n.01",
        "sport.n.01",
        "beverage.n.01",
        "vehicle.n.01",
        "building.n.01",
        "institution.n.01",
        "occupation.n.01",
        "discipline.n.01",
        "educational_institution.n.01",
        "device.n.01",
        "instrument.n.01",
        "medicine.n.02",
        "drug.n.01",
        "game.n.01",
        "music.n.01",
        "symptom.n.01",  # "fever" -> "a symptom", never on to "evidence" and "information"
        "academic_degree.n.01",  # "PhD" -> "a degree"
        "medical_procedure.n.01",  # "mastectomy" -> "an operation" -> "a medical procedure"
        "treatment.n.01",  # "therapy" -> "treatment"
        "ceremony.n.01",  # "wedding" -> "a ceremony"
        "meal.n.01",
        "vacation.n.01",  # "honeymoon" -> "a holiday"
        "debt.n.02",
        "loan.n.01",  # "payday loan" -> "a loan"
        "trip.n.01",
        "party.n.01",  # "the DMK" -> "a party"
        "examination.n.02",
        "course.n.01",
        "denomination.n.01",  # "the Jehovah's Witnesses" -> "a religious group", not an NGO
    }
)
# Synsets worded otherwise than by their lemmas, as people say them
SYNSET_WORDINGS: Mapping[str, str] = MappingProxyType({"denomination.n.01": "religious group"})
ABSTRACT = frozenset(
    {
        "entity.n.01",
        "physical_entity.n.01",
        "abstraction.n.06",
        "object.n.01",
        "whole.n.02",
        "living_thing.n.01",
        "organism.n.01",
        "causal_agent.n.01",
        "matter.n.03",
        "substance.n.07",
        "substance.n.01",
        "thing.n.12",
        "group.n.01",
        "attribute.n.02",
        "state.n.02",
        "condition.n.01",
        "relation.n.01",
        "psychological_feature.n.01",
        "event.n.01",
        "act.n.02",
        "measure.n.02",
        "communication.n.02",
        "cognition.n.01",
        "content.n.05",
        "process.n.06",
        "artifact.n.01",
        "instrumentality.n.03",
        "physical_condition.n.01",
        "pathological_state.n.01",
        "ill_health.n.01",
        "social_group.n.01",
        "unit.n.03",
        "adult.n.01",
        "nutriment.n.01",
        "knowledge_domain.n.01",
        "enrollee.n.01",
        # a place said by the geometry of it ("a polling station" -> "a topographic point")
        "point.n.02",
        "topographic_point.n.01",
        "region.n.03",
        "geographical_area.n.01",
    }
)
MIN_ZIPF = 2.5  # hypernyms rarer than this ("enrollee") are skipped: they read as jargon
# A hypernym above this many kinds (WordNet hyponyms) says nothing a reader can use ("newsroom" ->
# "an organization", "divorce" -> "a group action"): the chain stops under it, unless it is one
# of the NATURAL_TOPS people do say ("a person", "a food").
MAX_KINDS = 600


class ChainKind(StrEnum):
    """What a chain generalizes along: the gazetteer, an organisation's type and place, WordNet
    noun hypernyms, or nothing (a one-level chain)."""

    PLACE = "place"
    ORGANISATION = "organisation"
    NOUN = "noun"
    NONE = "none"


class LevelSource(StrEnum):
    """Where a chain level came from."""

    ORIGINAL = "original"  # the phrase itself (degree 0)
    GEONAMES = "geonames"  # the gazetteer (places.py)
    ORGANISATION = "organisation"  # the curated organisation table
    WORDNET = "wordnet"  # WordNet hypernyms, or an organisation WordNet knows
    TYPE = "type"  # an organisation's type word ("a university")
    LISTING = "listing"  # a listed company's sector and country (companies.py)


@dataclass(frozen=True)
class Level:
    """One rung of a chain: `text` as it reads in the message, its `degree` (0 = the phrase
    itself), its population where known, its k-figure (how many alternatives it hides among,
    None when unknown) and where it came from ("original", "geonames", "organisation",
    "wordnet", "type")."""

    text: str
    degree: int
    population: int | None
    k: int | None
    source: LevelSource
    label: str = ""  # the bare concept or place name ("Massachusetts"), for the UI
    place: str | None = None  # `Place.key` of the place this level names, if any


@dataclass(frozen=True)
class Reading:
    """One interpretation of an ambiguous phrase ("Cambridge, Massachusetts, United States")."""

    key: str
    description: str


@dataclass
class Chain:
    """The generalization schema of one phrase, from specific (levels[0]) to general."""

    phrase: str
    kind: ChainKind
    levels: list[Level]
    readings: list[Reading] = field(default_factory=list)
    reading: str | None = None  # key of the reading the chain follows
    suppressible: bool = True
    widest_default: int | None = None  # the widest degree groups get by default, when set

    @property
    def height(self) -> int:
        """L, the highest degree of the chain."""
        return len(self.levels) - 1


class ChainBuilder(Protocol):
    """Builds the chain of one spelling of a phrase, or None when it does not know the phrase.

    `anchors` are the places the message and profile point to, `reading` a forced
    interpretation (a `Reading.key`), `context` the message and profile words, `category` the
    phrase's category (the WordNet builder takes only senses of kinds it names)."""

    def __call__(
        self, text: str, anchors: list[Place], reading: str | None, context: str, *, category: str
    ) -> Chain | None: ...


# --- public entry point ---------------------------------------------------------------------


def generalization_chain(
    phrase: Phrase, *, context_text: str, profile: Profile, reading: str | None = None
) -> Chain:
    """The chain of generalizations of `phrase` in its message.

    `reading` (a `Reading.key` from an earlier chain) forces another interpretation of an
    ambiguous name. A phrase with no known generalization gets a one-level chain.
    """
    if not isinstance(phrase, Phrase):
        raise ValueError("phrase must be a Phrase")
    chain = _named_on_street_chain(phrase, context_text, profile)
    if chain is None:
        chain = _chain_of(phrase, context_text=context_text, profile=profile, reading=reading)
    return _as_spoken(_at_work(chain, phrase, context_text or ""), phrase, context_text or "")


# A workplace named with the street it stands on ("the Esso on Portage", "the Timmies on
# Wellington"); a phrase with a comma names its area too and goes its own way
ON_STREET = re.compile(r"^(?P<name>(?:the\s+)?[A-Z][^,]*?)\s+on\s+[A-Z][^,]*$")


def _named_on_street_chain(phrase: Phrase, context_text: str, profile: Profile) -> Chain | None:
    """The chain of the business's name alone, said for the whole phrase: the street is the
    business's, and it goes with the name ("a portage" is no wording of a petrol station)."""
    match = ON_STREET.match(phrase.text)
    if match is None or phrase.category != Category.WORK:
        return None  # (a café one sits in is no "restaurant chain": places go their own way)
    name = match["name"]
    part = replace(phrase, end=phrase.start + len(name), text=name)
    chain = _chain_of(part, context_text=context_text, profile=profile)
    if len(chain.levels) < 2:
        return None
    first = replace(chain.levels[0], text=phrase.text, label=phrase.text)
    return replace(chain, phrase=phrase.text, levels=[first, *chain.levels[1:]])


# "at Tesco", "my boss at Google", "last day at Sky": the workplace said where one works;
# not after starting or joining ("starting at work" says nothing true of a new job)
AT_WORKPLACE = re.compile(r"\b(?:at|from)\s+(?:the\s+)?$", re.IGNORECASE)
NOT_AT_WORK = re.compile(
    r"\b(?:start\w*|join\w*|interview\w*|appl\w*|offer|hired|moving|move|switch\w*|internship|"
    r"job|role|position|contract|placement)"
    r"\s+(?:\w+\s+){0,3}$",
    re.IGNORECASE,
)


def _said_at_work(before: str) -> bool:
    """The text before a workplace says the author works there ("my shift at", "8 years at"),
    not that they join, leave or apply to it ("new job at", "applied to")."""
    at = AT_WORKPLACE.search(before)
    return at is not None and not NOT_AT_WORK.search(before[: at.start()])


# A site noun after an employer's name, past the name of where it is: "at work branch" would not
# read
SITE_AFTER = re.compile(
    r"(?:\s+[A-Z][\w'’-]*)?\s+(?:branch|office|offices|campus|plant|factory|site|store|depot|"
    r"warehouse|outlet|location)\b"
)


def _at_work(chain: Chain, phrase: Phrase, context_text: str) -> Chain:
    """A workplace said with "at" ends on "work" ("at Shell" -> ... -> "at a company" -> "at
    work"): it says only that the author works, which the sentence already says."""
    if (
        chain.levels[-1].label == "work"
        or phrase.category != Category.WORK
        or chain.kind != ChainKind.ORGANISATION
        or len(chain.levels) < 2
        or not _said_at_work(context_text[: phrase.start])
        or SITE_AFTER.match(context_text, phrase.end)  # "at [Access Bank] Yaba branch"
    ):
        return chain
    level = Level("work", len(chain.levels), None, None, LevelSource.TYPE, "work")
    return replace(chain, levels=[*chain.levels, level])


# "I speak broken both and fluent Brummie", "speaks Scouse": a people's word said as its speech
SPOKEN_BEFORE = re.compile(
    r"\b(?:speak|speaks|speaking|spoke|spoken|fluent|fluently)(?:\s+[\w'’-]+){0,3}?\s+$",
    re.IGNORECASE,
)


def _is_language(word: str) -> bool:
    """Whether a word names a language: one the family ladders know, or a WordNet language."""
    word = word.strip()
    return word.casefold() in language_ladders() or any(
        _under(s, LANGUAGE_ROOT) for s in wordnet().synsets(word.lower(), pos="n")
    )


def _as_spoken(chain: Chain, phrase: Phrase, context_text: str) -> Chain:
    """A people's word said as a way of speaking keeps only the wider words that are languages
    ("fluent Brummie" -> "fluent English", never "fluent British" or "fluent European")."""
    if phrase.category != Category.ETHNICITY or not SPOKEN_BEFORE.search(
        context_text[: phrase.start]
    ):
        return chain
    kept = [level for level in chain.levels[1:] if _is_language(level.label or level.text)]
    levels = [chain.levels[0], *(replace(level, degree=i + 1) for i, level in enumerate(kept))]
    return replace(chain, levels=levels)


def _chain_of(
    phrase: Phrase, *, context_text: str, profile: Profile, reading: str | None = None
) -> Chain:
    profile = Profile.coerce(profile)
    text = phrase.text.strip()
    if not text:
        raise ValueError("cannot generalize an empty phrase")
    kin = _kinship_chain(text)
    if kin is not None and reading is None:
        if VOCATIVE_BEFORE.search((context_text or "")[: phrase.start]) and re.match(
            r"\s*(?:$|[,.!?]|[^\w\s])", (context_text or "")[phrase.end :]
        ):
            # "love you mum, see you soon": spoken to, not of ("love you parent" would not read)
            return Chain(
                text, ChainKind.NONE, [Level(text, 0, None, 1, LevelSource.ORIGINAL, text)]
            )
        if kin.levels[-1].text == "family" and _one_persons_event(
            context_text or "", phrase.start, phrase.end
        ):
            # "my grandad passed away" -> "my relative passed away", never "my family passed
            # away": what happens to one person is not the family's
            kin = replace(kin, levels=[*kin.levels[:-1], replace(kin.levels[-1], text="relative")])
        if (
            kin.levels[-1].text == "family"
            and not is_plural(text)
            and THE_BEFORE_KIN.search((context_text or "")[: phrase.start])
        ):
            # "the best dad in the world" -> "the best family member", never "the best family"
            member = replace(kin.levels[-1], text="family member")
            kin = replace(kin, levels=[*kin.levels[:-1], member])
        if (
            _kin_as_name(context_text or "", phrase.start, phrase.end)
            or _kin_as_object(context_text or "", phrase.start, phrase.end)
            or _kin_as_owner(context_text or "", phrase.start, phrase.end)
        ):
            # "mum cried, dad hugged me" -> "my parent cried, my parent hugged me"; "since we
            # lost dad" -> "since we lost our parent"
            owner = "our" if WE_BEFORE.search((context_text or "")[: phrase.start]) else "my"
            kin = replace(
                kin,
                levels=[kin.levels[0]]
                + [replace(lv, text=f"{owner} {lv.text}") for lv in kin.levels[1:]],
            )
        if phrase.category == Category.GENDER and kin.height > 1:
            # "dad" -> "parent" hides the gender the phrase discloses; "family" says less and
            # stays in the review ("my parent's cooking", not "my family's cooking", by default)
            kin = replace(kin, widest_default=1)
        return kin
    bare_worship = (
        phrase.category == Category.RELIGION
        and text.casefold() in WORSHIP_PLACES
        and text.islower()
        and BARE_SERVICE_BEFORE.search((context_text or "")[: phrase.start]) is not None
    )
    if bare_worship and _modifies_noun_after(context_text or "", phrase.end):
        # "water fights and temple visits": a kind of visit, which no wording of the building
        # describes ("a service visits", "place of worship visits")
        return Chain(text, ChainKind.NONE, [Level(text, 0, None, 1, LevelSource.ORIGINAL, text)])
    if bare_worship:
        # "after church", "church at midnight": with no article, the service, not the building
        return _ladder_chain(text, ChainKind.NOUN, [("a service", "service")])
    if (
        phrase.category == Category.HEALTH
        and text.casefold() in PRACTICE_AND_PRACTITIONER
        and PERSON_DETERMINER_BEFORE.search((context_text or "")[: phrase.start])
    ):
        # "anyone know a good physio?", "my physio says": the person, not the treatment
        return _ladder_chain(text, ChainKind.NOUN, [("health professional", "health professional")])
    if re.fullmatch(r"(?:the\s+)?ward\s+[\w-]{1,4}", text, re.IGNORECASE):
        # "the nurses on Ward 12" -> "on the ward" ("on the hospital" would not read)
        return _ladder_chain(text, ChainKind.NOUN, [("the ward", "ward")])
    if reading is None and phrase.category in CATEGORY_CHAINS:
        own = CATEGORY_CHAINS[phrase.category](text)
        if own is not None:
            return own
    as_name = _used_as_name(phrase, context_text or "")
    if phrase.category == Category.HEALTH and not as_name and reading is None:
        health = _health_chain(text)
        if health is not None:
            return health
    anchors = _anchors(context_text, profile, exclude=text)
    context = " ".join([context_text or "", *(value for _, value in profile.items())])
    if phrase.category == Category.EDUCATION and re.fullmatch(LETTER_GRADES, text.strip()):
        return _ladder_chain(text, ChainKind.NOUN, [("my grades", "grades")])  # "AAB!!"
    if phrase.category == Category.EDUCATION and reading is None:
        city = _major_city_named(text) if not text.isupper() else None
        if city is not None and city.name.casefold() == text.casefold():
            # "got into Edinburgh to study vet medicine": the city's university, which
            # identification read ("Scotland" would say where, not what)
            return _city_university_chain(text, city, uni=_says_uni([*anchors, city], context))
    if phrase.category == Category.LOCATION and reading is None:
        county = _county_chain(text, anchors)
        if county is not None:
            return county
    kinds = [k for k in builder_order(phrase) if not (k == ChainKind.NOUN and as_name)]
    # (a name is never read as a common noun: "at Siemens" is no unit of measurement)
    if phrase.category in PEOPLE_CATEGORIES:
        # "to meet Ima and Abba": a family word or a person is no town ("the Central African
        # Republic") and no company
        kinds = [k for k in kinds if k not in (ChainKind.PLACE, ChainKind.ORGANISATION)]
    # "we live in Cambridge": a known town after "in", "from" or "to" said as where one is, is
    # the town, never its university ("we live in a university in England")
    a_town_where = (
        phrase.category == Category.LOCATION
        and _after_place_word(phrase, context_text or "", IN_WORDS | {"from", "to"})
        and bool(places.lookup(text))
    )
    if (
        a_town_where
        or _after_place_word(phrase, context_text or "", NEAR_WORDS)
        or INSTITUTION_IN.search((context_text or "")[: phrase.start])
    ):
        # "around BGC", "near Canary Wharf", "at St. Luke's in BGC": a place, whatever company
        # shares its name
        kinds = [k for k in kinds if k != ChainKind.ORGANISATION]
    if SAINTS_INSTITUTION.fullmatch(text) and reading is None:
        # "St Anne's" is a church, school or hospital, never the town "St Anne"
        kinds = [k for k in kinds if k != ChainKind.PLACE]
    for variant, suffix in _variants(text):
        for kind in kinds:
            chosen = reading
            if chosen is None and kind == ChainKind.PLACE:
                chosen = _identified_reading(phrase, variant)
                identified = places.get(chosen) if chosen else None
                if identified is not None and _far_from_context(identified, anchors):
                    chosen = None  # a housing estate in Hong Kong is no "Sky Tower" in Auckland
            chain = CHAIN_BUILDERS[kind](
                variant, anchors, chosen, context, category=phrase.category
            )
            if chain is not None and reading is None and kind == ChainKind.PLACE:
                chain = _unrivalled(chain, variant)
            if chain is not None and len(chain.levels) > 1:
                return _as_written(chain, text, suffix)
    located = _located_chain(text, anchors, phrase.category) or _place_modified_chain(text, anchors)
    if located is not None:
        return located
    placed = re.match(r"\s+(?:in|at|near|outside)\s+[A-Z]", (context_text or "")[phrase.end :])
    # ("the Amazon warehouse in Tilbury" is in Tilbury, not in the author's town)
    home = None if placed else _home_city(profile, anchors, context_text)
    # "walked along Brighton Pier": the pier itself, never "along England"
    along = ALONG_BEFORE.search((context_text or "")[: phrase.start]) is not None
    facility = _facility_chain(text, phrase.category, home, anchors, along=along)
    if facility is not None:
        return facility
    city = _major_city_named(text)
    if city is not None and as_name:
        # "an offer from Edinburgh": an institution of the city, whatever its kind, is in it;
        # "a company" would be a guess, and false of its university
        return Chain(
            text,
            ChainKind.PLACE,
            _dedupe(_place_levels(city, text)),
            [Reading(city.key, describe(city))],
            city.key,
        )
    if (
        as_name
        and phrase.category in INSTITUTION_KINDS
        and text.split()[-1].lower().rstrip(".") not in STREET_WORDS | STREET_ABBREVIATIONS
        and not _after_place_word(phrase, context_text or "", IN_WORDS)
        and not _an_adjective(text)
        and not POLITICAL_EVENTS & set(text.lower().split())
    ):
        return _institution_chain(
            text,
            phrase.category,
            context_text or "",
            (context_text or "")[: phrase.start],
            uni=_says_uni(anchors, context),
        )
    return Chain(text, ChainKind.NONE, [Level(text, 0, None, 1, LevelSource.ORIGINAL, text)])


# Categories of people and their ties, whose phrases are never read as places or companies
PEOPLE_CATEGORIES = frozenset(
    {Category.GENDER, Category.RELATIONSHIP, Category.IDENTITY, Category.AGE}
)


# Words for a treatment that also name the one who gives it ("my physio says")
PRACTICE_AND_PRACTITIONER = frozenset(
    {"physio", "chiro", "osteo", "psych", "counsellor", "dentist", "optician", "orthodontist", "gp"}
)
PERSON_DETERMINER_BEFORE = re.compile(
    r"\b(?:a|an|my|your|our|his|her|their)\s+(?:(?:good|new|old|great|amazing|lovely)\s+)?$",
    re.IGNORECASE,
)  # ("the dentist" is where one goes: an appointment)


# Where English says "uni" for university (Britain, Ireland, Australia, New Zealand, much of
# Africa and South Asia); North Americans say "college" or "school"
UNI_COUNTRIES = frozenset(
    {"GB", "IE", "AU", "NZ", "NG", "KE", "GH", "ZA", "UG", "TZ", "ZW", "IN", "PK", "LK", "MY", "SG"}
)


def _says_uni(anchors: list[Place], context: str = "") -> bool:
    """Whether the author says "uni": in the message itself, or the places of the message and
    profile (a university's own city included: "University of Nairobi") are all where people
    say it."""
    if re.search(r"\buni\b", context, re.IGNORECASE):
        return True
    found = list(anchors)
    for name in re.findall(r"\bUniversity of ([A-Z][\w'’-]+(?: [A-Z][\w'’-]+)?)", context):
        readings = [p for p in places.lookup(name) if p.kind == "city"]
        found += readings[:1] if readings and _dominant(readings, PROFILE_DOMINANCE) else []
    codes = {p.country_code for p in found if p.country_code}
    return bool(codes) and codes <= UNI_COUNTRIES


def _modifies_noun_after(text: str, end: int) -> bool:
    """The word ends where a noun it describes follows ("temple visits", "church hall")."""
    if not re.match(r" [a-z]", text[end : end + 2]):
        return False
    following = next((t for t in parse(text) if t.idx > end), None)
    # ("visits" is often parsed as a verb there)
    return following is not None and following.tag_ in ("NN", "NNS", "VBZ")


# What may stand before such a word said bare: a sentence or clause start, or a preposition or
# verb of going ("after church", "🕯️ church at midnight"), never a name or adjective
BARE_SERVICE_BEFORE = re.compile(
    r"(?:^|[.!?,;:\n]|[^\w\s]|\b(?:at|to|after|before|from|missed|skipped|then|and|for|in))\s*$",
    re.IGNORECASE,
)
# Places of worship named as the service one goes to when said with no article ("after church")
WORSHIP_PLACES = frozenset(
    {"church", "mosque", "masjid", "temple", "shul", "synagogue", "mandir", "gurdwara"}
)


# What a named institution is when nothing more is known of it: its kind, from its category.
INSTITUTION_KINDS: dict[str, str] = {  # by Category
    Category.WORK: "company",
    Category.EDUCATION: "school",
    Category.HEALTH: "hospital",
    Category.RELIGION: "place of worship",
    Category.POLITICS: "political party",
}


# Words before a name that make it a place: "the call centre in Ortigas" is no company and "my
# students in Ba Đình" no school; "around BGC" is no bank ("working in Infosys" is said too, so
# "in" only stops the guess of an institution's kind, not a listed company).
NEAR_WORDS = frozenset({"around", "near", "outside", "across", "through", "round"})
IN_WORDS = NEAR_WORDS | {"in"}


# A named institution and "in" right before a name: the name is where it is
INSTITUTION_IN = re.compile(r"\bat\s+(?:the\s+)?[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*)*\s+in\s+$")


def _after_place_word(phrase: Phrase, context_text: str, words: frozenset[str]) -> bool:
    before = context_text[: phrase.start].split()
    return bool(before) and before[-1].lower() in words


# Words of a campaign's or movement's name: never a party's
CAMPAIGN_NAME = re.compile(
    r"\b(?:rebellion|movement|campaign|coalition|collective|network|action|matter|"
    r"watch|now|society|association|alliance for|friends of|stop|save)\b",
    re.IGNORECASE,
)
# A political name with one of these words is an event, not a party ("the March for Life").
POLITICAL_EVENTS = frozenset(
    {"march", "rally", "protest", "vigil", "strike", "hustings", "referendum", "election"}
    | {"demo", "demonstration", "walkout", "picket", "petition", "debate", "campaign"}
)


def is_adjective(word: str) -> bool:
    """Whether English uses the word as an adjective (WordNet's adjectives, satellites included):
    "Hindu", "Catholic", "Spanish" name a faith or a people, not an institution or a person."""
    return bool(wordnet().synsets(word.strip().lower(), pos="a"))


def _an_adjective(text: str) -> bool:
    """One word English uses as an adjective: not an institution's name, whatever its capital."""
    return " " not in text.strip() and is_adjective(text)


# A clinic's own treatment said right before its name ("physio at Kingsland")
CLINIC_BEFORE = re.compile(
    r"\b(?:physio|physiotherapy|dentist|dental|counselling|therapy|osteo|chiro)\s+(?:at|in)\s+"
    r"(?:the\s+)?$",
    re.IGNORECASE,
)
# Chains of chemists people get jabs and prescriptions at (written for osnguard)
PHARMACY_CHAINS = frozenset(
    {"boots", "superdrug", "lloyds pharmacy", "lloydspharmacy", "well pharmacy", "rowlands",
     "walgreens", "cvs", "rite aid", "shoppers drug mart", "chemist warehouse", "priceline",
     "dis-chem", "clicks", "watsons", "guardian", "mercury drug"}
)  # fmt: skip
PHARMACY = re.compile(r"\b(?:pharmacy|chemist|chemists|drugstore)\b", re.IGNORECASE)
CLINIC_WORDS = re.compile(
    r"\b(?:clinic|physio|physiotherapy|practice|surgery|medical cent(?:re|er)|health cent(?:re|er)|"
    r"gic|dental|dentist|opticians?|hospice)\b",
    re.IGNORECASE,
)


# A party or political group by its initials ("ODM", "the DMK")
POLITICAL_INITIALS = re.compile(r"(?:the\s+)?[A-Z]{2,5}")
# Words that make a political name a party ("voted for the DMK")
PARTY_CONTEXT = re.compile(r"\b(?:vot\w*|party|elect\w*|manifesto|ballot|polls?|mp|mla)\b", re.I)

# A school that is a university, by its name ("UNILAG", "UoN", "Trinity College") or the sentence
# around it ("a lecture at UoN", "graduated from Trinity", "my PhD at Deakin").
UNIVERSITY_NAME = re.compile(
    r"^(?:the\s+)?U[A-Z]{1,5}$|^(?:the\s+)?U(?:o|of)[A-Z]\w*$|\b(?:uni|university|college|"
    r"institute)\b|^(?-i:IIT|NIT|IIM|IIIT|IISER|AIIMS|BITS|IISc)\b",  # India's institutes
    re.IGNORECASE,
)
# a polytechnic is a college, not always a university ("Ngee Ann Poly")
POLYTECHNIC_NAME = re.compile(r"\bpoly(?:technic)?\b", re.IGNORECASE)
UNIVERSITY_CONTEXT = re.compile(
    r"\b(?:degree|graduat\w*|lectures?|lecturer|campus|semester|ph\.?d|dphil|masters?|msc|ba|bsc|"
    r"undergrad\w*|postgrad\w*|dissertation|thesis|uni|university|fresher\w*|professor|modules?|"
    r"tuition|scholarship|alumni|alma mater|dorm|halls)\b",
    re.IGNORECASE,
)


# "the best dad", "the proudest mum": one person after "the" and a word or two
THE_BEFORE_KIN = re.compile(r"\b[Tt]he\s+(?:[\w-]+\s+){0,2}$")


# Words of a sentence in which a health service named bare is a support service, no hospital
SUPPORT_CONTEXT = re.compile(
    r"\b(?:counsell?ing|counsell?or|support group|helpline|charity|recovery|"
    r"addiction|sober|sobriety|marriage|bereavement)\b",
    re.IGNORECASE,
)


# Charities people name for the support they give, which are no hospitals ("the team at
# Maggie's"); written for osnguard from general knowledge
SUPPORT_CHARITIES = frozenset(
    {
        "maggie's", "maggies", "macmillan", "marie curie", "samaritans", "cruse", "relate",
        "beyond blue", "headspace", "lifeline", "pieta", "pieta house", "jigsaw", "aware",
        "mind", "shelter", "refuge", "sands", "tommy's", "winston's wish",
    }
)  # fmt: skip


def _support_service(text: str, context: str) -> bool:
    """ "Relate", "Mind", "Cruse": one capitalised name with no article, saint or hospital word,
    said in a sentence of counselling or recovery; or a support charity of `SUPPORT_CHARITIES`
    ("Maggie's") wherever it is said."""
    name = text.strip()
    if re.sub(r"^the\s+", "", name, flags=re.IGNORECASE).casefold() in SUPPORT_CHARITIES:
        return True
    return (
        " " not in name
        and name[:1].isupper()
        and not CLINIC_WORDS.search(name)
        and bool(SUPPORT_CONTEXT.search(context.replace(name, " ")))
    )


# The kind of school a name's last word says ("Oakfield Primary", "Maple Grove Elementary")
SCHOOL_KIND_BY_LAST_WORD: Mapping[str, str] = MappingProxyType(
    {
        "primary": "primary school", "elementary": "elementary school", "infants": "infant school",
        "juniors": "junior school", "secondary": "secondary school", "high": "high school",
        "grammar": "grammar school", "comprehensive": "secondary school", "ns": "primary school",
    }
)  # fmt: skip


def _institution_chain(
    text: str, category: Category, context: str = "", before: str = "", *, uni: bool = False
) -> Chain:
    """ "Siemens" (work) -> "a company"; "the Marsden" (health) -> "the hospital"; "UNILAG" or
    "a lecture at UoN" (education) -> "a university": a true, if vague, statement, where
    WordNet's senses of the name would be false ("a unit of measurement")."""
    kind = INSTITUTION_KINDS[category]
    if (
        category == Category.POLITICS
        and POLITICAL_INITIALS.fullmatch(text.strip())
        and not text.strip().endswith("P")
        and not PARTY_CONTEXT.search(context)
    ):
        kind = "political group"  # "the DSA": initials alone do not say it is a party
    if category == Category.POLITICS and CAMPAIGN_NAME.search(text):
        kind = "campaign group"  # "Extinction Rebellion", "Black Lives Matter": no party
    if category == Category.EDUCATION and (
        UNIVERSITY_NAME.search(text.strip())
        or UNIVERSITY_CONTEXT.search(context.replace(text, " "))
    ):
        kind = "university"
    if category == Category.EDUCATION and POLYTECHNIC_NAME.search(text):
        kind = "college"
    school = SCHOOL_KIND_BY_LAST_WORD.get(text.strip().split()[-1].lower())
    if re.search(r"\b(?:specialist|special)\s+school$", text.strip(), re.IGNORECASE):
        school = "specialist school"  # "Oak Tree specialist school" -> "a specialist school"
    if category == Category.EDUCATION and school and not UNIVERSITY_NAME.search(text.strip()):
        # "Oakfield Primary" -> "a primary school" -> "a school"; "got into Manchester
        # Grammar" is a school, whatever "got into" says of universities
        kind = school
    if category == Category.HEALTH and _support_service(text, context):
        # "Counselling at Relate": a service named bare, in a sentence of counselling or
        # recovery, is no hospital
        return _ladder_chain(
            text,
            ChainKind.ORGANISATION,
            [("a support service", "support service"), ("support", "support")],
        )
    if category == Category.HEALTH:
        # the one a patient goes to, as people say it: "at the hospital", "the clinic"
        # "Kingsland Physio" is no hospital, nor is "physio at Kingsland"
        clinic = CLINIC_WORDS.search(text) or CLINIC_BEFORE.search(before)
        kind = "clinic" if clinic else kind
        if PHARMACY.search(text) or text.strip().lower().removeprefix("the ") in PHARMACY_CHAINS:
            kind = "pharmacy"  # "a booster at Superdrug": no hospital
        return _ladder_chain(text, ChainKind.ORGANISATION, [(f"the {kind}", kind)])
    if category == Category.RELIGION and is_plural(text.rsplit(maxsplit=1)[-1]):
        kind = "religious group"  # "left the Jehovah's Witnesses": a body of people, no building
    city = _trailing_city(text)
    if category == Category.WORK and _said_at_work(before):
        # "shifts at St James's", "closing shift at Dunnes", "night shift at Royal Perth": "a
        # company" would be a guess (and false of a hospital, a school, a council), in its city
        # or not; that the author works there is not
        return _ladder_chain(text, ChainKind.ORGANISATION, [("work", "work")])
    steps = [(f"{indefinite_article(kind)} {kind}", kind)]
    if kind != INSTITUTION_KINDS[category] and kind.endswith(" school"):
        steps.append(("a school", "school"))
    if city is not None:
        # "Hillsong Brisbane" -> "a place of worship in Brisbane" -> "a place of worship"
        steps.insert(0, (f"{indefinite_article(kind)} {kind} in {place_text(city)}", kind))
    if (kind == "university" or kind.endswith("school")) and re.search(
        r"\b(?:at|from|to)\s+$", before, re.IGNORECASE
    ):
        bare = "school" if kind.endswith("school") else kind
        steps.append((bare, bare))  # "graduated from university", "starts at school"
    if kind == "university" and uni:
        # "lecture at UoN" -> "lecture at uni", as a student in Nairobi or Manchester says it
        steps = [*(step for step in steps if step[0] != "university"), ("uni", "university")]
    return _ladder_chain(text, ChainKind.ORGANISATION, steps)


def _trailing_city(text: str) -> Place | None:
    """The city an institution's name ends with ("Hillsong Brisbane", "Google Dublin"), when
    the gazetteer reads it one way and it is a city of 100,000 people or more."""
    words = text.split()
    for size in (2, 1):
        if len(words) <= size:
            continue
        found = [p for p in places.lookup(" ".join(words[-size:])) if p.kind == "city"]
        if found and _dominant(found, PROFILE_DOMINANCE) and (found[0].population or 0) >= 100_000:
            return found[0]
    return None


# A name ending in one of these kinds of thing is one ("Third Mainland Bridge" is a bridge).
FACILITY_ROOTS = frozenset(
    {
        "structure.n.01",
        "facility.n.01",
        "thoroughfare.n.01",
        "road.n.01",
        "place_of_business.n.01",
        "building.n.01",
        "body_of_water.n.01",
        "platform.n.01",
    }
)
NATURAL_AREAS = frozenset({"geological_formation.n.01", "tract.n.01", "geographical_area.n.01"})
# Landforms that name no district ("Table Mountain"), unlike hills, parks and heaths
LANDFORM_HEADS = frozenset({"mountain", "volcano", "glacier", "canyon", "waterfall"})
# Kinds of place that house an institution, which may then be named by its kind
PREMISES = frozenset({"building.n.01", "place_of_business.n.01"})
NOT_A_FACILITY_HEAD = frozenset(
    {"house", "hall", "center", "centre", "ward", "office", "club", "terrace", "rail", "rails"}
)
# (a dorm, a venue, an organisation, a railway company ("Network Rail"): the word alone would
# say what the place is not)


# Capitalised last words that are parts of names more than kinds of place ("Ponds Forge" is a
# pool, "Canary Wharf" a business district, "Covent Garden" a district)
NAME_PART_HEADS = frozenset(
    {"forge", "wharf", "works", "mill", "mills", "yard", "exchange", "garden", "gate", "cross",
     "point", "circus", "arches", "foundry", "depot", "warehouse"}
)  # fmt: skip

# Capitalised last words that name an institution used as a patient, pupil or worshipper, not a
# kind of place ("Tata Memorial", "Northwestern Memorial" are hospitals)
INSTITUTION_NAME_HEADS = frozenset({"memorial"})


ALONG_BEFORE = re.compile(
    r"\b(?:along|across|over|around|the length of|up|down|on|onto|off)\s+(?:the\s+)?$",
    re.IGNORECASE,
)


def _facility_chain(
    text: str,
    category: str,
    city: Place | None = None,
    anchors: Sequence[Place] = (),
    *,
    along: bool = False,
) -> Chain | None:
    """ "Third Mainland Bridge" -> "a bridge"; "the North Cathedral" (religion) -> "a cathedral"
    -> "a place of worship": a name whose last word is a kind of place (WordNet: a structure,
    facility, building, road...) names one, whatever else is known of it.

    A name that starts with a city is in it ("Brighton Pier" -> "Brighton" -> its wider
    places, unless the post's other places (`anchors`) are all in other countries); otherwise
    `city`, where the author is (`_home_city`), places it: a street is said by its city ("Barrow
    Street" -> "Dublin"), anything else is "a bridge in Lagos"."""
    if "," in text:
        return None  # an address: identifiers.py
    words = re.sub(r"^the\s+", "", text, flags=re.IGNORECASE).split()
    if len(words) < 2 or not any(w[:1].isupper() for w in words[:-1]):
        return None
    head = unicodedata.normalize("NFKD", words[-1].lower())
    head = "".join(ch for ch in head if not unicodedata.combining(ch))
    if head in NOT_A_FACILITY_HEAD or not head.isalpha() or is_plural(head):
        return None
    if head in LANDFORM_HEADS:
        # "Table Mountain" -> "a mountain": no district is named so, and no city is assumed
        # (a mountain is often where one travels)
        return _ladder_chain(
            text, ChainKind.ORGANISATION, [(f"{indefinite_article(head)} {head}", head)]
        )
    senses = wordnet().synsets(head, pos="n")[:3]
    if words[-1][:1].isupper() and senses and senses[0].instance_hypernyms():
        return None  # "the Royal Victoria": a name's name (Queen Victoria), no carriage
    if not senses or _under(senses[0], NATURAL_AREAS):
        return None  # "Camp Hill", "Holland Park": a hill or a park first, and areas are named so
    if not any(_under(synset, FACILITY_ROOTS) for synset in senses):
        return None
    if words[-1][:1].isupper() and head in NAME_PART_HEADS - STREET_WORDS:
        return None  # "Ponds Forge" (a pool), "Canary Wharf": a capitalised head is the name's
    if words[-1][:1].isupper() and head in INSTITUTION_NAME_HEADS and category in INSTITUTION_KINDS:
        return None  # "chemo at Tata Memorial": a hospital's name, no memorial
    word = words[-1].lower()
    named = None if head in STREET_WORDS else _city_named_in(words[:-1])
    if named is not None and city is not None and named.country_code != city.country_code:
        named = None  # "Victoria Station" for someone in London is no station in Canada
    if along:
        named = None  # the facility one moves along is said by its kind ("along a pier")
    countries = {p.country_code for p in anchors if p.country_code}
    if named is not None and countries and named.country_code not in countries:
        # "Alexandra Palace ... then back to Wood Green": the post is in London, not Johannesburg
        named = None
    if named is not None:
        return _in_city_chain(text, named)  # "Brighton Pier" -> "Brighton", then wider
    if city is not None and head in STREET_WORDS:
        # "Barrow Street here I come" -> "Dublin here I come"
        return Chain(
            text,
            ChainKind.PLACE,
            [
                Level(text, 0, None, 1, LevelSource.ORIGINAL, text, city.key),
                Level(
                    place_text(city),
                    1,
                    city.population,
                    place_k(city),
                    LevelSource.GEONAMES,
                    city.name,
                    city.key,
                ),
            ],
            [Reading(city.key, describe(city))],
            city.key,
        )
    if head in STREET_WORDS:
        return None  # "on Elm Road" with no city to say it by: taken out, never "on a road"
    steps = [(f"{indefinite_article(word)} {word}", word)]
    if city is not None:
        steps.insert(0, (f"{indefinite_article(word)} {word} in {place_text(city)}", word))
    kind = INSTITUTION_KINDS.get(category)
    if kind and kind != head and any(_under(synset, PREMISES) for synset in senses):
        # a building an institution keeps ("a cathedral" -> "a place of worship"); a sea, a
        # bridge or a research station is no company, whoever works there
        steps.append((f"{indefinite_article(kind)} {kind}", kind))
    return _ladder_chain(text, ChainKind.ORGANISATION, steps)


STREET_WORDS = frozenset({"street", "road", "avenue", "quay", "lane", "terrace", "boulevard"})
STREET_ABBREVIATIONS = frozenset({"st", "rd", "ave", "ln", "blvd"})  # a street is no institution


def _city_named_in(words: list[str]) -> Place | None:
    """The city a facility's name starts with ("Brighton Pier", "Aberdeen heliport"), when the
    gazetteer reads the words one way and the place has 50,000 people or more."""
    name = " ".join(words)
    found = places.lookup(name)
    if any(p.kind == "country" for p in found):
        return None  # "Jamaica Pond" (Boston) is no pond in Jamaica, nor in Jamaica, Queens
    readings = [p for p in found if p.kind == "city"]
    if (
        not readings
        or not _dominant(readings, PROFILE_DOMINANCE)
        or (readings[0].population or 0) < NAMED_CITY_MIN
    ):
        return None
    return readings[0]


NAMED_CITY_MIN = 50_000


NEARBY_KM = 50


def _home_city(profile: Profile, anchors: list[Place], context_text: str | None) -> Place | None:
    """Where the author is, for a facility named without its place: the profile's city
    (current, else hometown), unless the message names a city outside it ("Happy Christmas
    from Cork" from a Londoner: the cathedral is in Cork, not London)."""
    for key in ("current_city", "hometown"):
        for name in profile.values.get(key, ()):
            found = [p for p in places.lookup(name) if p.kind == "city"]
            if not found or not _dominant(found, PROFILE_DOMINANCE):
                continue
            home = found[0]
            elsewhere = [
                p
                for p in anchors
                if p.kind == "city"
                and p.key != home.key
                and p.name in (context_text or "")
                and not places.contains(home, p)
                and not ((d := places.distance_km(home, p)) is not None and d <= NEARBY_KM)
            ]  # ("the DART from Bray" is still a Dubliner's commute)
            return None if elsewhere else home
    return None


LOCATED = re.compile(
    r"^(?:(?:the|a|an|my|our)\s+)?(?P<kind>(?:[A-Z][a-z]+\s+)?[A-Za-z]+)\s+in\s+(?P<where>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2})$"
)


PLACE_MODIFIED = re.compile(
    r"^(?P<det>the|my|our)\s+(?P<where>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)?)\s+(?P<noun>[a-z]+)$"
)


def _place_modified_chain(text: str, anchors: list[Place]) -> Chain | None:
    """ "the Salford newsroom" -> "the Manchester newsroom" -> "the newsroom in England" ->
    "the newsroom": a workplace named by the place it is in, the place widened, then dropped."""
    match = PLACE_MODIFIED.match(text)
    if match is None or match["noun"] not in PLACE_MODIFIED_NOUNS:
        return None
    readings = places.lookup(match["where"])
    if not readings:
        return None
    place = _choose_place(readings, anchors, None)
    if _far_from_context(place, anchors) or not (_dominant(readings) or anchors):
        return None
    det, noun = match["det"], match["noun"]
    steps: list[tuple[str, str]] = []
    # no region: "the office in Lesser Poland Voivodeship" reads as a form
    for level in _wider_levels(place, skip=("continent:", "area:", "region:")):
        if (level.place or "").startswith("city:") and " " not in level.text:
            steps.append((f"{det} {level.text} {noun}", f"{noun} in {level.label}"))
        else:
            steps.append((f"{det} {noun} in {level.text}", f"{noun} in {level.label}"))
    steps.append((f"{det} {noun}", noun))
    return _ladder_chain(text, ChainKind.ORGANISATION, steps)


# Workplaces people name by their town: "the Salford newsroom", "the Bangalore office"
_PLACE_MODIFIED_NOUNS = (
    "office newsroom campus branch plant factory site studio store shop warehouse depot lab "
    "hospital clinic school"
)
PLACE_MODIFIED_NOUNS = frozenset(_PLACE_MODIFIED_NOUNS.split())


def _located_chain(text: str, anchors: list[Place], category: str) -> Chain | None:
    """ "the Gurdwara in Southall" -> "a gurdwara in west London" -> "a gurdwara in London" ...
    -> "a gurdwara" (-> "a place of worship"): a kind of institution or building and the place it
    is in, the place widened along its own chain."""
    match = LOCATED.match(text)
    if match is None:
        return None
    kind = match["kind"].split()[-1].lower()
    known_kind = kind in ORG_TYPE_WORDS or kind in WORSHIP_PLACES or kind in PLACE_KIND_WORDS
    readings = places.lookup(match["where"])
    if not known_kind:
        return None
    place = _choose_place(readings, anchors, None) if readings else None
    if place is None or _far_from_context(place, anchors):
        if not match["where"][:1].isupper() or re.match(r"(?:the|a|an)\s", text, re.I):
            return None
        # "Our church in Wandsworth": a place the gazetteer lacks goes, the kind stays
        bare = match["kind"].lower() if match["kind"].islower() else kind
        return _ladder_chain(text, ChainKind.NOUN, [(bare, kind)])
    article = indefinite_article(kind)
    levels = [Level(text, 0, None, 1, LevelSource.ORIGINAL, text, place.key)]
    for level in _wider_levels(place):
        levels.append(
            Level(
                f"{article} {kind} in {level.text}",
                len(levels),
                None,
                None,
                LevelSource.TYPE,
                f"{kind} in {level.label}",
                level.place,
            )
        )
    steps = [(f"{article} {kind}", kind)]
    wider = INSTITUTION_KINDS.get(category)
    if kind in WORSHIP_PLACES and wider and wider != kind:
        steps.append((f"{indefinite_article(wider)} {wider}", wider))
    for wording, label in steps:
        levels.append(Level(wording, len(levels), None, None, LevelSource.TYPE, label))
    return Chain(text, ChainKind.ORGANISATION, levels)


# Buildings and venues a phrase may name with the place they are in ("the market in Coyoacán")
PLACE_KIND_WORDS = frozenset(
    {"gurdwara", "cathedral", "chapel", "market", "café", "cafe", "gym", "library", "station",
     "restaurant", "bar", "pub", "office", "clinic", "hospital", "school", "nursery", "stadium"}
)  # fmt: skip


def _under(synset: Any, roots: frozenset[str]) -> bool:
    """Whether the synset is one of `roots` or below one of them."""
    return synset.name() in roots or any(
        ancestor.name() in roots
        for ancestor in synset.closure(lambda s: s.hypernyms() + s.instance_hypernyms())
    )


def _ladder_chain(text: str, kind: ChainKind, steps: list[tuple[str, str]]) -> Chain:
    """A chain from fixed wordings (wording, label), most specific first after the phrase."""
    levels = [Level(text, 0, None, 1, LevelSource.ORIGINAL, text)]
    for wording, label in steps:
        if wording.casefold() == text.strip().casefold():
            continue  # "the Army" -> "the army" says the same
        levels.append(Level(wording, len(levels), None, None, LevelSource.TYPE, label))
    return Chain(text, kind, levels)


KINSHIP = Path(__file__).parent / "data" / "kinship.tsv"


@lru_cache(maxsize=1)
def language_ladders() -> dict[str, tuple[str, ...]]:
    """Language -> the family wordings before "a language" (`data/languages.tsv`)."""
    return _ladders(DATA_DIR / "languages.tsv")


@lru_cache(maxsize=1)
def kinship_ladders() -> dict[str, tuple[str, ...]]:
    """Family and partner word -> its neutral ladder (`data/kinship.tsv`)."""
    return _ladders(KINSHIP)


# Fixed ladders for words of a category, like the family words' (data/*.tsv, written for osnguard).
WORD_LADDER_FILES: Mapping[str, str] = MappingProxyType(
    {
        Category.RELIGION: "religion.tsv",  # "Jummah" -> "prayer", "imam" -> "religious leader"
        Category.EDUCATION: "education.tsv",  # "PhD" -> "postgraduate degree" -> "degree"
        Category.SEXUALITY: "sexuality.tsv",  # "gay" -> "LGBTQ+"
        Category.RELATIONSHIP: "relationship.tsv",  # "divorce" -> "separation"
        Category.HEALTH: "health.tsv",  # "IVF" -> "fertility treatment" -> "treatment"
        Category.POLITICS: "politics.tsv",  # "pro-choice march" -> "a march"
        Category.WORK: "work.tsv",  # "laid off" -> "let go", "junior dev" -> "developer"
        Category.FINANCE: "finance.tsv",  # "payday loan" -> "loan", "broke" -> "struggling"
        Category.GENDER: "gender.tsv",  # "woman" -> "person", "waitress" -> "server"
        Category.ETHNICITY: "ethnicity.tsv",  # "citizenship" -> "papers" -> "status"
    }
)
SUBJECT_DEGREE = re.compile(
    r"^(?:(a|an|my|her|his|their|the)\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+degree$", re.I
)


@lru_cache(maxsize=8)
def word_ladders(category: str) -> dict[str, tuple[str, ...]]:
    """Word -> its ladder for a category with a ladder file (`WORD_LADDER_FILES`)."""
    return _ladders(DATA_DIR / WORD_LADDER_FILES[category])


OWNER_BEFORE = re.compile(rf"(?:{'|'.join(sorted(POSSESSIVES))})\s+", re.IGNORECASE)
# Nouns for an occasion of something a ladder generalizes ("AA meeting", "physio session")
EVENT_NOUNS = frozenset({"meeting", "meetings", "session", "sessions", "class", "classes", "group"})
COUNTED_TERM = re.compile(
    r"(?:\d{1,3}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
    r"(?:weeks?|months?|days?|years?)\s+(?P<term>[a-z][\w' -]*)",
    re.IGNORECASE,
)
ORDINAL_EVENT = re.compile(
    r"\d{1,3}(?:st|nd|rd|th)\s+(?P<event>(?:wedding\s+)?anniversary|birthday|bday)", re.IGNORECASE
)


def _word_ladder_chain(text: str, *, category: str) -> Chain | None:
    """A category word's fixed ladder ("Umrah" -> "a pilgrimage" -> "a trip"), a possessive kept
    ("imam's" -> "religious leader's"); for education also a subject's degree ("an arts degree"
    -> "a degree": the subject goes, the determiner stays)."""
    word = text.strip()
    possessive = _POSSESSIVE.search(word)
    suffix = possessive.group(0) if possessive else ""
    key = _POSSESSIVE.sub("", word).casefold()
    ladder = word_ladders(category).get(key)
    if ladder is not None:
        return _ladder_chain(text, ChainKind.NOUN, [(step + suffix, step) for step in ladder])
    items = re.split(r"\s+(?:and|&)\s+|,\s*", key)
    shared = [word_ladders(category).get(item) for item in items] if len(items) > 1 else []
    if shared and all(shared) and len({ladder[0] for ladder in shared if ladder}) == 1:
        # "Flu jab and Covid booster" -> "jabs" -> "vaccines": what the items both are, plural
        # (never one word for the last of them: "Medication")
        steps = [_plural_of(re.sub(r"^(?:a|an) ", "", step)) for step in shared[0] or ()]
        return _ladder_chain(text, ChainKind.NOUN, [(step, step) for step in steps])
    owner = OWNER_BEFORE.match(key)
    if owner and (ladder := word_ladders(category).get(key[owner.end() :])) is not None:
        # "my consultant" -> "my doctor": the owner stays, the word climbs its own ladder
        said = word[: owner.end()]
        return _ladder_chain(
            text,
            ChainKind.NOUN,
            [(said + re.sub(r"^(?:a|an|the) ", "", step) + suffix, step) for step in ladder],
        )
    head = key.rsplit(" ", 1)
    if len(head) == 2 and head[1] in EVENT_NOUNS and head[0] in word_ladders(category):
        # "AA meeting" -> "support group meeting": the ladder of what the event is of
        noun = word.rsplit(" ", 1)[1]
        return _ladder_chain(
            text,
            ChainKind.NOUN,
            [
                (f"{re.sub(r'^(?:a|an) ', '', step)} {noun}", step)
                for step in word_ladders(category)[head[0]]
            ],
        )
    staged = COUNTED_TERM.fullmatch(word)
    if staged:
        # "12 weeks pregnant" -> "pregnant", "6 months sober" -> "sober": the count dates it
        term = staged.group("term")
        wider = word_ladders(category).get(term.casefold(), ())
        return _ladder_chain(text, ChainKind.NOUN, [(term, term), *((s, s) for s in wider)])
    counted = ORDINAL_EVENT.fullmatch(key)
    if counted:  # "5th anniversary" -> "anniversary": which one it is dates it
        event = word[counted.start("event") :]
        return _ladder_chain(text, ChainKind.NOUN, [(event, counted.group("event"))])
    if category == Category.WORK and (activity := _work_activity(word)) is not None:
        return activity
    subject = SUBJECT_DEGREE.match(word) if category == Category.EDUCATION else None
    if subject:
        determiner = subject.group(1)
        if determiner and determiner.lower() in ("a", "an"):
            determiner = "a"
        wording = f"{determiner} degree" if determiner else "degree"
        return _ladder_chain(text, ChainKind.NOUN, [(wording, "degree")])
    return None


# Gerunds that name a job on their own ("teaching 3rd grade" -> "teaching"); others need their
# object ("fixing cars" is not "fixing") and go straight to "working".
STANDALONE_GERUND_WORDS = (
    "teaching nursing driving cleaning coding tutoring farming fishing cooking bartending "
    "waitressing waiting modelling modeling acting writing consulting freelancing"
)
STANDALONE_GERUNDS = frozenset(STANDALONE_GERUND_WORDS.split())
_GERUND = re.compile(r"[a-z]{3,}ing")


def _work_activity(text: str) -> Chain | None:
    """A job said as an activity: "Tour guiding" -> "working"; "teaching 3rd grade" ->
    "teaching" -> "working"; "Grab driving" -> "driving" -> "working"."""
    words = text.split()
    if not 1 < len(words) <= 4:
        return None
    lowered = [w.lower() for w in words]
    gerunds = [i for i, w in enumerate(lowered) if _GERUND.fullmatch(w) and w != "working"]
    if not gerunds or gerunds[0] not in (0, len(words) - 1):
        return None
    if lowered[0] in ("the", "a", "an", "my", "our", "this", "that", "his", "her", "their"):
        return None  # "the building": a noun
    if gerunds[0] == 0 and is_person_noun(lowered[-1]):
        return None  # "teaching assistant", "nursing student": a role, said by its head noun
    gerund = lowered[gerunds[0]]
    steps = [(gerund, gerund)] if gerund in STANDALONE_GERUNDS else []
    steps.append(("working", "working"))
    return _ladder_chain(text, ChainKind.NOUN, steps)


def _ladders(path: Path) -> dict[str, tuple[str, ...]]:
    """A ladder file: `ladder` (steps joined by "|") and `words` (joined by "|"), tab-separated."""
    lines = [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    table: dict[str, tuple[str, ...]] = {}
    for row in csv.DictReader(lines, delimiter="\t"):
        ladder = tuple(step.strip() for step in row["ladder"].split("|"))
        for word in row["words"].split("|"):
            table[word.strip().casefold()] = ladder
    return table


VOCATIVE_BEFORE = re.compile(
    r"\b(?:you|u|ya|thanks|thank you|thx|hi|hey|hello|night|morning|bye|cheers|happy birthday|"
    r"happy mother's day|happy father's day|congrats)[\s,]+$",
    re.IGNORECASE,
)


# What happens to one person, not to a family ("passed away", "was born", "turned 90")
ONE_PERSONS_EVENTS = frozenset(
    [
        "pass",
        "die",
        "bear",
        "turn",
        "diagnose",
        "marry",
        "retire",
        "graduate",
        "undergo",
        "operate",
        "admit",
        "discharge",
        "fall",
        "break",
        "propose",
    ]
)


def _one_persons_event(text: str, start: int, end: int) -> bool:
    """The family word is the subject of a verb of an event in one person's life."""
    tokens = [t for t in parse(text) if start <= t.idx < end]
    if not tokens:
        return False
    head = tokens[-1]
    if LOSS_BEFORE.search(text[:start]):
        return True  # "since we lost dad", "first Eid without mum": one person is gone
    return bool(
        head.dep_ in ("nsubj", "nsubjpass") and head.head.lemma_.lower() in ONE_PERSONS_EVENTS
    )


LOSS_BEFORE = re.compile(
    r"\b(?:lost|losing|without|miss|missing|buried|mourning)\s+(?:my\s+|our\s+)?$", re.I
)


WE_BEFORE = re.compile(r"\bwe\b[^.!?]*$", re.IGNORECASE)
# Words after which a family word said as a name is their object: "without mum", "lost dad"
KIN_OBJECT_BEFORE = re.compile(
    r"\b(?:with|without|for|to|from|like|after|behind|beside|since|when|because|while|until|"
    r"till|but|so|cos|lost|miss|missed|missing|visit|visited|visiting|dropping|dropped|drop|"
    r"picking|picked|collecting|collected|meeting|met|call|called|calling|told|tell|ask|asked|"
    r"help|helped|helping|see|saw|seeing|took|take|taking|thank|thanked|hug|hugged|buried|"
    r"bury)\s+$",
    re.IGNORECASE,
)


def _kin_as_object(text: str, start: int, end: int) -> bool:
    """A family word said as a name after a verb or preposition ("without mum", "since we lost
    dad"): its generalization needs an owner ("without parent" would not read)."""
    said = text[start:end]
    named = all(w.istitle() for w in said.split() if w.lower() not in ("and", "&"))
    return (
        (said[:1].islower() or named)  # "closer to Mum and Dad": names too
        and KIN_OBJECT_BEFORE.search(text[:start]) is not None
        and not re.match(r"['’]s\b", text[end:])
    )


def _kin_as_name(text: str, start: int, end: int) -> bool:
    """A family word said as a name at the start of a clause ("mum cried", "Dad is home"): its
    generalization needs "my" ("parent cried" would not read)."""
    before = text[:start].rstrip()
    opens = not before or before[-1] in ".,!?;:)" or not before[-1].isascii()
    # "why Grandpa can't come": a capital inside a sentence makes the word a name too
    named = text[start : start + 1].isupper() and not OWNER_OR_DETERMINER_BEFORE.search(
        text[:start]
    )
    # ("Dad's been in the ICU": "'s" for "has" or "is" leaves the name a subject)
    contracted = re.match(KIN_CONTRACTION, text[end:]) is not None
    if KIN_COMPOUND_AFTER.match(text, end):
        return False  # "mum life", "dad jokes": the word describes a noun ("my parent life")
    if re.match(r"\s+of\s+(?:\d|one|two|three|four|five|six)\b", text[end:], re.IGNORECASE):
        return False  # "dad of 3, divorced, 44": a description, no name ("my parent of 3")
    # ("Mum's 70th at the Hilton", "Dad's heart surgery went well": the name owns what follows)
    owns = bool(re.search(r"['’]s$", text[start:end]) or re.match(r"['’]s\b", text[end:]))
    return (opens or named) and (
        contracted
        or owns
        or (
            bool(re.match(r"\s+(?:\w+ly\s+)?[a-z]", text[end:]))
            and not re.match(r"['’]s\b", text[end:])
        )
    )


# Nouns a family word describes as a kind of thing ("mum life", "dad jokes", "mom guilt")
KIN_COMPOUND_AFTER = re.compile(
    r"\s+(?:life|guilt|jokes?|bod|brain|friends|group|chat|vibes|duties|duty|taxi|mode|hacks?|"
    r"fails?|wins?|goals|energy|stuff|things|moments?|uniform|struggles?)\b",
    re.IGNORECASE,
)
KIN_CONTRACTION = re.compile(
    r"['’]s\s+(?:been|got|gone|going|in|at|on|home|back|so|not|just|still|had|finally|doing|"
    r"off|out|up|a|an|the|having|getting|coming|moving|retiring|turning)\b"
)


def _kin_as_owner(text: str, start: int, end: int) -> bool:
    """A family word said as a name that owns something, inside a clause ("missing maa's
    cooking", "at nani's"): "missing parent's cooking" would not read without "my"."""
    owned = re.search(r"['’]s$", text[start:end]) or re.match(r"['’]s\b", text[end:])
    return bool(owned) and not OWNER_OR_DETERMINER_BEFORE.search(text[:start])


OWNER_OR_DETERMINER_BEFORE = re.compile(
    # ("her great-gran's": the prefix joined by a hyphen is the noun's own)
    r"(?:^|\b(?:a|an|the|my|our|your|his|her|their|its|this|that|whose)\s+(?:[\w-]+\s+|\w+-)?)$",
    re.IGNORECASE,
)  # (the message's start: "Mum's chemo", a name at a clause start, is _kin_as_name's)


def _kinship_chain(text: str) -> Chain | None:
    """ "sister" -> "sibling" -> "family member"; "aunties" -> "relatives" -> "family": true and
    gender-neutral, where WordNet gives "mother", "a chrysanthemum" or "a person"."""
    possessive = _POSSESSIVE.search(text.strip())
    suffix = possessive.group(0) if possessive else ""  # "mum's" -> "parent's"
    word = _POSSESSIVE.sub("", text.strip()).casefold()
    counted = KIN_COUNT.match(word)  # "5 older brothers" -> "5 older siblings"
    prefix = ""
    if word.startswith("the ") and word[4:] in kinship_ladders():
        # "me and the wife": the idiom's "the" is "my" ("me and the partner" would not read)
        partner = kinship_ladders()[word[4:]][0] == "partner"
        prefix, word = ("my " if partner else text.strip()[:4]), word[4:]
    if word not in kinship_ladders() and counted and counted.end() < len(word):
        prefix = text.strip()[: counted.end()]
        word = word[len(prefix) :]
    plural = word not in kinship_ladders() and word.endswith("s") and word[:-1] in kinship_ladders()
    ladder = kinship_ladders().get(word[:-1] if plural else word)
    if ladder is None:
        return None

    def worded(step: str) -> str:
        if plural and prefix and step == "family":
            return "family members"  # "two sons" -> "two family members"
        return _plural_of(step) if plural else step

    steps = [(prefix + worded(step) + suffix, step) for step in ladder]
    return _ladder_chain(text, ChainKind.NOUN, steps)


# Counts and ages before a family word, kept before its wider word
KIN_COUNT = re.compile(
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twin|my|our)?\s*"
    r"(?:(?:older|younger|big|little|baby|elder|eldest|youngest|oldest|twin)\s+)+|(?:\d+|two|three|"
    r"four|five|six|seven|eight|nine|ten)\s+",
    re.IGNORECASE,
)


# Where a demonym's WordNet chain stops: above these it says nothing ("a person").
GENERIC_PEOPLE = frozenset(
    {
        "person.n.01",
        "inhabitant.n.01",
        "native.n.01",
        "ethnic_group.n.01",
        "nation.n.02",
        "community.n.01",
        "ethnic_minority.n.01",
        "people.n.01",
    }
)


# Races and a word that reads as a nationality: never a wider "people" ("Semite", "White",
# "Person Of Color"; "American" for a Brazilian would read as the United States).
NOT_A_PEOPLE = frozenset(
    {"person_of_color", "white", "white_person", "black", "semite", "american", "colored_person"}
)


LANGUAGE_ROOT = frozenset({"language.n.01"})
PERSON_ROOT = frozenset({"person.n.01"})


def _language_chain(text: str) -> Chain | None:
    """ "Tamil" (a language spoken) -> "a language": its language sense, never its people
    ("Punjabi" is not "a person" in "I'm learning Punjabi"); a list of them -> "three
    languages" -> "several languages"."""
    parts = [p for p in re.split(r"\s*(?:,|\band\b|&)\s*", text.strip()) if p]
    families = language_ladders()
    if not parts or any(
        p.casefold() not in families and (is_plural(p.lower()) or " " in p) for p in parts
    ):
        return None
    if not all(_is_language(p) for p in parts):
        return None
    if len(parts) == 1:
        # "Punjabi" -> "a South Asian language" -> "a language"; "BSL" -> "a sign language"
        family = families.get(parts[0].casefold(), ())
        steps = [(step, step.split(maxsplit=1)[1]) for step in family]
        if not (steps and steps[-1][1].endswith(("test", "exam"))):
            steps.append(("a language", "language"))  # an exam ("IELTS") is no language
        return _ladder_chain(text, ChainKind.NOUN, steps)
    # "Hindi, Marathi, English" -> "three languages" -> "several languages"
    count = NUMBER_NAMES.get(len(parts), str(len(parts)))
    return _ladder_chain(
        text,
        ChainKind.NOUN,
        [(f"{count} languages", "languages"), ("several languages", "languages")],
    )


def _people_chain(text: str) -> Chain | None:
    """ "Igbo" -> "Nigerian" -> "African"; "Brazilian" -> "South American": a people's wider
    people, from WordNet's demonyms, up to where it would only say "a person"."""
    word = text.strip()
    hyphenated = HYPHENATED_PEOPLE.fullmatch(word)
    if hyphenated and hyphenated.group("wider") in NATIONALITIES:
        # "a Palestinian-American" -> "an American"; "Black British" -> "British"
        wider = hyphenated.group("wider")
        wording = f"{indefinite_article(wider)} {wider}" if hyphenated.group("article") else wider
        return _ladder_chain(text, ChainKind.NOUN, [(wording, wider)])
    if " " in word:
        return None
    nationality = _nationality_chain(text, word) if word in NATIONALITIES else None
    if nationality is not None:
        return nationality
    senses = [s for s in wordnet().synsets(word.lower(), pos="n") if _under(s, PERSON_ROOT)]
    # the demonym sense first: "Indian" is "a native or inhabitant of India" before an Amerindian
    senses.sort(key=lambda s: "native or inhabitant" not in s.definition())
    for sense in senses:
        steps: list[tuple[str, str]] = []
        current = sense
        while True:
            wider = [
                h
                for h in sorted(current.hypernyms(), key=lambda h: h.name())
                if h.name() not in GENERIC_PEOPLE
                and h.name().split(".")[0] not in NOT_A_PEOPLE
                and _under(h, PERSON_ROOT)
            ]
            if not wider:
                break
            current = wider[0]
            name = current.lemmas()[0].name().replace("_", " ")
            name = PEOPLE_ADJECTIVES.get(name, name)  # "I'm Ashkenazi" -> "I'm Jewish"
            steps.append((" ".join(part[:1].upper() + part[1:] for part in name.split()), name))
        return _ladder_chain(text, ChainKind.NOUN, steps) if steps else None
    return _people_by_language(text, word)


# A people named like its language ("growing up Hokkien", "I'm Kurdish") is said by the part of
# the world data/languages.tsv names the language by; these families name no people.
LANGUAGE_FAMILY_PEOPLE: Mapping[str, str | None] = MappingProxyType(
    {"Pacific": "Pacific Islander", "Celtic": None, "sign": None}
)


def _people_by_language(text: str, word: str) -> Chain | None:
    """ "Hokkien" -> "Chinese"; "Kurdish" -> "Middle Eastern": a people WordNet does not know,
    by the family its language is named by first (the wider families name where the language
    is spoken, not where its people live: a Hokkien Malaysian is no East Asian)."""
    families = language_ladders().get(word.casefold(), ())
    if not families:
        return None
    adjective = re.sub(r"^an?\s+|\s+language$", "", families[0])
    adjective = LANGUAGE_FAMILY_PEOPLE.get(adjective, adjective) or ""
    return _ladder_chain(text, ChainKind.NOUN, [(adjective, adjective)]) if adjective else None


NATIONALITIES = frozenset(DEMONYMS.values())  # "Canadian", "American"...
# The adjective of a part of the world or a continent ("West Africa" -> "West African")
AREA_ADJECTIVES: Mapping[str, str] = MappingProxyType(
    {
        "Europe": "European", "Africa": "African", "Asia": "Asian", "South America": "South American",
        "North America": "North American", "Middle East": "Middle Eastern",
        "the Middle East": "Middle Eastern", "Latin America": "Latin American",
        "the Caribbean": "Caribbean", "Caribbean": "Caribbean",
    }
)  # fmt: skip


# The nations of the United Kingdom, which the gazetteer holds as regions, not countries
UK_NATIONS = frozenset({"Scottish", "Welsh", "English", "Northern Irish", "Cornish"})


def _nationality_chain(text: str, adjective: str) -> Chain | None:
    """ "British" -> "European", "Ghanaian" -> "West African" -> "African": a nationality WordNet
    has no people for, by its country's part of the world and continent; a nation of the UK
    ("Scottish") by its state first ("British")."""
    if adjective in UK_NATIONS:
        return _ladder_chain(
            text, ChainKind.NOUN, [("British", "British"), ("European", "European")]
        )
    country_name = next((c for c, a in DEMONYMS.items() if a == adjective), None)
    name = re.sub(r"^the\s+", "", country_name or "")
    countries = [p for p in places.lookup(name) if p.kind == "country"]
    if not countries:
        return None
    steps: list[tuple[str, str]] = []
    area = places.world_area(countries[0])
    if area:
        part, _, whole = area.rpartition(" ")  # "West Africa" -> "West", "Africa"
        found = AREA_ADJECTIVES.get(area) or (
            f"{part} {AREA_ADJECTIVES[whole]}" if part and whole in AREA_ADJECTIVES else None
        )
        if found:
            steps.append((found, found))
    continent = next((p for p in places.chain(countries[0]) if p.kind == "continent"), None)
    wider = AREA_ADJECTIVES.get(continent.name) if continent is not None else None
    if wider and all(wider != s for s, _ in steps):
        steps.append((wider, wider))
    return _ladder_chain(text, ChainKind.NOUN, steps) if steps else None


# WordNet's nouns for a people whose adjective differs: a phrase of a people is said as one
PEOPLE_ADJECTIVES: Mapping[str, str] = MappingProxyType(
    {
        "Jew": "Jewish", "Hebrew": "Jewish", "Israelite": "Jewish", "Brit": "British",
        "Briton": "British", "Scot": "Scottish", "Turk": "Turkish", "Swede": "Swedish",
        "Dane": "Danish", "Pole": "Polish", "Finn": "Finnish", "Spaniard": "Spanish",
        "Englishman": "English", "Irishman": "Irish", "Welshman": "Welsh", "Frenchman": "French",
        "Dutchman": "Dutch", "English person": "English", "Britisher": "British",
    }
)  # fmt: skip
# Two peoples, the wider one last: "Jamaican-Canadian", "a Palestinian-American", "Black British"
HYPHENATED_PEOPLE = re.compile(
    r"(?P<article>(?:a|an)\s+)?(?P<first>[A-Z][\w'’]+)(?:-|\s+)(?P<wider>[A-Z][a-z]+)"
)


def _ethnicity_chain(text: str) -> Chain | None:
    """ "citizenship" -> "papers" (its word ladder), "Irish citizenship" -> "citizenship" ->
    "papers" (the nationality goes first), else a people ("Korean" -> "Asian")."""
    own = _word_ladder_chain(text, category=Category.ETHNICITY)
    if own is not None:
        return own
    named = NATIONALITY_BEFORE.fullmatch(text.strip())
    if named and (rest := _word_ladder_chain(named.group("rest"), category=Category.ETHNICITY)):
        steps = [(named.group("rest"), named.group("rest"))]
        steps += [(level.text, level.label) for level in rest.levels[1:]]
        return _ladder_chain(text, ChainKind.NOUN, steps)
    return _people_chain(text)


NATIONALITY_BEFORE = re.compile(r"(?P<people>[A-Z][\w'’-]+)\s+(?P<rest>[a-z][\w\s-]+)")


# A category's own chain, tried before the generic builders: its word ladders, languages, peoples.
CATEGORY_CHAINS: Mapping[str, Callable[[str], Chain | None]] = MappingProxyType(
    {
        **{
            category: functools.partial(_word_ladder_chain, category=category)
            for category in WORD_LADDER_FILES
        },
        Category.LANGUAGE: _language_chain,
        Category.ETHNICITY: _ethnicity_chain,
    }
)


def _plural_of(step: str) -> str:
    return {"family": "family", "family member": "family members", "child": "children"}.get(
        step, step + "s"
    )


# What a health word is, by its WordNet hypernyms, and how people say it vaguely (issue 14:
# "chemo" -> "treatment", "mastectomy" -> "surgery", "dementia" -> "illness", never "activity").
HEALTH_LADDERS: tuple[tuple[frozenset[str], tuple[str, ...]], ...] = (
    (
        frozenset({"surgery.n.01", "operation.n.06", "surgical_procedure.n.01"}),
        ("surgery", "a procedure"),  # "had a mastectomy" -> "had surgery" -> "had a procedure"
    ),
    (frozenset({"medicine.n.02", "drug.n.01"}), ("medication", "meds")),
    (frozenset({"medical_procedure.n.01", "medical_care.n.01", "therapy.n.01"}), ("treatment",)),
    (
        frozenset(
            {
                "ill_health.n.01",
                "disorder.n.01",
                "pathological_state.n.01",
                "addiction.n.01",
                "mental_illness.n.01",
                "attack.n.07",
            }
        ),
        ("illness", "a health condition"),
    ),
    (
        frozenset({"hypersensitivity_reaction.n.01", "allergy.n.01"}),
        ("an allergy", "a health issue"),
    ),
    (frozenset({"injury.n.01"}), ("an injury", "a health issue")),
    # a symptom is no injury: "an awful migraine" -> "an awful health issue"
    (frozenset({"symptom.n.01"}), ("a health issue",)),
)


HEALTH_ALIASES = {
    "chemo": "chemotherapy", "physio": "physiotherapy", "ivf": "in_vitro_fertilization",
    "mri": "magnetic_resonance_imaging", "op": "operation", "meds": "medication",
    "hayfever": "hay_fever",
}  # fmt: skip
APPOINTMENTS = frozenset(
    {
        "scan",
        "scans",
        "appointment",
        "appointments",
        "checkup",
        "check-up",
        "screening",
        "test",
        "tests",
    }
)
# A hospital's parts, which a condition before them names ("stroke ward", "burns unit"); WordNet's
# first "ward" is a person in someone's care
HOSPITAL_PARTS = frozenset({"ward", "wards", "unit"})
MENTAL_HEALTH = frozenset(
    {"anxiety", "depression", "ptsd", "ocd", "adhd", "bipolar", "psychosis", "burnout"}
)
INJURY_VERBS = re.compile(
    r"^(?:broke|broken|sprained|tore|torn|slipped|fractured|dislocated|pulled)\b", re.I
)


def _health_chain(text: str) -> Chain | None:
    """A health phrase by what it is: the whole phrase in WordNet, else its last word ("open
    heart surgery" -> "surgery" -> "treatment"); the first WordNet sense that is about health."""
    words = _POSSESSIVE.sub("", text.strip()).lower().split()
    if not words:
        return None
    if text.strip() in ("aids", "hearing aids", "walking aids"):
        # "finally getting aids at 78": aids to hearing or walking, never AIDS
        return _ladder_chain(text, ChainKind.NOUN, [("help", "help"), ("support", "support")])
    ladder: tuple[str, ...] | None = None
    if INJURY_VERBS.match(words[0]):
        ladder = ("got injured",)  # "broke my wrist"
    elif words[-1] in APPOINTMENTS and words[-1].endswith("s"):
        # "scans are clear" -> "tests are clear": a plural stays plural for its verb
        ladder = ("appointments",) if words[-1] == "appointments" else ("tests",)
    elif words[-1] in APPOINTMENTS:
        ladder = ("an appointment",)  # "12 week scan"
    elif words[-1] in MENTAL_HEALTH:
        ladder = ("mental health issues", "health issues")
    elif words[-1] in ("results", "result") and len(words) > 1:
        ladder = ("test results", "results")  # "Cancer scan results Thursday" -> "Results ..."
    elif words[-1] in HOSPITAL_PARTS:
        ladder = (words[-1], "hospital")  # "the stroke ward" -> "the ward" -> "the hospital"
    else:
        ladder = _health_ladder(words)
    if ladder is None:
        return None
    if words == [ladder[0]]:
        ladder = ladder[1:]  # "surgery" -> "treatment"
    if not ladder:
        return None
    return _ladder_chain(text, ChainKind.NOUN, [(step, step) for step in ladder])


def _health_ladder(words: list[str]) -> tuple[str, ...] | None:
    for key in ("_".join(words), words[-1]):
        key = HEALTH_ALIASES.get(key, key)
        for synset in wordnet().synsets(key, pos="n"):
            closure = {synset.name()} | {s.name() for s in synset.closure(lambda s: s.hypernyms())}
            for roots, ladder in HEALTH_LADDERS:
                if closure & roots:
                    return ladder
    return None


STUDY_BEFORE = re.compile(
    r"\b(?:read|reading|study|studying|studied|studies|(?:degree|major|majoring|majored|"
    r"masters|phd|ba|bsc|course)\s+in)$",
    re.IGNORECASE,
)


def _used_as_name(phrase: Phrase, context_text: str) -> bool:
    """A capitalised word inside a sentence used as a name whose WordNet senses are other things:
    an institution ("Starting at Siemens", "canvassing for Labour") or a word WordNet knows only
    in lower case ("the Shell garage")."""
    text = re.sub(r"^the\s+", "", phrase.text.strip(), flags=re.IGNORECASE)  # "the Rotunda"
    if phrase.category == Category.POLITICS and POLITICAL_INITIALS.fullmatch(text):
        return True  # "ODM", "the DMK": a party or political group by its initials
    if not text[:1].isupper() or (text.isupper() and len(text) <= 3):
        return False
    before = context_text[: phrase.start].rstrip() if context_text else ""
    if not before or before.endswith((".", "!", "?", "\n", ":")):
        return False  # a sentence's first word is capitalised anyway
    if STUDY_BEFORE.search(before):
        return False  # "to read Law", "a degree in Music": a subject, capitalised
    if _POSSESSIVE.search(text) and PLACE_PREPOSITION_BEFORE.search(before):
        return True  # "a place at King's", "shift at Nando's": a place named after its owner
    key = "_".join(text.split())
    synsets = wordnet().synsets(key, pos="n")
    if phrase.category == Category.EDUCATION and synsets and _a_field_of_study(synsets[0]):
        return False  # "my last exam (Econometrics)": a subject, capitalised
    if Detector.ORGANISATION in phrase.detectors or phrase.category == Category.POLITICS:
        return True  # a named employer, school, hospital or party
    if (
        phrase.category in (Category.HEALTH, Category.EDUCATION, Category.RELIGION)
        and re.match(r"the\s+[A-Z]", phrase.text.strip())
        and " " not in text
    ):
        return True  # "Egg retrieval at the Lister": a clinic's name, no tax assessor
    return bool(synsets) and not any(
        lemma.name()[:1].isupper() and lemma.name().casefold() == key.casefold()
        for synset in synsets
        for lemma in synset.lemmas()
    )


PLACE_PREPOSITION_BEFORE = re.compile(r"\b(?:at|to|from|in|into|outside)$", re.IGNORECASE)
FIELDS_OF_STUDY = frozenset({"discipline.n.01", "knowledge_domain.n.01"})


def _a_field_of_study(synset: Any) -> bool:
    """WordNet files the sense under a discipline ("econometrics", "physics")."""
    return any(h.name() in FIELDS_OF_STUDY for h in synset.closure(lambda s: s.hypernyms()))


def _identified_reading(phrase: Phrase, name: str) -> str | None:
    """The place identification read for the phrase (`Phrase.reading`), when the name has it:
    every stage follows one reading, so a generalization is always a container of that place."""
    if phrase.reading and any(p.key == phrase.reading for p in places.lookup(name)):
        return phrase.reading
    return None


_POSSESSIVE = re.compile(r"(?:'s|’s|s'|’)$")


def _variants(text: str) -> Iterator[tuple[str, str]]:
    """Spellings to look the phrase up under, each with the suffix its generalizations keep:
    as written; without trailing punctuation; without a possessive ("Japan's" -> "Japan", "'s");
    with stretched letters squeezed ("gayyyy"); CamelCase split ("NewJersey"); a run-together
    compound split where WordNet or the gazetteer knows it ("hayfever", "newyork"). Lazy: the
    costlier spellings are only tried when the earlier ones found nothing."""
    yield text, ""
    base = text.strip(".,;:!?\"()[]'’‘“” ")
    suffix = ""
    match = _POSSESSIVE.search(base)
    if match and len(base) > len(match.group(0)) + 1:
        suffix = "'s"
        base = base[: match.start()]
    if base != text:
        yield base, suffix
    squeezed = re.sub(r"([a-zA-Z])\1{2,}", r"\1", base)
    if squeezed != base:
        yield squeezed, suffix
        yield re.sub(r"([a-zA-Z])\1{2,}", r"\1\1", base), suffix
    camel = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", base)
    if camel != base:
        yield camel, suffix
    if " " not in base and base.isalpha() and len(base) >= 6:
        for split in _compound_splits(base):
            yield split, suffix


def _compound_splits(word: str) -> list[str]:
    """ "hayfever" -> ["hay fever"]: two-part splits that WordNet or the gazetteer knows."""
    wn = wordnet()
    found = []
    for cut in range(3, len(word) - 2):
        left, right = word[:cut], word[cut:]
        if wn.synsets(f"{left}_{right}", pos=wn.NOUN) or any(
            fold_name == f"{left} {right}".casefold()
            for fold_name in (p.name.casefold() for p in places.lookup(f"{left} {right}")[:3])
        ):
            found.append(f"{left} {right}")
    return found


def _as_written(chain: Chain, text: str, suffix: str) -> Chain:
    """The chain with level 0 as the user wrote it and the possessive kept on generalizations."""
    levels = [
        Level(text, 0, lv.population, lv.k, lv.source, lv.label, lv.place)
        if lv.degree == 0
        else Level(lv.text + suffix, lv.degree, lv.population, lv.k, lv.source, lv.label, lv.place)
        for lv in chain.levels
    ]
    return Chain(text, chain.kind, levels, chain.readings, chain.reading, chain.suppressible)


def builder_order(phrase: Phrase) -> tuple[ChainKind, ...]:
    """The chain builders tried for a phrase, in order, by its category and whether it is a name
    (only names may be places, and only outside institution and never-place categories)."""
    if phrase.category in PLACE_CATEGORIES:
        return (ChainKind.PLACE, ChainKind.ORGANISATION, ChainKind.NOUN)
    named = phrase.text[:1].isupper()
    if phrase.category in NEVER_PLACES:
        return (ChainKind.ORGANISATION, ChainKind.NOUN)
    if phrase.category in ORGANISATION_CATEGORIES:
        # an institution named like a town is the institution ("at Beaumont" is the hospital,
        # not Beaumont, Texas): its kind, never the town's chain
        return (ChainKind.ORGANISATION, ChainKind.NOUN)
    if named:
        return (ChainKind.ORGANISATION, ChainKind.NOUN, ChainKind.PLACE)
    return (ChainKind.NOUN,)


def indefinite_article(word: str) -> str:
    """ "a" or "an" before a word, by its sound ("a university", "an hour", "an institute")."""
    lower = word.lower()
    if lower.startswith(("uni", "use", "usu", "uti", "eu", "one", "uk")):
        return "a"
    if lower.startswith(("hour", "honest", "honou", "heir")):
        return "an"
    return "an" if lower[:1] in ("a", "e", "i", "o", "u") else "a"


def _dedupe(levels: list[Level]) -> list[Level]:
    """Drop rungs that read the same as the one below (the city and prefecture of Tokyo)."""
    kept: list[Level] = []
    for level in levels:
        if kept and level.text.casefold() == kept[-1].text.casefold():
            continue
        kept.append(
            Level(
                level.text,
                len(kept),
                level.population,
                level.k,
                level.source,
                level.label,
                level.place,
            )
        )
    return kept


# --- places ---------------------------------------------------------------------------------


# Countries people name by a short form in running text.
COUNTRY_SHORT_NAMES: Mapping[str, str] = MappingProxyType(
    {"US": "the US", "GB": "the UK", "AE": "the UAE", "CZ": "the Czech Republic"}
)


def wider_places(name: str) -> list[tuple[str, bool]]:
    """The wider places of a place name the gazetteer reads one way ("Partick" -> "Glasgow",
    "Scotland", "the UK"), as running text, up to its country, each with whether a group may get
    it by default (`widest_default_degree`: "Glasgow" yes, "Scotland" no); [] for an unknown or
    ambiguous name."""
    readings = places.lookup(name)
    state = re.fullmatch(r"(?P<city>.+?),?\s+(?P<code>[A-Z]{2})", name)
    if not readings and state:  # "Austin TX": the city in that state or province
        readings = [p for p in places.lookup(state["city"]) if p.admin1 == state["code"]]
    if not readings or not _dominant(readings):
        return []
    levels = _place_levels(readings[0], name)
    widest = widest_default_degree(Chain(name, ChainKind.PLACE, levels))
    found: dict[str, bool] = {}
    for level in _wider_levels(readings[0], name):
        found.setdefault(level.text, level.degree <= widest)
    return list(found.items())


def _wider_levels(
    place: Place, original: str | None = None, *, skip: tuple[str, ...] = ("continent:", "area:")
) -> list[Level]:
    """The levels of `_place_levels` above the place itself, up to its country: without the
    levels whose key starts with one of `skip` (parts of the world and continents)."""
    return [
        level
        for level in _place_levels(place, original)[1:]
        if level.place and not level.place.startswith(skip)
    ]


def place_text(place: Place) -> str:
    """How a place is named in running text ("the US", "the Netherlands", "Massachusetts")."""
    short = COUNTRY_SHORT_NAMES.get(place.country_code or "") if place.kind == "country" else None
    if short:
        return short
    if place.kind == "country" and place.name.startswith(_THE_PREFIXES):
        return f"the {place.name}"
    if place.kind == "region" and place.name in REGION_SHORT_NAMES:
        return REGION_SHORT_NAMES[place.name]
    if place.kind == "region" and REGION_WITH_THE.search(place.name):
        return f"the {place.name}"
    if place.kind == "region" and ADMINISTRATIVE_SUFFIX.search(place.name):
        return ADMINISTRATIVE_SUFFIX.sub("", place.name)  # "Lesser Poland", "Jiangsu"
    if place.kind == "region" and place.name.isascii():
        accented = _accented(place.name, place.country_code)
        if accented:
            return accented
    if (
        place.kind == "region"
        and place.country_code in STATES_SAID_SO
        and not re.search(r"\b(?:State|Territory)$", place.name)
    ):
        return f"{place.name} State"  # Nigerian states are said with the word: "Oyo State"
    if place.kind == "city" and place.name == "New York City":
        return "New York"  # as people say it ("east New York", "a hospital in New York")
    return place.name


# Regions named by a common noun take "the": "in the Canary Islands", "the Eastern Cape"
REGION_WITH_THE = re.compile(
    r"\b(?:Islands|Isles|Cape|Territory|Coast|Province|Region|Highlands|Midlands|Peninsula|"
    r"Riviera|Valley|Basin)$|^(?:Bay|Vale|Isle|Gulf|Valley|Province|Region) of\b"
)  # ("the Bay of Plenty", "the Vale of Glamorgan")


@lru_cache(maxsize=4096)
def _accented(name: str, country_code: str | None) -> str | None:
    """The gazetteer spells regions without accents ("Goias"); a place of the same name in the
    same country has them ("Goiás"). None when there is none."""
    for key in places.gazetteer().folded.get(places.fold(name), ()):
        same = places.get(key)
        if (
            same is not None
            and same.country_code == country_code
            and not same.name.isascii()
            and places.fold(same.name) == places.fold(name)
        ):
            return same.name
    return None


STATES_SAID_SO = frozenset({"NG"})
# Regions people name by their initials ("in the ACT")
REGION_SHORT_NAMES: Mapping[str, str] = MappingProxyType(
    {"Australian Capital Territory": "the ACT"}
)
# Countries whose first-level regions people do not name in posts ("South Aegean" for Mykonos,
# "Central Macedonia" for Thessaloniki): the chain goes from the city to the country
REGIONS_UNSAID = frozenset({"GR"})
# The gazetteer's words for a kind of region, which nobody says in a post ("Jiangsu Sheng")
ADMINISTRATIVE_SUFFIX = re.compile(
    r"\s+(?:Sheng|Shi|Voivodeship|Rajons|Rayon|apskritis|(?:\w+\s+)?Zizhiqu)$"
)


def describe(place: Place) -> str:
    """A reading's description: the place and its containers ("Cambridge, Massachusetts, United States")."""
    names: list[str] = []
    for step in places.chain(place)[:3]:
        if step.name not in names:
            names.append(step.name)
    return ", ".join(names)


def place_k(place: Place) -> int:
    """k-figure of naming `place`: how many gazetteer cities (5,000+ people) it covers."""
    return places.cities_within(place)


def _place_levels(place: Place, original: str | None) -> list[Level]:
    """The place and the places around it as people name them: a neighbourhood's part of its city
    ("south London") and the city, the region, the country, the part of the continent ("East
    Asia", "West Africa") and the continent where it reads naturally: "Europe", "Asia" after East
    Asia, but not "Oceania", nor "Africa" after a country (its part is named: "Ghana" is not "in
    Africa"), nor "Asia" after South Asia or the Middle East; a US state is followed by its part
    of the US ("the Midwest").
    A region named after the city itself ("Greater Accra") or by a compass word alone
    ("Northern") is skipped: it says no more than the city or reads as jargon."""
    levels: list[Level] = [
        Level(
            original or place.name,
            0,
            place.population,
            1,
            LevelSource.ORIGINAL,
            place.name,
            place.key,
        )
    ]

    def add(text: str, step: Place | None, label: str, k: int | None, key: str = "") -> None:
        levels.append(
            Level(
                text,
                len(levels),
                step.population if step else None,
                k,
                LevelSource.GEONAMES,
                label,
                key or (step.key if step else None),
            )
        )

    chain = places.chain(place)
    if place.kind == "region" and (area := places.world_area(place)):
        add(area, None, area, None, f"area:{area}")  # "New Jersey" -> "the Northeast"
    for previous, step in itertools.pairwise(chain):
        if step.kind == "region" and (
            step.country_code in REGIONS_UNSAID
            or _named_after(step.name, place.name)
            or _named_after(step.name, previous.name)
            or _UNNATURAL_REGION.fullmatch(step.name)
        ):
            continue
        if step.kind == "continent":
            if any(s.kind == "city" for s in chain[1:]):
                break  # a neighbourhood's widest natural wording is its country ("Didsbury")
            area = places.world_area(previous)
            if area:
                add(area, None, area, None, f"area:{area}")
            if places.continent_reads_naturally(previous) and (
                not area or area in AREAS_BEFORE_CONTINENT
            ):
                add(place_text(step), step, step.name, place_k(step))
            break
        if (
            step.kind == "city"
            and (previous.population or 0) < places.HOSTED_MAX_POPULATION
            and (where := places.compass(step, previous))
            and not _names_a_district(f"{where} {place_text(step)}", step)
        ):
            add(f"{where} {place_text(step)}", step, f"{where} {step.name}", place_k(step))
        add(place_text(step), step, step.name, place_k(step))
        if step.kind == "region" and (area := places.world_area(step)):
            add(area, None, area, None, f"area:{area}")
    return levels


def _names_a_district(wording: str, city: places.Place) -> bool:
    """Whether a compass wording of a city is the name of a place in that city ("east New York"
    is East New York, a neighbourhood of its own)."""
    return any(
        (d := places.distance_km(city, other)) is not None and d < places.host_radius_km(city)
        for other in places.lookup(wording)
        if other.geonameid != city.geonameid
    )


def widest_default_degree(chain: Chain) -> int:
    """The widest level of a chain a group gets by default; wider ones stay in the review.

    People stop a place's ladder where the wider name stops saying where they are: a
    neighbourhood at its city ("Didsbury" -> "Manchester", not "the UK"), a city or region at
    its country ("Lagos" -> "Nigeria", not "West Africa"), a US city or county at its state
    ("Omaha" -> "Nebraska"). A country keeps its whole ladder; an institution's place stops where
    its own place's does (`_widest_place_of_organisation`); chains of other kinds keep theirs."""
    if chain.widest_default is not None:
        return chain.widest_default
    keys = [level.place or "" for level in chain.levels]
    if chain.kind == ChainKind.ORGANISATION:
        return _widest_place_of_organisation(keys, chain.height)
    if (
        chain.kind != ChainKind.PLACE
        or not keys[0]
        or keys[0].startswith(("country:", "continent:", "area:"))
    ):
        return chain.height
    base = places.get(keys[0])
    wider = list(enumerate(keys))[1:]
    city = [degree for degree, key in wider if key.startswith("city:")]
    if city:
        return city[-1]
    stop = "region:" if base is not None and base.country_code == "US" else "country:"
    found = [degree for degree, key in wider if key.startswith(stop)]
    return found[0] if found else chain.height


def default_levels(chain: Chain) -> list[bool]:
    """Per level, whether a group may get it by default (`widest_default_degree`): a level
    that names no place ("a mosque", "a university") always may."""
    widest = widest_default_degree(chain)
    if chain.kind == ChainKind.ORGANISATION:
        return [level.degree <= widest or not level.place for level in chain.levels]
    return [level.degree <= widest for level in chain.levels]


def _widest_place_of_organisation(keys: list[str], height: int) -> int:
    """An institution's place stops where its own place's does: "a mosque in east London" ->
    "a mosque in London" (not "in England"); "a university in Tokyo" -> "a university in Japan"
    (not "in East Asia"). The levels after, which name no place, stay."""
    placed = [(degree, key) for degree, key in enumerate(keys) if key]
    cities = [degree for degree, key in placed if key.startswith("city:")]
    city_keys = {key for _, key in placed if key.startswith("city:")}
    if len(cities) >= 2 and (cities[0] > 0 or len(city_keys) >= 2):
        return cities[-1]  # a part of a city ("east London", "Southall"), then the city
    countries = [degree for degree, key in placed if key.startswith("country:")]
    return countries[0] if countries else height


# Parts of the world after which the continent still reads naturally ("Seoul" -> "East Asia" ->
# "Asia"); after the others people stop ("Karachi" -> "South Asia", "Accra" -> "West Africa")
AREAS_BEFORE_CONTINENT = frozenset({"East Asia", "Central Asia"})

_UNNATURAL_REGION = re.compile(
    r"(?:(?:north|south|east|west)(?:ern)?|central|capital)(?:\s+region)?", re.IGNORECASE
)


def _named_after(region: str, city: str) -> bool:
    """Whether the region is named after the city, or is the city under another name ("Praha"
    for Prague, "District of Columbia" for Washington): naming it says no more."""
    folded = places.fold(region)
    if places.fold(city) in folded.split() or folded.startswith(places.fold(city)):
        return True
    if CAPITAL_DISTRICT.search(region):
        return True
    gaz = places.gazetteer()
    city_keys = {key for key in gaz.folded.get(places.fold(city), []) if key.startswith("city:")}
    return bool(city_keys & set(gaz.alternates.get(folded, [])))


# Regions that are a capital city's own district: "District of Columbia", "Distrito Federal"
CAPITAL_DISTRICT = re.compile(
    r"District of Columbia|Federal District|Distrito Federal|\bF\.D\.|Capital District",
    re.IGNORECASE,
)


SAINTS_INSTITUTION = re.compile(rf"{SAINT_NAME}['’]s?", re.IGNORECASE)


def _place_chain(
    text: str, anchors: list[Place], reading: str | None, context: str = "", *, category: str = ""
) -> Chain | None:
    district = _district_reading(text, anchors) if reading is None else None
    if district is not None:  # "East London": east London, London, England ...
        where, city = district
        tail = _place_levels(city, city.name)
        head = Level(text, 0, None, 1, LevelSource.ORIGINAL, text, city.key)
        part = Level(f"{where} {city.name}", 1, None, None, LevelSource.GEONAMES, "", city.key)
        levels = [head, part, *(replace(lv, degree=lv.degree + 1) for lv in tail)]
        return Chain(
            text, ChainKind.PLACE, _dedupe(levels), [Reading(city.key, describe(city))], city.key
        )
    readings = places.lookup(text)
    airport = _airport_meant(text, readings, anchors) if reading is None else None
    if airport is not None:  # "fly out of Heathrow" -> "fly out of London"
        return _in_city_chain(text, airport)
    if not readings:
        return None
    chosen = _choose_place(readings, anchors, reading)
    if re.match(r"the\s", text, re.IGNORECASE) and not re.match(
        r"the\s", chosen.name, re.IGNORECASE
    ):
        return None  # "the Gresham" is a venue named after a town, not Gresham, Oregon
    if reading is None and not anchors and not _clear_without_context(readings):
        # "who else is at Glastonbury?" with nothing else to go on: Connecticut's has four times
        # the people of Somerset's, which says nothing of which one the post means; only what
        # every likely reading shares is true ("St Ives": England, whichever St Ives)
        return _shared_place_chain(text, readings)
    # a region or country the name can only mean ("Sicily", "Gran Canaria") is no neighbourhood
    # the gazetteer lacks, however far from home
    sole_area = chosen.kind in ("region", "country") and len(readings) == 1
    if reading is None and (
        (_far_from_context(chosen, anchors) and not sole_area)
        or _unplaced_village(chosen, readings, anchors)
        or _far_by_another_name(text, chosen, anchors)
    ):
        return None
    return Chain(
        text,
        ChainKind.PLACE,
        _dedupe(_place_levels(chosen, text)),
        [Reading(p.key, describe(p)) for p in readings[:10]],
        chosen.key,
    )


FAR_KM = 1500
TOWN_POPULATION = 50_000
NEAR_ABROAD_KM = 500
SMALL_PLACE = 100_000
# Counties people name alone, which the gazetteer (cities and regions) lacks, and which share
# their name with towns elsewhere ("Kent", "Norfolk", "Clare")
COUNTIES: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "GB": frozenset(
            {
                "Kent", "Surrey", "Essex", "Sussex", "Devon", "Cornwall", "Dorset", "Somerset",
                "Norfolk", "Suffolk", "Cumbria", "Lancashire", "Cheshire", "Derbyshire", "Durham",
                "Hampshire", "Berkshire", "Wiltshire", "Gloucestershire", "Oxfordshire",
                "Hertfordshire", "Bedfordshire", "Shropshire", "Worcestershire", "Lincolnshire",
                "Northumberland", "Fife", "Perthshire", "Ayrshire", "Lanarkshire", "Aberdeenshire",
            }
        ),
        "IE": frozenset(
            {
                "Kerry", "Clare", "Mayo", "Meath", "Kildare", "Wicklow", "Wexford", "Carlow",
                "Kilkenny", "Laois", "Offaly", "Longford", "Westmeath", "Roscommon", "Sligo",
                "Leitrim", "Donegal", "Monaghan", "Cavan", "Louth", "Tipperary", "Waterford",
                "Limerick", "Cork", "Galway", "Antrim", "Armagh", "Down", "Fermanagh", "Tyrone",
                "Derry",
            }
        ),
    }
)  # fmt: skip


def _far_from_context(place: Place, anchors: list[Place]) -> bool:
    """A small place far from every place the message and profile name, in another country: the
    name is more likely a neighbourhood the gazetteer does not know ("Woodstock" for a user in
    Cape Town is not the town in New York), and its chain would say something false."""
    if anchors and any(
        place.name in COUNTIES.get(a.country_code or "", ())
        and a.country_code != place.country_code
        for a in anchors
    ):
        return True  # "my parents in Kent" for a user in London: the county, not Kent, WA
    if not anchors or (place.population or 0) >= SMALL_PLACE:
        return False
    return _abroad_and_far(place, anchors)


def _abroad_and_far(place: Place, anchors: list[Place]) -> bool:
    """In none of the anchors' countries, neither inside nor around any of them, and more than
    FAR_KM from the nearest."""
    if any(
        a.key == place.key
        or places.contains(a, place)
        or places.contains(place, a)
        or (a.country_code and a.country_code == place.country_code)
        for a in anchors
    ):
        return False
    distances = [d for d in (places.distance_km(a, place) for a in anchors) if d is not None]
    # a town of a few thousand abroad is far sooner ("long-term care at Bethany in Red Deer": a
    # care home's name, not Bethany, Oregon, 1,100 km away)
    far = FAR_KM if (place.population or 0) >= TOWN_POPULATION else NEAR_ABROAD_KM
    return bool(distances) and min(distances) > far


def _english_name(text: str) -> bool:
    """English writes the name ("Bombay", "Peking", "Rangoon": zipf 2.9-3.7), whatever GeoNames
    files it under."""
    from wordfreq import zipf_frequency

    return zipf_frequency(text, "en") >= ENGLISH_NAME_ZIPF


ENGLISH_NAME_ZIPF = 2.5
EXONYM_CITY = 1_000_000


def _far_by_another_name(text: str, place: Place, anchors: list[Place]) -> bool:
    """A place the text names only by one of its names in another language, far from every place
    of the message and profile ("see you at Nkoyo on Friday" for a user in Abuja is a venue, not
    Mexico City, whose Yoruba name it is); its own name, an alias ("NYC") or an English name
    ("Bombay") says what it is."""
    code = text.isupper() and len(text) <= 4 and places.fold(place.name) != places.fold(text)
    # English keeps old names for great cities only ("Bombay"): "Fairview" is no Costa Mesa
    exonym = _english_name(text) and (place.population or 0) >= EXONYM_CITY
    if not anchors or exonym or (places.named_officially(text, place) and not code):
        return False  # ("she starts at UCT" in Cape Town: no airport code of a Russian town)
    return _abroad_and_far(place, anchors)


def _city_university_chain(text: str, city: Place, *, uni: bool) -> Chain:
    """A university named by its city: "a university in <region>", "... in <country>", then "a
    university" (or "uni"); never "in <city>", which all but names it."""
    levels = [Level(text, 0, None, 1, LevelSource.ORIGINAL, text, city.key)]
    steps = [
        step
        for step in places.chain(city)[1:]
        if step.kind != "continent"
        and not (step.kind == "region" and step.country_code in REGIONS_UNSAID)
    ]
    levels += _kind_in_levels("university", steps, LevelSource.GEONAMES, len(levels))
    levels.append(_kind_level("university", "uni" if uni else "a university", len(levels)))
    return Chain(
        text, ChainKind.ORGANISATION, _dedupe(levels), [Reading(city.key, describe(city))], city.key
    )


# WordNet's gloss of a British or Irish county ("a hilly county in southwestern England")
COUNTY_GLOSS = re.compile(
    r"\bcounty (?:of \w+ )?(?:in|of) (?:(?P<side>north|south|east|west|northeast|northwest|southeast|"
    r"southwest)(?:ern)? )?(?P<nation>England|Scotland|Wales|Northern Ireland|Ireland)\b",
    re.IGNORECASE,
)
SIDES = {
    "north": "northern", "south": "southern", "east": "eastern", "west": "western",
    "northeast": "north-east", "northwest": "north-west", "southeast": "south-east",
    "southwest": "south-west",
}  # fmt: skip


def _county_chain(text: str, anchors: list[Place]) -> Chain | None:
    """A county of Britain or Ireland the gazetteer lacks, read from WordNet ("Cornwall" ->
    "south-west England" -> "England" -> "the UK"), unless the message or profile points to a
    place the gazetteer has by that name (Cornwall, Ontario, for an author in Ottawa)."""
    found = next(
        (
            m
            for synset in wordnet().synsets(text.replace(" ", "_"), pos="n")
            if synset.instance_hypernyms()
            and (m := COUNTY_GLOSS.search(synset.definition())) is not None
        ),
        None,
    )
    if found is None:
        return None
    readings = places.lookup(text)
    nation = places.lookup(found.group("nation"))
    nation = [p for p in nation if p.kind in ("region", "country")][:1]
    if not nation:
        return None
    home = nation[0].country_code
    if any(r.country_code == home for r in readings) or any(
        a.country_code == r.country_code for a in anchors for r in readings
    ):
        return None  # the gazetteer has it, or the context says which one
    said = place_text(nation[0])
    steps = [f"{SIDES[found.group('side').lower()]} {said}"] if found.group("side") else []
    steps.append(said)
    levels = [Level(text, 0, None, 1, LevelSource.ORIGINAL, text)]
    for step in steps:
        levels.append(
            Level(step, len(levels), None, None, LevelSource.GEONAMES, step, nation[0].key)
        )
    if nation[0].kind == "region":
        country = places.get(f"country:{home}")
        if country is not None:
            levels.append(
                Level(
                    place_text(country),
                    len(levels),
                    country.population,
                    place_k(country),
                    LevelSource.GEONAMES,
                    country.name,
                    country.key,
                )
            )
    return Chain(text, ChainKind.PLACE, _dedupe(levels), [], None)


def _major_city_named(text: str) -> Place | None:
    """The city a name is, when it is a city of 100,000 people or more that the gazetteer reads
    one way ("Edinburgh"), else None."""
    readings = places.lookup(text)
    if readings and readings[0].kind == "city" and (readings[0].population or 0) >= SMALL_PLACE:
        return readings[0] if _dominant(readings) else None
    return None


def _clear_without_context(readings: list[Place]) -> bool:
    """Whether the first reading is the one meant when nothing in the message or profile says:
    a region or country named outright, a city with `UNANCHORED_DOMINANCE` times the people of
    the next reading, or a city of 100,000 or more with three times ("Norwich": England's, not
    Connecticut's; but "Glastonbury" could be either)."""
    if len(readings) <= 1 or readings[0].kind != "city":
        return True
    first, second = readings[0].population or 0, readings[1].population or 1
    return first >= UNANCHORED_DOMINANCE * second or (first >= SMALL_PLACE and first >= 3 * second)


def _unrivalled(chain: Chain, text: str) -> Chain | None:
    """The chain, or, when its place is a great city's district named like towns of their own as
    big ("uni in Salamanca" for a user in Madrid: the barrio or the university town), the chain of
    what they share ("Spain"): the reading was a guess, and its city would be false of the other."""
    chosen = places.get(chain.reading) if chain.reading else None
    if chosen is None:
        return chain
    rivals = _rival_towns(chosen, places.lookup(text))
    if not rivals:
        return chain
    return _shared_place_chain(text, sorted([chosen, *rivals], key=lambda p: -(p.population or 0)))


def _rival_towns(chosen: Place, readings: list[Place]) -> list[Place]:
    """Towns of the chosen reading's country named like it, when it is a great city's district
    ("Salamanca" in Madrid, "Sarrià" in Barcelona) and they are towns of their own of at least a
    `PROFILE_DOMINANCE`th of its people ("Salamanca", "Sarria" in Galicia)."""
    home = places.host(chosen)
    if home is None:
        return []
    return [
        r
        for r in readings
        if r.key != chosen.key
        and r.kind == "city"
        and r.country_code == chosen.country_code
        and places.host(r) is None
        and (r.population or 0) >= VILLAGE
        and (r.population or 0) * PROFILE_DOMINANCE >= (chosen.population or 0)
    ]


def _shared_place_chain(text: str, readings: list[Place]) -> Chain | None:
    """The chain of the narrowest place every likely reading lies in (a reading within
    `UNANCHORED_DOMINANCE` of the most populous), or None when they share no country."""
    top = readings[0].population or 0
    likely = [p for p in readings if (p.population or 0) * UNANCHORED_DOMINANCE >= top]
    chains = [[step.key for step in places.chain(p)][1:] for p in likely]
    shared = next((key for key in chains[0] if all(key in c for c in chains[1:])), None)
    place = places.get(shared) if shared else None
    if place is None or place.kind in ("continent", "area"):
        return None
    head = Level(text, 0, None, 1, LevelSource.ORIGINAL, text, place.key)
    return Chain(text, ChainKind.PLACE, _dedupe([head, *_place_levels(place, place_text(place))]))


VILLAGE = 10_000  # people
UNANCHORED_DOMINANCE = 5  # with nothing in context, a reading needs 5x the people of the next


def _unplaced_village(place: Place, readings: list[Place], anchors: list[Place]) -> bool:
    """A village the gazetteer knows, named with nothing in the message or profile to place it:
    as likely a neighbourhood the gazetteer does not know ("starts school in Clontarf" is in
    Dublin, not the Clontarf of Queensland), so its chain may say something false."""
    return (
        not anchors
        and place.kind == "city"
        and all((p.population or 0) < VILLAGE for p in readings)
    )


def _choose_place(readings: list[Place], anchors: list[Place], forced: str | None) -> Place:
    """The reading the context and profile support best; ties go to the most populous."""
    if forced:
        for place in readings:
            if place.key == forced:
                return place
        raise ValueError(
            f"unknown reading {forced!r}; choose one of {', '.join(p.key for p in readings)}"
        )

    def support(place: Place) -> float:
        score = 0.0
        for anchor in anchors:
            if anchor.key == place.key:
                score += 3
            elif places.contains(anchor, place) or places.contains(place, anchor):
                score += (
                    2
                    if anchor.kind in ("city", "region") and place.kind in ("city", "region")
                    else 1
                )
            elif anchor.country_code and anchor.country_code == place.country_code:
                score += 1
        return score

    # A much larger city needs more than a weak hint against it: a tenfold larger city outweighs
    # a country hint ("I lived in Paris" next to "Harvard" is still Paris, France; "London" is in
    # England unless the context points to Ontario); a containing or same anchor (2-3) can win.
    # Places without a population (regions, countries) are not penalised.
    known = [1.5 * math.log10(p.population) for p in readings if p.population]
    top = max(known, default=0.0)
    priors = [1.5 * math.log10(p.population) if p.population else top for p in readings]
    best = max(range(len(readings)), key=lambda i: (support(readings[i]) + priors[i], -i))
    return readings[best]


# --- organisations --------------------------------------------------------------------------


@dataclass(frozen=True)
class Organisation:
    name: str
    type: str
    city: str | None
    members: int | None
    source: LevelSource  # ORGANISATION (curated table), WORDNET or TYPE (the name's type word)


@load_once
def organisation_table() -> dict[str, Organisation]:
    """The curated table, indexed by every name and alias (lower case)."""
    data = json.loads((DATA_DIR / "organisations.json").read_text(encoding="utf-8"))
    table: dict[str, Organisation] = {}
    for row in data["organisations"]:
        org = Organisation(
            row["name"], row["type"], row.get("city"), row.get("members"), LevelSource.ORGANISATION
        )
        for name in [row["name"], *row.get("aliases", [])]:
            table[name.casefold()] = org
    return table


def _wordnet_organisation(text: str) -> tuple[Organisation, list[Place]] | None:
    """An organisation WordNet knows as an instance with a located part holonym."""
    wn = wordnet()
    for synset in wn.synsets(text.replace(" ", "_"), pos="n"):
        types = sorted(synset.instance_hypernyms(), key=lambda s: s.name())
        if not types or not _is_organisation_type(types[0]):
            continue  # "Cancer" the constellation or "John" the king are not organisations
        kind = types[0].lemma_names()[0].replace("_", " ")
        holonyms = synset.part_holonyms()
        city = holonyms[0].lemma_names()[0].replace("_", " ") if holonyms else None
        gloss_places = _gloss_places(synset.definition())
        return Organisation(
            synset.lemma_names()[0].replace("_", " "), kind, city, None, LevelSource.WORDNET
        ), gloss_places
    return None


ORGANISATION_ROOTS = frozenset(
    {"organization.n.01", "institution.n.01", "facility.n.01", "structure.n.01"}
)


def _is_organisation_type(synset: Any) -> bool:
    return synset.name() in ORGANISATION_ROOTS or any(
        h.name() in ORGANISATION_ROOTS for h in synset.closure(lambda s: s.hypernyms())
    )


def _gloss_places(gloss: str) -> list[Place]:
    """Places named in a WordNet gloss after "in" ("a university in Massachusetts")."""
    found: list[Place] = []
    for match in re.finditer(r"\bin ((?:[A-Z][\w.]+ ?){1,3})", gloss):
        readings = places.lookup(match.group(1).strip())
        if readings:
            found.append(readings[0])
    return found


def _find_organisation(text: str) -> tuple[Organisation, list[Place]] | None:
    org = organisation_table().get(text.casefold())
    if org is not None:
        return org, []
    found = _wordnet_organisation(text)
    if found is not None:
        return found
    words = text.split()
    while len(words) > 2 and DEPARTMENT.fullmatch(words[-1]):
        words = words[:-1]  # "Kenyatta National Hospital A&E": the hospital's department
    if len(words) >= 2 and words[-1].casefold() in ORG_TYPE_WORDS:
        kind = ORG_TYPE_WORDS[words[-1].casefold()]
        # A place in the name: "Tokyo University" -> Tokyo.
        for size in range(len(words) - 1, 0, -1):
            for start in range(len(words) - size):
                name = " ".join(words[start : start + size])
                # "med school" is not in Meda, "St Ia's Church" not in Sète (GeoNames' "St")
                if name[:1].isupper() and len(name.strip(".")) > 2 and places.lookup(name):
                    return Organisation(text, kind, name, None, LevelSource.TYPE), []
        return Organisation(text, kind, None, None, LevelSource.TYPE), []
    return None


# Departments after an institution's name ("... Hospital A&E", "... Hospital ICU")
DEPARTMENT = re.compile(r"A&E|ICU|ER|NICU|HDU|ward|department|dept|unit", re.IGNORECASE)


def _company_chain(text: str, *, as_place: bool = False) -> Chain | None:
    """A listed company by its line of business, the guidelines' ladder: "Siemens" -> "an
    engineering company" -> "a company"; a site of it by its place first ("Google Dublin" -> "a
    software company in Dublin"). The home country is no rung: "a German engineering company"
    says little less than the name. A company the author is at as a place (`as_place`) is said
    by its line of business only ("in a supermarket", not "in a company")."""
    found = companies.find_company(text)
    if found is None:
        return None
    company, where = found
    nouns = [company.sector, *([company.broader] if company.broader else []), "company"]
    if as_place:
        nouns = nouns[:1]  # "crying in Tesco" -> "in a supermarket", never "in a company"
    first = f"{company.sector} in {where}" if where else None
    levels = [Level(text, 0, None, 1, LevelSource.ORIGINAL, company.name)]
    for noun in [first, *nouns] if first else nouns:
        if noun is None or any(level.label == noun for level in levels):
            continue
        k = companies.companies_within(noun) if noun in nouns else None
        levels.append(
            Level(
                f"{indefinite_article(noun)} {noun}",
                len(levels),
                None,
                k,
                LevelSource.LISTING,
                noun,
            )
        )
    return Chain(text, ChainKind.ORGANISATION, levels)


def _in_city_chain(text: str, city: Place) -> Chain:
    """A place in a city, said by the city and then its wider places ("Brighton Pier" ->
    "Brighton", "Heathrow" -> "London")."""
    head = Level(text, 0, None, 1, LevelSource.ORIGINAL, text, city.key)
    levels = _dedupe([head, *_place_levels(city, place_text(city))])
    return Chain(text, ChainKind.PLACE, levels, [Reading(city.key, describe(city))], city.key)


def _airport_meant(text: str, readings: list[Place], anchors: list[Place]) -> Place | None:
    """The city of the airport a name says ("Heathrow" -> London), unless the message or profile
    is in the country of a town of that name and not in the airport's."""
    city = airports.airport_city(text)
    if city is None:
        return None
    countries = {a.country_code for a in anchors}
    if city.country_code not in countries and any(p.country_code in countries for p in readings):
        return None
    return city


def _district_reading(name: str, anchors: list[Place]) -> tuple[str, Place] | None:
    """A compass word and a large city ("East London") read as that part of the city, unless the
    message or profile points near the place officially so named (places.compass_district)."""
    found = places.compass_district(name)
    if found is None:
        return None
    literal = places.lookup(name)
    if literal and any(
        a.country_code == literal[0].country_code
        or ((d := places.distance_km(a, literal[0])) is not None and d < FAR_KM)
        for a in anchors
    ):
        return None
    return found


def _organisation_chain(
    text: str, anchors: list[Place], reading: str | None, context: str = "", *, category: str = ""
) -> Chain | None:
    as_place = category == Category.LOCATION
    if category == Category.HEALTH and reading is None:
        care = companies.find_company(text)
        if care is not None and care[0].sector == "healthcare company":
            # "dialysis at Fresenius": where the care is given, never "at a company"
            return _ladder_chain(text, ChainKind.ORGANISATION, [("a clinic", "clinic")])
    # a bank one banks with is said by its kind ("offer from a bank"), never "a company"
    by_kind = as_place or category == Category.FINANCE
    listed = _company_chain(text, as_place=by_kind) if reading is None else None
    if listed is not None:
        return listed
    found = _find_organisation(text)
    if found is None:
        return None
    org, hints = found
    article = indefinite_article(org.type)
    levels = [Level(text, 0, org.members, 1, LevelSource.ORIGINAL, org.name)]
    readings: list[Reading] = []
    chosen_key = None
    located: Place | None = None
    district = _district_reading(org.city, anchors) if org.city and reading is None else None
    county = _county_chain(org.city, hints + anchors) if org.city and reading is None else None
    if county is not None and district is None:
        # "Hampshire Constabulary": the English county WordNet knows, not Hampshire, Illinois
        for level in county.levels[1:]:
            wording = f"{org.type} in {level.text}"
            levels.append(
                Level(f"{article} {wording}", len(levels), None, None, org.source, wording)
            )
    elif district is not None:  # "East London Mosque": a mosque in east London, not South Africa
        where, located = district
        wording = f"{org.type} in {where} {located.name}"
        levels.append(
            Level(f"{article} {wording}", 1, None, None, org.source, wording, located.key)
        )
    elif org.city and (
        # (a town only listed under another name is no reading: "Ridgeway Academy" is not in
        # Plympton, which GeoNames also calls Ridgeway)
        city_readings := [
            p
            for p in places.lookup(org.city)
            if places.named_officially(org.city.split(",")[0], p)  # ("Cambridge, Massachusetts")
        ]
    ):
        city = _choose_place(
            city_readings,
            hints + anchors,
            reading if reading in {p.key for p in city_readings} else None,
        )
        # "Aga Khan University" in Nairobi is not in Aga, Egypt; "Kingston Hospital" beside Kew
        # (London) is not in Kingston, Jamaica: a name's town must be in the context's country
        if (
            reading is not None
            or org.source == LevelSource.ORGANISATION  # the curated table knows its city
            or (
                not _far_from_context(city, hints + anchors)
                and (
                    len(city_readings) == 1
                    or any(a.country_code == city.country_code for a in [*hints, *anchors])
                    or (not anchors and _dominant(city_readings))
                )
            )
        ):
            located = city
            chosen_key = city.key
            levels[0] = Level(text, 0, org.members, 1, LevelSource.ORIGINAL, org.name, city.key)
            readings = [Reading(p.key, describe(p)) for p in city_readings[:10]]
    steps = [
        step
        for step in (places.chain(located) if located is not None else ())
        if step.kind != "continent"
        and not (
            step.kind == "city"
            and org.type in ("university", "college")
            and (step.population or 0) < UNIVERSITY_TOWN_POPULATION
        )  # "a university in Cambridge" or "in Oxford" all but names it
    ]
    levels += _kind_in_levels(org.type, steps, org.source, len(levels))
    # a kind said in lower case is a common noun, said without an article ("first semester of
    # nursing school" -> "of school", not "of a school")
    kind_text = org.type if text.islower() else f"{article} {org.type}"
    levels.append(_kind_level(org.type, kind_text, len(levels)))
    return Chain(text, ChainKind.ORGANISATION, _dedupe(levels), readings, chosen_key)


def _kind_in_levels(kind: str, steps: list[Place], source: LevelSource, first: int) -> list[Level]:
    """ "a university in Scotland", "a mosque in London": a kind of institution in each of
    `steps`, from degree `first` on."""
    article = indefinite_article(kind)
    return [
        Level(
            f"{article} {kind} in {place_text(step)}",
            first + n,
            step.population,
            _orgs_within(kind, step),
            source,
            f"{kind} in {step.name}",
            step.key,
        )
        for n, step in enumerate(steps)
    ]


def _kind_level(kind: str, text: str, degree: int) -> Level:
    """The kind alone ("a university", "uni"), with how many of it are known."""
    return Level(text, degree, None, _orgs_within(kind, None), LevelSource.TYPE, kind)


# A town under this size holds too few universities for "a university in <town>" to hide one
UNIVERSITY_TOWN_POPULATION = 300_000


@lru_cache(maxsize=256)
def _orgs_within(kind: str, place: Place | None) -> int | None:
    """k-figure of "a <kind> in <place>": known organisations of that type there (the curated
    table plus WordNet's located instances); None when none is known beyond the phrase's own."""
    seen: set[str] = set()
    count = 0
    for org in _known_organisations(kind):
        if org[0] in seen:
            continue
        seen.add(org[0])
        if place is None or (org[1] is not None and places.contains(place, org[1])):
            count += 1
    return count or None


@lru_cache(maxsize=64)
def _known_organisations(kind: str) -> tuple[tuple[str, Place | None], ...]:
    known: list[tuple[str, Place | None]] = []
    for org in set(organisation_table().values()):
        if org.type == kind:
            readings = places.lookup(org.city) if org.city else []
            known.append((org.name, readings[0] if readings else None))
    wn = wordnet()
    for synset in wn.synsets(kind.replace(" ", "_"), pos="n"):
        for instance in synset.instance_hyponyms():
            name = instance.lemma_names()[0].replace("_", " ")
            holonyms = instance.part_holonyms()
            located = None
            if holonyms:
                hints = _gloss_places(instance.definition())
                readings = places.lookup(holonyms[0].lemma_names()[0].replace("_", " "))
                located = _choose_place(readings, hints, None) if readings else None
            known.append((name, located))
    return tuple(known)


# --- other nouns ----------------------------------------------------------------------------


# The WordNet lexicographer files a private phrase's sense may come from, by its category: the
# category identification gave says what kind of thing the word names, so "date" in a
# relationship post is no calendar day, "T" in a gender post no chemical base, and "y/o" in an
# age no element. Ages, names, contact details and times never take WordNet hypernyms.
NOUN_SENSES: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        Category.HEALTH: frozenset(
            {
                "noun.state",
                "noun.act",
                "noun.process",
                "noun.artifact",
                "noun.person",
                "noun.body",
                "noun.event",
            }
        ),
        Category.RELATIONSHIP: frozenset(
            {"noun.person", "noun.act", "noun.event", "noun.state", "noun.communication"}
        ),
        Category.GENDER: frozenset({"noun.person"}),
        Category.SEXUALITY: frozenset({"noun.person", "noun.state", "noun.act", "noun.event"}),
        Category.AGE: frozenset(),
        Category.FINANCE: frozenset({"noun.possession", "noun.state", "noun.act"}),
        Category.POLITICS: frozenset(
            {"noun.act", "noun.group", "noun.person", "noun.cognition", "noun.event"}
        ),
        Category.EDUCATION: frozenset(
            {
                "noun.cognition",
                "noun.act",
                "noun.group",
                "noun.person",
                "noun.time",
                "noun.communication",
                "noun.artifact",
            }
        ),
        Category.WORK: frozenset({"noun.person", "noun.act", "noun.group", "noun.artifact"}),
        Category.RELIGION: frozenset(
            {
                "noun.act",
                "noun.person",
                "noun.cognition",
                "noun.group",
                "noun.artifact",
                "noun.communication",
                "noun.time",
                "noun.event",
            }
        ),
        Category.ETHNICITY: frozenset({"noun.person", "noun.group"}),
        Category.LANGUAGE: frozenset({"noun.communication"}),
        Category.LOCATION: frozenset({"noun.location", "noun.artifact", "noun.object"}),
        Category.IDENTITY: frozenset(),
        Category.CONTACT: frozenset(),
        Category.TIME: frozenset(),
    }
)


def _noun_chain(
    text: str, anchors: list[Place], reading: str | None, context: str = "", *, category: str = ""
) -> Chain | None:
    wn = wordnet()
    synsets, matched = _noun_synsets(text)
    if category in NOUN_SENSES and reading is None:
        synsets = [s for s in synsets if s.lexname() in NOUN_SENSES[category]]
    if not synsets:
        return None
    if reading:
        chosen = next((s for s in synsets if s.name() == reading), None)
        if chosen is None:
            raise ValueError(
                f"unknown reading {reading!r}; choose one of {', '.join(s.name() for s in synsets)}"
            )
    else:
        chosen = choose_sense(synsets, f"{text} {context}")
    # "the Jehovah's Witnesses" is one group: a name is no plural
    plural = is_plural(text) and not re.match(r"(?:the\s+)?[A-Z]", text)
    levels = [Level(text, 0, None, 1, LevelSource.ORIGINAL, text)]
    path = hypernym_path(chosen)
    if not path or path[-1].name() not in NATURAL_TOPS:
        return None
    determiner = re.match(r"(a|an|the|my|our|his|her|their)\s+", text, re.IGNORECASE)
    content = text[determiner.end() :] if determiner else text
    if (
        category == Category.WORK
        and chosen.lexname() == "noun.person"
        and matched
        and matched.lower() != content.lower()
    ):
        # "a process safety engineer" -> "an engineer": the role without what it specialises in
        article = determiner.group(1).lower() if determiner else ""
        if article in ("a", "an"):
            article = indefinite_article(matched)
        head = inflect(matched, plural)
        levels.append(
            Level(
                f"{article} {head}".strip(),
                1,
                None,
                hyponym_count(chosen.name()),
                LevelSource.TYPE,  # entailed by the phrase itself: no wording check needed
                matched,
            )
        )
    if category in (Category.WORK, Category.RELIGION):
        # a job's or a believer's hypernyms end in "a person", which says nothing a friend would
        # write ("Been a person my whole life" for a Jehovah's Witness)
        # nor "expert" ("a senior analyst" -> "a senior expert" judges)
        path = [synset for synset in path if synset.name() not in ("person.n.01", "expert.n.01")]
    if path and path[-1].name() == "discipline.n.01":
        path = path[:-1]  # "I survived anatomy" -> "I survived science", never "... discipline"
    if "mathematics.n.01" in {chosen.name(), *(h.name() for h in path)}:
        # WordNet files maths under science; school talk sets them apart ("a maths tutor" is no
        # "science tutor")
        path = [synset for synset in path if synset.name() != "science.n.01"]
    language = any(
        synset.name() == "natural_language.n.01"
        for line in chosen.hypernym_paths()
        for synset in line
    )
    for synset in path:
        if synset.name() == "relative.n.01":  # "family member", never "person" above it
            levels.append(
                Level(
                    "family member",
                    len(levels),
                    None,
                    hyponym_count(synset.name()),
                    LevelSource.WORDNET,
                    "family member",
                )
            )
            break
        if language:  # "Spanish" -> "a Romance language" -> "a language", never "Latin"
            family = next((n for n in synset.lemma_names() if n.endswith("_language")), None)
            if synset.name() == "natural_language.n.01" or (
                family is None and synset.name() != "language.n.01"
            ):
                continue
            word = family.replace("_", " ") if family else "language"
            levels.append(
                Level(
                    word, len(levels), None, hyponym_count(synset.name()), LevelSource.WORDNET, word
                )
            )
            continue
        # "sister" -> "female sibling" or "kinswoman" would keep the gender it should hide
        if synset.name() in GENDER_NEUTRAL:
            if GENDER_NEUTRAL[synset.name()] is None:
                continue
            synset = wn.synset(GENDER_NEUTRAL[synset.name()])
        word = best_lemma(synset)
        if word is None or GENDERED.match(word):
            continue
        levels.append(
            Level(
                inflect(word, plural),
                len(levels),
                None,
                hyponym_count(synset.name()),
                LevelSource.WORDNET,
                word,
            )
        )
    return Chain(
        text,
        ChainKind.NOUN,
        _dedupe(levels),
        [Reading(s.name(), s.definition()) for s in synsets[:8]],
        chosen.name(),
    )


GENDER_NEUTRAL: dict[str, str | None] = {
    "female_sibling.n.01": "sibling.n.01",
    "male_sibling.n.01": "sibling.n.01",
    "female_offspring.n.01": "child.n.02",
    "male_offspring.n.01": "child.n.02",
    "kinswoman.n.01": None,
    "kinsman.n.01": None,
    "woman.n.01": None,
    "man.n.01": None,
    "female.n.02": None,
    "male.n.02": None,
}  # gendered hypernyms and their neutral stand-ins (None: skipped)
GENDERED = re.compile(r"^(?:fe)?male[ _]", re.IGNORECASE)

_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "and",
        "or",
        "but",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "my",
        "your",
        "his",
        "her",
        "our",
        "their",
        "i",
        "you",
        "he",
        "she",
        "we",
        "they",
        "it",
        "this",
        "that",
        "as",
        "after",
        "before",
    ]
)


def _stems(text: str) -> set[str]:
    """Crude stems (first five letters) of the content words of a text, for sense overlap."""
    return {w[:5] for w in re.findall(r"[a-z]+", text.lower()) if w not in _STOP and len(w) > 2}


def choose_sense(synsets: list[Any], context: str) -> Any:
    """Simplified Lesk: the sense whose gloss, examples, lemmas and hypernyms share most words
    with the context; WordNet's sense order (frequency) breaks ties and adds a small prior."""
    words = _stems(context)

    def score(index: int) -> float:
        synset = synsets[index]
        signature = " ".join(
            [
                synset.definition(),
                *synset.examples(),
                *synset.lemma_names(),
                *(n for h in synset.hypernyms() for n in h.lemma_names()),
            ]
        )
        return len(words & _stems(signature.replace("_", " "))) - 0.1 * index

    return synsets[max(range(len(synsets)), key=score)]


def _noun_synsets(text: str) -> tuple[list[Any], str]:
    """Noun senses of the longest WordNet entry ending the phrase ("computer science major" ->
    "major"), most frequent first."""
    wn = wordnet()
    words = list(re.findall(r"[\w'-]+", text))
    for start in range(len(words)):
        if start and words[start - 1][:1].isupper():
            break  # "Steve jobs" is a name, not a kind of "jobs"
        candidate = "_".join(words[start:])
        lemma = wn.morphy(candidate.lower(), wn.NOUN) or candidate.lower()
        synsets = [s for s in wn.synsets(lemma, pos=wn.NOUN) if not s.instance_hypernyms()]
        common = [s for s in synsets if not _proper_only(s)]
        if candidate.islower() and common:
            synsets = common  # "cancer" written in lower case is not the constellation Cancer
        if synsets:
            return synsets, candidate.replace("_", " ")
    return [], ""


def _proper_only(synset: Any) -> bool:
    """A sense whose every name is capitalised (a proper-noun sense: "Cancer" the constellation)."""
    return all(name[:1].isupper() for name in synset.lemma_names())


def hypernym_path(synset: Any) -> list[Any]:
    """Hypernyms from the synset upwards: stop at a natural top ("person"), skip abstract middle
    rungs, and stop before the abstract top of the hierarchy or a rung above MAX_KINDS kinds.
    `_noun_chain` uses a path only when it ends at a natural top: the kinds of things people
    generalize to; other paths wander off ("march" -> "walk", "ward" -> "block")."""
    path: list[Any] = []
    current, seen = synset, {synset.name()}
    while parents := (current.hypernyms() or current.instance_hypernyms()):
        parents = sorted(parents, key=lambda p: p.name())  # nltk's order can vary between processes
        parent = next((p for p in parents if p.name() not in GENDER_NEUTRAL), parents[0])
        if parent.name() in seen:
            break
        seen.add(parent.name())
        if parent.name() in NATURAL_TOPS:
            path.append(parent)
            break
        if parent.name() in ABSTRACT or parent.min_depth() <= 3:
            if parent.min_depth() <= 3:
                break
            current = parent
            continue
        if hyponym_count(parent.name()) > MAX_KINDS:
            current = parent  # "structure", "activity", "time period": too general to say
            continue
        path.append(parent)
        current = parent
    return path


def best_lemma(synset: Any) -> str | None:
    """The synset's first lemma if it is common enough, else its most common lemma; None when all
    are too rare to read naturally."""
    from wordfreq import zipf_frequency

    if synset.name() in SYNSET_WORDINGS:
        return SYNSET_WORDINGS[synset.name()]
    scored: list[tuple[float, str]] = [
        (zipf_frequency(name.replace("_", " "), "en"), name.replace("_", " "))
        for name in synset.lemma_names()
    ]
    if scored[0][0] >= MIN_ZIPF:
        return scored[0][1]
    zipf, word = max(scored)
    return word if zipf >= MIN_ZIPF else None


def hyponym_count(synset_name: str) -> int:
    """k-figure of a WordNet level: how many concepts and instances it covers (itself excluded)."""
    synset = wordnet().synset(synset_name)
    return load_hyponym_counts().get(synset.offset(), 0)


@load_once
def load_hyponym_counts() -> dict[int, int]:
    """Number of distinct (instance) hyponyms below every noun synset, by offset, read straight
    from WordNet's data.noun (walking NLTK's synsets for this takes about 30 s)."""
    children: dict[int, list[int]] = {}
    with (nltk_data_dir() / "corpora" / "wordnet" / "data.noun").open(encoding="utf-8") as handle:
        for line in handle:
            if line.startswith(" "):
                continue  # licence header
            fields = line.split(" | ")[0].split()
            offset, words = int(fields[0]), int(fields[3], 16)
            at = 4 + 2 * words
            pointers = int(fields[at])
            kids = []
            for i in range(pointers):
                symbol, target, pos = fields[at + 1 + 4 * i : at + 4 + 4 * i]
                if symbol in ("~", "~i") and pos == "n":
                    kids.append(int(target))
            children[offset] = kids
    below: dict[int, frozenset[int]] = {}

    def descendants(root: int) -> frozenset[int]:
        stack = [(root, False)]
        while stack:  # iterative post-order: WordNet is deep enough to break recursion limits
            node, ready = stack.pop()
            if node in below:
                continue
            if ready:
                acc: set[int] = set()
                for kid in children.get(node, ()):
                    acc.add(kid)
                    acc |= below[kid]
                below[node] = frozenset(acc)
            else:
                stack.append((node, True))
                stack.extend((kid, False) for kid in children.get(node, ()) if kid not in below)
        return below[root]

    return {offset: len(descendants(offset)) for offset in children}


def is_plural(text: str) -> bool:
    """Whether the phrase's last word is a plural noun ("students")."""
    last = text.rsplit(maxsplit=1)[-1] if text.split() else text
    wn = wordnet()
    base = wn.morphy(last.lower(), wn.NOUN)
    return bool(base) and base != last.lower() and last.lower().endswith("s")


def inflect(word: str, plural: bool) -> str:
    if not plural:
        return word
    from lemminflect import getInflection

    if word == "person":
        return "people"
    last = word.rsplit(maxsplit=1)[-1]
    if re.fullmatch(r"[a-z]+[^su]s", last) and last in getInflection(last[:-1], tag="NNS"):
        return word  # already plural ("operations")
    forms = getInflection(last, tag="NNS")
    return " ".join([*word.split()[:-1], forms[0] if forms else last + "s"])


CHAIN_BUILDERS: Mapping[ChainKind, ChainBuilder] = MappingProxyType(
    {
        ChainKind.PLACE: _place_chain,
        ChainKind.ORGANISATION: _organisation_chain,
        ChainKind.NOUN: _noun_chain,
    }
)  # the registry `builder_order` draws from


# --- context ---------------------------------------------------------------------------------

_NAME = re.compile(r"\b[A-Z][\w.'-]*(?:\s+(?:of\s+)?[A-Z][\w.'-]*)*")


def _anchors(context_text: str, profile: Profile, exclude: str) -> list[Place]:
    """Places the message and the profile point to: named places and organisations' cities."""
    mentioned = [
        m.group(0).rstrip(".'-")
        for m in _NAME.finditer(context_text or "")
        if m.group(0) != exclude
    ]
    anchors: list[Place] = []
    for _, value in profile.items():
        # the user's own city is the likeliest of its readings by a smaller margin ("Bristol")
        anchors.extend(_anchor_places(value.strip(), PROFILE_DOMINANCE))
    for name in mentioned:
        found = _anchor_places(name.strip())
        if found and _frequent_word(name) and (found[0].population or 0) < SMALL_PLACE:
            continue  # "Got a call back ...": a sentence's first word, not Got in India
        anchors.extend(found)
    for flag in FLAG.finditer(context_text or ""):
        # "my granny from Mayo 🇮🇪": a flag says which country the post is about
        code = "".join(chr(ord(ch) - 0x1F1E6 + ord("A")) for ch in flag.group(0))
        country = places.get(f"country:{code}")
        anchors.extend([country] if country is not None else [])
    for symbol, codes in CURRENCY_COUNTRIES.items():
        if symbol in (context_text or ""):  # "€40k of the mortgage": Clontarf is not in Queensland
            anchors.extend(country for code in codes if (country := places.get(f"country:{code}")))
    return anchors


FLAG = re.compile("[\U0001f1e6-\U0001f1ff]{2}")  # a flag emoji: two regional indicators
# Currencies that point to where the author lives ("$" is too widely used to say)
CURRENCY_COUNTRIES: dict[str, tuple[str, ...]] = {
    "£": ("GB",),
    "€": ("IE", "FR", "DE", "ES", "IT", "NL", "BE", "PT", "AT", "FI", "GR"),
    "₹": ("IN",),
    "₦": ("NG",),
    "KSh": ("KE",),
    "₱": ("PH",),
    "A$": ("AU",),
    "NZ$": ("NZ",),
    "C$": ("CA",),
}


MENTION_DOMINANCE = 10  # a reading anchors when it has this many times the next one's people


def _dominant(readings: list[Place], dominance: int = MENTION_DOMINANCE) -> bool:
    """The first reading has `dominance` times the people of the next one."""
    return len(readings) == 1 or (
        len(readings) > 1
        and (readings[0].population or 0) > dominance * (readings[1].population or 1)
    )


PROFILE_DOMINANCE = 3


@lru_cache(maxsize=2048)
def _frequent_word(name: str) -> bool:
    """A single word among the commonest of English ("Got", "Just", "Back")."""
    from wordfreq import zipf_frequency

    return " " not in name.strip() and zipf_frequency(name.lower(), "en") >= 5.0


@lru_cache(maxsize=2048)
def _anchor_places(name: str, dominance: int = MENTION_DOMINANCE) -> tuple[Place, ...]:
    if not name or len(name) > 80:
        return ()
    org = organisation_table().get(name.casefold())
    if org is not None and org.city:
        readings = places.lookup(org.city)
        return (readings[0],) if readings else ()
    found = _wordnet_organisation(name) if name[:1].isupper() else None
    if found is not None:
        return tuple(found[1])
    city = airports.airport_city(name)
    if city is not None:
        return (city,)  # "Heathrow" points to London, not to Heathrow, Florida
    readings = places.lookup(name)
    # Only unambiguous or clearly dominant names anchor the context, and only by a name the
    # place goes by in English ("Dave" is a spelling of Dawei in some language, not a place)
    if readings and _dominant(readings, dominance) and places.named_officially(name, readings[0]):
        return (readings[0],)
    return ()
