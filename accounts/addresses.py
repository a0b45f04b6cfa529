"""Addresses kept for fairness checks: a keyed hash of each client's address, never the
address itself.

Two records compare equal when they came from the same IPv4 address, or the same IPv6
/64 network (one subscriber's share, as the guess limit counts them:
``common.throttle.client_key``). The hash is keyed with the server's secret, so the
database alone does not give the addresses back. Addresses of the networks an operator
trusts (``GUEST_LIMIT_TRUSTED``: a club's or an office's shared address), loopback ones
(the machine itself, or a proxy in front of it that does not pass the client's address
on: everyone would share it) and unknown ones are kept as empty, which matches nothing.
"""

from __future__ import annotations

import ipaddress

from django.utils.crypto import salted_hmac

from accounts import guest_limit
from common.throttle import client_key

SALT = "accounts.addresses"


def address_key(address: str | None) -> str:
    """The keyed hash (32 hex digits) of ``address``'s network, or ``""`` when it is
    unknown, loopback or trusted.

    >>> address_key("203.0.113.7") == address_key("203.0.113.7") != address_key("203.0.113.8")
    True
    >>> address_key("2001:db8::1") == address_key("2001:db8::2"), address_key("127.0.0.1")
    (True, '')
    """
    key = client_key(address)
    if key == "unknown" or is_loopback_ip(address or "") or guest_limit.trusted(address):
        return ""
    return salted_hmac(SALT, key, algorithm="sha256").hexdigest()[:32]


def is_loopback_ip(address: str) -> bool:
    """Whether ``address`` (an IP address, IPv4-mapped ones included) is a loopback one;
    ``False`` for anything that is not an address.

    >>> [is_loopback_ip(a) for a in ("127.0.0.2", "::1", "::ffff:127.0.0.1", "10.0.0.1", "x")]
    [True, True, True, False, False]
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback
