"""Offline relatedness of two phrases in [0, 1] (SPEC §1.3), replacing the seed's Wikipedia co-occurrence.

The seed compared each noun phrase of a message with each profile attribute by web co-occurrence
(thesis Eq. 3.2), so that a friend who swaps "Tokyo" for "Shinjuku" or "Harvard University" for
"Harvard" is still caught. Here the same job is done with evidence available offline:

- same:     the same words after case, accent and punctuation folding;
- alias:    the same gazetteer place ("NYC" / "New York"), an acronym ("MIT"), or one name inside the
            other ("Harvard" / "Harvard University");
- contains: GeoNames containment (Shinjuku ⊂ Tokyo ⊂ Japan), via `osnguard.privacy.places`;
- near:     two places a short distance apart (Brooklyn / Queens);
- wordnet:  synonyms, hypernym/instance links and Wu-Palmer similarity (Zen / Buddhism);
- lemma:    overlap of content lemmas ("computer science" / "computer science major").

`score(a, b)` returns the strongest evidence. `THRESHOLD` was chosen on the calibration half of
fixtures/evaluation/relatedness.jsonl; `osnguard evaluate relatedness` recomputes it and reports
precision and recall on the other half.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from osnguard.privacy import places
from osnguard.privacy.resources import wordnet

# Chosen on the calibration split by `osnguard evaluate relatedness` (maximum F1).
THRESHOLD = 0.6

# Entries each cache keeps: 2,048 holds a busy worker's recent words and keeps identification
# within its memory budget (8,192 cost 6 MB more at peak on bench/identify.py for no speed)
CACHE_SIZE = 2048

STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "and",
        "at",
        "for",
        "in",
        "on",
        "to",
        "de",
        "del",
        "la",
        "le",
        "da",
        "di",
        "my",
        "our",
        "your",
        "his",
        "her",
        "their",
        "its",
        "inc",
        "ltd",
        "co",
        "corp",
        "llc",
        "plc",
    ]
)
# Words that name a kind of institution or place, not which one: sharing only these proves nothing.
GENERIC_WORDS = frozenset(
    [
        "university",
        "college",
        "school",
        "institute",
        "academy",
        "high",
        "middle",
        "elementary",
        "community",
        "state",
        "national",
        "city",
        "town",
        "village",
        "county",
        "province",
        "prefecture",
        "district",
        "region",
        "country",
        "republic",
        "kingdom",
        "united",
        "church",
        "temple",
        "mosque",
        "party",
        "company",
        "corporation",
        "group",
        "bank",
        "hospital",
        "center",
        "centre",
        "department",
        "international",
        "technology",
        "science",
        "sciences",
        "arts",
        "art",
        "studies",
        "study",
        "major",
        "degree",
        "new",
        "north",
        "south",
        "east",
        "west",
        "central",
        "upper",
        "lower",
        "greater",
        "saint",
        "st",
        "st.",
        "san",
        "santa",
        "club",
        "team",
        "league",
        "association",
        "society",
        "foundation",
        "union",
    ]
)
# Readings of a place name less populous than this share of its main reading are ignored
# ("Paris" is Paris, France, not Paris, Texas).
MINOR_READING_SHARE = 0.1
ALTERNATE_NAME_MIN_POPULATION = 1_000_000


@dataclass(frozen=True)
class RelatednessEvidence:
    """How related two phrases are (`score` in [0, 1]), which evidence says so, and why."""

    score: float
    kind: (
        str  # "same", "alias", "contains", "near", "region", "country", "wordnet", "lemma", "none"
    )
    explanation: str
    readings: tuple[str, str] | None = None  # the two places compared (`Place.key`), if places


NONE = RelatednessEvidence(0.0, "none", "no evidence that these are related")


@lru_cache(maxsize=CACHE_SIZE)
def fold(text: str) -> str:
    """Lower-case, accent-free, punctuation-free form of a phrase."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"[^\w\s]", " ", text)
    words = [w for w in text.split() if w != "the"]
    return " ".join(words)


@lru_cache(maxsize=CACHE_SIZE)
def _content_words(text: str) -> tuple[str, ...]:
    return tuple(w for w in fold(text).split() if w not in STOPWORDS)


# ---------------------------------------------------------------------------------------------
# Names: aliases, acronyms, one name inside another


