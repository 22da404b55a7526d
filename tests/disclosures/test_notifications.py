"""Notifications as people expect them: titles that say what happened, opening one marks it
read, e-mails with plain and HTML parts and a direct link, a daily digest instead of one e-mail
per leak, friend requests in the bell, and development mail written to var/mail/."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core import mail

from disclosures.fixtures import befriend, make_user, post_fingerprinted, realise
from osnguard.circles.services import friend_request_send
from osnguard.disclosures.models import CandidateDocument, Disclosure, Notification
from osnguard.disclosures.notifications import (
    notification_for_disclosure,
    notification_preference_set,
    notification_send_digests,
)

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def leak_of():
    adam = make_user("adam_n", "Adam", "Notify")
    adam.email = "adam@example.org"
    adam.save()
    friends = [make_user(f"npal{i}", f"Npal{i}", "Smith") for i in range(6)]
    for friend in friends:
        befriend(adam, friend)
    message = post_fingerprinted(adam, friends)

    def leak(n: int, **fields) -> Disclosure:
        text, _ = realise((2, 0, 1))
        document = CandidateDocument.objects.create(
            url=f"https://www.townblog.example/post/{n}", text=text, content_hash=f"n{n}"
        )
        return Disclosure.objects.create(
            owner=adam, message=message, document=document, source_url=document.url,
            excerpt=text, score=0.9, margin=9.0, **fields,
        )  # fmt: skip

    return adam, friends, leak


def test_title_says_whose_copy_appeared_where_and_the_mail_links_to_it(settings, leak_of):
    settings.SITE_URL = "https://osnguard.example"
    _adam, friends, leak = leak_of
    notification = notification_for_disclosure(
        disclosure=leak(1, verdict="friend", suspect=friends[2])
    )
    assert notification.title == "Npal2 Smith's copy of your post appeared on townblog.example"
    group = notification_for_disclosure(
        disclosure=leak(2, verdict="group", suspect_group="Friends")
    )
    assert group.title == "Someone in Friends shared your post on townblog.example"
    assert len(mail.outbox) == 2
    sent = mail.outbox[0]
    link = f"https://osnguard.example/disclosures/notifications/{notification.pk}/"
    assert sent.subject == notification.title and sent.to == ["adam@example.org"]
    assert link in sent.body and "notification settings" in sent.body
    html, kind = sent.alternatives[0]
    assert kind == "text/html" and f'href="{link}"' in html


def test_opening_a_notification_marks_it_read_and_shows_what_it_is_about(client, leak_of):
    adam, friends, leak = leak_of
    disclosure = leak(1, verdict="friend", suspect=friends[2])
    notification = notification_for_disclosure(disclosure=disclosure)
    client.force_login(adam)
    assert client.get("/disclosures/notifications/badge/").content.count(b">1<") == 1
    response = client.get(f"/disclosures/notifications/{notification.pk}/")
    assert response.status_code == 302 and response["Location"] == f"/disclosures/{disclosure.pk}/"
    notification.refresh_from_db()
    assert notification.read_at is not None
    client.force_login(friends[0])  # someone else's notification does not exist for them
    assert client.get(f"/disclosures/notifications/{notification.pk}/").status_code == 404


def test_daily_digest_replaces_one_mail_per_leak(leak_of):
    adam, friends, leak = leak_of
    notification_preference_set(
        user=adam, kind=Notification.Kind.DISCLOSURE, in_app=True, email=True, email_digest=True
    )
    for n in (1, 2, 3):
        notification_for_disclosure(disclosure=leak(n, verdict="friend", suspect=friends[n]))
    assert mail.outbox == []
    assert notification_send_digests() == 1
    assert len(mail.outbox) == 1 and "3 things happened" in mail.outbox[0].subject
    for n in (1, 2, 3):
        assert f"Npal{n} Smith's copy" in mail.outbox[0].body
    assert not Notification.objects.filter(emailed_at__isnull=True).exists()
    assert notification_send_digests() == 0  # nothing new: no empty digest


def test_friend_requests_ring_the_bell_and_are_answered_from_home(client, leak_of):
    adam, _friends, _leak = leak_of
    nora = make_user("nora_n", "Nora", "Newman")
    request = friend_request_send(from_user=nora, to_user=adam)
    client.force_login(adam)
    badge = client.get("/disclosures/notifications/badge/").content.decode()
    assert "1 friend request" in badge and '<span class="count">1</span>' in badge
    page = client.get("/disclosures/notifications/").content.decode()
    assert "Nora Newman" in page and "Accept" in page and "Decline" in page
    home = client.get("/").content.decode()
    assert f"/friends/requests/{request.pk}/accept/" in home
    answered = client.post(f"/friends/requests/{request.pk}/accept/", {"next": "/"})
    assert answered.status_code == 302 and answered["Location"] == "/"
    assert 'class="count"' not in client.get("/disclosures/notifications/badge/").content.decode()


def test_settings_say_which_address_is_used_and_are_linked_from_the_profile(client, leak_of):
    adam, _friends, _leak = leak_of
    client.force_login(adam)
    assert (
        "E-mails go to <strong>adam@example.org</strong>"
        in client.get("/disclosures/notifications/settings/").content.decode()
    )
    assert (
        "/disclosures/notifications/settings/" in client.get("/accounts/profile/").content.decode()
    )


def test_development_mail_is_written_to_var_mail(tmp_path):
    environment = {**os.environ, "OSNGUARD_VAR_DIR": str(tmp_path)}
    for name in ("DJANGO_ENV", "EMAIL_BACKEND", "EMAIL_FILE_PATH"):
        environment.pop(name, None)
    result = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "shell", "-c",
         "from django.conf import settings; print(settings.EMAIL_BACKEND, settings.EMAIL_FILE_PATH)"],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    backend, folder = result.stdout.strip().splitlines()[-1].split()
    assert backend == "django.core.mail.backends.filebased.EmailBackend"
    assert folder == str(tmp_path / "mail")
