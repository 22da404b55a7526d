"""Private-phrase tagger learned from posts as people write them (issue 13): a CRF that tags each
whitespace token B-<category>, I-<category> or O.

The rules find what they were written for; on posts nobody wrote them for they miss about one
phrase in four ("now I'm with AIB", "her ADOS assessment", "new job at the council"). This tagger
learns from `fixtures/evaluation/realistic_probe.jsonl`, posts written after the dev set and
annotated by `realistic/GUIDELINES.md` (never the dev set, which stays for measuring), so it
grows with every annotated batch.

Features: the ppdp tagger's (word, shape, affixes, spaCy POS/tag/NER/lemma, places, WordNet
lexnames, neighbours), plus the dependency and its head, the preposition that governs the word,
how its clause refers to the author (`author.author_reference`), profile words, and the
categories of the topic lexicon (`terms.tsv`) the word belongs to.

`detect` reports a phrase only when the tagger is sure of it (`MIN_CONFIDENCE`, the lowest
token's probability of not being O), its clause refers to the author and no one else owns it
(the rules' `terms.owned_by_other`), it is no time, amount or contact detail (the rules
examine every one of those) and no person's title read as a place; the pipeline keeps it
only where no rule found anything (`pipeline.merge`), so the rules' spans and categories stand.
`train_model(folder)` builds `post_tagger.crfsuite` (see `artifacts`).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from osnguard.privacy import artifacts, companies, corpora, resources
from osnguard.privacy.author import author_reference
from osnguard.privacy.identification import categories, named, tagger, terms
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase, Profile

SPEC = artifacts.SPECS["post_tagger"]
DATA = SPEC.data[0]
OUTSIDE = "O"
# the least probability, over a phrase's tokens, of being part of a phrase: at 0.9, 6 of its 9
# lone findings on posts the rules had not seen were right (docs/evaluation/realistic.md)
MIN_CONFIDENCE = 0.9
# what a rule examines wherever it occurs (every time expression, amount and contact detail) the
# rules decide: "raised £500 for the hospice" is no money of the author's, whatever the tagger says
RULES_DECIDE = frozenset({Category.TIME, Category.CONTACT})
# a person's title is no place, school, hospital or church ("the Attorney General spoke to us")
PLACES_OF_CARE_AND_STUDY = frozenset(
    {Category.LOCATION, Category.HEALTH, Category.EDUCATION, Category.RELIGION}
)
# family and partner words of everyday English are the lexicon's to find; the tagger's are other
# languages' words ("Zaidy", "babcia"), never an everyday word ("my mobile's dead")
KIN_CATEGORIES = frozenset({Category.GENDER, Category.RELATIONSHIP})
_LOCK = threading.Lock()  # a pycrfsuite Tagger holds one sequence at a time
_WORDS = re.compile(r"\w+")


@cache
def _lexicon_words() -> dict[str, frozenset[str]]:
    """Each word of the topic lexicon -> its categories ("x+" when inside a longer term)."""
    found: dict[str, set[str]] = {}
    for key, entries in terms.lexicon().entries.items():
        for word in key:
            for term in entries:
                found.setdefault(word, set()).add(term.category + ("+" if len(key) > 1 else ""))
    return {word: frozenset(kinds) for word, kinds in found.items()}


def features(
    text: str, doc: Any, profile: Profile
) -> tuple[list[tuple[int, int]], list[dict[str, Any]]]:
    """The whitespace tokens of `text` and one CRF feature dict per token."""
    spans = tagger.token_spans(text)
    aligned = tagger._align(doc, spans)
    rows = tagger.sentence_features([text[s:e] for s, e in spans], aligned)
    own = set(_WORDS.findall(" ".join(value for _, value in profile.items()).lower()))
    lexicon = _lexicon_words()
    for (start, end), row, token in zip(spans, rows, aligned):
        row["prof"] = row["lower"] in own
        for kind in sorted(lexicon.get(row["lower"], ())):  # a set: its order varies by process
            row[f"lex:{kind}"] = True
        if token is None:
            continue
        row["dep"] = token.dep_
        row["head"] = token.head.lemma_.lower()
        row["headpos"] = token.head.pos_
        if token.dep_ == "pobj" or token.head.dep_ == "prep":
            row["prep"] = token.head.lower_
        reference = author_reference(text, start, end, doc=doc)
        row["auth"] = str(reference) if reference else "none"
    for i, row in enumerate(rows):  # the neighbours' single-word lexicon categories
        for offset in (-1, 1):
            if 0 <= i + offset < len(rows):
                for key in [k for k in rows[i + offset] if k.startswith("lex:")]:
                    if not key.endswith("+"):
                        row[f"{offset}:{key}"] = True
    return spans, rows


def labels(spans: Sequence[tuple[int, int]], gold: Sequence[tuple[int, int, str]]) -> list[str]:
    """B-/I-<category> for tokens overlapping a gold phrase, O for the others."""
    out = []
    for start, end in spans:
        tag = OUTSIDE
        for gold_start, gold_end, category in gold:
            if start < gold_end and gold_start < end:
                tag = ("I-" if gold_start < start else "B-") + category
                break
        out.append(tag)
    return out


def training_posts(path: Path | None = None) -> list[dict[str, Any]]:
    """The annotated posts the tagger learns from, each with its gold spans located."""
    path = path or artifacts.data_path(DATA)
    posts = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            post = json.loads(line)
            phrases = post.get("phrases") or []
            located = corpora.locate_phrases(post["text"], [p["text"] for p in phrases])
            post["gold"] = [(s, e, p["category"]) for (s, e), p in zip(located, phrases)]
            posts.append(post)
    return posts


def fit(posts: Sequence[dict[str, Any]], model_filename: str | None = None) -> Any:
    """A CRF fitted on annotated posts (`model_filename` keeps its file)."""
    texts = [post["text"] for post in posts]
    x, y = [], []
    for post, doc in zip(posts, resources.nlp().pipe(texts, batch_size=64)):
        spans, rows = features(post["text"], doc, Profile.coerce(post.get("profile")))
        x.append(rows)
        y.append(labels(spans, post["gold"]))
    crf = tagger.new_crf(model_filename, regularisation=0.1, iterations=200)
    crf.fit(x, y)
    return crf


def train_model(folder: Path | None = None) -> Path:
    """Train on every annotated probe post and install `post_tagger.crfsuite` in `folder` (the
    shipped models by default)."""
    (name,) = SPEC.files
    target = artifacts.temporary_path(folder or artifacts.models_dir(), name)
    fit(training_posts(), model_filename=str(target))
    artifacts.install(SPEC, {name: target}, folder)
    return (folder or artifacts.models_dir()) / name


MODEL = artifacts.ShippedModel(SPEC, tagger.open_crf)
using = MODEL.using  # evaluation: a model fitted on other posts


def _marginals(rows: list[dict[str, Any]]) -> list[dict[str, float]]:
    """Each token's probability of every tag."""
    import pycrfsuite

    crf_tagger = MODEL.current().tagger_  # the shipped model's, or a fitted CRF's (`using`)
    with _LOCK:
        crf_tagger.set(pycrfsuite.ItemSequence(rows))
        tags = crf_tagger.labels()
        return [{tag: crf_tagger.marginal(tag, i) for tag in tags} for i in range(len(rows))]