def _acronym_of(short: str, long: str) -> bool:
    """'MIT' for 'Massachusetts Institute of Technology', 'UCLA', 'NYU'."""
    letters = re.sub(r"[^A-Za-z]", "", short)
    if len(letters) < 2 or len(letters) > 8 or not short.replace(".", "").isupper():
        return False
    words = re.findall(r"[A-Za-z]+", long)
    if len(words) < 2:
        return False
    content = [w for w in words if w.lower() not in STOPWORDS]
    return letters.upper() in (
        "".join(w[0] for w in content).upper(),
        "".join(w[0] for w in words).upper(),
    )


def _capitalised_words(text: str) -> set[str]:
    return {fold(w) for w in re.findall(r"[^\W\d_][\w'’-]*", text) if w[:1].isupper()}


def _name_evidence(a: str, b: str) -> RelatednessEvidence | None:
    if fold(a) == fold(b):
        return RelatednessEvidence(1.0, "same", f"“{a}” and “{b}” are the same name")
    for short, long in ((a, b), (b, a)):
        if _acronym_of(short, long):
            return RelatednessEvidence(0.9, "alias", f"“{short}” is the acronym of “{long}”")
    wa, wb = set(_content_words(a)), set(_content_words(b))
    if not wa or not wb:
        return None
    small, large = (wa, wb) if len(wa) <= len(wb) else (wb, wa)
    distinctive = small - GENERIC_WORDS
    if not (a.islower() and b.islower()):
        # names share their distinctive words as names: "Harvard" / "Harvard University",
        # not "Nice" / "nice book"
        capitalised = _capitalised_words(a) & _capitalised_words(b)
        if not distinctive <= capitalised:
            return None
    if small <= large and distinctive:
        short, long = (a, b) if small is wa else (b, a)
        return RelatednessEvidence(0.9, "alias", f"“{short}” is a short name for “{long}”")
    return None


# ---------------------------------------------------------------------------------------------
# Places (GeoNames through osnguard.privacy.places)


@lru_cache(maxsize=4096)
def place_readings(name: str) -> tuple[Any, ...]:
    """The plausible places a name stands for: its main reading and others nearly as populous."""

    readings = []
    for place in places.lookup(name):
        official = places.fold(place.name) == places.fold(name)
        if (
            official
            or place.kind != "city"
            or (place.population or 0) >= ALTERNATE_NAME_MIN_POPULATION
        ):
            readings.append(place)
    populations = [p.population for p in readings if p.population]
    top = max(populations, default=0)
    return tuple(
        p for p in readings if p.population is None or p.population >= MINOR_READING_SHARE * top
    )


CONTAINS_SCORES = {"city": 0.85, "region": 0.85, "country": 0.75, "continent": 0.5}


def _place_pair(x: Any, y: Any) -> RelatednessEvidence:
    return replace(_place_relation(x, y), readings=(x.key, y.key))


def _place_relation(x: Any, y: Any) -> RelatednessEvidence:

    same_name = places.fold(x.name) == places.fold(y.name)
    if x.key == y.key or (
        same_name and (places.contains(x, y) or places.contains(y, x))
    ):  # Tokyo city/prefecture
        return RelatednessEvidence(0.95, "alias", f"“{x.name}” and “{y.name}” are the same place")
    for outer, inner in ((x, y), (y, x)):
        if places.contains(outer, inner):
            return RelatednessEvidence(
                CONTAINS_SCORES[outer.kind], "contains", f"{inner.name} is in {outer.name}"
            )
    distance = places.distance_km(x, y) if "city" in (x.kind, y.kind) else None
    if distance is not None and x.kind == y.kind == "city":
        if distance <= 30:
            return RelatednessEvidence(0.8, "near", f"{x.name} is {distance:.0f} km from {y.name}")
        if distance <= 100:
            return RelatednessEvidence(0.6, "near", f"{x.name} is {distance:.0f} km from {y.name}")
    if x.country_code and x.country_code == y.country_code:
        if x.admin1 and x.admin1 == y.admin1:
            return RelatednessEvidence(
                0.5, "region", f"{x.name} and {y.name} are in the same region"
            )
        return RelatednessEvidence(
            0.35, "country", f"{x.name} and {y.name} are in the same country"
        )
    return RelatednessEvidence(0.05, "none", f"{x.name} and {y.name} are far apart")


def _place_evidence(a: str, b: str) -> RelatednessEvidence | None:
    ra, rb = place_readings(a), place_readings(b)
    if not ra or not rb:
        return None
    best = max((_place_pair(x, y) for x in ra for y in rb), key=lambda e: e.score)
    if best.kind == "alias":  # say it with the names as written: "NYC" and "New York"
        return RelatednessEvidence(
            best.score, "alias", f"“{a}” and “{b}” name the same place", best.readings
        )
    return best


# ---------------------------------------------------------------------------------------------
# WordNet and lemmas


