"""Recognizer of sensitive words (Detector.TOPIC): family and partners, sexuality, health, religion,
politics, ethnicity, languages, study, work and money, when they concern the author.

The lexicon is `data/terms.tsv` (category, mode, terms). Terms are tokenized with spaCy's tokenizer
once per process and looked up token by token (longest match first, lemmas for single words, a
leading # of a hashtag kept in the span). A term written with capitals in the data ("Labour",
"on T", "MA") only matches text with those capitals (an initial capital is always allowed).

A match is kept when its mode's condition holds (`osnguard.privacy.author` decides who a clause
speaks of):
- any: the clause refers to the author or someone close ("chemo this morning", "mum's surgery");
- strict: a first-person or close-person reference, not just a subjectless clause (ambiguous words
  such as "girl", "bi", "rent");
- role: a job said of the author ("I'm a nurse", "as a paramedic", "newly qualified teacher");
- employer: a kind of employer after "at a", "with a", "joined a" in a clause about the author
  ("starting with a small medtech", "a job at a fintech");
- lang: a language when the clause speaks of speaking, learning or studying it ("learning
  Korean"), otherwise a nationality (ethnicity) in a clause about the author, not of food or goods
  ("proud to be Nigerian", not "Thai food").
Words owned by someone else ("his mum", "her wife") are never kept.

Profile links by topic (`data/profile_relations.tsv`): a word that belongs to the user's profile
religion or work ("shul" for a Jewish user, "my station" for a firefighter) is reported with the
link as its reason, even when it would not be private on its own.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal

from osnguard.privacy import companies, resources
from osnguard.privacy.author import (
    CLOSE_PEOPLE,
    TIME_OWNERS,
    AuthorReference,
    author_reference,
    names_close_person,
    person_of,
    speaks_of_author,
)
from osnguard.privacy.identification.categories import CATEGORY_REASON
from osnguard.privacy.lexicon import GREETING_AFTER, GREETING_BEFORE, LETTER_GRADES, POSSESSIVES
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase

Mode = Literal["any", "strict", "role", "lang", "employer"]
DATA = Path(__file__).parent / "data" / "terms.tsv"
RELATIONS = Path(__file__).parent / "data" / "profile_relations.tsv"
RELATION_CATEGORIES: dict[str, Category] = {
    "religion": Category.RELIGION,
    "work": Category.WORK,
    "politics": Category.POLITICS,
}
PROFILE_WORDING: dict[str, str] = {
    "religion": "your religion is",
    "work": "your work is",
    "politics": "your politics are",
}

# Care that is a gender transition's in a post about one (guidelines: "HRT" is gender in a
# transition post, health in a menopause post)
TRANSITION_CARE = frozenset(
    {("hrt",), ("hrt", "patch"), ("testosterone",), ("oestrogen",), ("estrogen",)}
)
TRANSITION_CUES = re.compile(
    r"🏳\ufe0f?\u200d⚧|\btrans(?:gender)?\b|\btransition(?:ing|ed)?\b|\bgender clinic\b"
    r"|\b(?:out|living|presenting) as an? (?:woman|man|girl|boy)\b|\b(?:egg|deadname)\b"
    r"|\b(?:she|he|they)/(?:her|him|them)\b|\bnon-?binary\b",
    re.IGNORECASE,
)
LIFE_EVENT_CATEGORIES = frozenset({Category.HEALTH, Category.RELIGION})
OTHER_OWNERS = frozenset({"his", "her", "their", "your", "ur", "yr", "its", "whose"})
PERSONAL_REFERENCES = frozenset(
    {AuthorReference.FIRST_PERSON, AuthorReference.WE, AuthorReference.CLOSE_PERSON}
)
ROLE_CONTEXT = re.compile(
    r"(?:\b(?:i'?m|i am|am|as|become|became|becoming|trained as|training as|training to be|"
    r"qualified as|work as|working as|job as|career as|life as|proud|promoted to|made up to|"
    r"moved up to|stepped up to|made me|make me|making me|hired me as|hired as|got a job as)"
    r"\s+(?:a|an)?\s*"
    r"(?:[\w-]+\s+){0,2}|\b(?:newly qualified|trainee|student|qualified|retired|former|ex-|"
    r"junior|senior|lead|head|chief|locum|agency|relief|night|freelance)\s+"
    r"(?:[\w-]+\s+){0,1})$",
    re.I,
)
LANGUAGE_CONTEXT = frozenset(
    {
        "speak", "speaks", "speaking", "spoke", "learn", "learns", "learning", "learnt",
        "learned", "lesson", "lessons", "class", "classes", "fluent", "fluently", "practice",
        "practise", "practising", "practicing", "study", "studying", "studied", "native",
        "accent", "dialect", "translate", "translating", "exam", "test", "course", "tutor",
        "duolingo", "conversation", "bilingual", "grammar", "vocab", "words", "teach",
        "teaching", "taught", "immersion", "understand", "read", "write", "writing",
    }
)  # fmt: skip
GOODS = frozenset(
    {
        "food", "restaurant", "cuisine", "takeaway", "takeout", "place", "dish", "dishes",
        "curry", "bbq", "bakery", "cafe", "café", "car", "cars", "beer", "wine", "film",
        "films", "movie", "movies", "show", "drama", "dramas", "music", "song", "songs",
        "band", "team", "league", "grand", "prix", "open", "election", "government", "news",
        "breakfast", "lunch", "dinner", "market", "style", "version", "supermarket", "shop",
        "brand", "series", "anime", "pop", "chicken", "tea", "coffee", "lessons",
        # trades people go to for their craft ("a good Turkish barber")
        "barber", "barbers", "barbershop", "grocer", "grocers", "butcher", "butchers", "deli",
        "tailor", "salon", "mechanic", "massage", "sweets", "snacks", "kebab", "bread",
    }
)  # fmt: skip
# a nationality said of oneself: "I'm Kurdish", "growing up Hokkien", "as a Somali woman"
SELF_DESCRIPTION = re.compile(
    r"(?:\b(?:i'?m|i am|we'?re|we are|being|be|grew up|growing up|raised|as an?|born)\s+"
    r"(?:(?:half|proudly|also|a|an)\s+)?)$"
)
# Words after which "broke" is the verb ("nearly broke me"), no money
VERB_BROKE_OBJECTS = frozenset(
    {"me", "us", "him", "her", "them", "my", "our", "his", "their", "the", "a", "down", "up",
     "into", "out", "through", "even", "it", "in"}
)  # fmt: skip
# "came out of the shop" is not a coming out
NOT_AFTER: dict[tuple[str, ...], frozenset[str]] = {
    ("came", "out"): frozenset({"of", "with", "at", "on", "for", "and", "tonight", "in"}),
    ("coming", "out"): frozenset({"of", "with", "at", "on", "for", "and", "tonight", "in"}),
    ("broke",): VERB_BROKE_OBJECTS,  # "nearly broke me", "broke my heart": the verb, not money
    ("bills",): frozenset({"incl", "included", "inc", "including", "extra"}),  # a rent's terms
}
# A festival's greeting sent from the author's household ("Ramadan Kareem from our family to
# yours"): they keep it
GREETING_FROM_OWN = re.compile(
    r"(?:\s+\w+)?[\s,!]+from\s+(?:our|my|me|us|all\s+of\s+us|the\s+\w+\s+(?:family|household))\b",
    re.IGNORECASE,
)
# The stage of a disease said before it ("stage 2 breast cancer", "stage IV")
STAGE_BEFORE = re.compile(r"\b[Ss]tage\s+(?:[1-4]|I{1,3}V?|IV)[abcABC]?\s+$")
# A correction's rejected alternative ("psoriasis, not eczema")
CONTRASTED_BEFORE = re.compile(r"\w,\s*(?:but\s+)?not\s+(?:a\s+|an\s+)?$", re.IGNORECASE)
# "mum's the word": keeping quiet, no mother
IDIOM_AT = re.compile(r"m[ou]m['’]s the word\b", re.IGNORECASE)
CONFIDENCE: dict[str, float] = {
    "any": 0.8,
    "strict": 0.75,
    "role": 0.8,
    "lang": 0.75,
    "employer": 0.75,
}


@dataclass(frozen=True)
class Term:
    """One lexicon entry."""

    text: str
    category: Category
    mode: Mode
    case_sensitive: bool


@dataclass(frozen=True)
class Lexicon:
    """Entries by their lower-case token sequence."""

    entries: dict[tuple[str, ...], tuple[Term, ...]]
    longest: int
    languages: frozenset[str]


def _rows(path: Path) -> list[tuple[Category, Mode, str]]:
    with open(path, encoding="utf-8") as handle:
        lines = [line for line in handle if not line.startswith("#")]
    rows = []
    for row in csv.DictReader(lines, delimiter="\t"):
        for term in row["terms"].split("|"):
            if term.strip():
                mode: Mode = row["mode"]  # type: ignore[assignment]  # checked below
                if mode not in CONFIDENCE:
                    raise ValueError(f"{path.name}: unknown mode {mode!r}")
                rows.append((Category(row["category"]), mode, term.strip()))
    return rows


@cache
def lexicon() -> Lexicon:
    """The lexicon, tokenized like messages are (loaded once per process)."""
    tokenizer: Any = resources.nlp().tokenizer
    entries: dict[tuple[str, ...], list[Term]] = {}
    languages: set[str] = set()
    for category, mode, text in _rows(DATA):
        key = tuple(token.lower_ for token in tokenizer(text))
        term = Term(text, category, mode, case_sensitive=text != text.lower())
        bucket = entries.setdefault(key, [])
        if term not in bucket:
            bucket.append(term)
        if category == Category.LANGUAGE:
            languages.add(" ".join(key))
    # exact-case entries first, then jobs, then languages ("learning Yoruba"), then file order
    ordered = {
        key: tuple(
            sorted(terms, key=lambda t: (not t.case_sensitive, t.mode != "role", t.mode != "lang"))
        )
        for key, terms in entries.items()
    }
    return Lexicon(ordered, max(len(key) for key in ordered), frozenset(languages))


@cache
def relations() -> dict[tuple[str, str], frozenset[tuple[str, ...]]]:
    """(attribute, word of the profile value) -> the token sequences that belong to it."""
    tokenizer: Any = resources.nlp().tokenizer
    with open(RELATIONS, encoding="utf-8") as handle:
        lines = [line for line in handle if not line.startswith("#")]
    table: dict[tuple[str, str], frozenset[tuple[str, ...]]] = {}
    for row in csv.DictReader(lines, delimiter="\t"):
        words = frozenset(
            tuple(t.lower_ for t in tokenizer(re.sub(r"(?i)^my\s+", "", word.strip())))
            for word in row["words"].split("|")
            if word.strip()
        )  # "my station" -> "station": the span is the shortest that discloses
        table[(row["attribute"], row["value"].strip().lower())] = words
    return table


def _profile_words(context: MessageContext) -> dict[tuple[str, ...], tuple[str, str]]:
    """Token sequences linked to the user's profile -> (attribute, profile value)."""
    linked: dict[tuple[str, ...], tuple[str, str]] = {}
    for (attribute, key), words in relations().items():
        for value in context.profile.values.get(attribute, ()):
            if key in value.lower():
                for word in words:
                    linked.setdefault(word, (attribute, value))
    return linked


