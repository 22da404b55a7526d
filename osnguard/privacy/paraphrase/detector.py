"""The combined paraphrase detector: SimMat parts + MT metrics + extra features -> logistic regression.

Trained on MSRP train only; the regularisation C and the decision threshold are chosen by
stratified cross-validation on train (TF-KLD is refitted inside each fold so that its learned
weights never see the held-out fold). `osnguard train paraphrase` calls `train_model()`, which
builds `paraphrase.json` (feature names, scaler and classifier numbers, threshold), shipped in
`osnguard/privacy/models/` (see `artifacts`); `get_detector()` loads it once per process and
raises `ModelUnavailable` when it is missing or stale: it never trains.

Two operating points share the shipped model. **Accurate** (`get_accurate_detector()`, what
`osnguard paraphrase` uses): the hand-built model stacked with the cross-encoder
(`encoder.py`), a two-feature logistic regression over the hand-built probability's logit and
the encoder's logit, fitted on the fifth of MSRP train the encoder never saw (`Stack`); pairs
the hand-built model is sure of (outside the stack's band) skip the encoder. **Fast**
(`get_hand_built_detector()`): the hand-built model alone, about ten times faster and 5 points
less accurate on MSRP. Screening and attribution use `get_detector()`: fast unless
`OSNGUARD_PARAPHRASE_ENCODER=on`, because detection must keep up with parsing the crawl and
because the stack, trained on MSRP's news pairs, can take a page sharing a post's names for a
paraphrase of it (docs/evaluation/paraphrase.md).
"""

from __future__ import annotations

