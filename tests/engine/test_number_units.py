"""A number is stated with what it counts: "30 weeks" is not the passage's "30 days"."""

import pytest

from citations.engine import verify
from citations.engine.text.units import unit_after

LEAVE = {
    "text": "Employees are entitled to 30 days of paid annual leave. "
    "Overtime is paid at 150 percent of the hourly wage. The office is 24 hours away. "
    "Staff who worked for six months get leave."
}


def only(text, evidence=(LEAVE,)):
    (sentence,) = verify(text, list(evidence)).sentences
    return sentence


@pytest.mark.parametrize(
    ("text", "said", "instead"),
    [
        ("Employees are entitled to 30 weeks of paid annual leave [1].", "30 weeks", "30 days"),
        ("Overtime is paid at 150 dollars per hour [1].", "150 dollars", "150 percent"),
        ("The office is 24 km away [1].", "24 km", "24 hours"),
        # a value in words, quoted as the passage writes it
        ("Staff who worked for 6 weeks get leave [1].", "6 weeks", "six months"),
    ],
)  # fmt: skip
def test_the_same_value_counting_something_else_is_not_stated(text, said, instead):
    sentence = only(text)
    assert sentence.status == "unsupported"
    assert sentence.reason.startswith(f"the sentence says {said}; passage [1] says {instead};")


@pytest.mark.parametrize(
    "text",
    [
        "Employees are entitled to 30 days of paid annual leave [1].",
        "Employees get a 30-day paid annual leave [1].",
        "Overtime is paid at 150% of the hourly wage [1].",
    ],
)
def test_the_same_unit_written_otherwise_is_stated(text):
    assert only(text).status == "verified"


def test_a_unit_word_the_passage_writes_as_a_sign_is_found_with_its_number():
    evidence = [{"text": "In 2023, sales grew by 12%."}]
    sentence = only("Sales grew 12 percent in 2023 [1].", evidence)
    assert sentence.status == "verified"
    assert "3 of 3 key terms" in sentence.reason
    # the word alone, beside another number's sign, is not found so
    other = only("Sales grew 15 percent in 2023 [1].", evidence)
    assert "'percent'" in other.reason


def test_a_word_outside_the_units_says_nothing_either_way():
    calendar = only("Employees are entitled to 30 calendar days of paid annual leave [1].")
    assert calendar.status == "verified"
    evidence = [{"text": "The firm employs 30 people and grants them annual leave."}]
    days = only("The firm grants 30 days of annual leave [1].", evidence)
    assert days.status == "verified"  # "people" is no unit: the value stands


def test_a_passage_stating_both_units_states_either():
    evidence = [{"text": "Leave lasts 30 days; the notice period is 30 weeks for managers."}]
    assert only("The notice period is 30 weeks for managers [1].", evidence).status == "verified"


@pytest.mark.parametrize(
    ("text", "unit"),
    [("30 days", ("day", "days")), ("30-day", ("day", "day")), ("30%", ("percent", "%")),
     ("30 m", None), ("30 employees", None), ("30 in", None)],
)  # fmt: skip
def test_unit_after(text, unit):
    assert unit_after(text, 2) == unit


def test_a_small_word_after_a_number_is_no_unit_to_quote():
    evidence = [{"text": "Employees under 18 are not permitted to work at night."}]
    sentence = only("Employees under 16 are not permitted to work at night [1].", evidence)
    assert sentence.status == "unsupported"
    assert "16 are" not in sentence.reason
    assert "number 16 is not in passage [1]" in sentence.reason
