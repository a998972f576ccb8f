"""Legal-ness of a stored answer and its unresolved legal citations, whatever style was asked."""

import pytest

from citations.models import UnresolvedCitation
from citations.services import answer_create
from tests.factories import ApiClientFactory

pytestmark = pytest.mark.django_db

LEAVE = {"text": "Employees are entitled to 30 days of paid annual leave each year."}


@pytest.mark.parametrize("style", ["auto", "numeric", "legal"])
def test_a_legal_citation_makes_the_answer_legal_in_any_style(style):
    text = "Employees get 30 days of paid annual leave [1] under Article 30 of the Labour Law."
    answer, _ = answer_create(
        client=ApiClientFactory(), text=text, evidence=[LEAVE], citation_style=style
    )
    assert answer.is_legal


@pytest.mark.parametrize(
    "text",
    [
        "Employees get 30 days of paid annual leave [1].",
        # Not unmistakable, and the evidence carries no law: not a legal citation.
        "Employees get 30 days of paid annual leave [1], as Article 5 of the contract says.",
    ],
)
def test_a_numeric_answer_stays_not_legal(text):
    answer, _ = answer_create(client=ApiClientFactory(), text=text, evidence=[LEAVE])
    assert not answer.is_legal


def test_an_inline_unresolved_citation_is_recorded_with_its_unit():
    text = "Employees get 30 days of paid annual leave under § 823 Abs. 1 BGB."
    answer, _ = answer_create(client=ApiClientFactory(), text=text, evidence=[LEAVE])
    row = UnresolvedCitation.objects.get(answer=answer)
    assert (row.style, row.raw, row.law, row.article) == ("legal", "§ 823 Abs. 1 BGB", "BGB", "823")
