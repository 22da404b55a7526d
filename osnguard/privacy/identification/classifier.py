"""Private-message classifier (SPEC §1.1): word 1-3 gram TF-IDF features and a linear SVM.

Label derivation (ppdp has no message labels): a tweet is *private* iff it has at least one QI*
or SA tag; tweets with only DI tags (names, handles) or none are *not private*. The SVM's margin is
calibrated into a probability (Platt scaling, `CalibratedClassifierCV(method="sigmoid")`), which
the pipeline uses as the message score.

`train_model(folder)` builds `classifier.json` (vocabulary, idf, SVM weights and the sigmoid: plain
numbers, shipped in `osnguard/privacy/models/`, see `artifacts`); `probability(text)` scores one
message.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from osnguard.privacy import artifacts
from osnguard.privacy.identification import tagger

log = logging.getLogger(__name__)

SPEC = artifacts.SPECS["classifier"]
CV_SEED = 0


def is_private_tags(tags: list[str]) -> bool:
    """The derived label: private iff some tag is QI* or SA."""
    return any(tag.startswith("QI") or tag == "SA" for tag in tags)


def load_labelled() -> tuple[list[str], list[int]]:
    """(texts, labels) of ppdp, labels derived with `is_private_tags`."""
    tweets = tagger.load_corpus()
    return [t.text for t in tweets], [int(is_private_tags(t.tags)) for t in tweets]


def _normalise(text: str) -> str:
    text = re.sub(r"https?://\S+|www\.\S+", " URL ", text)
    text = re.sub(r"@\w+", " @USER ", text)
    return re.sub(r"\d", "0", text.lower())


def build_vectoriser() -> Any:
    from sklearn.feature_extraction.text import TfidfVectorizer

    return TfidfVectorizer(
        preprocessor=_normalise,
        ngram_range=(1, 3),
        token_pattern=r"(?u)[@\w']+|[^\w\s]",
        sublinear_tf=True,
        min_df=1,
    )


def build_pipeline(calibrated: bool = True) -> Any:
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.pipeline import make_pipeline
    from sklearn.svm import LinearSVC

    vectoriser = build_vectoriser()
    # scikit-learn's default C, not tuned; a fixed seed makes the coordinate descent reproducible
    svm = LinearSVC(C=1.0, class_weight="balanced", random_state=CV_SEED)
    if calibrated:
        # One SVM on all the data, its sigmoid fitted on 5-fold out-of-fold margins.
        svm = CalibratedClassifierCV(svm, method="sigmoid", cv=5, ensemble=False)
    return make_pipeline(vectoriser, svm)


def cross_validate(folds: int = 5, seed: int = CV_SEED) -> dict[str, Any]:
    """Stratified 5-fold CV: precision/recall/F1 of the private class and accuracy, fold means."""
    import numpy as np
    from sklearn.metrics import accuracy_score, precision_recall_fscore_support
    from sklearn.model_selection import StratifiedKFold

    texts, labels = load_labelled()
    y = np.array(labels)
    rows = []
    splitter = StratifiedKFold(n_splits=folds, shuffle=True, random_state=seed)
    for train_idx, test_idx in splitter.split(texts, y):
        model = build_pipeline(calibrated=False)
        model.fit([texts[i] for i in train_idx], y[train_idx])
        pred = model.predict([texts[i] for i in test_idx])
        p, r, f, _ = precision_recall_fscore_support(
            y[test_idx], pred, average="binary", zero_division=0
        )
        rows.append(
            {"precision": p, "recall": r, "f1": f, "accuracy": accuracy_score(y[test_idx], pred)}
        )
    result: dict[str, Any] = {
        key: round(float(np.mean([row[key] for row in rows])), 4) for key in rows[0]
    }
    result["majority_accuracy"] = round(float(max(y.mean(), 1 - y.mean())), 4)
    result.update(folds=folds, seed=seed, tweets=len(texts), private=int(y.sum()))
    result["label"] = "private iff the tweet has a QI* or SA tag"
    return result


@dataclass(frozen=True)
class ShippedClassifier:
    """The shipped SVM as numbers: term -> column, idf and weight per column, bias, and Platt's
    sigmoid (a, b). Scores exactly as the fitted scikit-learn pipeline it was exported from."""

    columns: dict[str, int]
    idf: np.ndarray
    weights: np.ndarray
    bias: float
    a: float
    b: float

    def margin(self, text: str) -> float:
        counts = Counter(term for term in _analyser()(text) if term in self.columns)
        if not counts:
            return self.bias
        index = np.array([self.columns[term] for term in counts])
        values = (1.0 + np.log(np.fromiter(counts.values(), dtype=np.float64))) * self.idf[index]
        return float(values @ self.weights[index] / np.linalg.norm(values)) + self.bias

    def probability(self, text: str) -> float:
        return 1.0 / (1.0 + math.exp(min(700.0, self.a * self.margin(text) + self.b)))  # Platt


@lru_cache(maxsize=1)
def _analyser() -> Callable[[str], list[str]]:
    analyser: Callable[[str], list[str]] = build_vectoriser().build_analyzer()
    return analyser


def export(trained: Any) -> dict[str, Any]:
    """The numbers of a fitted calibrated pipeline (`build_pipeline()`), as JSON-ready data."""
    fast = _fast_path(trained)
    if fast is None:
        raise ValueError("only a calibrated single SVM (build_pipeline()) can be exported")
    vectoriser, weights, bias, a, b = fast
    terms = sorted(vectoriser.vocabulary_, key=vectoriser.vocabulary_.get)
    return {
        "terms": terms,
        "idf": [float(v) for v in vectoriser.idf_],
        "weights": [float(v) for v in weights],
        "bias": bias,
        "sigmoid": [a, b],
    }


def _open(path: Path) -> ShippedClassifier:
    return _open_data(json.loads(path.read_text(encoding="utf-8")))


def _open_data(data: dict[str, Any]) -> ShippedClassifier:
    return ShippedClassifier(
        columns={term: i for i, term in enumerate(data["terms"])},
        idf=np.array(data["idf"], dtype=np.float64),
        weights=np.array(data["weights"], dtype=np.float64),
        bias=float(data["bias"]),
        a=float(data["sigmoid"][0]),
        b=float(data["sigmoid"][1]),
    )


def train_model(folder: Path | None = None) -> Path:
    """Train the calibrated SVM on all of ppdp and install `classifier.json` in `folder` (the
    shipped models by default)."""
    texts, labels = load_labelled()
    model = build_pipeline(calibrated=True)
    model.fit(texts, labels)
    (name,) = SPEC.files
    target = artifacts.temporary_path(folder or artifacts.models_dir(), name)
    artifacts.write_atomically(target, json.dumps(export(model), separators=(",", ":")))
    artifacts.install(SPEC, {name: target}, folder)
    return (folder or artifacts.models_dir()) / name


MODEL = artifacts.ShippedModel(SPEC, _open)
using = MODEL.using  # evaluation: route predictions to a model fitted on other folds
saved_model = MODEL.saved


def model() -> Any:
    """The model in use: the one pushed by `using`, else the shipped one."""
    return MODEL.current()


def _fast_path(trained: Any) -> tuple[Any, Any, float, float, float] | None:
    """(vectoriser, weights, bias, a, b) of a calibrated single SVM, to score one text without
    scikit-learn's per-call validation (a few ms per message); None for other models."""
    try:
        vectoriser, calibrated = trained.steps[0][1], trained.steps[-1][1]
        (member,) = calibrated.calibrated_classifiers_
        (sigmoid,) = member.calibrators
        svm = member.estimator
        return (
            vectoriser,
            svm.coef_.ravel(),
            float(svm.intercept_[0]),
            float(sigmoid.a_),
            float(sigmoid.b_),
        )
    except (AttributeError, ValueError, IndexError, TypeError):
        return None


def probability(text: str) -> float:
    """Calibrated probability that `text` is a private message (0 for blank text)."""
    if not text.strip():
        return 0.0
    trained = model()
    if isinstance(trained, ShippedClassifier):
        return trained.probability(text)
    fast = _fast_path(trained)
    if fast is None:
        return float(trained.predict_proba([text])[0][1])
    vectoriser, weights, bias, a, b = fast
    margin = float((vectoriser.transform([text]) @ weights)[0]) + bias
    return 1.0 / (1.0 + math.exp(min(700.0, a * margin + b)))  # Platt: P(private | margin)