import hashlib
import json
import logging
import multiprocessing
import os
import pickle
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from osnguard.privacy import artifacts
from osnguard.privacy.paraphrase.encoder import (
    PairEncoder,
    adapter_path,
    base_model_dir,
    get_encoder,
    held_out_rows,
)
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
class Stack:
    """How the hand-built probability and the cross-encoder's logit are combined."""

    hand_weight: float
    encoder_weight: float
    intercept: float
    threshold: float
    c: float
    cv_accuracy: float
    band: tuple[float, float]  # hand-built probabilities outside it skip the encoder
    skipped_logits: tuple[float, float]  # the encoder logit assumed below / above the band
    adapter_sha256: str
    pairs: int

    def probabilities(self, hand: np.ndarray, encoder: np.ndarray) -> np.ndarray:
        z = self.hand_weight * _logit(hand) + self.encoder_weight * encoder + self.intercept
        return np.asarray(1.0 / (1.0 + np.exp(-z)))

    def needs_encoder(self, hand: np.ndarray) -> np.ndarray:
        low, high = self.band
        return np.asarray((hand >= low) & (hand <= high))

    def assumed_logits(self, hand: np.ndarray) -> np.ndarray:
        below, above = self.skipped_logits
        return np.where(hand < self.band[0], below, above)

    def banded(self, hand: np.ndarray, logits_of: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
        """The stacked probabilities, the encoder's logits asked (`logits_of(rows)`) only for
        the rows inside the band; the others take the logit assumed outside it."""
        logits = self.assumed_logits(hand).astype(np.float64)
        rows = np.flatnonzero(self.needs_encoder(hand))
        if len(rows):
            logits[rows] = logits_of(rows)
        return self.probabilities(hand, logits)


def _logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(np.asarray(p, dtype=np.float64), 1e-6, 1 - 1e-6)
    return np.asarray(np.log(p / (1 - p)))


STACK_C_GRID: tuple[float, ...] = (0.01, 0.1, 1.0, 10.0)
BAND_LOWS: tuple[float, ...] = (0.0, 0.01, 0.02, 0.05, 0.1)
BAND_HIGHS: tuple[float, ...] = (1.0, 0.99, 0.98, 0.97, 0.95, 0.9)


def fit_stack(hand: np.ndarray, encoder: np.ndarray, labels: np.ndarray, adapter: str) -> Stack:
    """Choose C and the threshold by stratified CV on these held-out pairs, refit on all, then
    the widest band outside which assuming the encoder's typical logit changes no decision."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold

    labels = np.asarray(labels, dtype=bool)
    x = np.c_[_logit(hand), encoder]
    best = (-1.0, 0.0, 0.5)
    splitter = StratifiedKFold(n_splits=CV_FOLDS, shuffle=True, random_state=SEED)
    for c in STACK_C_GRID:
        out_of_fold = np.zeros(len(labels))
        for train_rows, held_rows in splitter.split(x, labels):
            model = LogisticRegression(C=c, random_state=SEED).fit(
                x[train_rows], labels[train_rows]
            )
            out_of_fold[held_rows] = model.predict_proba(x[held_rows])[:, 1]
        for threshold in THRESHOLDS:
            accuracy = float(((out_of_fold >= threshold) == labels).mean())
            if accuracy > best[0]:
                best = (accuracy, c, float(threshold))
    cv_accuracy, c, threshold = best
    model = LogisticRegression(C=c, random_state=SEED).fit(x, labels)
    stack = Stack(
        float(model.coef_[0, 0]),
        float(model.coef_[0, 1]),
        float(model.intercept_[0]),
        threshold,
        c,
        cv_accuracy,
        (0.0, 1.0),
        (0.0, 0.0),
        adapter,
        len(labels),
    )
    decided = stack.probabilities(hand, encoder) >= threshold
    widest = (0.0, (0.0, 1.0), (0.0, 0.0))
    for low in BAND_LOWS:
        for high in BAND_HIGHS:
            below = float(np.median(encoder[hand < low])) if (hand < low).any() else 0.0
            above = float(np.median(encoder[hand > high])) if (hand > high).any() else 0.0
            trial = Stack(
                **{**stack.__dict__, "band": (low, high), "skipped_logits": (below, above)}
            )
            inside = trial.needs_encoder(hand)
            assumed = trial.probabilities(hand, trial.assumed_logits(hand)) >= threshold
            same = bool((assumed[~inside] == decided[~inside]).all())
            if same and float((~inside).mean()) > widest[0]:
                widest = (float((~inside).mean()), (low, high), (below, above))
    stack.band, stack.skipped_logits = widest[1], widest[2]
    return stack


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
    stack: Stack | None = None

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
    """Decides whether two texts are paraphrases; load with `get_detector()`.

    With an `encoder` (and a model that has its `stack`) the hand-built probability and the
    cross-encoder's logit are stacked; without, the hand-built model decides alone.
    """

    def __init__(self, model: ParaphraseModel, encoder: PairEncoder | None = None) -> None:
        if encoder is not None and model.stack is None:
            raise ValueError("this paraphrase model has no stack for the cross-encoder")
        self.model = model
        self.encoder = encoder
        self.stack = model.stack if encoder is not None else None

    @property
    def threshold(self) -> float:
        return self.stack.threshold if self.stack is not None else self.model.threshold

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
            live_pairs = [pairs[i] for i in live]
            probabilities = self.model.probabilities(featurize(live_pairs, self.model.groups))
            if self.stack is not None and self.encoder is not None:
                probabilities = self._stacked(live_pairs, probabilities)
            for i, p in zip(live, probabilities):
                result[i] = float(p)
        return result

    def _stacked(self, pairs: list[tuple[str, str]], hand: np.ndarray) -> np.ndarray:
        assert self.stack is not None and self.encoder is not None
        encoder = self.encoder
        return self.stack.banded(hand, lambda rows: encoder.pair_logits([pairs[i] for i in rows]))

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
        **({"stack": {**model.stack.__dict__}} if model.stack is not None else {}),
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
        _restore_stack(data["stack"]) if "stack" in data else None,
    )


def _restore_stack(data: dict[str, Any]) -> Stack:
    return Stack(
        **{
            **data,
            "band": (float(data["band"][0]), float(data["band"][1])),
            "skipped_logits": (float(data["skipped_logits"][0]), float(data["skipped_logits"][1])),
        }
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
    model.stack = _train_stack(features, labels, model, folder)
    (name,) = SPEC.files
    target = artifacts.temporary_path(folder or artifacts.models_dir(), name)
    artifacts.write_atomically(target, json.dumps(export(model), indent=1, sort_keys=True) + "\n")
    artifacts.install(SPEC, {name: target}, folder)
    return (folder or artifacts.models_dir()) / name


def _train_stack(
    features: Features, labels: np.ndarray, model: ParaphraseModel, folder: Path | None
) -> Stack:
    """The stack, fitted on the fifth of MSRP train the cross-encoder never saw: there the
    hand-built probability comes from a model fitted on the other four fifths (with the C chosen
    for the whole), and the encoder's logit from the adapters in `folder` or the shipped ones."""
    labels = np.asarray(labels, dtype=bool)
    held = np.array(held_out_rows(len(labels)))
    rest = np.setdiff1d(np.arange(len(labels)), held)
    x_rest, x_held, _ = _design(
        features.subset(rest), features.subset(held), labels[rest], model.names, 0
    )
    scaler, classifier = _fit_classifier(x_rest, labels[rest], model.c)
    hand = classifier.predict_proba(scaler.transform(x_held))[:, 1]
    pairs = msrp_split("train")
    adapter = adapter_path(folder)
    encoder = PairEncoder(base_model_dir(), adapter)
    logits = encoder.pair_logits([(pairs[i].a, pairs[i].b) for i in held]).astype(np.float64)
    return fit_stack(hand, logits, labels[held], artifacts.sha256_file(adapter))


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
    if not _stacks_agree(one.stack, two.stack):
        return False, "different stacks for the cross-encoder"
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


def _stacks_agree(one: Stack | None, two: Stack | None) -> bool:
    if one is None or two is None:
        return one is two
    same = (one.threshold, one.c, one.band, one.adapter_sha256, one.pairs) == (
        two.threshold,
        two.c,
        two.band,
        two.adapter_sha256,
        two.pairs,
    )
    weights = np.array([one.hand_weight, one.encoder_weight, one.intercept])
    other = np.array([two.hand_weight, two.encoder_weight, two.intercept])
    return same and bool(np.max(np.abs(weights - other)) <= AGREEMENT_MAX_PROBABILITY_GAP)


def load_model(path: Path | None = None) -> ParaphraseModel:
    """The shipped model (checked against the manifest), or the one at `path`."""
    path = path or artifacts.model_file(SPEC)
    return restore(json.loads(path.read_text(encoding="utf-8")))


def encoder_enabled() -> bool:
    """Whether screening's detector stacks the cross-encoder (`OSNGUARD_PARAPHRASE_ENCODER`,
    default off)."""
    value = os.environ.get("OSNGUARD_PARAPHRASE_ENCODER", "off").strip().lower()
    if value not in ENCODER_SETTINGS:
        raise ValueError(f"OSNGUARD_PARAPHRASE_ENCODER must be 'on' or 'off', got {value!r}")
    return ENCODER_SETTINGS[value]


ENCODER_SETTINGS = {"on": True, "1": True, "true": True, "off": False, "0": False, "false": False}


def stacked_detector(model: ParaphraseModel) -> ParaphraseDetector:
    """The model with the shipped cross-encoder; `ModelUnavailable` when the adapters are not
    the ones its stack was fitted on."""
    if model.stack is None:
        raise artifacts.ModelUnavailable(
            f"the paraphrase detector has no stack for the cross-encoder: {SPEC.command}"
        )
    encoder = get_encoder()
    if artifacts.sha256_file(adapter_path()) != model.stack.adapter_sha256:
        raise artifacts.ModelUnavailable(
            "the paraphrase detector's stack was fitted on other cross-encoder adapters: "
            f"{SPEC.command}"
        )
    return ParaphraseDetector(model, encoder)


@load_once
def get_hand_built_detector() -> ParaphraseDetector:
    """The fast operating point: the hand-built model alone, loaded once per process."""
    return ParaphraseDetector(load_model())


@load_once
def get_accurate_detector() -> ParaphraseDetector:
    """The accurate operating point: the hand-built model stacked with the cross-encoder."""
    return stacked_detector(get_hand_built_detector().model)


def get_detector() -> ParaphraseDetector:
    """Screening's and attribution's detector: the fast one unless
    `OSNGUARD_PARAPHRASE_ENCODER=on`; `ModelUnavailable` if a model is missing or stale."""
    return get_accurate_detector() if encoder_enabled() else get_hand_built_detector()
