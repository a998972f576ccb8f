"""A report stored by an engine before 3.1 has no decided_by, summary or numbers: the answer
page neither breaks nor shows a blank where they would be (it shows the full reason and says
what its count counts); `manage.py reverify --all` adds them."""

import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from tests.factories import make_answer
from tests.web.conftest import login
from tests.web.test_support_panel import panel, text_of

pytestmark = pytest.mark.django_db

EVIDENCE = [{"text": "Employees are entitled to 30 days of paid annual leave each year."}]
TEXT = "Employees are entitled to 14 days of paid annual leave each year [1]."


def old_shaped(answer) -> None:
    """The report as engine 3.0 stored it before issue 22: no decided_by, summary, numbers."""
    verification = answer.verifications.get()
    verification.report["engine"] = verification.engine_version = "3.0"
    [sentence] = verification.report["sentences"]
    del sentence["decided_by"], sentence["summary"], sentence["numbers"]
    sentence["reason"] = "the sentence says 14 days; passage [1] says 30 days"
    verification.save()


def test_the_answer_page_shows_the_full_reason_where_the_summary_would_be(client, reviewer):
    answer = make_answer(text=TEXT, evidence=EVIDENCE)
    old_shaped(answer)
    login(client, reviewer)
    page = client.get(reverse("citations:answer_detail", args=[answer.pk])).content.decode()
    card = re.search(r'<li class="card card-unsupported.*?</li>', page, re.S)[0]
    assert '<p class="reason">the sentence says 14 days; passage [1] says 30 days</p>' in card
    assert "Full reason" not in card
    said = text_of(panel(client, answer, s=0))
    assert "Why: the sentence says 14 days; passage [1] says 30 days" in said
    assert "the words match, but a number differs" in said
    assert "Matched terms 7 of 8 terms and numbers" in said  # "14" is missing


def test_reverify_all_gives_an_old_report_its_summary(client, reviewer):
    answer = make_answer(text=TEXT, evidence=EVIDENCE)
    old_shaped(answer)
    call_command("reverify", "--all", "--workers", "1", verbosity=0)
    login(client, reviewer)
    said = text_of(panel(client, answer, s=0))
    assert "Why: Passage [1] says 30 days, not 14 days" in said
    assert "Matched terms 7 of 7 key terms" in said
