"""The leak simulation on a small sample: attacks do what they say, versions are a proper
fingerprint code, and attribution names verbatim leakers and accuses no one on non-leaks."""

from __future__ import annotations

import random
import re

import pytest

from bench import leak_attacks as la
from bench.leaks import simulate, table

TEXT = (
    "My brother finally started his new job at the hospital in Leeds, and he says the night "
    "shifts are exhausting but the team is wonderful."
)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.lower())


@pytest.fixture(scope="module")
def groups():
    return la.make_groups()


@pytest.fixture(scope="module")
def versions(groups):
    found = la.synonym_versions(TEXT, groups, random.Random(0))
    assert found is not None
    return found


def test_groups_split_150_recipients_in_5(groups):
    assert [len(g["friends"]) for g in groups] == [30] * 5
    assert len({f for g in groups for f in g["friends"]}) == 150


def test_split_is_deterministic_and_covers_both_sides():
    texts = [f"message number {i}" for i in range(200)]
    assert [la.split_of(t) for t in texts] == [la.split_of(t) for t in texts]
    assert {la.split_of(t) for t in texts} == {"train", "test"}


def test_synonym_versions_form_a_code(versions):
    assert len(versions) == 150 and len({v.text for v in versions}) == 150
    for version in versions:
        for choice in version.choices:
            assert version.text[choice.start : choice.end] == choice.text
    codes = [[c.text for c in v.choices if c.kind == "synonym"] for v in versions]
    nearest = min(
        sum(a != b for a, b in zip(x, y)) for i, x in enumerate(codes) for y in codes[i + 1 :]
    )
    assert nearest >= 3
    by_group: dict[str, set] = {}
    for version in versions:  # one generalization shared inside a group
        by_group.setdefault(version.group, set()).update(
            c.text for c in version.choices if c.kind == "generalization"
        )
    assert all(len(found) <= 1 for found in by_group.values())


def test_attacks_do_what_they_say():
    rng = random.Random(1)
    assert la.verbatim(TEXT, rng) == TEXT
    assert TEXT in la.commentary(TEXT, rng)
    dropped = la.drop_minor(TEXT, rng)
    assert len(words(dropped)) < len(words(TEXT))
    assert set(words(TEXT)) - set(words(dropped)) <= la.MINOR
    reordered = words(la.reorder(TEXT, rng))
    assert set(words(TEXT)) - set(reordered) <= {"and", "but"} and set(reordered) <= set(
        words(TEXT)
    )
    assert la.reorder(TEXT, rng) != TEXT
    quote = la.partial_quote(TEXT, rng)
    assert quote in TEXT and 0.45 <= len(quote.split()) / len(TEXT.split()) <= 0.75
    swapped = la.swap_synonyms(TEXT, rng)
    changed = sum(a != b for a, b in zip(words(TEXT), words(swapped)))
    assert 1 <= changed <= 2 or len(words(swapped)) != len(words(TEXT))


def test_simulation_on_a_small_sample(versions):
    message = la.Message(
        "t1", TEXT, "test", same_topic="The hospital in Leeds is hiring night nurses this winter."
    )
    other = la.Message(
        "t2", "Great match yesterday, the striker scored twice before half time.", "test"
    )
    outcomes = simulate(
        [
            (message, versions, "synonyms"),
            (other, la.public_versions(other.text, la.make_groups()), "public"),
        ],
        seed=0,
        detector=None,
    )
    first = {o.case: o for o in outcomes[: len(la.ATTACKS)]}
    for case in ("verbatim", "commentary", "minor words dropped"):
        assert (
            first[case].result.verdict == "friend"
            and first[case].result.friend == first[case].leaker
        )
    # Leaks of a message everybody received identically, and all non-leaks: nobody is named.
    second = outcomes[len(la.ATTACKS) + 3 :]
    assert all(o.result.verdict not in ("friend", "group") for o in second)
    non_leaks = [o for o in outcomes if not o.leak]
    assert {o.case for o in non_leaks} == {"unrelated text", "same topic", "public post reposted"}
    assert all(o.result.verdict not in ("friend", "group") for o in non_leaks)
    report = table(outcomes)
    assert "| verbatim |" in report and "false accusations: 0 of" in report


@pytest.fixture(scope="module")
def demo():
    from bench.leaks import demo_message

    _, found, _ = demo_message()
    return found


def test_partial_quotes_of_the_demo_accuse_no_wrong_friend(demo):
    """Every friend's version cut after each comma or full stop: a cut quote may be undetermined
    or a group, never another friend (a wording shared by two slots, or cut short inside a
    longer one, is no evidence)."""
    from osnguard.privacy.attribution import Verdict, attribute, prepare

    prepared = prepare(demo)
    for version in demo:
        cuts = [m.end() for m in re.finditer(r"[,.]", version.text)][:-1]
        for cut in cuts:
            result = attribute(prepared, version.text[:cut], lexical_only=True)
            assert not (result.verdict == Verdict.FRIEND and result.friend != version.friend), (
                version.text[:cut]
            )
