"""Attribution: names the leaker from fingerprint evidence, answers at group level, never accuses
on weak evidence, and handles bad input clearly. Uses hand-made versions and a stub detector so
the behaviour under test is the attribution's own."""

from __future__ import annotations

import io
import json

import pytest

from osnguard.privacy.attribution import (
    FRIEND_MARGIN,
    Attribution,
    Verdict,
    attribute,
    attribute_many,
    prepare,
)
from osnguard.privacy.commands.attribute import output_line
from osnguard.privacy.serialization import from_data, to_data
from osnguard.privacy.types import Choice, Version

TEMPLATE = [
    "We ",
    0,
    " to ",
    6,
    " ",
    7,
    " with the kids and the dog, and the ",
    1,
    " ",
    2,
    " near the river park is ",
    3,
    ", my ",
    4,
    " is so ",
    5,
    " about the garden.",
]
OPTIONS = {
    0: ["moved", "relocated", "went"],
    1: ["new", "fresh", "recent"],
    2: ["flat", "apartment", "place"],
    3: ["huge", "enormous", "massive"],
    4: ["mum", "mother", "mom"],
    5: ["happy", "glad", "pleased"],
}
# Any two friends differ in at least 3 of the synonym slots 0-5; slots 6 and 7 are the group's
# generalizations of a place and a time.
CODES = {
    "ann": [0, 0, 0, 0, 0, 0],
    "bob": [1, 1, 1, 0, 0, 0],
    "cat": [2, 2, 2, 0, 0, 0],
    "dan": [0, 0, 0, 1, 1, 1],
    "eve": [1, 1, 1, 1, 1, 1],
    "fay": [2, 2, 2, 2, 2, 2],
}
GROUPS = {
    "ann": "close",
    "bob": "close",
    "cat": "close",
    "dan": "work",
    "eve": "work",
    "fay": "work",
}
PLACE = {"close": "Boston", "work": "Massachusetts"}
TIME = {"close": "last week", "work": "recently"}


def make_version(friend: str) -> Version:
    text, choices = "", []
    for part in TEMPLATE:
        if isinstance(part, str):
            text += part
            continue
        if part == 6:
            chosen, kind, original = PLACE[GROUPS[friend]], "generalization", "Boston"
        elif part == 7:
            chosen, kind, original = TIME[GROUPS[friend]], "temporal", "last week"
        else:
            chosen, kind, original = OPTIONS[part][CODES[friend][part]], "synonym", OPTIONS[part][0]
        choices.append(Choice(part, kind, original, chosen, len(text), len(text) + len(chosen)))
        text += chosen
    return Version(friend, GROUPS[friend], text, choices)


class StubDetector:
    """Says "paraphrase" with a fixed probability; records what it was asked."""

    threshold = 0.5

    def __init__(self, probability: float) -> None:
        self.value = probability
        self.calls: list[tuple[str, str]] = []

    def probabilities(self, pairs):
        self.calls.extend(pairs)
        return [self.value] * len(pairs)


@pytest.fixture(scope="module")
def versions() -> list[Version]:
    return [make_version(friend) for friend in CODES]


@pytest.fixture(scope="module")
def message(versions):
    return prepare(versions)


def by_friend(versions, friend):
    return next(v for v in versions if v.friend == friend)


def test_versions_are_rendered_consistently(versions):
    for version in versions:
        for choice in version.choices:
            assert version.text[choice.start : choice.end] == choice.text


@pytest.mark.parametrize("friend", list(CODES))
def test_a_verbatim_leak_names_the_leaker_with_evidence(message, versions, friend):
    leaked = by_friend(versions, friend).text
    result = attribute(message, leaked, detector=StubDetector(0.0))
    assert result.disclosure and result.verdict == "friend"
    assert (result.friend, result.group) == (friend, GROUPS[friend])
    assert result.margin >= FRIEND_MARGIN
    assert result.ranking[0].friend == friend
    for evidence in result.evidence:  # spans point into the candidate
        assert leaked[evidence.start : evidence.end].lower() == evidence.text.lower()
    assert {e.slot for e in result.evidence} >= {0, 1, 2, 3, 4, 5}


