"""Private-message classifier (SPEC §1.1): word 1-3 gram TF-IDF features and a linear SVM.

Label derivation (ppdp has no message labels): a tweet is *private* iff it has at least one QI*
or SA tag; tweets with only DI tags (names, handles) or none are *not private*. The SVM's margin is
calibrated into a probability (Platt scaling, `CalibratedClassifierCV(method="sigmoid")`), which
the pipeline uses as the message score.

`train_model()` writes var/models/classifier.joblib; `probability(text)` scores one message.
"""

from __future__ import annotations

import logging
import math
import re
from pathlib import Path
from typing import Any

from osnguard.privacy import resources
from osnguard.privacy.identification import tagger

log = logging.getLogger(__name__)

MODEL_NAME = "classifier.joblib"
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


def build_pipeline(calibrated: bool = True) -> Any:
    from sklearn.calibration import CalibratedClassifierCV
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.pipeline import make_pipeline
    from sklearn.svm import LinearSVC

    vectoriser = TfidfVectorizer(
        preprocessor=_normalise, ngram_range=(1, 3), token_pattern=r"(?u)[@\w']+|[^\w\s]", sublinear_tf=True, min_df=1
    )
    svm = LinearSVC(C=1.0, class_weight="balanced")  # scikit-learn default C, not tuned
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
        p, r, f, _ = precision_recall_fscore_support(y[test_idx], pred, average="binary", zero_division=0)
        rows.append({"precision": p, "recall": r, "f1": f, "accuracy": accuracy_score(y[test_idx], pred)})
    result = {key: round(float(np.mean([row[key] for row in rows])), 4) for key in rows[0]}
    result["majority_accuracy"] = round(float(max(y.mean(), 1 - y.mean())), 4)
    result.update(folds=folds, seed=seed, tweets=len(texts), private=int(y.sum()))
    result["label"] = "private iff the tweet has a QI* or SA tag"
    return result


def train_model() -> Path:
    """Train the calibrated SVM on all of ppdp and save it to var/models/classifier.joblib."""
    texts, labels = load_labelled()
    model = build_pipeline(calibrated=True)
    model.fit(texts, labels)
    return resources.save_model(model, MODEL_NAME)


MODEL = resources.SavedModel(MODEL_NAME, train_model, "classifier")
using = MODEL.using  # evaluation: route predictions to a model fitted on other folds
saved_model = MODEL.saved


def model() -> Any:
    """The model in use: the one pushed by `using`, else the saved one (trained if missing)."""
    return MODEL.current()


def _fast_path(trained: Any) -> tuple[Any, Any, float, float, float] | None:
    """(vectoriser, weights, bias, a, b) of a calibrated single SVM, to score one text without
    scikit-learn's per-call validation (a few ms per message); None for other models."""
    try:
        vectoriser, calibrated = trained.steps[0][1], trained.steps[-1][1]
        (member,) = calibrated.calibrated_classifiers_
        (sigmoid,) = member.calibrators
        svm = member.estimator
        return vectoriser, svm.coef_.ravel(), float(svm.intercept_[0]), float(sigmoid.a_), float(sigmoid.b_)
    except (AttributeError, ValueError, IndexError, TypeError):
        return None


def probability(text: str) -> float:
    """Calibrated probability that `text` is a private message (0 for blank text)."""
    if not text.strip():
        return 0.0
    trained = model()
    fast = _fast_path(trained)
    if fast is None:
        return float(trained.predict_proba([text])[0][1])
    vectoriser, weights, bias, a, b = fast
    margin = float((vectoriser.transform([text]) @ weights)[0]) + bias
    return 1.0 / (1.0 + math.exp(min(700.0, a * margin + b)))  # Platt: P(private | margin)
