"""Posts as records and their release: the same hierarchies as compose, texts rewritten truly,
the ppdp corpus released with every class of at least k records, and `osnguard kanon`."""

from __future__ import annotations

import json

import pytest

from osnguard.privacy import places
from osnguard.privacy.cli import main
from osnguard.privacy.identification import tagger
from osnguard.privacy.publishing import anonymize_posts, mondrian
from osnguard.privacy.publishing.records import (
    age_path,
    author_attributes,
    chain_path,
    gender_path,
    record_from_tagged,
)
from osnguard.privacy.publishing.release import anonymize_records


def test_places_follow_the_gazetteer_chain_compose_uses():
    path, display = chain_path("region", "Tokyo", "I live in Tokyo")
    tokyo = places.lookup("Tokyo")[0]
    assert path == tuple(p.key for p in reversed(places.chain(tokyo)))
    assert [display[path[: i + 1]] for i in range(len(path))][:2] == ["Asia", "Japan"]


def test_jobs_follow_their_wordnet_chain():
    path, _display = chain_path("job", "dentist", "my dentist said")
    assert path[-1] == "dentist" and "health professional" in path
    assert path.index("health professional") < path.index("dentist")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("27", ("20-39", "20-29", "27")),
        ("my twenties", ("20-39", "20-29")),
        ("in her 60s", ("60-79", "60-69")),
        ("old", None),
        ("11/20", None),
    ],
)
def test_age_paths(text, expected):
    assert age_path(text) == expected


def test_gender_paths():
    assert gender_path("my girlfriend") == ("female",)
    assert gender_path("the guys") == ("male",)
    assert gender_path("mom and dad") is None


def test_author_attributes_are_validated():
    assert author_attributes({"age": 34, "city": "Tokyo"}) == {"age": "34", "region": "Tokyo"}
    with pytest.raises(ValueError, match="unknown author attribute 'shoe'"):
        author_attributes({"shoe": "42"})
    with pytest.raises(ValueError, match="must be a string"):
        author_attributes({"age": [34]})


def test_two_mentions_release_their_common_ancestor_and_every_mention_is_rewritten():
    release = anonymize_posts(
        [{"text": "Flying from Tokyo to Osaka tomorrow", "author": {"city": "Kyoto"}}] * 2, k=2
    )
    first = release.records[0]
    assert first["quasi_identifiers"]["region"] == "Japan"
    assert "Tokyo" not in first["text"] and "Osaka" not in first["text"]


def test_release_removes_direct_identifiers_keeps_sensitive_and_is_true():
    posts = [
        {"text": "@jim my sister in Tokyo has cancer", "id": "a"},
        {"text": "@ann my brother in Osaka has diabetes", "id": "b"},
    ]
    release = anonymize_posts(posts, k=2)
    texts = [r["text"] for r in release.records]
    assert all("[removed]" in t and "@" not in t for t in texts), texts
    assert "Japan" in texts[0] and "Tokyo" not in texts[0]
    assert "sibling" in texts[0] and "sister" not in texts[0]  # gender generalized to any
    assert release.records[0]["sensitive"] == ["cancer"]
    assert release.summary["classes"] == [2] and release.summary["unique"] == 0.0


@pytest.fixture(scope="module")
def corpus_records():
    return [
        record_from_tagged(t.tokens, t.tags, post_id=i) for i, t in enumerate(tagger.load_corpus())
    ]


@pytest.mark.parametrize("k", [2, 5, 10, 25])
def test_ppdp_release_has_every_class_of_at_least_k_and_no_unique_record(corpus_records, k):
    release = anonymize_records(corpus_records, k=k)
    summary = release.summary
    assert summary["records"] == 2994 and summary["suppressed"] == 0
    assert min(summary["classes"]) >= k and sum(summary["classes"]) == 2994
    assert summary["unique"] == 0.0
    # recount the classes from the released records themselves
    combos: dict[str, int] = {}
    for record in release.records:
        key = json.dumps(record["quasi_identifiers"], sort_keys=True)
        combos[key] = combos.get(key, 0) + 1
    assert min(combos.values()) >= k


def test_simple_release_leaves_unique_records_that_mondrian_hides(corpus_records):
    simple = anonymize_records(corpus_records, k=None).summary
    assert simple["method"] == "simple" and simple["unique"] > 0
    assert anonymize_records(corpus_records, k=2).summary["lm"] < simple["lm"]


def test_cli_writes_records_then_the_summary(tmp_path, capsys):
    path = tmp_path / "posts.jsonl"
    lines = [
        {"text": "my wife is a nurse in Tokyo", "id": 1, "author": {"age": 34}},
        {"text": "my husband is a dentist in Osaka", "id": 2, "author": {"age": 38}},
        {"text": "nice weather"},
    ]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    assert main(["kanon", "--k", "2", "--input", str(path)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    summary = out[-1]
    assert set(summary) >= {"k", "classes", "dm", "lm", "suppressed"}
    assert summary["k"] == 2 and sum(summary["classes"]) == 3 and summary["suppressed"] == 0
    assert summary["dm"] == sum(n * n for n in summary["classes"])
    assert [r["id"] for r in out[:-1]] == [1, 2, 3]
    assert all(
        set(r) == {"id", "text", "quasi_identifiers", "sensitive", "class"} for r in out[:-1]
    )


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"text": 3}\n', 'line 1: "text" must be a string'),
        ('{"text": "a"}\nnot json\n', "line 2: not valid JSON"),
        ('{"text": "a", "colour": 1}\n', "unknown field"),
        ('{"text": "a", "author": {"shoe": 1}}\n', "unknown author attribute"),
    ],
)
def test_cli_rejects_bad_input_before_writing(tmp_path, capsys, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    assert main(["kanon", "--k", "2", "--input", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and message in captured.err


def test_cli_with_fewer_posts_than_k_suppresses_them(tmp_path, capsys):
    path = tmp_path / "one.jsonl"
    path.write_text('{"text": "hello from Tokyo"}\n')
    assert main(["kanon", "--k", "5", "--input", str(path)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert out == [out[-1]] and out[-1]["suppressed"] == 1 and out[-1]["classes"] == []


def test_not_stated_is_kept_apart_from_generalized():
    assert mondrian.NOT_STATED != mondrian.ROOT


@pytest.mark.parametrize(
    "text, expected",
    [
        ("they says hi", "they say hi"),
        ("They is 27 and they has a dog", "They are 27 and they have a dog"),
        ("they wasn't there, they doesn't care", "they weren't there, they don't care"),
        ("they said hi", "they said hi"),
    ],
)
def test_verbs_agree_with_a_new_they(text, expected):
    from osnguard.privacy.publishing.release import _agree_with_they

    assert _agree_with_they(text) == expected


@pytest.mark.parametrize(
    "said, neutral",
    [
        ("she", "they"),
        ("my sister", "my sibling"),
        ("his daughters", "their children"),
        ("wife", "partner"),
        ("Mrs", "[person]"),  # no chain makes it neutral: never left as it was
    ],
)
def test_gender_words_are_made_neutral_as_compose_does(said, neutral):
    from osnguard.privacy.publishing.release import _neutral

    assert _neutral(said) == neutral
