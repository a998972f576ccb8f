"""Settings for Citation Verifier, read from the environment (README: "Configuration")."""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from citations.engine import DEFAULT_THRESHOLD
from verifier_site.env import env_bool, env_int, env_list, env_unit_float

BASE_DIR = Path(__file__).resolve().parent.parent


# Off unless asked for (`make run` and the test settings turn it on): a deployment that forgets
# the variable gets production behaviour, not tracebacks and the development secret key.
DEBUG = env_bool("DEBUG", False)

# The development secret exists so `make run` works out of the box; it must never sign anything
# in production, so with DEBUG off a missing SECRET_KEY stops the site at start-up.
_DEV_SECRET_KEY = "django-insecure-development-only-citation-verifier"
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. With DEBUG off the site refuses to start without it: "
            "export SECRET_KEY to a long random string (python -c 'import secrets; "
            "print(secrets.token_urlsafe(50))')."
        )
    SECRET_KEY = _DEV_SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_tasks_db",
    "axes",
    "citations",
    "verifier_site",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Every error under /api/ in the API's JSON envelope, also outside its views.
    "citations.api.middleware.ApiErrorsMiddleware",
    # Cache-Control: no-store on the dashboard and the API (private, untrusted content).
    "citations.middleware.NoStoreMiddleware",
    # Lets work wait until the response has been sent (citations/after_response.py).
    "citations.after_response.AfterResponseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes requires: answers a locked-out login attempt.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "verifier_site.urls"
WSGI_APPLICATION = "verifier_site.wsgi.application"
ASGI_APPLICATION = "verifier_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DB_CONN_MAX_AGE", 0),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL and a busy timeout let the dev server, a worker and tests write without "locked" errors.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": env_int("DB_SQLITE_TIMEOUT", 20),
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL;",
        }
    )

# Time limits on PostgreSQL: a server that accepts TCP but never answers fails the request
# (and /healthz answers 503) after DB_CONNECT_TIMEOUT seconds instead of hanging it; a runaway
# query is cancelled by the server after DB_STATEMENT_TIMEOUT_MS (0: no limit).
DB_CONNECT_TIMEOUT = env_int("DB_CONNECT_TIMEOUT", 2)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    _statement_ms = env_int("DB_STATEMENT_TIMEOUT_MS", 30_000)
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "connect_timeout": DB_CONNECT_TIMEOUT,
            # TimeZone as the connection starts: Django sends `SET TIME ZONE 'UTC'` on every
            # new connection whose server says otherwise ('Etc/UTC' here), one round trip per
            # connection (per request with DB_POOL off).
            "options": f"-c statement_timeout={_statement_ms} -c TimeZone=UTC",
        }
    )
    # Parameters sent apart from the SQL (no quoting in Python) and, from a statement's 5th
    # run on a connection, prepared: the server parses it once and may keep a generic plan.
    # A submission's PostgreSQL CPU 3.5 -> 2.7 ms, the web process's within noise (in
    # process, load 13). Off by default: a pooler in transaction mode (PgBouncer before 1.21)
    # cannot hold prepared statements, and a generic plan of a dashboard query is unmeasured
    # at 1M answers.
    if env_bool("DB_PREPARED_STATEMENTS", False):
        DATABASES["default"]["OPTIONS"].update(
            {"server_side_binding": True, "prepare_threshold": 5}
        )

# Under ASGI (`make serve`) each worker lets this many requests into Django at once; the rest
# wait up to DB_CONNECTION_WAIT_SECONDS, then 503 (verifier_site/db_slots.py). On PostgreSQL
# each process also keeps a pool (psycopg_pool) of at most as many connections, so an admitted
# request never waits for one, and reuses them instead of connecting per request. The web's
# connections are then at most workers x DB_CONNECTIONS_PER_WORKER, whatever the load.
DB_CONNECTIONS_PER_WORKER = env_int("DB_CONNECTIONS_PER_WORKER", 8, minimum=1)
DB_CONNECTION_WAIT_SECONDS = env_int("DB_CONNECTION_WAIT_SECONDS", 10, minimum=1)
# db_worker processes on this machine (make serve starts one): the start-up check of the
# connection budget (verifier_site.W004) counts one connection each.
TASK_WORKERS = env_int("TASK_WORKERS", 1, minimum=0)
# The pool keeps connections open itself: Django refuses it with persistent connections (at the
# first query), so it is on by default only while DB_CONN_MAX_AGE is 0, and asking for both
# stops here.
DB_POOL = env_bool("DB_POOL", DATABASES["default"]["CONN_MAX_AGE"] == 0)
if DB_POOL and DATABASES["default"]["CONN_MAX_AGE"] != 0:
    raise ImproperlyConfigured("DB_POOL=true needs DB_CONN_MAX_AGE=0 (or unset).")
