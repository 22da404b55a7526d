"""Script in crawled links (issue 11, finding 1): a feed <link> or a Mastodon status URL of
`javascript:` or `data:` (in any case, behind white space or control characters) is never stored
and never rendered as a clickable link; every external link goes through `{% external_link %}`."""

from __future__ import annotations

import json
import re
from html import escape

import pytest
from django.template import Context, Template

from osnguard.core.links import http_url, safe_href
from osnguard.disclosures import services
from osnguard.disclosures.crawler.extract import extract_documents
from osnguard.disclosures.crawler.http import FetchResult
from osnguard.disclosures.crawling import crawl_run
from osnguard.disclosures.detection import document_detect, screening_index_reset
from osnguard.disclosures.models import CandidateDocument, CrawlJob, Disclosure

from .fixtures import befriend, make_user, post_fingerprinted, realise
from .localserver import send

HOSTILE = [
    "javascript:alert(document.cookie)",
    "JaVaScRiPt:alert(1)",
    " JaVaScRiPt:alert(1)",
    "\x01\x02javascript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\tjavascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "DATA:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "//evil.example/x",
    "http://[::1",
]


@pytest.mark.parametrize("url", HOSTILE)
def test_hostile_urls_are_not_http(url):
    assert http_url(url) is None
    assert safe_href(url) is None


def test_http_urls_are_normalised():
    assert (
        http_url("  HTTPS://User:pw@Blog.Example:443/a b?q#f ".replace(" b", "b"))
        == "https://blog.example/ab?q#f"
    )
    assert http_url("/post/1", base="http://blog.example/feed.xml") == "http://blog.example/post/1"
    assert safe_href("/disclosures/1/") == "/disclosures/1/"


@pytest.mark.parametrize("url", HOSTILE)
def test_template_tag_renders_nothing_clickable(url):
    html = Template("{% load links %}{% external_link url %}|{{ url|safe_href }}").render(
        Context({"url": url})
    )
    assert "<a " not in html and "href" not in html
    assert html.endswith("|")


def test_template_tag_links_http_with_rel():
    html = Template("{% load links %}{% external_link url 'the copy' %}").render(
        Context({"url": "http://blog.example/1?a=1&b=2"})
    )
    assert (
        html
        == '<a href="http://blog.example/1?a=1&amp;b=2" rel="noopener noreferrer nofollow">the copy</a>'
    )


def fetched(body: bytes, content_type: str, url: str = "http://s.example/feed") -> FetchResult:
    return FetchResult(url=url, status=200, headers={"content-type": content_type}, body=body)


def rss_with_links(links: list[str]) -> bytes:
    items = "".join(
        f"<item><title>Post {i}</title><link>{escape(link)}</link><guid>g{i}</guid>"
        f"<description>Entry number {i} of the feed.</description></item>"
        for i, link in enumerate(links)
    )
    return f'<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>{items}</channel></rss>'.encode()


def test_feed_links_that_are_not_http_fall_back_to_the_feed_address():
    links = [h for h in HOSTILE if "\x01" not in h and "\x02" not in h] + [
        "/relative/7",
        "HTTP://Blog.Example/ok",
    ]
    docs = extract_documents(fetched(rss_with_links(links), "application/rss+xml"), "feed")
    assert len(docs) == len(links)
    urls = [d.url for d in docs]
    assert urls[-2:] == ["http://s.example/relative/7", "http://blog.example/ok"]
    for url in urls:
        assert http_url(url) == url, url


def test_mastodon_status_urls_that_are_not_http_are_dropped():
    hostile = [
        h for h in HOSTILE if not h.startswith("//")
    ]  # "//host/x" is a fine scheme-relative link
    statuses = [
        {"id": str(i), "url": h, "uri": "data:,x", "content": f"<p>Status {i}</p>"}
        for i, h in enumerate(hostile)
    ]
    statuses.append(
        {
            "id": "ok",
            "url": " javascript:x",
            "uri": "https://social.example/users/a/statuses/1",
            "content": "<p>fine</p>",
        }
    )
    docs = extract_documents(
        fetched(
            json.dumps(statuses).encode(),
            "application/json",
            "http://social.example/api/v1/timelines/public?limit=40",
        ),
        "mastodon",
    )
    urls = [d.url for d in docs]
    assert urls[:-1] == ["http://social.example/api/v1/timelines/public?limit=40"] * len(hostile)
    assert urls[-1] == "https://social.example/users/a/statuses/1"


