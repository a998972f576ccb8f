"""On PostgreSQL a rate-limit count made on its own commits without waiting for the disk (its
row would stay locked through the flush, queueing a client's requests behind each other), and
nothing else does: not the connection's next transaction, not a caller's transaction it runs
in."""

import pytest
from django.db import connection, transaction

from citations.services.throttles import throttle_hit

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's commit setting"),
]


def commit_setting() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        return cursor.fetchone()[0]


def test_counts_on_their_own_leave_the_connection_committing_durably():
    assert [throttle_hit(key="client:1", seconds=60, now=30)[0] for _ in range(3)] == [1, 2, 3]
    assert commit_setting() == "on"


def test_a_count_inside_a_transaction_leaves_its_commit_durable():
    with transaction.atomic():
        assert throttle_hit(key="client:1", seconds=60, now=30)[0] == 1
        assert commit_setting() == "on"
    assert throttle_hit(key="client:1", seconds=60, now=30)[0] == 2
