"""Identification fails closed: break each detector, the classifier, spaCy, WordNet and a model
load on purpose; the result is unchecked (typed failures, no "not private" verdict), the stages
and commands downstream refuse it, and nothing falls back silently."""

from __future__ import annotations

import io
import json
import sys

import pytest

from osnguard.privacy import resources
from osnguard.privacy.cli import main
from osnguard.privacy.commands import EXIT_UNCHECKED
from osnguard.privacy.identification import classifier, identify, pipeline, tagger
from osnguard.privacy.proposal import anonymize
from osnguard.privacy.types import CheckFailure, UncheckedMessage

NOW = "2024-05-01T09:00:00+00:00"
PRIVATE = "I live in Seattle and my sister works at the hospital, mail me at adam@example.org"
NOT_PRIVATE = "Tokyo is the capital of Japan"
GROUPS = [{"name": "Friends", "level": 2, "friends": ["ann", "bob"]}]
MISSING_MODEL = "the classifier model is missing or stale: run `osnguard train classifier`"


def _raise(exc: BaseException):
    def broken(*args, **kwargs):
        raise exc

    return broken


def break_detector(monkeypatch: pytest.MonkeyPatch, name: str, how: str) -> None:
    """Make one entry of pipeline.DETECTORS raise on every message, or fail to import."""
    module_name, attribute, _ = pipeline.DETECTORS[name]
    if how == "raise":
        module = __import__(module_name, fromlist=[attribute])
        monkeypatch.setattr(module, attribute, _raise(RuntimeError(f"{name} is broken on purpose")))
    else:
        monkeypatch.setitem(sys.modules, module_name, None)  # the import raises ImportError


def assert_unchecked(result, part: str, kind: str) -> CheckFailure:
    assert result.checked is False
    assert result.private is None and result.score is None  # never "not private"
    failures = {f.detector: f for f in result.failures}
    assert part in failures, result.failures
    failure = failures[part]
    assert failure.kind == kind
    assert failure.reason.endswith(".") and "Traceback" not in failure.reason
    data = result.to_dict()
    assert data["checked"] is False and data["private"] is None and data["score"] is None
    assert {"detector": part, "kind": kind, "reason": failure.reason} in [
        {k: f[k] for k in ("detector", "kind", "reason")} for f in data["failures"]
    ]
    assert all("detail" not in f for f in result.to_dict(technical=False)["failures"])
    with pytest.raises(UncheckedMessage) as refused:
        result.require_checked()
    assert failure.reason in str(refused.value)
    return failure


def test_a_working_engine_checks_the_message() -> None:
    for text in (
        PRIVATE,
        NOT_PRIVATE,
        "Je suis allé à Paris avec ma femme, écris-moi à jean@example.fr",
    ):
        result = identify(text, now=NOW)
        assert result.checked and result.failures == [] and result.private is not None
        assert result.to_dict()["checked"] is True and result.to_dict()["failures"] == []
    assert identify(NOT_PRIVATE, now=NOW).private is False


@pytest.mark.parametrize("how", ["raise", "import"])
@pytest.mark.parametrize("name", list(pipeline.DETECTORS))
def test_every_detector_that_fails_makes_the_message_unchecked(monkeypatch, name, how) -> None:
    break_detector(monkeypatch, name, how)
    for text in (PRIVATE, NOT_PRIVATE):
        result = identify(text, now=NOW)
        if name == "pattern" or text == PRIVATE:
            failure = assert_unchecked(result, name, "error" if how == "raise" else "missing")
            assert pipeline.FINDS[name] in failure.reason
            assert (f"{name} is broken on purpose" in failure.detail) == (how == "raise")
        else:
            assert_unchecked(result, name, "error" if how == "raise" else "missing")
    # the working detectors still report what they found
    found = {p.text for p in identify(PRIVATE, now=NOW).phrases}
    assert ("adam@example.org" in found) == (name != "pattern")


@pytest.mark.parametrize("name", list(pipeline.DETECTORS))
def test_a_failing_detector_is_reported_once_per_message_even_in_chunks(monkeypatch, name) -> None:
    break_detector(monkeypatch, name, "raise")
    long_text = " ".join([PRIVATE + "."] * 80)  # several chunks for the English-only detectors
    result = identify(long_text, now=NOW)
    assert [f.detector for f in result.failures] == [name]


def test_the_pattern_detector_failing_on_non_english_text_is_unchecked(monkeypatch) -> None:
    french = "Je suis allé à Paris avec ma femme, écris-moi à jean@example.fr"
    break_detector(monkeypatch, "pattern", "raise")
    assert_unchecked(identify(french, now=NOW), "pattern", "error")


def test_the_classifier_failing_makes_the_message_unchecked(monkeypatch) -> None:
    monkeypatch.setattr(classifier, "probability", _raise(ValueError("bad vocabulary")))
    for text in (PRIVATE, NOT_PRIVATE):
        failure = assert_unchecked(identify(text, now=NOW), "classifier", "error")
        assert failure.detail == "ValueError: bad vocabulary"


@pytest.mark.parametrize("module, part", [(classifier, "classifier"), (tagger, "tagger")])
def test_a_missing_or_stale_model_is_reported_with_its_rebuild_command(
    monkeypatch, module, part
) -> None:
    monkeypatch.setattr(module, "model", _raise(resources.ResourceMissing(MISSING_MODEL)))
    for text in (PRIVATE, NOT_PRIVATE):
        failure = assert_unchecked(identify(text, now=NOW), part, "missing")
        assert "missing on the server" in failure.reason
        assert "osnguard train classifier" in failure.detail and "ResourceMissing" in failure.detail


