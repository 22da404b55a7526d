"""The privacy-attribute tagger: corpus reading, tag mapping and what the trained CRF finds."""

from __future__ import annotations

import pytest

from osnguard.privacy.identification import categories, tagger


def test_parse_tagged_normalises_typos_and_keeps_slashed_words() -> None:
    tweet = tagger.parse_tagged("my grandmother/QIGENDR in b/W at the dentist/QIJOB")
    assert tweet.tokens == ["my", "grandmother", "in", "b/W", "at", "the", "dentist"]
    assert tweet.tags == ["NONE", "QIGENDER", "NONE", "NONE", "NONE", "NONE", "QIJOB"]


def test_corpus_reads_every_tweet_with_known_tags() -> None:
    tweets = tagger.load_corpus()
    assert len(tweets) == 2994
    tags = {tag for tweet in tweets for tag in tweet.tags}
    assert tags <= {*categories.TAGS, categories.NONE}
    assert "QIGENDR" not in tags


def test_tag_categories_and_reasons() -> None:
    assert categories.tag_category("QIREGION", "Tokyo") == "location"
    assert categories.tag_category("qigendr", "mum") == "gender"
    assert categories.tag_category("SA", "lung cancer") == "health"
    assert categories.tag_category("SA", "my boyfriend") == "relationship"
    assert categories.tag_category("SA", "gay") == "sexuality"
    assert categories.tag_category("SA", "salary") == "finance"
    assert categories.reason_for("health") == "This mentions your health."
    with pytest.raises(ValueError):
        categories.tag_category("NONE", "x")


def test_merge_joins_same_tag_tokens_and_trims_punctuation() -> None:
    text = "Met Adam Cook, at NYC."
    tagged = [
        (0, 3, "NONE", 0.9),
        (4, 8, "DI", 0.8),
        (9, 14, "DI", 0.6),
        (15, 17, "NONE", 0.9),
        (18, 22, "QIREGION", 0.9),
    ]
    merged = tagger.merge_tags(text, tagged)
    assert [(text[s:e], tag) for s, e, tag, _ in merged] == [
        ("Adam Cook", "DI"),
        ("NYC", "QIREGION"),
    ]
    assert merged[0][3] == pytest.approx(0.7)


def test_detects_health_family_and_place(make_context) -> None:
    text = "My mom was diagnosed with cancer last week in Chicago"
    phrases = {p.text: p for p in tagger.detect(make_context(text))}
    assert phrases["cancer"].category == "health"
    assert phrases["mom"].category == "gender"
    assert phrases["Chicago"].category == "location"
    for phrase in phrases.values():
        assert text[phrase.start : phrase.end] == phrase.text
        assert phrase.detectors == ["tagger"] and 0 < phrase.confidence <= 1


def test_pronouns_alone_are_not_reported(make_context) -> None:
    phrases = tagger.detect(make_context("She said he would call her"))
    assert not [p for p in phrases if p.text.lower() in {"she", "he", "her"}]


def test_tags_only_within_the_parsed_prefix(nlp) -> None:
    text = "I live in Boston and my wife is a nurse"
    tagged = tagger.tag_text(text, nlp(text[:17]), limit=17)
    assert [text[s:e] for s, e, _, _ in tagged] == ["I", "live", "in", "Boston"]