def tag_spans(text: str, doc: Any, profile: Profile) -> list[tuple[int, int, str, float]]:
    """(start, end, category, confidence) of each phrase the tagger sees, before any filter."""
    spans, rows = features(text, doc, profile)
    if not rows:
        return []
    found: list[list[Any]] = []
    open_phrase: list[Any] | None = None
    for (start, end), dist in zip(spans, _marginals(rows)):
        tag = max(dist, key=lambda t: dist[t])
        if tag == OUTSIDE:
            open_phrase = None
            continue
        category, confidence = tag[2:], 1.0 - dist.get(OUTSIDE, 0.0)
        if open_phrase is not None and open_phrase[2] == category and tag.startswith("I-"):
            open_phrase[1] = end
            open_phrase[3] = min(open_phrase[3], confidence)
        else:
            open_phrase = [start, end, category, confidence]
            found.append(open_phrase)
    result = []
    for start, end, category, confidence in found:
        start, end = tagger._trim(text, start, end)
        if end > start:
            result.append((start, end, category, confidence))
    return result


# A public observance's name ("Happy Bi Visibility Day", "World Mental Health Day"): a day for
# everyone, which says nothing of the author
OBSERVANCE = re.compile(
    r"\b(?:[A-Z][\w'’-]*\s+){0,4}(?:Visibility|Awareness|Remembrance|History|Appreciation)"
    r"(?:\s+[A-Z][\w'’-]*){0,2}\s+(?:Day|Week|Month)\b"
    r"|\b(?:World|International|National)(?:\s+[A-Z][\w'’-]*){1,4}\s+(?:Day|Week|Month)\b"
)


