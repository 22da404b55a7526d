"""The learned wording check (anonymization/acceptability.py): features, the shipped model and the
decisions it makes on substitutions it was not trained on."""

from __future__ import annotations

import pytest

from osnguard.privacy.anonymization import acceptability

TEXT = "Flying home to Lagos tomorrow, then a week at my sister's in Abuja."


def probability(text: str, original: str, replacement: str) -> float:
    start = text.index(original)
    return acceptability.probability(text, start, start + len(original), original, replacement)


def test_features_are_named_and_finite() -> None:
    start = TEXT.index("Lagos")
    values = acceptability.features(TEXT, start, start + 5, "Lagos", "Nigeria")
    assert len(values) == len(acceptability.FEATURES)
    named = dict(zip(acceptability.FEATURES, values))
    assert named["contains_original_place"] == 1.0 and named["other_place"] == 0.0
    sibling = dict(
        zip(
            acceptability.FEATURES,
            acceptability.features(TEXT, start, start + 5, "Lagos", "Abuja"),
        )
    )
    assert sibling["other_place"] == 1.0 and sibling["contains_original_place"] == 0.0
    assert all(v == v and abs(v) < 1e6 for v in values)  # no NaN, no infinity


@pytest.mark.parametrize(
    ("text", "original", "good", "bad"),
    [
        (TEXT, "Lagos", "Nigeria", "Abuja"),  # a container, not a sibling
        (TEXT, "tomorrow", "soon", "last week"),  # the time keeps its direction
        ("I resume at Shell by 8", "Shell", "an oil company", "a seashell"),
        ("Had my surgery on the 3rd", "on the 3rd", "this month", "on 03/11"),
    ],
)
def test_a_true_generalization_scores_above_a_wrong_one(
    text: str, original: str, good: str, bad: str
) -> None:
    assert probability(text, original, good) > probability(text, original, bad)


def test_the_shipped_model_decides_with_its_threshold() -> None:
    model = acceptability.MODEL.saved()
    assert 0.0 < model.threshold < 1.0
    start = TEXT.index("Lagos")
    assert acceptability.is_acceptable(TEXT, start, start + 5, "Lagos", "Nigeria")
    assert not acceptability.is_acceptable(TEXT, start, start + 5, "Lagos", "1,095 days")


def test_the_labelled_halves_do_not_overlap() -> None:
    items = acceptability.labelled_substitutions()
    train = {(i.text, i.replacement) for i in items if i.train and i.source == "realistic"}
    held = {(i.text, i.replacement) for i in items if not i.train and i.source == "realistic"}
    assert train and held and not train & held
    assert {i.label for i in items} == {0, 1}
