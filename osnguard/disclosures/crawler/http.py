"""A guarded HTTP client for crawling public sources.

Every connection goes through the SSRF guard (also after redirects), bodies are streamed with a
hard size limit, each request has connect/read timeouts and an overall deadline, and
ETag/Last-Modified make re-crawls cheap. Errors say whether a retry may help (`transient`).

The deadline is wall-clock time for the whole fetch (connecting, TLS, headers, body, redirects):
a watchdog shuts the fetch's sockets down when it passes, so a server that drips one byte just
inside the read timeout cannot hold a crawl any longer. Each fetch uses fresh connections, so
the watchdog knows every socket the fetch reads from.
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

import urllib3
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

from .guard import AddressPolicy, BlockedAddress, connect_checked

USER_AGENT = "osnguard-crawler/0.1 (+privacy leak detection; honours robots.txt)"
REDIRECT_CODES = {301, 302, 303, 307, 308}
# a socket timeout ending this close to the deadline was cut short by it (clock and timer jitter)
DEADLINE_SLACK = 0.05


class FetchError(Exception):
    """A fetch failed; `transient` says whether trying again later may succeed."""

    def __init__(self, message: str, *, transient: bool, status: int | None = None) -> None:
        super().__init__(message)
        self.transient = transient
        self.status = status


class ResponseTooLarge(FetchError):
    def __init__(self, url: str, limit: int) -> None:
        super().__init__(f"{url}: response larger than {limit:,} bytes", transient=False)


@dataclass(frozen=True)
class FetchLimits:
    connect_timeout: float = 5.0
    read_timeout: float = 15.0
    deadline: float = 60.0  # seconds for the whole request, redirects included
    max_bytes: int = 5 * 1024 * 1024
    max_redirects: int = 5


@dataclass
class FetchResult:
    url: str  # the final URL, after redirects
    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    @property
    def not_modified(self) -> bool:
        return self.status == 304

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").split(";", 1)[0].strip().lower()

    @property
    def etag(self) -> str:
        return self.headers.get("etag", "")

    @property
    def last_modified(self) -> str:
        return self.headers.get("last-modified", "")


class Watchdog:
    """Enforces a fetch's deadline: when it passes, every socket the fetch opened is shut down,
    which ends whatever read is blocked on it (headers or body, plain or TLS)."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expires_at = time.monotonic() + seconds
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(max(0.0, seconds), self._expire)
        self._timer.daemon = True
        self._timer.start()

    def remaining(self) -> float:
        return self.expires_at - time.monotonic()

    def ran_out(self) -> bool:
        """The deadline has passed, even if the timer thread (late under load) has not yet said
        so: a socket timeout cut to the time remaining then counts as the deadline's."""
        return self.expired or self.remaining() <= DEADLINE_SLACK

    def watch(self, sock: socket.socket) -> None:
        # A duplicate descriptor: shutting it down ends the connection even after TLS wrapping
        # has taken over the original socket object.
        copy = sock.dup()
        with self._lock:
            self._sockets.append(copy)
            expired = self.expired
        if expired:
            _shutdown(copy)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            sockets = list(self._sockets)
        for sock in sockets:
            _shutdown(sock)

    def close(self) -> None:
        self._timer.cancel()
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for sock in sockets:
            sock.close()


def _shutdown(sock: socket.socket) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass  # already closed by the peer or by us


_active = threading.local()  # the Watchdog of the fetch running in this thread


def _connect(host: str, port: int, timeout: float | None, policy: AddressPolicy) -> socket.socket:
    watchdog: Watchdog | None = getattr(_active, "watchdog", None)
    deadline = watchdog.expires_at if watchdog is not None else None
    sock = connect_checked(host, port, timeout, policy, deadline=deadline)
    if watchdog is not None:
        watchdog.watch(sock)
    return sock


def _guarded_pool_classes(policy: AddressPolicy) -> dict[str, type]:
    class GuardedHTTPConnection(HTTPConnection):
        def _new_conn(self) -> socket.socket:
            return _connect(self._dns_host, self.port, self.timeout, policy)

    class GuardedHTTPSConnection(HTTPSConnection):
        def _new_conn(self) -> socket.socket:
            return _connect(self._dns_host, self.port, self.timeout, policy)

    class GuardedHTTPPool(HTTPConnectionPool):
        ConnectionCls = GuardedHTTPConnection

    class GuardedHTTPSPool(HTTPSConnectionPool):
        ConnectionCls = GuardedHTTPSConnection

    return {"http": GuardedHTTPPool, "https": GuardedHTTPSPool}


