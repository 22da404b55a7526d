"""Every app page on a desktop and on phones: real navigation, nothing wider than the screen, and
no accessibility violation that axe-core (npm, pinned in package-lock.json) can find."""

from __future__ import annotations

import json

import pytest
from browsing import DESKTOP, PHONE, axe_violations, screenshot
from disclosures.fixtures import make_user

from osnguard.circles.models import FriendGroup, Friendship
from osnguard.circles.services import friend_request_send
from osnguard.disclosures.models import Disclosure, Source
from osnguard.posts.models import Message

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SMALL_PHONE = (360, 740)


def overflow(page) -> int:
    """How many CSS pixels the page is wider than the window (0 when it fits)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


@pytest.fixture
def world(leak):
    """Adam's post leaked (conftest.leak); he also has a friend request waiting."""
    adam, leaker = leak
    friend_request_send(from_user=make_user("newcomer", "Nora", "Newman"), to_user=adam)
    return adam, leaker


def app_pages(adam) -> dict[str, str]:
    friendship = Friendship.objects.filter(owner=adam).first()
    group = FriendGroup.objects.filter(owner=adam).first()
    return {
        "home": "/",
        "compose": "/compose/",
        "feed": "/feed/",
        "my-posts": "/posts/",
        "message": f"/posts/{Message.objects.get(author=adam).pk}/",
        "export": "/posts/export/?method=simple",
        "friends": "/friends/",
        "friend": f"/friends/{friendship.pk}/",
        "requests": "/friends/requests/",
        "groups": "/groups/",
        "group": f"/groups/{group.pk}/",
        "group-edit": f"/groups/{group.pk}/edit/",
        "group-delete": f"/groups/{group.pk}/delete/",
        "disclosures": "/disclosures/",
        "disclosure": f"/disclosures/{Disclosure.objects.get().pk}/",
        "sources": "/disclosures/sources/",
        "source": f"/disclosures/sources/{Source.objects.get(owner=adam).pk}/",
        "notifications": "/disclosures/notifications/",
        "notification-settings": "/disclosures/notifications/settings/",
        "profile": "/accounts/profile/",
        "password": "/accounts/password/",
        "not-found": "/no-such-page/",
        "api-reference": "/api/docs/",
    }


def test_every_page_fits_phones_and_passes_axe(browser, logged_in_page, live_server, world):
    adam, _ = world
    page = logged_in_page(adam)
    problems = []
    for width, height in (DESKTOP, PHONE, SMALL_PHONE):
        page.set_viewport_size({"width": width, "height": height})
        for name, path in app_pages(adam).items():
            page.goto(f"{live_server.url}{path}")
            page.wait_for_load_state("networkidle")
            if (extra := overflow(page)) > 0:
                problems.append(f"{name} at {width}px: {extra}px wider than the screen")
            if (width, height) != SMALL_PHONE:
                for violation in axe_violations(page):
                    problems.append(f"{name} at {width}px: {json.dumps(violation)[:600]}")
            if name in {"home", "disclosure", "groups", "friends"}:
                screenshot(page, f"page-{name}-{width}")
    assert not problems, "\n".join(problems)


def test_logged_out_pages_fit_and_pass_axe(browser, live_server, db):
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    page = context.new_page()
    problems = []
    for width, height in (DESKTOP, PHONE):
        page.set_viewport_size({"width": width, "height": height})
        for path in ("/accounts/login/", "/accounts/signup/", "/no-such-page/", "/api/docs/"):
            page.goto(f"{live_server.url}{path}")
            if (extra := overflow(page)) > 0:
                problems.append(f"{path} at {width}px: {extra}px wider than the screen")
            problems += [f"{path} at {width}px: {v}" for v in axe_violations(page)]
    context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_main_menu_reaches_every_section_on_any_screen(
    browser, logged_in_page, live_server, world, viewport
):
    adam, _ = world
    page = logged_in_page(adam)
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    page.goto(f"{live_server.url}/")
    menu = page.get_by_role("navigation", name="Main")
    for label, path in (
        ("Compose", "/compose/"),
        ("Feed", "/feed/"),
        ("Friends", "/friends/"),
        ("Groups", "/groups/"),
        ("Disclosures", "/disclosures/"),
        ("Home", "/"),
    ):
        if label == "Home" and viewport == PHONE:
            continue
        link = menu.get_by_role("link", name=label, exact=True)
        assert link.is_visible(), f"{label} is not visible at {viewport[0]}px"
        link.click()
        page.wait_for_url(f"{live_server.url}{path}")
        assert menu.get_by_role("link", name=label, exact=True).get_attribute("aria-current") == (
            "page"
        )
    if viewport == PHONE:
        page.get_by_role(
            "link", name="osnguard home"
        ).click()  # the tab bar leaves Home to the brand
        page.wait_for_url(f"{live_server.url}/")
        box = menu.bounding_box()
        assert box and box["y"] + box["height"] <= viewport[1] + 1  # a tab bar on the screen
        screenshot(page, "phone-tab-bar")


def test_skip_link_moves_focus_to_the_content(browser, logged_in_page, live_server, world):
    adam, _ = world
    page = logged_in_page(adam)
    page.goto(f"{live_server.url}/friends/")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to content")
    assert skip.is_visible() and skip.evaluate("el => el === document.activeElement")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
