"""Test settings: the site's own, read as `make run` reads them, plus test-only choices.

pytest uses this module (pyproject.toml: DJANGO_SETTINGS_MODULE); production never imports it.
"""

import os
import tempfile
from pathlib import Path
from unittest import mock

# DEBUG on while the site's settings are read, as for `make run`: the development secret key and
# plain static files. The environment is restored afterwards, so a subprocess a test starts
# gets the production defaults unless the test says otherwise. (pytest-django still runs each
# test with settings.DEBUG off, as Django's test runner does.)
with mock.patch.dict(os.environ, {"DEBUG": "true"}):
    from verifier_site.settings import *  # noqa: F403
    from verifier_site.settings import DATABASES

# Hashing is not under test, and the default hasher costs about 25 s over the suite.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not in-memory SQLite: in-memory shared-cache SQLite fails concurrent writers at
    # once ("table is locked") instead of waiting, unlike the file database the site runs on.
    # One file per test process; under pytest-xdist pytest-django adds the worker id as well.
    DATABASES["default"]["TEST"] = {
        "NAME": str(Path(tempfile.gettempdir()) / f"citation-verifier-test-{os.getpid()}.sqlite3")
    }
else:
    # One database per test process on PostgreSQL too: with one name for every run, two runs
    # on one server (two checkouts, two engineers) dropped or failed to drop each other's.
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{os.getpid()}"}
    # No pool unless DB_POOL is set: tests switch threads and close connections at will, and
    # the pool's own threads would outlive a test. A site a test serves (tests/served.py) loads
    # these settings too, so tests/api/test_hardening_db_connections.py sets DB_POOL for it.
    if not os.environ.get("DB_POOL"):
        DATABASES["default"]["OPTIONS"].pop("pool", None)