def _profile_phrase(start: int, end: int, text: str, attribute: str, value: str) -> Phrase:
    word = text[start:end]
    reason = f"Your profile says {PROFILE_WORDING[attribute]} {value}, and “{word}” belongs to it."
    return Phrase(
        start=start,
        end=end,
        text=word,
        category=RELATION_CATEGORIES[attribute],
        reason=reason,
        confidence=0.85,
        detectors=[Detector.PROFILE],
        reasons=[reason],
        attribute=attribute,
    )


def _normal(token: Any) -> str:
    return str(token.lower_).lstrip("#") or str(token.lower_)


def _case_matches(term: Term, text: str) -> bool:
    if not term.case_sensitive:
        return True
    return text == term.text or text == term.text[:1].upper() + term.text[1:]


def _speaks_of_itself(window: list[Any]) -> bool:
    """A word of the user's work or faith that is its clause's subject, with no one's possessive
    but the author's: "Resus has been brutal lately" for a nurse, "the station was quiet" for a
    firefighter, a place or routine of the user's own life."""
    head = next((t for t in window if t.head not in window or t.head == t), window[-1])
    owners = [c for c in head.children if c.dep_ == "poss"]
    return head.dep_ in ("nsubj", "nsubjpass") and all(c.lower_ in {"my", "our"} for c in owners)


