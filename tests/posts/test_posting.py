"""Posting through the engine: every friend gets a distinct version at their group's level,
stored atomically; messages with nothing private, empty audiences, public posts, many recipients
and concurrent posts behave sensibly."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connection

from osnguard.accounts.services import user_sign_up
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.home.demo import demo_load
from osnguard.posts import selectors
from osnguard.posts.models import Fingerprint, GroupVersion, Message, Version
from osnguard.posts.services import message_post

DEMO_TEXT = (
    "My hometown is Tokyo. My favorite food is sushi. After graduating from Tokyo University, "
    "I studied at Harvard University for three years as a computer science major."
)


@pytest.mark.django_db
def test_demo_message_gives_150_distinct_versions_by_level():
    demo_load()
    adam = get_user_model().objects.get(username="adam")
    message = message_post(author=adam, text=DEMO_TEXT)
    assert message.private and message.fingerprinted
    versions = list(message.versions.select_related("group_version"))
    assert len(versions) == Friendship.objects.filter(owner=adam).count() == 150
    assert len({v.text for v in versions}) == 150
    # Distance 3 where the message's capacity allows it; the demo's 60-friend group is too big for
    # its slots, and the author is told so.
    assert message.min_distance is not None and message.min_distance >= 2
    if message.min_distance < 3:
        assert any("differ in 3 places" in w for w in message.warnings)
    assert Fingerprint.objects.filter(version__message=message).count() == 150

    groups = list(message.group_versions.order_by("level"))
    assert [g.group_name for g in groups] == [
        "Family",
        "Best friends",
        "Friends",
        "Acquaintances",
        "Public",
    ]
    losses = [g.info_loss for g in groups]
    assert losses == sorted(losses) and losses[0] < losses[-1]
    assert "Tokyo" in groups[0].text and "Harvard University" in groups[0].text
    assert "Harvard University" not in groups[-1].text and "Tokyo University" not in groups[-1].text
    for version in versions:  # each friend's text is a variant of their own group's text
        assert version.group_version.level in {g.level for g in groups}
    bob = get_user_model().objects.get(username="bob")
    feed = list(selectors.feed_for_user(user=bob))  # newest first: this message, then the
    assert {v.recipient_id for v in feed} == {bob.pk}  # demo's public posts
    assert feed[0].message_id == message.pk
    assert feed[0].text == message.versions.get(recipient=bob).text


@pytest.mark.django_db
def test_no_private_phrase_goes_out_unchanged_unless_asked(django_user_model):
    author = user_sign_up(username="plain", password="a-long-passphrase-1")
    friends = [
        django_user_model.objects.create_user(username=f"p{i}", password="x") for i in range(4)
    ]
    group = FriendGroup.objects.get(owner=author, name="Friends")
    for friend in friends:
        Friendship.objects.create(owner=author, friend=friend, group=group)
    text = "What a great match that was!"
    message = message_post(author=author, text=text)
    assert not message.private and not message.fingerprinted
    assert set(message.versions.values_list("text", flat=True)) == {text}
    fingerprinted = message_post(
        author=author,
        text="What a great match that was, the best game of the season and I do not think "
        "anyone will forget it!",
        fingerprint_all=True,
    )
    assert fingerprinted.fingerprinted
    distinct = fingerprinted.versions.values("text").distinct().count()
    assert distinct > 1
    assert distinct == 4 or any("too short" in w for w in fingerprinted.warnings)


@pytest.mark.django_db
def test_empty_audience_and_public_posts(django_user_model):
    loner = user_sign_up(username="loner", password="a-long-passphrase-1")
    message = message_post(author=loner, text="I live in Seattle and work at Boeing.")
    assert message.versions.count() == 0 and any("No recipients" in w for w in message.warnings)
    friend = django_user_model.objects.create_user(username="pf", password="x")
    Friendship.objects.create(
        owner=loner, friend=friend, group=FriendGroup.objects.get(owner=loner, name="Public")
    )
    public = message_post(
        author=loner, text="I live in Seattle and work at Boeing.", audience="public"
    )
    assert public.audience == "public" and not public.fingerprinted
    assert list(public.versions.values_list("text", flat=True)) == [
        "I live in Seattle and work at Boeing."
    ]


@pytest.mark.django_db
def test_bad_input_is_refused_and_nothing_is_stored():
    author = user_sign_up(username="bad", password="a-long-passphrase-1")
    for text in ("", "   ", "x" * 5001, "nul\x00byte"):
        with pytest.raises(ValidationError):
            message_post(author=author, text=text)
    with pytest.raises(ValidationError):
        message_post(author=author, text="hello", audience="everyone")
    assert not Message.objects.exists()


@pytest.mark.django_db
def test_failure_while_storing_leaves_nothing_half_stored(monkeypatch, django_user_model):
    author = user_sign_up(username="atomic", password="a-long-passphrase-1")
    for i in range(3):
        friend = django_user_model.objects.create_user(username=f"a{i}", password="x")
        Friendship.objects.create(
            owner=author, friend=friend, group=FriendGroup.objects.get(owner=author, name="Family")
        )

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(Fingerprint.objects, "bulk_create", broken)
    with pytest.raises(RuntimeError):
        message_post(
            author=author, text="My hometown is Tokyo and I studied at Harvard University."
        )
    assert (
        not Message.objects.exists()
        and not GroupVersion.objects.exists()
        and not Version.objects.exists()
    )


@pytest.mark.django_db
def test_a_thousand_recipients(django_user_model):
    author = user_sign_up(username="popular", password="a-long-passphrase-1")
    groups = list(FriendGroup.objects.filter(owner=author).order_by("level"))
    users = django_user_model.objects.bulk_create(
        django_user_model(username=f"fan{i}", password="!") for i in range(1000)
    )
    users = list(django_user_model.objects.filter(username__startswith="fan"))
    Friendship.objects.bulk_create(
        Friendship(owner=author, friend=u, group=groups[i % 5]) for i, u in enumerate(users)
    )
    message = message_post(author=author, text=DEMO_TEXT)
    assert message.versions.count() == 1000
    texts = list(message.versions.values_list("text", flat=True))
    distinct = len(set(texts))
    assert distinct == 1000 or any("share" in w or "too short" in w for w in message.warnings)


@pytest.mark.django_db(transaction=True)
def test_concurrent_posts_are_each_stored_whole(django_user_model):
    authors = [user_sign_up(username=f"c{i}", password="a-long-passphrase-1") for i in range(3)]
    for n, author in enumerate(authors):
        for i in range(5):
            friend = django_user_model.objects.create_user(username=f"c{n}f{i}", password="x")
            Friendship.objects.create(
                owner=author,
                friend=friend,
                group=FriendGroup.objects.get(owner=author, name="Friends"),
            )
    message_post(author=authors[0], text=DEMO_TEXT)  # load the engine before the race
    errors: list[BaseException] = []

    def post(author):
        try:
            message_post(
                author=author,
                text=f"I moved to Seattle last year and work at Boeing now, {author.username}.",
            )
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(a,)) for a in authors]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for author in authors:
        latest = Message.objects.filter(author=author).order_by("-id").first()
        assert latest.versions.count() == 5


@pytest.mark.django_db
def test_versions_carry_the_invisible_layer_unless_the_author_turns_it_off():
    from osnguard.accounts.services import profile_settings_update
    from osnguard.privacy.fingerprinting import strip_invisible

    demo_load()
    adam = get_user_model().objects.get(username="adam")
    marked = message_post(author=adam, text=DEMO_TEXT)
    texts = [v.text for v in marked.versions.all()]
    assert all(t != strip_invisible(t) for t in texts)  # every version carries a code
    assert len({strip_invisible(t) for t in texts}) > 1  # and still differs in its wording
    profile_settings_update(user=adam, invisible_fingerprint=False)
    plain = message_post(author=adam, text=DEMO_TEXT + " Still miss it.")
    assert all(v.text == strip_invisible(v.text) for v in plain.versions.all())


@pytest.mark.django_db
def test_the_author_can_keep_their_typography_exactly_as_written():
    from osnguard.accounts.services import profile_settings_update
    from osnguard.privacy.fingerprinting import typographic

    demo_load()
    adam = get_user_model().objects.get(username="adam")
    text = "can't wait for tonight 🎉 it's been years. lol"
    styled = message_post(author=adam, text=text, fingerprint_all=True)
    signatures = {str(typographic.signature(v.text)) for v in styled.versions.all()}
    assert len(signatures) > 1  # friends get their own apostrophes, spacing and capitals
    profile_settings_update(user=adam, typographic_fingerprint=False)
    kept = message_post(author=adam, text=text + " x", fingerprint_all=True)
    for version in kept.versions.all():  # every site as the author wrote it (the words may vary)
        assert all(set(styles) == {0} for styles in typographic.signature(version.text).values())
