"""Load profiles for benchmarks/load.py and scale.py: a generator submitting answers, a reviewer
triaging, and (scale.py) every dashboard page and the API reads."""

import html
import os
import random
import re

from locust import HttpUser, between, constant, task
from typical_answer import BODY  # locust puts this file's folder on sys.path


class Generator(HttpUser):
    """Submits a typical answer (10 sentences, 5 passages) as fast as it is answered."""

    wait_time = constant(0)

    def on_start(self):
        self.client.headers["Authorization"] = f"Token {os.environ['BENCH_TOKEN']}"

    @task
    def submit(self):
        self.client.post("/api/v1/answers/", json=BODY, name="POST /api/v1/answers/")


class Reviewer(HttpUser):
    """Opens the triage queue and answers in it, logged in as a reviewer."""

    wait_time = constant(0)

    def on_start(self):
        # A session made by benchmarks/load.py: password hashing is not what is measured here.
        self.client.cookies.set("sessionid", os.environ["BENCH_SESSION"])
        self.first_id = int(os.environ["BENCH_FIRST_ID"])
        self.last_id = int(os.environ["BENCH_LAST_ID"])

    @task
    def queue(self):
        self.client.get("/?status=needs_review", name="GET / (queue)")

    @task
    def answer(self):
        pk = random.randint(self.first_id, self.last_id)
        self.client.get(f"/answers/{pk}/", name="GET /answers/<id>/")


class Searcher(HttpUser):
    """The queue's text search as a reviewer types it, at three selectivities over the seeded
    answers: one answer (its reference, which benchmarks/load.py writes into each question),
    one seeded template in twenty, and a word every answer holds (the worst case: every row
    matches, and the page still counts and sorts them)."""

    wait_time = constant(0)

    def on_start(self):
        self.client.cookies.set("sessionid", os.environ["BENCH_SESSION"])
        self.first_id = int(os.environ["BENCH_FIRST_ID"])
        self.last_id = int(os.environ["BENCH_LAST_ID"])

    @task(2)
    def one_answer(self):
        pk = random.randint(self.first_id, self.last_id)
        self.client.get(f"/?q=ref+{pk}", name="GET /?q= (1 answer)")

    @task(2)
    def one_template(self):
        self.client.get(f"/?q=rules+case+{random.randint(10, 29)}", name="GET /?q= (1 in 20)")

    @task
    def every_answer(self):
        word = random.choice(["overtime", "parental", "notice"])
        self.client.get(f"/?q={word}", name="GET /?q= (every answer)")


class Probe(HttpUser):
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
        self.client.get("/?status=needs_review", name="GET / (queue)")

    @task
    def next_pages(self):
        url = "/?status=all"
        for _ in range(NEXT_LINKS):
            response = self.client.get(url, name="GET /?cursor= (queue, next pages)")
            found = _QUEUE_NEXT.search(response.text)
            if found is None:
                break
            url = html.unescape(found[1])

    @task(3)
    def answer(self):
        pk = random.randint(self.first_id, self.last_id)
        self.client.get(f"/answers/{pk}/", name="GET /answers/<id>/")

    @task
    def search_one(self):
        pk = random.randint(self.first_id, self.last_id)
        self.client.get(f"/?q=ref+{pk}", name="GET /?q= (1 answer)")

    @task
    def search_every(self):
        self.client.get("/?q=overtime", name="GET /?q= (every answer)")

    @task
    def metrics(self):
        self.client.get("/metrics/", name="GET /metrics/")


class ReadingReviewer(Dashboard):
    """Dashboard's pages as a person reads them: 2-5 s on each page before the next click.
    (Dashboard clicks again the moment a page arrives: a stress test of what the machine can
    serve, not of what a reviewer sees.)"""

    wait_time = between(2, 5)


class ApiReader(HttpUser):
    """benchmarks/scale.py's generator reading verdicts back, as the client that owns the
    seeded answers: the list, its next pages (cursor links), one answer."""

    wait_time = constant(0)

    def on_start(self):
        self.client.headers["Authorization"] = f"Token {os.environ['BENCH_SEED_TOKEN']}"
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
