"""Environment values the site cannot read stop it at settings load, naming the variable."""

import re

import pytest
from django.core.exceptions import ImproperlyConfigured

from verifier_site.env import env_bool, env_int, env_unit_float


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        *[("true", True), ("TRUE", True), (" yes ", True), ("On", True), ("1", True)],
        *[("false", False), ("No", False), ("OFF", False), ("0", False)],
    ],
)
def test_a_boolean_reads_its_documented_spellings(monkeypatch, value, expected):
    monkeypatch.setenv("LOGIN_LOCKOUT", value)
    assert env_bool("LOGIN_LOCKOUT", not expected) is expected


@pytest.mark.parametrize("value", ["ture", "flase", "enabled", "2", "y", "t"])
def test_a_boolean_typo_is_refused_by_name(monkeypatch, value):
    monkeypatch.setenv("LOGIN_LOCKOUT", value)
    with pytest.raises(ImproperlyConfigured, match=f"LOGIN_LOCKOUT='{value}' is not a boolean"):
        env_bool("LOGIN_LOCKOUT", True)


@pytest.mark.parametrize("value", [None, "", "  "])
def test_an_unset_or_empty_variable_is_its_default(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("LOGIN_LOCKOUT", raising=False)
    else:
        monkeypatch.setenv("LOGIN_LOCKOUT", value)
    assert env_bool("LOGIN_LOCKOUT", True) is True
    assert env_bool("LOGIN_LOCKOUT", False) is False


@pytest.mark.parametrize(("value", "expected"), [("0", 0.0), ("0.5", 0.5), ("1", 1.0)])
def test_the_threshold_reads_numbers_from_0_to_1(monkeypatch, value, expected):
    monkeypatch.setenv("CITATIONS_THRESHOLD", value)
    assert env_unit_float("CITATIONS_THRESHOLD", 0.5) == expected


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        *[("half", "is not a number"), ("0,5", "is not a number")],
        *[("1.01", "is outside 0 to 1"), ("-0.1", "is outside 0 to 1")],
        *[("nan", "is outside 0 to 1"), ("inf", "is outside 0 to 1")],
    ],
)
def test_a_threshold_that_is_no_number_or_out_of_range_is_refused_by_name(
    monkeypatch, value, problem
):
    monkeypatch.setenv("CITATIONS_THRESHOLD", value)
    with pytest.raises(
        ImproperlyConfigured, match=re.escape(f"CITATIONS_THRESHOLD='{value}' {problem}")
    ):
        env_unit_float("CITATIONS_THRESHOLD", 0.5)


def test_a_whole_number_that_is_not_one_is_refused_by_name(monkeypatch):
    monkeypatch.setenv("LOGIN_FAILURE_LIMIT", "5.5")
    with pytest.raises(
        ImproperlyConfigured, match=re.escape("LOGIN_FAILURE_LIMIT='5.5' is not a whole")
    ):
        env_int("LOGIN_FAILURE_LIMIT", 5)


def test_a_whole_number_below_its_minimum_is_refused_by_name(monkeypatch):
    monkeypatch.setenv("DB_CONNECTIONS_PER_WORKER", "0")
    with pytest.raises(
        ImproperlyConfigured, match=re.escape("DB_CONNECTIONS_PER_WORKER='0' is below 1")
    ):
        env_int("DB_CONNECTIONS_PER_WORKER", 8, minimum=1)
    monkeypatch.setenv("DB_CONNECTIONS_PER_WORKER", "1")
    assert env_int("DB_CONNECTIONS_PER_WORKER", 8, minimum=1) == 1
