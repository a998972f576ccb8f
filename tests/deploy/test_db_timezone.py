"""A new PostgreSQL connection starts in the site's time zone, so Django sends no `SET TIME ZONE`
on it: under ASGI every request opens a connection (verifier_site/db_slots.py), and that was
one more round trip each (this server's zone is 'Etc/UTC', Django's 'UTC')."""

import pytest
from django.db import connection


@pytest.mark.django_db
def test_a_new_connection_needs_no_time_zone_statement():
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's connection options; run with DATABASE_URL")
    fresh = connection.get_new_connection(connection.get_connection_params())
    try:
        assert connection._configure_timezone(fresh) is False  # True: it sent SET TIME ZONE
    finally:
        fresh.close()
