"""robots.txt: Protego's rules (wildcards, `$`, the longest match, our own user-agent group), the
answers without usable rules (4xx allows, 5xx defers), and the cache per origin."""

from __future__ import annotations

import pytest

from osnguard.disclosures.crawler.guard import AddressPolicy
from osnguard.disclosures.crawler.http import FetchError, GuardedClient
from osnguard.disclosures.crawler.robots import AGENT_TOKEN, RobotsCache

from .localserver import LocalServer, send

LOCAL = AddressPolicy.from_strings(["127.0.0.0/8"])


def serve_robots(server: LocalServer, text: str, status: int = 200) -> None:
    server.routes["/robots.txt"] = lambda r: send(r, status, text.encode(), "text/plain")


def robots_for(server: LocalServer, text: str) -> RobotsCache:
    serve_robots(server, text)
    return RobotsCache(GuardedClient(policy=LOCAL))


def test_the_agent_token_is_the_product_name():
    assert AGENT_TOKEN == "osnguard-crawler"


def test_robots_disallow_is_honoured(server):
    robots = robots_for(server, "User-agent: *\nDisallow: /private\n")
    assert robots.allowed(server.url("/public/page"))
    assert not robots.allowed(server.url("/private/page"))


def test_a_wildcard_and_an_end_anchor(server):
    robots = robots_for(server, "User-agent: *\nDisallow: /*.pdf$\n")
    assert not robots.allowed(server.url("/report.pdf"))
    assert not robots.allowed(server.url("/files/2024/report.pdf"))
    assert robots.allowed(server.url("/report.pdf.html"))  # `$`: only at the end
    assert robots.allowed(server.url("/report.pdf?page=2"))
    assert robots.allowed(server.url("/files/"))


def test_a_trailing_wildcard_is_a_prefix(server):
    robots = robots_for(server, "User-agent: *\nDisallow: /private*\n")
    assert not robots.allowed(server.url("/private"))
    assert not robots.allowed(server.url("/private-notes/today"))
    assert robots.allowed(server.url("/public/private"))


def test_the_longest_matching_rule_wins_and_allow_wins_a_tie(server):
    robots = robots_for(
        server,
        "User-agent: *\nDisallow: /docs/\nAllow: /docs/public/\nAllow: /page\nDisallow: /page\n",
    )
    assert robots.allowed(server.url("/docs/public/guide"))
    assert not robots.allowed(server.url("/docs/internal/guide"))
    assert robots.allowed(server.url("/page"))


def test_wildcards_inside_an_allow(server):
    robots = robots_for(server, "User-agent: *\nDisallow: /feeds/\nAllow: /feeds/*.xml$\n")
    assert robots.allowed(server.url("/feeds/news.xml"))
    assert not robots.allowed(server.url("/feeds/news.json"))


def test_our_own_group_overrides_the_star_group(server):
    robots = robots_for(
        server,
        "User-agent: *\nDisallow: /\n\nUser-agent: osnguard-crawler\nDisallow: /drafts/\n",
    )
    assert robots.allowed(server.url("/posts/1"))
    assert not robots.allowed(server.url("/drafts/1"))
    other = robots_for(server, "User-agent: otherbot\nDisallow: /\n")
    assert other.allowed(server.url("/posts/1"))


def test_missing_robots_allows_and_broken_robots_defers(server):
    robots = RobotsCache(GuardedClient(policy=LOCAL))
    assert robots.allowed(server.url("/anything"))  # 404 robots.txt
    other = LocalServer().start()
    try:
        other.routes["/robots.txt"] = lambda r: send(r, 503, b"down")
        with pytest.raises(FetchError) as info:
            RobotsCache(GuardedClient(policy=LOCAL)).allowed(other.url("/x"))
        assert info.value.transient
    finally:
        other.stop()


def test_a_forbidden_robots_txt_allows_like_a_missing_one(server):
    serve_robots(server, "User-agent: *\nDisallow: /\n", status=403)
    assert RobotsCache(GuardedClient(policy=LOCAL)).allowed(server.url("/page"))


def test_rules_are_cached_per_origin_until_they_expire(server):
    serve_robots(server, "User-agent: *\nDisallow: /private\n")
    robots = RobotsCache(GuardedClient(policy=LOCAL))
    assert robots.allowed(server.url("/a")) and not robots.allowed(server.url("/private/b"))
    assert server.hits.count("/robots.txt") == 1
    expiring = RobotsCache(GuardedClient(policy=LOCAL), ttl_seconds=0)
    expiring.allowed(server.url("/a"))
    expiring.allowed(server.url("/b"))
    assert server.hits.count("/robots.txt") == 3


def test_an_unavailable_robots_txt_is_asked_again_next_time(server):
    serve_robots(server, "down", status=503)
    robots = RobotsCache(GuardedClient(policy=LOCAL))
    with pytest.raises(FetchError):
        robots.allowed(server.url("/a"))
    serve_robots(server, "User-agent: *\nDisallow:\n")
    assert robots.allowed(server.url("/a"))
