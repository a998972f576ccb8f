"""The SSRF guard sees through IPv6 forms that carry an IPv4 address (NAT64, 6to4, Teredo,
IPv4-mapped and -compatible): the metadata service, loopback and private networks are refused
in any of them. Receivers listen on ports 80 and 443 unless CITATIONS_WEBHOOK_PORTS names more."""

import pytest
from django.core.management import CommandError, call_command

from citations.models import ApiClient
from citations.services import webhook_targets
from tests.factories import ApiClientFactory

pytestmark = pytest.mark.django_db

# Each embeds 169.254.169.254, the cloud metadata service.
METADATA_IN_IPV6 = {
    "nat64": "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",
    "nat64-local": "http://[64:ff9b:1::a9fe:a9fe]/latest/meta-data/",
    "6to4": "http://[2002:a9fe:a9fe::1]/latest/meta-data/",
    "teredo": "http://[2001:0:4136:e378:8000:63bf:5601:5601]/latest/meta-data/",
    "ipv4-mapped": "http://[::ffff:169.254.169.254]/latest/meta-data/",
    "ipv4-compatible": "http://[::a9fe:a9fe]/latest/meta-data/",
}
# Each embeds 127.0.0.1 or 10.0.0.5.
PRIVATE_IN_IPV6 = {
    "nat64-loopback": "http://[64:ff9b::7f00:1]/admin/",
    "nat64-private": "http://[64:ff9b::a00:5]/hook",
    "6to4-loopback": "http://[2002:7f00:1::1]/admin/",
}
PUBLIC_NAT64 = "http://[64:ff9b::5db8:d70e]/hook"  # 93.184.215.14 through NAT64


def set_webhook(url: str) -> str:
    ApiClientFactory(name="gen")
    call_command("set_webhook", "gen", url)
    return ApiClient.objects.get(name="gen").webhook_url


@pytest.mark.parametrize("url", METADATA_IN_IPV6.values(), ids=METADATA_IN_IPV6)
@pytest.mark.parametrize("allow_private", [False, True], ids=["default", "private-allowed"])
def test_the_metadata_address_inside_an_ipv6_form_is_refused(settings, url, allow_private):
    settings.CITATIONS_WEBHOOK_ALLOW_PRIVATE = allow_private

    with pytest.raises(CommandError, match=r"169\.254\.169\.254"):
        set_webhook(url)


@pytest.mark.parametrize("url", PRIVATE_IN_IPV6.values(), ids=PRIVATE_IN_IPV6)
def test_loopback_and_private_addresses_inside_an_ipv6_form_are_refused(url):
    with pytest.raises(CommandError, match="refused"):
        set_webhook(url)


def test_a_public_address_through_nat64_is_accepted():
    assert set_webhook(PUBLIC_NAT64) == PUBLIC_NAT64


@pytest.mark.parametrize(
    "url",
    [
        "http://93.184.215.14:8080/hook",
        "https://93.184.215.14:22/",
        "http://[64:ff9b::5db8:d70e]:6379/",
    ],
)
def test_a_port_other_than_80_or_443_is_refused(url):
    with pytest.raises(CommandError, match="port"):
        set_webhook(url)


@pytest.mark.parametrize("url", ["http://93.184.215.14:80/hook", "https://93.184.215.14:443/"])
def test_the_default_ports_written_out_are_accepted(url):
    assert set_webhook(url) == url


def test_the_setting_admits_more_ports(settings):
    settings.CITATIONS_WEBHOOK_PORTS = [80, 443, 8443]

    assert set_webhook("https://93.184.215.14:8443/hook") == "https://93.184.215.14:8443/hook"
    with pytest.raises(webhook_targets.UnsafeTarget, match="CITATIONS_WEBHOOK_PORTS"):
        webhook_targets.resolve("https://93.184.215.14:8080/hook")
