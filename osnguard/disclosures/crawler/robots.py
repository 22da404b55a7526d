"""robots.txt for the crawler, after RFC 9309: fetched through the guarded client, parsed by
Protego (which, unlike `urllib.robotparser`, honours `*` and `$` in paths and lets the longest
matching rule win, `Allow` on a tie) and cached per origin.

A 4xx robots.txt means no rules (crawl allowed); a 5xx or unreachable one means "disallow for now"
(a transient error, so the crawl is retried later rather than ignoring the site's wishes).
"""

from __future__ import annotations

import threading
import time
from urllib.parse import urlsplit

from protego import Protego

from .http import USER_AGENT, FetchError, GuardedClient

ROBOTS_MAX_BYTES = 512 * 1024
AGENT_TOKEN = USER_AGENT.split("/", 1)[0]


class RobotsCache:
    """The robots.txt rules of each origin the crawler visits, kept for `ttl_seconds`."""

    def __init__(self, client: GuardedClient, *, ttl_seconds: float = 3600.0) -> None:
        self.client = client
        self.ttl = ttl_seconds
        self._rules: dict[str, tuple[float, Protego]] = {}
        self._lock = threading.Lock()

    def allowed(self, url: str) -> bool:
        """Whether robots.txt lets us fetch `url`; raises FetchError(transient) if unknown."""
        return self._rules_for(url).can_fetch(url, AGENT_TOKEN)

    def _rules_for(self, url: str) -> Protego:
        parts = urlsplit(url)
        origin = f"{parts.scheme}://{parts.netloc}"
        now = time.monotonic()
        with self._lock:
            cached = self._rules.get(origin)
            if cached and now - cached[0] < self.ttl:
                return cached[1]
        try:
            result = self.client.get(f"{origin}/robots.txt", max_bytes=ROBOTS_MAX_BYTES)
            parser = Protego.parse(result.body.decode("utf-8", errors="replace"))
        except FetchError as exc:
            if exc.status is not None and 400 <= exc.status < 500:
                parser = Protego.parse("")  # no usable robots.txt: everything is allowed
            else:
                raise FetchError(
                    f"robots.txt of {origin} is unavailable ({exc}); will retry later",
                    transient=True,
                ) from exc
        with self._lock:
            self._rules[origin] = (now, parser)
        return parser
