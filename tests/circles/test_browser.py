"""The group privacy configuration in real headless Chromium: htmx edits in place, errors shown
where the user typed, reorder and moving a friend without a page reload."""

from __future__ import annotations

import pytest
from browsing import VIEWPORTS, screenshot, shot_name, sized
from factories import UserFactory, make_friends

from osnguard.circles.models import FriendGroup, Friendship

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("viewport", **VIEWPORTS)
def test_group_configuration_in_place(logged_in_page, live_server, viewport):
    owner = UserFactory(username="adam", first_name="Adam")
    bob = UserFactory(username="bob", first_name="Bob", last_name="Smith")
    friendship = make_friends(owner, bob)
    tab = sized(logged_in_page(owner), viewport)
    tab.goto(f"{live_server.url}/groups/")
    tab.wait_for_function("window.htmx !== undefined")

    # rename in place; a duplicate name shows the error in the row, without a reload
    friends = FriendGroup.objects.get(owner=owner, name="Friends")
    tab.click(f"#group-{friends.pk} a:has-text('Edit')")
    tab.fill("tbody input[name=name]", "family")
    tab.click("tbody button:has-text('Save')")
    tab.wait_for_selector("text=You already have a group called")
    tab.fill("tbody input[name=name]", "Pals")
    tab.click("tbody button:has-text('Save')")
    tab.wait_for_selector("#groups-panel strong:has-text('Pals')")
    assert FriendGroup.objects.filter(owner=owner, name="Pals").exists()
    # the saved panel replaces the panel, not the row: one table, one "New group" form
    assert tab.locator("#groups-panel table").count() == 1
    assert tab.locator("#groups-panel h2:has-text('New group')").count() == 1
    assert "Group “Pals” saved." in tab.locator("#groups-notice").inner_text()

    # reorder: move Public up one place
    public = FriendGroup.objects.get(owner=owner, name="Public")
    tab.click(f"#group-{public.pk} button[title='Move closer']")
    tab.wait_for_function(
        "() => [...document.querySelectorAll('#groups-panel tbody strong')].map(e => e.textContent).join(',')"
        " === 'Family,Best friends,Pals,Public,Acquaintances'"
    )
    # the move says which levels changed (only the two groups that traded places)
    notice = tab.locator("#groups-notice").inner_text()
    assert "Public is now level 3 (was 4)" in notice and "Acquaintances is now level 4" in notice

    # move a friend with the select on the friends page
    tab.goto(f"{live_server.url}/friends/")
    tab.select_option(f"#friend-{friendship.pk} select", label="Family (level 0)")
    tab.wait_for_selector(f"#friend-{friendship.pk} >> text=moved")
    assert Friendship.objects.get(pk=friendship.pk).group.name == "Family"
    screenshot(tab, shot_name("circles-friends", viewport))
