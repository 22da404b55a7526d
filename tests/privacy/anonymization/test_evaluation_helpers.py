"""Helpers of the anonymization evaluations: ppdp tag parsing and the γ threshold search."""

from __future__ import annotations

from osnguard.privacy.evaluation.generalization import tagged_phrases
from osnguard.privacy.evaluation.naturalness import best_threshold, load_labelled_set


def test_ppdp_tags_become_phrases_of_the_clean_text() -> None:
    text, spans = tagged_phrases(
        "I live in New/QIREGION York/QIREGION, my wife/QIMARITAL is a business_owner/QIJOB."
    )
    assert text == "I live in New York, my wife is a business owner."
    assert [(text[s:e], tag) for s, e, tag in spans] == [
        ("New York", "QIREGION"),
        ("wife", "QIMARITAL"),
        ("business owner", "QIJOB"),
    ]


def test_best_threshold_separates_when_it_can() -> None:
    gamma, accuracy = best_threshold([1.0, 2.0, 8.0, 9.0], [0, 0, 1, 1])
    assert 2.0 < gamma < 8.0 and accuracy == 1.0


def test_labelled_set_is_balanced_with_two_halves() -> None:
    rows = load_labelled_set()
    assert len(rows) == 1600
    assert sum(r["label"] for r in rows) == 800
    assert {r["split"] for r in rows} == {"dev", "test"}
    for row in rows[:50]:
        assert row["sentence"][row["start"] : row["end"]] == row["original"]
