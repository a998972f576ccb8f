"""Clock times, dates and ranges read as one value each, in the numbers and in the verdict."""

import pytest

from citations.engine import verify
from citations.engine.text.numbers import find_numbers


def values(text: str) -> list[tuple[str, str, list[str]]]:
    return [(n.raw, n.kind, sorted(n.keys)) for n in find_numbers(text)]


def one(text: str, passage: str):
    [sentence] = verify(text, [{"text": passage}]).sentences
    return sentence


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("at 09:00", "t09:00"),
        ("at 9:00 am", "t09:00"),
        ("at 9 a.m.", "t09:00"),
        ("at 9 AM", "t09:00"),
        ("at 9 pm", "t21:00"),
        ("at 12 am", "t00:00"),
        ("at 12 p.m.", "t12:00"),
        ("um 17.30 Uhr", "t17:30"),
        ("at 17:30:15", "t17:30"),
    ],
)
def test_a_clock_time_is_one_value_by_its_24_hour_reading(text, key):
    [(_raw, kind, keys)] = values(text)
    assert (kind, keys) == ("time", [key])


@pytest.mark.parametrize(
    "text",
    ["on 12 March 2024", "on March 12, 2024", "on 2024-03-12", "on the 12th of March 2024"],
)
def test_a_date_is_one_value_however_written(text):
    assert [(kind, keys) for _raw, kind, keys in values(text)] == [("date", ["d2024-03-12"])]


@pytest.mark.parametrize(
    ("text", "raw", "key"),
    [
        ("takes 10-15 days", "10-15", "10..15"),
        ("takes 10\u201315 days", "10\u201315", "10..15"),
        ("takes 10 to 15 days", "10 to 15", "10..15"),
        ("takes between 10 and 15 days", "between 10 and 15", "10..15"),
        ("open 09:00 to 17:00", "09:00 to 17:00", "t09:00..t17:00"),
        ("open 9 a.m. until 5 p.m.", "9 a.m. until 5 p.m.", "t09:00..t17:00"),
    ],
)
def test_a_range_is_one_value_keyed_by_both_ends(text, raw, key):
    [(found, _kind, keys)] = values(text)
    assert (found, keys) == (raw, [key])


@pytest.mark.parametrize(
    ("text", "raws"),
    [
        ("it costs 12.30 euros", ["12.30"]),  # a decimal, not half past twelve
        ("they won 3-1", ["3", "1"]),  # a score: the ends do not rise
        ("from 10 and 15", ["10", "15"]),  # "and" makes a range only after "between"
        ("1,200 people", ["1,200"]),
        ("in May 2024", ["2024"]),  # a month and year: the year alone
        ("the ratio 3:1", ["3", "1"]),  # minutes need two digits
        # two years "between" which something happened: two points in time, each stated
        ("grew between 2021 and 2022", ["2021", "2022"]),
        # a year and an amount are two kinds, no range's ends: the amounts went from-to
        (
            "from 8.1 million dollars in 2021 to 6.4 million dollars in 2022",
            ["8.1 million", "2021", "6.4 million", "2022"],
        ),
        ("from 6,400 residents in 2010 to 8,100 in 2020", ["6,400", "2010", "8,100", "2020"]),
        ("from 6400 residents in 2010 to 8100 in 2020", ["6400", "2010", "8100", "2020"]),
        ("from 2.5 million to 2021", ["2.5 million", "2021"]),
    ],
)
def test_plain_numbers_stay_plain(text, raws):
    assert [raw for raw, _kind, _keys in values(text)] == raws


@pytest.mark.parametrize(
    ("text", "raw"),
    [
        ("from 2021 to 2022", "2021 to 2022"),  # two years
        ("runs 500 to 1500 words", "500 to 1500"),  # a bare number, no "in" naming a year
        ("from 8.1 to 9.5 million", "8.1 to 9.5 million"),
    ],
)
def test_ends_of_one_kind_stay_a_range(text, raw):
    [(found, kind, _keys)] = values(text)
    assert (found, kind) == (raw, "range")