if DB_POOL and DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["OPTIONS"]["pool"] = {
        # One kept open while idle; the rest opened on demand, closed after 10 idle minutes.
        "min_size": 1,
        "max_size": DB_CONNECTIONS_PER_WORKER,
        # A request let in by db_slots never waits for another's connection, only for a new
        # one to connect: with the database down it fails (and /healthz answers 503) as soon
        # as a connect would have (DB_CONNECT_TIMEOUT 0, no limit on a connect: the wait for a
        # slot instead).
        "timeout": DB_CONNECT_TIMEOUT or DB_CONNECTION_WAIT_SECONDS,
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed files served by whitenoise with far-future caching in production.
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Login throttling (django-axes), for the dashboard and the admin alike: after
# LOGIN_FAILURE_LIMIT failed logins for one username from one address, that pair is refused
# (429) for LOGIN_LOCKOUT_MINUTES; a successful login resets the count. README: "Logins".
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = env_bool("LOGIN_LOCKOUT", True)
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "citations:answer_list"
LOGOUT_REDIRECT_URL = "login"

# Answers and evidence are untrusted text: scripts come only from this site, with a nonce.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}

# The immediate backend runs tasks inside the request that enqueues them: the default for
# development and tests; with DEBUG off the site refuses to serve on it (verifier_site.checks).
TASKS_BACKEND = os.environ.get("TASKS_BACKEND", "django.tasks.backends.immediate.ImmediateBackend")
TASKS = {"default": {"BACKEND": TASKS_BACKEND}}

# Throttling counts per client must be shared by every web process: Redis in production.
REDIS_URL = os.environ.get("REDIS_URL", "")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
        if REDIS_URL
        # Without Redis, a table in the database (created by `migrate`: the migration
        # verifier_site 0001): state such as the API throttle's request history is shared by
        # every worker process, where a per-process cache multiplied the limit.
        else {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "cache_entries"}
    )
}

# Limits on what a generator may submit (README: "Limits"). The engine enforces its own
# hard ceilings as well; these are the site's, and may only be lower.
CITATIONS_MAX_BODY_BYTES = env_int("CITATIONS_MAX_BODY_BYTES", 2_000_000)
CITATIONS_MAX_TEXT_CHARS = env_int("CITATIONS_MAX_TEXT_CHARS", 100_000)
CITATIONS_MAX_PASSAGES = env_int("CITATIONS_MAX_PASSAGES", 200)
CITATIONS_MAX_PASSAGE_CHARS = env_int("CITATIONS_MAX_PASSAGE_CHARS", 50_000)
# The cut point on the engine's support score; its default is the one the engine was fit with.
CITATIONS_THRESHOLD = env_unit_float("CITATIONS_THRESHOLD", DEFAULT_THRESHOLD)
CITATIONS_CLAIM_MINUTES = env_int("CITATIONS_CLAIM_MINUTES", 30)

# Webhook receivers on loopback or private addresses are refused (SSRF) unless this is on:
# for tests and on-premise receivers (citations/services/webhook_targets.py).
CITATIONS_WEBHOOK_ALLOW_PRIVATE = env_bool("CITATIONS_WEBHOOK_ALLOW_PRIVATE", False)
DATA_UPLOAD_MAX_MEMORY_SIZE = CITATIONS_MAX_BODY_BYTES

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["citations.api.authentication.ClientTokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["citations.api.permissions.IsApiClient"],
    "DEFAULT_THROTTLE_CLASSES": ["citations.api.throttling.ClientRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"client": os.environ.get("API_THROTTLE_RATE", "600/min")},
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "EXCEPTION_HANDLER": "citations.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": None,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Citation Verifier API",
    "DESCRIPTION": "Submit LLM answers with their evidence; read back verdicts and reviews.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
}

# One JSON object a line in production (LOG_FORMAT=json, the default with DEBUG off), so log
# collectors need no parsing rules; readable lines while developing.
LOG_FORMAT = os.environ.get("LOG_FORMAT", "text" if DEBUG else "json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
        "text": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# Behind a TLS-terminating proxy (README: "Running on several machines"). Trusting
# X-Forwarded-Proto is only safe when a proxy always sets it: otherwise any client could claim
# HTTPS, so the header is read only when BEHIND_TLS_PROXY says such a proxy is in front.
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)

# --- Limits from the attack run (issue 23); README: "Configuration" and "Webhooks". ---
# Webhook receivers listen on ports 80 and 443 only (other ports are where internal services
# listen); CITATIONS_WEBHOOK_PORTS lists others (comma-separated), or "any" for every port.
_webhook_ports = env_list("CITATIONS_WEBHOOK_PORTS", "80,443")
CITATIONS_WEBHOOK_PORTS = None if _webhook_ports == ["any"] else [int(p) for p in _webhook_ports]
# Load balancers check /healthz over plain HTTP and follow no redirect: never redirect it.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# Failed API token authentications allowed per client address (then 429 for the rest of the
# window, a right key included): citations/api/guesses.py.
API_AUTH_FAILURE_RATE = os.environ.get("API_AUTH_FAILURE_RATE", "20/min")
# A webhook attempt (name resolution, connection, request and the whole answer) ends after this
# many seconds, however slowly the receiver trickles bytes (citations/services/webhook_http.py).
CITATIONS_WEBHOOK_DEADLINE_SECONDS = env_int("CITATIONS_WEBHOOK_DEADLINE_SECONDS", 10)
