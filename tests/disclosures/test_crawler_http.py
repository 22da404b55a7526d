"""The crawler's guarded HTTP client: SSRF guard, limits, errors, conditional requests."""

from __future__ import annotations

import socket
import time

import pytest

from osnguard.disclosures.crawler.guard import AddressPolicy
from osnguard.disclosures.crawler.http import (
    FetchError,
    FetchLimits,
    GuardedClient,
    ResponseTooLarge,
)

from .localserver import send

LOCAL = AddressPolicy.from_strings(["127.0.0.0/8"])


@pytest.fixture
def connects(monkeypatch):
    """Record every address the process tries to connect a TCP socket to."""
    seen: list[str] = []
    original = socket.socket.connect

    def spy(self, address):
        seen.append(address[0])
        return original(self, address)

    monkeypatch.setattr(socket.socket, "connect", spy)
    return seen


def test_ip_literal_of_loopback_is_refused_by_default(server, connects):
    with pytest.raises(FetchError, match="refused") as info:
        GuardedClient().get(server.url("/"))
    assert info.value.transient is False
    assert connects == []


def test_hostname_resolving_to_loopback_is_refused(server, connects):
    with pytest.raises(FetchError, match="refused"):
        GuardedClient().get(f"http://localhost:{server.port}/")
    assert connects == []


def test_ipv6_loopback_and_mapped_addresses_are_refused(connects):
    for url in ("http://[::1]:9/", "http://[::ffff:127.0.0.1]:9/", "http://169.254.169.254/"):
        with pytest.raises(FetchError, match="refused"):
            GuardedClient().get(url)
    assert connects == []


def test_redirect_to_private_address_is_refused_before_connecting(server, connects):
    server.routes["/jump"] = lambda r: send(r, 302, b"", headers={"Location": "http://10.0.0.1/x"})
    with pytest.raises(FetchError, match=r"10\.0\.0\.1"):
        GuardedClient(policy=LOCAL).get(server.url("/jump"))
    assert "10.0.0.1" not in connects


def test_allow_list_reaches_local_server_and_follows_redirects(server):
    server.routes["/a"] = lambda r: send(r, 301, b"", headers={"Location": "/b"})
    server.routes["/b"] = lambda r: send(r, 200, b"<p>hello</p>")
    result = GuardedClient(policy=LOCAL).get(server.url("/a"))
    assert result.status == 200 and result.body == b"<p>hello</p>"
    assert result.url.endswith("/b")


def test_non_http_schemes_are_refused():
    for url in ("file:///etc/passwd", "ftp://example.org/", "gopher://x/", "not a url"):
        with pytest.raises(FetchError):
            GuardedClient().get(url)


def test_declared_huge_body_is_refused_without_reading(server):
    def huge(request):
        request.send_response(200)
        request.send_header("Content-Length", str(1024**3))
        request.end_headers()
        request.wfile.write(b"x" * 1024)

    server.routes["/huge"] = huge
    with pytest.raises(ResponseTooLarge):
        GuardedClient(policy=LOCAL).get(server.url("/huge"))


def test_endless_body_is_cut_at_the_limit(server):
    def endless(request):
        request.send_response(200)
        request.send_header("Transfer-Encoding", "chunked")
        request.end_headers()
        chunk = b"y" * 65536
        try:
            for _ in range(16 * 1024):  # up to 1 GiB, stops when the client hangs up
                request.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        except (BrokenPipeError, ConnectionResetError):
            pass

    server.routes["/endless"] = endless
    client = GuardedClient(policy=LOCAL, limits=FetchLimits(max_bytes=1024 * 1024))
    started = time.monotonic()
    with pytest.raises(ResponseTooLarge):
        client.get(server.url("/endless"))
    assert time.monotonic() - started < 10


def test_slow_server_times_out_as_transient(server):
    def slow(request):
        time.sleep(2)
        send(request, 200, b"late")

    server.routes["/slow"] = slow
    client = GuardedClient(policy=LOCAL, limits=FetchLimits(read_timeout=0.3))
    with pytest.raises(FetchError) as info:
        client.get(server.url("/slow"))
    assert info.value.transient is True


@pytest.mark.parametrize(
    "status,transient", [(500, True), (503, True), (429, True), (404, False), (410, False)]
)
def test_http_errors_say_whether_to_retry(server, status, transient):
    server.routes["/e"] = lambda r: send(r, status, b"error")
    with pytest.raises(FetchError) as info:
        GuardedClient(policy=LOCAL).get(server.url("/e"))
    assert info.value.transient is transient and info.value.status == status


def test_conditional_request_gets_not_modified(server):
    def tagged(request):
        if request.headers.get("If-None-Match") == '"v1"':
            request.send_response(304)
            request.end_headers()
        else:
            send(request, 200, b"body", headers={"ETag": '"v1"'})

    server.routes["/t"] = tagged
    client = GuardedClient(policy=LOCAL)
    first = client.get(server.url("/t"))
    assert first.etag == '"v1"' and not first.not_modified
    second = client.get(server.url("/t"), etag=first.etag)
    assert second.not_modified and second.body == b""