def owned_by_other(tokens: list[Any], *, life_event: bool = False) -> bool:
    """ "his mum", "her wife", "Sarah's dad": someone else's. With `life_event` (a health or
    religion term), a first name's own ("Theo's heart op", "Ama's christening") is a close
    person's: people post their family's and friends' events by first name."""
    doc = tokens[0].doc
    i = _before_modifiers(tokens)
    if i < 0:
        return False
    before = doc[i]
    if before.lower_ in OTHER_OWNERS:
        # "my girlfriend ... her DPhil", "my mum's ... her chemo", "My son's IEP is Thursday.
        # his diagnosis came through": the close person's own, in this sentence or an earlier one
        return not (before.lower_ in {"his", "her", "their"} and names_close_person(doc))
    contracted = before.pos_ == "AUX"  # "it's psoriasis": "is", no owner
    if contracted and i > 0 and doc[i - 1].lower_ in {"he", "she"}:
        # "till she's discharged": someone else's, unless the post names who is close
        return not names_close_person(doc)
    if before.lower_ in {"'s", "’s"} and i > 0 and not contracted:
        owner = doc[i - 1]
        if owner.lower_ == "else" and i > 1 and doc[i - 2].lower_ in {"anyone", "anybody"}:
            return False  # "anyone else's sertraline make them yawn?": the author's too
        little_one = owner.lower_ == "one" and i > 1 and doc[i - 2].lower_ == "little"
        if owner.lower_ in TIME_OWNERS:
            return False  # "Tonight's AA meeting": a time owns nothing
        if life_event and _first_name_alone(owner):
            return False
        if i > 1 and doc[i - 2].lower_ in CLOSE_OWNERS and owner.text[:1].isupper():
            return False  # "Aunty Ngozi's 60th": a close person called by name
        if owner.lower_ not in CLOSE_OWNERS and not little_one:
            return True  # "Sarah's dad"
        # "my son's baptism" is the author's family's; "his son's baptism" is not
        return i > 1 and doc[i - 2].lower_ in OTHER_OWNERS
    return False


def in_title(tokens: list[Any]) -> bool:
    """A capitalised term joined by "and" to another capitalised common noun, as titles are
    ("Pride and Prejudice", "Sense and Sensibility"), not to a name or a person ("Pride and
    Jo's party", "Pride and Mum")."""
    doc, last = tokens[0].doc, tokens[-1].i
    if not tokens[0].text[:1].isupper() or last + 2 >= len(doc) or doc[last + 1].lower_ != "and":
        return False
    other = doc[last + 2]
    return bool(
        other.text[:1].isupper()
        and other.text[1:].islower()
        and other.lower_ not in CLOSE_PEOPLE
        and resources.wordnet().synsets(other.lower_, pos="n")
    )


def _before_modifiers(tokens: list[Any]) -> int:
    """The index of the word before the phrase and its adjectives or numbers ("my [new] op")."""
    doc, i = tokens[0].doc, int(tokens[0].i) - 1
    while i >= 0 and doc[i].pos_ in {"ADJ", "NUM"}:
        i -= 1
    return i


def _first_name_owner(tokens: list[Any]) -> bool:
    """The phrase is owned by a capitalised name said alone ("Theo's heart op")."""
    doc, i = tokens[0].doc, _before_modifiers(tokens)
    return i >= 1 and doc[i].lower_ in {"'s", "’s"} and _first_name_alone(doc[i - 1])


def _first_name_alone(owner: Any) -> bool:
    """A capitalised name said alone ("Theo"), not a full name or an organisation ("Joe
    Biden", "Apple")."""
    before = owner.nbor(-1) if owner.i > 0 else None
    listed = companies.company_table().get(owner.lower_) is not None
    return bool(
        owner.pos_ == "PROPN"
        and owner.text[:1].isupper()
        and owner.text[1:].islower()
        and (owner.ent_type_ in {"", "PERSON"} or (owner.ent_type_ == "ORG" and not listed))
        and (before is None or before.pos_ != "PROPN")
    )


# Words of study, which decide for a word that is also a degree ("MS", "MA")
STUDY_CUES = frozenset(
    {"graduating", "graduated", "graduate", "graduation", "degree", "thesis", "university",
     "uni", "college", "studying", "dissertation", "defended", "defend", "enrolled", "masters"}
)  # fmt: skip
# Owners whose things are the author's family's too ("mum's surgery", "our son's baptism"); a
# cousin's wedding or a friend's diagnosis is theirs
CLOSE_OWNERS = CLOSE_PEOPLE - {"cousin", "family", "fam", "bestie", "folks"}


