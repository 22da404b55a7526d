"""`osnguard evaluate msrp`: paraphrase detection on the MSRP test split (SPEC §3.1-3.2).

Every row is a logistic regression trained on MSRP train only, with C and the threshold chosen
by 5-fold cross-validation on train, then scored once on MSRP test. Rows: the seed's SimMat
alone, RelMat alone, all SimMat parts, the MT metrics alone, and the feature sets added one by
one; "shipped_hand_built" is the saved hand-built model (it must match its row, and
`osnguard paraphrase --fast`), "cross_encoder_alone" the MiniLM cross-encoder's own decision,
"shipped_stacked_every_pair" the two stacked with the encoder run on every pair, and "shipped"
what `osnguard paraphrase` prints (the stack, the pairs outside its band decided without the
encoder), from the same encoder logits.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from osnguard.privacy.paraphrase.detector import (
    fit_model,
    get_accurate_detector,
    get_hand_built_detector,
    msrp_features,
)
from osnguard.privacy.paraphrase.msrp import msrp_split

DESCRIPTION = "MSRP test accuracy and F1: SimMat alone, MT metrics alone, combined, with extras"

# (row name, fit_model options: feature groups or explicit feature names, TF-KLD dimensions)
CONFIGURATIONS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("simmat_alone", {"names": ["simmat"]}),
    ("relmat_alone", {"names": ["relmat"]}),
    ("simmat_parts", {"groups": ["simmat"]}),
    ("mt_alone", {"groups": ["mt"]}),
    ("mt_length", {"groups": ["mt", "length"]}),
    ("simmat_mt_length", {"groups": ["simmat", "mt", "length"]}),
    ("simmat_mt_length_overlap", {"groups": ["simmat", "mt", "length", "overlap"]}),
    ("simmat_mt_length_weighted", {"groups": ["simmat", "mt", "length", "weighted"]}),
    ("all_hand_built", {"groups": ["simmat", "mt", "length", "overlap", "weighted"]}),
    (
        "all_hand_built_tfkld",
        {"groups": ["simmat", "mt", "length", "overlap", "weighted"], "tfkld_dims": 100},
    ),
)
SEED_FIGURES = {"seed_simmat_alone": (0.727, 0.813), "seed_simmat_mt": (0.776, 0.839)}


def scores(labels: np.ndarray, decisions: np.ndarray) -> dict[str, float]:
    labels, decisions = np.asarray(labels, bool), np.asarray(decisions, bool)
    true_pos = int((labels & decisions).sum())
    denominator = int(labels.sum() + decisions.sum())
    return {
        "accuracy": round(float((labels == decisions).mean()), 4),
        "f1": round(2 * true_pos / denominator if denominator else 0.0, 4),
    }


def evaluate(
    configurations: tuple[tuple[str, dict[str, Any]], ...] = CONFIGURATIONS,
) -> dict[str, Any]:
    train, train_labels = msrp_features("train")
    test, test_labels = msrp_features("test")
    rows: dict[str, dict[str, Any]] = {
        "majority_class": scores(test_labels, np.ones(len(test_labels), bool)),
    }
    for name, options in configurations:
        model = fit_model(train, train_labels, **options)
        decisions = model.probabilities(test) >= model.threshold
        rows[name] = {
            **scores(test_labels, decisions),
            "cv_accuracy_train": round(model.cv_accuracy, 4),
            "c": model.c,
            "threshold": model.threshold,
            "features": len(model.names) + (len(model.tfkld.feature_names()) if model.tfkld else 0),
        }
    hand = get_hand_built_detector().model
    hand_probabilities = hand.probabilities(test)
    rows["shipped_hand_built"] = {
        **scores(test_labels, hand_probabilities >= hand.threshold),
        "threshold": hand.threshold,
    }
    accurate = get_accurate_detector()  # ModelUnavailable unless the adapters are the stack's
    stack, encoder = accurate.stack, accurate.encoder
    assert stack is not None and encoder is not None
    logits = encoder.pair_logits([(p.a, p.b) for p in msrp_split("test")]).astype(np.float64)
    rows["cross_encoder_alone"] = {**scores(test_labels, logits > 0), "threshold": 0.5}
    rows["shipped_stacked_every_pair"] = {
        **scores(test_labels, stack.probabilities(hand_probabilities, logits) >= stack.threshold),
        "cv_accuracy_held_out_fifth": round(stack.cv_accuracy, 4),
        "threshold": stack.threshold,
    }
    shipped = stack.banded(hand_probabilities, lambda picked: logits[picked])
    rows["shipped"] = {
        **scores(test_labels, shipped >= stack.threshold),
        "threshold": stack.threshold,
    }
    return {
        "test_pairs": len(test_labels),
        "train_pairs": len(train_labels),
        "rows": rows,
        "seed": {k: {"accuracy": a, "f1": f} for k, (a, f) in SEED_FIGURES.items()},
    }
