"""The compose review: per-group choices of each private phrase's option, readings of ambiguous
phrases, rejected fingerprint synonyms and free edits, applied identically when proposing and
posting, with clear errors for stale or bad choices."""

from __future__ import annotations

from datetime import UTC

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.dateparse import parse_datetime

from osnguard.accounts.services import profile_settings_update, profile_update, user_sign_up
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.posts.services import message_post, message_propose
from osnguard.privacy.serialization import to_data

TEXT = "I am at Tokyo station at 10am with my sister. We studied the old maps for hours."
NOW = "2026-11-22T05:00:00+00:00"


@pytest.fixture
def author(db):
    author = user_sign_up(username="rita", password="a-long-passphrase-1")
    profile_update(user=author, attributes={"current_city": ["Tokyo"]}, replace=False)
    users = get_user_model()
    for group in FriendGroup.objects.filter(owner=author):
        for i in range(2):
            friend = users.objects.create_user(
                username=f"{group.name.replace(' ', '')}{i}", password="x"
            )
            Friendship.objects.create(owner=author, friend=friend, group=group)
    return author


def _now():
    return parse_datetime(NOW)


KEYS = {"tokyo": "8:13", "time": "22:29", "sister": "38:44"}


def _group(proposal, name):
    return next(g for g in proposal.result.groups if g.name == name)


def _versions(proposal, name):
    return [v for v in proposal.result.versions if v.group == name]


def _removal(author) -> int:
    """The degree of "remove it" for the time phrase, read from a proposal (not hard-coded: the
    number of vaguer wordings before it depends on the review's date)."""
    phrase = next(
        p
        for p in message_propose(author=author, text=TEXT, now=_now()).phrases
        if p.key == KEYS["time"]
    )
    return next(o.degree for o in phrase.options if o.kind == "suppression")


def test_default_review_lists_each_phrase_options_per_group(author):
    proposal = message_propose(author=author, text=TEXT, now=_now())
    data = proposal.to_dict()
    assert [p.key for p in proposal.phrases] == list(KEYS.values())
    family = next(g for g in data["groups"] if g["name"] == "Family")
    assert [c["key"] for c in family["phrase_choices"]] == list(KEYS.values())
    time = next(c for c in family["phrase_choices"] if c["key"] == KEYS["time"])
    assert time["options"][0]["text"] == "at 10am" and time["options"][-1]["kind"] == "suppression"
    assert all(
        {"degree", "text", "info_loss", "k", "natural", "available"} <= set(o)
        for o in time["options"]
    )
    # the preselected degree is what the group's text uses; InfoLoss grows with the level
    losses = [g["info_loss"] for g in data["groups"]]
    assert losses == sorted(losses)
    assert data["review"]["digest"] and parse_datetime(data["review"]["now"]) == _now()
    assert any(r["key"] == KEYS["tokyo"] and len(r["options"]) > 1 for r in data["readings"])


def test_choices_are_applied_per_group(author):
    proposal = message_propose(
        author=author,
        text=TEXT,
        now=_now(),
        choices={"Friends": {KEYS["tokyo"]: 1, KEYS["time"]: 1}, "Public": {KEYS["tokyo"]: 0}},
    )
    friends = _group(proposal, "Friends")
    assert (
        "Japan" in friends.text and "Tokyo" not in friends.text and "in the morning" in friends.text
    )
    assert proposal.groups["Friends"].degrees[KEYS["tokyo"]] == 1
    assert all("Japan" in v.text and "Tokyo" not in v.text for v in _versions(proposal, "Friends"))
    assert "Tokyo" in _group(proposal, "Family").text  # other groups keep their default
    # Public now sees the place more precisely than the closer groups: allowed, but said
    assert any(w.startswith("Public") and "more precisely" in w for w in proposal.warnings)


def test_suppression_removes_the_time_phrase_and_keep_restores_it(author):
    proposal = message_propose(
        author=author,
        text=TEXT,
        now=_now(),
        choices={"Best friends": {KEYS["time"]: _removal(author)}, "Public": {KEYS["time"]: 0}},
    )
    best = _group(proposal, "Best friends")
    first_sentence = best.text.split(".")[0]
    assert "10am" not in first_sentence
    assert " at with " not in first_sentence and not first_sentence.endswith(" at")  # no stray "at"
    assert all("10am" not in v.text for v in _versions(proposal, "Best friends"))
    assert "at 10am" in _group(proposal, "Public").text  # "keep" for the most private group
    assert any("Public" in w and "more precisely" in w for w in proposal.warnings)