@lru_cache(maxsize=CACHE_SIZE)
def _synsets(phrase: str) -> tuple[Any, ...]:
    key = "_".join(fold(phrase).split())
    return tuple(wordnet().synsets(key, pos="n")) if key else ()


@lru_cache(maxsize=CACHE_SIZE)
def _ancestors(synset: Any) -> dict[Any, int]:
    """Every hypernym (and instance hypernym) of a synset with its distance, itself at 0."""
    found = {synset: 0}
    frontier = [synset]
    depth = 0
    while frontier:
        depth += 1
        frontier = [
            h for s in frontier for h in s.hypernyms() + s.instance_hypernyms() if h not in found
        ]
        for h in frontier:
            found[h] = depth
    return found


def _depth(synset: Any) -> int:
    """Nodes from the root down to the synset (the root has depth 1)."""
    ancestors = _ancestors(synset)
    roots = [d for s, d in ancestors.items() if not s.hypernyms() and not s.instance_hypernyms()]
    return min(roots, default=0) + 1


def _hypernym_distance(x: Any, y: Any, limit: int = 3) -> int | None:
    """Steps from synset x up to synset y through hypernyms and instance hypernyms."""
    steps = _ancestors(x).get(y)
    return steps if steps is not None and 0 < steps <= limit else None


def wu_palmer(x: Any, y: Any) -> float:
    """Wu-Palmer similarity 2*N3 / (N1 + N2 + 2*N3) over the deepest common hypernym (NLTK's
    own implementation re-reads a WordNet file on every call, far too slow per message)."""
    ax, ay = _ancestors(x), _ancestors(y)
    best = 0.0
    for common in ax.keys() & ay.keys():
        n3 = _depth(common)
        best = max(best, 2 * n3 / (ax[common] + ay[common] + 2 * n3))
    return best


@lru_cache(maxsize=CACHE_SIZE)
def _derived_names(phrase: str) -> frozenset[str]:
    """Words derived from a phrase in WordNet, with pertainyms (Buddhism -> buddhist, French -> France)."""
    key = "_".join(fold(phrase).split())
    names: set[str] = set()
    for synset in wordnet().synsets(key) if key else []:
        for lemma in synset.lemmas():
            if lemma.name().lower() != key:
                continue
            names.update(
                x.name().lower() for x in lemma.derivationally_related_forms() + lemma.pertainyms()
            )
    return frozenset(names)


@lru_cache(maxsize=CACHE_SIZE)
def _base_forms(phrase: str) -> frozenset[str]:
    key = "_".join(fold(phrase).split())
    wn = wordnet()
    return (
        frozenset({key} | {base for pos in "nvar" if (base := wn.morphy(key, pos))})
        if key
        else frozenset()
    )


WUP_CAP = 0.55  # Wu-Palmer alone never scores above this (siblings are not the same thing)


def _wordnet_evidence(a: str, b: str, minimum: float = 0.0) -> RelatednessEvidence | None:
    if _derived_names(a) & _base_forms(b) or _derived_names(b) & _base_forms(a):
        return RelatednessEvidence(
            0.8, "wordnet", f"“{a}” and “{b}” are forms of the same word in WordNet"
        )
    sa, sb = _synsets(a)[:4], _synsets(b)[:4]
    if not sa or not sb:
        return None
    if set(sa) & set(sb):
        return RelatednessEvidence(0.95, "wordnet", f"“{a}” and “{b}” are synonyms in WordNet")
    best = None
    for x in sa:
        for y in sb:
            for low, high, low_name, high_name in ((x, y, a, b), (y, x, b, a)):
                steps = _hypernym_distance(low, high)
                if steps is not None:
                    score = {1: 0.85, 2: 0.75, 3: 0.65}[steps]
                    if best is None or score > best.score:
                        best = RelatednessEvidence(
                            score, "wordnet", f"“{low_name}” is a kind of “{high_name}” in WordNet"
                        )
    if best is not None or minimum > WUP_CAP:
        return best  # Wu-Palmer could not reach the score the caller needs
    wup = max(wu_palmer(x, y) for x in sa[:2] for y in sb[:2])
    # Wu-Palmer is high even for unrelated siblings (0.8 for dog/cat); squash it below the links.
    score = round(max(0.0, wup - 0.4) ** 1.5 * 1.2, 4)
    return RelatednessEvidence(
        min(score, WUP_CAP), "wordnet", f"WordNet similarity (Wu-Palmer) {wup:.2f}"
    )


