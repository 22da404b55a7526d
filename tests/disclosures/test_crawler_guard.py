"""The SSRF guard and IPv6 forms that embed an IPv4 address (issue 11, finding 10): mapped,
compatible, translated, NAT64, 6to4 and Teredo addresses are judged by the IPv4 they carry."""

from __future__ import annotations

import ipaddress
import socket

import pytest

from osnguard.disclosures.crawler.guard import AddressPolicy, BlockedAddress, embedded_ipv4
from osnguard.disclosures.crawler.http import FetchError, GuardedClient

DEFAULT = AddressPolicy()
LOCAL = AddressPolicy.from_strings(["127.0.0.0/8"])

CARRYING_PRIVATE = [
    "::127.0.0.1",  # IPv4-compatible
    "::ffff:127.0.0.1",  # IPv4-mapped
    "::ffff:0:127.0.0.1",  # IPv4-translated
    "64:ff9b::127.0.0.1",  # NAT64 well-known prefix
    "64:ff9b::10.0.0.1",
    "64:ff9b:1::a9fe:a9fe",  # NAT64 local-use prefix, 169.254.169.254
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2002:c0a8:101::1",  # 6to4 of 192.168.1.1
    "2001:0:4136:e378:8000:63bf:80ff:fffe",  # Teredo, client 127.0.0.1
    "2001:0:a00:1::1",  # Teredo, server 10.0.0.1
    "::1",
    "::",
]


@pytest.mark.parametrize("address", CARRYING_PRIVATE)
def test_addresses_carrying_a_private_ipv4_are_refused(address):
    assert not DEFAULT.permits(ipaddress.ip_address(address))
    with pytest.raises(BlockedAddress, match="private, loopback"):
        DEFAULT.check(address, "example.org")


@pytest.mark.parametrize(
    "address,carried",
    [
        ("::ffff:127.0.0.1", ["127.0.0.1"]),
        ("::127.0.0.1", ["127.0.0.1"]),
        ("64:ff9b::8.8.8.8", ["8.8.8.8"]),
        ("2002:808:808::1", ["8.8.8.8"]),
        ("2001:0:4136:e378:8000:63bf:80ff:fffe", ["65.54.227.120", "127.0.0.1"]),
        ("2606:4700::1111", []),
    ],
)
def test_embedded_ipv4_is_found(address, carried):
    assert [str(a) for a in embedded_ipv4(ipaddress.ip_address(address))] == carried


@pytest.mark.parametrize(
    "address",
    ["64:ff9b::8.8.8.8", "2002:808:808::1", "::ffff:8.8.8.8", "2606:4700::1111", "8.8.8.8"],
)
def test_public_addresses_stay_reachable(address):
    assert DEFAULT.permits(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", ["::ffff:127.0.0.1", "64:ff9b::127.0.0.1", "2002:7f00:1::1"])
def test_the_allow_list_covers_the_ipv4_carried(address):
    assert LOCAL.permits(ipaddress.ip_address(address))
    assert not LOCAL.permits(ipaddress.ip_address("64:ff9b::10.0.0.1"))


def test_the_refusal_names_no_setting():
    with pytest.raises(BlockedAddress) as info:
        DEFAULT.check("10.0.0.1", "intranet.example")
    assert "CRAWLER_" not in str(info.value) and "public web sites" in str(info.value)


@pytest.mark.parametrize("address", CARRYING_PRIVATE[:9])
def test_client_never_connects_to_them(address, monkeypatch):
    seen: list[object] = []
    original = socket.socket.connect

    def spy(self, target):
        seen.append(target)
        return original(self, target)

    monkeypatch.setattr(socket.socket, "connect", spy)
    with pytest.raises(FetchError, match="refused") as info:
        GuardedClient().get(f"http://[{address}]:9/")
    assert info.value.transient is False
    assert seen == []
