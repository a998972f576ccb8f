"""Where webhook events may be sent: a guard against server-side request forgery.

A callback URL must be http(s) and its host must resolve only to public addresses: never
loopback (the app's own admin, a database on 127.0.0.1:5432), private networks, link-local
addresses (the cloud metadata service at 169.254.169.254) or other special ranges. The check
runs when the URL is set (set_webhook, the admin) and again at every delivery, and a delivery
connects to the very address that was checked, so a name that re-resolves elsewhere (DNS
rebinding) cannot redirect it. CITATIONS_WEBHOOK_ALLOW_PRIVATE lets loopback and private
addresses through, for tests and on-premise receivers; link-local ones are refused regardless.
"""

import ipaddress
import socket
from urllib.parse import urlsplit, urlunsplit

import idna
from django.conf import settings
from django.core.exceptions import ValidationError

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


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
        _check(address)
        addresses.append(address)
    return host, addresses


def _check(address: IPAddress) -> None:
    if address.is_link_local or address.is_multicast or address.is_unspecified:
        raise UnsafeTarget(f"the host resolves to a link-local or special address ({address})")
    if not address.is_global and not settings.CITATIONS_WEBHOOK_ALLOW_PRIVATE:
        raise UnsafeTarget(
            f"the host resolves to a loopback, private or reserved address ({address}); "
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
