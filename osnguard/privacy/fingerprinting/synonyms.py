"""Word slots: WordNet synonyms of content words, and US/UK spelling variants.

For each noun, verb or adjective that is not a named entity, a stop word or part of a fixed
construction, the synonyms come from the word's most frequent WordNet sense for its part of speech
(for verbs, the first sense whose sentence frames fit how the verb is used: with a person as
object, another object, a clause, or none), and each synonym must have that sense as its own most
frequent one. Each synonym is inflected to the
original's Penn tag with lemminflect, given the original's capitalisation, and kept only if it is a
common word, about as common as the word it replaces (the same register: not "help" -> "assist"),
and the naturalness check accepts it in context. Adverbs get none ("finally" -> "eventually"
changes what the author means), nor do verbs of 12 senses or more ("find me at work" is not
"notice me at work").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from lemminflect import getInflection

from osnguard.privacy import resources
from osnguard.privacy.fingerprinting.slot_types import Slot, SlotKind, make_slot
from osnguard.privacy.fingerprinting.substitution_check import MIN_ZIPF, NaturalnessCheck, zipf
from osnguard.privacy.resources import load_once
from osnguard.privacy.text import match_case

WORDNET_POS = {"NOUN": "n", "VERB": "v", "ADJ": "a"}
# (no adverbs: their WordNet synonyms shift what the author means, "finally" -> "eventually")
NAMED = {
    "PERSON",
    "GPE",
    "ORG",
    "LOC",
    "NORP",
    "FAC",
    "PRODUCT",
    "EVENT",
    "WORK_OF_ART",
    "LAW",
    "LANGUAGE",
}
MAX_SENSES = 3
ORIGINAL_SENSES = (
    1  # senses of the original word that may give synonyms (2 adds ~30% more, less precise)
)
CONTEXT = 4  # words of context on each side given to the naturalness check

# US <-> UK spellings and other accepted variants (both directions are generated).
SPELLINGS = {
    "favorite": "favourite", "favorites": "favourites", "color": "colour", "colors": "colours",
    "colored": "coloured", "flavor": "flavour", "flavors": "flavours", "honor": "honour",
    "humor": "humour", "labor": "labour", "neighbor": "neighbour", "neighbors": "neighbours",
    "neighborhood": "neighbourhood", "behavior": "behaviour", "center": "centre",
    "centers": "centres", "theater": "theatre", "gray": "grey", "traveled": "travelled",
    "traveling": "travelling", "traveler": "traveller", "canceled": "cancelled",
    "jewelry": "jewellery", "hometown": "home town", "hometowns": "home towns", "okay": "ok",
    "email": "e-mail", "emails": "e-mails", "catalog": "catalogue", "dialog": "dialogue",
    "mom": "mum", "pajamas": "pyjamas", "program": "programme", "defense": "defence",
    "license": "licence", "offense": "offence", "practise": "practice", "aluminum": "aluminium",
    "judgment": "judgement", "fulfill": "fulfil", "enroll": "enrol", "skeptical": "sceptical",
    "mold": "mould", "plow": "plough", "cozy": "cosy", "donut": "doughnut", "tire": "tyre",
}  # fmt: skip
SPELLINGS.update({uk: us for us, uk in list(SPELLINGS.items())})
for _word in ("mom", "mum", "tire", "tyre", "program", "programme", "practise", "practice"):
    SPELLINGS.pop(_word, None)  # regional meaning or sense differences: not plain variants
IZE = re.compile(
    r"^(organi|reali|recogni|apologi|critici|emphasi|memori|priori|speciali|summari|finali|customi|categori|minimi|maximi|sociali|utili|visuali|symboli)z(e|ed|es|ing|ation|ations)$"
)
ISE = re.compile(IZE.pattern.replace("z(e", "s(e"))


def spelling_variant(word: str) -> str | None:
    low = word.lower()
    other = SPELLINGS.get(low)
    if other is None:
        if IZE.match(low):
            other = low.replace("iz", "is", 1) if low.count("iz") == 1 else None
        elif ISE.match(low):
            other = low[::-1].replace("si", "zi", 1)[::-1]
    return match_case(word, other, all_caps=True) if other else None


PERSONAL = frozenset({"me", "you", "him", "her", "us", "them"})


def verb_usage(token: Any) -> str | None:
    """How a verb is used here, to match WordNet's sentence frames: "person" (an object that is
    somebody), "object", "clause",
    "complement" or "intransitive" (None for other parts of speech)."""
    if token.pos_ != "VERB":
        return None
    deps = {child.dep_ for child in token.children}
    if any(
        child.dep_ in {"dobj", "obj", "dative"}
        and (child.lower_ in PERSONAL or child.ent_type_ == "PERSON")
        for child in token.children
    ):
        return "person"
    if deps & {"dobj", "obj", "dative"}:
        return "object"
    if "ccomp" in deps:
        return "clause"
    if "xcomp" in deps:
        return "complement"
    return "intransitive"


def fits_usage(synset: Any, lemma: str, usage: str | None) -> bool:
    """Whether one of the synset's frames for `lemma` allows the usage seen in the sentence."""
    if usage is None:
        return True
    frames = [
        f for lem in synset.lemmas() if lem.name().lower() == lemma for f in lem.frame_strings()
    ]
    if not frames:
        return True
    tails = [f.split(f" {lemma}", 1)[1].strip() if f" {lemma}" in f else "" for f in frames]
    if usage == "object":
        return any(t.startswith(("something", "somebody")) for t in tails)
    if usage == "person":
        return any(t.startswith("somebody") for t in tails)
    if usage == "clause":
        return any("CLAUSE" in t or t.startswith("something") for t in tails)
    if usage == "complement":
        return any("INFINITIVE" in t or "VERB-ing" in t for t in tails)
    return any(t == "" or t.startswith(("PP", "Adjective")) for t in tails)


