"""The tagger learned from annotated posts: what it learns from, what it may report, and that the
rules' findings stand where they found something."""

from __future__ import annotations

import pytest

from osnguard.privacy import artifacts, resources
from osnguard.privacy.identification import identify, post_tagger, tagger
from osnguard.privacy.identification.pipeline import merge
from osnguard.privacy.types import Category, Detector, MessageContext, Phrase, Profile

NOW = "2027-03-10T12:00:00"


def _phrase(text: str, part: str, category: Category, detector: Detector) -> Phrase:
    start = text.index(part)
    return Phrase(
        start=start,
        end=start + len(part),
        text=part,
        category=category,
        reason="r",
        confidence=0.95,
        detectors=[detector],
    )


def test_it_learns_from_the_probe_posts_never_the_dev_set() -> None:
    assert post_tagger.SPEC.data == ("fixtures/evaluation/realistic_probe.jsonl",)
    path = artifacts.data_path(post_tagger.DATA)
    assert path == resources.PROJECT_ROOT / "fixtures" / "evaluation" / "realistic_probe.jsonl"
    posts = post_tagger.training_posts()
    assert len(posts) >= 400
    assert not any(post["id"].startswith("d") for post in posts)
    first = posts[0]
    for start, end, category in first["gold"]:
        assert first["text"][start:end] in [p["text"] for p in first["phrases"]]
        assert Category(category)


def test_tokens_are_labelled_begin_inside_or_outside() -> None:
    text = "moving to New York on Friday"
    spans = tagger.token_spans(text)
    assert spans == [(0, 6), (7, 9), (10, 13), (14, 18), (19, 21), (22, 28)]
    gold = [(10, 18, "location"), (19, 28, "time")]
    assert post_tagger.labels(spans, gold) == [
        "O",
        "O",
        "B-location",
        "I-location",
        "B-time",
        "I-time",
    ]


def test_a_rule_finding_keeps_its_span_and_category_where_the_tagger_also_found_one() -> None:
    text = "only woman on a 40-person offshore rig shift"
    rule = _phrase(text, "offshore rig", Category.WORK, Detector.TOPIC)
    learned = _phrase(text, "40-person offshore", Category.HEALTH, Detector.POST_TAGGER)
    alone = _phrase(text, "woman", Category.GENDER, Detector.POST_TAGGER)
    merged = merge([rule, learned, alone], text)
    assert [(p.text, p.category, p.detectors) for p in merged] == [
        ("woman", Category.GENDER, [Detector.POST_TAGGER]),
        ("offshore rig", Category.WORK, [Detector.TOPIC]),
    ]


@pytest.mark.parametrize(
    ("text", "part", "category", "confidence", "reported"),
    [
        ("cancelled my Revolut, now I'm with AIB", "AIB", "finance", 0.95, True),
        ("cancelled my Revolut, now I'm with AIB", "AIB", "finance", 0.6, False),  # unsure
        ("I'm off till Tuesday", "till Tuesday", "time", 0.99, False),  # the rules decide times
        ("call me on 555 0143 tonight", "555 0143", "contact", 0.99, False),
        ("I raised £500 for the hospice", "£500", "finance", 0.99, False),  # and amounts
        ("Sarah's sertraline makes her yawn, I'm told", "sertraline", "health", 0.99, False),
        ("Tokyo was founded in 1603 by the shogunate", "shogunate", "politics", 0.99, False),
    ],
)
def test_it_reports_only_what_it_is_sure_of_and_is_the_authors(
    monkeypatch: pytest.MonkeyPatch,
    text: str,
    part: str,
    category: str,
    confidence: float,
    reported: bool,
) -> None:
    start = text.index(part)
    monkeypatch.setattr(
        post_tagger,
        "tag_spans",
        lambda *_: [(start, start + len(part), category, confidence)],
    )
    context = MessageContext(text, Profile(), None, resources.parse(text), "en")
    found = [(p.text, str(p.category)) for p in post_tagger.detect(context)]
    assert found == ([(part, category)] if reported else [])


def test_the_shipped_model_finds_what_no_rule_was_written_for() -> None:
    result = identify("cancelled my Revolut, now I'm with AIB", profile={}, now=NOW)
    learned = [p for p in result.phrases if Detector.POST_TAGGER in p.detectors]
    assert [(p.text, str(p.category)) for p in learned] == [("Revolut", "finance")]
    assert learned[0].confidence >= post_tagger.MIN_CONFIDENCE
    assert learned[0].reason  # the category's reason, shown to the user
