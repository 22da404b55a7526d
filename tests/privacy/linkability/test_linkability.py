"""Writing models, Jensen-Shannon distances, (k,d)-anonymity, the countermeasures and
`osnguard linkability`."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from osnguard.privacy.cli import main
from osnguard.privacy.linkability import assess, author_model, js_distance
from osnguard.privacy.linkability.countermeasures import (
    misspellings_injected,
    special_characters_modified,
    spelling_normalised,
    synonyms_substituted,
)
from osnguard.privacy.linkability.linker import Community, model_distance
from osnguard.privacy.linkability.style import normalise

distribution = st.dictionaries(
    st.sampled_from("abcdefgh"), st.floats(min_value=0.01, max_value=10), min_size=1
).map(lambda d: {k: v / sum(d.values()) for k, v in d.items()})


@settings(max_examples=200, deadline=None)
@given(p=distribution, q=distribution, r=distribution)
def test_js_distance_is_a_bounded_metric(p, q, r):
    assert js_distance(p, p) == pytest.approx(0, abs=1e-6)
    assert 0 <= js_distance(p, q) <= 1
    assert js_distance(p, q) == pytest.approx(js_distance(q, p))
    assert js_distance(p, r) <= js_distance(p, q) + js_distance(q, r) + 1e-9


def test_js_distance_of_disjoint_or_empty_distributions_is_one():
    assert js_distance({"a": 1.0}, {"b": 1.0}) == 1.0
    assert js_distance({}, {"a": 1.0}) == 1.0
    assert js_distance({"a": 0.5, "b": 0.5}, {"a": 1.0}) == pytest.approx(
        math.sqrt(0.5 * (0.5 * math.log2(0.5 / 0.75) + 0.5 + 1.0 * math.log2(1 / 0.75))), abs=1e-9
    )


words = st.lists(
    st.sampled_from(
        ["the", "a", "cat", "dog", "I", "love", "hate", "lol", "omg", "!", "?", ":)", "great"]
    ),
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(texts=st.lists(words.map(" ".join), min_size=1, max_size=8), query=words.map(" ".join))
def test_community_distances_equal_pairwise_distances(texts, query):
    models = {f"a{i}": author_model([t]) for i, t in enumerate(texts)}
    group = Community(models)
    q = author_model([query])
    for weights in (None, {"unigrams": 1.0}):
        fast = group.distances(q, weights)
        for i, name in enumerate(group.names):
            assert fast[i] == pytest.approx(model_distance(q, models[name], weights), abs=1e-6)


def test_normalisation_follows_the_seed():
    assert normalise("Sooooo COOL https://www.example.com/x?y=1") == "sooo cool  example.com "


def test_models_split_content_words_function_words_and_punctuation():
    model = author_model(["I love my dog!!! :)", "The dog loves me."])
    assert model.texts == 2 and model.words == 8
    assert set(model.distributions["unigrams"]) == {"love", "dog", "loves"}
    assert "my" in model.distributions["function_words"]
    assert ":)" in model.distributions["punctuation"] and "!" in model.distributions["punctuation"]
    assert model.features["exclamations"] > 0 and model.features["emoji"] > 0


COMMUNITY = {
    "twin": ["omg my dog is the best lol!!! :)", "love my dog sooo much lol"],
    "near": ["my dog is cute lol", "dogs are great"],
    "far": ["Please find the quarterly report attached.", "Regards, the finance team."],
}


def test_assess_counts_authors_within_d_and_the_d_a_k_needs():
    result = assess(["lol my dog!!! :)", "omg I love my dog lol"], COMMUNITY, d=0.9, k=2)
    names = [name for name, _ in result.neighbours]
    assert names[0] == "twin" and names[-1] == "far"
    within = sum(1 for _, distance in result.neighbours if distance <= 0.9)
    assert result.k_at_d == 1 + within
    assert result.d_for_k == pytest.approx(result.neighbours[0][1])
    assert not result.enough_text and result.community == 3
    assert result.to_data()["d_source"] == "given"


def test_assess_without_d_uses_the_community_median_nearest_distance():
    result = assess(["my dog lol"], COMMUNITY, k=3)
    assert result.d_source == "community median" and 0 < result.d <= 1
    assert result.d_for_k == pytest.approx(result.neighbours[1][1])


@pytest.mark.parametrize("kwargs, message", [({"d": 1.5}, "d must be"), ({"k": 0}, "k must be")])
def test_assess_rejects_bad_parameters(kwargs, message):
    with pytest.raises(ValueError, match=message):
        assess(["text"], COMMUNITY, **kwargs)


def test_assess_needs_another_author():
    with pytest.raises(ValueError, match="no other author"):
        assess(["text"], {"nobody": [""]})


def test_countermeasures_change_the_style_not_the_meaning():
    assert spelling_normalised("u r gr8 2morrow") != "u r gr8 2morrow"
    assert "you" in spelling_normalised("u r late").lower()
    assert misspellings_injected("are you coming tomorrow") != "are you coming tomorrow"
    assert special_characters_modified("Wow!!! “great”… :)") == 'Wow! "great".'
    changed = synonyms_substituted("The physician commenced the examination.")
    assert changed.endswith(".") and changed.split()[0] == "The"


def test_cli_prints_the_assessment(tmp_path, capsys):
    path = tmp_path / "request.json"
    path.write_text(json.dumps({"author": ["lol my dog!!!"], "community": COMMUNITY, "k": 2}))
    assert main(["linkability", "--input", str(path), "--d", "0.95"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["d"] == 0.95 and data["k"] == 2 and data["neighbours"][0]["author"] == "twin"
    assert set(data) >= {"neighbours", "k_at_d", "d_for_k", "standouts", "community"}


@pytest.mark.parametrize(
    "request_, message",
    [
        ("nope", "not valid JSON"),
        ('{"author": "x", "community": {"a": ["t"]}}', '"author" must be a list'),
        ('{"author": ["x"], "community": {}}', '"community" must be'),
        ('{"author": ["x"], "community": {"a": "t"}}', 'community author "a"'),
        ('{"author": ["x"], "community": {"a": ["t"]}, "k": "5"}', '"k" must be'),
        ('{"author": ["x"], "community": {"a": ["t"]}, "colour": 1}', "unknown field"),
    ],
)
def test_cli_rejects_bad_requests(tmp_path, capsys, request_, message):
    path = tmp_path / "bad.json"
    path.write_text(request_)
    assert main(["linkability", "--input", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


def test_authors_with_nothing_in_common_never_count_as_within_d():
    result = assess(["kayak estuary herons"], {"a": ["budget review"], "b": ["lentil soup"]}, d=1.0)
    assert [distance for _, distance in result.neighbours] == [1.0, 1.0]
    assert result.k_at_d == 1


def test_each_emoji_and_smiley_counts_once():
    model = author_model(["I love it 😀 :) so much"])  # 5 words, one emoji, one smiley
    assert model.features["emoji"] == pytest.approx(40.0)
    assert special_characters_modified("great 😀 day :)") == "great day"
