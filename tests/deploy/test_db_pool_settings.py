"""DB_POOL: on PostgreSQL, Django's connection pool sized by DB_CONNECTIONS_PER_WORKER, on by
default unless persistent connections are asked for (Django refuses the two together). Read
from the site's settings in a child process, as a server reads them; nothing connects."""

import subprocess
import sys

import pytest

from tests.api.site_process import ROOT, run_site

POSTGRES = "postgres://verifier@db.invalid:5432/verifier"
POOL = "print(json.dumps(__import__('django.conf').conf.settings.DATABASES['default']"
POOL += "['OPTIONS'].get('pool')))"


def test_postgresql_gets_a_pool_the_size_of_the_admission_limit():
    pool = run_site(
        POOL,
        DATABASE_URL=POSTGRES,
        DB_CONNECTIONS_PER_WORKER="5",
        DB_CONNECT_TIMEOUT="3",
        DB_CONNECTION_WAIT_SECONDS="7",
    )
    # An admitted request waits for no other's connection, only for a connect.
    assert pool == {"min_size": 1, "max_size": 5, "timeout": 3}


@pytest.mark.parametrize(
    "env",
    [
        {"DATABASE_URL": POSTGRES, "DB_POOL": "false"},
        {"DATABASE_URL": POSTGRES, "DB_CONN_MAX_AGE": "60"},
        {"DATABASE_URL": "sqlite:///unused.sqlite3", "DB_POOL": "true"},
    ],
    ids=["turned-off", "persistent-connections", "sqlite"],
)
def test_no_pool(env):
    assert run_site(POOL, **env) is None


def test_a_pool_with_persistent_connections_is_refused_at_settings_load():
    script = "import django; django.setup()"
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={
            "PATH": "/usr/bin:/bin",
            "DJANGO_SETTINGS_MODULE": "verifier_site.settings",
            "DEBUG": "true",
            "DATABASE_URL": POSTGRES,
            "DB_POOL": "true",
            "DB_CONN_MAX_AGE": "60",
        },
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode != 0
    assert "DB_POOL=true needs DB_CONN_MAX_AGE=0" in result.stderr
