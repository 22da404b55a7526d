"""The proposal's anonymize(): identification -> group generalization -> one distinct version
per friend."""

from __future__ import annotations

import json

import pytest

from osnguard.privacy import cli
from osnguard.privacy.anonymization import GroupGeneralization, variants
from osnguard.privacy.fingerprinting import default_check
from osnguard.privacy.fingerprinting import versions_min_distance as version_distance
from osnguard.privacy.proposal import anonymize, pipeline
from osnguard.privacy.types import Choice, ChoiceKind, Notice, NoticeCode, Phrase, Version

DEMO = (
    "My hometown is Tokyo. My favorite food is sushi. After graduating from Tokyo University, "
    "I studied at Harvard University for three years as a computer science major."
)
PROFILE = {
    "hometown": ["Tokyo"],
    "education": ["Tokyo University", "Harvard University"],
    "work": ["student"],
}
NOW = "2024-05-01T09:00:00Z"
# A stand-in for the anonymization stage: the seed's Table 4.3 levels for the demo message.
LEVELS = {
    1: {},
    2: {"Harvard University": "a university in Cambridge"},
    3: {"Tokyo": "Japan", "Harvard University": "a university in Massachusetts"},
    4: {
        "Tokyo": "Japan",
        "Tokyo University": "a university in Japan",
        "Harvard University": "a university in the United States",
    },
    5: {"Tokyo": "Asia", "Tokyo University": "a university", "Harvard University": "a university"},
}
GROUP_NAMES = ["Family", "Best friends", "Friends", "Acquaintances", "Public"]


def table_generalizer(text, phrases, *, groups, profile, now):
    out = []
    for group in groups:
        name, level = group.name, group.level
        pieces, choices, cursor = [], [], 0
        for index, phrase in enumerate(sorted(phrases, key=lambda p: p.start)):
            new = LEVELS[level].get(phrase.text, phrase.text)
            pieces.append(text[cursor : phrase.start])
            start = sum(map(len, pieces))
            pieces.append(new)
            choices.append(
                Choice(index, "generalization", phrase.text, new, start, start + len(new))
            )
            cursor = phrase.end
        pieces.append(text[cursor:])
        out.append(
            GroupGeneralization(name, level, "".join(pieces), float(level - 1), None, choices)
        )
    return out


def demo_phrases():
    def phrase(text, category):
        start = DEMO.index(text)
        return Phrase(start, start + len(text), text, category, "profile", 1.0)

    return [
        phrase("Tokyo", "location"),
        phrase("Tokyo University", "education"),
        phrase("Harvard University", "education"),
    ]


def audience(per_group=30):
    return [
        {"name": name, "level": level, "friends": [f"{name}-{i}" for i in range(per_group)]}
        for level, name in enumerate(GROUP_NAMES, start=1)
    ]


@pytest.fixture(scope="module")
def demo_result():
    return anonymize(
        DEMO,
        profile=PROFILE,
        now=NOW,
        groups=audience(),
        generalizer=table_generalizer,
        phrases=demo_phrases(),
    )


def test_demo_gives_150_distinct_versions_at_distance_3(demo_result):
    versions = demo_result.versions
    assert len(versions) == 150
    assert len({v.text for v in versions}) == 150
    assert demo_result.min_distance >= 3
    assert version_distance(versions) == demo_result.min_distance
    assert not demo_result.warnings


def test_demo_family_most_specific_public_most_general(demo_result):
    by_name = {g.name: g for g in demo_result.groups}
    assert by_name["Family"].text == DEMO
    assert "Asia" in by_name["Public"].text and "Harvard" not in by_name["Public"].text
    losses = [by_name[name].info_loss for name in GROUP_NAMES]
    assert losses == sorted(losses)
    for version in demo_result.versions:
        group = by_name[version.group]
        generalized = {c.slot: c.text for c in group.choices}
        for choice in version.choices:
            assert version.text[choice.start : choice.end] == choice.text
            if choice.kind == "generalization":
                # the group's wording of the phrase, or another wording at the same level
                assert choice.text == generalized[choice.slot] or choice.text in variants(
                    generalized[choice.slot]
                )
        if version.group == "Public":
            assert "Tokyo" not in version.text and "Harvard" not in version.text


def test_demo_versions_are_natural(demo_result):
    check = default_check()
    for version in demo_result.versions:
        for choice in version.choices:
            if choice.kind == "synonym" and choice.text != choice.original:
                left = version.text[: choice.start].lower().split()
                right = version.text[choice.end :].lower().split()
                assert check(left, choice.original.lower(), choice.text.lower(), right)


def test_no_private_phrase_everyone_gets_the_text_unchanged():
    result = anonymize(
        "What a lovely day it is.", groups=audience(3), generalizer=table_generalizer, phrases=[]
    )
    assert {v.text for v in result.versions} == {"What a lovely day it is."}
    assert not result.private and result.capacity == 1
    assert [n.code for n in result.warnings] == [NoticeCode.NOTHING_PRIVATE]
    assert "unchanged" in result.warnings[0].message
    fingerprinted = anonymize(
        "I do not think that the weather is great, but we are going to the beach with three friends today.",
        groups=audience(3),
        generalizer=table_generalizer,
        phrases=[],
        fingerprint_all=True,
    )
    assert len({v.text for v in fingerprinted.versions}) == 15
    assert fingerprinted.warnings[0].code == NoticeCode.NOTHING_PRIVATE_FINGERPRINTED


