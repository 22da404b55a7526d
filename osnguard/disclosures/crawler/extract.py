"""Turn fetched responses into candidate documents: feed entries, a page's main text, or the
statuses of a Mastodon-compatible timeline. Malformed input raises `MalformedContent`.

Every document URL is an absolute http(s) URL: a link or status URL taken from the crawled data is
resolved against the fetched address and kept only if it is http(s); otherwise (`javascript:`,
`data:`, garbage) the fetched address itself is used.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import feedparser
import lxml.html
import trafilatura

from osnguard.core.links import http_url

from .http import FetchResult

MAX_DOCUMENT_CHARS = 100_000


class MalformedContent(ValueError):
    """The source answered, but not with the kind of content it was registered as."""


@dataclass(frozen=True)
class CandidateDocument:
    url: str
    text: str
    title: str = ""
    published: datetime | None = None
    external_id: str = ""

    @property
    def content_hash(self) -> str:
        return content_hash(self.text)


def content_hash(text: str) -> str:
    """Hash of the text with case, Unicode form and white space folded: equal texts dedupe."""
    folded = " ".join(unicodedata.normalize("NFKC", text).casefold().split())
    return hashlib.sha256(folded.encode("utf-8")).hexdigest()


def html_to_text(html: str) -> str:
    if not html or not html.strip():
        return ""
    try:
        root = lxml.html.fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return " ".join(html.split())
    for bad in root.xpath("//script|//style"):
        bad.drop_tree()
    for br in root.xpath("//br|//p|//div|//li"):
        br.tail = " " + (br.tail or "")
    return " ".join(root.text_content().split())


def _clip(text: str) -> str:
    return text[:MAX_DOCUMENT_CHARS]


def document_url(candidates: list[object], result: FetchResult) -> str:
    """The first candidate that is a safe http(s) URL (relative ones resolved), else the fetched URL."""
    for candidate in candidates:
        url = http_url(candidate, base=result.url)
        if url is not None:
            return url
    return http_url(result.url) or result.url


def _decode(result: FetchResult) -> str:
    match = re.search(r"charset=([\w-]+)", result.headers.get("content-type", ""), re.I)
    encoding = match.group(1) if match else "utf-8"
    try:
        return result.body.decode(encoding, errors="replace")
    except LookupError:
        return result.body.decode("utf-8", errors="replace")


def extract_feed(result: FetchResult) -> list[CandidateDocument]:
    parsed = feedparser.parse(result.body)
    if parsed.bozo and not parsed.entries:
        raise MalformedContent(
            f"{result.url}: not a readable RSS/Atom feed ({parsed.bozo_exception})"
        )
    documents = []
    for entry in parsed.entries:
        parts = [entry.get("title", "")]
        contents = entry.get("content") or []
        body = contents[0].get("value", "") if contents else entry.get("summary", "")
        parts.append(html_to_text(body))
        text = _clip(" ".join(p for p in parts if p).strip())
        if not text:
            continue
        stamp = entry.get("published_parsed") or entry.get("updated_parsed")
        published = datetime(*stamp[:6]).replace(tzinfo=UTC) if stamp else None
        documents.append(
            CandidateDocument(
                url=document_url([entry.get("link")], result),
                text=text,
                title=entry.get("title", "")[:300],
                published=published,
                external_id=str(entry.get("id") or entry.get("link") or ""),
            )
        )
    return documents


# trafilatura drops format characters, and with them the invisible fingerprint a pasted copy
# carries (privacy/fingerprinting/invisible.py): they cross the extraction as "ː" and a digit.
_MARKS = "\u2061\u2062\u2063\u2064"
_PROTECTED = {ord(mark): f"\u02d0{i}" for i, mark in enumerate(_MARKS)}
_PLACEHOLDER = re.compile("\u02d0([0-3])")


def _restore_marks(text: str) -> str:
    return _PLACEHOLDER.sub(lambda m: _MARKS[int(m.group(1))], text)


def extract_page(result: FetchResult) -> list[CandidateDocument]:
    html = _decode(result)
    if "html" not in result.content_type and "<" not in html[:2048]:
        raise MalformedContent(
            f"{result.url}: expected an HTML page, got {result.content_type or 'unknown content'}"
        )
    protected = html.translate(_PROTECTED)
    text = trafilatura.extract(
        protected, include_comments=False, favor_recall=True
    ) or html_to_text(protected)
    text = _restore_marks(_clip(" ".join(text.split())))
    if not text:
        return []
    title_match = re.search(r"<title[^>]*>(.*?)</title>", html, re.I | re.S)
    title = " ".join(title_match.group(1).split())[:300] if title_match else ""
    return [
        CandidateDocument(
            url=document_url([], result), text=text, title=title, external_id=result.url
        )
    ]


def extract_mastodon(result: FetchResult) -> list[CandidateDocument]:
    try:
        statuses: Any = json.loads(result.body)
    except (ValueError, UnicodeDecodeError) as exc:
        raise MalformedContent(f"{result.url}: timeline is not JSON ({exc})") from exc
    if not isinstance(statuses, list):
        raise MalformedContent(f"{result.url}: expected a list of statuses")
    documents = []
    for status in statuses:
        if not isinstance(status, dict):
            continue
        status = status.get("reblog") or status
        text = _clip(html_to_text(str(status.get("content", ""))))
        if not text:
            continue
        published = None
        if isinstance(status.get("created_at"), str):
            try:
                published = datetime.fromisoformat(status["created_at"].replace("Z", "+00:00"))
            except ValueError:
                published = None
        documents.append(
            CandidateDocument(
                url=document_url([status.get("url"), status.get("uri")], result),
                text=text,
                published=published,
                external_id=str(status.get("id", "")),
            )
        )
    return documents


EXTRACTORS = {"feed": extract_feed, "page": extract_page, "mastodon": extract_mastodon}


def extract_documents(result: FetchResult, kind: str) -> list[CandidateDocument]:
    try:
        extractor = EXTRACTORS[kind]
    except KeyError:
        raise ValueError(
            f"unknown source kind {kind!r}; expected one of {sorted(EXTRACTORS)}"
        ) from None
    return extractor(result)
