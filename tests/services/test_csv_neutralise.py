"""CSV exports never hand a spreadsheet a live formula, however the cell disguises it."""

import csv
import io

import pytest

from citations import exports
from citations.models import Answer
from tests.factories import make_answer

DISGUISED = [
    "=1+1",
    '\uff1dHYPERLINK("http://evil")',  # full-width equals sign
    "\uff0b1",
    "\uff20SUM(A1)",
    "\t=1+1",
    "\r=1+1",
    "\n=1+1",
    " =1+1",
    "   @SUM(A1)",
    "\u3000=1",  # an ideographic space first
]


@pytest.mark.django_db
@pytest.mark.parametrize("question", DISGUISED)
def test_a_disguised_formula_is_neutralised(question):
    make_answer(question=question)
    body = "".join(exports.csv_lines(Answer.objects.all()))
    row = next(csv.DictReader(io.StringIO(body)))
    assert row["question"] == "'" + question


@pytest.mark.django_db
def test_ordinary_text_is_left_alone():
    make_answer(question="What is 1 + 1? -- asked by a reviewer")
    row = next(csv.DictReader(io.StringIO("".join(exports.csv_lines(Answer.objects.all())))))
    assert row["question"] == "What is 1 + 1? -- asked by a reviewer"
