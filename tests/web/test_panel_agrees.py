"""Issue 22: the evidence panel never contradicts itself. A missing term a given passage holds
is said where it is; one count of key terms; no chip twice; a disguised citation is shown as
such; a legal unit is named in the citation's own word."""

import re

import pytest
from django.urls import reverse

from citations.web.presenters.evidence_panel import carried_reason
from citations.web.presenters.term_places import TermCount
from citations.web.rendering.passage import mark_passage
from citations.web.rendering.units import passage_source, unit_label
from tests.factories import make_answer
from tests.web.conftest import login
from tests.web.test_support_panel import panel, text_of

pytestmark = pytest.mark.django_db

SECURITY = [
    {
        "text": "A lost or stolen laptop must be reported to the security team within 24 hours "
        "so it can be wiped remotely."
    },
    {
        "text": "Multi-factor authentication is mandatory for every account, including service "
        "accounts used by automation."
    },
]
LEAVE = [
    {
        "title": "Parental leave",
        "text": "The company offers 16 weeks of paid parental leave to "
        "every parent, to be taken within the first year after a birth or adoption.",
    },
]


def missing_chips(html: str) -> list[str]:
    return re.findall(r'<span class="term-missing">([^<]*)</span>', html)


@pytest.mark.parametrize(
    ("cite", "where"), [("[5]", "no passage cited; in [1]"), ("[2]", "not in passage [2]; in [1]")]
)
def test_a_term_a_given_passage_holds_is_never_said_to_be_missing(client, reviewer, cite, where):
    answer = make_answer(text=f"The laptop is then wiped remotely {cite}.", evidence=SECURITY)
    login(client, reviewer)
    html = panel(client, answer, s=0)
    assert "Not in the evidence" not in html
    text = text_of(html)
    for term in ("laptop", "wiped", "remotely"):
        assert f"{term} {where}" in text
    assert "passage [1] would support the sentence" in html


def test_a_term_no_passage_holds_is_still_not_in_the_evidence(client, reviewer):
    answer = make_answer(
        text="The laptop is wiped by the helpdesk on Fridays [1].", evidence=SECURITY
    )
    login(client, reviewer)
    html = panel(client, answer, s=0)
    absent = re.search(r"Not in the evidence</span>(.*?)</p>", html, re.S)[1]
    assert missing_chips(absent) == ["helpdesk", "fridays"]


def test_one_count_of_key_terms_and_each_chip_once(client, reviewer):
    text = "The leave can be split into four blocks of four weeks [1]."
    answer = make_answer(text=text, evidence=LEAVE)
    login(client, reviewer)
    html = panel(client, answer, s=0)
    said = text_of(html)
    # leave, weeks matched; split, blocks missing; "four" a number the passage lacks (the
    # sentence says it twice). The reason's count: "only 2 of 4 key terms".
    assert "only 2 of 4 key terms" in said
    assert "Matched terms 2 of 4 key terms leave weeks" in said
    assert "Carries, without support 2 of 4 key terms" in said
    assert missing_chips(html).count("four") == 1
    assert "four four" not in said


def test_a_citations_count_of_carried_terms_is_the_panels():
    engine = "passage [1] carries 2 of the sentence's 6 key terms ('leave' and 'weeks') but no"
    said = carried_reason(engine, TermCount(2, 5))
    assert (
        said == "passage [1] carries 2 of the sentence's 5 key terms ('leave' and 'weeks') but no"
    )


def test_a_time_is_one_chip_and_no_piece_of_it_is_marked():
    passage = "Core hours are 10:00 to 15:00 and 09:00 to 17:00 elsewhere."
    html = mark_passage(passage, terms=["00", "10", "09:00 to 17:00", "hours"])
    assert re.findall(r'<b class="term">([^<]*)</b>', html) == ["hours", "09:00 to 17:00"]


def test_a_disguised_citation_says_so_on_its_chip_and_in_the_panel(client, reviewer):
    answer = make_answer(text="The laptop is then wiped remotely [1\u200b].", evidence=SECURITY)
    login(client, reviewer)
    page = client.get(reverse("citations:answer_detail", args=[answer.pk])).content.decode()
    chip = re.search(r'<a class="chip chip-verified chip-disguised"[^>]*>.*?</a>', page, re.S)[0]
    assert 'title="supports the sentence; hidden characters removed from this citation"' in chip
    assert '<span class="sr-only"> (supports the sentence; hidden characters removed' in chip
    assert '<span class="chip-hidden" aria-hidden="true">' in chip
    html = panel(client, answer, s=0)
    assert "chip-disguised" in html
    assert "hidden characters removed from this citation" in text_of(html)