def _in_observance(text: str, start: int, end: int) -> bool:
    return any(m.start() <= start and end <= m.end() for m in OBSERVANCE.finditer(text))


def _before_venue(text: str, end: int) -> bool:
    """ "the church hall": a venue named after what it stands by, no worship."""
    after = re.match(r"\s+(\w+)", text[end:])
    return after is not None and after.group(1).lower() in terms.VENUE_HEADS


def _everyday_english(surface: str) -> bool:
    """Every word of the phrase is a frequent English word (`named.common_word`)."""
    words = _WORDS.findall(surface.lower())
    return bool(words) and all(named.common_word(w) for w in words)


def _one_frequent_word(surface: str) -> bool:
    """A single lower-case word of everyday talk ("results", "treatment"): the lexicon knows
    the health words worth reporting; the tagger's guess at a word this common is a topic's."""
    return surface.islower() and " " not in surface and named.zipf(surface) >= terms.EVERYDAY_ZIPF


# Categories of a people's or language's adjective, which may start a name ("the Irish Times")
PEOPLES = frozenset({Category.ETHNICITY, Category.LANGUAGE})


def _token_from(doc: Any, end: int) -> Any | None:
    """The first token at or after character `end`: what follows a tagged phrase."""
    return next((t for t in doc if t.idx >= end), None)


def _starts_a_name(doc: Any, end: int) -> bool:
    """A capitalised proper noun follows: the word begins a name ("the Irish Times crossword",
    "Thai Airways")."""
    return terms.begins_a_name(_token_from(doc, end))


def _names_a_thing(doc: Any, surface: str, end: int) -> bool:
    """A dish or a thing follows that the word names with it ("Welsh cakes", "an Indian
    takeaway"): no one's descent or language."""
    return terms.names_a_thing(surface.lower(), _token_from(doc, end))


def _a_peoples_name(surface: str) -> bool:
    """A people's word and capitalised everyday words that are no people's ("the Irish Times",
    "Thai Airways"): a name that starts with it ("Black British", "Ngāti Porou" are peoples)."""
    words = surface.removeprefix("the ").split()
    entries = terms.lexicon().entries
    return len(words) > 1 and all(
        w[:1].isupper()
        and named.common_word(w.lower())
        and not any(t.category in PEOPLES for t in entries.get((w.lower(),), ()))
        for w in words[1:]
    )


def _money_matter(surface: str) -> bool:
    """An amount, a bank or a money word of the lexicon ("Santander", "overdraft"), not any
    name the tagger guessed at ("Parliament House")."""
    if any(c.isdigit() for c in surface) or re.search(r"[£$€₹₦¥]", surface):
        return True
    listed = companies.find_company(surface)
    if listed is not None and listed[0].sector == "bank":
        return True
    entries = terms.lexicon().entries
    return any(
        t.category == Category.FINANCE
        for w in surface.lower().split()
        for t in entries.get((w,), ())
    )


def _a_first_name(surface: str) -> bool:
    """A capitalised word that is a first name ("Priya") or no family or gender word the lexicon
    or WordNet knows: a person's name, not a kinship word."""
    word = surface.strip().lower()
    if not surface[:1].isupper() or " " in word:
        return False
    if word in named.first_names():
        return True
    known = terms.lexicon().entries.get((word,), ())
    return not any(t.category in KIN_CATEGORIES for t in known) and not terms.is_person_noun(word)


