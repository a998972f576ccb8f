"""The queue says what it is sorted by, names a selection's export for the selection, keeps
skipped answers within reach and shows the day's progress (issue 22)."""

import pytest

from tests.factories import make_answer
from tests.web.conftest import login
from tests.web.test_queue import QUEUE, UNSUPPORTED

pytestmark = pytest.mark.django_db


def test_an_export_of_ticked_rows_is_named_for_the_selection(client, reviewer):
    login(client, reviewer)
    picked = [make_answer(text=UNSUPPORTED, question=f"q{n}") for n in range(3)]
    response = client.post(QUEUE, {"action": "export_csv", "ids": [a.pk for a in picked]})
    download = client.get(response["Location"])
    disposition = download["Content-Disposition"]
    assert 'filename="answers-selected-3-' in disposition
    assert "answers-all-" not in disposition
