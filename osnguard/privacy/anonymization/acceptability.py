"""The wording check: does a substitution read naturally in its sentence and stay true to the
phrase it replaces? A logistic regression over features of the substitution, trained on labelled
substitutions (issue 14): the realistic development set's `ok` (1) and `bad` (0) generalizations
of its gold phrases, and fixtures/evaluation/naturalness.jsonl (natural hypernyms against
wrong-part-of-speech and wrong-sense replacements in MSRP sentences).

Fre alone (naturalness.py) ranks these pairs little better than chance (held-out AUC 0.64): it
measures how common the words around the replacement are, not whether the replacement fits. The
features (`FEATURES`) add what separates them:
- how the replacement joins its neighbours in the trigram model (the word before -> its first
  word, its last word -> the word after), against the original's;
- word frequency (wordfreq), length, capitals, digits, shared words;
- whether the replacement turns a future time into a past one or back;
- relatedness to the original: a gazetteer place that contains the original place (a true
  generalization) or another place (a sibling: "Abuja" for "Lagos"), a WordNet hypernym of the
  original noun, and their Wu-Palmer similarity.

Only the even-numbered posts and the development half of the fixture train the shipped model
(`osnguard train acceptability`); `osnguard evaluate naturalness` reports its AUC on the odd
posts and the held-out half. The check is a veto: its threshold is the highest at which 90% of
the training wordings it rejects are bad ones.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from osnguard.privacy import artifacts, places, resources
from osnguard.privacy.anonymization import naturalness
from osnguard.privacy.resources import wordnet

SPEC = artifacts.SPECS["acceptability"]
FIXTURE = resources.PROJECT_ROOT / "fixtures" / "evaluation" / "naturalness.jsonl"
REALISTIC = "realistic/dev.jsonl"
VETO_PRECISION = 0.9  # share of the training wordings it rejects that must be bad
UNKNOWN_LN_P = -30.0  # ln P of a word the language model does not know

FEATURES: tuple[str, ...] = (
    "fre",  # Fre of the replacement (Eq. 4.7)
    "fre_original",
    "fre_gain",  # Fre of the replacement minus the original's
    "join_before",  # ln P(first word | the words before)
    "join_after",  # ln P(the word after | last words)
    "join_inside",  # the least likely step inside the replacement
    "join_before_gain",
    "join_after_gain",
    "join_inside_gain",
    "zipf_mean",  # wordfreq Zipf frequency of the replacement's words
    "zipf_min",
    "zipf_original",
    "words",
    "words_original",
    "words_gain",
    "capitals",  # share of the replacement's words that start with a capital
    "capitals_original",
    "capitals_gain",
    "shared_words",  # share of the replacement's words the original has
    "digits",
    "digits_original",
    "digits_both",  # a number for a number: a rewrite at the same precision
    "article",  # starts with a/an/the
    "time_flip",  # a future time said in the past, or the reverse
    "contains_original_place",
    "other_place",
    "hypernym",  # a WordNet hypernym of the original noun
    "wup",  # Wu-Palmer similarity of the original noun and the replacement's head
    "removed",
)

_WORD = re.compile(r"[A-Za-z]+")
_PAST = re.compile(r"\b(?:last|yesterday|ago|recently|earlier|was|used to)\b", re.IGNORECASE)
_FUTURE = re.compile(r"\b(?:next|tomorrow|soon|later|upcoming|coming)\b", re.IGNORECASE)
_PLACE_PREFIX = re.compile(r"^(?:the|in|at|from)\s+", re.IGNORECASE)


def _ln_p(word: str, history: list[str]) -> float:
    value = naturalness._cond(word, tuple(history[-2:]))
    return UNKNOWN_LN_P if value is None else value


def _joins(left: list[str], middle: list[str], right: list[str]) -> tuple[float, float, float]:
    if not middle:
        return (UNKNOWN_LN_P, UNKNOWN_LN_P, UNKNOWN_LN_P)
    joined = [*left, *middle]
    before = _ln_p(middle[0], left)
    after = _ln_p(right[0], joined)
    inside = [_ln_p(middle[i], joined[: len(left) + i]) for i in range(1, len(middle))]
    return before, after, min(inside, default=0.0)


def _capitals(words: list[str]) -> float:
    return sum(w[0].isupper() for w in words) / len(words) if words else 0.0


def _place_relation(original: str, replacement: str) -> tuple[float, float]:
    """(contains the original place, is another place) for gazetteer names."""
    found = places.lookup(original.strip())[:3] if original.strip() else []
    wider = places.lookup(_PLACE_PREFIX.sub("", replacement.strip()))[:3] if replacement else []
    if not found or not wider:
        return 0.0, 0.0
    if any(places.contains(w, f) or w.key == f.key for w in wider for f in found):
        return 1.0, 0.0
    return 0.0, 1.0


def _noun_relation(original: str, head: str) -> tuple[float, float]:
    """(is a hypernym, Wu-Palmer similarity) of the original noun (or its head) and the
    replacement's head."""
    words = original.lower().split()
    senses = wordnet().synsets("_".join(words), pos="n")[:3] if words else []
    if not senses and len(words) > 1:  # "a computer science major": its head, "major"
        senses = wordnet().synsets(words[-1], pos="n")[:3]
    heads = wordnet().synsets(head, pos="n")[:3] if head else []
    if not senses or not heads:
        return 0.0, 0.0
    above = {
        ancestor
        for sense in senses
        for ancestor in sense.closure(lambda s: s.hypernyms() + s.instance_hypernyms())
    }
    hypernym = float(any(h in above for h in heads))
    similarity = max((s.wup_similarity(h) or 0.0) for s in senses for h in heads)
    return hypernym, similarity


