# Citation Verifier. `make run` starts the dashboard with demo data; `make test` runs the suite.
SHELL := /bin/bash
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

# Candidates are tried by running them: a pyenv shim may exist and still fail to start.
PYTHON_CANDIDATES := $(PYTHON) python3.13 python3.12 \
	$(wildcard $(HOME)/.pyenv/versions/3.13.*/bin/python3) \
	$(wildcard $(HOME)/.pyenv/versions/3.12.*/bin/python3) \
	$(wildcard /root/.pyenv/versions/3.1[2-9].*/bin/python3) python3

.PHONY: install lock run manage serve test test-postgres lint format bench bench-attribution bench-load bench-fault clean
.PHONY: bench-diff bench-slow-clients bench-legal bench-perturb golden

# Installs exactly the pinned, hashed versions of requirements/dev-lock.txt (pip refuses any
# file whose hash differs), then the project itself without resolving anything more.
$(STAMP): pyproject.toml requirements/dev-lock.txt
	@py=""; for c in $(PYTHON_CANDIDATES); do \
	  if "$$c" -c 'import sys, venv; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1; then py="$$c"; break; fi; \
	done; \
	if [ -z "$$py" ]; then \
	  echo "No working Python >= 3.12 found. Install one (e.g. 'pyenv install 3.12' or your" \
	       "system's python3.12 and python3.12-venv packages) or run 'make PYTHON=/path/to/python3.12'." >&2; \
	  exit 1; \
	fi; \
	echo "Using $$py ($$("$$py" --version))"; \
	[ -x $(BIN)/python ] || "$$py" -m venv $(VENV); \
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip; \
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes \
	  -r requirements/dev-lock.txt; \
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	@touch $(STAMP)

install: $(STAMP)

# Regenerates the locks from pyproject.toml: one resolution for Python 3.12 and later on every
# platform (--universal), every file's hashes. Pins already in the files are kept unless
# pyproject.toml rules them out; LOCK_ARGS=--upgrade moves everything to the newest allowed,
# LOCK_ARGS="--upgrade-package django" one package. The dev lock is constrained by the
# runtime lock, so both pin the same versions. (README: "Dependencies".)
LOCK_ARGS ?=
UV_COMPILE := UV_CUSTOM_COMPILE_COMMAND="make lock" $(BIN)/uv pip compile pyproject.toml \
	--universal --python-version 3.12 --generate-hashes --quiet $(LOCK_ARGS)
lock: install
	$(UV_COMPILE) -o requirements/lock.txt
	$(UV_COMPILE) --extra dev -c requirements/lock.txt -o requirements/dev-lock.txt

# DEBUG is off unless asked for; the development server asks. The port is checked first: with
# the default PORT a taken 8000 gives way to the next free port; a PORT you set is used as is,
# or make run stops naming it. The URL printed last is the one served. DEMO_PASSWORD (through
# the environment, so the command line echoed here never shows it) is the demo users' password
# on every run; without it they get a generated one, printed once, when they are created.
run: export DEBUG = true
run: export DEMO_PASSWORD := $(DEMO_PASSWORD)
run: install
	@read -r port url < <($(BIN)/python -m verifier_site.free_port '$(HOST)' '$(PORT)' \
	    $(if $(filter file,$(origin PORT)),,--exact)) || exit 1; \
	set -e; \
	$(BIN)/python manage.py migrate --noinput; \
	$(BIN)/python manage.py load_demo; \
	echo; echo "Citation Verifier: $$url  (log in at $${url}accounts/login/, API docs at $${url}api/v1/docs/)"; echo; \
	exec $(BIN)/python manage.py runserver '$(HOST):'"$$port"

# Any manage.py command with the same defaults as `make run` (DEBUG on, so the development
# secret key and the embedded task backend): make manage ARGS="issue_token my-pipeline".
# Plain `manage.py` keeps production's fail-closed defaults (README: Configuration).
manage: export DEBUG = true
manage: install
	$(BIN)/python manage.py $(ARGS)

# The suite runs on SQLite, then again on PostgreSQL when a server answers at POSTGRES_URL
# (REQUIRE_POSTGRES=1, as CI sets it, turns a missing server into a failure).
POSTGRES_URL ?= postgres://postgres@127.0.0.1:5432/citation_verifier
# pytest-xdist: one worker per core ("auto"); TEST_WORKERS=0 runs in this process. Its default
# --dist load hands tests out in collection order, which keeps the browser tests last in every
# worker (tests/browser/conftest.py says why). (Not loadgroup: pytest-xdist 3.8 no longer groups
# on pytest 9.2, pytest-dev/pytest-xdist#1386; loadfile reorders files by size.)
TEST_WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest -n $(TEST_WORKERS) $(PYTEST_ARGS)

