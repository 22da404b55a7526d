"""The SSRF guard: which IP addresses the crawler may connect to.

Only globally routable unicast addresses are allowed, unless an address falls inside a network the
operator allow-lists (`CRAWLER_ALLOWED_NETWORKS`, e.g. "127.0.0.0/8" for local test servers).
Names are resolved here and checked before any packet is sent; the connection then goes to the
checked address, so a second DNS answer cannot smuggle in a private one.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass, field
from typing import Iterable

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


class BlockedAddress(Exception):
    """The crawler refused to connect: the address is private, loopback, link-local or reserved."""


@dataclass(frozen=True)
class AddressPolicy:
    allowed_networks: tuple[IPNetwork, ...] = field(default_factory=tuple)

    @classmethod
    def from_strings(cls, networks: Iterable[str]) -> "AddressPolicy":
        parsed = []
        for item in networks:
            try:
                parsed.append(ipaddress.ip_network(item.strip(), strict=False))
            except ValueError as exc:
                raise ValueError(f"CRAWLER_ALLOWED_NETWORKS: {item!r} is not a network") from exc
        return cls(tuple(parsed))

    def permits(self, address: IPAddress) -> bool:
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        if any(address in network for network in self.allowed_networks):
            return True
        return address.is_global and not address.is_multicast

    def check(self, address: str, host: str) -> IPAddress:
        parsed = ipaddress.ip_address(address.split("%", 1)[0])
        if not self.permits(parsed):
            raise BlockedAddress(
                f"refused to connect to {host} ({parsed}): private, loopback, link-local or "
                "reserved addresses are not crawled unless CRAWLER_ALLOWED_NETWORKS allows them"
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
    host: str, port: int, timeout: float | None, policy: AddressPolicy
) -> socket.socket:
    """Open a TCP connection to a checked address of `host`."""
    last_error: OSError | None = None
    for family, address in resolve_checked(host, port, policy):
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
