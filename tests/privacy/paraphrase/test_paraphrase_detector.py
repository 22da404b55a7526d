"""The combined paraphrase detector, through the shipped model (osnguard/privacy/models/paraphrase.json)."""

from __future__ import annotations

import numpy as np
import pytest

from osnguard.privacy.paraphrase import get_detector, parse_many
from osnguard.privacy.paraphrase.detector import Features, fit_model
from osnguard.privacy.paraphrase.features import FEATURE_GROUPS, feature_names, pair_features

PARAPHRASE = (
    "The study is being published today in the journal Science",
    "Their findings were published today in Science.",
)
UNRELATED = (
    "The study is being published today in the journal Science",
    "I made pancakes for breakfast.",
)


@pytest.fixture(scope="module")
def detector():
    return get_detector()


def test_loaded_once_per_process(detector):
    assert get_detector() is detector
    assert 0.2 <= detector.threshold <= 0.8


def test_paraphrase_scores_above_unrelated(detector):
    same, related, unrelated = detector.probabilities(
        [(PARAPHRASE[0], PARAPHRASE[0]), PARAPHRASE, UNRELATED]
    )
    assert same > related > unrelated
    assert detector.is_paraphrase(*PARAPHRASE)
    assert not detector.is_paraphrase(*UNRELATED)


def test_batch_equals_single_and_is_symmetric_enough(detector):
    batch = detector.probabilities([PARAPHRASE, UNRELATED])
    assert batch[0] == pytest.approx(detector.probability(*PARAPHRASE))
    assert detector.probability(PARAPHRASE[1], PARAPHRASE[0]) == pytest.approx(batch[0], abs=0.02)


def test_empty_and_blank_texts_disclose_nothing(detector):
    assert detector.probabilities([("", ""), ("  ", PARAPHRASE[0]), (PARAPHRASE[1], "")]) == [
        0.0,
        0.0,
        0.0,
    ]
    assert detector.probabilities([]) == []


def test_bad_input_is_a_clear_error(detector):
    with pytest.raises(ValueError, match="characters"):
        detector.probability("x" * 1_000_000, "x")
    with pytest.raises(ValueError, match="must be a string"):
        detector.probability(b"bytes", "text")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="two texts"):
        detector.probabilities(["just one text"])  # type: ignore[list-item]


def test_every_feature_is_finite_and_named():
    s1, s2, empty = parse_many([PARAPHRASE[0], PARAPHRASE[1], ""])
    for a, b in ((s1, s2), (s1, empty), (empty, empty)):
        values = pair_features(a, b)
        assert set(values) == set(feature_names(FEATURE_GROUPS))
        assert all(np.isfinite(v) for v in values.values())