def test_commentary_and_reordering_keep_the_leaker(message, versions):
    eve = by_friend(versions, "eve").text
    wrapped = "You won't believe what I heard today!!! " + eve + " lol"
    assert attribute(message, wrapped, detector=StubDetector(0.0)).friend == "eve"
    reordered = (
        "My mother is so glad about the garden, the fresh apartment near the river park is enormous; "
        "we relocated to Massachusetts recently with the kids and the dog."
    )
    result = attribute(message, reordered, detector=StubDetector(0.0))
    assert (result.verdict, result.friend) == ("friend", "eve")


def test_one_swapped_word_lowers_the_margin_but_never_blames_another(message, versions):
    # bob's version with "flat" (ann's and dan's choice) instead of his "apartment".
    edited = by_friend(versions, "bob").text.replace("apartment", "flat")
    result = attribute(message, edited, detector=StubDetector(0.0))
    assert result.ranking[0].friend == "bob"
    assert result.verdict in ("friend", "group", "undetermined")
    assert result.friend in (None, "bob")


def test_group_answer_when_the_synonyms_are_stripped(message):
    # Every synonym replaced by a word no version uses; the group's generalizations are still there.
    stripped = (
        "We shifted to Massachusetts recently with the kids and the dog, and the brand-new condo "
        "near the river park is gigantic, my ma is so thrilled about the garden."
    )
    result = attribute(message, stripped, detector=StubDetector(0.9))
    assert result.disclosure
    assert (result.verdict, result.friend, result.group) == ("group", None, "work")


def test_weak_evidence_is_undetermined(message):
    # Only one fingerprint word ("mother": dan and eve) and no group marker: nobody is named.
    weak = (
        "We shifted somewhere with the kids and the dog, and the condo near the river park "
        "is gigantic, my mother is so thrilled about the garden."
    )
    result = attribute(message, weak, detector=StubDetector(0.9))
    assert result.disclosure
    assert (result.verdict, result.friend, result.group) == ("undetermined", None, None)
    assert "too weak" in result.explanation


def test_unrelated_text_is_no_disclosure_and_skips_the_detector(message):
    detector = StubDetector(1.0)
    result = attribute(message, "The match was cancelled because of the storm.", detector=detector)
    assert (result.disclosure, result.verdict, result.friend) == (False, "none", None)
    assert detector.calls == []


def test_the_detector_decides_paraphrases_that_are_not_quotes(message):
    paraphrase = (
        "Our family shifted to Boston with the kids and the dog; the condo near the river "
        "park is gigantic and my mom is thrilled."
    )
    assert not attribute(message, paraphrase, detector=StubDetector(0.1)).disclosure
    assert attribute(message, paraphrase, detector=StubDetector(0.9)).disclosure


def test_a_public_post_accuses_nobody():
    text = "We moved to Boston last week with the kids and the dog, and the new flat is huge."
    public = [Version(f"f{i}", "g1" if i < 3 else "g2", text) for i in range(6)]
    result = attribute(public, "Reposting: " + text, detector=StubDetector(0.0))
    assert result.disclosure
    assert (result.verdict, result.friend, result.group) == ("undetermined", None, None)
    assert "same text" in result.explanation


def test_a_single_recipient_is_not_accused(versions):
    result = attribute(versions[:1], versions[0].text, detector=StubDetector(0.0))
    assert result.disclosure and result.verdict == "undetermined" and result.friend is None
    assert "Only ann" in result.explanation


def test_versions_without_choices_use_their_differences(versions):
    plain = [Version(v.friend, v.group, v.text) for v in versions]
    result = attribute(plain, by_friend(versions, "fay").text, detector=StubDetector(0.0))
    assert (result.verdict, result.friend) == ("friend", "fay")


