"""Leaks of several messages add up per friend on the disclosures dashboard (issue 15)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from osnguard.disclosures.detection import disclosure_record
from osnguard.disclosures.models import CandidateDocument, Disclosure
from osnguard.disclosures.selectors import suspicion_across_leaks
from osnguard.privacy.attribution import Attribution, Suspect
from osnguard.privacy.attribution.tracing import TRACE_CHANCE

from .fixtures import befriend, make_user, post_fingerprinted

pytestmark = pytest.mark.django_db


def leak(owner, friends, n: int, ranking: list[tuple[str, float]]) -> Disclosure:
    """A disclosure of a new message whose ranking gives these posteriors."""
    message = post_fingerprinted(owner, friends)
    document = CandidateDocument.objects.create(
        url=f"http://copies.example/{n}", text=f"copy {n}", content_hash=str(n).ljust(64, "x")
    )
    suspects = [Suspect(f, "Friends", 0.0, p, 0, 0) for f, p in ranking]
    result = Attribution(True, 0.9, None, None, 0.0, [], suspects, verdict="undetermined")
    return disclosure_record(message=message, document=document, result=result)


def test_leaks_that_each_point_to_two_friends_name_the_one_they_share(client) -> None:
    adam = make_user("adam_across", "Adam", "A")
    friends = [make_user(f"across{i}", f"Friend{i}", "A") for i in range(6)]
    for friend in friends:
        befriend(adam, friend)
    bob, others = friends[0], friends[1:]
    for n in range(5):  # each leak splits between Bob and another friend of six
        leak(adam, friends, n, [(str(bob.pk), 0.5), (str(others[n].pk), 0.5)])
    summary = suspicion_across_leaks(owner=adam)
    assert summary.suspects[0].friend == bob and len(summary.suspects[0].disclosure_ids) == 5
    # one of the two leaked each copy; an innocent friend holds the other one's version with a
    # chance of 1/5 per leak: 6 / 5^5 (0.19%) would lead by coincidence, just rare enough
    assert summary.chance == pytest.approx(6 / 5**5, rel=0.01) and summary.chance <= TRACE_CHANCE
    assert summary.named is not None and summary.named.friend == bob
    for n in range(5, 7):
        leak(adam, friends, n, [(str(bob.pk), 0.5), (str(others[n % 5].pk), 0.5)])
    summary = suspicion_across_leaks(owner=adam)
    assert summary.named is not None and summary.named.friend == bob
    client.force_login(adam)
    page = client.get(reverse("disclosures:dashboard")).content.decode()
    assert 'id="across-leaks"' in page and "7 leaks of your posts point to Friend0 A" in page


def test_one_leak_or_a_dismissed_one_names_nobody(client) -> None:
    adam = make_user("adam_once", "Adam", "O")
    friends = [make_user(f"once{i}") for i in range(6)]
    for friend in friends:
        befriend(adam, friend)
    first = leak(adam, friends, 10, [(str(friends[0].pk), 0.9)])
    assert suspicion_across_leaks(owner=adam).named is None  # one leak is not enough alone
    second = leak(adam, friends, 11, [(str(friends[0].pk), 0.9)])
    # two leaks each pointing at one friend of six (log 5.4 nats each): short of the margin
    summary = suspicion_across_leaks(owner=adam)
    assert summary.named is None and summary.margin == pytest.approx(3.4, abs=0.05)
    third = leak(adam, friends, 12, [(str(friends[0].pk), 0.9)])
    # three: no innocent friend holds the version that was leaked, and none shares its wording
    summary = suspicion_across_leaks(owner=adam)
    assert summary.named is not None and summary.chance < 0.001
    Disclosure.objects.filter(pk=third.pk).update(status=Disclosure.Status.DISMISSED)
    summary = suspicion_across_leaks(owner=adam)
    assert summary.named is None
    assert sorted(summary.suspects[0].disclosure_ids) == sorted([first.pk, second.pk])
    client.force_login(adam)
    page = client.get(reverse("disclosures:dashboard")).content.decode()
    assert "Too little evidence to name anyone yet" in page


def test_the_detail_page_says_when_the_typography_was_read(client) -> None:
    adam = make_user("adam_typo", "Adam", "T")
    friends = [make_user(f"typo{i}") for i in range(6)]
    for friend in friends:
        befriend(adam, friend)
    message = post_fingerprinted(adam, friends)
    document = CandidateDocument.objects.create(
        url="http://copies.example/typo", text="copy", content_hash="t".ljust(64, "x")
    )
    suspects = [Suspect(str(f.pk), "Friends", 0.0, 1 / 6, 0, 0) for f in friends]
    result = Attribution(True, 0.9, None, None, 0.0, [], suspects, verdict="undetermined")
    result.layers = ["typographic", "linguistic"]
    disclosure = disclosure_record(message=message, document=document, result=result)
    client.force_login(adam)
    page = client.get(reverse("disclosures:detail", args=[disclosure.pk])).content.decode()
    assert 'id="through-typography"' in page and 'id="through-invisible"' not in page
