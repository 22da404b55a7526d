"""The private-message classifier: label derivation and calibrated scores."""

from __future__ import annotations

from osnguard.privacy.identification import classifier


def test_label_is_private_iff_a_qi_or_sa_tag() -> None:
    assert classifier.is_private_tags(["NONE", "QIREGION"])
    assert classifier.is_private_tags(["SA"])
    assert not classifier.is_private_tags(["DI", "NONE"])
    assert not classifier.is_private_tags([])


def test_labels_cover_the_corpus() -> None:
    texts, labels = classifier.load_labelled()
    assert len(texts) == len(labels) == 2994
    assert 0.3 < sum(labels) / len(labels) < 0.7


def test_probabilities_are_calibrated_scores() -> None:
    sick = classifier.probability("my mom died of cancer and I am so sick at the hospital")
    neutral = classifier.probability("the match was great, what a goal")
    assert 0.0 <= neutral < sick <= 1.0
    assert sick > 0.5
    assert classifier.probability("   ") == 0.0
