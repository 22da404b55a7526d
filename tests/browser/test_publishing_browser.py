"""The k-anonymous export and "How recognisable is your writing" in a real browser: the figures
before the download, the writing card loaded into the profile and refreshed in place, both at
desktop and phone widths with no axe-core violation."""

from __future__ import annotations

import pytest
from browsing import DESKTOP, PHONE, axe_violations, screenshot
from disclosures.fixtures import make_user

from osnguard.celery import app as celery_app
from osnguard.posts.models import Message, WritingExposure
from osnguard.posts.services import writing_exposure_refresh

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MINE = [
    "Took the kayak out on the estuary again, herons everywhere, paddling till sunset!!",
    "Kayak club meets Thursday in Bristol, bring your paddles and a flask of tea!!",
    "My sister is a nurse in Bristol, she says the estuary was glassy this morning!!",
    "Paddling with my brother near Cardiff, he is a teacher, great day on the water!!",
]
OTHERS = {
    "ann": ["Quarterly numbers look fine. The budget review is next week.", "Budget moved."],
    "bob": ["New recipe: lentil soup with cumin and lemon.", "The soup needed more lemon."],
    "cy": ["Anyone watching the match tonight? Great goal in the first half.", "What a match."],
}


@pytest.fixture
def author():
    user = make_user("kayaker", "Kay", "Yak")
    for text in MINE:
        Message.objects.create(author=user, text=text, audience=Message.Audience.PUBLIC)
    for name, texts in OTHERS.items():
        other = make_user(name, name.title(), "Other")
        for text in texts:
            Message.objects.create(author=other, text=text, audience=Message.Audience.PUBLIC)
    return user


def test_export_shows_the_figures_before_the_download(logged_in_page, live_server, author):
    page = logged_in_page(author)
    problems = []
    for width, height in (DESKTOP, PHONE):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/posts/export/")
        page.select_option("#id_method", "kanon")
        page.fill("#id_k", "2")
        page.click("text=Show the figures")
        page.wait_for_selector("#figures-title")
        released = page.inner_text("section[aria-labelledby=figures-title]")
        assert "posts released" in released.lower() and "Bristol" not in released
        with page.expect_download() as download:
            page.click("text=Download (JSON Lines)")
        assert download.value.suggested_filename == "osnguard-mine-posts-k2.jsonl"
        problems += [f"export at {width}px: {v}" for v in axe_violations(page)]
        screenshot(page, f"export-figures-{width}")
    assert not problems, problems


def test_writing_card_loads_into_the_profile_and_refreshes(
    logged_in_page, live_server, author, monkeypatch
):
    writing_exposure_refresh(user=author)
    page = logged_in_page(author)
    problems = []
    for width, height in (DESKTOP, PHONE):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/accounts/profile/")
        page.wait_for_selector("text=Authors compared with")
        assert "What helps" in page.inner_text("#writing")
        problems += [f"profile at {width}px: {v}" for v in axe_violations(page)]
        screenshot(page, f"profile-writing-{width}")
    WritingExposure.objects.filter(user=author).delete()
    monkeypatch.setitem(celery_app.conf, "task_always_eager", True)  # the worker, in-process
    page.goto(f"{live_server.url}/posts/writing/")
    page.click("text=Check my writing")
    page.wait_for_selector("text=Authors compared with", timeout=30_000)
    assert not problems, problems