def test_spacy_missing_stops_the_english_detectors_and_says_so(monkeypatch) -> None:
    resources.parse.cache_clear()
    monkeypatch.setattr(
        resources, "nlp", _raise(resources.ResourceMissing("spaCy model 'x' is not installed"))
    )
    result = identify(PRIVATE, now=NOW)
    failure = assert_unchecked(result, "spacy", "missing")
    assert [f.detector for f in result.failures] == ["spacy"]  # its detectors are not listed again
    assert "dates and times" in failure.reason and "were not checked" in failure.reason
    assert [p.text for p in result.phrases] == ["adam@example.org"]  # patterns need no parser
    assert_unchecked(identify(NOT_PRIVATE, now=NOW), "spacy", "missing")


def test_spacy_failing_on_one_message_is_unchecked(monkeypatch) -> None:
    resources.parse.cache_clear()
    monkeypatch.setattr(resources, "parse", _raise(MemoryError()))
    assert_unchecked(identify(NOT_PRIVATE, now=NOW), "spacy", "error")


def test_wordnet_missing_makes_the_message_unchecked(monkeypatch) -> None:
    monkeypatch.setattr(
        resources, "wordnet", _raise(resources.ResourceMissing("WordNet not found in /x"))
    )
    for text in (PRIVATE, NOT_PRIVATE):
        result = identify(text, now=NOW)
        failure = assert_unchecked(result, "wordnet", "missing")
        assert [f.detector for f in result.failures] == ["wordnet"]
        assert "WordNet not found" in failure.detail


def test_the_tagger_raises_without_wordnet_instead_of_changing_its_features(
    monkeypatch, make_context
) -> None:
    context = make_context("My sister is a nurse in Boston")
    assert tagger.detect(context)  # works with WordNet
    tagger._lexname.cache_clear()
    monkeypatch.setattr(
        resources, "wordnet", _raise(resources.ResourceMissing("WordNet not found in /x"))
    )
    with pytest.raises(resources.ResourceMissing):
        tagger.detect(context)
    with pytest.raises(resources.ResourceMissing):
        tagger._lexname("sister")
    tagger._lexname.cache_clear()


def test_language_detection_failing_is_reported(monkeypatch) -> None:
    monkeypatch.setattr(pipeline, "detect_language", _raise(RuntimeError("profiles unreadable")))
    assert_unchecked(identify(NOT_PRIVATE, now=NOW), "language", "error")


def test_language_detection_not_installed_is_reported_not_guessed(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "langdetect", None)
    french = "Je suis allé à Paris avec ma femme, écris-moi à jean@example.fr"
    assert_unchecked(identify(french, now=NOW), "language", "missing")
    assert identify("I live in Seattle", now=NOW).checked  # plain English needs no langdetect


def test_anonymize_refuses_an_unchecked_message(monkeypatch) -> None:
    assert anonymize(NOT_PRIVATE, now=NOW, groups=GROUPS).versions  # works when checked
    break_detector(monkeypatch, "tagger", "raise")
    with pytest.raises(UncheckedMessage) as refused:
        anonymize(NOT_PRIVATE, now=NOW, groups=GROUPS)
    assert [f.detector for f in refused.value.failures] == ["tagger"]


def run_cli(monkeypatch, capsys, argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_osnguard_identify_prints_the_failure_and_exits_non_zero(monkeypatch, capsys) -> None:
    status, out, _ = run_cli(monkeypatch, capsys, ["identify", "--text", NOT_PRIVATE])
    assert status == 0 and json.loads(out)["checked"] is True
    monkeypatch.setattr(classifier, "model", _raise(resources.ResourceMissing(MISSING_MODEL)))
    status, out, _ = run_cli(monkeypatch, capsys, ["identify", "--text", NOT_PRIVATE])
    data = json.loads(out)
    assert status == EXIT_UNCHECKED
    assert data["checked"] is False and data["private"] is None
    assert data["failures"][0]["detector"] == "classifier"
    assert "osnguard train classifier" in data["failures"][0]["detail"]
    lines = (
        "\n".join(json.dumps({"text": t, "now": NOW}) for t in (PRIVATE, NOT_PRIVATE, "")) + "\n"
    )
    status, out, _ = run_cli(monkeypatch, capsys, ["identify"], lines)
    results = [json.loads(line) for line in out.splitlines()]
    assert status == EXIT_UNCHECKED and len(results) == 3  # every line is still answered
    assert all(r["checked"] is False and r["private"] is None for r in results[:2])
    assert results[2]["checked"] is True and results[2]["phrases"] == []  # empty: nothing to check


def test_osnguard_anonymize_prints_the_failure_and_exits_non_zero(monkeypatch, capsys) -> None:
    break_detector(monkeypatch, "temporal", "import")
    request = json.dumps({"text": NOT_PRIVATE, "now": NOW, "groups": GROUPS})
    status, out, err = run_cli(monkeypatch, capsys, ["anonymize"], request)
    data = json.loads(out)
    assert status == EXIT_UNCHECKED and "versions" not in data
    assert data["checked"] is False and data["failures"][0]["detector"] == "temporal"
    assert "could not be checked" in data["error"] and "could not be checked" in err


def test_a_detector_bug_is_an_error_and_a_missing_attribute_is_not_installed(monkeypatch) -> None:
    monkeypatch.setattr(
        tagger, "detect", _raise(AttributeError("'NoneType' object has no attribute 'sents'"))
    )
    assert_unchecked(identify(PRIVATE, now=NOW), "tagger", "error")
    monkeypatch.delattr(tagger, "detect")  # the module loads but has no detector
    failure = assert_unchecked(identify(PRIVATE, now=NOW), "tagger", "missing")
    assert "not installed" in failure.reason