@lru_cache(maxsize=1 << 14)
def features(text: str, start: int, end: int, original: str, replacement: str) -> tuple[float, ...]:
    """The `FEATURES` of writing `replacement` for `original` at [start, end) of `text`."""
    from wordfreq import zipf_frequency

    begin, finish = naturalness.sentence_bounds(text, start, end)
    left = ["<s>", *naturalness.words(text[begin:start])]
    right = [*naturalness.words(text[end:finish]), "</s>"]
    middle, before = naturalness.words(replacement), naturalness.words(original)
    fre = naturalness.fre_of_replacement(text, start, end, replacement) if middle else 0.0
    fre_original = naturalness.fre_of_replacement(text, start, end, original) if before else 0.0
    joins, joins_original = _joins(left, middle, right), _joins(left, before, right)
    new_words, old_words = _WORD.findall(replacement), _WORD.findall(original)
    zipf = [zipf_frequency(w, "en") for w in new_words] or [0.0]
    zipf_original = [zipf_frequency(w, "en") for w in old_words] or [0.0]
    shared = {w.lower() for w in new_words} & {w.lower() for w in old_words}
    digits, digits_original = bool(re.search(r"\d", replacement)), bool(re.search(r"\d", original))
    flip = (_FUTURE.search(original) and _PAST.search(replacement)) or (
        _PAST.search(original) and _FUTURE.search(replacement)
    )
    contains, other = _place_relation(original, replacement)
    hypernym, wup = _noun_relation(original, new_words[-1].lower() if new_words else "")
    values = (
        fre,
        fre_original,
        fre - fre_original,
        *joins,
        *(a - b for a, b in zip(joins, joins_original)),
        sum(zipf) / len(zipf),
        min(zipf),
        sum(zipf_original) / len(zipf_original),
        len(middle),
        len(before),
        len(middle) - len(before),
        _capitals(new_words),
        _capitals(old_words),
        _capitals(new_words) - _capitals(old_words),
        len(shared) / max(1, len({w.lower() for w in new_words})),
        float(digits),
        float(digits_original),
        float(digits and digits_original),
        float(bool(re.match(r"(?:a|an|the)\s", replacement, re.IGNORECASE))),
        float(bool(flip)),
        contains,
        other,
        hypernym,
        wup,
        float(not middle),
    )
    return tuple(float(v) for v in values)


# --- the model -----------------------------------------------------------------------------


