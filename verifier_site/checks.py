"""Misconfigurations the site refuses to serve with while DEBUG is off.

Each check is a deploy check (`manage.py check --deploy` lists it) tagged STARTUP as well:
verifier_site.startup runs the STARTUP checks when a server loads the WSGI or ASGI application
(gunicorn, `make serve`, runserver), so a bad deployment stops there instead of answering
requests wrongly. Other management commands (migrate first of all) are not held up by them.
Checks tagged ASGI_STARTUP run only when the ASGI application loads (`make serve`).
Values that cannot even be read (booleans, numbers) stop every command at settings load
instead (verifier_site.env).
"""

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.core.checks import Error, Warning, register
from django.db import DatabaseError, connections, router
from django.tasks import task_backends
from django.tasks.backends.immediate import ImmediateBackend

from verifier_site.gunicorn_conf import worker_count

STARTUP = "verifier_site_startup"
ASGI_STARTUP = "verifier_site_asgi_startup"


@register("tasks", STARTUP, deploy=True)
def immediate_tasks_in_production(app_configs=None, **kwargs) -> list[Error]:
    """The immediate backend runs re-verifications and webhook deliveries inside the request
    that enqueues them: fine while developing, slow requests and lost retries in production."""
    if settings.DEBUG:
        return []
    return [
        Error(
            f"TASKS_BACKEND: the task backend {backend.alias!r} runs every task inside the web "
            "request that enqueues it; the site does not serve on it with DEBUG off.",
            hint="Set TASKS_BACKEND=django_tasks_db.DatabaseBackend and run "
            "`manage.py db_worker` (README: Background work).",
            id="verifier_site.E001",
        )
        for backend in task_backends.all()
        if isinstance(backend, ImmediateBackend)
    ]


@register("caches", STARTUP, deploy=True)
def cache_table_exists(app_configs=None, **kwargs) -> list[Error]:
    """Without its table the database cache fails every API request (the throttle reads it)
    with an OperationalError, answered `503 database_unavailable` while the database is up."""
    if settings.DEBUG:
        return []
    errors = []
    for alias in settings.CACHES:
        cache = caches[alias]
        if not isinstance(cache, DatabaseCache):
            continue
        table = settings.CACHES[alias]["LOCATION"]
        connection = connections[router.db_for_write(cache.cache_model_class)]
        try:
            with connection.cursor() as cursor:
                tables = connection.introspection.table_names(cursor)
        except DatabaseError:
            # An unreachable database is not a configuration error: the site starts and
            # /healthz answers 503 until it is back.
            continue
        if table not in tables:
            errors.append(_missing_cache_table(alias, table, connection.alias))
    return errors


def _missing_cache_table(alias: str, table: str, database: str) -> Error:
    return Error(
        f"CACHES[{alias!r}] (REDIS_URL unset): the cache table {table!r} is missing from the "
        f"database {database!r}; every API request would fail.",
        hint="Run `manage.py migrate` (it creates the table) or `manage.py createcachetable`.",
        id="verifier_site.E002",
    )


@register("database", ASGI_STARTUP, deploy=True)
def no_persistent_connections_under_asgi(app_configs=None, **kwargs) -> list[Error]:
    """Under ASGI each request runs in a thread of its own with a connection of its own: a
    persistent one is never reused and stays open after its request, so connections pile up
    past the bound verifier_site/db_slots.py keeps (three workers held 96). Reuse comes from the
    pool instead (DB_POOL, PostgreSQL), which Django itself refuses alongside CONN_MAX_AGE > 0
    (and settings refuse at load)."""
    if settings.DEBUG:
        return []
    return [
        Error(
            f"DB_CONN_MAX_AGE: the database {alias!r} keeps connections open for "
            f"{database['CONN_MAX_AGE']} s; under ASGI (make serve) they outlive their "
            "requests and pile up past DB_CONNECTIONS_PER_WORKER a worker.",
            hint="Unset DB_CONN_MAX_AGE (0): on PostgreSQL the pool (DB_POOL) reuses "
            "connections, bounded by DB_CONNECTIONS_PER_WORKER (README: Configuration).",
            id="verifier_site.E003",
        )
        for alias, database in settings.DATABASES.items()
        if database.get("CONN_MAX_AGE") != 0
    ]


@register("database", ASGI_STARTUP, deploy=True)
def connection_budget(app_configs=None, **kwargs) -> list[Warning]:
    """This machine's web workers may hold WORKERS x DB_CONNECTIONS_PER_WORKER connections
    (db_slots.py), its task workers one each: past what PostgreSQL admits, connects fail with
    "too many clients" under load. A warning, not a refusal: other machines, `reverify
    --workers` and psql sessions take connections the check cannot see, and the sum may be
    meant for a pooler (PgBouncer) in front, whose own limit it cannot read either."""
    if settings.DEBUG:
        return []
    usable = _usable_connections(connections["default"])
    workers, per_worker = worker_count(), settings.DB_CONNECTIONS_PER_WORKER
    tasks = settings.TASK_WORKERS
    wanted = workers * per_worker + tasks
    if usable is None or wanted <= usable:
        return []
    return [
        Warning(
            f"{workers} web workers x {per_worker} (DB_CONNECTIONS_PER_WORKER) + {tasks} task "
            f"worker{'s' if tasks != 1 else ''} = {wanted} database connections, but "
            f"PostgreSQL admits {usable} (max_connections less the reserved ones); under load "
            'the rest fail with "too many clients".',
            hint="Lower WORKERS or DB_CONNECTIONS_PER_WORKER, raise max_connections, or put "
            "PgBouncer in front; count every machine and `reverify --workers` too (README: "
            "Running on several machines).",
            id="verifier_site.W004",
        )
    ]


def _usable_connections(connection) -> int | None:
    """The connections PostgreSQL lets ordinary roles open (max_connections less
    superuser_reserved_connections and, from PostgreSQL 16, reserved_connections); None on
    another database or when the server does not answer (the site starts; /healthz says so)."""
    if connection.vendor != "postgresql":
        return None
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT current_setting('max_connections')::int"
                " - current_setting('superuser_reserved_connections')::int"
                " - coalesce(current_setting('reserved_connections', true)::int, 0)"
            )
            (usable,) = cursor.fetchone()
    except DatabaseError:
        return None
    return usable
