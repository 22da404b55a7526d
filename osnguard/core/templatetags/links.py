"""`{% external_link url %}` and `|safe_href`: the one way templates render a crawled or
user-entered URL.

An http(s) URL (or a path on this site) becomes a link with rel="noopener noreferrer nofollow";
anything else (`javascript:`, `data:`, a malformed address) is shown as plain text, never clickable.
"""

from __future__ import annotations

from django import template
from django.template.defaultfilters import truncatechars
from django.utils.html import format_html

from osnguard.core.links import safe_href as _safe_href

register = template.Library()

REL = "noopener noreferrer nofollow"


@register.simple_tag
def external_link(url: object, text: object = None, limit: int = 80) -> str:
    """A link to `url` (shown as `text`, else the URL cut to `limit` characters), or plain text."""
    label = truncatechars(str(text if text not in (None, "") else url or ""), limit)
    href = _safe_href(url)
    if href is None:
        return format_html('<span class="unsafe-link" title="Not a web address">{}</span>', label)
    return format_html('<a href="{}" rel="{}">{}</a>', href, REL, label)


@register.filter
def safe_href(url: object) -> str:
    """The URL if it may go into an href, else an empty string."""
    return _safe_href(url) or ""
