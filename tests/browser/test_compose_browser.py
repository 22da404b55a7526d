"""Typing in the compose page highlights private phrases with their reasons, live."""

from __future__ import annotations

import time

import pytest
from browsing import VIEWPORTS, screenshot, sized

from osnguard.accounts.services import profile_update, user_sign_up
from osnguard.privacy.fingerprinting import strip_invisible
from osnguard.privacy.identification import identify

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_typing_highlights_private_phrases_with_reasons(
    logged_in_page, live_server, fast_password_hashing
):
    user = user_sign_up(username="adam_b", password="a-long-passphrase-1", first_name="Adam")
    profile_update(
        user=user, attributes={"hometown": ["Tokyo"], "education": ["Harvard University"]}
    )
    identify(
        "Warm up the engine in this process: live_server shares it.",
        profile={"hometown": ["Tokyo"]},
    )
    page = logged_in_page(user)
    page.goto(f"{live_server.url}/compose/")
    page.locator("#analysis-empty").wait_for()
    page.locator("#compose-text").press_sequentially(
        "My hometown is Tokyo. I live in Seattle and I studied at Harvard University. Mail me at adam@example.org",
        delay=5,
    )
    page.locator("#phrase-list").wait_for(timeout=60_000)
    page.wait_for_function(  # updates arrive while typing: wait for the whole text's analysis
        "() => [...document.querySelectorAll('#highlighted mark.phrase')]"
        ".some(m => m.innerText.includes('adam@example.org'))",
        timeout=60_000,
    )
    highlighted = page.locator("#highlighted mark.phrase").all_inner_texts()
    joined = " ".join(highlighted)
    for expected in ("Tokyo", "Seattle", "Harvard University", "adam@example.org"):
        assert expected in joined
    assert "Private message" in page.locator("#verdict").inner_text()
    mark = page.locator("#highlighted mark.phrase", has_text="adam@example.org").first
    mark.focus()
    reason = mark.locator(".reason")
    assert reason.is_visible() and reason.inner_text().strip()
    screenshot(page, "compose-highlights")

    page.locator("#compose-text").fill("Tokyo is the capital of Japan.")
    page.wait_for_function(
        "() => document.querySelector('#verdict') && "
        "document.querySelector('#verdict').innerText.includes('Nothing private')",
        timeout=60_000,
    )


def test_review_edit_and_post_then_each_friend_sees_only_their_version(
    logged_in_page, live_server, fast_password_hashing, django_user_model
):
    from osnguard.circles.models import FriendGroup, Friendship
    from osnguard.posts.models import Message

    adam = user_sign_up(username="adam_r", password="a-long-passphrase-1", first_name="Adam")
    profile_update(
        user=adam, attributes={"hometown": ["Tokyo"], "education": ["Harvard University"]}
    )
    friends = {}
    for group in FriendGroup.objects.filter(owner=adam).order_by("level"):
        friend = django_user_model.objects.create_user(username=f"r_{group.level}", password="x")
        Friendship.objects.create(owner=adam, friend=friend, group=group)
        friends[group.name] = friend
    identify("Warm up the engine in this process.", profile={"hometown": ["Tokyo"]})
    page = logged_in_page(adam)
    page.goto(f"{live_server.url}/compose/")
    page.locator("#compose-text").fill(
        "My hometown is Tokyo and I studied at Harvard University for three years."
    )
    page.get_by_role("button", name="Review versions").click()
    page.locator("#review-panel").wait_for(timeout=120_000)
    cards = page.locator("article.group-version")
    assert cards.count() == 5
    public = page.locator("article.group-version[data-group='Public']")
    assert "Harvard University" not in public.locator(".generalized").inner_text()
    screenshot(page, "compose-review")

    public.locator("summary", has_text="Customize Public").click()
    public.locator("summary", has_text="Edit").click()
    public.locator("textarea").fill("My hometown is in Asia and I went to a university there.")
    page.get_by_role("button", name="Update versions").click()
    page.wait_for_function(
        "() => document.querySelector(\"article[data-group='Public'] .generalized\")"
        ".innerText.includes('went to a university there')",
        timeout=120_000,
    )
    page.locator("#post-button").click()
    page.wait_for_url("**/posts/*/", timeout=120_000)
    message = Message.objects.get(author=adam)
    assert page.locator("#original").inner_text() == message.text
    public_version = message.versions.get(recipient=friends["Public"])
    assert "went to a university there" in strip_invisible(public_version.text)
    assert message.versions.count() == 5


@pytest.mark.parametrize("viewport", **VIEWPORTS)
def test_highlights_keep_up_during_steady_typing(
    logged_in_page, live_server, fast_password_hashing, viewport
):
    """While the user types without pausing, the analysis runs about once a second (not only
    after the last key), superseded requests are cancelled, and the final text is analysed."""
    user = user_sign_up(username="typist", password="a-long-passphrase-1", first_name="Tia")
    identify("Warm up the engine in this process.", profile={})
    page = sized(logged_in_page(user), viewport)
    sent: list[float] = []
    page.on(
        "request",
        lambda request: (
            sent.append(time.monotonic()) if "/compose/analyze/" in request.url else None
        ),
    )
    page.goto(f"{live_server.url}/compose/")
    page.locator("#analysis-empty").wait_for()
    sent.clear()
    started = time.monotonic()
    text = "Moving to Tokyo next week, then my new job at Google starts on the first of May."
    page.locator("#compose-text").press_sequentially(text, delay=60)  # about 5 s, no pause
    typing = time.monotonic() - started
    during = [t for t in sent if t - started < typing - 0.5]
    assert len(during) >= int(typing) - 1, (typing, len(during))  # about once a second
    # not on every key (80 keys): about once a second, and once more if the typing stalled
    assert len(during) <= 2 * typing + 2, (typing, len(during))
    page.wait_for_function(
        "() => [...document.querySelectorAll('#highlighted mark.phrase')]"
        ".some(m => m.innerText.includes('May'))",
        timeout=60_000,
    )
    assert "Tokyo" in " ".join(page.locator("#highlighted mark.phrase").all_inner_texts())