# "translator life: ...", "nurse mode", "barista shift": the author's job named alone
ROLE_AFTER = re.compile(r"^\s*(?:life|mode|shift|shifts|problems|struggles)\b", re.I)


# what comes before a kind of employer one works for ("starting with a small medtech", "a job
# at a fintech", "joined a startup")
EMPLOYER_BEFORE = re.compile(
    r"\b(?:at|with|for|join|joined|joining|joins)\s+(?:a|an)\s+"
    r"(?:(?:small|big|tiny|new|local|little|huge|great|young|growing|[A-Z][\w-]*)\s+)?$"
)


# a job someone else is looking for: "we're hiring a junior analyst", "dog walker needed"
VACANCY = re.compile(
    r"\b(?:hiring|recruiting|looking for|seeking|need|needs|wanted|needed)\b", re.I
)


def _role_context(text: str, start: int, end: int) -> bool:
    prefix = text[max(0, start - 60) : start]
    if VACANCY.search(text[max(0, start - 25) : start]) or VACANCY.match(
        text[end : end + 8].strip()
    ):
        return False
    return bool(ROLE_CONTEXT.search(prefix) or ROLE_AFTER.match(text[end : end + 12]))


def _clause_words(tokens: list[Any]) -> set[str]:
    sentence = tokens[0].sent
    return {token.lower_ for token in sentence}


@lru_cache(maxsize=4096)
def is_person_noun(word: str) -> bool:
    """The word's first sense as a noun is a person ("sponsor", "neighbour", "assistant")."""
    senses = resources.wordnet().synsets(word, pos="n")
    return bool(senses) and senses[0].lexname() == "noun.person"


@lru_cache(maxsize=1024)
def _food_noun(word: str) -> bool:
    """One of the word's first two senses as a noun is a food ("cakes", "fries")."""
    return any(s.lexname() == "noun.food" for s in resources.wordnet().synsets(word, pos="n")[:2])


def names_a_thing(people: str, following: Any) -> bool:
    """A people's word naming a dish or a thing with the next noun ("Welsh cakes", "Turkish
    delight", "Indian summer"), not anyone's descent."""
    if following is None or following.pos_ != "NOUN":
        return False
    compound = f"{people}_{following.lower_}".replace(" ", "_")
    return bool(resources.wordnet().synsets(compound, pos="n")) or _food_noun(following.lower_)


def begins_a_name(following: Any) -> bool:
    """The token after a people's word is a capitalised proper noun, so the word begins a name
    ("the Irish Times", "Thai Airways")."""
    return following is not None and following.pos_ == "PROPN" and following.is_title


# People a language is taught by, not a people ("my Igbo teacher")
LANGUAGE_TEACHERS = frozenset({"teacher", "teachers", "tutor", "tutors", "lecturer", "instructor"})


def _language_or_nationality(term: Term, tokens: list[Any], lex: Lexicon) -> Category | None:
    words = _clause_words(tokens)
    name = " ".join(_normal(t) for t in tokens)
    following = tokens[-1].nbor(1) if tokens[-1].i + 1 < len(tokens[-1].doc) else None
    after = following.lower_ if following is not None else ""
    before = tokens[0].nbor(-1).lower_ if tokens[0].i > 0 else ""
    prefix = tokens[0].doc.text[max(0, tokens[0].idx - 20) : tokens[0].idx].lower()
    if (
        name in lex.languages
        and (before in OTHER_OWNERS | {"my", "our"})
        and (following is None or following.pos_ not in {"NOUN", "PROPN"})
    ):
        return Category.LANGUAGE  # "my German is better than my Kurmanji", "my Dutch for..."
    key = tuple(_normal(t) for t in tokens)
    nationality = any(e.category == Category.ETHNICITY for e in lex.entries.get(key, ()))
    if SELF_DESCRIPTION.search(prefix) and nationality:
        return Category.ETHNICITY  # "I'm Kurdish", "growing up Hokkien", "being Somali"
    if name in lex.languages and (words & LANGUAGE_CONTEXT or before == "in"):
        return Category.LANGUAGE
    if names_a_thing(name, following):
        return None  # "Welsh cakes", "French fries", "Turkish delight": a dish, no one's descent
    if (
        following is not None
        and following.lower_ not in GOODS | LANGUAGE_TEACHERS
        and (
            (following.pos_ == "NOUN" and is_person_noun(following.lemma_.lower()))
            or any(
                e.category in (Category.GENDER, Category.RELATIONSHIP)
                for e in lex.entries.get((following.lower_,), ())
            )
        )
    ):
        return Category.ETHNICITY  # "Igbo aunties", "my Punjabi mum": a people, no language
    if after in GOODS or begins_a_name(following):
        return None  # "Thai food", "the Irish Times"
    return term.category


