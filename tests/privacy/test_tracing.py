"""Tracing across leaks (attribution/tracing.py) and `osnguard trace`."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from osnguard.privacy.attribution import trace
from osnguard.privacy.attribution.tracing import TRACE_CHANCE, TRACE_MARGIN, leak_support
from osnguard.privacy.types import Version

FRIENDS = [f"f{i}" for i in range(8)]
WORDS = [("big", "huge"), ("quick", "fast"), ("happy", "glad")]


def message(n: int, pairs: list[set[str]]) -> list[Version]:
    """A message whose versions differ in one word: the friends in each set share a wording."""
    versions = []
    for k, pair in enumerate(pairs):
        for friend in sorted(pair):
            versions.append(
                Version(
                    friend,
                    "g",
                    f"Message {n}: we had a {WORDS[n][0]} day at the lake number {k}",
                    [],
                )
            )
    return versions


def bare(messages: dict, friend: str, n: int) -> str:
    return next(v.text for v in messages[n] if v.friend == friend)


@pytest.fixture
def messages() -> dict[int, list[Version]]:
    # f0 shares its version with f1 in message 0, with f2 in message 1, with f3 in message 2
    return {
        0: message(0, [{"f0", "f1"}, {"f2", "f3"}, {"f4", "f5"}, {"f6", "f7"}]),
        1: message(1, [{"f0", "f2"}, {"f1", "f3"}, {"f4", "f6"}, {"f5", "f7"}]),
        2: message(2, [{"f0", "f3"}, {"f1", "f2"}, {"f4", "f7"}, {"f5", "f6"}]),
    }


def test_the_leaker_gathers_support_that_no_co_recipient_keeps(messages) -> None:
    leaks = [bare(messages, "f0", n) for n in range(3)]
    found = trace(messages, leaks, lexical_only=True)
    assert [r.message for r in found.results] == [0, 1, 2]
    top = found.suspects[0]
    assert top.friend == "f0" and top.leaks == [0, 1, 2]
    assert all(s.score < top.score for s in found.suspects[1:])
    # three leaks, each splitting between two friends of eight, is still short of a name
    assert found.named is None and found.margin < TRACE_MARGIN


def test_no_leak_counts_against_anyone_and_non_leaks_support_no_one(messages) -> None:
    found = trace(
        messages, ["the weather is nice today", bare(messages, "f5", 0)], lexical_only=True
    )
    assert found.results[0].message is None
    assert {s.friend for s in found.suspects} == {"f4", "f5"}
    assert all(s.score >= 0 for s in found.suspects) and found.named is None


def test_a_friend_verdict_counts_fully() -> None:
    from osnguard.privacy.attribution import Attribution, Verdict

    named = Attribution(True, 1.0, "bob", "g", 9.0, verdict=Verdict.FRIEND)
    assert leak_support(named, 150) == {"bob": pytest.approx(5.01, abs=0.01)}
    assert leak_support(named, 1) == {}


def test_bad_input_is_a_clear_error(messages) -> None:
    with pytest.raises(ValueError, match="no messages"):
        trace({}, ["x"])
    with pytest.raises(ValueError, match="list of at most"):
        trace(messages, "a leak")  # type: ignore[arg-type]


def run_cli(payload: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "osnguard.privacy", "trace", "--lexical-only"],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_command_prints_one_result_per_leak_and_the_suspects(messages) -> None:
    from osnguard.privacy.serialization import to_data

    payload = {
        "messages": [{"id": f"m{n}", "versions": to_data(v)} for n, v in messages.items()],
        "leaks": [{"text": bare(messages, "f0", n)} for n in range(3)] + [{"text": "hello"}],
    }
    done = run_cli(payload)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert [r["message"] for r in out["results"]] == ["m0", "m1", "m2", None]
    assert out["suspects"][0] == {
        "friend": "f0",
        "score": out["suspects"][0]["score"],
        "leaks": [0, 1, 2],
    }
    assert out["named"] is None and "explanation" in out


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ([], "JSON object"),
        ({"messages": [], "leaks": []}, "non-empty list"),
        ({"messages": [{"id": 1}], "leaks": []}, 'needs "versions"'),
        ({"messages": [{"id": 1, "versions": []}], "leaks": [{"text": 3}]}, 'needs a "text"'),
        (
            {"messages": [{"id": 1, "versions": []}, {"id": 1, "versions": []}], "leaks": []},
            "twice",
        ),
    ],
)
def test_the_command_explains_bad_input(payload: object, message: str) -> None:
    done = run_cli(payload)
    assert done.returncode == 2 and message in done.stderr


def test_the_coincidence_chance_is_how_often_an_innocent_friend_reaches_the_score() -> None:
    from osnguard.privacy.attribution import LeakSupport, coincidence

    six = {f"f{i}": "g" for i in range(6)}
    # each leak points at two recipients of six (posterior 1/2 each, log 3 nats); one of them
    # leaked it, so an innocent friend holds the other one's version: one of the five others
    two_in_six = LeakSupport({"f0": math.log(3), "f1": math.log(3)}, six)
    assert coincidence(3 * math.log(3), [two_in_six] * 3) == pytest.approx(6 * 0.2**3)
    assert coincidence(2 * math.log(3), [two_in_six] * 3) == pytest.approx(
        6 * (3 * 0.2**2 * 0.8 + 0.2**3)  # two leaks of three or more
    )
    assert coincidence(0.0, [two_in_six]) == 1.0  # capped: anyone reaches nothing
    # a leak that surely came from one recipient: no innocent friend holds that version
    assert coincidence(4.5, [LeakSupport({"f0": math.log(6)}, six)] * 3) == 0.0
    # a leak that points at half the recipients makes sharing it cheap: two of the five others
    halves = LeakSupport(dict.fromkeys(("f0", "f1", "f2"), math.log(2)), six)
    assert coincidence(3 * math.log(2), [halves] * 3) == pytest.approx(6 * 0.4**3)


def test_friends_are_compared_with_their_own_group() -> None:
    """A leak's support falls on the leaker's group (its wording), in every post: an innocent
    friend of that group shares it far more often than a friend drawn from everyone."""
    from osnguard.privacy.attribution import LeakSupport, coincidence

    groups = {**{f"a{i}": "A" for i in range(3)}, **{f"b{i}": "B" for i in range(27)}}
    leak = LeakSupport({"a0": math.log(15), "a1": math.log(15)}, groups)  # 1/2 each
    by_group = coincidence(3 * math.log(15), [leak] * 3)
    # only group A can reach it: its innocent friend holds a0's or a1's version half the time
    assert by_group == pytest.approx(3 * 0.5**3)
    everyone = dict.fromkeys(groups, "all")
    assert coincidence(3 * math.log(15), [LeakSupport(leak.support, everyone)] * 3) < by_group


def test_a_friend_another_friend_beats_in_one_of_their_leaks_is_not_named() -> None:
    """Three friends leak one post each; an innocent who shared a wording with each of them
    gathers the most support, but in one leak the friend who leaked it is clearly first."""
    from osnguard.privacy.attribution import LeakSupport, is_named, outdone

    everyone = {f"f{i}": "g" for i in range(150)}
    leaks = [
        LeakSupport({"f1": 4.0, "f9": 3.3}, everyone),
        LeakSupport({"f2": 3.4, "f9": 3.3}, everyone),
        LeakSupport({"f3": 3.3, "f9": 3.3}, everyone),
    ]
    assert outdone("f9", leaks) == 1  # 0.1 behind f2 is a tie; 0.7 behind f1 is not
    assert is_named(5.9, 3, False, 0.0005, 0) and not is_named(5.9, 3, False, 0.0005, 1)
    # one leak that named the friend on its own still names them
    assert is_named(5.9, 1, True, 1.0, 1)
    # a sum an innocent friend reaches too often by coincidence names nobody
    assert not is_named(5.9, 3, False, 2 * TRACE_CHANCE, 0)
