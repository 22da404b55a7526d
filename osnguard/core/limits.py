"""Limits on how much one client can ask for: API throttles (per user and per IP address), a
sign-up rate per IP, and a per-process cap on concurrent CPU-heavy engine calls.

Every limit is a setting (osnguard/settings.py, README's configuration table); a rate of None or ""
turns that limit off. Rates read like DRF's: "120/min", "10/hour".
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.throttling import SimpleRateThrottle

if TYPE_CHECKING:  # rest_framework.views loads these throttles from the settings: no import cycle
    from rest_framework.request import Request
    from rest_framework.views import APIView

_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def rate_parse(rate: str | None) -> tuple[int, int] | None:
    """ "10/hour" -> (10, 3600); None or "" -> None (no limit)."""
    if not rate:
        return None
    count, period = rate.split("/")
    return int(count), _PERIODS[period.strip()[0]]


def client_ip(request: HttpRequest) -> str:
    """The client's address for the limits and the log-in lockout. X-Forwarded-For is trusted only
    behind DJANGO_NUM_PROXIES proxies (default none): a client could otherwise write any address
    there and escape every per-IP limit."""
    meta = getattr(request, "META", {})
    proxies = settings.DJANGO_NUM_PROXIES
    forwarded = meta.get("HTTP_X_FORWARDED_FOR", "")
    if proxies > 0 and forwarded:
        addresses = [part.strip() for part in forwarded.split(",") if part.strip()]
        if addresses and (address := _valid_address(addresses[-min(proxies, len(addresses))])):
            return address
    # always an IP address (the lockout stores it in an inet column on PostgreSQL)
    return _valid_address(meta.get("REMOTE_ADDR", "")) or NO_ADDRESS


NO_ADDRESS = (
    "0.0.0.0"  # a request with no usable address (Django's test client, a bad proxy header)
)


def _valid_address(value: str) -> str | None:
    try:
        return str(ipaddress.ip_address(value.strip()))
    except ValueError:
        return None


def rate_limit_hit(*, scope: str, key: str, rate: str | None) -> bool:
    """Count one event for `key` in a fixed window; True when it goes over the rate."""
    parsed = rate_parse(rate)
    if parsed is None:
        return False
    count, period = parsed
    window = int(time.time() // period)
    cache_key = f"osnguard-limit:{scope}:{key}:{window}"
    cache.add(cache_key, 0, timeout=period + 1)
    try:
        used = cache.incr(cache_key)
    except ValueError:  # expired between add and incr
        cache.set(cache_key, 1, timeout=period + 1)
        used = 1
    return used > count


class SettingRateThrottle(SimpleRateThrottle):
    """A DRF throttle whose rate is read from a Django setting on each request (so tests and
    deployments can change it without reloading DRF's settings)."""

    setting_name = ""

    def __init__(self) -> None:  # SimpleRateThrottle reads the rate in __init__
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)

    def get_rate(self) -> str | None:
        return getattr(settings, self.setting_name, None) or None

    def get_ident(self, request: Request) -> str:
        return client_ip(request._request if hasattr(request, "_request") else request)


class UserThrottle(SettingRateThrottle):
    """Calls per signed-in user (API_THROTTLE_USER); anonymous calls fall to the IP throttle."""

    scope = "user"
    setting_name = "API_THROTTLE_USER"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        if not (request.user and request.user.is_authenticated):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class IPThrottle(SettingRateThrottle):
    """Calls per client IP address, signed in or not (API_THROTTLE_IP)."""

    scope = "ip"
    setting_name = "API_THROTTLE_IP"

    def get_cache_key(self, request: Request, view: APIView) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class EngineBusy(APIException):
    """Every engine slot of this process is taken: try again shortly (503 with Retry-After)."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = "The server is busy analysing other messages; try again in a few seconds."
    default_code = "engine_busy"

    def __init__(self) -> None:
        super().__init__()
        self.wait = settings.ENGINE_RETRY_AFTER


_slots_lock = threading.Lock()
_slots: tuple[int, threading.BoundedSemaphore] | None = None


def _engine_semaphore() -> threading.BoundedSemaphore:
    global _slots
    size = max(1, int(settings.ENGINE_CONCURRENCY))
    with _slots_lock:
        if _slots is None or _slots[0] != size:
            _slots = (size, threading.BoundedSemaphore(size))
        return _slots[1]


@contextmanager
def engine_slot() -> Iterator[None]:
    """Hold one of ENGINE_CONCURRENCY engine slots while analysing or proposing; wait at most
    ENGINE_QUEUE_TIMEOUT seconds for one, else raise EngineBusy (requests do not pile up)."""
    semaphore = _engine_semaphore()
    if not semaphore.acquire(timeout=float(settings.ENGINE_QUEUE_TIMEOUT)):
        raise EngineBusy()
    try:
        yield
    finally:
        semaphore.release()
