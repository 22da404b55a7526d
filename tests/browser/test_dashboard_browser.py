"""The disclosure dashboard and detail page in a real browser, after a real crawl found a leak."""

from __future__ import annotations

import pytest
from browsing import VIEWPORTS, screenshot, shot_name, sized
from disclosures.fixtures import make_user

from osnguard.disclosures.models import Disclosure

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", **VIEWPORTS)
def test_dashboard_names_the_leaker_and_detail_shows_evidence(
    logged_in_page, live_server, leak, viewport
):
    adam, _leaker = leak
    disclosure = Disclosure.objects.get()
    page = sized(logged_in_page(adam), viewport)
    page.goto(f"{live_server.url}/disclosures/")
    assert "Pal2 Smith" in page.locator("#by-friend").inner_text()
    assert "Friends" in page.locator("#by-group").inner_text()
    assert "Town blog" in page.locator("#top-sources").inner_text()
    assert page.locator("#timeline rect").count() == 30
    row = page.locator("#disclosure-list tbody tr")
    assert row.count() == 1 and "Pal2 Smith" in row.inner_text()
    page.wait_for_selector("#notification-badge .count")
    assert page.locator("#notification-badge .count").inner_text() == "1"
    screenshot(page, shot_name("disclosure-dashboard", viewport))

    row.locator("a").first.click()
    page.wait_for_url(f"**/disclosures/{disclosure.pk}/")
    assert "Leaked by Pal2 Smith" in page.locator("h1").inner_text()
    evidence = page.locator("#leaked-text mark.evidence").all_inner_texts()
    assert {"eventually", "wonderful", "3"} <= set(evidence)
    assert page.locator("#suspect-version mark.choice").count() == 3
    why = page.locator("#why").inner_text()
    assert "This copy matches Pal2 Smith's version in 3 places where most other friends' " in why
    for internal in ("nats", "margin", "runner-up", "fingerprint choices", str(_leaker.pk) + "'s"):
        assert internal not in why
    screenshot(page, shot_name("disclosure-detail", viewport))

    asked: list[str] = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.dismiss() if len(asked) == 1 else dialog.accept()

    page.on("dialog", answer)
    page.locator("button[value=move]").click()  # cancelled: nothing moves
    assert "Move Pal2 Smith from Friends to Acquaintances?" in asked[0]
    assert page.locator(".message.success").count() == 0
    page.locator("button[value=move]").dblclick()  # confirmed; the second click is ignored
    page.wait_for_selector(".message.success")
    assert "Pal2 Smith is now in Acquaintances" in page.locator(".messages").inner_text()
    from osnguard.circles.models import Friendship

    moved = Friendship.objects.get(owner=adam, friend=_leaker)
    assert moved.group.name == "Acquaintances"  # one level, not two
    assert Disclosure.objects.get().status == "confirmed"
    screenshot(page, shot_name("disclosure-moved-undo", viewport))
    page.locator("#undo-move button").click()
    page.wait_for_selector("text=Undone: Pal2 Smith is back in Friends")
    assert Friendship.objects.get(owner=adam, friend=_leaker).group.name == "Friends"

    # the crawl that found it links "1 matched" to the disclosure
    page.goto(f"{live_server.url}/disclosures/sources/{Disclosure.objects.get().source_id}/")
    page.get_by_role("link", name="1 matched").click()
    page.wait_for_url(f"**/disclosures/{Disclosure.objects.get().pk}/")


def test_other_users_cannot_open_the_disclosure(logged_in_page, live_server, leak):
    stranger = make_user("stranger_d")
    page = logged_in_page(stranger)
    response = page.goto(f"{live_server.url}/disclosures/{Disclosure.objects.get().pk}/")
    assert response.status == 404
    page.goto(f"{live_server.url}/disclosures/")
    assert page.locator("#no-disclosures").is_visible()
