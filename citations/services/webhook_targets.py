"""Where webhook events may be sent: a guard against server-side request forgery.

A callback URL must be http(s) and its host must resolve only to public addresses: never
loopback (the app's own admin, a database on 127.0.0.1:5432), private networks, link-local
addresses (the cloud metadata service at 169.254.169.254) or other special ranges. The check
runs when the URL is set (set_webhook, the admin) and again at every delivery, and a delivery
connects to the very address that was checked, so a name that re-resolves elsewhere (DNS
rebinding) cannot redirect it. CITATIONS_WEBHOOK_ALLOW_PRIVATE lets loopback and private
addresses through, for tests and on-premise receivers; link-local ones are refused regardless.
An IPv6 address that carries an IPv4 one (NAT64, 6to4, Teredo, IPv4-mapped or -compatible)
reaches that IPv4 address, so the IPv4 one is checked too. Only ports 80 and 443 are accepted
unless CITATIONS_WEBHOOK_PORTS names more: other ports are where internal services listen.
"""

import ipaddress
import socket
from urllib.parse import urlsplit, urlunsplit

import idna
from django.conf import settings
from django.core.exceptions import ValidationError

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
# NAT64 prefixes (RFC 6052 well-known, RFC 8215 local use): the IPv4 address is the last 32 bits.
NAT64 = (ipaddress.ip_network("64:ff9b::/96"), ipaddress.ip_network("64:ff9b:1::/48"))
# IPv4-compatible addresses (::a.b.c.d, deprecated but still routed by some stacks).
IPV4_COMPATIBLE = ipaddress.ip_network("::/96")


class UnsafeTarget(ValueError):
    """The URL may not receive webhooks; `permanent` unless only name resolution failed."""

    def __init__(self, reason: str, *, permanent: bool = True):
        super().__init__(reason)
        self.permanent = permanent


def resolve(url: str) -> tuple[str, list[IPAddress]]:
    """(host, addresses) for a URL that may receive webhooks; raises UnsafeTarget."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise UnsafeTarget(f"not a valid URL ({exc})") from None
    if parts.scheme not in ("http", "https"):
        raise UnsafeTarget("only http and https URLs are accepted")
    host = parts.hostname
    if not host:
        raise UnsafeTarget("the URL has no host")
    port = port or (443 if parts.scheme == "https" else 80)
    _check_port(port)
    try:
        ascii_host = host if host.startswith("[") or ":" in host else idna.encode(host).decode()
    except idna.IDNAError as exc:  # the HTTP client would refuse it too, at every attempt
        raise UnsafeTarget(f"the host name is not a valid domain name ({exc})") from None
    try:
        infos = socket.getaddrinfo(ascii_host, port, type=socket.SOCK_STREAM)
    except OSError:
        raise UnsafeTarget(f"the host name {host!r} does not resolve", permanent=False) from None
    addresses = []
    for *_, sockaddr in infos:
        address = ipaddress.ip_address(sockaddr[0].split("%")[0])
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
            address = address.ipv4_mapped
        for inner in embedded_ipv4(address):
            _check(inner, shown=f"{inner}, inside {address}")
        _check(address)
        addresses.append(address)
    return host, addresses


def _check_port(port: int) -> None:
    allowed = settings.CITATIONS_WEBHOOK_PORTS
    if allowed is not None and port not in allowed:
        names = ", ".join(str(p) for p in sorted(allowed))
        raise UnsafeTarget(
            f"port {port} is not accepted (only {names}; setting CITATIONS_WEBHOOK_PORTS "
            "allows more)"
        )


def embedded_ipv4(address: IPAddress) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address leads to (NAT64, 6to4, Teredo, IPv4-compatible)."""
    if not isinstance(address, ipaddress.IPv6Address):
        return []
    found = []
    if address.sixtofour:
        found.append(address.sixtofour)
    if address.teredo:
        found.extend(address.teredo)  # (server, client)
    if any(address in network for network in (*NAT64, IPV4_COMPATIBLE)):
        low = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        # :: and ::1 are the IPv6 unspecified and loopback addresses, checked as such.
        if not (address in IPV4_COMPATIBLE and int(low) <= 1):
            found.append(low)
    return found


def _check(address: IPAddress, shown: str = "") -> None:
    shown = shown or str(address)
    if address.is_link_local or address.is_multicast or address.is_unspecified:
        raise UnsafeTarget(f"the host resolves to a link-local or special address ({shown})")
    if not address.is_global and not settings.CITATIONS_WEBHOOK_ALLOW_PRIVATE:
        raise UnsafeTarget(
            f"the host resolves to a loopback, private or reserved address ({shown}); "
            "setting CITATIONS_WEBHOOK_ALLOW_PRIVATE allows such receivers"
        )


def pinned_url(url: str, address: IPAddress) -> str:
    """`url` with its host replaced by `address`, which was checked (send Host separately)."""
    parts = urlsplit(url)
    literal = f"[{address}]" if address.version == 6 else str(address)
    netloc = f"{literal}:{parts.port}" if parts.port else literal
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))


def validate_webhook_url(url: str) -> None:
    """A Django validator for the forms and commands that set a callback URL."""
    try:
        resolve(url)
    except UnsafeTarget as exc:
        raise ValidationError(f"Webhook URL refused: {exc}.", code="unsafe_webhook") from None
