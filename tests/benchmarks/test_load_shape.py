"""make bench-load measures the production shape: `make serve`'s gunicorn with uvicorn workers
and the connection pool on, not persistent connections (DB_CONN_MAX_AGE=60 turned the pool off
and, under ASGI, piled connections up). Settings are read in a child process; nothing connects."""

import os

from benchmarks import load
from tests.api.site_process import run_site

POSTGRES = "postgres://verifier@db.invalid:5432/bench"
SHAPE = (
    "from verifier_site.checks import no_persistent_connections_under_asgi as asgi;"
    "from django.conf import settings;"
    "print(json.dumps([settings.DATABASES['default']['OPTIONS'].get('pool'),"
    " [e.id for e in asgi()]]))"
)


def test_bench_load_runs_with_the_pool_and_passes_the_asgi_startup_checks():
    env = load.bench_env(POSTGRES, workers=3)
    # What it sets over this process's environment (whose DJANGO_SETTINGS_MODULE is the tests').
    own = {name: value for name, value in env.items() if os.environ.get(name) != value}
    pool, refusals = run_site(SHAPE, **own)
    assert pool is not None and pool["max_size"] == int(env.get("DB_CONNECTIONS_PER_WORKER", 8))
    assert refusals == []
    assert env["WORKERS"] == "3"


def test_bench_load_starts_the_server_as_make_serve_does():
    command = load.server_command()
    config = command[command.index("-c") + 1]
    assert config == str(load.ROOT / "verifier_site" / "gunicorn_conf.py")