# --- the whole way: crawl, detect, show the disclosure to its author --------------------------


@pytest.fixture
def world(db):
    screening_index_reset()
    adam = make_user("adam_links", "Adam", "Ebert")
    friends = [make_user(f"lfriend{i}") for i in range(6)]
    for friend in friends:
        befriend(adam, friend)
    post_fingerprinted(adam, friends)
    yield adam
    screening_index_reset()


def crawl(source) -> None:
    job = CrawlJob.objects.create(source=source)
    for document_id in crawl_run(job_id=job.pk).new_document_ids:
        document_detect(document_id=document_id)


def assert_detail_has_no_script_link(client, disclosure) -> str:
    html = client.get(f"/disclosures/{disclosure.pk}/").content.decode()
    hrefs = re.findall(r'href="([^"]*)"', html)
    assert hrefs and all(h.startswith(("/", "http://", "https://", "#")) for h in hrefs), hrefs
    assert "javascript:" not in html.lower() and "data:text" not in html.lower()
    return html


@pytest.mark.parametrize(
    "hostile",
    [
        "javascript:alert(1)",
        " JaVaScRiPt:alert(1)",
        "java\tscript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
    ],
)
def test_crawled_feed_with_script_link_is_stored_and_shown_safely(
    server, world, local_crawling, client, hostile
):
    leaked, _ = realise((1, 2, 0))
    server.routes["/feed.xml"] = lambda r: send(
        r,
        200,
        rss_with_links([hostile]).replace(
            b"Entry number 0 of the feed.", escape(f"Look: {leaked}").encode()
        ),
        "application/rss+xml",
    )
    source = services.source_create(
        owner=world, name="Blog", kind="feed", url=server.url("/feed.xml")
    )
    crawl(source)
    disclosure = Disclosure.objects.get()
    assert disclosure.source_url == server.url("/feed.xml")
    assert CandidateDocument.objects.get().url == server.url("/feed.xml")
    client.force_login(world)
    html = assert_detail_has_no_script_link(client, disclosure)
    assert f'href="{server.url("/feed.xml")}" rel="noopener noreferrer nofollow"' in html


def test_crawled_mastodon_status_with_script_url_is_stored_and_shown_safely(
    server, world, local_crawling, client
):
    leaked, _ = realise((2, 0, 1))
    statuses = [
        {
            "id": "1",
            "url": "\x00 JaVaScRiPt:alert(1)",
            "uri": "data:text/html,x",
            "content": f"<p>lol {leaked}</p>",
        }
    ]
    server.routes["/api/v1/timelines/public"] = lambda r: send(
        r, 200, json.dumps(statuses).encode(), "application/json"
    )
    source = services.source_create(
        owner=world, name="Social", kind="mastodon_public", url=server.url("/")
    )
    crawl(source)
    disclosure = Disclosure.objects.get()
    assert disclosure.source_url.startswith(server.url("/api/v1/timelines/public"))
    client.force_login(world)
    assert_detail_has_no_script_link(client, disclosure)
    api = client.get(f"/api/disclosures/{disclosure.pk}/").json()
    assert api["source_url"] == disclosure.source_url


def test_a_stored_script_url_from_before_the_fix_is_not_clickable(world, client):
    """Rows stored before extraction validated URLs are still rendered safely."""
    from osnguard.disclosures.detection import disclosure_record
    from osnguard.posts.models import Message
    from osnguard.privacy.attribution import Attribution

    message = Message.objects.get(author=world)
    document = CandidateDocument.objects.create(
        url="javascript:alert(1)", text=message.versions.first().text, content_hash="h" * 64
    )
    disclosure = disclosure_record(
        message=message,
        document=document,
        result=Attribution(True, 0.9, None, None, 0.0, [], verdict="undetermined", explanation="x"),
    )
    client.force_login(world)
    html = client.get(f"/disclosures/{disclosure.pk}/").content.decode()
    assert 'href="javascript' not in html.lower()
    assert '<span class="unsafe-link"' in html
