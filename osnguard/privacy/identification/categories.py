"""Privacy-attribute tags (ppdp corpus) and how they map to user-facing categories and reasons.

The ppdp annotation uses DI / QI* / SA tags. Users see one of `types.CATEGORIES` and a sentence
saying why the phrase is private. SA (sensitive attribute) is split into health, relationship,
finance, politics, sexuality, religion or identity by a small lexicon, falling back on the
WordNet lexname of the word (noun.state / noun.body -> health, ...).
"""

from __future__ import annotations

import re
from typing import Any

from osnguard.privacy.types import CATEGORIES

# The tag set of the ppdp corpus (NONE = not private).
TAGS: tuple[str, ...] = (
    "DI",
    "QIAGE",
    "QIGENDER",
    "QIREGION",
    "QIJOB",
    "QIRELIGION",
    "QIMARITAL",
    "QILANG",
    "QIRACE",
    "SA",
)
NONE = "NONE"

# Typos found in the corpus annotations.
TAG_TYPOS: dict[str, str] = {"QIGENDR": "QIGENDER", "QIGENER": "QIGENDER", "QIREGIN": "QIREGION"}

TAG_CATEGORY: dict[str, str] = {
    "DI": "identity",
    "QIAGE": "age",
    "QIGENDER": "gender",
    "QIREGION": "location",
    "QIJOB": "work",
    "QIRELIGION": "religion",
    "QIMARITAL": "relationship",
    "QILANG": "language",
    "QIRACE": "ethnicity",
}

# Sentences users read, per category (the tagger's and patterns' reasons).
CATEGORY_REASON: dict[str, str] = {
    "location": "This names a place that can locate you.",
    "education": "This mentions where you study or studied.",
    "work": "This mentions your job or workplace.",
    "health": "This mentions your health.",
    "religion": "This mentions your religion or beliefs.",
    "politics": "This mentions your political views.",
    "age": "This can reveal your age.",
    "gender": "This can reveal your gender or family members.",
    "relationship": "This mentions your relationships or family life.",
    "sexuality": "This mentions your sexuality.",
    "ethnicity": "This can reveal your ethnicity or nationality.",
    "language": "This can reveal which languages you speak.",
    "finance": "This mentions your money or finances.",
    "identity": "This names a person or account that can identify you or others.",
    "contact": "This is contact information.",
    "time": "This tells when you do something.",
}

# Sensitive-attribute lexicon: lower-cased word stems -> category. Checked before WordNet.
SA_LEXICON: dict[str, tuple[str, ...]] = {
    "health": (
        "sick",
        "ill",
        "illness",
        "cancer",
        "tumor",
        "tumour",
        "flu",
        "fever",
        "cough",
        "cold",
        "pain",
        "ache",
        "headache",
        "migraine",
        "hospital",
        "doctor",
        "surgery",
        "injur",
        "hurt",
        "diabet",
        "asthma",
        "depress",
        "anxiety",
        "anxious",
        "allerg",
        "pregnan",
        "disease",
        "infect",
        "virus",
        "covid",
        "therapy",
        "medic",
        "pill",
        "chemo",
        "broken",
        "sore",
        "throat",
        "stomach",
        "vomit",
        "puk",
        "dentist",
        "tooth",
        "teeth",
        "insomnia",
        "tired",
        "exhaust",
        "hangover",
        "drunk",
        "stress",
        "adhd",
        "autis",
        "disorder",
        "rehab",
        "bleed",
        "blood",
        "heart attack",
        "stroke",
        "died",
        "death",
        "dead",
        "die",
        "rip",
        "funeral",
        "passed away",
        "suicid",
        "cry",
        "sad",
        "lonely",
        "heartbroken",
    ),
    "relationship": (
        "love",
        "lover",
        "boyfriend",
        "girlfriend",
        "bf",
        "gf",
        "husband",
        "wife",
        "married",
        "marry",
        "wedding",
        "divorc",
        "breakup",
        "break up",
        "broke up",
        "dating",
        "date",
        "crush",
        "kiss",
        "single",
        "engaged",
        "fiance",
        "ex",
        "miss you",
        "hubby",
        "wifey",
        "bae",
        "relationship",
        "cheat",
    ),
    "finance": (
        "money",
        "salary",
        "paid",
        "pay",
        "broke",
        "debt",
        "loan",
        "rent",
        "bank",
        "cash",
        "dollar",
        "$",
        "£",
        "€",
        "mortgage",
        "bills",
        "income",
        "tax",
        "fired",
        "unemploy",
        "credit",
        "bankrupt",
        "afford",
        "expensive",
        "rich",
        "poor",
    ),
    "politics": (
        "obama",
        "trump",
        "biden",
        "clinton",
        "democrat",
        "republican",
        "liberal",
        "conservative",
        "vote",
        "election",
        "elect",
        "politic",
        "senat",
        "congress",
        "president",
        "labour",
        "tory",
        "tories",
        "protest",
        "campaign",
        "government",
        "socialis",
        "communis",
    ),
    "sexuality": (
        "gay",
        "lesbian",
        "bisexual",
        "bi",
        "straight",
        "queer",
        "trans",
        "lgbt",
        "homosexual",
        "sex",
        "porn",
        "horny",
        "virgin",
    ),
    "religion": (
        "god",
        "jesus",
        "church",
        "pray",
        "prayer",
        "bible",
        "allah",
        "mosque",
        "christ",
        "muslim",
        "islam",
        "jewish",
        "synagogue",
        "buddh",
        "hindu",
        "temple",
        "atheis",
        "bless",
        "lord",
        "faith",
        "ramadan",
        "easter",
        "christmas",
    ),
}

_WORDNET_LEXNAME_CATEGORY: dict[str, str] = {
    "noun.state": "health",
    "noun.body": "health",
    "verb.body": "health",
    "noun.feeling": "health",
    "verb.emotion": "relationship",
    "noun.possession": "finance",
    "verb.possession": "finance",
}

_TAG_RE = re.compile(r"^[A-Z]+$")


def normalise_tag(tag: str) -> str:
    """The canonical ppdp tag for `tag` (typos fixed, case folded); NONE for anything unknown."""
    tag = (tag or "").strip().upper()
    tag = TAG_TYPOS.get(tag, tag)
    return tag if tag in TAGS else NONE


def sa_category(text: str, wordnet: Any = None) -> str:
    """The category of a sensitive-attribute phrase: lexicon first, then WordNet lexnames."""
    lowered = text.lower().strip()
    words = re.findall(r"[\w$£€']+", lowered)
    for category, stems in SA_LEXICON.items():
        for stem in stems:
            if " " in stem:
                if stem in lowered:
                    return category
            elif any(word == stem or (len(stem) >= 4 and word.startswith(stem)) for word in words):
                return category
    if wordnet is not None:
        for word in words:
            for synset in wordnet.synsets(word)[:2]:
                lexname_category = _WORDNET_LEXNAME_CATEGORY.get(synset.lexname())
                if lexname_category:
                    return lexname_category
    return "health"  # the commonest sensitive attribute in the corpus


def tag_category(tag: str, text: str, wordnet: Any = None) -> str:
    """The user-facing category of a tagged phrase."""
    tag = normalise_tag(tag)
    if tag == "SA":
        return sa_category(text, wordnet)
    category = TAG_CATEGORY.get(tag)
    if category is None:
        raise ValueError(f"{tag!r} is not a privacy tag")
    return category


def reason_for(category: str) -> str:
    """A sentence a user understands saying why a phrase of `category` is private."""
    if category not in CATEGORIES:
        raise ValueError(f"unknown category {category!r}")
    return CATEGORY_REASON[category]
