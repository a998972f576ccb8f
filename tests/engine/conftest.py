"""Helpers for the engine tests (pure Python: no Django, no database)."""

import pytest

LEAVE = "Employees are entitled to 30 days of paid annual leave each year."
OVERTIME = "Overtime work is paid at 150 percent of the normal hourly wage."


@pytest.fixture
def labour_evidence():
    return [
        {"text": LEAVE, "law": "Labour Law", "article": "30", "title": "Annual leave"},
        {"text": OVERTIME, "law": "Labour Law", "article": 31, "title": "Overtime"},
    ]