# Distinct pairs only: cross-validation must never see a held-out pair (or a copy of it) in training.
TRAINING_PAIRS = [
    ("The cat sat on the mat.", "A cat was sitting on the mat.", True),
    ("He bought a new car.", "He purchased a new car.", True),
    ("Shares rose 5 percent.", "The shares went up 5 percent.", True),
    ("She lives in Paris.", "She lives in Paris, France.", True),
    ("The train to Boston was late again.", "Again the Boston train was late.", True),
    ("We finished the project on time.", "The project was finished on time by us.", True),
    (
        "The children played in the park all afternoon.",
        "All afternoon the kids played in the park.",
        True,
    ),
    (
        "The company hired two hundred new workers.",
        "Two hundred new workers were hired by the company.",
        True,
    ),
    ("My sister is studying medicine in Berlin.", "In Berlin, my sister studies medicine.", True),
    (
        "The storm closed every road into town.",
        "Every road into town was closed by the storm.",
        True,
    ),
    ("Interest rates will rise next year.", "The cat sat on the mat.", False),
    ("The museum opens at nine.", "He bought a new car.", False),
    ("My brother plays the violin.", "Shares rose 5 percent.", False),
    ("They sold 300 tickets on Friday.", "She lives in Paris.", False),
    ("The soup needs more salt.", "The train to Boston was late again.", False),
    ("Our dog hates thunder.", "We finished the project on time.", False),
    ("The bank raised its fees.", "The children played in the park all afternoon.", False),
    ("I forgot my umbrella at work.", "The company hired two hundred new workers.", False),
    ("The election results came in late.", "My sister is studying medicine in Berlin.", False),
    ("Tomatoes grow well in sunny gardens.", "The storm closed every road into town.", False),
]
# Never used for fitting: how the fitted model does on pairs it did not see.
HELD_OUT_PAIRS = [
    (
        "The river flooded the village last spring.",
        "Last spring the village was flooded by the river.",
        True,
    ),
    (
        "The doctor told him to rest for a week.",
        "He was told by the doctor to rest for a week.",
        True,
    ),
    ("Our team won the final match.", "The final match was won by our team.", True),
    ("The library lends books for free.", "Books are lent for free by the library.", True),
    ("The river flooded the village last spring.", "My phone battery died during the call.", False),
    ("The doctor told him to rest for a week.", "Pancakes taste best with maple syrup.", False),
    ("Our team won the final match.", "The printer on the third floor is broken.", False),
    ("The library lends books for free.", "Winter tyres are required in the mountains.", False),
]


def _features(pairs: list[tuple[str, str, bool]], groups: list[str]) -> tuple[Features, np.ndarray]:
    sentences = parse_many([t for a, b, _ in pairs for t in (a, b)])
    first, second = sentences[0::2], sentences[1::2]
    names = feature_names(groups)
    hand = np.array(
        [[pair_features(a, b, groups)[n] for n in names] for a, b in zip(first, second)]
    )
    return Features(first, second, hand, names), np.array([label for *_, label in pairs])


def test_fit_model_chooses_c_and_threshold_by_cross_validation():
    from osnguard.privacy.paraphrase.detector import C_GRID, THRESHOLDS

    groups = ["simmat", "length"]
    features, labels = _features(TRAINING_PAIRS, groups)
    assert len({(a, b) for a, b, _ in TRAINING_PAIRS}) == len(
        TRAINING_PAIRS
    )  # no copies across folds
    model = fit_model(features, labels, groups=groups, folds=3)
    assert model.groups == groups
    assert model.c in C_GRID and model.threshold in THRESHOLDS
    assert model.cv_accuracy >= 0.8  # out-of-fold: each pair scored by a model that never saw it
    held, held_labels = _features(HELD_OUT_PAIRS, groups)
    assert ((model.probabilities(held) >= model.threshold) == held_labels).mean() >= 0.75
    # labels that do not follow the features: out-of-fold accuracy stays far from the honest one
    shuffled = fit_model(
        features, labels[np.random.default_rng(0).permutation(len(labels))], groups=groups, folds=3
    )
    assert shuffled.cv_accuracy <= 0.7 < model.cv_accuracy
    with pytest.raises(ValueError, match="at least one feature"):
        fit_model(features, labels, names=[])


def test_parses_are_reused_across_calls():
    first = parse_many(["A sentence parsed once.", "Another one."])
    again = parse_many(["Another one.", "A sentence parsed once."])
    assert again[1] is first[0] and again[0] is first[1]


def test_a_stale_training_cache_is_a_miss(tmp_path):
    """A cache pickled by other code (an older Token) is recomputed, never a crash."""
    import pickle
    from collections import OrderedDict

    from osnguard.privacy.paraphrase.detector import _load

    path = tmp_path / "stale.pickle"
    path.write_bytes(pickle.dumps([1, 2]))
    assert _load(path, list) == [1, 2]
    assert _load(path, dict) is None  # another type
    path.write_bytes(b"not a pickle")
    assert _load(path, list) is None
    path.write_bytes(pickle.dumps(OrderedDict()).replace(b"OrderedDict", b"OrderedLost"))
    assert _load(path, list) is None  # a class that no longer exists
