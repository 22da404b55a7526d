"""Scoring rules of `osnguard evaluate realistic` and `generalization_realistic` (issues 13, 14).

The engine is replaced by hand-written predictions and group texts, so these tests check the
rules (content-word overlap, category, exact span, whole time phrase, decoys, contradictions,
ok/bad/kept/other) and not the engine's quality.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from osnguard.privacy.evaluation import _realistic, realistic
from osnguard.privacy.evaluation import generalization_realistic as gen
from osnguard.privacy.evaluation.realistic import Prediction, Returned
from osnguard.privacy.types import Choice

POSTS = [
    {
        "id": "p1",
        "text": "I start at Shell by 8 and live in Lagos, not Abuja.",
        "profile": {"work": ["engineer"]},
        "now": "2026-03-09T07:40:00",
        "phrases": [
            {
                "text": "Shell",
                "category": "work",
                "ok": ["an energy company", "work"],
                "bad": ["a seashell"],
            },
            {
                "text": "by 8",
                "category": "time",
                "ok": ["in the morning", "early"],
                "bad": ["by 9"],
            },
            {
                "text": "Lagos",
                "category": "location",
                "ok": ["Nigeria", "West Africa"],
                "bad": ["Abuja"],
            },
        ],
        "not_private": ["Abuja"],
    },
    {
        "id": "p2",
        "text": "Paris looks lovely on the news tonight.",
        "profile": {},
        "now": "2026-01-05T20:00:00",
        "phrases": [],
        "not_private": ["Paris"],
    },
    {
        "id": "p3",
        "text": "see my sister tomorrow at 6am then my sister again",
        "profile": {},
        "now": "2026-08-11T18:20:00",
        "phrases": [
            {"text": "sister", "category": "gender", "ok": ["sibling"], "bad": ["brother"]},
            {"text": "tomorrow at 6am", "category": "time", "ok": ["soon"], "bad": ["yesterday"]},
            {"text": "sister", "category": "gender", "ok": ["sibling"], "bad": ["brother"]},
        ],
        "not_private": [],
    },
]


def write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def data(tmp_path: Path) -> _realistic.DataFile:
    return _realistic.load_data(write(tmp_path / "tiny.jsonl", POSTS))


def span(post: _realistic.Post, text: str, category: str, nth: int = 0) -> Returned:
    start = -1
    for _ in range(nth + 1):
        start = post.text.index(text, start + 1)
    return Returned(start, start + len(text), text, category)


# --- reading the data ---------------------------------------------------------------------------


def test_phrases_are_located_in_text_order(data: _realistic.DataFile) -> None:
    p3 = data.posts[2]
    first, _, second = p3.phrases
    assert (first.start, second.start) == (7, p3.text.rindex("sister"))
    assert data.posts[0].decoys == (("Abuja", 45, 50),)
    assert [p.private for p in data.posts] == [True, False, True]


def test_bad_rows_are_reported_with_their_line(tmp_path: Path) -> None:
    broken = dict(POSTS[1], phrases=[{"text": "Rome", "category": "location", "ok": [], "bad": []}])
    with pytest.raises(ValueError, match=r"line 2: gold phrase 'Rome' is not in the text"):
        _realistic.load_data(write(tmp_path / "bad.jsonl", [POSTS[0], broken]))
    wrong = dict(POSTS[0], phrases=[dict(POSTS[0]["phrases"][0], category="job")])
    with pytest.raises(ValueError, match="unknown category 'job'"):
        _realistic.load_data(write(tmp_path / "cat.jsonl", [wrong]))


def test_another_file_can_be_named_in_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "other.jsonl", POSTS[:1])
    monkeypatch.setenv(_realistic.ENV_FILE, str(path))
    assert _realistic.load_data().path == path
    monkeypatch.setenv(_realistic.ENV_FILE, str(tmp_path / "missing.jsonl"))
    with pytest.raises(ValueError, match="no such file"):
        _realistic.load_data()


def test_content_words_leave_out_stop_words() -> None:
    text = "tomorrow at 6am with my sister @liam_k"
    words = [text[s:e] for s, e in _realistic.content_spans(text, 0, len(text))]
    assert words == ["tomorrow", "6am", "sister", "@liam_k"]
    # a span of stop words only keeps its words; a span with no word keeps itself
    assert [text[s:e] for s, e in _realistic.content_spans(text, 16, 23)] == ["with", "my"]
    assert _realistic.content_spans("ok 😂", 3, 4) == [(3, 4)]


# --- identification scoring ---------------------------------------------------------------------


def test_a_gold_phrase_is_found_by_overlapping_content_words_with_the_same_category(data) -> None:
    p1 = data.posts[0]
    # "8" overlaps "by 8"'s content word; "start at" touches only the stop word "at" of nothing gold
    prediction = Prediction(
        True, (span(p1, "8", "time"), span(p1, "Shell", "location"), span(p1, "Lagos", "location"))
    )
    score = realistic.score_post(p1, prediction)
    assert [g.found for g in score.gold] == [False, True, True]
    assert score.gold[0].miss == "as location"
    assert [g.exact for g in score.gold] == [False, False, True]
    assert [r.correct for r in score.returned] == [True, False, True]
    assert score.returned[1].kind == "gold phrase, other category"


def test_overlapping_only_a_stop_word_does_not_count(data) -> None:
    p3 = data.posts[2]
    at = p3.text.index(" at ") + 1
    prediction = Prediction(True, (Returned(at, at + 2, "at", "time"),))
    score = realistic.score_post(p3, prediction)
    assert not score.gold[1].found and score.gold[1].miss == "not detected"
    assert score.returned[0].kind == "unannotated"


def test_time_phrases_found_whole_need_a_span_covering_them(data) -> None:
    p3 = data.posts[2]
    part = realistic.score_post(p3, Prediction(True, (span(p3, "tomorrow", "time"),)))
    whole = realistic.score_post(
        p3, Prediction(True, (span(p3, "my sister tomorrow at 6am", "time"),))
    )
    assert part.gold[1].found and not part.gold[1].whole
    assert whole.gold[1].found and whole.gold[1].whole and not whole.gold[1].exact
    totals = realistic.aggregate([part])
    assert totals["time_whole"] == 0.0 and totals["time_whole_of_found"] == 0.0


def test_decoys_and_contradictions(data) -> None:
    p1, p2, p3 = data.posts
    scores = [
        realistic.score_post(p1, Prediction(False, (span(p1, "Abuja", "location"),))),
        realistic.score_post(p2, Prediction(True, ())),
        realistic.score_post(p3, Prediction(True, (span(p3, "sister", "gender", 1),))),
    ]
    assert scores[0].decoys == [("Abuja", True)] and scores[1].decoys == [("Paris", False)]
    assert scores[0].returned[0].kind == "decoy"
    assert [s.contradiction for s in scores] == [
        "not private, phrases returned",
        "private, no phrase returned",
        None,
    ]
    totals = realistic.aggregate(scores)
    assert totals["contradictions"]["total"] == 2
    assert totals["decoys"] == {"n": 2, "flagged": 1, "share": 0.5}
    # messages: p1 private missed, p2 wrongly private, p3 right
    assert totals["messages"]["accuracy"] == round(1 / 3, 4)
    assert totals["messages"]["precision"] == 0.5 and totals["messages"]["recall"] == 0.5


def test_aggregate_precision_recall_and_per_category_counts(data) -> None:
    p1, p2, p3 = data.posts
    scores = [
        realistic.score_post(
            p1,
            Prediction(
                True,
                (
                    span(p1, "Shell", "work"),
                    span(p1, "Lagos", "location"),
                    span(p1, "live", "location"),
                ),
            ),
        ),
        realistic.score_post(p2, Prediction(False, ())),
        realistic.score_post(p3, Prediction(True, (span(p3, "tomorrow at 6am", "time"),))),
    ]
    totals = realistic.aggregate(scores)
    assert (totals["gold_phrases"], totals["returned_phrases"]) == (6, 4)
    assert totals["precision"] == 0.75 and totals["recall"] == 0.5
    assert totals["f1"] == round(2 * 0.75 * 0.5 / 1.25, 4)
    assert totals["exact"]["recall"] == 0.5
    assert totals["by_category"]["gender"] == {
        "n": 2,
        "returned": 0,
        "precision": None,
        "recall": 0.0,
        "f1": None,
        "exact_recall": 0.0,
    }
    assert totals["by_category"]["location"]["precision"] == 0.5
    assert totals["miss_kinds"] == {"gender": {"not detected": 2}, "time": {"not detected": 1}}
    assert totals["false_positive_kinds"] == {"unannotated": 1}
    assert totals["time_whole"] == 0.5


def test_evaluate_keeps_details_out_of_the_line_and_dumps_them(tmp_path, data, monkeypatch) -> None:
    monkeypatch.setattr(realistic, "predict", lambda post: Prediction(post.private, ()))
    dump = tmp_path / "details.jsonl"
    monkeypatch.setenv(_realistic.ENV_DUMP, str(dump))
    result = realistic.evaluate(data.path)
    assert result["recall"] == 0.0 and result["contradictions"]["private, no phrase returned"] == 2
    assert "p1" not in json.dumps(result)
    rows = [json.loads(line) for line in dump.read_text().splitlines()]
    assert [r["id"] for r in rows] == ["p1", "p2", "p3"] and rows[0]["gold"][0][
        "miss"
    ] == "not detected"


# --- generalization scoring ---------------------------------------------------------------------


def choices_for(group_text: str, parts: list[tuple[int, str, str]]) -> list[Choice]:
    """Choices at the first occurrence of each wording in the group text (slot, original, wording)."""
    out, cursor = [], 0
    for slot, original, wording in parts:
        start = group_text.index(wording, cursor) if wording else cursor
        out.append(Choice(slot, "generalization", original, wording, start, start + len(wording)))
        cursor = start + len(wording)
    return out


def test_regions_are_found_by_aligning_the_group_text(data) -> None:
    p1 = data.posts[0]
    group = "I start at an energy company in the morning and live in Nigeria, not Abuja."
    # the engine's phrase is "8" but its wording replaced "by 8"
    choices = choices_for(
        group,
        [(0, "Shell", "an energy company"), (1, "8", "in the morning"), (2, "Lagos", "Nigeria")],
    )
    anchors = {0: (11, 16), 1: (20, 21), 2: (34, 39)}
    regions = gen.substitution_regions(p1.text, group, choices, anchors)
    assert [p1.text[r.start : r.end] for r in regions] == ["Shell", "by 8", "Lagos"]
    substitutes = [gen.substitute_for(p1.text, g, regions) for g in p1.phrases]
    assert substitutes == ["an energy company", "in the morning", "Nigeria"]
    assert [gen.classify(g, s) for g, s in zip(p1.phrases, substitutes)] == ["ok", "ok", "ok"]


def test_a_removal_and_dropped_spaces_align(data) -> None:
    p3 = data.posts[2]
    group = "see my sibling then my sister again"  # "tomorrow at 6am" removed, double space tidied
    choices = [
        Choice(0, "generalization", "sister", "sibling", 7, 14),
        Choice(1, "temporal", "tomorrow", "", 15, 15),
    ]
    tomorrow = p3.text.index("tomorrow")
    regions = gen.substitution_regions(
        p3.text, group, choices, {0: (7, 13), 1: (tomorrow, tomorrow + 8)}
    )
    # regions are narrowed to the words that change, never inside a word
    assert [p3.text[r.start : r.end] for r in regions] == ["sister", "tomorrow at 6am"]
    assert gen.substitute_for(p3.text, p3.phrases[0], regions) == "sibling"
    verdicts = [gen.classify(g, gen.substitute_for(p3.text, g, regions)) for g in p3.phrases]
    assert verdicts == ["ok", "ok", "kept"]  # removed counts as ok; the second "sister" was left


def test_a_removal_that_capitalises_the_next_word_is_a_removal(data) -> None:
    text = "surgeon life: 14 hour shift"
    group = "Life: 14 hour shift"
    regions = gen.substitution_regions(
        text, group, [Choice(0, "generalization", "surgeon", "L", 0, 1)], {0: (0, 7)}
    )
    assert [(text[r.start : r.end], r.text) for r in regions] == [("surgeon", "")]
    surgeon = gen.GoldPhrase("surgeon", "work", 0, 7, ok=("doctor",))
    assert gen.classify(surgeon, gen.substitute_for(text, surgeon, regions)) == "ok"


def test_a_group_text_that_is_not_the_message_is_refused(data) -> None:
    p1 = data.posts[0]
    with pytest.raises(gen.AlignmentError):
        gen.substitution_regions(
            p1.text,
            "Something else entirely.",
            [Choice(0, "generalization", "Shell", "work", 0, 4)],
            {0: (11, 16)},
        )


def test_classification_of_substitutes(data) -> None:
    shell, by8, lagos = data.posts[0].phrases
    assert gen.classify(shell, None) == "kept"
    assert gen.classify(shell, "shell") == "kept"
    assert gen.classify(shell, "A Seashell") == "bad"
    assert gen.classify(shell, "WORK") == "ok"  # later, more general ok entry
    assert gen.classify(lagos, "West  Africa,") == "ok"
    assert gen.classify(lagos, "Africa") == "other"
    assert gen.classify(by8, "") == "ok"
    # a region reaching over part of a phrase: the rest of the phrase stays around its wording
    region = gen.Region(
        data.posts[0].text.index("8"), data.posts[0].text.index("8") + 1, "the morning", 1
    )
    partial = gen.substitute_for(data.posts[0].text, by8, [region])
    assert partial == "by the morning" and gen.classify(by8, partial) == "other"


def test_generalization_aggregate_per_level(data, monkeypatch) -> None:
    regions = {
        1: (gen.Region(11, 16, "an energy company", 0),),
        2: (gen.Region(11, 16, "a seashell", 0), gen.Region(17, 21, "soonish", 1)),
        3: (
            gen.Region(11, 16, "work", 0),
            gen.Region(17, 21, "", 1),
            gen.Region(34, 39, "Nigeria", 2),
        ),
        4: (
            gen.Region(11, 16, "work", 0),
            gen.Region(17, 21, "", 1),
            gen.Region(34, 39, "West Africa", 2),
        ),
    }
    renderings = {
        "p1": (
            True,
            [gen.Rendering(0)] + [gen.Rendering(level, r) for level, r in regions.items()],
        ),
        "p2": (False, []),
        "p3": (False, []),
    }  # p3 not identified: everything kept
    monkeypatch.setattr(gen, "render", lambda post: renderings[post.id])
    result = gen.evaluate(data.path)
    levels = result["levels"]
    assert levels["1"] == {
        "n": 6,
        "ok": 1,
        "bad": 0,
        "kept": 5,
        "other": 0,
        "ok_share": round(1 / 6, 4),
        "bad_share": 0.0,
        "kept_share": round(5 / 6, 4),
        "other_share": 0.0,
        "acceptable_share": round(1 / 6, 4),
        "not_reached": 5,
    }
    assert (levels["2"]["bad"], levels["2"]["other"], levels["2"]["kept"]) == (1, 1, 4)
    assert levels["4"]["ok"] == 3 and levels["4"]["kept"] == 3
    assert result["bad"] == 1 and result["bad_samples"] == ["Shell -> a seashell (L2)"]
    assert result["other_samples"] == ["by 8 -> soonish (L2)"]
    assert result["acceptable_share"] == round(7 / 24, 4)  # L1 1, L2 0, L3 3, L4 3
    assert result["private_posts_left_as_written"] == 1
    assert result["by_category"]["gender"]["acceptable_share"] == [0.0, 0.0, 0.0, 0.0]


def test_a_preposition_changed_with_the_place_is_not_part_of_the_substitute() -> None:
    text = "the sea swim at Brighton Pier. 28 years"
    start = text.index("at Brighton")
    region = gen.Region(start, start + len("at Brighton Pier"), "in England", 0)
    pier = gen.GoldPhrase("Brighton Pier", "location", start + 3, start + 16, ok=("England",))
    assert gen.substitute_for(text, pier, [region]) == "England"
    assert gen.classify(pier, "England") == "ok"


def test_a_wording_that_took_in_words_after_its_phrase_ends_before_the_next_phrase() -> None:
    original = "Lost a wallet at the Coyoacán market this afternoon, reward if found"
    group = "Lost a wallet at a market in Mexico City today, reward if found"
    choices = choices_for(
        group, [(0, "Coyoacán", "a market in Mexico City"), (1, "this afternoon", "today")]
    )
    start = original.index("Coyoacán")
    anchors = {
        0: (start, start + len("Coyoacán")),
        1: (original.index("this"), original.index(",")),
    }
    regions = gen.substitution_regions(original, group, choices, anchors)
    assert [original[r.start : r.end] for r in regions] == [
        "the Coyoacán market",
        "this afternoon",
    ]
