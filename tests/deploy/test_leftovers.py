"""The check run after the test databases' teardown (tests/conftest.py) finds what is left."""

import pytest
from django.db import connection

from tests import leftovers


def test_an_sqlite_database_and_its_wal_files_are_found_and_removed(tmp_path):
    name = tmp_path / "test.sqlite3"
    settings_dict = {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": "x",
        "TEST": {"NAME": str(name)},
    }
    assert leftovers.find(settings_dict) == []
    for suffix in ("", "-wal", "-shm"):
        (tmp_path / f"test.sqlite3{suffix}").write_bytes(b"")
    assert len(leftovers.find(settings_dict)) == 3
    leftovers.remove(settings_dict)
    assert leftovers.find(settings_dict) == []
    assert list(tmp_path.iterdir()) == []


@pytest.mark.django_db
def test_a_postgresql_database_left_connected_is_found_and_dropped():
    if connection.vendor != "postgresql":
        pytest.skip("the PostgreSQL run of the suite checks this")
    settings_dict = {**connection.settings_dict, "TEST": {"NAME": "test_leftovers_check"}}
    leftovers.remove(settings_dict)
    with leftovers._maintenance(settings_dict) as conn:
        conn.execute("CREATE DATABASE test_leftovers_check")
    assert leftovers.find(settings_dict)[0].startswith("PostgreSQL database test_leftovers")
    leftovers.remove(settings_dict)
    assert leftovers.find(settings_dict) == []