class GuardedClient:
    """HTTP GET with the SSRF guard, limits and conditional requests. Thread-safe."""

    def __init__(
        self,
        *,
        policy: AddressPolicy | None = None,
        limits: FetchLimits | None = None,
        user_agent: str = USER_AGENT,
    ) -> None:
        self.policy = policy or AddressPolicy()
        self.limits = limits or FetchLimits()
        self.user_agent = user_agent
        self._pool = urllib3.PoolManager(num_pools=20, maxsize=2)
        self._pool.pool_classes_by_scheme = _guarded_pool_classes(self.policy)

    def get(
        self,
        url: str,
        *,
        etag: str = "",
        last_modified: str = "",
        accept: str = "*/*",
        max_bytes: int | None = None,
    ) -> FetchResult:
        limit = max_bytes or self.limits.max_bytes
        headers = {"User-Agent": self.user_agent, "Accept": accept, "Connection": "close"}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        watchdog = Watchdog(self.limits.deadline)
        outer, _active.watchdog = getattr(_active, "watchdog", None), watchdog
        try:
            return self._get(url, headers, limit, watchdog)
        finally:
            _active.watchdog = outer
            watchdog.close()

    def _get(
        self, url: str, headers: dict[str, str], limit: int, watchdog: Watchdog
    ) -> FetchResult:
        current = url
        for _hop in range(self.limits.max_redirects + 1):
            _check_scheme(current)
            response = self._open(current, headers, watchdog)
            try:
                if response.status in REDIRECT_CODES and response.headers.get("location"):
                    current = urljoin(current, response.headers["location"])
                    continue
                body = (
                    b""
                    if response.status == 304
                    else _read_limited(response, current, limit, watchdog)
                )
                result = FetchResult(
                    url=current,
                    status=response.status,
                    headers={k.lower(): v for k, v in response.headers.items()},
                    body=body,
                )
            finally:
                response.close()  # never reused: the next fetch's watchdog must see its sockets
                response.release_conn()
            _raise_for_status(result)
            return result
        raise FetchError(f"{url}: more than {self.limits.max_redirects} redirects", transient=False)

    def _open(
        self, url: str, headers: dict[str, str], watchdog: Watchdog
    ) -> urllib3.BaseHTTPResponse:
        remaining = watchdog.remaining()
        if remaining <= 0 or watchdog.expired:
            raise _deadline_error(url, watchdog)
        timeout = urllib3.Timeout(
            connect=min(self.limits.connect_timeout, remaining),
            read=min(self.limits.read_timeout, remaining),
        )
        try:
            return self._pool.request(
                "GET",
                url,
                headers=headers,
                redirect=False,
                retries=False,
                preload_content=False,
                timeout=timeout,
            )
        except BlockedAddress as exc:
            raise FetchError(str(exc), transient=False) from exc
        except urllib3.exceptions.LocationParseError as exc:
            raise FetchError(f"{url}: not a valid URL", transient=False) from exc
        except (urllib3.exceptions.HTTPError, OSError) as exc:
            cause = exc.__context__ if isinstance(exc.__context__, BlockedAddress) else None
            if cause is not None:
                raise FetchError(str(cause), transient=False) from exc
            if watchdog.ran_out():
                raise _deadline_error(url, watchdog) from exc
            if isinstance(exc, (urllib3.exceptions.TimeoutError, TimeoutError)):
                raise FetchError(f"{url}: timed out", transient=True) from exc
            raise FetchError(f"{url}: connection failed ({exc})", transient=True) from exc


def _deadline_error(url: str, watchdog: Watchdog) -> FetchError:
    return FetchError(f"{url}: no complete answer within {watchdog.seconds:g}s", transient=True)


def _check_scheme(url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise FetchError(f"{url}: only http and https URLs can be crawled", transient=False)


def _read_limited(
    response: urllib3.BaseHTTPResponse, url: str, limit: int, watchdog: Watchdog
) -> bytes:
    declared = response.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise ResponseTooLarge(url, limit)
    chunks: list[bytes] = []
    size = 0
    try:
        for chunk in response.stream(64 * 1024, decode_content=True):
            size += len(chunk)
            if size > limit:
                raise ResponseTooLarge(url, limit)
            if watchdog.expired:
                raise _deadline_error(url, watchdog)
            chunks.append(chunk)
    except (urllib3.exceptions.HTTPError, OSError) as exc:
        if watchdog.ran_out():
            raise _deadline_error(url, watchdog) from exc
        if isinstance(exc, (urllib3.exceptions.TimeoutError, TimeoutError)):
            raise FetchError(f"{url}: timed out while reading", transient=True) from exc
        raise FetchError(f"{url}: broken response ({exc})", transient=True) from exc
    if watchdog.expired:  # a body delimited by the connection closing looks complete when cut
        raise _deadline_error(url, watchdog)
    return b"".join(chunks)


def _raise_for_status(result: FetchResult) -> None:
    status = result.status
    if status < 400 or status == 304:
        return
    transient = status >= 500 or status in {408, 425, 429}
    raise FetchError(f"{result.url}: HTTP {status}", transient=transient, status=status)
