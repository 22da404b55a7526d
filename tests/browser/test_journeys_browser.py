"""Journeys of issue 17 on a desktop and a phone: notifications (the bell, opening one, answering
a friend request from the home card) and robust edges (an ended session says so and keeps the
draft, a friendly 404, the favicon)."""

from __future__ import annotations

import pytest
from browsing import VIEWPORTS, screenshot, shot_name, sized
from disclosures.fixtures import make_user

from osnguard.circles.models import Friendship
from osnguard.circles.services import friend_request_send
from osnguard.disclosures.models import Disclosure, Notification

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", **VIEWPORTS)
def test_bell_opens_the_leak_and_a_request_is_answered_from_home(
    logged_in_page, live_server, leak, viewport
):
    adam, leaker = leak
    nora = make_user("nora_j", "Nora", "Newman")
    friend_request_send(from_user=nora, to_user=adam)
    page = sized(logged_in_page(adam), viewport)
    page.goto(f"{live_server.url}/")
    bell = page.locator("#notification-badge")
    bell.locator(".count").wait_for()
    assert bell.locator(".count").inner_text() == "2"  # the leak and the friend request
    assert "1 unread, 1 friend request" in bell.get_attribute("aria-label")
    bell.click()
    page.wait_for_url("**/disclosures/notifications/")
    title = f"{leaker.get_full_name()}'s copy of your post appeared on"
    assert "Nora Newman" in page.locator("#bell-requests").inner_text()
    screenshot(page, shot_name("notifications", viewport))
    page.get_by_role("link", name=title).click()  # opening it marks it read
    page.wait_for_url(f"**/disclosures/{Disclosure.objects.get().pk}/")
    assert Notification.objects.get(user=adam).read_at is not None

    page.goto(f"{live_server.url}/")
    card = page.locator("[id^=home-request-]")
    card.get_by_role("combobox").select_option(label="Best friends")
    card.get_by_role("button", name="Accept").click()
    page.wait_for_selector("text=You are now friends with Nora Newman")
    assert Friendship.objects.get(owner=adam, friend=nora).group.name == "Best friends"
    assert page.locator("#notification-badge .count").count() == 0


@pytest.mark.parametrize("viewport", **VIEWPORTS)
def test_ended_session_is_said_and_the_draft_is_kept(
    logged_in_page, live_server, fast_password_hashing, viewport
):
    user = make_user("sam_j", "Sam", "Session")
    page = sized(logged_in_page(user), viewport)
    page.goto(f"{live_server.url}/compose/")
    page.locator("#analysis-empty").wait_for()
    page.context.clear_cookies()  # the session ends (expired, or logged out in another tab)
    page.locator("#compose-text").fill("Dinner at Nobu tonight with my sister")
    banner = page.locator("#request-banner")
    banner.wait_for(timeout=30_000)
    assert "Your session has ended" in banner.inner_text()
    link = banner.get_by_role("link", name="Log in again")
    assert "/accounts/login/?next=%2Fcompose%2F" in link.get_attribute("href")
    screenshot(page, shot_name("session-ended", viewport))
    link.click()  # log in again in the same tab: back on compose with the draft
    page.fill("input[name=username]", "sam_j")
    page.fill("input[name=password]", "a-long-passphrase-1")
    page.locator("main button[type=submit]").click()
    page.wait_for_url("**/compose/")
    assert page.locator("#compose-text").input_value() == "Dinner at Nobu tonight with my sister"


@pytest.mark.parametrize("viewport", **VIEWPORTS)
def test_friendly_404_and_favicon(browser, live_server, db, viewport):
    context = browser.new_context()
    page = sized(context.new_page(), viewport)
    missing = page.goto(f"{live_server.url}/no-such-page/")
    assert missing.status == 404 and "Not found" in page.locator("h1").inner_text()
    assert "URLconf" not in page.content()
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert page.request.get(f"{live_server.url}{icon}").status == 200
    assert page.request.get(f"{live_server.url}/favicon.ico").ok
    context.close()


@pytest.mark.parametrize("viewport", **VIEWPORTS)
def test_a_user_without_friends_is_sent_to_find_some(
    logged_in_page, live_server, fast_password_hashing, viewport
):
    from osnguard.privacy.identification import identify

    identify("Warm up the engine in this process.", profile={})
    loner = make_user("lone_j", "Lee", "Lone")
    page = sized(logged_in_page(loner), viewport)
    page.goto(f"{live_server.url}/compose/")
    page.locator("#compose-text").fill("Off to Lisbon on Friday with my sister")
    page.get_by_role("button", name="Review versions").click()
    guide = page.locator("#no-friends")
    guide.wait_for(timeout=120_000)
    assert "no friends on osnguard yet" in guide.inner_text()
    assert page.get_by_role("button", name="Post to 0 friends").count() == 0
    guide.get_by_role("link", name="Find people you know").click()
    page.wait_for_url("**/friends/requests/")
