"""What the queue formats once per row instead of in its template: each must read exactly as
the template's own filter and tag did."""

import pytest
from django.template.defaultfilters import truncatechars
from django.urls import reverse

from citations.web.presenters.formatting import truncated
from citations.web.views.queue import answer_url, support_text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "What are the leave rules?",
        "x" * 160,
        "x" * 161,
        "é" * 200,
        # Combining accents: the filter's text is composed (NFC) whatever its length, and
        # counts 85 characters in 170 code points.
        "e\u0301" * 10,
        "e\u0301" * 85,
        "e\u0301" * 170,
        "word " * 40,
    ],
)
def test_a_title_is_cut_as_truncatechars_cuts_it(text):
    assert truncated(text, 160) == truncatechars(text, 160)


@pytest.mark.parametrize("pk", [1, 7, 42, 987654321, 10**12])
def test_an_answer_url_is_the_one_reverse_makes(pk):
    detail_url = answer_url("citations:answer_detail")
    assert detail_url(pk) == reverse("citations:answer_detail", args=[pk])


@pytest.mark.parametrize(
    ("score", "text"),
    [
        (None, "no cited sentence"),
        (0, "weakest support 0: a citation fails or a passage says otherwise"),
        (0.125, "weakest support 0.13"),
        (0.5, "weakest support 0.50"),
        (1, "weakest support 1.00"),
    ],
)
def test_the_weakest_support_reads_as_the_template_wrote_it(score, text):
    assert support_text(score) == text
