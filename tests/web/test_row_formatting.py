"""What the queue formats once per row instead of in its template: each must read exactly as
the template's own filter and tag did."""

import pytest
from django.template.defaultfilters import truncatechars
from django.urls import reverse

from citations.web.presenters.formatting import truncated
from citations.web.presenters.queue_rows import support_text
from citations.web.views.queue import answer_url


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


@pytest.mark.django_db
def test_a_row_is_prepared_with_every_value_its_markup_prints(client, reviewer, editor):
    """The row's classes and texts come ready from the view (web.presenters.queue_rows), so
    the template prints them without a condition of its own."""
    from citations.services import answer_claim
    from citations.services.assignment import answer_assign
    from tests.factories import make_answer
    from tests.web.conftest import LABOUR_LAW, LEGAL_TEXT, login

    answer = make_answer(text=LEGAL_TEXT, evidence=LABOUR_LAW, question="legal one")
    answer_assign(answers=[answer], assignee=editor, by=editor)
    answer_claim(answer=answer, user=reviewer)
    login(client, editor)
    response = client.get(reverse("citations:answer_list"), {"scope": "all"})
    [row] = response.context["items"]
    # Nothing ticked, but the name is there: a missing one costs the row an exception.
    assert response.context["picked"] == frozenset()
    assert row["taken"] == " is-taken"
    assert row["time_cls"] == "waited meta-sep"
    assert row["tags"] == [{"cls": "tag tag-legal", "text": "Legal"}]
    assert (row["assignee_cls"], row["assignee"]) == ("assignee assignee-mine", "Assigned to you")
    assert (row["claim_cls"], row["claim"]) == ("claim", "Being reviewed by rita")
    kinds = ("verified", "unsupported", "uncited")
    assert [row[f"{kind}_zero"] == " is-zero" for kind in kinds] == [not row[k] for k in kinds]