def _plural_of_a_noun(surface: str) -> bool:
    """One word that is the plural of a common noun ("Twins turned 5") or a person noun
    ("Landlord's"): no one's name (a first name such as "James" is kept)."""
    word = surface.strip().lower()
    if " " in word or word in named.first_names():
        return False
    if terms.is_person_noun(word):
        return True  # "Landlord's putting the rent up": a role, capitalised as a sentence opens
    return word.endswith("s") and bool(resources.wordnet().synsets(word[:-1], pos="n"))


def _a_persons_title(surface: str) -> bool:
    """WordNet's first sense of the whole phrase is a person ("Attorney General")."""
    words = surface.lower().removeprefix("the ").split()
    return named.is_person_noun("_".join(words))


def _the_authors(text: str, start: int, end: int, doc: Any, category: str) -> bool:
    """Its clause refers to the author, no one else owns it ("his sertraline"), it is no title's
    word ("Pride and Prejudice") and no shop named like a subject ("at my pharmacy")."""
    tokens = [t for t in doc if start <= t.idx < end]
    life_event = category in terms.LIFE_EVENT_CATEGORIES
    if tokens and (terms.in_title(tokens) or terms.owned_by_other(tokens, life_event=life_event)):
        return False
    if tokens and category == Category.EDUCATION and terms.shop_not_subject(tokens):
        return False  # "at my pharmacy": the shop, not the degree
    return author_reference(text, start, end, doc=doc) is not None


def detect(context: MessageContext) -> list[Phrase]:
    """The phrases the tagger is sure of, in clauses that refer to the author."""
    text, doc = context.text, context.doc
    if doc is None:
        return []
    found = []
    for start, end, category, confidence in tag_spans(text, doc, context.profile):
        if (
            confidence < MIN_CONFIDENCE
            or category in RULES_DECIDE
            or any(c.isdigit() for c in text[start:end])
            or (category in PLACES_OF_CARE_AND_STUDY and _a_persons_title(text[start:end]))
            or (category in KIN_CATEGORIES and _everyday_english(text[start:end]))
            or (category == Category.IDENTITY and _plural_of_a_noun(text[start:end]))
            or (category in KIN_CATEGORIES and _a_first_name(text[start:end]))
            or (category in PEOPLES and _starts_a_name(doc, end))
            or (category in PEOPLES and _names_a_thing(doc, text[start:end], end))
            or (category in PEOPLES and _a_peoples_name(text[start:end]))
            or (category == Category.FINANCE and not _money_matter(text[start:end]))
            # ("back at uni" as work: a head word's own kind is the lexicon's to say)
            or named.HEAD_WORDS.get(text[start:end].lower(), category) != category
            or (category == Category.HEALTH and _one_frequent_word(text[start:end]))
            or _in_observance(text, start, end)
            or (category == Category.RELIGION and _before_venue(text, end))
            or terms.TO_THOSE_CELEBRATING.match(text, end) is not None
            or terms.CONTRASTED_BEFORE.search(text, 0, start) is not None  # "..., not eczema"
            # hashtags say where ("#shoreditch"); others the lexicon reads ("#nurselife")
            or (text[start] == "#" and category != Category.LOCATION)
            # "my vows with Marcus": a first name, unless the post speaks of money
            or (
                category == Category.FINANCE
                and text[start:end].strip().lower() in named.first_names()
                and not named.CONTEXT_WORDS[Category.FINANCE] & set(text.lower().split())
            )
            or not _the_authors(text, start, end, doc, category)
        ):
            continue
        category = named.listed_company_category(text[start:end], Category(category))
        found.append(
            Phrase(
                start=start,
                end=end,
                text=text[start:end],
                category=Category(category),
                reason=categories.reason_for(category),
                confidence=round(confidence, 3),
                detectors=[Detector.POST_TAGGER],
            )
        )
    return found