def test_empty_audience():
    result = anonymize(DEMO, groups=[], generalizer=table_generalizer, phrases=demo_phrases())
    assert result.versions == [] and result.groups == []
    assert Notice(NoticeCode.NO_RECIPIENTS) in result.warnings
    assert "No recipients: no versions were made." in [n.message for n in result.warnings]
    result = anonymize(
        DEMO,
        groups=[{"name": "Family", "level": 1, "friends": []}],
        generalizer=table_generalizer,
        phrases=demo_phrases(),
    )
    assert result.versions == [] and result.groups[0].text == DEMO and result.min_distance is None


def test_thousand_recipients_all_distinct():
    groups = [{"name": "Everyone", "level": 1, "friends": [str(i) for i in range(1000)]}]
    result = anonymize(DEMO, groups=groups, generalizer=table_generalizer, phrases=demo_phrases())
    assert len({v.text for v in result.versions}) == 1000
    assert result.min_distance >= 1


@pytest.mark.parametrize(
    "groups, message",
    [
        ("Family", "must be a list"),
        ([{"level": 1}], "name"),
        ([{"name": "A", "level": "high"}], "level"),
        ([{"name": "A", "level": 1, "friends": "bob"}], "friends"),
        (
            [
                {"name": "A", "level": 1, "friends": ["x"]},
                {"name": "B", "level": 2, "friends": ["x"]},
            ],
            "in groups",
        ),
        ([{"name": "A", "level": 1}, {"name": "A", "level": 2}], "used twice"),
    ],
)
def test_bad_groups(groups, message):
    with pytest.raises(ValueError, match=message):
        anonymize(DEMO, groups=groups, generalizer=table_generalizer, phrases=demo_phrases())


def test_bad_text():
    with pytest.raises(ValueError, match="empty"):
        anonymize("   ", groups=[], phrases=[])
    with pytest.raises(ValueError, match="string"):
        anonymize(42, groups=[], phrases=[])  # type: ignore[arg-type]