def _choose(
    terms: tuple[Term, ...],
    tokens: list[Any],
    context: MessageContext,
    lex: Lexicon,
    personal_post: Callable[[], bool],
) -> tuple[Term, Category] | None:
    text = context.text
    start, end = tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)
    surface = text[start:end].lstrip("#")
    key = tuple(_normal(t) for t in tokens)
    blocked = NOT_AFTER.get(key)
    following = tokens[-1].i + 1 < len(tokens[-1].doc)
    if blocked and following and tokens[-1].nbor(1).lower_ in blocked:
        return None
    if in_title(tokens) or IDIOM_AT.match(text, start):
        return None  # "rewatching Pride and Prejudice": a book's title
    if CONTRASTED_BEFORE.search(text, 0, start):
        return None  # "it's psoriasis, not eczema": what the author does not have
    life_event = all(t.category in LIFE_EVENT_CATEGORIES for t in terms)
    if owned_by_other(tokens, life_event=life_event):
        return None
    if tokens[-1].text in CAPITALISED_MONTHS and all(
        t.lower_ in {"at", "on", "the", "in"} for t in tokens[:-1]
    ):
        return None  # "since the March budget": a month, not "the march"
    if (
        GREETING_AFTER.match(text[end:]) or GREETING_BEFORE.search(text[:start])
    ) and not GREETING_FROM_OWN.match(text, end):
        return None  # "Ramadan Mubarak to everyone fasting", "Happy Diwali": a greeting
    if TO_THOSE_CELEBRATING.match(text, end):
        return None  # "Happy Diwali to everyone celebrating!": wished to others, said of no one
    if FESTIVE_GREETING.fullmatch(surface) and GREETED_READERS.match(text, end):
        return None  # "Eid Mubarak everyone": a greeting to readers
    if _subject_as_thing(tokens):
        terms = tuple(t for t in terms if not _study_subject(t))
    reference = author_reference(text, start, end, context.doc)
    if reference is None and life_event and _first_name_owner(tokens):
        reference = AuthorReference.CLOSE_PERSON  # "Theo's heart op": posted by his family
    if len({t.category for t in terms}) > 1 and _clause_words(tokens) & STUDY_CUES:
        # "graduating with my MS": the degree, not multiple sclerosis
        terms = tuple(sorted(terms, key=lambda t: t.category != Category.EDUCATION))
    for term in terms:
        if not _case_matches(term, surface):
            continue
        if term.mode == "role":
            if _role_context(text, start, end):
                return term, term.category
            continue
        if term.mode == "employer":
            if EMPLOYER_BEFORE.search(text[max(0, start - 40) : start]) and (
                reference is not None or personal_post()
            ):
                return term, term.category
            continue
        if term.mode == "any" and (reference is not None or personal_post()):
            return term, term.category
        if reference is None and not (term.mode == "lang" and personal_post()):
            continue
        if term.mode == "any":
            return term, term.category
        if term.mode == "strict" and (reference is None or not _personal(reference, text)):
            continue
        if term.mode == "strict":
            return term, term.category
        category = _language_or_nationality(term, tokens, lex)
        if category is not None:
            return term, category
    return None


# Words before a noun that make a study subject a thing or a place ("at my pharmacy", "the
# medicine", "the chemistry between us"), where a subject studied stands bare ("pharmacy at
# Aston", "my maths teacher")
THING_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "your", "this", "that"})


def _study_subject(term: Term) -> bool:
    """A subject of study in words ("pharmacy", "civil engineering"), not a school year."""
    return (
        term.category == Category.EDUCATION
        and term.mode == "strict"
        and term.text.replace(" ", "").isalpha()
        and term.text.islower()
        and not term.text.endswith(("grade", "infants", "school"))
    )


def shop_not_subject(tokens: list[Any]) -> bool:
    """The words name a subject of study, but as a thing or place: "at my pharmacy"."""
    entries = lexicon().entries.get(tuple(_normal(t) for t in tokens), ())
    return any(_study_subject(t) for t in entries) and _subject_as_thing(tokens)


def _subject_as_thing(tokens: list[Any]) -> bool:
    """The words follow a determiner and end a noun phrase: "at my pharmacy" is a shop."""
    first, last = tokens[0], tokens[-1]
    if first.i == 0 or first.nbor(-1).lower_ not in THING_DETERMINERS:
        return False
    following = last.i + 1 < len(last.doc) and last.nbor(1).pos_ in ("NOUN", "PROPN")
    return not following


# WordNet roots of words about health: conditions, procedures, care, medicines (not the
# practitioners: "the nurses at the Marsden" are not the author's health).
HEALTH_ROOTS = frozenset(
    {
        "ill_health.n.01", "disorder.n.01", "pathological_state.n.01", "symptom.n.01",
        "medical_procedure.n.01", "medical_care.n.01", "medicine.n.02", "addiction.n.01",
    }
)  # fmt: skip


@lru_cache(maxsize=8192)
def _wordnet_health(words: tuple[str, ...]) -> bool:
    """The most frequent noun sense of the words (a WordNet compound when several) is a health
    condition, treatment or medicine ("insomnia", "chickenpox", "mastectomy")."""
    synsets = resources.wordnet().synsets("_".join(words), pos="n")
    if not synsets:
        return False
    closure = {s.name() for s in synsets[0].closure(lambda s: s.hypernyms())}
    return bool(closure & HEALTH_ROOTS)


@lru_cache(maxsize=8192)
def zipf(word: str) -> float:
    """The word's frequency in English on wordfreq's zipf scale ("results" 5.2, "chemo" 3.3)."""
    from wordfreq import zipf_frequency

    return zipf_frequency(word, "en")


# A word this frequent is everyday talk ("done suffering", "so much pain"; wordfreq: "results"
# 5.2, "treatment" 5.0; "chemo" 3.3, "physio" 2.8): a guessed health sense of it, WordNet's or the
# post tagger's, is no disclosure; the lexicon lists the common health words worth reporting
EVERYDAY_ZIPF = 4.5


def _wordnet_terms(window: list[Any]) -> tuple[Term, ...] | None:
    """A lexicon entry made from WordNet for a lower-case noun (or noun compound) the lexicon
    does not list."""
    last = window[-1]
    if last.pos_ != "NOUN" or any(not t.is_alpha or not t.is_lower for t in window):
        return None
    if last.dep_ == "compound" and last.head.i > last.i:
        return None  # "the 1918 flu pandemic" is about the pandemic
    words = (*(str(t.lower_) for t in window[:-1]), str(last.lemma_).lower())
    if len(window) == 1 and zipf(last.lower_) >= EVERYDAY_ZIPF:
        return None
    if not _wordnet_health(words):
        return None
    return (Term(" ".join(words), Category.HEALTH, "any", case_sensitive=False),)


