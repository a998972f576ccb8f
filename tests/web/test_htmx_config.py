"""htmx never writes inline styles the Content-Security-Policy would block, and swaps a 409
(issue 22: console free of CSP violations; the overrule question)."""

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.web.conftest import login

pytestmark = pytest.mark.django_db

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "app.css"


def htmx_config(html: str) -> dict:
    content = re.search(r"<meta name=\"htmx-config\" content='([^']*)'>", html).group(1)
    return json.loads(content)


def test_htmx_adds_no_inline_style_and_swaps_a_conflict(client, reviewer):
    login(client, reviewer)
    config = htmx_config(client.get(reverse("citations:answer_list")).content.decode())
    assert config["includeIndicatorStyles"] is False
    # Settling copies these attributes with setAttribute: a `style` one is blocked by the CSP.
    assert "style" not in config["attributesToSettle"]
    handling = {rule["code"]: rule for rule in config["responseHandling"]}
    assert handling["409"]["swap"] is True
    assert list(handling).index("409") < list(handling).index("[45]..")


def test_the_indicator_rule_is_in_the_sites_css():
    css = CSS.read_text()
    assert ".htmx-indicator { opacity: 0; }" in css
    assert ".htmx-request .htmx-indicator" in css
