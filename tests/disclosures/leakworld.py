"""A posted message and public places that leak it, for the end-to-end and fault tests.

Adam posts the demo message through the real posting flow (identification, generalization,
fingerprints); local servers on 127.0.0.1 then publish some friends' versions, with the
commentary leakers add, beside unrelated texts. (How attribution fares under heavier edits is
measured by bench/leaks.py.)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from celery import Celery
from django.contrib.auth import get_user_model
from django.test import override_settings
from workers import filesystem_broker_options

from osnguard.accounts.services import profile_update, user_sign_up
from osnguard.circles.models import FriendGroup, Friendship
from osnguard.disclosures import services
from osnguard.disclosures.models import CrawlJob, Source
from osnguard.posts.models import Message, Version
from osnguard.posts.services import message_post

from .localserver import LocalServer, send

DEMO_TEXT = (
    "My hometown is Tokyo. My favorite food is sushi. After graduating from Tokyo University, "
    "I studied at Harvard University for three years as a computer science major."
)
UNRELATED = [
    "Harvard University opened a new computer science building this spring, the university said.",
    "Sushi restaurants in Tokyo are getting more expensive, according to a survey of diners.",
]


@dataclass
class LeakWorld:
    adam: object
    message: Message
    leakers: dict[str, object] = field(
        default_factory=dict
    )  # place -> the friend whose version leaked
    sources: list[Source] = field(default_factory=list)


def build_world(server: LocalServer, *, friends_per_group: int = 3) -> LeakWorld:
    User = get_user_model()
    adam = user_sign_up(
        username="adam", password="a-long-passphrase-1", first_name="Adam", last_name="Ebert"
    )
    profile_update(
        user=adam,
        attributes={
            "hometown": ["Tokyo"],
            "education": ["Tokyo University", "Harvard University"],
            "work": ["student"],
        },
    )
    for group in FriendGroup.objects.filter(owner=adam).order_by("level"):
        for i in range(friends_per_group):
            friend = User.objects.create_user(
                username=f"{group.name.lower().replace(' ', '')}{i}", password="x"
            )
            Friendship.objects.create(owner=adam, friend=friend, group=group)
    message = message_post(author=adam, text=DEMO_TEXT)
    versions = {
        v.group_version.group_name: [] for v in message.versions.select_related("group_version")
    }
    for v in message.versions.select_related("group_version", "recipient").order_by("id"):
        versions[v.group_version.group_name].append(v)
    feed_leak: Version = versions["Public"][1]
    page_leak: Version = versions["Acquaintances"][0]
    toot_leak: Version = versions["Friends"][2]
    world = LeakWorld(
        adam,
        message,
        {"feed": feed_leak.recipient, "page": page_leak.recipient, "mastodon": toot_leak.recipient},
    )

    forum_post = f"Adam posted this to his friends: {page_leak.text} Make of it what you will."
    items = [f"Can you believe what Adam wrote? “{feed_leak.text}” Unbelievable.", UNRELATED[0]]
    feed = "".join(
        f"<item><title>Post {i}</title><link>http://blog.test/{i}</link><guid>g{i}</guid>"
        f"<description>{text}</description></item>"
        for i, text in enumerate(items)
    )
    server.routes["/feed.xml"] = lambda r: send(
        r,
        200,
        f'<?xml version="1.0"?><rss version="2.0"><channel><title>b</title>{feed}</channel></rss>'.encode(),
        "application/rss+xml",
    )
    server.routes["/leak.html"] = lambda r: send(
        r,
        200,
        f"<html><head><title>Forum</title></head><body><article><p>{forum_post}</p></article></body></html>".encode(),
    )
    server.routes["/news.html"] = lambda r: send(
        r, 200, f"<html><body><article><p>{UNRELATED[1]}</p></article></body></html>".encode()
    )
    statuses = [
        {
            "id": "1",
            "url": "http://social.test/@x/1",
            "content": f"<p>lol {toot_leak.text} #gossip</p>",
        },
        {
            "id": "2",
            "url": "http://social.test/@y/2",
            "content": "<p>Lovely weather in Kyoto today.</p>",
        },
    ]
    server.routes["/api/v1/timelines/public"] = lambda r: send(
        r, 200, json.dumps(statuses).encode(), "application/json"
    )
    with override_settings(CRAWLER_ALLOWED_NETWORKS=["127.0.0.0/8"]):  # as the workers are started
        world.sources = [
            services.source_create(
                owner=adam, name="Gossip blog", kind="feed", url=server.url("/feed.xml")
            ),
            services.source_create(
                owner=adam, name="Forum thread", kind="page", url=server.url("/leak.html")
            ),
            services.source_create(
                owner=adam, name="News", kind="page", url=server.url("/news.html")
            ),
            services.source_create(
                owner=adam, name="Social", kind="mastodon_public", url=server.url("/")
            ),
        ]
    return world


def sender_for(broker: str, *, var_dir=None) -> Celery:
    """A Celery client that sends into the same broker as the worker under test."""
    if broker == "filesystem":
        app = Celery("test-sender", broker="filesystem://")
        app.conf.broker_transport_options = filesystem_broker_options(var_dir)
        return app
    return Celery("test-sender", broker=broker)


def send_crawls(sender: Celery, sources: list[Source]) -> list[CrawlJob]:
    jobs = [CrawlJob.objects.create(source=source) for source in sources]
    for job in jobs:
        sender.send_task("osnguard.disclosures.tasks.crawl_source", args=[job.pk], queue="crawl")
    return jobs


def all_finished(jobs: list[CrawlJob]) -> bool:
    return (
        not CrawlJob.objects.filter(pk__in=[j.pk for j in jobs])
        .exclude(status__in=[CrawlJob.Status.DONE, CrawlJob.Status.FAILED])
        .exists()
    )