@lru_cache(maxsize=20000)
def wordnet_synonyms(lemma: str, pos: str, usage: str | None = None) -> tuple[str, ...]:
    """One-word synonyms from the lemma's most frequent sense that fits its usage, where that sense
    is also the synonym's own most frequent one (so "car" does not give "machine", nor "fan"
    "lover"), most frequent first."""
    wn = resources.wordnet()
    fitting = [s for s in wn.synsets(lemma, pos)[:MAX_SENSES] if fits_usage(s, lemma, usage)]
    counts = [
        sum(lemma_count(lem) for lem in s.lemmas() if lem.name().lower() == lemma.lower())
        for s in fitting
    ]
    found: list[str] = []
    for index, synset in enumerate(fitting[:ORIGINAL_SENSES]):
        # a sense the word itself is attested in ("pic" is never tagged as a film), and for the
        # second sense, about as frequent as the first
        if counts[index] < 1 or (index and counts[index] < counts[0] / 2):
            continue
        for lem in sorted(synset.lemmas(), key=lambda lem: -lemma_count(lem)):
            name = lem.name()
            if name.lower() == lemma.lower() or name[:1].isupper() or name in found:
                continue
            if not re.fullmatch(r"[a-z]+", name) or not dominant_sense(
                name, pos, synset, lemma_count(lem)
            ):
                continue
            found.append(name)
    return tuple(found)


@load_once
def sense_counts() -> dict[str, int]:
    """WordNet's sense-tagged frequencies (cntlist.rev) by sense key, read once: NLTK's
    `Lemma.count()` searches the file on every call."""
    path = resources.nltk_data_dir() / "corpora" / "wordnet" / "cntlist.rev"
    counts: dict[str, int] = {}
    if path.is_file():
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                parts = line.split()
                if len(parts) == 3:
                    counts[parts[0]] = int(parts[2])
    return counts


def lemma_count(lemma: Any) -> int:
    counts = sense_counts()
    return counts.get(lemma.key(), 0) if counts else lemma.count()


MIN_POS_SHARE = 0.25  # "pet" is an adjective in 0 of its 3 tagged uses: not an adjective synonym


@lru_cache(maxsize=50000)
def pos_share(word: str, pos: str) -> float:
    """The share of the word's sense-tagged uses that have this part of speech (1.0 if untagged)."""
    own = total = 0
    for synset in resources.wordnet().synsets(word):
        for lemma in synset.lemmas():
            if lemma.name().lower() == word:
                count = lemma_count(lemma)
                total += count
                if synset.pos() == pos or (pos == "a" and synset.pos() == "s"):
                    own += count
    return own / total if total else 1.0


def dominant_sense(word: str, pos: str, synset: Any, count: int) -> bool:
    """Whether `synset` is what `word` usually means: its first sense, attested in the sense-tagged
    corpus (so "doc" and "clip" are not offered), in a part of speech the word is commonly used in."""
    senses = resources.wordnet().synsets(word, pos)[:1]
    if count < 1 or synset not in senses:
        return False
    return pos_share(word.lower(), pos) >= MIN_POS_SHARE


def inflect(lemma: str, tag: str, pos: str) -> str | None:
    """`lemma` inflected to the Penn `tag` of the word it replaces."""
    if tag in {"NN", "VB", "VBP", "JJ", "RB"}:
        return lemma
    forms = getInflection(lemma, tag=tag)
    return forms[0] if forms else None


def context(doc: Any, token: Any) -> tuple[list[str], list[str]]:
    left = [t.lower_ for t in doc[max(token.i - CONTEXT, 0) : token.i] if not t.is_space]
    right = [t.lower_ for t in doc[token.i + 1 : token.i + 1 + CONTEXT] if not t.is_space]
    return left, right


