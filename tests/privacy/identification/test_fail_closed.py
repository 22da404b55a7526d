"""Identification fails closed: break each detector, the classifier, spaCy, WordNet and a model
load on purpose; the result is unchecked (typed failures, no "not private" verdict), the stages
and commands downstream refuse it, and nothing falls back silently."""

from __future__ import annotations

import dataclasses
import io
import json
import sys

import pytest

from osnguard.privacy import resources
from osnguard.privacy.cli import main
from osnguard.privacy.commands import EXIT_UNCHECKED
from osnguard.privacy.identification import (
    RECOGNIZERS,
    FunctionRecognizer,
    classifier,
    identify,
    pipeline,
    tagger,
)
from osnguard.privacy.proposal import anonymize
from osnguard.privacy.serialization import to_data
from osnguard.privacy.types import TECHNICAL, CheckFailure, Detector, UncheckedMessage

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
    """Replace one recognizer of the registry by one that raises on every message, or whose
    library is not installed (an ImportError when it runs)."""
    recognizer = RECOGNIZERS[Detector(name)]
    assert isinstance(recognizer, FunctionRecognizer)
    if how == "raise":
        error: BaseException = RuntimeError(f"{name} is broken on purpose")
    else:
        error = ImportError(f"No module named 'library_of_{name}'")
    broken = dataclasses.replace(recognizer, function=_raise(error))
    monkeypatch.setitem(RECOGNIZERS, Detector(name), broken)


def assert_unchecked(result, part: str, kind: str) -> CheckFailure:
    assert result.checked is False
    assert result.private is None and result.score is None  # never "not private"
    failures = {f.detector: f for f in result.failures}
    assert part in failures, result.failures
    failure = failures[part]
    assert failure.kind == kind
    assert failure.reason.endswith(".") and "Traceback" not in failure.reason
    data = to_data(result)
    assert data["checked"] is False and data["private"] is None and data["score"] is None
    assert {"detector": part, "kind": kind, "reason": failure.reason} in [
        {k: f[k] for k in ("detector", "kind", "reason")} for f in data["failures"]
    ]
    assert all("detail" not in f for f in to_data(result, omit=TECHNICAL)["failures"])
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
        assert to_data(result)["checked"] is True and to_data(result)["failures"] == []
    assert identify(NOT_PRIVATE, now=NOW).private is False


@pytest.mark.parametrize("how", ["raise", "import"])
@pytest.mark.parametrize("name", list(RECOGNIZERS))
def test_every_detector_that_fails_makes_the_message_unchecked(monkeypatch, name, how) -> None:
    break_detector(monkeypatch, name, how)
    for text in (PRIVATE, NOT_PRIVATE):
        result = identify(text, now=NOW)
        if name == "pattern" or text == PRIVATE:
            failure = assert_unchecked(result, name, "error" if how == "raise" else "missing")
            assert RECOGNIZERS[name].finds in failure.reason
            assert (f"{name} is broken on purpose" in failure.detail) == (how == "raise")
        else:
            assert_unchecked(result, name, "error" if how == "raise" else "missing")
    # the working detectors still report what they found
    found = {p.text for p in identify(PRIVATE, now=NOW).phrases}
    assert ("adam@example.org" in found) == (name != "pattern")


@pytest.mark.parametrize("name", list(RECOGNIZERS))
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
        # the topic detector reads WordNet too (unless an earlier call cached what it needs)
        assert {f.detector for f in result.failures} <= {"wordnet", "topic"}
        assert all("WordNet not found" in f.detail for f in result.failures)
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


def test_a_detector_bug_is_an_error_and_a_missing_library_is_not_installed(monkeypatch) -> None:
    bug = AttributeError("'NoneType' object has no attribute 'sents'")
    tagging = dataclasses.replace(RECOGNIZERS[Detector.TAGGER], function=_raise(bug))
    monkeypatch.setitem(RECOGNIZERS, Detector.TAGGER, tagging)
    assert_unchecked(identify(PRIVATE, now=NOW), "tagger", "error")
    break_detector(monkeypatch, "tagger", "import")
    failure = assert_unchecked(identify(PRIVATE, now=NOW), "tagger", "missing")
    assert "not installed" in failure.reason


def test_the_registry_lists_every_detector_once_in_priority_order() -> None:
    assert list(RECOGNIZERS) == [
        Detector.PROFILE, Detector.PATTERN, Detector.ORGANISATION, Detector.LOCATION_RULE,
        Detector.PLACE, Detector.AMOUNT, Detector.TOPIC, Detector.TEMPORAL, Detector.PERSONAL,
        Detector.POST_TAGGER, Detector.TAGGER,
    ]  # fmt: skip
    assert all(name == recognizer.name for name, recognizer in RECOGNIZERS.items())
    assert [r.name for r in RECOGNIZERS.values() if not r.english_only] == [Detector.PATTERN]
    assert {name: rank for rank, name in enumerate(RECOGNIZERS)} == pipeline.PRIORITY


def test_a_recognizer_added_to_the_registry_is_run_and_named_in_findings(monkeypatch) -> None:
    from osnguard.privacy.types import Category, Phrase

    def shouting(context):
        start = context.text.find("HELLO")
        if start < 0:
            return []
        return [Phrase(start, start + 5, "HELLO", Category.IDENTITY, "It shouts.", 0.5)]

    extra = FunctionRecognizer(Detector.AMOUNT, shouting, finds="shouting", english_only=False)
    monkeypatch.setitem(RECOGNIZERS, Detector.AMOUNT, extra)
    found = identify("HELLO from the hills", now=NOW).phrases
    assert [(p.text, p.detectors) for p in found if p.text == "HELLO"] == [("HELLO", ["amount"])]
