import multiprocessing
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime, time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections
from django.utils import timezone
from tqdm import tqdm

from citations import engine, services
from citations.selectors import answers_outdated
from citations.tasks import reverify_answers


class Command(BaseCommand):
    help = (
        "Re-verify stored answers whose newest verification is by another engine version or "
        "threshold. Decisions on unchanged sentences carry over; the rest go back to review. "
        "Safe to run again after a crash: what was committed is not redone."
    )

    def add_arguments(self, parser):
        scope = parser.add_mutually_exclusive_group(required=True)
        scope.add_argument("--all", action="store_true", help="every stored answer")
        scope.add_argument("--since", metavar="DATE", help="answers created on or after DATE")
        scope.add_argument("--client", metavar="NAME", help="one generator client's answers")
        parser.add_argument(
            "--async",
            action="store_true",
            dest="in_background",
            help="enqueue the work for db_worker processes instead of doing it here",
        )
        parser.add_argument(
            "--batch-size", type=int, default=100, help="answers per transaction (and per task)"
        )
        parser.add_argument(
            "--workers",
            type=int,
            default=os.cpu_count() or 1,
            help="processes re-verifying batches side by side (default: the machine's cores)",
        )

    def handle(self, *args, **options):
        answers = answers_outdated(
            engine_version=engine.ENGINE_VERSION, threshold=settings.CITATIONS_THRESHOLD
        )
        if options["since"]:
            answers = answers.filter(created_at__gte=self.parse_since(options["since"]))
        if options["client"]:
            answers = answers.filter(client__name=options["client"])
        ids = list(answers.values_list("pk", flat=True))
        if not ids:
            self.stdout.write("Nothing to re-verify: every answer in scope is current.")
            return

        size = max(1, options["batch_size"])
        batches = [ids[i : i + size] for i in range(0, len(ids), size)]
        if options["in_background"]:
            for batch in batches:
                reverify_answers.enqueue(batch)
            self.stdout.write(
                f"Enqueued {len(ids)} answers in {len(batches)} tasks for the workers "
                "(manage.py db_worker)."
            )
            return

        workers = min(max(1, options["workers"]), len(batches))
        moves: Counter[tuple[str, str]] = Counter()
        # The pool first: forked before tqdm starts its monitor thread.
        with (
            batch_runner(workers) as run,
            tqdm(total=len(ids), unit="answer", file=self.stderr, disable=None) as bar,
        ):
            for size, batch_moves in run(_reverify_batch, batches):
                moves.update(batch_moves)
                bar.update(size)
        self.report(moves)

    def parse_since(self, value: str) -> datetime:
        try:
            day = datetime.fromisoformat(value)
        except ValueError as exc:
            raise CommandError(f"--since: {value!r} is not a date (YYYY-MM-DD)") from exc
        if day.tzinfo is None:
            day = timezone.make_aware(datetime.combine(day.date(), time.min))
        return day

    def report(self, moves: Counter[tuple[str, str]]) -> None:
        changed = {(old, new): count for (old, new), count in moves.items() if old != new}
        self.stdout.write(
            f"Re-verified {sum(moves.values())} answers with engine {engine.ENGINE_VERSION}; "
            f"{sum(changed.values())} changed review status."
        )
        for (old, new), count in sorted(changed.items()):
            self.stdout.write(f"  {old} -> {new}: {count}")


def _reverify_batch(batch: list[int]) -> tuple[int, Counter[tuple[str, str]]]:
    """(answers handled, their review status moves): the batch counts its own moves, so the
    run reads no statuses before and after (two reads of every id: at 20,000 answers 6.4 s,
    of a run of about 70)."""
    moves: Counter[tuple[str, str]] = Counter()
    services.answers_reverify_batch(answer_ids=batch, moves=moves)
    return len(batch), moves


@contextmanager
def batch_runner(workers: int) -> Iterator[Callable[..., Iterable]]:
    """A `map` over batches (one transaction each): in this process, or in `workers` forked
    ones. The engine is pure Python, so processes, not threads, use the cores; batches are
    handed out one at a time (results in any order), so a slow one holds up no other."""
    if workers == 1:
        yield map
        return
    # A forked child must not share the parent's database connection, nor its connection pool
    # (DB_POOL; the pool's threads do not survive a fork): each opens its own.
    connections.close_all()
    for connection in connections.all(initialized_only=True):
        if hasattr(connection, "close_pool"):
            connection.close_pool()
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        yield pool.imap_unordered
