"""Where a submission's CPU goes: each stage's CPU time a warm POST, through the ASGI application.

Posts benchmarks/submission.py's typical answer (same scratch database, production settings)
through the site's ASGI application and times chosen functions by the CPU time of the thread
that runs them (`time.thread_time`: waiting for PostgreSQL or for the GIL is not counted, so a
busy machine inflates every figure alike rather than reordering them). Stages nest: a row's
time includes the rows indented below it. What the rows leave out is the rest of Django's
and DRF's handling; the event loop's share (reading the request, sending the response, the
thread hop, this benchmark's own client) is printed apart.

    python benchmarks/submission_stages.py [--posts 300]
"""

import argparse
import functools
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import submission  # noqa: E402

spent: Counter = Counter()


def stages() -> list[tuple[object, str, str]]:
    """(owner, attribute, label) of each timed function; the label's indent is its nesting.
    A function is timed where its caller looks it up (`answers` imports the inserts and the
    rollups by name)."""
    from django.core.handlers.base import BaseHandler
    from django.db.backends.utils import CursorWrapper
    from rest_framework.renderers import JSONRenderer

    from citations import services
    from citations.api import serializers, views
    from citations.services import answers

    return [
        (BaseHandler, "get_response", "the request in Django (middleware, view)"),
        (views.ApiView, "initial", "  authentication and throttle"),
        (views.ApiView, "validated", "  the input serializer"),
        (services, "answer_submit", "  the service"),
        (answers, "run_engine", "    the engine"),
        (answers, "_answer_store", "    storing the rows (in the transaction)"),
        (answers, "row_insert", "      inserting the answer, the verification"),
        (answers, "rows_insert", "      inserting the evidence, the unresolved citations"),
        (answers, "rollup_answer_stored", "      the rollups"),
        (views.ApiView, "render_stored", "  the 201's data"),
        (serializers, "answer_data", "    the output serializer"),
        (JSONRenderer, "render", "  the JSON rendering"),
        (CursorWrapper, "execute", "(every statement, wherever it runs)"),
    ]


def timed(function, label: str):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        started = time.thread_time_ns()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label] += time.thread_time_ns() - started

    return wrapper


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--posts", type=int, default=300)
    args = parser.parse_args()
    client = submission.setup(asgi=True)
    labels = []
    for owner, name, label in stages():
        setattr(owner, name, timed(getattr(owner, name), label))
        labels.append(label)
    for _ in range(5):  # warm: imports, compiled statements, kept serializer fields
        submission.post(client)
    spent.clear()
    started, loop_started = time.process_time(), time.thread_time()
    for _ in range(args.posts):
        submission.post(client)
    whole = (time.process_time() - started) * 1000 / args.posts
    loop = (time.thread_time() - loop_started) * 1000 / args.posts
    print(f"CPU a POST: {whole:.2f} ms in all, {loop:.2f} ms of it the event loop's")
    for label in labels:
        print(f"{spent[label] / 1e6 / args.posts:8.2f} ms  {label}")


if __name__ == "__main__":
    main()
