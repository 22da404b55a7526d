"""The combined paraphrase detector: SimMat parts + MT metrics + extra features -> logistic regression.

Trained on MSRP train only; the regularisation C and the decision threshold are chosen by
stratified cross-validation on train (TF-KLD is refitted inside each fold so that its learned
weights never see the held-out fold). `osnguard train paraphrase` calls `train_model()`, which
builds `paraphrase.json` (feature names, scaler and classifier numbers, threshold), shipped in
`osnguard/privacy/models/` (see `artifacts`); `get_detector()` loads it once per process and
raises `ModelUnavailable` when it is missing or stale: it never trains.
"""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing
import os
import pickle
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from osnguard.privacy import artifacts
from osnguard.privacy.paraphrase.features import (
    FEATURE_GROUPS,
    GROUP_VERSIONS,
    feature_names,
    pair_features,
)
from osnguard.privacy.paraphrase.msrp import msrp_split
from osnguard.privacy.paraphrase.parsing import Sentence, check_text, parse_many
from osnguard.privacy.paraphrase.tfkld import TfKld, fit_tfkld
from osnguard.privacy.resources import load_once, spacy_model_name, var_dir

if TYPE_CHECKING:  # scikit-learn is imported where a model is fitted or restored (it is slow)
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

log = logging.getLogger(__name__)

SPEC = artifacts.SPECS["paraphrase"]
ALL_GROUPS: tuple[str, ...] = tuple(FEATURE_GROUPS)
# the shipped feature set: the best 5-fold CV accuracy on MSRP train among the evaluated rows
DEFAULT_GROUPS: tuple[str, ...] = ("simmat", "mt", "length", "overlap", "weighted")
C_GRID: tuple[float, ...] = (0.01, 0.03, 0.1, 0.3, 1.0, 3.0)
THRESHOLDS = np.round(np.arange(0.20, 0.81, 0.01), 2)
CV_FOLDS = 5
TOKENS_VERSION = 2  # bump when parsing.Token changes (2: a NamedTuple)
SEED = 0


@dataclass
class Features:
    """Parsed sentences of a list of pairs and their hand-built features (columns `names`)."""

    first: list[Sentence]
    second: list[Sentence]
    hand: np.ndarray
    names: list[str]

    def columns(self, names: Sequence[str]) -> np.ndarray:
        try:
            return self.hand[:, [self.names.index(n) for n in names]]
        except ValueError as exc:
            raise ValueError(f"feature not computed for these pairs: {exc}") from None

    def subset(self, rows: np.ndarray) -> Features:
        first = [self.first[i] for i in rows]
        return Features(first, [self.second[i] for i in rows], self.hand[rows], self.names)


def _features_chunk(args: tuple[list[tuple[Sentence, Sentence]], list[str]]) -> list[list[float]]:
    chunk, groups = args
    names = feature_names(groups)
    rows = []
    for s1, s2 in chunk:
        values = pair_features(s1, s2, groups)
        rows.append([values[name] for name in names])
    return rows


