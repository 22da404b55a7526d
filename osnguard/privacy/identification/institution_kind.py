"""What a named place is to the author, learned from annotated posts (issue 13): a school or
university they attend, a hospital or clinic they are treated at, or just a place.

Named institutions take the author's relation to them (GUIDELINES §3): "viva at Warwick" is the
university, "we're at the Rosie now" after "waters broke" is the hospital, "Monash here I come"
after exam results is the university. The rules read a bare name as a place unless a rule knows
the name or its pattern; on posts nobody wrote rules for, one miss in five was such a name read as
a place. A logistic regression over the name's words, the words around it, the parse (its
preposition and verb) and the topic lexicon's categories in its sentence, trained on the named
phrases of `fixtures/evaluation/realistic_probe.jsonl`, decides.

Only two outcomes change a finding: education and health, where its decisions on unseen posts were
right every time (docs/evaluation/realistic.md); for work and religion it was wrong as often as
right ("a pint at Sin É" after Midnight mass is no church), so those stay with the rules.
`train_model(folder)` builds `institution_kind.json` (see `artifacts`).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from osnguard.privacy import artifacts, lexicon, resources
from osnguard.privacy.identification import categories, named, post_tagger, tagger, terms
from osnguard.privacy.types import Category, Detector, Phrase

SPEC = artifacts.SPECS["institution_kind"]
# the kinds it learns (the categories of named phrases in the annotated posts)...
KINDS = frozenset(
    {
        Category.LOCATION,
        Category.EDUCATION,
        Category.HEALTH,
        Category.WORK,
        Category.RELIGION,
        Category.POLITICS,
        Category.ETHNICITY,
        Category.FINANCE,
    }
)
# ...and those it may give a name the rules read as a place
DECIDES = frozenset({Category.EDUCATION, Category.HEALTH})
MIN_PROBABILITY = 0.6


def is_name(text: str) -> bool:
    return any(char.isupper() for char in text)


@cache
def _lexicon() -> dict[str, frozenset[str]]:
    """A lexicon term (words joined by spaces) -> its categories."""
    found: dict[str, set[str]] = {}
    for key, entries in terms.lexicon().entries.items():
        found.setdefault(" ".join(key), set()).update(str(t.category) for t in entries)
    return {term: frozenset(kinds) for term, kinds in found.items()}


def features(text: str, start: int, end: int, doc: Any) -> dict[str, float]:
    """The features of the name at text[start:end] in its parsed message."""
    found: dict[str, float] = {}
    words = [w.strip(".,!?") for w in text[start:end].lower().split()] or [""]
    for word in words:
        found[f"w:{word}"] = 1
    found[f"last:{words[-1]}"] = 1
    found["place"] = float(text[start:end].lower() in tagger._places())
    found["the"] = float(text[max(0, start - 4) : start].lower() == "the ")
    before = [t for t in doc if t.idx + len(t) <= start]
    after = [t for t in doc if t.idx >= end]
    if before:
        found[f"b1:{before[-1].lower_}"] = 1
    if len(before) > 1:
        found[f"b2:{before[-2].lemma_.lower()}"] = 1
    if after:
        found[f"a1:{after[0].lower_}"] = 1
    inside = [t for t in doc if start <= t.idx < end]
    sentence = doc[:]
    if inside:
        root = next((t for t in inside if t.head not in inside or t.head == t), inside[0])
        found[f"dep:{root.dep_}"] = 1
        found[f"head:{root.head.lemma_.lower()}"] = 1
        if root.head.dep_ == "prep":
            found[f"hh:{root.head.head.lemma_.lower()}"] = 1
        found[f"ent:{inside[0].ent_type_ or 'O'}"] = 1
        sentence = root.sent
    lexicon = _lexicon()
    lowered = [t.lower_ for t in sentence]
    for i, token in enumerate(sentence):
        if start <= token.idx < end:
            continue
        if token.is_alpha and not token.is_stop:
            found[f"s:{token.lemma_.lower()}"] = 1
        for term in (lowered[i], " ".join(lowered[i : i + 2])):
            for kind in lexicon.get(term, ()):
                found[f"lex:{kind}"] = 1
    return found


def training_examples() -> tuple[list[dict[str, float]], list[str]]:
    """The named phrases of the annotated posts: their features and categories."""
    posts = post_tagger.training_posts()
    x, y = [], []
    texts = [post["text"] for post in posts]
    for post, doc in zip(posts, resources.nlp().pipe(texts, batch_size=64)):
        for start, end, category in post["gold"]:
            if category in KINDS and is_name(post["text"][start:end]):
                x.append(features(post["text"], start, end, doc))
                y.append(category)
    return x, y


@dataclass(frozen=True)
class KindModel:
    """A multinomial logistic regression: probabilities are the softmax of weights · x + bias."""

    classes: tuple[str, ...]
    weights: dict[str, tuple[float, ...]]  # feature -> one weight per class
    bias: tuple[float, ...]

    def probabilities(self, found: dict[str, float]) -> dict[str, float]:
        scores = list(self.bias)
        for name, value in found.items():
            for i, weight in enumerate(self.weights.get(name, ())):
                scores[i] += weight * value
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return {kind: e / total for kind, e in zip(self.classes, exps)}


def fit(x: list[dict[str, float]], y: list[str]) -> KindModel:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vectoriser = DictVectorizer()
    regression = LogisticRegression(C=1.0, max_iter=2000)
    regression.fit(vectoriser.fit_transform(x), y)
    names = vectoriser.get_feature_names_out()
    return KindModel(
        tuple(str(c) for c in regression.classes_),
        {
            str(name): tuple(round(float(w), 8) for w in regression.coef_[:, i])
            for i, name in enumerate(names)
        },
        tuple(round(float(b), 8) for b in regression.intercept_),
    )


def train_model(folder: Path | None = None) -> Path:
    """Train on the named phrases of every annotated probe post and install
    `institution_kind.json` in `folder` (the shipped models by default)."""
    model = fit(*training_examples())
    (name,) = SPEC.files
    target = artifacts.temporary_path(folder or artifacts.models_dir(), name)
    data = {"classes": model.classes, "weights": model.weights, "bias": model.bias}
    artifacts.write_atomically(target, json.dumps(data, sort_keys=True, separators=(",", ":")))
    artifacts.install(SPEC, {name: target}, folder)
    return (folder or artifacts.models_dir()) / name


def _open(path: Path) -> KindModel:
    data = json.loads(path.read_text(encoding="utf-8"))
    return KindModel(
        tuple(data["classes"]),
        {name: tuple(w) for name, w in data["weights"].items()},
        tuple(data["bias"]),
    )


MODEL = artifacts.ShippedModel(SPEC, _open)
using = MODEL.using  # evaluation: a model fitted on other posts


def kind_of(text: str, start: int, end: int, doc: Any) -> tuple[Category, float]:
    """The most probable kind of the name at text[start:end], and its probability."""
    probabilities = MODEL.current().probabilities(features(text, start, end, doc))
    kind = max(probabilities, key=lambda k: probabilities[k])
    return Category(kind), probabilities[kind]


# A meal or a night out at the name: a venue ("a surprise meal at the Ivy"), whatever else the
# post is about
LEISURE_BEFORE = re.compile(
    r"\b(?:meal|dinner|lunch|brunch|breakfast|drinks|tea|coffee|party|celebration|cocktails|"
    r"pints?|date|gig)\s+(?:\w+\s+){0,2}?at\s+(?:the\s+)?$",
    re.IGNORECASE,
)


def _a_kind_of_place_after(text: str, end: int) -> bool:
    """The next word says what kind of place the name is ("Brunswick station", "Heaton Park")."""
    after = re.match(r"\s+([A-Za-z]+)", text[end:])
    return after is not None and named.HEAD_WORDS.get(after.group(1).lower()) == Category.LOCATION


SAINT_NAMED = re.compile(rf"(?:the\s+)?{lexicon.SAINT_NAME}(?:['’]s?)?")


def _same_sentence(doc: Any, a: int, b: int) -> bool:
    """Whether the characters at `a` and `b` are in one sentence of the parse."""
    first = doc.char_span(a, a + 1, alignment_mode="expand")
    second = doc.char_span(b, b + 1, alignment_mode="expand")
    return first is not None and second is not None and first.sent.start == second.sent.start


def recategorise(phrases: list[Phrase], text: str, doc: Any) -> list[Phrase]:
    """The phrases, with a name the rules read as a place given the school or health service
    category when its sentence says so (`DECIDES`, `MIN_PROBABILITY`)."""
    if doc is None:
        return phrases
    worship_said = [p for p in phrases if p.category == Category.RELIGION]
    result = []
    for phrase in phrases:
        if (
            phrase.category in (Category.LOCATION, Category.EDUCATION)
            and SAINT_NAMED.fullmatch(phrase.text)
            and not named.is_known_place(phrase.text)  # "St Ives" is a town
            and any(_same_sentence(doc, p.start, phrase.start) for p in worship_said)
        ):
            # "the Alpha course at St Aldates": a saint's name beside worship is a church's
            reason = categories.reason_for(Category.RELIGION)
            result.append(replace(phrase, category=Category.RELIGION, reason=reason))
            continue
        if (
            phrase.category == Category.LOCATION
            and is_name(phrase.text)
            and Detector.PROFILE not in phrase.detectors  # a place of the profile is a place
            and not _a_kind_of_place_after(text, phrase.end)
            and not LEISURE_BEFORE.search(text, 0, phrase.start)
        ):
            kind, probability = kind_of(text, phrase.start, phrase.end, doc)
            if kind in DECIDES and probability >= MIN_PROBABILITY:
                reason = categories.reason_for(kind)
                phrase = replace(
                    phrase,
                    category=kind,
                    reason=reason,
                    reasons=[reason, *[r for r in phrase.reasons if r != reason]],
                )
        result.append(phrase)
    return result
