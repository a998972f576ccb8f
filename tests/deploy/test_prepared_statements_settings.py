"""DB_PREPARED_STATEMENTS: on PostgreSQL, parameters bound by the server and statements
prepared from their 5th run; off by default. Read from the site's settings in a child
process, as a server reads them; nothing connects."""

import pytest

from tests.api.site_process import run_site

POSTGRES = "postgres://verifier@db.invalid:5432/verifier"
OPTIONS = "o = __import__('django.conf').conf.settings.DATABASES['default']['OPTIONS'];"
OPTIONS += "print(json.dumps([o.get('server_side_binding'), o.get('prepare_threshold')]))"


def test_prepared_statements_when_asked():
    assert run_site(OPTIONS, DATABASE_URL=POSTGRES, DB_PREPARED_STATEMENTS="true") == [True, 5]


@pytest.mark.parametrize(
    "env",
    [
        {"DATABASE_URL": POSTGRES},
        {"DATABASE_URL": POSTGRES, "DB_PREPARED_STATEMENTS": "false"},
        {"DATABASE_URL": "sqlite:///unused.sqlite3", "DB_PREPARED_STATEMENTS": "true"},
    ],
    ids=["default", "turned-off", "sqlite"],
)
def test_no_prepared_statements(env):
    assert run_site(OPTIONS, **env) == [None, None]