def _personal_post(context: MessageContext) -> bool:
    """The post speaks in the first person somewhere: its sensitive words are the author's world
    even in a clause about something else ("the divorce is final", "the bipolar brain")."""
    return person_of(context.text.split()) is not None or speaks_of_author(
        context.text, context.doc
    )


def _personal(reference: AuthorReference, text: str) -> bool:
    """A first-person or close-person clause, or a fragment in a post that speaks in the first
    person ("nonbinary, 27, and finally dating someone who uses my pronouns")."""
    if reference in PERSONAL_REFERENCES:
        return True
    return reference == AuthorReference.SUBJECTLESS and person_of(text.split()) is not None


# A kind of visa said by its code ("D7 visa", "O-1 visa", "subclass 482 visa", "Tier 2 visa")
VISA_KIND = re.compile(
    r"\b(?:[A-Z]{1,3}-?\d{1,3}[A-Z]?|(?:Tier|subclass|Subclass)\s+\d{1,3})\s+visas?\b"
)
# Month names that are also words of the lexicon in lower case ("at the march": a protest)
CAPITALISED_MONTHS = frozenset({"March", "May"})
# Endings of hashtags that label the poster by a word before them ("#nurselife", "#mumlife",
# "#teacherproblems", "#spooniestruggles")
HASHTAG_TAILS = ("life", "lyfe", "problems", "probs", "struggles", "goals", "things", "diaries")
HASHTAG = re.compile(r"#([a-z]+?)(" + "|".join(HASHTAG_TAILS) + r")\b", re.IGNORECASE)


def _labelling_hashtags(context: MessageContext, lex: Lexicon) -> list[Phrase]:
    """Hashtags made of a sensitive word and a label ending ("#nurselife" -> work): the poster's
    own label, in a post that speaks of them."""
    found: list[Phrase] = []
    for match in HASHTAG.finditer(context.text):
        terms = lex.entries.get((match[1].lower(),), ())
        useful = [t for t in terms if t.mode != "lang"]
        if not useful:
            continue
        term = next((t for t in useful if t.mode == "role"), useful[0])
        found.append(_phrase(match.start(), match.end(), term.category, term.mode, context.text))
    return found


def _phrase(start: int, end: int, category: Category, mode: Mode, text: str) -> Phrase:
    reason = CATEGORY_REASON[category]
    return Phrase(
        start=start,
        end=end,
        text=text[start:end],
        category=category,
        reason=reason,
        confidence=CONFIDENCE[mode],
        detectors=[Detector.TOPIC],
        reasons=[reason],
    )


# Role words that say little without the nouns before them ("customer service officer")
GENERIC_ROLES = frozenset(
    {"officer", "assistant", "agent", "adviser", "advisor", "rep", "representative", "associate",
     "coordinator", "executive", "operative", "controller", "handler"}
)  # fmt: skip


def _role_compound_start(tokens: list[Any], i: int, start: int, found: list[Phrase]) -> int:
    """Where a job's name starts when nouns before the role word say which job ("a customer
    service officer", "a loan officer"): the whole compound, so that "officer" is not read as a
    soldier's rank."""
    if tokens[i].lower_ not in GENERIC_ROLES:
        return start
    first = i
    while (
        first > 0
        and tokens[first - 1].dep_ == "compound"
        and tokens[first - 1].pos_ == "NOUN"
        and tokens[first - 1].is_lower
        and tokens[first - 1].head.i in range(first, i + 1)
    ):
        first -= 1
    if first == i or (found and found[-1].end > tokens[first].idx):
        return start
    return int(tokens[first].idx)


# Units a term may start with, whose number before it belongs to the phrase ("12 weeks pregnant")
COUNTED_UNITS = frozenset({"weeks", "months", "days", "years", "week", "month", "day", "year"})

HOLIDAY_NAMES = frozenset({("mother",), ("father",), ("mothers",), ("fathers",)})
HOLIDAY_AFTER = re.compile(r"['’]?s?['’]?\s+day\b", re.IGNORECASE)  # "Mother's Day", "Fathers Day"
# Words of the lexicon that are also a verb's past, which takes an object ("broke 700")
VERB_FORMS = frozenset({("broke",)})
# Head nouns a health word modifies, which go with it ("HIV meds", "hip op", "stroke ward": the
# ward of a condition is a patient's, never a workplace word alone)
HEALTH_HEADS = frozenset(
    {
        "op",
        "operation",
        "surgery",
        "meds",
        "medication",
        "tablets",
        "pills",
        "ward",
        "wards",
        "unit",
    }
)
# Places at work or in a hospital that a number names ("ward 7", "bay 3"), the number with them
NUMBERED_PLACES = frozenset({"ward", "bay", "unit", "theatre", "wing", "platform", "gate", "dock"})
NUMBERED_AFTER = re.compile(r"\s+\d{1,3}[A-Za-z]?\b(?!\s*(?:am|pm|[ap]\.m|%|:\d))", re.I)


def _numbered_end(text: str, window: list[Any]) -> int:
    """The end of a term, past the number that names it ("on [ward 7]": which ward)."""
    end = window[-1].idx + len(window[-1].text)
    numbered = NUMBERED_AFTER.match(text, end)
    return numbered.end() if numbered and window[-1].lower_ in NUMBERED_PLACES else end


