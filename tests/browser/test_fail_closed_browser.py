"""In Chromium, with the tagger broken on purpose: the live analysis says the message could not be
checked (htmx swaps the 503), review refuses and offers the explicit choice, and posting unchecked
lands on the post, marked as such."""

from __future__ import annotations

import dataclasses

import pytest
from browsing import screenshot

from osnguard.accounts.services import user_sign_up
from osnguard.privacy.identification import RECOGNIZERS, identify
from osnguard.privacy.types import Detector

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_unchecked_message_is_said_and_posted_only_by_explicit_choice(
    logged_in_page, live_server, monkeypatch, fast_password_hashing, django_user_model
):
    from osnguard.circles.models import FriendGroup, Friendship
    from osnguard.posts.models import Message

    adam = user_sign_up(username="adam_fc", password="a-long-passphrase-1", first_name="Adam")
    for group in FriendGroup.objects.filter(owner=adam):
        friend = django_user_model.objects.create_user(username=f"fcb_{group.level}", password="x")
        Friendship.objects.create(owner=adam, friend=friend, group=group)
    identify("Warm up the engine in this process.")

    def broken(context):
        raise RuntimeError("broken on purpose")

    tagger = dataclasses.replace(RECOGNIZERS[Detector.TAGGER], function=broken)
    monkeypatch.setitem(RECOGNIZERS, Detector.TAGGER, tagger)  # live_server runs in this process
    page = logged_in_page(adam)
    page.goto(f"{live_server.url}/compose/")
    page.locator("#compose-text").fill("Tokyo is the capital of Japan.")
    page.locator("#unchecked").wait_for(timeout=60_000)
    assert "could not be checked" in page.locator("#unchecked").inner_text()
    assert "personal details" in page.locator("#unchecked-reasons").inner_text()
    assert page.locator("#verdict").count() == 0

    page.get_by_role("button", name="Review versions").click()
    page.locator("#post-unchecked").wait_for(timeout=60_000)
    screenshot(page, "compose-unchecked")
    page.get_by_role("button", name="Post unchecked").click()  # without ticking the choice: refused
    page.locator("#post-unchecked-choice").wait_for(timeout=60_000)
    assert "so it was not posted" in page.content()
    assert not Message.objects.exists()

    page.locator("#post-unchecked-choice").check()
    page.get_by_role("button", name="Post unchecked").click()
    page.wait_for_url("**/posts/*/", timeout=60_000)
    assert page.locator("#posted-unchecked").is_visible()
    message = Message.objects.get(author=adam)
    assert message.posted_unchecked and set(message.versions.values_list("text", flat=True)) == {
        message.text
    }
