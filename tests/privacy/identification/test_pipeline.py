"""The identification pipeline: merging, the private decision, the acceptance examples, and
robustness to empty, huge, broken, emoji, right-to-left and non-English text."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from osnguard.privacy.identification import IdentificationResult, identify
from osnguard.privacy.identification.pipeline import chunks, decide, detect_language, merge
from osnguard.privacy.serialization import from_data, to_data
from osnguard.privacy.types import Notice, NoticeCode, Phrase

PROFILE = {"hometown": ["Tokyo"], "education": ["Harvard University"]}
NOW = "2024-05-01T09:00:00+00:00"


def phrase(
    start: int,
    end: int,
    text: str,
    detector: str,
    category: str = "location",
    conf: float = 0.5,
    **kw,
) -> Phrase:
    return Phrase(
        start, end, text[start:end], category, f"{detector} says so", conf, [detector], **kw
    )


def assert_offsets(text: str, result) -> None:
    for found in result.phrases:
        assert text[found.start : found.end] == found.text


# --- merging and deciding --------------------------------------------------------------------


def test_overlapping_findings_merge_keeping_all_detectors_and_reasons() -> None:
    text = "I live in Seattle since 2019"
    merged = merge(
        [
            phrase(10, 17, text, "tagger", conf=0.9),
            phrase(10, 17, text, "location_rule", conf=0.8),
            phrase(
                24,
                28,
                text,
                "temporal",
                "time",
                interval=("2019-01-01T00:00:00", "2019-12-31T23:59:59"),
            ),
            phrase(24, 28, text, "tagger", "age"),
        ],
        text,
    )
    assert [(p.text, p.category) for p in merged] == [("Seattle", "location"), ("2019", "time")]
    seattle, year = merged
    assert seattle.detectors == ["location_rule", "tagger"]
    assert seattle.reason == "location_rule says so"  # the most specific detector explains
    assert seattle.reasons == ["location_rule says so", "tagger says so"]
    assert seattle.confidence == 0.9
    assert year.detectors == ["temporal", "tagger"] and year.interval is not None


def test_partial_overlaps_become_their_union_and_touching_spans_stay_apart() -> None:
    text = "Harvard University Boston"
    merged = merge(
        [
            phrase(0, 7, text, "tagger"),
            phrase(0, 18, text, "profile", "education"),
            phrase(19, 25, text, "tagger"),
        ],
        text,
    )
    assert [(p.text, p.category, p.detectors) for p in merged] == [
        ("Harvard University", "education", ["profile", "tagger"]),
        ("Boston", "location", ["tagger"]),
    ]


def test_emoji_and_spaces_at_a_phrase_edge_are_not_part_of_it() -> None:
    text = "garba at the temple in Edison 💃\ufe0f tonight, 🎉 #navratri"
    edison = text.index("Edison")
    merged = merge(
        [
            phrase(edison, edison + len("Edison 💃\ufe0f "), text, "tagger"),
            phrase(text.index("🎉"), text.index("🎉") + 1, text, "tagger"),  # nothing else left
            phrase(text.index("#"), len(text), text, "tagger", "religion"),
        ],
        text,
    )
    assert [p.text for p in merged] == ["Edison", "#navratri"]


def test_a_list_of_conditions_or_languages_is_one_phrase() -> None:
    text = "my anxiety and depression are back; I speak Hindi, Marathi, English and Edison"
    anxiety, depression = text.index("anxiety"), text.index("depression")
    hindi, marathi, english = (text.index(w) for w in ("Hindi", "Marathi", "English"))
    edison = text.index("Edison")
    merged = merge(
        [
            phrase(anxiety, anxiety + 7, text, "tagger", "health"),
            phrase(depression, depression + 10, text, "tagger", "health"),
            phrase(hindi, hindi + 5, text, "tagger", "language"),
            phrase(marathi, marathi + 7, text, "tagger", "language"),
            phrase(english, english + 7, text, "tagger", "language"),
            phrase(edison, edison + 6, text, "tagger", "location"),  # another kind: apart
        ],
        text,
    )
    assert [p.text for p in merged] == [
        "anxiety and depression",
        "Hindi, Marathi, English",
        "Edison",
    ]


def test_decision_needs_an_author_for_places_alone() -> None:
    fact = "Tokyo is the capital of Japan"
    places = [phrase(0, 5, fact, "tagger")]
    assert decide(fact, 0.93, places) == (False, 0.49)
    mine = "I am in Tokyo"
    assert decide(mine, 0.9, [phrase(8, 13, mine, "place")]) == (True, 0.9)
    assert decide(mine, 0.9, [phrase(8, 13, mine, "tagger")])[0] is False  # lone tagger finding
    assert decide(mine, 0.9, [])[0] is False
    private, score = decide(mine, 0.2, [phrase(8, 13, mine, "location_rule", conf=0.8)])
    assert private and score == 0.8
    other = "his teacher passed away"
    assert decide(other, 0.8, [phrase(4, 11, other, "topic", "work")])[0] is True


def test_the_verdict_follows_the_phrases_whatever_the_classifier_says() -> None:
    text = "I am in Tokyo next Tuesday"
    found = [phrase(8, 13, text, "tagger"), phrase(14, 26, text, "temporal", "time")]
    private, score = decide(text, 0.05, found)
    assert private is True and score >= 0.5
    assert decide(text, 0.95, []) == (False, 0.49)


def test_handles_alone_do_not_make_a_message_private_even_merged() -> None:
    text = "=@pchere QOT is not loading here"
    handle = Phrase(
        1,
        8,
        "@pchere",
        "identity",
        "This is a social-network handle: it names an account.",
        0.95,
        ["pattern"],
    )
    merged = merge([handle, phrase(0, 8, text, "tagger", "identity")], text)
    assert decide(text, 0.3, merged)[0] is False
    email = "mail a@b.org"
    found = Phrase(
        5,
        12,
        "a@b.org",
        "contact",
        "This is an e-mail address: anyone can contact you with it.",
        0.99,
        ["pattern"],
    )
    assert (
        decide(email, 0.1, merge([found, phrase(5, 12, email, "tagger", "identity")], email))[0]
        is True
    )


def test_chunks_cover_the_analysed_prefix_at_word_boundaries() -> None:
    text = ("word " * 1000).strip()
    pieces = chunks(text, size=300, limit=2000)
    assert pieces[0][0] == 0 and pieces[-1][1] >= 1990
    assert all(a[1] == b[0] for a, b in itertools.pairwise(pieces))
    assert all(text[end - 1] == " " for _, end in pieces[:-1])


# --- acceptance examples ---------------------------------------------------------------------


def test_i_live_in_seattle_is_flagged() -> None:
    result = identify("I live in Seattle", now=NOW)
    assert result.private and result.score >= 0.5
    seattle = next(p for p in result.phrases if p.text == "Seattle")
    assert seattle.category == "location"
    assert "location_rule" in seattle.detectors
    assert seattle.reason and seattle.reason in seattle.reasons


@pytest.mark.parametrize("text", ["I'm not from California", "I want to fly out to Los Angeles"])
def test_location_rule_does_not_flag_negations_or_wishes(text: str) -> None:
    result = identify(text, now=NOW)
    assert not [p for p in result.phrases if "location_rule" in p.detectors]


def test_tokyo_is_the_capital_of_japan_is_not_private() -> None:
    result = identify("Tokyo is the capital of Japan", profile={"hometown": ["Seattle"]}, now=NOW)
    assert not result.private and result.score < 0.5
    assert result.phrases == []  # no place highlighted as private in a general fact


def test_hometown_and_university_from_the_profile() -> None:
    text = "My hometown is Tokyo. I love this city. I studied at Harvard University"
    result = identify(text, profile=PROFILE, now=NOW)
    by_text = {p.text: p for p in result.phrases}
    assert result.private
    assert "profile" in by_text["Tokyo"].detectors
    assert "profile" in by_text["Harvard University"].detectors
    assert by_text["Harvard University"].category == "education"
    assert_offsets(text, result)


def test_health_and_time_found_together() -> None:
    text = "My mom has cancer and I am at the hospital tomorrow at 10am"
    result = identify(text, now=NOW)
    categories = {p.category for p in result.phrases}
    assert result.private
    assert "health" in categories
    assert "time" in categories
    assert_offsets(text, result)


def test_result_is_json_ready() -> None:
    data = to_data(identify("Call me on 415-555-2671, I live in Boston", now=NOW))
    assert list(data) == [
        "checked", "private", "score", "language", "phrases", "warnings", "failures"
    ]  # fmt: skip
    json.dumps(data)
    assert {"start", "end", "text", "category", "detectors", "reason", "confidence"} <= set(
        data["phrases"][0]
    )


def test_result_round_trips_through_the_serializer() -> None:
    found = identify("I live in Boston, see you tomorrow at 10am \udc80", now=NOW)
    data = json.loads(json.dumps(to_data(found)))
    assert data["warnings"][0]["code"] == "unreadable_characters"
    assert data["phrases"][0]["interval"] is None or isinstance(
        data["phrases"][0]["interval"], list
    )
    again = from_data(IdentificationResult, data)
    assert again == found and again.checked is found.checked
    assert to_data(again) == data


# --- robustness ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   \n\t "])
def test_empty_text_is_not_private(text: str) -> None:
    result = identify(text)
    assert (result.private, result.score, result.phrases) == (False, 0.0, [])


def test_100kb_text_is_capped_with_a_warning_and_patterns_see_all_of_it() -> None:
    text = (
        "I went to the shops with my sister and we had a nice day. " * 1750
        + " mail me at me@example.com"
    )
    assert len(text) > 100_000
    result = identify(text, now=NOW)
    assert [w.code for w in result.warnings] == [NoticeCode.LONG_MESSAGE]
    assert "in its first 20,000 characters only" in result.warnings[0].message
    assert any(p.text == "me@example.com" for p in result.phrases)
    assert_offsets(text, result)


def test_binary_junk_and_lone_surrogates_do_not_crash() -> None:
    rng = random.Random(7)
    junk = bytes(rng.randrange(256) for _ in range(3000)).decode("latin-1") + "\ud800\udfff\x00"
    result = identify(junk)
    assert isinstance(result.private, bool)
    text = "\udc80 I live in Boston"
    result = identify(text, now=NOW)
    assert result.warnings == [Notice(NoticeCode.UNREADABLE_CHARACTERS)]
    assert to_data(result.warnings) == [
        {
            "code": "unreadable_characters",
            "params": {},
            "message": "Some characters could not be read and were replaced by \ufffd.",
        }
    ]
    assert any(p.text == "Boston" and p.start == 12 for p in result.phrases)


def test_emoji_offsets_are_python_string_indices() -> None:
    text = "😀👍🏽 I live in Seattle 🇺🇸 with my wife, mail me: a.b@example.org"
    result = identify(text, now=NOW)
    assert_offsets(text, result)
    assert {"Seattle", "a.b@example.org"} <= {p.text for p in result.phrases}


@pytest.mark.parametrize(
    "text, language",
    [
        ("أنا أعيش في القاهرة منذ عشر سنوات، راسلني على ali@example.com", "ar"),
        ("אני גר בתל אביב כבר עשר שנים ואני עובד בבנק", "he"),
        ("Je suis allé à Paris avec ma femme hier soir, écris-moi à jean@exemple.fr", "fr"),
    ],
)
def test_non_english_is_reported_and_patterns_still_run(text: str, language: str) -> None:
    result = identify(text, now=NOW)
    assert result.language == language
    assert result.warnings == [Notice(NoticeCode.NOT_ENGLISH, {"language": language})]
    assert f"not in English (detected {language!r}): only e-mail" in result.warnings[0].message
    assert all(p.detectors == ["pattern"] for p in result.phrases)
    assert_offsets(text, result)
    if "@" in text:
        assert result.private and result.phrases


def test_language_detection_keeps_slangy_english() -> None:
    assert detect_language("lol gonna c u 2morrow at da mall") == "en"
    assert detect_language("Ich wohne seit zwei Jahren in Berlin und arbeite bei Siemens") == "de"


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"text": 42}, "text must be a string"),
        ({"text": "x" * 200_001}, "too long"),
        ({"text": "hi", "profile": {"shoe_size": ["9"]}}, "unknown profile attribute"),
        ({"text": "hi", "profile": ["Tokyo"]}, "profile must be an object"),
        ({"text": "hi", "now": "next tuesday"}, "ISO 8601"),
    ],
)
def test_bad_input_gets_a_clear_value_error(kwargs: dict, message: str) -> None:
    text = kwargs.pop("text")
    with pytest.raises(ValueError, match=message):
        identify(text, **kwargs)


def test_the_most_specific_finding_gives_the_span() -> None:
    text = "I moved to Seattle"
    merged = merge([phrase(8, 18, text, "tagger"), phrase(11, 18, text, "location_rule")], text)
    assert [(p.text, p.detectors) for p in merged] == [("Seattle", ["location_rule", "tagger"])]


def _spans(text: str, *found: tuple[str, str]) -> list[Phrase]:
    phrases = []
    for words, category in found:
        start = text.index(words)
        phrases.append(phrase(start, start + len(words), text, "tagger", category))
    return phrases


def test_a_sensitive_modifier_and_its_noun_are_one_phrase() -> None:
    text = "garba at the Hindu temple tonight, then I voted for Labour"
    merged = merge(
        _spans(
            text,
            ("Hindu", "religion"),
            ("temple", "religion"),
            ("voted for", "politics"),
            ("Labour", "politics"),
        ),
        text,
    )
    assert [p.text for p in merged] == ["Hindu temple", "voted for", "Labour"]


def test_an_institution_and_the_place_it_is_in_are_one_phrase() -> None:
    text = "Gurpurab at the Gurdwara in Southall tomorrow, lunch in Ealing"
    merged = merge(
        _spans(
            text,
            ("Gurdwara", "religion"),
            ("Southall", "location"),
            ("lunch", "health"),
            ("Ealing", "location"),
        ),
        text,
    )
    assert [(p.text, str(p.category)) for p in merged] == [
        ("the Gurdwara in Southall", "religion"),
        ("lunch", "health"),
        ("Ealing", "location"),
    ]


def test_an_ordinal_before_an_occasion_joins_it() -> None:
    text = "Happy 5th anniversary my love, and a first date to remember"
    merged = merge(_spans(text, ("anniversary", "relationship"), ("date", "relationship")), text)
    assert [p.text for p in merged] == ["5th anniversary", "first date"]