def detect(context: MessageContext) -> list[Phrase]:
    """Sensitive words of the message that concern its author."""
    if context.language not in ("en", None) or not context.text.strip():
        return []
    doc: Any = context.doc if context.doc is not None else resources.parse(context.text)
    if context.doc is None:
        context = MessageContext(context.text, context.profile, context.now, doc, context.language)
    lex = lexicon()
    personal_post = cache(lambda: _personal_post(context))  # read once, when a term asks
    linked = _profile_words(context)
    tokens = list(doc)
    found: list[Phrase] = []
    # the profile words of the message, by (first token, size), read once
    links = {
        (i, size): linked[key]
        for i in range(len(tokens) if linked else 0)
        for size in range(1, min(lex.longest, len(tokens) - i) + 1)
        if (key := tuple(_normal(t) for t in tokens[i : i + size])) in linked
    }
    # the category a profile word gives each token it covers
    linked_tokens: dict[int, Category] = {
        k: RELATION_CATEGORIES[link[0]]
        for (i, size), link in links.items()
        for k in range(i, i + size)
    }
    i = 0
    while i < len(tokens):
        matched = 0
        sizes = range(min(lex.longest, len(tokens) - i), 0, -1)
        # a word of the user's profile first, whatever longer term starts here ("on the ward"
        # is a patient's, "the ward" a nurse's)
        for size in sizes if links else ():
            window = tokens[i : i + size]
            link = links.get((i, size))
            longer_term = link is not None and any(
                term.category == RELATION_CATEGORIES[link[0]]
                for longer in range(size + 1, len(sizes) + 1)
                for term in lex.entries.get(tuple(_normal(t) for t in tokens[i : i + longer]), ())
            )  # "ward sister" for a nurse: the lexicon's longer term of the same kind
            if link is not None and not longer_term and not owned_by_other(window):
                start, end = window[0].idx, _numbered_end(context.text, window)
                greeting = GREETING_AFTER.match(context.text[end:]) or GREETING_BEFORE.search(
                    context.text[:start]
                )  # "Ramadan Kareem": a greeting, whoever says it
                reference = author_reference(context.text, start, end, context.doc)
                if not greeting and (reference is not None or _speaks_of_itself(window)):
                    found.append(_profile_phrase(start, end, context.text, *link))
                    matched = size
                    break
        if matched:
            i += matched
            continue
        for size in sizes:
            window = tokens[i : i + size]
            key = tuple(_normal(t) for t in window)
            terms = lex.entries.get(key)
            if terms is None and (size == 1 or window[-1].tag_ == "NNS"):  # "knee replacements"
                terms = lex.entries.get((*key[:-1], str(window[-1].lemma_).lower()))
            if terms is None and size <= 3:
                terms = _wordnet_terms(window)
            if not terms:
                continue
            if (
                key in HOLIDAY_NAMES
                and HOLIDAY_AFTER.match(context.text, window[-1].idx + len(window[-1].text))
                and not (i > 0 and tokens[i - 1].lower_ in POSSESSIVES)
            ):
                continue  # "Mother's Day brunch": a holiday, no one's mother
            following = tokens[i + size] if i + size < len(tokens) else None
            if (
                window[0].text in ("Day", "Night")
                and i > 0
                and tokens[i - 1].text[:1].isupper()
                and not tokens[i - 1].is_sent_start
            ):
                continue  # "my Canada Day shift": the holiday's name, no day shift
            if (
                key in VERB_FORMS
                and following is not None
                and (following.like_num or following.pos_ in ("DET", "PRON", "NOUN", "PROPN"))
            ):
                continue  # "my credit score broke 700", "broke my leg": a verb, no one broke
            if key in VERB_FORMS and i > 0 and tokens[i - 1].pos_ in ("NOUN", "PROPN"):
                continue  # "my hearing aids broke": the verb of a thing that stopped working
            chosen = _choose(terms, window, context, lex, personal_post)
            if chosen is None:
                continue
            term, category = chosen
            transition_care = tuple(_normal(t) for t in window) in TRANSITION_CARE
            if (
                category == Category.HEALTH
                and transition_care
                and TRANSITION_CUES.search(context.text)
            ):
                category = Category.GENDER  # "started HRT ... first time out as a woman"
            if any(linked_tokens.get(k, category) != category for k in range(i, i + size)):
                continue  # a profile word inside says otherwise ("on the ward" for a nurse)
            start, end = window[0].idx, _numbered_end(context.text, window)
            if re.match(r"-[^\W\d_]", context.text[end : end + 2]):
                continue  # "been sober-curious": the word is part of a longer one
            if i > 0 and tokens[i - 1].text == "#" and tokens[i - 1].idx + 1 == start:
                start -= 1
            if i > 0 and window[0].lower_ in COUNTED_UNITS and tokens[i - 1].like_num:
                start = tokens[i - 1].idx  # "[12] weeks pregnant": the number says the stage
            if term.mode == "role":
                start = _role_compound_start(tokens, i, start, found)
            staged = (
                STAGE_BEFORE.search(context.text[:start]) if category == Category.HEALTH else None
            )
            if staged and not (found and found[-1].end > staged.start()):
                start = staged.start()  # "[stage 2] breast cancer": the stage says how far
            extra = 0
            if (
                category == Category.HEALTH
                and following is not None
                and following.lower_ in HEALTH_HEADS
                and following.idx == end + 1
            ):
                end = following.idx + len(following.text)  # "[gastric sleeve op]", "[HIV meds]"
                extra = 1
            if (
                category == Category.RELIGION
                and following is not None
                and following.lower_ in VENUE_HEADS
                and following.idx == end + 1
            ):
                break  # "the church hall on Mill Rd": a venue, a polling station, no worship
            taught = found[-1] if found else None
            if (
                category == Category.EDUCATION
                and taught is not None
                and taught.category == Category.WORK
                and TEACHING.fullmatch(taught.text)
                and not context.text[taught.end : start].strip()
            ):
                # "teaching 3rd grade": the class one teaches is the job, no schooling of one's own
                found[-1] = _phrase(taught.start, end, Category.WORK, term.mode, context.text)
            else:
                found.append(_phrase(start, end, category, term.mode, context.text))
            matched = size + extra
            break
        i += matched or 1
    if "visa" in context.text.lower() and personal_post():
        found += _not_overlapping(
            [
                _phrase(m.start(), m.end(), Category.ETHNICITY, "any", context.text)
                for m in VISA_KIND.finditer(context.text)
            ],
            found,
        )
    if "#" in context.text and personal_post():
        found += _not_overlapping(_labelling_hashtags(context, lex), found)
    medicines = _named_medicines(tokens, found)
    if medicines and personal_post():
        found += _not_overlapping(medicines, found)
    missions = [
        _phrase(m.start(), m.end(), Category.LOCATION, "any", context.text)
        for m in DIPLOMATIC_MISSION.finditer(context.text)
    ]
    if missions and personal_post():
        # "at the US embassy", "the British high commission": the mission, not a nationality
        found = [p for p in found if not any(p.start < m.end and m.start < p.end for m in missions)]
        found += missions
    if GRADE_CUES.search(context.text):
        found += _not_overlapping(
            [
                _phrase(m.start(), m.end(), Category.EDUCATION, "any", context.text)
                for m in LETTER_GRADES_IN_TEXT.finditer(context.text)
                if m.group() not in LETTER_ACRONYMS
            ],
            found,
        )
    return sorted(found, key=lambda p: p.start)