def test_reading_changes_the_generalization(author):
    profile_update(user=author, attributes={"education": ["Harvard University"]}, replace=False)
    text = "I am in Cambridge at 10am with my sister."
    default = message_propose(
        author=author, text=text, now=_now(), choices={"Friends": {"8:17": 1}}
    )
    assert "Massachusetts" in _group(default, "Friends").text
    england = message_propose(
        author=author,
        text=text,
        now=_now(),
        choices={"Friends": {"8:17": 1}},
        readings={"8:17": "city:2653941"},
    )
    assert "England" in _group(england, "Friends").text
    assert (
        next(r for r in england.to_dict()["readings"] if r["key"] == "8:17")["reading"]
        == "city:2653941"
    )
    with pytest.raises(ValidationError, match="no reading"):
        message_propose(author=author, text=text, now=_now(), readings={"8:17": "city:0"})


def test_rejected_synonym_is_never_used(author):
    before = message_propose(author=author, text=TEXT, now=_now())
    pairs = [(o, a) for g in before.groups.values() for o, alts in g.synonyms for a in alts]
    assert pairs, "the message should have a fingerprint synonym in some group"
    rejected = [list(pairs[0])]
    after = message_propose(author=author, text=TEXT, now=_now(), rejected_synonyms=rejected)
    word, synonym = pairs[0]
    for version in after.result.versions:
        assert not any(
            c.original.lower() == word.lower() and c.text.lower() == synonym.lower()
            for c in version.choices
        )
        assert synonym.lower() not in version.text.lower()
    assert after.to_dict()["rejected_synonyms"] == [[word.lower(), synonym.lower()]]
    assert any("capacity may be lower" in w for w in after.warnings)


def test_an_edit_replaces_that_groups_choices(author):
    edited = "I am at the station with my family today. We studied the old maps for hours."
    proposal = message_propose(
        author=author,
        text=TEXT,
        now=_now(),
        group_texts={"Friends": edited},
        choices={"Friends": {KEYS["tokyo"]: 2}},
    )
    assert _group(proposal, "Friends").text == edited
    assert proposal.groups["Friends"].edited and "Asia" in proposal.groups["Friends"].generated_text
    assert len({v.text for v in _versions(proposal, "Friends")}) == 2  # still distinct
    # an edit equal to the generated text is no edit
    same = message_propose(
        author=author,
        text=TEXT,
        now=_now(),
        group_texts={"Family": _group(proposal, "Family").text},
    )
    assert not same.groups["Family"].edited


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"choices": {"Nobody": {"8:13": 1}}}, "Unknown group"),
        ({"choices": {"Friends": {"9:13": 1}}}, "changed since the review"),
        ({"choices": {"Friends": {"8:13x": 1}}}, "not a phrase key"),
        ({"choices": {"Friends": {"500:510": 1}}}, "outside the message"),
        ({"choices": {"Friends": {"8:13": 99}}}, "options 0..3"),
        ({"choices": {"Friends": {"8:13": -1}}}, "options 0..3"),
        ({"choices": {"Friends": {"8:13": "one"}}}, "whole number"),
        ({"choices": {"Friends": {"8:13": True}}}, "whole number"),
        ({"choices": ["Friends"]}, "Choices must look like"),
        ({"readings": {"0:1": "city:1850147"}}, "changed since the review"),
        ({"readings": {"8:13": 5}}, "Readings must look like"),
        ({"rejected_synonyms": [["studied"]]}, "pairs"),
        ({"rejected_synonyms": "studied"}, "pairs"),
        ({"group_texts": {"Nobody": "hi"}}, "Unknown group"),
    ],
)
def test_bad_review_fields_are_clear_errors(author, kwargs, message):
    with pytest.raises(ValidationError) as caught:
        message_propose(author=author, text=TEXT, now=_now(), **kwargs)
    assert message in " ".join(caught.value.messages)


def test_the_stored_message_is_the_reviewed_proposal(author):
    review = {
        "choices": {
            "Friends": {KEYS["tokyo"]: 1},
            "Best friends": {KEYS["time"]: _removal(author)},
        },
        "group_texts": {
            "Acquaintances": "I am out with family in Japan. We studied the old maps for hours."
        },
    }
    proposal = message_propose(author=author, text=TEXT, now=_now(), **review)
    pairs = [(o, a) for o, alts in proposal.groups["Friends"].synonyms for a in alts][:1]
    proposal = message_propose(
        author=author, text=TEXT, now=_now(), rejected_synonyms=pairs, **review
    )
    message = message_post(
        author=author,
        text=TEXT,
        rejected_synonyms=pairs,
        reviewed_at=proposal.now.isoformat(),
        digest=proposal.digest,
        now=_now(),
        **review,
    )
    assert {g.group_name: g.text for g in message.group_versions.all()} == {
        g.name: g.text for g in proposal.result.groups
    }
    assert {v.recipient_id: v.text for v in message.versions.all()} == {
        int(v.friend): v.text for v in proposal.result.versions
    }
    stale = dict(review, choices={"Friends": {KEYS["tokyo"]: 2}})
    with pytest.raises(ValidationError, match="changed since you reviewed"):
        message_post(
            author=author,
            text=TEXT,
            reviewed_at=proposal.now.isoformat(),
            digest=proposal.digest,
            now=_now(),
            rejected_synonyms=pairs,
            **stale,
        )


