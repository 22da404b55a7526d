"""`osnguard evaluate classifier`: the private-message classifier and the pipeline's decision.

Label derivation: a ppdp tweet is private iff it has at least one QI* or SA tag (DI-only tweets
are not private). Seed: F1 92% on its own (unavailable) tweets.

1. The classifier alone: TF-IDF of word 1-3 grams, LinearSVC (C=1, balanced class weights);
   `StratifiedKFold(5, shuffle=True, random_state=0)`; precision, recall and F1 of the private
   class and accuracy, averaged over the folds (keys `precision`, `recall`, `f1`, `accuracy`).
2. The pipeline's decision (`identify(...).private`, which combines the calibrated classifier with
   the detectors' findings; see identification/pipeline.py): `KFold(5, shuffle=True,
   random_state=0)` as for the tagger; on each fold the tagger and the calibrated classifier are
   trained on the other four folds and `identify()` runs on each test tweet with no profile
   (keys `decision_*`; `classifier_same_folds_*` is the calibrated classifier alone, p >= 0.5,
   on the same folds; `decision_ppdp_kinds_*` calls a message private only for the kinds of phrase
   ppdp annotates, see NOT_IN_PPDP). Slow: about 5 minutes on 2 cores.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from osnguard.privacy.identification import classifier, identify, tagger
from osnguard.privacy.types import Category

DESCRIPTION = "private-message classifier and pipeline decision: 5-fold CV P/R/F1/accuracy on ppdp (private iff QI* or SA tag)"
NOW = "2024-05-01T09:00:00+00:00"
# Kinds of phrase the ppdp annotation has no private tag for (times, contact details, schools)
# or calls not private (DI: names): `decision_ppdp_kinds_*` counts a message private only for the
# other kinds, the verdict the ppdp labels can judge.
NOT_IN_PPDP = frozenset({Category.TIME, Category.CONTACT, Category.EDUCATION, Category.IDENTITY})


def _scores(gold: list[int], pred: list[int]) -> dict[str, float]:
    from sklearn.metrics import accuracy_score, precision_recall_fscore_support

    p, r, f, _ = precision_recall_fscore_support(gold, pred, average="binary", zero_division=0)
    return {
        "precision": float(p),
        "recall": float(r),
        "f1": float(f),
        "accuracy": float(accuracy_score(gold, pred)),
    }


def decision_cross_validate(folds: int = 5, seed: int = 0) -> dict[str, Any]:
    """Fold-mean scores of `identify().private` and of the calibrated classifier alone."""
    import numpy as np
    from sklearn.model_selection import KFold

    logging.getLogger("osnguard").setLevel(logging.ERROR)
    tweets = tagger.load_corpus()
    texts = [t.text for t in tweets]
    labels = [int(classifier.is_private_tags(t.tags)) for t in tweets]
    features = tagger.featurise_texts(texts)
    decision_rows, classifier_rows, kinds_rows = [], [], []
    for train_idx, test_idx in KFold(n_splits=folds, shuffle=True, random_state=seed).split(texts):
        crf = tagger.fit([features[i] for i in train_idx], [tweets[i].tags for i in train_idx])
        svm = classifier.build_pipeline(calibrated=True).fit(
            [texts[i] for i in train_idx], [labels[i] for i in train_idx]
        )
        gold = [labels[i] for i in test_idx]
        with tagger.using(crf), classifier.using(svm):
            results = [identify(texts[i], now=NOW).require_checked() for i in test_idx]
            alone = [int(p >= 0.5) for p in svm.predict_proba([texts[i] for i in test_idx])[:, 1]]
        decided = [int(r.private is True) for r in results]
        in_ppdp_kinds = [
            int(any(p.category not in NOT_IN_PPDP for p in r.phrases)) for r in results
        ]
        decision_rows.append(_scores(gold, decided))
        classifier_rows.append(_scores(gold, alone))
        kinds_rows.append(_scores(gold, in_ppdp_kinds))
    result: dict[str, Any] = {}
    for prefix, rows in (
        ("decision", decision_rows),
        ("classifier_same_folds", classifier_rows),
        ("decision_ppdp_kinds", kinds_rows),
    ):
        for key in rows[0]:
            result[f"{prefix}_{key}"] = round(float(np.mean([row[key] for row in rows])), 4)
    return result


def evaluate() -> dict[str, Any]:
    result = classifier.cross_validate()
    result["model"] = "TF-IDF word 1-3 grams + LinearSVC"
    result["seed_f1_own_data"] = 0.92
    if os.environ.get("OSNGUARD_EVAL_QUICK") != "1":  # the decision CV is the slow part
        result.update(decision_cross_validate())
    return result
