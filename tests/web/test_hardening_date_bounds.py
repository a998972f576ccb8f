"""A filter date at the end of the calendar is never a 500 (`created_to=9999-12-31` once
overflowed computing the day after it): the queue and its exports read it as "no end", the
metrics page, whose charts step past the end, refuses it with a message."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse

from tests.web.conftest import login

pytestmark = pytest.mark.django_db

END_OF_CALENDAR = "9999-12-31"


@pytest.fixture
def browser(reviewer):
    # Errors as a browser sees them (a 500 page), not as exceptions raised in the test.
    return login(Client(raise_request_exception=False), reviewer)


def test_the_queue_up_to_the_end_of_the_calendar_lists_every_answer(browser, numeric_answer):
    response = browser.get(
        reverse("citations:answer_list"), {"status": "all", "created_to": END_OF_CALENDAR}
    )

    assert response.status_code == 200
    assert [item["answer"].pk for item in response.context["items"]] == [numeric_answer.pk]


def test_the_csv_export_up_to_the_end_of_the_calendar_holds_every_answer(browser, numeric_answer):
    response = browser.get(
        reverse("citations:queue_export", args=["csv"]),
        {"status": "all", "created_to": END_OF_CALENDAR},
    )

    assert response.status_code == 200
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert [int(row["id"]) for row in rows] == [numeric_answer.pk]


def test_the_metrics_page_refuses_an_end_of_calendar_date_with_a_message(browser):
    query = {"start": "9999-12-01", "end": END_OF_CALENDAR}

    response = browser.get(reverse("citations:metrics"), query)

    assert response.status_code == 200
    assert "Enter a date no later than 9998-12-31." in response.text
    assert "Showing the last 30 days instead." in response.text