def test_a_change_from_one_figure_to_another_is_stated_by_a_passage_giving_both():
    passage = "Revenue increased to 8.1 million dollars, up from 6.4 million dollars."
    sentence = "Revenue increased from 6.4 million to 8.1 million dollars [1]."
    [s] = verify(sentence, [{"text": passage}]).sentences
    assert s.status == "verified"
    assert s.reason.endswith("with 6.4 million to 8.1 million")
    # a span's two ends stated apart state no span
    [s] = verify(
        "Revenue ranged from 6.4 million to 8.1 million dollars [1].", [{"text": passage}]
    ).sentences
    assert "number 6.4 million to 8.1 million is not in passage [1]" in s.reason


def test_a_from_to_with_years_is_stated_by_the_same_figures_otherwise_written():
    passage = "Globex's sales were 8.1 million dollars in 2021 and 6.4 million dollars in 2022."
    s = one(
        "Globex's sales went from 8.1 million dollars in 2021 to 6.4 million dollars in 2022 [1].",
        passage,
    )
    assert s.status == "verified"
    assert {"8.1 million", "2021", "6.4 million", "2022"} <= set(s.matched_terms)
    s = one(
        "Globex's sales went from 8.1 million dollars in 2021 to 7.4 million dollars in 2022 [1].",
        passage,
    )
    assert s.status == "unsupported"
    assert "7.4 million" in s.missing_terms
    assert "2021" in s.matched_terms


def test_the_brief_example_names_both_ranges():
    s = one("Core hours are 09:00 to 17:00 [1].", "Core hours are 10:00 to 15:00.")
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says 09:00-17:00; passage [1] says 10:00-15:00")
    assert s.missing_terms == ["09:00 to 17:00"]


@pytest.mark.parametrize(
    "passage",
    [
        "Core hours are 9 a.m. to 5 p.m.",
        "Core hours run from 09:00 until 17:00.",
        "Core hours are 09:00\u201317:00.",
    ],
)
def test_the_same_range_written_otherwise_is_verified(passage):
    s = one("Core hours are 09:00 to 17:00 [1].", passage)
    assert s.status == "verified"
    assert "09:00 to 17:00" in s.matched_terms


def test_a_range_needs_both_ends():
    s = one("Refunds take 10-15 days [1].", "Refunds take between 10 and 20 days.")
    assert s.status == "unsupported"
    assert s.reason.startswith("the sentence says 10-15 days; passage [1] says 10-20 days")
    s = one("Refunds take 10 to 15 days [1].", "Refunds take at least 10 days, at most 15.")
    assert s.status == "unsupported"


def test_a_passage_range_still_states_its_ends():
    s = one("The war began in 1939 [1].", "World War II (1939-1945) began in Europe.")
    assert s.status == "verified"


def test_between_two_years_is_stated_by_a_passage_naming_each_year():
    passage = "Globex posted sales of 8.1 million dollars in 2022, up from 6.4 million in 2021."
    s = one("Globex grew its sales between 2021 and 2022 [1].", passage)
    assert s.missing_terms == ["grew"]  # a verb the passage says otherwise ("up from")
    assert "number" not in s.reason
    s = one("Globex did not grow its sales between 2021 and 2022 [1].", passage)
    assert s.status == "unsupported"
    assert "the sentence says 'did not grow" in s.reason
    assert "number" not in s.reason


def test_a_time_is_not_split_into_hours_and_minutes():
    s = one("The office opens at 09:00 [1].", "The office opens at 10:00 every day.")
    assert s.reason.startswith("the sentence says 09:00; passage [1] says 10:00")
    assert s.missing_terms == ["09:00"]
    assert one("The office opens at 9 am [1].", "The office opens at 09:00.").status == "verified"


def test_a_wrong_date_names_the_passage_date():
    s = one(
        "The treaty was signed on 12 March 2024 [1].", "The treaty was signed on March 13, 2024."
    )
    assert s.reason.startswith("the sentence says 12 March 2024; passage [1] says March 13, 2024")
    s = one("The treaty was signed in 2024 [1].", "The treaty was signed on March 12, 2024.")
    assert s.status == "verified"


def test_thousands_separators_and_number_words_as_before():
    assert one("The fine is 1,200 euros [1].", "The fine is 1200 euros.").status == "verified"
    assert one("Leave is thirty days [1].", "Leave is 30 days.").status == "verified"
