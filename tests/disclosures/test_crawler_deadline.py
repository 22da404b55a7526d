"""The crawl deadline holds against servers that drip one byte at a time (issue 11, finding 2):
slow headers, a slow Content-Length body and a slow body that ends when the connection closes
all stop at the deadline plus a little slack, though every byte arrives within the read timeout."""

from __future__ import annotations

import threading
import time

import pytest

from osnguard.disclosures.crawler.guard import AddressPolicy
from osnguard.disclosures.crawler.http import FetchError, FetchLimits, GuardedClient, Watchdog

from .localserver import send

LOCAL = AddressPolicy.from_strings(["127.0.0.0/8"])
DEADLINE = 1.5
READ_TIMEOUT = 1.0  # each byte comes well within it
DRIP_EVERY = 0.2
DRIP_FOR = 8.0  # the server gives up after this long, so a broken client fails instead of hanging
SLACK = 1.0


def drip(request, data: bytes) -> None:
    """Write `data` one byte at a time until it ends, DRIP_FOR passes, or the client hangs up."""
    started = time.monotonic()
    try:
        for byte in data:
            if time.monotonic() - started > DRIP_FOR:
                return
            request.wfile.write(bytes([byte]))
            request.wfile.flush()
            time.sleep(DRIP_EVERY)
    except (BrokenPipeError, ConnectionResetError):
        pass


def slow_headers(request) -> None:
    request.wfile.write(b"HTTP/1.1 200 OK\r\n")
    drip(request, b"X-Slow: " + b"z" * 200 + b"\r\nContent-Length: 2\r\n\r\nok")


def slow_sized_body(request) -> None:
    request.wfile.write(
        b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 500\r\n\r\n"
    )
    drip(request, b"<" * 500)


def slow_close_delimited_body(request) -> None:
    request.close_connection = True
    request.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n")
    drip(request, b"<p>" + b"a" * 500)


def client(deadline: float = DEADLINE) -> GuardedClient:
    return GuardedClient(
        policy=LOCAL,
        limits=FetchLimits(deadline=deadline, read_timeout=READ_TIMEOUT, connect_timeout=1.0),
    )


@pytest.mark.parametrize("handler", [slow_headers, slow_sized_body, slow_close_delimited_body])
def test_dripping_server_is_cut_at_the_deadline(server, handler):
    server.routes["/drip"] = handler
    started = time.monotonic()
    with pytest.raises(FetchError, match="no complete answer within") as info:
        client().get(server.url("/drip"))
    elapsed = time.monotonic() - started
    assert info.value.transient is True
    assert DEADLINE - 0.1 <= elapsed < DEADLINE + SLACK, elapsed


def test_deadline_covers_redirect_hops_together(server):
    def hop(request):
        time.sleep(0.6)
        send(request, 302, b"", headers={"Location": "/hop"})

    server.routes["/hop"] = hop
    started = time.monotonic()
    with pytest.raises(FetchError, match="no complete answer within"):
        GuardedClient(
            policy=LOCAL,
            limits=FetchLimits(deadline=DEADLINE, read_timeout=READ_TIMEOUT, max_redirects=20),
        ).get(server.url("/hop"))
    assert time.monotonic() - started < DEADLINE + SLACK


def test_fast_fetches_are_untouched_and_leave_no_threads(server):
    server.routes["/ok"] = lambda r: send(r, 200, b"<p>fine</p>")
    before = threading.active_count()
    fetcher = client()
    for _ in range(20):
        assert fetcher.get(server.url("/ok")).body == b"<p>fine</p>"
    time.sleep(0.1)
    assert threading.active_count() <= before + 1  # watchdog timers are cancelled


def test_a_client_is_still_usable_after_a_deadline(server):
    server.routes["/drip"] = slow_sized_body
    server.routes["/ok"] = lambda r: send(r, 200, b"<p>fine</p>")
    fetcher = client(deadline=0.8)
    with pytest.raises(FetchError):
        fetcher.get(server.url("/drip"))
    assert fetcher.get(server.url("/ok")).body == b"<p>fine</p>"


def test_a_timeout_at_the_deadline_counts_as_the_deadline_before_the_timer_fires():
    """Under load the watchdog's timer thread can fire after the socket timeout that the
    deadline cut short; the fetch must still say it ran out of time, not "timed out"."""
    watchdog = Watchdog(60.0)
    try:
        assert not watchdog.ran_out()
        watchdog.expires_at = time.monotonic()  # the deadline is now; the timer has not fired
        assert not watchdog.expired
        assert watchdog.ran_out()
    finally:
        watchdog.close()
