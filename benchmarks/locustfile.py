"""Load profiles for benchmarks/load.py and scale.py: a generator submitting answers, a reviewer
triaging, and (scale.py) every dashboard page and the API reads.

The users are FastHttpUsers (geventhttpclient), not HttpUsers (python-requests): locust runs on
the cores the site is measured on, and a request costs it about half the CPU this way (0.9-1.0
against 1.5-1.9 ms a POST; load.locust reads locust's own CPU from the line `cpu_line` prints
at the end of a run)."""

import html
import os
import random
import re
import time

from load import CPU_LINE  # locust puts this file's folder on sys.path
from locust import FastHttpUser, between, constant, events, task
from requests.cookies import create_cookie
from typical_answer import BODY

_cpu_started: list[float] = []


@events.test_start.add_listener
def _cpu_at_start(**_) -> None:
    _cpu_started.append(time.process_time())


@events.test_stop.add_listener
def cpu_line(**_) -> None:
    """Locust's own CPU over the run, its start-up (imports) left out: what it took from the
    cores it shares with the site."""
    print(f"{CPU_LINE} {time.process_time() - _cpu_started[-1]:.3f}", flush=True)


class TokenUser(FastHttpUser):
    """An API client: the token in the environment variable `token_variable` on every request."""

    abstract = True
    token_variable = "BENCH_TOKEN"

    def __init__(self, environment):
        # FastHttpUser builds its client's default headers in __init__, not later.
        self.default_headers = {"Authorization": f"Token {os.environ[self.token_variable]}"}
        super().__init__(environment)


class SignedIn(FastHttpUser):
    """A reviewer in the session benchmarks/load.py made (password hashing is not what is
    measured here), reading pages of the answers BENCH_FIRST_ID..BENCH_LAST_ID."""

    abstract = True
    wait_time = constant(0)

    def on_start(self):
        # In the jar, so that cookies the site sets go back too.
        self.client.cookiejar.set_cookie(create_cookie("sessionid", os.environ["BENCH_SESSION"]))
        self.first_id = int(os.environ["BENCH_FIRST_ID"])
        self.last_id = int(os.environ["BENCH_LAST_ID"])

    def page(self, url: str, name: str):
        """GET a page as the reviewer: anything but a 200 fails, a redirect to the login page
        too (followed, it would time the login page as if it were the page asked for)."""
        with self.client.get(
            url, name=name, allow_redirects=False, catch_response=True
        ) as response:
            if response.status_code != 200:
                response.failure(f"status {response.status_code}")
            return response


class Generator(TokenUser):
    """Submits a typical answer (10 sentences, 5 passages) as fast as it is answered."""

    wait_time = constant(0)

    @task
    def submit(self):
        self.client.post("/api/v1/answers/", json=BODY, name="POST /api/v1/answers/")


class Reviewer(SignedIn):
    """Opens the triage queue and answers in it, logged in as a reviewer."""

    @task
    def queue(self):
        self.page("/?status=needs_review", name="GET / (queue)")

    @task
    def answer(self):
        pk = random.randint(self.first_id, self.last_id)
        self.page(f"/answers/{pk}/", name="GET /answers/<id>/")


class Searcher(SignedIn):
    """The queue's text search as a reviewer types it, at three selectivities over the seeded
    answers: one answer (its reference, which benchmarks/load.py writes into each question),
    one seeded template in twenty, and a word every answer holds (the worst case: every row
    matches, and the page still counts and sorts them)."""

    @task(2)
    def one_answer(self):
        pk = random.randint(self.first_id, self.last_id)
        self.page(f"/?q=ref+{pk}", name="GET /?q= (1 answer)")

    @task(2)
    def one_template(self):
        self.page(f"/?q=rules+case+{random.randint(10, 29)}", name="GET /?q= (1 in 20)")

    @task
    def every_answer(self):
        word = random.choice(["overtime", "parental", "notice"])
        self.page(f"/?q={word}", name="GET /?q= (every answer)")


class Probe(FastHttpUser):
    """The baseline measured in the same run: the cheapest request the site answers."""

    wait_time = constant(0)

    @task
    def health(self):
        self.client.get("/healthz", name="GET /healthz")


# The queue and the API list page by keyset cursors (no page numbers), whose cost does not grow
# with depth (make bench-queue times page 5000): a user follows a few `next` links from page 1.
NEXT_LINKS = 3
_QUEUE_NEXT = re.compile(r'href="([^"]+)"[^>]*rel="next"')


class Dashboard(Reviewer):
    """benchmarks/scale.py's reviewer: every dashboard page a reviewer reads, at scale."""

    @task(3)
    def queue(self):
        self.page("/?status=needs_review", name="GET / (queue)")

    @task
    def next_pages(self):
        url = "/?status=all"
        for _ in range(NEXT_LINKS):
            response = self.page(url, name="GET /?cursor= (queue, next pages)")
            found = _QUEUE_NEXT.search(response.text)
            if found is None:
                break
            url = html.unescape(found[1])

    @task(3)
    def answer(self):
        pk = random.randint(self.first_id, self.last_id)
        self.page(f"/answers/{pk}/", name="GET /answers/<id>/")

    @task
    def search_one(self):
        pk = random.randint(self.first_id, self.last_id)
        self.page(f"/?q=ref+{pk}", name="GET /?q= (1 answer)")

    @task
    def search_every(self):
        self.page("/?q=overtime", name="GET /?q= (every answer)")

    @task
    def metrics(self):
        self.page("/metrics/", name="GET /metrics/")


class ReadingReviewer(Dashboard):
    """Dashboard's pages as a person reads them: 2-5 s on each page before the next click.
    (Dashboard clicks again the moment a page arrives: a stress test of what the machine can
    serve, not of what a reviewer sees.)"""

    wait_time = between(2, 5)


class ApiReader(TokenUser):
    """benchmarks/scale.py's generator reading verdicts back, as the client that owns the
    seeded answers: the list, its next pages (cursor links), one answer."""

    wait_time = constant(0)

    token_variable = "BENCH_SEED_TOKEN"

    def on_start(self):
        self.first_id = int(os.environ["BENCH_SEED_FIRST_ID"])
        self.last_id = int(os.environ["BENCH_SEED_LAST_ID"])

    @task
    def first_page(self):
        self.client.get("/api/v1/answers/", name="GET /api/v1/answers/")

    @task
    def next_pages(self):
        url = "/api/v1/answers/"
        for _ in range(NEXT_LINKS):
            response = self.client.get(url, name="GET /api/v1/answers/?cursor= (next pages)")
            url = response.json().get("next") if response.ok else None
            if not url:
                break

    @task(2)
    def detail(self):
        pk = random.randint(self.first_id, self.last_id)
        self.client.get(f"/api/v1/answers/{pk}/", name="GET /api/v1/answers/<id>/")