def test_command_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(pipeline, "anonymize_groups", table_generalizer)
    monkeypatch.setattr(
        pipeline, "identify_phrases", lambda text, profile, now: (True, demo_phrases(), [])
    )
    request = tmp_path / "request.json"
    request.write_text(
        json.dumps({"text": DEMO, "profile": PROFILE, "now": NOW, "groups": audience(4)})
    )
    assert cli.main(["anonymize", "--input", str(request)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"phrases", "groups", "versions", "capacity", "min_distance", "warnings"}
    assert {"name", "level", "text", "info_loss", "k", "choices"} <= set(out["groups"][0])
    assert {"friend", "group", "text", "choices"} <= set(out["versions"][0])
    assert len({v["text"] for v in out["versions"]}) == 20


def test_command_line_bad_input(tmp_path, capsys):
    request = tmp_path / "bad.json"
    request.write_text("{not json")
    assert cli.main(["anonymize", "--input", str(request)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    request.write_text(json.dumps({"text": DEMO}))
    assert cli.main(["anonymize", "--input", str(request)]) == 2
    assert "groups" in capsys.readouterr().err


def test_real_pipeline_demo():
    """The acceptance check through the real identification and anonymization stages."""
    result = anonymize(DEMO, profile=PROFILE, now=NOW, groups=audience())
    assert result.private and result.phrases
    assert len({v.text for v in result.versions}) == 150
    assert result.min_distance >= 3
    by_level = sorted(result.groups, key=lambda g: g.level)
    assert by_level[0].info_loss <= by_level[-1].info_loss


def test_group_stays_identifiable_without_synonyms():
    """Groups with the same text get distinct realisation patterns; friends differ in synonyms."""
    text = (
        "I do not think that the weather is great. We bought a wonderful house and the kitchen is huge. "
        "Honestly, my neighbors are nice people and the doctor said three words. Maybe we should buy "
        "a new car, because the old one is broken and the students are happy. Perhaps the shop will help us."
    )

    def same_text(message, phrases, *, groups, profile, now):
        return [GroupGeneralization(g.name, g.level, message, 0.0, None, []) for g in groups]

    groups = [
        {"name": f"G{i}", "level": 1, "friends": [f"g{i}-{j}" for j in range(4)]} for i in range(3)
    ]
    result = anonymize(text, groups=groups, generalizer=same_text, phrases=[], fingerprint_all=True)
    assert len({v.text for v in result.versions}) == 12 and result.min_distance >= 3

    def pattern(version):
        # the wording, read as attribution reads it (the typographic layer styles apostrophes
        # and case inside choices too)
        return tuple(
            c.text.casefold().replace("\u2019", "'")
            for c in version.choices
            if c.kind == "realisation"
        )

    by_group = {}
    for version in result.versions:
        by_group.setdefault(version.group, set()).add(pattern(version))
    assert all(len(patterns) == 1 for patterns in by_group.values())
    assert len({next(iter(p)) for p in by_group.values()}) == 3


def test_friends_get_different_wordings_of_their_groups_generalization(demo_result):
    by_name = {g.name: g for g in demo_result.groups}
    public = by_name["Public"]
    harvard = next(c.slot for c in public.choices if c.original == "Harvard University")
    worded = {
        next(c.text for c in v.choices if c.slot == harvard)
        for v in demo_result.versions
        if v.group == "Public"
    }
    assert worded == {"a university", "a college"}  # same level, two wordings

    plain = anonymize(
        DEMO,
        profile=PROFILE,
        now=NOW,
        groups=audience(),
        generalizer=table_generalizer,
        phrases=demo_phrases(),
        wordings=False,
    )
    for version in plain.versions:
        group = {g.name: g for g in plain.groups}[version.group]
        generalized = {c.slot: c.text for c in group.choices}
        assert all(
            c.text == generalized[c.slot] for c in version.choices if c.kind == "generalization"
        )
    assert plain.groups[4].capacity < public.capacity


def test_version_distance_reads_a_missing_choice_as_the_text_as_written():
    a = Version("a", "g", "I am here.", [Choice(5, "realisation", "I am", "I am", 0, 4)])
    b = Version("b", "g", "I am here", [Choice(6, "realisation", ".", "", 9, 9)])
    c = Version("c", "g", "I'm here.", [Choice(5, "realisation", "I am", "I'm", 0, 3)])
    assert version_distance([a, b]) == 1  # only the full stop differs
    assert version_distance([a, c]) == 1
    assert version_distance([b, c]) == 2


def test_the_demo_fixture_audience_gets_150_natural_versions_at_distance_3():
    """Issue 4's acceptance on the shipped demo: Adam's profile and his 150 friends as
    fixtures/demo.json groups them (8 / 15 / 60 / 45 / 22)."""
    import json
    from pathlib import Path

    demo = json.loads((Path(__file__).resolve().parents[3] / "fixtures" / "demo.json").read_text())
    levels = {"Family": 0, "Best friends": 1, "Friends": 2, "Acquaintances": 3, "Public": 4}
    members: dict[str, list[str]] = {name: [] for name in levels}
    for friend in demo["friends"]:
        members[friend["group"]].append(friend["username"])
    groups = [
        {"name": name, "level": level, "friends": members[name]} for name, level in levels.items()
    ]
    result = anonymize(DEMO, profile=demo["owner"]["profile"], now=NOW, groups=groups)
    assert len(result.versions) == 150 and len({v.text for v in result.versions}) == 150
    assert result.min_distance >= 3 and not result.warnings
    by_level = sorted(result.groups, key=lambda g: g.level)
    assert by_level[0].text == DEMO  # Family: the most specific text
    assert [g.info_loss for g in by_level] == sorted(g.info_loss for g in by_level)
    public = by_level[-1].text
    assert "Harvard" not in public and "Tokyo" not in public
    assert all(" is Asia" not in v.text and " is Japan" not in v.text for v in result.versions)


def test_close_versions_are_a_notice_with_the_distance(monkeypatch):
    """When no group warned but two versions (of different groups) are close, the proposal says
    so with a VERSIONS_CLOSE notice carrying the distance; a group's own warning replaces it."""
    monkeypatch.setattr(pipeline, "versions_min_distance", lambda versions: 1)
    result = anonymize(
        DEMO,
        profile=PROFILE,
        now=NOW,
        groups=audience(),
        generalizer=table_generalizer,
        phrases=demo_phrases(),
    )
    assert [(n.code, n.params) for n in result.warnings] == [
        (NoticeCode.VERSIONS_CLOSE, {"distance": 1})
    ]
    assert result.warnings[0].message == (
        "Some versions differ in only 1 place(s): a leaker who edits that many words may not be "
        "identified."
    )
    crowded = anonymize(
        "My hometown is Tokyo.",
        groups=[{"name": "All", "level": 1, "friends": [f"f{i}" for i in range(40)]}],
        generalizer=table_generalizer,
        phrases=demo_phrases()[:1],
    )
    assert crowded.warnings and all(n.code != NoticeCode.VERSIONS_CLOSE for n in crowded.warnings)


def test_command_line_warnings_are_code_params_message(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(pipeline, "anonymize_groups", table_generalizer)
    monkeypatch.setattr(pipeline, "identify_phrases", lambda text, profile, now: (False, [], []))
    request = tmp_path / "request.json"
    request.write_text(json.dumps({"text": "What a lovely day it is.", "groups": audience(0)}))
    assert cli.main(["anonymize", "--input", str(request)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["warnings"] == [
        {
            "code": "nothing_private",
            "params": {},
            "message": "No private phrase was found: every friend gets the message as written "
            "(unchanged).",
        },
        {"code": "no_recipients", "params": {}, "message": "No recipients: no versions were made."},
    ]


def test_generalized_choices_are_typed_kinds(demo_result):
    kinds = {c.kind for g in demo_result.groups for c in g.choices}
    assert kinds == {ChoiceKind.GENERALIZATION}
