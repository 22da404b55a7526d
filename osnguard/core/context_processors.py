"""Template context shared by every page: the main navigation.

Later capabilities add their page by URL name to NAV_ITEMS; an item whose URL is not installed yet
is shown as "soon" rather than breaking the layout.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse

# (label, URL name), in menu order.
NAV_ITEMS: tuple[tuple[str, str], ...] = (
    ("Home", "home"),
    ("Compose", "posts:compose"),
    ("Feed", "posts:feed"),
    ("Friends", "circles:friends"),
    ("Groups", "circles:groups"),
    ("Disclosures", "disclosures:dashboard"),
)


def navigation(request: HttpRequest) -> dict[str, object]:
    """`nav_items`: dicts with label, url (None when not available yet), active flag and key (the
    URL name without its namespace, for styling)."""
    items = []
    path = request.path
    for label, name in NAV_ITEMS:
        try:
            url = reverse(name)
        except NoReverseMatch:
            url = None
        active = False
        if url:
            active = path == url if url == "/" else path.startswith(url)
        key = name.rsplit(":", 1)[-1]
        items.append({"label": label, "url": url, "active": active, "key": key})
    return {"nav_items": items}