# Production shape on this machine: gunicorn with uvicorn workers (verifier_site/gunicorn_conf.py),
# whitenoise, DEBUG off, tasks queued in the database and run by one db_worker beside gunicorn
# (with DEBUG off the site refuses to serve on the immediate task backend). migrate creates the
# cache table. SECRET_KEY must be set.
WORKERS ?= 3
serve: export DEBUG = false
serve: export TASKS_BACKEND ?= django_tasks_db.DatabaseBackend
serve: install
	$(BIN)/python manage.py collectstatic --noinput -v 0
	$(BIN)/python manage.py migrate --noinput
	@$(BIN)/python manage.py db_worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT; \
	WORKERS=$(WORKERS) $(BIN)/gunicorn -c verifier_site/gunicorn_conf.py --bind $(HOST):$(PORT)

test: install
	$(PYTEST)
	@$(MAKE) --no-print-directory test-postgres

test-postgres: install
	@if $(BIN)/python -c "import sys, psycopg; psycopg.connect('$(POSTGRES_URL)'.rsplit('/', 1)[0] + '/postgres', connect_timeout=3).close()" 2>/dev/null; then \
	  echo "Running the suite again on PostgreSQL ($(POSTGRES_URL))"; \
	  DATABASE_URL=$(POSTGRES_URL) $(PYTEST); \
	elif [ "$(REQUIRE_POSTGRES)" = "1" ]; then \
	  echo "PostgreSQL is required (REQUIRE_POSTGRES=1) but does not answer at $(POSTGRES_URL)." >&2; exit 1; \
	else \
	  echo "SKIPPED: the PostgreSQL run of the suite: no server answers at $(POSTGRES_URL)."; \
	fi

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports --no-cache
	$(BIN)/mypy

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: install
	$(BIN)/python benchmarks/engine.py

# The sentence diff of a 12,000-line answer and one revision, worst shapes (target < 100 ms).
bench-diff: install
	$(BIN)/python benchmarks/revision_diff.py

# 20 clients hold half-sent headers; /healthz must still answer in < 200 ms.
bench-slow-clients: install
	$(BIN)/python benchmarks/slow_clients.py

# Legal citation parsing on 100,000 characters of dense legal text (linear: flat us/kchar).
bench-legal: install
	$(BIN)/python benchmarks/legal_parse.py

bench-attribution: install
	$(BIN)/python benchmarks/attribution.py

# One-word changes (negation, antonym, swapped roles, stronger quantifier, number, foreign
# name) to the frozen base of verified dev claims: the share the engine catches, and false alarms.
bench-perturb: install
	$(BIN)/python benchmarks/perturb.py

# Rewrites the golden reports (tests/engine/golden/) after an intended verdict change and prints
# every change: commit them with that list. `--recapture` (GOLDEN_ARGS) also rebuilds the inputs.
golden: install
	$(BIN)/python benchmarks/golden.py --regenerate $(GOLDEN_ARGS)

# Kills a db_worker mid-re-verification and checks nothing is lost or done twice.
bench-fault: install
	$(BIN)/python benchmarks/fault_reverify.py

# Needs PostgreSQL on 127.0.0.1:5432; seeds 100,000 answers into a scratch database.
bench-load: install
	$(BIN)/python benchmarks/load.py

# The production shape at N answers (default 1,000,000; SCALE_ARGS="--answers 20000" for a quick
# run) on a scratch PostgreSQL database: every page and API endpoint at 8/32 API clients and
# 8/20 reviewers, export first bytes, peak RSS, reverify rate (benchmarks/scale.py).
.PHONY: bench-scale
bench-scale: install
	$(BIN)/python benchmarks/scale.py $(SCALE_ARGS)

# The metrics page from rollups against the scans it replaced, on PostgreSQL
# (benchmarks/metrics_scale.py; METRICS_ARGS="--answers N").
.PHONY: bench-metrics
bench-metrics: install
	$(BIN)/python benchmarks/metrics_scale.py $(METRICS_ARGS)

# Queue pages, tab counts, the API list and search at scale on PostgreSQL (benchmarks/queue_scale.py).
.PHONY: bench-queue
bench-queue: install
	$(BIN)/python benchmarks/queue_scale.py

# Each dashboard page in process on a seeded scratch PostgreSQL database: queries, median and
# CPU ms a page (benchmarks/pages.py; PAGES_ARGS="--callgrind" adds instructions, slowly).
.PHONY: bench-pages
bench-pages: install
	$(BIN)/python benchmarks/pages.py $(PAGES_ARGS)

# /healthz and API submissions served as `make serve` serves them, with and without the
# PostgreSQL connection pool (DB_POOL), in one run of a few minutes (benchmarks/db_pool.py).
.PHONY: bench-db-pool
bench-db-pool: install
	$(BIN)/python benchmarks/db_pool.py

# Streamed exports and reverify at scale on PostgreSQL (benchmarks/export_scale.py).
.PHONY: bench-export
bench-export: install
	$(BIN)/python benchmarks/export_scale.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis staticfiles