@dataclass(frozen=True)
class WordingModel:
    """A standardised logistic regression over `FEATURES`, and its decision threshold."""

    means: tuple[float, ...]
    scales: tuple[float, ...]
    weights: tuple[float, ...]
    bias: float
    threshold: float

    def probability(self, values: tuple[float, ...]) -> float:
        z = self.bias + sum(
            w * (v - m) / s for w, v, m, s in zip(self.weights, values, self.means, self.scales)
        )
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def _open(path: Path) -> WordingModel:
    data = json.loads(path.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES:
        raise artifacts.ModelUnavailable(
            "the wording check was trained on other features: run `osnguard train acceptability`"
        )
    return WordingModel(
        tuple(data["means"]),
        tuple(data["scales"]),
        tuple(data["weights"]),
        float(data["bias"]),
        float(data["threshold"]),
    )


MODEL = artifacts.ShippedModel(SPEC, _open)


def probability(text: str, start: int, end: int, original: str, replacement: str) -> float:
    """How likely the substitution is acceptable (natural and true), in [0, 1]."""
    model: WordingModel = MODEL.current()
    return model.probability(features(text, start, end, original, replacement))


def is_acceptable(text: str, start: int, end: int, original: str, replacement: str) -> bool:
    """Whether the substitution passes the check (probability at least the model's threshold)."""
    model: WordingModel = MODEL.current()
    return model.probability(features(text, start, end, original, replacement)) >= model.threshold


# --- labelled substitutions and training ---------------------------------------------------


@dataclass(frozen=True)
class Labelled:
    text: str
    start: int
    end: int
    original: str
    replacement: str
    label: int
    source: str  # "realistic" or "fixture"
    train: bool  # the training half (even post numbers, the fixture's development half)


def labelled_substitutions() -> list[Labelled]:
    """Every labelled substitution, realistic first, each marked with its half."""
    found: list[Labelled] = []
    path = resources.corpus_path(REALISTIC)
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        post = json.loads(line)
        number = int(re.sub(r"\D", "", post["id"]) or 0)
        for phrase in post["phrases"]:
            start = post["text"].index(phrase["text"])
            end = start + len(phrase["text"])
            for label, wordings in ((1, phrase["ok"]), (0, phrase["bad"])):
                found.extend(
                    Labelled(
                        post["text"],
                        start,
                        end,
                        phrase["text"],
                        w,
                        label,
                        "realistic",
                        number % 2 == 0,
                    )
                    for w in wordings
                )
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        found.append(
            Labelled(
                row["sentence"],
                row["start"],
                row["end"],
                row["original"],
                row["replacement"],
                int(row["label"]),
                "fixture",
                row["split"] == "dev",
            )
        )
    return found


def matrix(items: list[Labelled]) -> tuple[Any, Any]:
    import numpy as np

    x = np.array(
        [features(i.text, i.start, i.end, i.original, i.replacement) for i in items], dtype=float
    )
    return x, np.array([i.label for i in items])


def fit(items: list[Labelled], *, features: list[int] | None = None) -> WordingModel:
    """A model fitted on `items` (on the `features` columns only, when given: the others get no
    weight), with its veto threshold on them."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    x, y = matrix(items)
    means, scales = x.mean(axis=0), x.std(axis=0)
    scales[scales == 0] = 1.0
    used = list(range(len(FEATURES))) if features is None else list(features)
    regression = LogisticRegression(C=1.0, max_iter=5000)
    regression.fit(((x - means) / scales)[:, used], y)
    weights = [0.0] * len(FEATURES)
    for column, weight in zip(used, regression.coef_[0]):
        weights[column] = float(weight)
    model = WordingModel(
        tuple(float(v) for v in means),
        tuple(float(v) for v in scales),
        tuple(weights),
        float(regression.intercept_[0]),
        0.5,
    )
    scores = np.array([model.probability(tuple(row)) for row in x])
    candidates = sorted(set(np.round(scores, 3)))
    # a veto: the highest threshold at which the wordings it rejects are still VETO_PRECISION
    # bad, so that a good generalization is rarely lost (the accuracy-best threshold would
    # reject one good wording in five)
    vetoes = [
        t
        for t in candidates
        if (rejected := y[scores < t]).size and (rejected == 0).mean() >= VETO_PRECISION
    ]
    best = max(vetoes, default=0.5)
    return WordingModel(model.means, model.scales, model.weights, model.bias, float(best))


def train_model(folder: Path | None = None) -> Path:
    """Fit the shipped model on the training half and install `acceptability.json`."""
    model = fit([i for i in labelled_substitutions() if i.train])
    (name,) = SPEC.files
    target = artifacts.temporary_path(folder or artifacts.models_dir(), name)
    data = {
        "features": list(FEATURES),
        "means": [round(v, 10) for v in model.means],
        "scales": [round(v, 10) for v in model.scales],
        "weights": [round(v, 10) for v in model.weights],
        "bias": round(model.bias, 10),
        "threshold": model.threshold,
    }
    artifacts.write_atomically(target, json.dumps(data, indent=1))
    artifacts.install(SPEC, {name: target}, folder)
    return (folder or artifacts.models_dir()) / name
