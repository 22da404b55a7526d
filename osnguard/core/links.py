"""Safe external links: which URLs may become an href, and in what form.

Crawled feeds, Mastodon statuses and users' own input can carry `javascript:`, `data:` or other
schemes, hidden behind case, white space or control characters the browser ignores
(" JaVaScRiPt:", "java\\tscript:"). `http_url` reads a URL the way a browser's URL parser does and
returns it normalised only if it is an absolute http(s) URL with a host; everything else is None.
Templates render external links only through `{% external_link %}` (core/templatetags/links.py),
which is built on it.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit, urlunsplit

MAX_URL_CHARS = 2000
HTTP_SCHEMES = ("http", "https")
# What a browser's URL parser drops: C0 controls and spaces at either end, tabs and newlines anywhere.
_EDGE = "".join(chr(c) for c in range(0x21))
_TAB_NEWLINE = re.compile(r"[\t\n\r]")
_UNSAFE_INSIDE = re.compile(r"[\x00-\x20\x7f\\]")  # left after the clean-up: refuse


def _browser_clean(url: str) -> str:
    return _TAB_NEWLINE.sub("", url.strip(_EDGE))


def http_url(url: object, *, base: str | None = None) -> str | None:
    """`url` as a normalised absolute http(s) URL, or None if it is anything else.

    A relative URL is resolved against `base` (itself an http(s) URL) when one is given.
    Normalised: the scheme and host in lower case, no user name or password, no default port.
    """
    if not isinstance(url, str):
        return None
    cleaned = _browser_clean(url)
    if not cleaned or len(cleaned) > MAX_URL_CHARS or _UNSAFE_INSIDE.search(cleaned):
        return None
    safe_base = None
    if base is not None:
        safe_base = http_url(base)
        if safe_base is None:
            return None
    try:
        if safe_base is not None:
            cleaned = urljoin(safe_base, cleaned)
        parts = urlsplit(cleaned)
        host = parts.hostname
        port = parts.port
    except ValueError:  # a bad port or an unbalanced [IPv6] literal
        return None
    if parts.scheme.lower() not in HTTP_SCHEMES or not host:
        return None
    scheme = parts.scheme.lower()
    netloc = f"[{host}]" if ":" in host else host
    if port is not None and port != {"http": 80, "https": 443}[scheme]:
        netloc = f"{netloc}:{port}"
    normalised = urlunsplit((scheme, netloc, parts.path or "/", parts.query, parts.fragment))
    return normalised if len(normalised) <= MAX_URL_CHARS else None


def safe_href(url: object) -> str | None:
    """What may go into an href: an absolute http(s) URL, or a path on this site ("/x", not "//x")."""
    if isinstance(url, str):
        cleaned = _browser_clean(url)
        if (
            cleaned.startswith("/")
            and not cleaned.startswith(("//", "/\\"))
            and not _UNSAFE_INSIDE.search(cleaned)
        ):
            return cleaned
    return http_url(url)