def hand_features(
    first: Sequence[Sentence],
    second: Sequence[Sentence],
    groups: Sequence[str],
    *,
    workers: int = 1,
) -> np.ndarray:
    """Features of these groups for each pair, in `workers` forked processes for large batches."""
    pairs = list(zip(first, second))
    groups = list(groups)
    if workers <= 1 or len(pairs) < 400 or "fork" not in multiprocessing.get_all_start_methods():
        rows = _features_chunk((pairs, groups))
    else:
        size = -(-len(pairs) // (workers * 4))
        chunks = [(pairs[i : i + size], groups) for i in range(0, len(pairs), size)]
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            rows = [row for part in pool.map(_features_chunk, chunks) for row in part]
    return np.array(rows, dtype=np.float64).reshape(len(pairs), len(feature_names(groups)))


def featurize(
    pairs: Sequence[tuple[str, str]], groups: Sequence[str], *, workers: int = 1
) -> Features:
    sentences = parse_many([text for pair in pairs for text in pair])
    first, second = sentences[0::2], sentences[1::2]
    hand = hand_features(first, second, groups, workers=workers)
    return Features(first, second, hand, feature_names(groups))


def _save(path: Path, value: object) -> None:
    """Cache a training-time value (parsed MSRP sentences, feature blocks) atomically."""
    artifacts.write_atomically(path, pickle.dumps(value))


Cached = TypeVar("Cached")


def _load(path: Path, kind: type[Cached]) -> Cached | None:
    """A cached value of this type, or None when there is none, it has another type, or it was
    written by other code and no longer loads (a stale cache is only a miss)."""
    if not path.is_file():
        return None
    try:
        with path.open("rb") as handle:
            value = pickle.load(handle)
    except (pickle.UnpicklingError, EOFError, AttributeError, TypeError, ImportError) as exc:
        log.info("ignoring the stale cache %s: %s", path.name, exc)
        return None
    return value if isinstance(value, kind) else None


def msrp_features(split: str, groups: Sequence[str] = ALL_GROUPS) -> tuple[Features, np.ndarray]:
    """Features and labels of an MSRP split, cached per feature group in var/cache/paraphrase."""
    pairs = msrp_split(split)
    labels = np.array([bool(p.label) for p in pairs])
    texts = "\n".join(f"{p.a}\t{p.b}" for p in pairs)
    key = hashlib.sha1(f"{spacy_model_name()}\n{texts}".encode()).hexdigest()[:12]
    folder = var_dir() / "cache" / "paraphrase"
    tokens_path = folder / f"msrp-{split}-{key}-tokens-v{TOKENS_VERSION}.pickle"
    parsed: list[Sentence] | None = _load(tokens_path, list)
    if parsed is None:
        log.info("parsing MSRP %s (%d pairs)", split, len(pairs))
        parsed = parse_many([text for p in pairs for text in (p.a, p.b)])
        _save(tokens_path, parsed)
    first, second = parsed[0::2], parsed[1::2]
    blocks: list[np.ndarray] = []
    for group in groups:
        path = folder / f"msrp-{split}-{key}-{group}-v{GROUP_VERSIONS[group]}.pickle"
        block = _load(path, np.ndarray)
        if block is None:
            log.info("computing %s features for MSRP %s (%d pairs)", group, split, len(pairs))
            block = hand_features(first, second, [group], workers=os.cpu_count() or 1)
            _save(path, block)
        blocks.append(block)
    hand = np.hstack(blocks) if blocks else np.zeros((len(pairs), 0))
    return Features(first, second, hand, feature_names(groups)), labels


@dataclass
class ParaphraseModel:
    """A trained detector: which features, the fitted TF-KLD, scaler, classifier and threshold."""

    names: list[str]
    groups: list[str]
    tfkld: TfKld | None
    scaler: StandardScaler
    classifier: LogisticRegression
    threshold: float
    c: float
    cv_accuracy: float
    info: dict[str, Any] = field(default_factory=dict)

    def matrix(self, features: Features) -> np.ndarray:
        parts = [features.columns(self.names)]
        if self.tfkld is not None:
            parts.append(self.tfkld.pair_features(features.first, features.second))
        return np.hstack(parts)

    def probabilities(self, features: Features) -> np.ndarray:
        if not len(features.hand):
            return np.zeros(0)
        x = self.scaler.transform(self.matrix(features))
        return np.asarray(self.classifier.predict_proba(x)[:, 1])


def _design(
    train: Features, test: Features, labels: np.ndarray, names: list[str], tfkld_dims: int
) -> tuple[np.ndarray, np.ndarray, TfKld | None]:
    """Train/test matrices, with TF-KLD fitted on the training part only."""
    x_train, x_test = train.columns(names), test.columns(names)
    model = None
    if tfkld_dims:
        model = fit_tfkld(train.first, train.second, labels, dims=tfkld_dims, seed=SEED)
        x_train = np.hstack([x_train, model.pair_features(train.first, train.second)])
        x_test = np.hstack([x_test, model.pair_features(test.first, test.second)])
    return x_train, x_test, model


def _fit_classifier(
    x: np.ndarray, y: np.ndarray, c: float
) -> tuple[StandardScaler, LogisticRegression]:
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    scaler = StandardScaler().fit(x)
    classifier = LogisticRegression(C=c, max_iter=5000, random_state=SEED)
    classifier.fit(scaler.transform(x), y)
    return scaler, classifier


def fit_model(
    features: Features,
    labels: np.ndarray,
    *,
    groups: Iterable[str] = DEFAULT_GROUPS,
    names: Sequence[str] | None = None,
    tfkld_dims: int = 0,
    folds: int = CV_FOLDS,
) -> ParaphraseModel:
    """Choose C and the threshold by stratified CV on these (training) pairs, then refit on all."""
    from sklearn.model_selection import StratifiedKFold

    names = list(names) if names is not None else feature_names(groups)
    if not names and not tfkld_dims:
        raise ValueError("the detector needs at least one feature")
    labels = np.asarray(labels, dtype=bool)
    out_of_fold = {c: np.zeros(len(labels)) for c in C_GRID}
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=SEED)
    for train_rows, held_rows in splitter.split(features.hand, labels):
        train, held = features.subset(train_rows), features.subset(held_rows)
        x_train, x_held, _ = _design(train, held, labels[train_rows], names, tfkld_dims)
        for c in C_GRID:
            scaler, classifier = _fit_classifier(x_train, labels[train_rows], c)
            out_of_fold[c][held_rows] = classifier.predict_proba(scaler.transform(x_held))[:, 1]
    best = (-1.0, 0.0, 0.5)
    for c, probs in out_of_fold.items():
        for threshold in THRESHOLDS:
            accuracy = float(((probs >= threshold) == labels).mean())
            if accuracy > best[0]:
                best = (accuracy, c, float(threshold))
    cv_accuracy, c, threshold = best
    x_all, _, tfkld = _design(features, features.subset(np.arange(0)), labels, names, tfkld_dims)
    scaler, classifier = _fit_classifier(x_all, labels, c)
    needed = [g for g in FEATURE_GROUPS if set(FEATURE_GROUPS[g]) & set(names)]
    return ParaphraseModel(names, needed, tfkld, scaler, classifier, threshold, c, cv_accuracy)


