"""Chromium loads the main pages under the Content-Security-Policy with no violation, and htmx
still works on compose (it needs no eval and no inline styles)."""

from __future__ import annotations

import pytest
from factories import UserFactory, make_friends

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Collects violations from the page itself; init scripts are injected by the browser, not the page.
COLLECT = (
    "window.__cspViolations = [];"
    "document.addEventListener('securitypolicyviolation', e => "
    "window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));"
)


def watch(page) -> list[str]:
    console: list[str] = []
    page.on(
        "console",
        lambda message: (
            console.append(message.text)
            if message.type == "error" or "Content Security Policy" in message.text
            else None
        ),
    )
    page.add_init_script(COLLECT)
    return console


def test_main_pages_load_with_no_violation(logged_in_page, live_server, user):
    friendship = make_friends(user, UserFactory())
    page = logged_in_page(user)
    console = watch(page)
    pages = [
        "/",
        "/feed/",
        "/posts/",
        "/friends/",
        f"/friends/{friendship.pk}/",
        "/friends/requests/",
        "/groups/",
        "/accounts/profile/",
        "/accounts/password/",
        "/disclosures/",
        "/disclosures/sources/",
        "/disclosures/notifications/",
        "/disclosures/notifications/settings/",
        "/api/docs/",
    ]
    for url in pages:
        response = page.goto(live_server.url + url)
        assert response.status == 200, url
        assert "script-src 'self'" in response.headers["content-security-policy"], url
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__cspViolations") == [], url
    # The API reference lists the endpoints under the same policy.
    page.goto(live_server.url + "/api/docs/")
    page.locator(".api-operation").first.wait_for(timeout=30_000)
    assert page.evaluate("window.__cspViolations") == []
    assert [line for line in console if "Content Security Policy" in line] == []
    # The profile's completeness bar got its width from the static script (data-width).
    page.goto(live_server.url + "/accounts/profile/")
    assert page.locator(".progress > span").first.evaluate("el => el.style.width").endswith("%")


def test_htmx_works_on_compose_under_the_policy(logged_in_page, live_server, user):
    page = logged_in_page(user)
    console = watch(page)
    page.goto(live_server.url + "/compose/")
    page.locator("#analysis-empty").wait_for(
        timeout=60_000
    )  # the load-triggered htmx request came back
    page.locator("#compose-text").fill("I had lunch today.")
    page.wait_for_function("() => document.querySelector('#verdict') !== null", timeout=60_000)
    assert page.evaluate("window.__cspViolations") == []
    assert [line for line in console if "Content Security Policy" in line] == []


def test_anonymous_pages_load_with_no_violation(browser, live_server):
    context = browser.new_context()
    page = context.new_page()
    console = watch(page)
    for url in ("/accounts/login/", "/accounts/signup/", "/api/docs/"):
        assert page.goto(live_server.url + url).status == 200, url
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__cspViolations") == [], url
    assert [line for line in console if "Content Security Policy" in line] == []
    context.close()