def test_dicts_are_accepted_as_versions(versions):
    result = attribute(to_data(versions), by_friend(versions, "cat").text, lexical_only=True)
    assert result.friend == "cat"


def test_a_leak_inside_a_megabyte_page_is_found(message, versions):
    filler = "Weather report: sunny spells with scattered showers over the coast. " * 7500
    page = filler + by_friend(versions, "dan").text + " " + filler
    assert len(page) > 1_000_000
    detector = StubDetector(0.0)
    result = attribute(message, page, detector=detector)
    assert (result.verdict, result.friend) == ("friend", "dan")


@pytest.mark.parametrize(
    "versions_arg, candidate, message",
    [
        ([], "text", "no versions"),
        ("not a list", "text", "list of versions"),
        ([{"text": "no friend"}], "text", "needs friend"),
        ([Version("a", "g", "x"), Version("a", "g", "y")], "text", "more than one version"),
        ([Version("a", "g", "some text here")], b"\xff\xfe bad bytes", "not valid UTF-8"),
        ([Version("a", "g", "some text here")], "\udc80 surrogate", "undecodable"),
        ([Version("a", "g", "some text here")], "x" * 2_000_001, "at most"),
        ([Version("a", "g", "some text here")], 42, "must be text"),
    ],
)
def test_bad_input_is_a_clear_error(versions_arg, candidate, message):
    with pytest.raises(ValueError, match=message):
        attribute(versions_arg, candidate, lexical_only=True)


def test_utf8_bytes_are_accepted(versions):
    result = attribute(
        versions, by_friend(versions, "ann").text.encode(), detector=StubDetector(0.0)
    )
    assert result.friend == "ann"


def test_result_serialises(message, versions):
    result = attribute(message, by_friend(versions, "bob").text, detector=StubDetector(0.0))
    data = output_line(result, ranking=2)
    assert list(data) == [
        "disclosure",
        "score",
        "friend",
        "group",
        "margin",
        "evidence",
        "verdict",
        "explanation",
        "layers",
        "ranking",
    ]
    assert data["verdict"] == "friend" and data["margin"] == round(result.margin, 4)
    assert set(data) >= {
        "disclosure",
        "score",
        "friend",
        "group",
        "margin",
        "evidence",
        "verdict",
        "explanation",
    }
    assert data["friend"] == "bob" and len(data["ranking"]) == 2
    assert all(set(e) == {"slot", "kind", "text", "start", "end"} for e in data["evidence"])


# The `osnguard attribute` command --------------------------------------------------------------


class FakeStdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def run_cli(monkeypatch, capsys, data: bytes, *args: str) -> tuple[int, list[dict], str]:
    from osnguard.privacy.cli import main

    monkeypatch.setattr("sys.stdin", FakeStdin(data))
    code = main(["attribute", "--lexical-only", *args])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_cli_prints_one_line_per_candidate(monkeypatch, capsys, versions):
    request = {
        "versions": to_data(versions),
        "candidates": [by_friend(versions, "eve").text, "Nothing to do with it at all.", 7],
    }
    code, lines, _ = run_cli(monkeypatch, capsys, json.dumps(request).encode(), "--ranking", "3")
    assert code == 0 and len(lines) == 3
    assert lines[0]["verdict"] == "friend" and lines[0]["friend"] == "eve" and lines[0]["evidence"]
    assert len(lines[0]["ranking"]) == 3
    assert lines[1]["disclosure"] is False and lines[1]["verdict"] == "none"
    assert "not a string" in lines[2]["error"]


