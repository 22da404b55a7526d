"""The SSRF guard: which IP addresses the crawler may connect to.

Only globally routable unicast addresses are allowed, unless an address falls inside a network the
operator allow-lists (`CRAWLER_ALLOWED_NETWORKS`, e.g. "127.0.0.0/8" for local test servers).
Names are resolved here and checked before any packet is sent; the connection then goes to the
checked address, so a second DNS answer cannot smuggle in a private one.

IPv6 addresses that embed an IPv4 address (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64,
6to4, Teredo) are judged by the IPv4 address they carry, so `[::ffff:127.0.0.1]`,
`[64:ff9b::a00:1]` or `[2002:7f00:1::]` cannot reach a loopback or private host through a
translator or tunnel.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


# IPv6 ranges whose addresses carry an IPv4 address, and where in the address it sits.
_LOW_32_BITS = (
    ipaddress.IPv6Network("::/96"),  # IPv4-compatible (deprecated), e.g. ::127.0.0.1
    ipaddress.IPv6Network("::ffff:0:0/96"),  # IPv4-mapped, e.g. ::ffff:127.0.0.1
    ipaddress.IPv6Network("::ffff:0:0:0/96"),  # IPv4-translated (SIIT), e.g. ::ffff:0:127.0.0.1
    ipaddress.IPv6Network("64:ff9b::/96"),  # NAT64, well-known prefix
    ipaddress.IPv6Network("64:ff9b:1::/48"),  # NAT64, local-use prefix (RFC 8215)
)
_TEREDO = ipaddress.IPv6Network("2001::/32")
_SIX_TO_FOUR = ipaddress.IPv6Network("2002::/16")


def embedded_ipv4(address: ipaddress.IPv6Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries (none for an ordinary IPv6 address)."""
    if any(address in network for network in _LOW_32_BITS):
        return [ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)]
    if address in _SIX_TO_FOUR:
        return [address.sixtofour] if address.sixtofour is not None else []
    if address in _TEREDO and address.teredo is not None:
        server, client = address.teredo
        return [server, client]
    return []


class BlockedAddress(Exception):
    """The crawler refused to connect: the address is private, loopback, link-local or reserved."""


@dataclass(frozen=True)
class AddressPolicy:
    allowed_networks: tuple[IPNetwork, ...] = field(default_factory=tuple)

    @classmethod
    def from_strings(cls, networks: Iterable[str]) -> AddressPolicy:
        parsed = []
        for item in networks:
            try:
                parsed.append(ipaddress.ip_network(item.strip(), strict=False))
            except ValueError as exc:
                raise ValueError(f"CRAWLER_ALLOWED_NETWORKS: {item!r} is not a network") from exc
        return cls(tuple(parsed))

    def allows_explicitly(self, address: IPAddress) -> bool:
        return any(address in network for network in self.allowed_networks)

    def permits(self, address: IPAddress) -> bool:
        if self.allows_explicitly(address):
            return True
        if isinstance(address, ipaddress.IPv6Address):
            carried = embedded_ipv4(address)
            if carried:  # judged by every IPv4 address it carries
                return all(self.permits(v4) for v4 in carried)
        return address.is_global and not address.is_multicast

    def check(self, address: str, host: str) -> IPAddress:
        parsed = ipaddress.ip_address(address.split("%", 1)[0])
        if not self.permits(parsed):
            # Users read this (source errors, notifications): it names no setting.
            raise BlockedAddress(
                f"refused to connect to {host} ({parsed}): it is a private, loopback, link-local or "
                "reserved address, and osnguard crawls only public web sites"
            )
        return parsed


def resolve_checked(host: str, port: int, policy: AddressPolicy) -> list[tuple[int, str]]:
    """Resolve `host` and return (family, address) pairs, refusing if any answer is blocked."""
    host = host.strip("[]")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise OSError(f"cannot resolve {host}: {exc}") from exc
    results: list[tuple[int, str]] = []
    for family, _type, _proto, _canon, sockaddr in infos:
        address = str(sockaddr[0])
        policy.check(address, host)  # one bad answer blocks the name: no rebinding games
        if (family, address) not in results:
            results.append((family, address))
    if not results:
        raise OSError(f"cannot resolve {host}: no addresses")
    return results


def connect_checked(
    host: str,
    port: int,
    timeout: float | None,
    policy: AddressPolicy,
    *,
    deadline: float | None = None,
) -> socket.socket:
    """Open a TCP connection to a checked address of `host`; no attempt outlives `deadline`
    (a time.monotonic() value), however many addresses the name has."""
    last_error: OSError | None = None
    for family, address in resolve_checked(host, port, policy):
        if deadline is not None:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no connection to {host} before the deadline")
            timeout = remaining if timeout is None else min(timeout, remaining)
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            if timeout is not None:
                sock.settimeout(timeout)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.connect((address, port))
            return sock
        except OSError as exc:
            sock.close()
            last_error = exc
    assert last_error is not None
    raise last_error
