"""An author's writing as statistical models (seed 003 §6.3 and §7): one probability distribution
per attribute type, plus the scalar stylometric features that say how an author stands out.

Attribute types (each a distribution compared with the Jensen-Shannon distance):
- `unigrams`: content words (seed §6.3: lower-cased, URLs replaced by their host, letters repeated
  more than three times cut to three, stop words removed, smileys kept as words);
- `function_words`: the stop words themselves, how often each is used (a classic style marker);
- `punctuation`: which punctuation marks and smileys the author uses;
- `word_lengths`: the distribution of word lengths (1-15+ letters).

`FEATURES` are the Writeprints-like scalars reported as "what makes you stand out": average word
and sentence length, shares of capitals, digits, exclamation and question marks, emoji, slang,
contractions, and vocabulary richness.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from osnguard.privacy.author import EMOJI
from osnguard.privacy.resources import load_once

ATTRIBUTE_TYPES: tuple[str, ...] = ("unigrams", "function_words", "punctuation", "word_lengths")
_URL = re.compile(r"\b(?:https?://|www\.)\S+", re.I)
_REPEATS = re.compile(r"(\w)\1{3,}")
_SMILEY = re.compile(rf"(?:[:;=8xX]['-]?[)(\]\[dDpP/\\|oO*]|<3|\^_\^|{EMOJI.pattern})")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_PUNCT = re.compile(r"[!?.,;:\-–—…\"'“”‘’()*/&#@~]")
_SENTENCE_END = re.compile(r"[.!?…]+(?:\s|$)")

# Scalar features and the words users read for them.
FEATURES: dict[str, str] = {
    "word_length": "average word length",
    "sentence_length": "words per sentence",
    "capitals": "share of capital letters",
    "digits": "share of digits",
    "exclamations": "exclamation marks per sentence",
    "questions": "question marks per sentence",
    "emoji": "emoji and smileys per 100 words",
    "slang": "slang and text-speak per 100 words",
    "contractions": "contractions per 100 words",
    "richness": "vocabulary richness",
    "ellipses": "ellipses per sentence",
}


@load_once
def stop_words() -> frozenset[str]:
    """spaCy's English stop words (the seed filtered a 597-word list; this is spaCy's 326)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


@load_once
def slang_words() -> frozenset[str]:
    from osnguard.privacy.identification.slang import dictionary

    return frozenset(dictionary())


def normalise(text: str) -> str:
    """Seed §6.3's normalisation: URLs to their host, long letter runs cut to three, lower case."""

    def host(match: re.Match[str]) -> str:
        url = match.group(0)
        netloc = urlsplit(url if "://" in url else f"http://{url}").netloc
        return f" {netloc.removeprefix('www.')} "

    text = _URL.sub(host, text)
    text = _REPEATS.sub(lambda m: m.group(1) * 3, text)
    return text.lower().replace("’", "'")


def _distribution(counts: Counter[str]) -> dict[str, float]:
    total = sum(counts.values())
    return {key: value / total for key, value in counts.items()} if total else {}


@dataclass
class AuthorModel:
    """One author's (or one text's) models: a distribution per attribute type, the scalar
    features, and how many texts and words it was built from."""

    distributions: dict[str, dict[str, float]] = field(default_factory=dict)
    features: dict[str, float] = field(default_factory=dict)
    texts: int = 0
    words: int = 0


