"""Turning feeds, pages and Mastodon timelines into candidate documents."""

from __future__ import annotations

import json

import pytest

from osnguard.disclosures.crawler.extract import (
    MalformedContent,
    content_hash,
    extract_documents,
)
from osnguard.disclosures.crawler.http import FetchResult

RSS = b"""<?xml version="1.0"?><rss version="2.0"><channel><title>Blog</title>
<item><title>Gossip</title><link>http://blog.example/1</link><guid>1</guid>
<description>&lt;p&gt;Adam studied at Harvard University for three years.&lt;/p&gt;</description>
<pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate></item>
<item><title>Weather</title><link>http://blog.example/2</link><description>Sunny.</description></item>
</channel></rss>"""


def result(
    body: bytes, content_type: str = "text/html", url: str = "http://s.example/"
) -> FetchResult:
    return FetchResult(url=url, status=200, headers={"content-type": content_type}, body=body)


def test_feed_entries_become_documents():
    docs = extract_documents(result(RSS, "application/rss+xml"), "feed")
    assert [d.url for d in docs] == ["http://blog.example/1", "http://blog.example/2"]
    assert "Harvard University for three years" in docs[0].text
    assert "<p>" not in docs[0].text
    assert docs[0].published is not None and docs[0].external_id == "1"


def test_malformed_feed_is_a_clear_error():
    with pytest.raises(MalformedContent, match="not a readable RSS/Atom feed"):
        extract_documents(result(b"\x00\x01 this is not xml {", "application/rss+xml"), "feed")


def test_page_main_text_is_extracted():
    html = b"""<html><head><title>My blog</title><script>var x=1;</script></head><body>
    <nav>Home | About</nav><article><p>My friend told me his hometown is Tokyo and that he
    studied at Harvard University for three years as a computer science major.</p></article>
    </body></html>"""
    (doc,) = extract_documents(result(html), "page")
    assert "hometown is Tokyo" in doc.text and "var x" not in doc.text
    assert doc.title == "My blog"


def test_mastodon_statuses_and_reblogs():
    statuses = [
        {
            "id": "1",
            "url": "http://m.example/@a/1",
            "content": "<p>Hello <b>world</b></p>",
            "created_at": "2026-11-21T10:00:00.000Z",
        },
        {
            "id": "2",
            "reblog": {"id": "9", "url": "http://m.example/@b/9", "content": "<p>Boosted</p>"},
        },
        "junk",
    ]
    docs = extract_documents(result(json.dumps(statuses).encode(), "application/json"), "mastodon")
    assert [d.text for d in docs] == ["Hello world", "Boosted"]
    assert docs[1].url == "http://m.example/@b/9"


def test_mastodon_rejects_non_json():
    with pytest.raises(MalformedContent):
        extract_documents(result(b"<html>", "application/json"), "mastodon")


def test_content_hash_folds_case_and_space():
    assert content_hash("Hello   World") == content_hash("hello world\n")
    assert content_hash("hello world") != content_hash("hello there")


def test_a_pasted_copy_keeps_its_invisible_fingerprint_through_page_extraction():
    from osnguard.privacy.fingerprinting import invisible

    copy, _ = invisible.embed(
        "My friend told me his hometown is Tokyo and that he studied at Harvard University "
        "for three years as a computer science major.",
        4242,
    )
    html = f"<html><body><article><p>{copy}</p></article></body></html>".encode()
    (doc,) = extract_documents(result(html), "page")
    assert invisible.read(doc.text).code == 4242
    assert invisible.strip(doc.text).startswith("My friend told me")