class ParaphraseDetector:
    """Decides whether two texts are paraphrases; load with `get_detector()`."""

    def __init__(self, model: ParaphraseModel) -> None:
        self.model = model

    @property
    def threshold(self) -> float:
        return self.model.threshold

    def probabilities(self, pairs: Iterable[tuple[str, str]]) -> list[float]:
        """Paraphrase probability of each (a, b) pair; each distinct text is parsed once.

        A pair where either text has no words gets 0: an empty text discloses nothing.
        """
        pairs = list(pairs)
        for i, pair in enumerate(pairs):
            if not isinstance(pair, (tuple, list)) or len(pair) != 2:
                raise ValueError(f"pair {i + 1} must be two texts (a, b)")
            check_text(pair[0], f"pair {i + 1}, first text")
            check_text(pair[1], f"pair {i + 1}, second text")
        live = [i for i, (a, b) in enumerate(pairs) if a.strip() and b.strip()]
        result = [0.0] * len(pairs)
        if live:
            features = featurize([pairs[i] for i in live], self.model.groups)
            for i, p in zip(live, self.model.probabilities(features)):
                result[i] = float(p)
        return result

    def probability(self, a: str, b: str) -> float:
        return self.probabilities([(a, b)])[0]

    def is_paraphrase(self, a: str, b: str) -> bool:
        return self.probability(a, b) >= self.threshold

    def decisions(self, probabilities: Iterable[float]) -> list[bool]:
        return [p >= self.threshold for p in probabilities]


DEFAULT_TFKLD_DIMS = 0  # TF-KLD is evaluated as an extra (see evaluation.msrp)


def export(model: ParaphraseModel) -> dict[str, Any]:
    """The numbers of a trained model, as JSON-ready data (a model with TF-KLD is not shipped)."""
    if model.tfkld is not None:
        raise ValueError("a detector with TF-KLD features cannot be exported")
    return {
        "names": list(model.names),
        "groups": list(model.groups),
        "scaler": {"mean": model.scaler.mean_.tolist(), "scale": model.scaler.scale_.tolist()},
        "classifier": {
            "coef": model.classifier.coef_.ravel().tolist(),
            "intercept": float(model.classifier.intercept_[0]),
        },
        "threshold": model.threshold,
        "c": model.c,
        "cv_accuracy": model.cv_accuracy,
        "info": model.info,
    }