def author_model(texts: Iterable[str]) -> AuthorModel:
    """The models of an author from their texts (an empty model when they wrote nothing)."""
    stops, slang = stop_words(), slang_words()
    counts: dict[str, Counter[str]] = {name: Counter() for name in ATTRIBUTE_TYPES}
    letters = capitals = digits = characters = 0
    sentences = exclamations = questions = smileys = slang_count = contractions = ellipses = 0
    words_total = 0
    vocabulary: set[str] = set()
    n_texts = 0
    for raw in texts:
        if not raw or not raw.strip():
            continue
        n_texts += 1
        letters += sum(ch.isalpha() for ch in raw)
        capitals += sum(ch.isupper() for ch in raw)
        digits += sum(ch.isdigit() for ch in raw)
        characters += len(raw)
        sentences += max(1, len(_SENTENCE_END.findall(raw.strip() + " ")))
        exclamations += raw.count("!")
        questions += raw.count("?")
        ellipses += raw.count("...") + raw.count("…")
        text = normalise(raw)
        found = _SMILEY.findall(text)  # smileys and emoji
        smileys += len(found)
        counts["punctuation"].update(found)
        for mark in _PUNCT.findall(_SMILEY.sub(" ", text)):
            counts["punctuation"][mark] += 1
        for word in _WORD.findall(text):
            words_total += 1
            vocabulary.add(word)
            counts["word_lengths"][str(min(len(word), 15))] += 1
            if "'" in word:
                contractions += 1
            if word in slang:
                slang_count += 1
            if word in stops or word.split("'")[0] in stops:
                counts["function_words"][word] += 1
            else:
                counts["unigrams"][word] += 1
    per_100 = 100 / words_total if words_total else 0.0
    sentences = max(sentences, 1)
    features = {
        "word_length": (
            sum(int(length) * n for length, n in counts["word_lengths"].items()) / words_total
            if words_total
            else 0.0
        ),
        "sentence_length": words_total / sentences,
        "capitals": capitals / letters if letters else 0.0,
        "digits": digits / characters if characters else 0.0,
        "exclamations": exclamations / sentences,
        "questions": questions / sentences,
        "emoji": smileys * per_100,
        "slang": slang_count * per_100,
        "contractions": contractions * per_100,
        # richness on a length-independent scale (Guiraud's root type-token ratio)
        "richness": len(vocabulary) / math.sqrt(words_total) if words_total else 0.0,
        "ellipses": ellipses / sentences,
    }
    return AuthorModel(
        distributions={name: _distribution(counts[name]) for name in ATTRIBUTE_TYPES},
        features=features,
        texts=n_texts,
        words=words_total,
    )


def merged(models: Iterable[AuthorModel]) -> AuthorModel:
    """The average of several models (the community's "average author", seed §7)."""
    models = list(models)
    if not models:
        return AuthorModel()
    distributions: dict[str, dict[str, float]] = {}
    for name in ATTRIBUTE_TYPES:
        total: Counter[str] = Counter()
        for model in models:
            total.update(model.distributions.get(name, {}))
        distributions[name] = {key: value / len(models) for key, value in total.items()}
    features = {
        key: sum(m.features.get(key, 0.0) for m in models) / len(models) for key in FEATURES
    }
    return AuthorModel(
        distributions=distributions,
        features=features,
        texts=sum(m.texts for m in models),
        words=sum(m.words for m in models),
    )


def feature_spread(models: Iterable[AuthorModel]) -> dict[str, tuple[float, float]]:
    """Mean and standard deviation of each scalar feature over a community."""
    models = [m for m in models if m.words]
    spread = {}
    for key in FEATURES:
        values = [m.features[key] for m in models]
        if not values:
            continue
        mean = sum(values) / len(values)
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        spread[key] = (mean, sd)
    return spread


def standouts(
    model: AuthorModel, spread: Mapping[str, tuple[float, float]], *, top: int = 3
) -> list[dict[str, float | str]]:
    """The features on which `model` is furthest from the community (|z| ≥ 1), largest first."""
    scored: list[tuple[float, dict[str, float | str]]] = []
    for key, (mean, sd) in spread.items():
        if sd <= 0:
            continue
        z = (model.features[key] - mean) / sd
        if abs(z) >= 1:
            item: dict[str, float | str] = {
                "feature": key,
                "label": FEATURES[key],
                "yours": round(model.features[key], 3),
                "community": round(mean, 3),
                "z": round(z, 2),
            }
            scored.append((abs(z), item))
    return [item for _, item in sorted(scored, key=lambda pair: -pair[0])[:top]]