def is_whole_word(token: Any) -> bool:
    """False for pieces of a word spaCy split, like "gon" in "gonna"."""
    doc = token.doc
    glued_left = token.i > 0 and not doc[token.i - 1].whitespace_ and doc[token.i - 1].is_alpha
    glued_right = not token.whitespace_ and token.i + 1 < len(doc) and doc[token.i + 1].is_alpha
    return not glued_left and not glued_right


# Words mostly used inside fixed expressions ("a lot of", "by the way", "right there").
IDIOMATIC = frozenset({
    "lot", "lots", "way", "time", "times", "thing", "things", "kind", "sort", "bit", "couple", "deal",
    "rest", "number", "part", "right", "well", "still", "even", "pretty", "really", "just", "ever",
    "little", "else", "long", "far", "away", "back", "over", "out", "off", "home", "sure", "fine",
})  # fmt: skip
# Light verbs whose meaning comes from their object ("got cancer", "use a classroom").
LIGHT_VERBS = frozenset(
    {
        "get",
        "have",
        "make",
        "take",
        "go",
        "come",
        "give",
        "put",
        "keep",
        "let",
        "do",
        "use",
        "say",
        "tell",
    }
)
# A verb with this many WordNet senses or more is read by its context, which one sense cannot
# stand for: "find me at work" is not "notice me at work", "pass the exam" not "go through it".
POLYSEMOUS_VERB_SENSES = 12


@lru_cache(maxsize=20000)
def too_many_senses(lemma: str) -> bool:
    return len(resources.wordnet().synsets(lemma, "v")) >= POLYSEMOUS_VERB_SENSES


PARTICLES = frozenset(
    {"out", "up", "over", "off", "down", "back", "home", "away", "in", "on", "around", "through"}
)
ADJECTIVE_DEPS = frozenset({"amod", "acomp", "attr", "oprd", "conj", "ROOT"})


def in_fixed_construction(token: Any) -> bool:
    """Phrasal verbs ("found out", "got home"), verbs with a to-infinitive ("thought to ask"),
    and adjectives used as adverbs ("a little more") keep their word."""
    doc = token.doc
    if token.pos_ == "VERB":
        if any(child.dep_ in {"prt", "xcomp"} for child in token.children):
            return True
        following = doc[token.i + 1] if token.i + 1 < len(doc) else None
        return following is not None and following.lower_ in PARTICLES
    if token.pos_ == "ADJ":
        return token.dep_ not in ADJECTIVE_DEPS
    return False


def is_candidate(token: Any) -> bool:
    return (
        is_whole_word(token)
        and token.lower_ not in IDIOMATIC
        and not (token.pos_ == "VERB" and token.lemma_.lower() in LIGHT_VERBS)
        and not (token.pos_ == "VERB" and too_many_senses(token.lemma_.lower()))
        and not in_fixed_construction(token)
        and token.pos_ in WORDNET_POS
        and token.is_alpha
        and len(token.text) >= 3
        and not token.is_stop
        and token.ent_type_ not in NAMED
        and token.tag_ not in {"NNP", "NNPS", "MD"}
    )


REGISTER_DROP = 0.9  # a synonym at most this much rarer (Zipf) than the word it replaces


def keeps_register(word: str, synonym: str) -> bool:
    """Whether a synonym is about as common as the word: much rarer words are a more formal
    register than the post was written in ("help" 6.0 -> "assist" 4.3)."""
    return min(zipf(w) for w in synonym.split()) >= zipf(word) - REGISTER_DROP


def word_slots(
    doc: Any,
    *,
    check: NaturalnessCheck,
    synonyms: bool = True,
    spellings: bool = True,
    max_synonyms: int = 3,
) -> Iterator[Slot]:
    """One slot per content word that has a spelling variant or a natural synonym."""
    for token in doc:
        options: list[tuple[str, SlotKind, str]] = []
        if spellings:
            variant = spelling_variant(token.text)
            if variant:
                options.append((variant, SlotKind.REALISATION, "spelling"))
        if synonyms and is_candidate(token):
            pos = WORDNET_POS[token.pos_]
            left, right = context(doc, token)
            kept = 0
            for name in wordnet_synonyms(token.lemma_.lower(), pos, verb_usage(token)):
                if kept >= max_synonyms:
                    break
                form = inflect(name, token.tag_, pos)
                if not form or form.lower() == token.lower_:
                    continue
                if any(zipf(w) < MIN_ZIPF for w in form.split()):
                    continue
                if not keeps_register(token.lower_, form.lower()):
                    continue  # "help" -> "assist", "start" -> "commence": a colder register
                if not check(left, token.lower_, form.lower(), right):
                    continue
                options.append(
                    (match_case(token.text, form, all_caps=True), SlotKind.SYNONYM, "wordnet")
                )
                kept += 1
        if options:
            slot = make_slot(token.idx, token.idx + len(token.text), token.text, options)
            if slot:
                yield slot