def test_a_plain_citation_is_not_disguised(client, reviewer):
    answer = make_answer(text="The laptop is then wiped remotely [1].", evidence=SECURITY)
    login(client, reviewer)
    page = client.get(reverse("citations:answer_detail", args=[answer.pk])).content.decode()
    assert "chip-disguised" not in page and "hidden characters" not in page


@pytest.mark.parametrize(
    ("raw", "unit", "label"),
    [
        (
            "[Social Security Law, Article 12]",
            {"law": "Social Security Law", "article": "12"},
            "Social Security Law · Article 12",
        ),
        (
            "[Homeland Security Code, Art. 4]",
            {"law": "Homeland Security Code", "article": "4"},
            "Homeland Security Code · Art. 4",
        ),
        (
            "(§ 823 Abs. 1 BGB)",
            {"law": "BGB", "article": "823", "paragraph": "1"},
            "BGB · § 823(1)",
        ),
        (
            "[Labour Law, Article 12-14]",
            {"law": "Labour Law", "article": "12-14"},
            "Labour Law · Articles 12-14",
        ),
    ],
)
def test_a_unit_is_named_in_the_citations_own_word(raw, unit, label):
    assert unit_label({"raw": raw, "unit": unit}) == label


def test_a_passage_title_naming_its_unit_is_one_label():
    assert passage_source("BGB", "823", "BGB, § 823 Abs. 1") == ""
    assert passage_source("Labour Law", "30", "Labour Law, Article 30") == ""
    assert passage_source("Labour Law", "30", "Annual leave") == "Labour Law, Article 30"


def test_a_citations_reason_counts_as_the_sentences_and_names_its_number(client, reviewer):
    evidence = [{"text": "Employees are entitled to 30 days of paid annual leave each year."}]
    text = "Employees are entitled to 30 days of paid annual leave each year [1][9]."
    answer = make_answer(text=text, evidence=evidence)
    login(client, reviewer)
    said = text_of(panel(client, answer, s=0))
    assert (
        "passage [1] carries 7 of the sentence&#x27;s 7 key terms (&#x27;employees&#x27;, " in said
    )
    assert "and its number 30 but does not support the sentence" in said
    assert "8 of the sentence" not in said  # the number is named, not counted as a term


def test_the_panel_counts_key_terms_as_the_reason_does_and_names_numbers_apart(client, reviewer):
    evidence = [{"text": "Employees are entitled to 30 days of paid annual leave each year."}]
    text = "Employees are entitled to 30 days of paid annual leave each year [1][9]."
    answer = make_answer(text=text, evidence=evidence)
    login(client, reviewer)
    html = panel(client, answer, s=0)
    said = text_of(html)
    assert (
        "Matched terms 7 of 7 key terms employees entitled days paid annual leave year "
        "and number 30" in said
    )
    assert '<b class="term term-number">30</b>' in html
    assert "Carries, without support 7 of 7 key terms" in said
    assert "8 of" not in said


def test_a_report_without_numbers_marked_counts_terms_and_numbers_together(client, reviewer):
    """A report stored before the engine marked its numbers cannot tell them apart: the count
    says what it counts instead of passing numbers off as key terms."""
    evidence = [{"text": "Employees are entitled to 30 days of paid annual leave each year."}]
    answer = make_answer(
        text="Employees are entitled to 30 days of paid annual leave each year [1][9].",
        evidence=evidence,
    )
    verification = answer.verifications.get()
    for sentence in verification.report["sentences"]:
        for key in ("numbers", "decided_by", "summary"):
            del sentence[key]
    verification.save()
    login(client, reviewer)
    said = text_of(panel(client, answer, s=0))
    assert "Matched terms 8 of 8 terms and numbers employees" in said
    assert "key terms employees" not in said


def test_a_number_held_counting_something_else_is_one_conflict_not_a_term_elsewhere(
    client, reviewer
):
    answer = make_answer(
        text="The company offers 16 months of paid parental leave to every parent [1].",
        evidence=LEAVE,
    )
    login(client, reviewer)
    text = text_of(panel(client, answer, s=0))
    assert "the sentence says 16 months; passage [1] says 16 weeks" in text
    assert "Not where it is cited" not in text