def restore(data: dict[str, Any]) -> ParaphraseModel:
    """A `ParaphraseModel` from `export`'s data, scoring exactly as the one exported."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    names = list(data["names"])
    scaler = StandardScaler()
    scaler.mean_ = np.array(data["scaler"]["mean"], dtype=np.float64)
    scaler.scale_ = np.array(data["scaler"]["scale"], dtype=np.float64)
    scaler.var_ = scaler.scale_**2
    scaler.n_features_in_ = len(names)
    classifier = LogisticRegression(C=float(data["c"]))
    classifier.coef_ = np.array([data["classifier"]["coef"]], dtype=np.float64)
    classifier.intercept_ = np.array([data["classifier"]["intercept"]], dtype=np.float64)
    classifier.classes_ = np.array([False, True])
    classifier.n_features_in_ = len(names)
    return ParaphraseModel(
        names,
        list(data["groups"]),
        None,
        scaler,
        classifier,
        float(data["threshold"]),
        float(data["c"]),
        float(data["cv_accuracy"]),
        dict(data.get("info", {})),
    )


def train_model(folder: Path | None = None) -> Path:
    """Train the shipped detector on MSRP train and install `paraphrase.json` in `folder` (the
    shipped models by default)."""
    features, labels = msrp_features("train")
    model = fit_model(features, labels, groups=DEFAULT_GROUPS, tfkld_dims=DEFAULT_TFKLD_DIMS)
    model.info = {
        "trained_on": "MSRP train",
        "pairs": len(labels),
        "groups": list(DEFAULT_GROUPS),
    }
    (name,) = SPEC.files
    target = artifacts.temporary_path(folder or artifacts.models_dir(), name)
    artifacts.write_atomically(target, json.dumps(export(model), indent=1, sort_keys=True) + "\n")
    artifacts.install(SPEC, {name: target}, folder)
    return (folder or artifacts.models_dir()) / name


# `osnguard train paraphrase --check` across machines: a rebuilt detector whose numbers differ from
# the shipped one (spaCy's tagger and the metrics' float sums round differently on another
# processor, and collinear MT features then share their weight differently) still counts as the
# same when it decides the training pairs alike.
AGREEMENT_MAX_PROBABILITY_GAP = 0.02
AGREEMENT_MAX_DECISIONS_CHANGED = 0.005


def models_agree(built: Path, shipped: Path) -> tuple[bool, str]:
    """Whether two detector files decide MSRP train alike (within the limits above), and how."""
    one, two = load_model(built), load_model(shipped)
    if one.names != two.names or one.groups != two.groups or one.threshold != two.threshold:
        return False, "different features or threshold"
    features, _labels = msrp_features("train", one.groups)
    p_one, p_two = one.probabilities(features), two.probabilities(features)
    gap = float(np.max(np.abs(p_one - p_two))) if len(p_one) else 0.0
    changed = int(((p_one >= one.threshold) != (p_two >= two.threshold)).sum())
    share = changed / max(1, len(p_one))
    detail = (
        f"numbers differ; on the {len(p_one):,} MSRP train pairs the probabilities differ by at "
        f"most {gap:.4f} and {changed} decisions ({share:.2%}) change"
    )
    return gap <= AGREEMENT_MAX_PROBABILITY_GAP and share <= AGREEMENT_MAX_DECISIONS_CHANGED, detail


def load_model(path: Path | None = None) -> ParaphraseModel:
    """The shipped model (checked against the manifest), or the one at `path`."""
    path = path or artifacts.model_file(SPEC)
    return restore(json.loads(path.read_text(encoding="utf-8")))


@load_once
def get_detector() -> ParaphraseDetector:
    """The shipped detector, loaded once per process; `ModelUnavailable` if missing or stale."""
    return ParaphraseDetector(load_model())