def test_posting_what_was_reviewed_runs_the_engine_once(author, monkeypatch):
    from osnguard.posts import services

    calls = []
    real = services.anonymize
    monkeypatch.setattr(services, "anonymize", lambda *a, **k: calls.append(1) or real(*a, **k))
    review = {"choices": {"Friends": {KEYS["tokyo"]: 1}}}
    proposal = message_propose(author=author, text=TEXT, now=_now(), **review)
    assert len(calls) == 1
    message = message_post(
        author=author,
        text=TEXT,
        reviewed_at=proposal.now.isoformat(),
        digest=proposal.digest,
        now=_now(),
        **review,
    )
    assert len(calls) == 1  # the reviewed proposal was stored as it was, not computed again
    assert {v.recipient_id: v.text for v in message.versions.all()} == {
        int(v.friend): v.text for v in proposal.result.versions
    }
    # anything the versions depend on computes afresh: another choice, or a new friend
    message_propose(
        author=author, text=TEXT, now=_now(), reviewed_at=proposal.now.isoformat(), **review
    )
    assert len(calls) == 1
    message_propose(author=author, text=TEXT, now=_now(), reviewed_at=proposal.now.isoformat())
    assert len(calls) == 2
    group = FriendGroup.objects.filter(owner=author).first()
    newcomer = get_user_model().objects.create_user(username="newcomer", password="x")
    Friendship.objects.create(owner=author, friend=newcomer, group=group)
    fresh = message_propose(
        author=author, text=TEXT, now=_now(), reviewed_at=proposal.now.isoformat(), **review
    )
    assert len(calls) == 3 and str(newcomer.pk) in {v.friend for v in fresh.result.versions}


def test_old_or_future_reviews_must_be_updated(author):
    from datetime import timedelta

    with pytest.raises(ValidationError, match="more than an hour old"):
        message_post(
            author=author,
            text=TEXT,
            now=_now(),
            reviewed_at=(_now() - timedelta(hours=2)).isoformat(),
        )
    with pytest.raises(ValidationError, match="in the future"):
        message_post(
            author=author,
            text=TEXT,
            now=_now(),
            reviewed_at=(_now() + timedelta(hours=2)).isoformat(),
        )
    with pytest.raises(ValidationError, match="not a date"):
        message_post(author=author, text=TEXT, now=_now(), reviewed_at="yesterday")


def test_fingerprint_every_message_setting_is_the_default(author):
    plain = "What a great match that was, honestly the best game of the season!"
    assert not message_post(author=author, text=plain).fingerprinted
    profile_settings_update(user=author, fingerprint_all=True)
    assert message_propose(author=author, text=plain).fingerprint_all
    assert message_post(author=author, text=plain).fingerprinted
    assert not message_post(
        author=author, text=plain, fingerprint_all=False
    ).fingerprinted  # the request wins


def test_an_edit_that_names_a_hidden_phrase_is_flagged(author):
    leaky = "I am at Tokyo station this morning with my sibling. We studied the old maps for hours."
    proposal = message_propose(author=author, text=TEXT, now=_now(), group_texts={"Public": leaky})
    assert any("Public" in w and "“Tokyo”" in w for w in proposal.warnings)
    careful = "I am at a station this morning with family. We studied the old maps for hours."
    proposal = message_propose(
        author=author, text=TEXT, now=_now(), group_texts={"Public": careful}
    )
    assert not any("would hide" in w for w in proposal.warnings)


def test_time_phrases_are_read_on_the_servers_local_clock(author, settings):
    """00:30 on a Saturday in London is still Friday in UTC: "today" is the local Saturday."""
    from datetime import datetime

    from osnguard.posts.services import message_analyze

    settings.TIME_ZONE = "Europe/London"
    late = datetime(2027, 7, 2, 23, 30, tzinfo=UTC)
    found = message_analyze(author=author, text="We are at the beach today.", now=late)
    today = next(to_data(p) for p in found.phrases if p.category == "time")
    assert today["interval"] == ["2027-07-03T00:00:00+01:00", "2027-07-03T23:59:59+01:00"]
    proposal = message_propose(author=author, text="We are at the beach today.", now=late)
    assert (
        proposal.now == late and proposal.to_dict()["review"]["now"] == "2027-07-03T00:30:00+01:00"
    )
    # posting with the review's time (sent back in any offset) reads the phrase the same way
    message = message_post(
        author=author,
        text="We are at the beach today.",
        now=late,
        digest=proposal.digest,
        reviewed_at=late.isoformat(),
    )
    assert message.group_versions.count() == 5
