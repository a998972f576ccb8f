"""make bench-load measures the production shape: `make serve`'s gunicorn with uvicorn workers
and the connection pool on, not persistent connections (DB_CONN_MAX_AGE=60 turned the pool off
and, under ASGI, piled connections up). Settings are read in a child process; nothing connects.
make bench-scale --reuse seeds a kept database once and refuses one of another size."""

import os

import pytest

from benchmarks import load, scale
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


@pytest.mark.parametrize(("held", "seeded"), [(0, True), (1_000, False)])
def test_bench_scale_reuse_seeds_an_empty_database_and_reuses_a_full_one(monkeypatch, held, seeded):
    commands, seeds = stub_scale(monkeypatch, held=held)
    scale.prepare({"DATABASE_URL": POSTGRES}, answers=1_000, reuse=True)
    assert seeds == ([1_000] if seeded else [])
    # A kept database is migrated too, so a new index reaches it before the load, and vacuumed
    # as a fresh seed is (the stubbed seed would have done it).
    assert commands[0] == ("migrate", "--noinput", "-v", "0")
    assert (("VACUUM ANALYZE",) in commands) is not seeded


def test_bench_scale_reuse_refuses_a_database_of_another_size_and_touches_nothing(monkeypatch):
    commands, seeds = stub_scale(monkeypatch, held=999)
    with pytest.raises(SystemExit, match="holds 999 seeded answers, not 1,000"):
        scale.prepare({"DATABASE_URL": POSTGRES}, answers=1_000, reuse=True)
    assert commands == seeds == []


def stub_scale(monkeypatch, *, held: int) -> tuple[list, list]:
    """benchmarks/scale.py with `held` seeded answers in its database and no process run: the
    manage.py commands and seedings it would have run."""
    commands, seeds = [], []
    monkeypatch.setattr(scale, "seeded_answers", lambda url: held)
    monkeypatch.setattr(scale, "manage", lambda env, *args: commands.append(args) or "key\n")
    monkeypatch.setattr(scale, "seed", lambda env, answers: seeds.append(answers))
    monkeypatch.setattr(scale, "vacuum", lambda env: commands.append(("VACUUM ANALYZE",)))
    monkeypatch.setattr(scale.load, "credentials", lambda env: None)
    monkeypatch.setattr(scale, "seed_client_ids", lambda url: {})
    return commands, seeds