def test_cli_reads_a_file(tmp_path, monkeypatch, capsys, versions):
    path = tmp_path / "request.json"
    path.write_text(json.dumps({"versions": to_data(versions), "candidates": [versions[0].text]}))
    code, lines, _ = run_cli(monkeypatch, capsys, b"", "--input", str(path))
    assert code == 0 and lines[0]["friend"] == "ann"


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "no input"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"{not json", "not valid JSON"),
        (b"[]", "JSON object"),
        (b'{"versions": [], "candidates": ["x"]}', "no versions"),
        (b'{"versions": [{"text": "x"}], "candidates": []}', '"friend"'),
        (b'{"versions": [{"friend": "a", "text": "x"}], "candidates": "x"}', "list of texts"),
        (
            b'{"versions": [{"friend": "a", "text": "x", "choices": [{"slot": 0}]}], "candidates": []}',
            "choice needs",
        ),
    ],
)
def test_cli_bad_input_is_a_clear_error(monkeypatch, capsys, data, message):
    code, lines, err = run_cli(monkeypatch, capsys, data)
    assert code == 2 and lines == [] and message in err


def test_cli_missing_file_is_a_clear_error(monkeypatch, capsys, tmp_path):
    code, _, err = run_cli(monkeypatch, capsys, b"", "--input", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_one_group_marker_alone_is_not_enough(message):
    # A same-topic text that happens to use one group's place name: no group is named.
    text = (
        "We shifted to Massachusetts with the kids and the dog, and the condo near the river park "
        "is gigantic, my ma is so thrilled about the garden."
    )
    result = attribute(message, text, detector=StubDetector(0.9))
    assert result.disclosure and result.verdict == "undetermined" and result.group is None


def test_a_left_out_comma_is_evidence_too():
    def version(friend: str, comma: bool, adjective: str) -> Version:
        text = f"Well{',' if comma else ''} we won the {adjective} cup today"
        choices = [
            Choice(0, "realisation", ",", "," if comma else "", 4, 5 if comma else 4),
            Choice(
                1,
                "synonym",
                "big",
                adjective,
                text.index(adjective),
                text.index(adjective) + len(adjective),
            ),
        ]
        return Version(friend, "g", text, choices)

    versions = [
        version("ann", True, "big"),
        version("bob", False, "big"),
        version("cat", True, "large"),
        version("dan", False, "large"),
    ]
    result = attribute(versions, "Well we won the big cup today", detector=StubDetector(0.0))
    assert result.ranking[0].friend == "bob" and result.margin > 0
    gap = next(e for e in result.evidence if e.slot == 0)
    assert (gap.text, gap.start, gap.end) == ("", 5, 5)


def test_attribute_many_batches_the_detector(versions):
    class BatchDetector(StubDetector):
        def __init__(self) -> None:
            super().__init__(0.9)
            self.batches: list[int] = []

        def probabilities(self, pairs):
            self.batches.append(len(pairs))
            return [self.value] * len(pairs)

    paraphrase = (
        "Our family shifted to Boston with the kids and the dog; the condo near the river "
        "park is gigantic and my mom is thrilled."
    )
    other = [
        Version("x", "g", "The match was cancelled because of the storm last night."),
        Version("y", "g", "The game was called off because of the storm last night."),
    ]
    detector = BatchDetector()
    results = attribute_many(
        {"move": versions, "again": versions, "storm": other}, paraphrase, detector=detector
    )
    assert detector.batches == [2]  # the unrelated message never reaches the detector
    assert (
        results["move"].disclosure
        and results["again"].disclosure
        and not results["storm"].disclosure
    )


def test_a_retyped_leak_is_not_read_for_punctuation():
    def version(friend: str, comma: bool, adjective: str, stop: bool) -> Version:
        text = f"Well{',' if comma else ''} we won the {adjective} cup today{'.' if stop else ''} Go team!"
        at = text.index(adjective)
        end = text.index(" Go")
        choices = [
            Choice(0, "realisation", ",", "," if comma else "", 4, 5 if comma else 4),
            Choice(1, "synonym", "big", adjective, at, at + len(adjective)),
            Choice(2, "realisation", ".", "." if stop else "", end - 1 if stop else end, end),
        ]
        return Version(friend, "g", text, choices)

    versions = [
        version("ann", True, "big", True),
        version("bob", False, "big", False),
        version("cat", True, "large", False),
        version("dan", False, "large", True),
    ]
    # ann's version lower-cased with its punctuation stripped: the missing comma and full stop
    # are not evidence for bob, whose version has neither
    result = attribute(
        versions, "well we won the big cup today go team", detector=StubDetector(0.9)
    )
    assert result.disclosure
    assert {s.friend for s in result.ranking[:2]} == {"ann", "bob"} and result.margin == 0
    assert result.verdict != "friend"
    assert all(e.slot == 1 for e in result.evidence)
    # with its punctuation kept, the same words are read for punctuation as before
    kept = attribute(
        versions, "Well, we won the big cup today. Go team!", detector=StubDetector(0.9)
    )
    assert kept.ranking[0].friend == "ann" and kept.margin > 0


def test_dropped_words_inside_a_generalized_phrase_do_not_accuse_another_wording():
    def version(friend: str, group: str, phrase: str, joined: bool) -> Version:
        text = f"I studied at {phrase} as a computer science major{', and' if joined else '.'} I loved it"
        at = text.index(phrase)
        choices = [Choice(0, "generalization", "Harvard University", phrase, at, at + len(phrase))]
        return Version(friend, group, text, choices)

    versions = [
        version("ann", "friends", "a university in the US", False),
        version("bob", "friends", "a US university", False),
        version("cat", "public", "a university", False),
        version("dan", "public", "a university", True),
    ]
    # ann's version with "in the" dropped: "a university" of the public group is found inside it;
    # ann's wording is 2 edits from what the leak says there ("a university US"), not 3, so bob
    # (1 edit) is at most one slot ahead of her, short of an accusation
    leak = "I studied at a university US as a computer science major. I loved it"
    result = attribute(versions, leak, detector=StubDetector(0.9))
    assert result.disclosure and not (result.verdict == "friend" and result.friend == "bob")
    scores = {s.friend: s.log_likelihood for s in result.ranking}
    assert scores["bob"] - scores["ann"] < FRIEND_MARGIN  # 3 edits against 1 before: 5.99


def test_a_full_stop_after_a_realisation_elsewhere_does_not_place_it_in_another_slot():
    def version(friend: str, month: str, see: str) -> Version:
        text = f"Retreat starting in {month}. phone off, see you{see}."
        first, second = text.index(month), text.index("you") + 3
        choices = [
            Choice(0, "temporal", "in November", f"in {month}", first - 3, first + len(month)),
            Choice(1, "temporal", " in November", see, second, second + len(see)),
        ]
        return Version(friend, "g", text, choices)

    versions = [
        version("ann", "November", ""),
        version("bob", "November", " in November"),
        version("cat", "early November", ""),
        version("dan", "early November", " in November"),
    ]
    # ann's copy: "in November." ends its first sentence, which is no sign that the second
    # slot (empty in ann's version, "in November" before "." in bob's) says it
    result = attribute(versions, versions[0].text, detector=StubDetector(0.9))
    assert result.ranking[0].friend == "ann" and result.margin > 0


def test_result_round_trips_through_the_serializer(message, versions):
    result = attribute(message, by_friend(versions, "cat").text, detector=StubDetector(0.0))
    data = json.loads(json.dumps(to_data(result)))
    assert data["verdict"] == "friend" and len(data["ranking"]) == len(versions)
    assert from_data(Attribution, data) == result
    assert "ranking" not in output_line(result)


def test_verdicts_keep_the_values_the_disclosures_app_stores(message, versions):
    assert [v.value for v in Verdict] == ["friend", "group", "undetermined", "none"]
    none = attribute(message, "The match was cancelled because of the storm.")
    assert none.verdict is Verdict.NONE and not none.disclosure