@lru_cache(maxsize=CACHE_SIZE)
def _lemmas(text: str) -> frozenset[str]:
    wn = wordnet()
    return frozenset({wn.morphy(w) or w for w in _content_words(text)} - GENERIC_WORDS)


def _lemma_evidence(a: str, b: str) -> RelatednessEvidence | None:
    la, lb = _lemmas(a), _lemmas(b)
    if not la or not lb:
        return None
    shared = la & lb
    if not shared:
        return None
    jaccard = len(shared) / len(la | lb)
    return RelatednessEvidence(
        round(0.2 + 0.5 * jaccard, 4), "lemma", f"they share the words {', '.join(sorted(shared))}"
    )


# ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _score(a: str, b: str, minimum: float = 0.0) -> RelatednessEvidence:
    name = _name_evidence(a, b)
    if name is not None and name.score >= 1.0:
        return name
    place = _place_evidence(a, b)
    if place is not None:
        # Both are places: the gazetteer knows better than WordNet (Tokyo and Paris are both
        # capitals, yet far apart).
        return max((e for e in (name, place) if e is not None), key=lambda e: e.score)
    evidence = [
        e for e in (name, _wordnet_evidence(a, b, minimum), _lemma_evidence(a, b)) if e is not None
    ]
    return max(evidence, key=lambda e: e.score) if evidence else NONE


def score(a: str, b: str, minimum: float = 0.0) -> RelatednessEvidence:
    """How related phrases a and b are, in [0, 1], with the evidence (symmetric).

    With `minimum`, evidence that cannot reach it is skipped (faster); a score below `minimum`
    may then be lower than the full one.
    """
    if not isinstance(a, str) or not isinstance(b, str):
        raise ValueError("relatedness compares two strings")
    a, b = " ".join(a.split()), " ".join(b.split())
    if not a or not b:
        raise ValueError("relatedness needs two non-empty phrases")
    if len(a) > 200 or len(b) > 200:
        raise ValueError("relatedness compares short phrases (at most 200 characters)")
    first, second = sorted((a, b))
    return _score(first, second, minimum)


@lru_cache(maxsize=4096)
def neighbourhood(value: str) -> frozenset[str]:
    """WordNet words close to a (profile) value: its synonyms, its hyponyms and instances down to
    three steps (Zen under Buddhism) and its derived forms (Buddhist). Built once per value."""
    names = set(_derived_names(value))
    frontier = list(_synsets(value)[:4])
    for depth in range(4):
        names.update(lemma.lower() for s in frontier for lemma in s.lemma_names())
        if depth == 3:
            break
        frontier = [h for s in frontier for h in s.hyponyms() + s.instance_hyponyms()]
    return frozenset(names)


@lru_cache(maxsize=CACHE_SIZE)
def profile_score(phrase: str, value: str) -> RelatednessEvidence:
    """`score(phrase, value)` for a message phrase against a profile value, computed fast.

    The same evidence as `score`, except that WordNet is consulted only when the phrase is in
    the value's WordNet neighbourhood (a synonym, hyponym, instance or derived form): other WordNet
    evidence (Wu-Palmer alone, or a generalisation of the value) never makes a phrase private.
    """
    a, b = " ".join(str(phrase).split()), " ".join(str(value).split())
    if not a or not b:
        raise ValueError("relatedness needs two non-empty phrases")
    name = _name_evidence(a, b)
    if name is not None and name.score >= 1.0:
        return name
    place = _place_evidence(a, b)
    if place is not None:
        return max((e for e in (name, place) if e is not None), key=lambda e: e.score)
    evidence = [name, _lemma_evidence(a, b)]
    if _base_forms(a) & neighbourhood(b):
        evidence.append(_wordnet_evidence(a, b, minimum=THRESHOLD))
    found = [e for e in evidence if e is not None]
    return max(found, key=lambda e: e.score) if found else NONE


def is_related(a: str, b: str, threshold: float = THRESHOLD) -> bool:
    return score(a, b).score >= threshold


def is_generalisation(phrase: str, value: str) -> bool:
    """Whether `phrase` is only a WordNet generalisation of `value` ("food" for "sushi",
    "religion" for "Buddhism"), i.e. it tells less than the value. Places are not covered:
    "Japan" for a hometown "Tokyo" still narrows where you are."""
    if place_readings(phrase) and place_readings(value):
        return False
    up = _synsets(phrase)[:4]
    down = _synsets(value)[:4]
    if not up or not down or set(up) & set(down):
        return False
    upward = any(_hypernym_distance(d, u, limit=6) is not None for d in down for u in up)
    downward = any(_hypernym_distance(u, d, limit=6) is not None for d in down for u in up)
    return upward and not downward
