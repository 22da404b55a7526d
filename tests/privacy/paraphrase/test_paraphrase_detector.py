"""The combined paraphrase detector, through the shipped model (osnguard/privacy/models/paraphrase.json)."""

from __future__ import annotations

import numpy as np
import pytest

from osnguard.privacy.paraphrase import get_detector
from osnguard.privacy.paraphrase.detector import Features, fit_model
from osnguard.privacy.paraphrase.features import FEATURE_GROUPS, feature_names, pair_features, parse_many

PARAPHRASE = (
    "The study is being published today in the journal Science",
    "Their findings were published today in Science.",
)
UNRELATED = ("The study is being published today in the journal Science", "I made pancakes for breakfast.")


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
    assert detector.probabilities([("", ""), ("  ", PARAPHRASE[0]), (PARAPHRASE[1], "")]) == [0.0, 0.0, 0.0]
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


def test_fit_model_chooses_c_and_threshold_by_cross_validation():
    texts = [
        ("The cat sat on the mat.", "A cat was sitting on the mat.", True),
        ("He bought a new car.", "He purchased a new car.", True),
        ("Shares rose 5 percent.", "The shares went up 5 percent.", True),
        ("She lives in Paris.", "She lives in Paris, France.", True),
        ("The cat sat on the mat.", "Interest rates will rise next year.", False),
        ("He bought a new car.", "The museum opens at nine.", False),
        ("Shares rose 5 percent.", "My brother plays the violin.", False),
        ("She lives in Paris.", "They sold 300 tickets on Friday.", False),
    ] * 3
    sentences = parse_many([t for a, b, _ in texts for t in (a, b)])
    first, second = sentences[0::2], sentences[1::2]
    groups = ["simmat", "length"]
    names = feature_names(groups)
    hand = np.array([[pair_features(a, b, groups)[n] for n in names] for a, b in zip(first, second)])
    labels = np.array([label for *_, label in texts])
    model = fit_model(Features(first, second, hand, names), labels, groups=groups, folds=3)
    assert model.cv_accuracy >= 0.9
    assert model.groups == groups
    probabilities = model.probabilities(Features(first, second, hand, names))
    assert ((probabilities >= model.threshold) == labels).mean() >= 0.9
    with pytest.raises(ValueError, match="at least one feature"):
        fit_model(Features(first, second, hand, names), labels, names=[])


def test_parses_are_reused_across_calls():
    first = parse_many(["A sentence parsed once.", "Another one."])
    again = parse_many(["Another one.", "A sentence parsed once."])
    assert again[1] is first[0] and again[0] is first[1]