# What a medicine comes as, after its brand name ("Aimovig shots", "Mounjaro injections")
DOSE_FORMS = frozenset(
    {"injections", "injection", "jabs", "jab", "tablets", "pills", "capsules", "infusions",
     "infusion", "patches", "inhaler", "shots"}
)  # fmt: skip
# Below this wordfreq zipf a capitalised word is no everyday word: a brand's name ("Aimovig" 0)
RARE_NAME_ZIPF = 3.0
# Words before "X shots" that make them a prescription ("start me on Aimovig shots", not "did
# Jäger shots")
PRESCRIBED_BEFORE = frozenset(
    {"on", "my", "start", "started", "starting", "prescribed", "weekly", "monthly", "first"}
)


def _named_medicines(tokens: list[Any], found: list[Phrase]) -> list[Phrase]:
    """A rare capitalised name before what a medicine comes as ("start me on Aimovig shots"): a
    medicine the lexicon cannot list; "shots" only where the post speaks of health already and
    a word before makes them prescribed (`PRESCRIBED_BEFORE`)."""
    health_said = any(p.category == Category.HEALTH for p in found)
    medicines = []
    for token, form in pairwise(tokens):
        prescribed = token.i > 0 and tokens[token.i - 1].lower_ in PRESCRIBED_BEFORE
        if (
            form.lower_ in DOSE_FORMS
            and form.is_lower
            and token.text[:1].isupper()
            and token.is_alpha
            and not token.is_sent_start
            and zipf(token.lower_) < RARE_NAME_ZIPF
            and (form.lower_ != "shots" or (health_said and prescribed))
        ):
            medicines.append(
                _phrase(
                    token.idx, form.idx + len(form.text), Category.HEALTH, "any", token.doc.text
                )
            )
    return medicines


DIPLOMATIC_MISSION = re.compile(
    r"\b(?:the\s+)?(?:U\.?S\.?|U\.?K\.?|[A-Z][a-z]+)\s+"
    r"(?:embassy|consulate|high\s+commission)\b"
)
# A-level or Highers grades written as letters ("AAB", "A*AA"), in a post about results or a place
LETTER_GRADES_IN_TEXT = re.compile(rf"(?<![\w*])(?=[A-E*]*A){LETTER_GRADES}(?![\w*])")
LETTER_ACRONYMS = frozenset({"ABC", "BBC", "CBD", "DEA", "ACE", "BAE", "CAB", "BAD", "DAB", "ADD"})
GRADE_CUES = re.compile(
    r"\b(?:results?|grades?|got into|offer|firm|insurance choice|ucas|clearing|a[- ]levels?|"
    r"highers|predicted|uni|university|sixth form)\b",
    re.IGNORECASE,
)


TO_THOSE_CELEBRATING = re.compile(
    r"\s+to\s+(?:all|everyone|everybody|anyone|those|all those|all of you)\b[^.!?\n]{0,20}?"
    r"\bcelebrat",
    re.IGNORECASE,
)
# A festival's greeting wished to readers ("Eid Mubarak everyone", "Happy Diwali fam"): said to
# them, not of the author's own ("Eid Mubarak from the Khans" is)
FESTIVE_GREETING = re.compile(
    r"(?:happy|merry)\s+\w+|\w+\s+(?:mubarak|kareem|sameach|tova|tovah|saeed)", re.IGNORECASE
)
GREETED_READERS = re.compile(
    r"\s*,?\s*(?:everyone|everybody|all|fam|y'?all|friends|guys|folks|lovelies|peeps|"
    r"to\s+(?:all|everyone|everybody|you\s+all|my))\b",
    re.IGNORECASE,
)
VENUE_HEADS = frozenset({"hall", "halls", "car", "carpark", "café", "cafe", "fete", "fair"})
# The verb of teaching, whose object is a class one teaches ("teaching 3rd grade")
TEACHING_VERB = r"teach(?:ing|es)?|taught"
TEACHING = re.compile(TEACHING_VERB, re.IGNORECASE)


def _not_overlapping(extra: list[Phrase], found: list[Phrase]) -> list[Phrase]:
    """The extra phrases that overlap none found already."""
    return [e for e in extra if not any(p.start < e.end and e.start < p.end for p in found)]


__all__ = ["Lexicon", "Term", "detect", "lexicon", "relations"]
