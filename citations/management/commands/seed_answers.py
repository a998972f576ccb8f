import time

from django.core.management.base import BaseCommand, CommandError

from benchmarks.seeding import answers_seed
from citations.models import ApiClient

PASSAGES = [
    "Employees are entitled to {n} days of paid annual leave per calendar year.",
    "Overtime is paid at 150 percent of the regular hourly wage.",
    "The notice period for dismissal is {n} weeks after two years of service.",
    "Night work between 22:00 and 06:00 carries a supplement of 25 percent.",
    "Parental leave may be taken in up to three separate blocks.",
]


def template(n: int) -> dict:
    """A typical answer: 10 sentences over 5 passages, some verified, some flagged."""
    evidence = [
        {"text": p.format(n=n), "title": f"Handbook section {i}"}
        for i, p in enumerate(PASSAGES, start=1)
    ]
    sentences = [
        f"Employees are entitled to {n} days of paid annual leave [1].",
        "Overtime is paid at 150 percent of the hourly wage [2].",
        f"The notice period is {n} weeks after two years of service [3].",
        "Night work carries a supplement of 25 percent [4].",
        "Parental leave may be split into three blocks [5].",
        f"Annual leave of {n + 7} days applies to managers [1].",
        "Overtime must be approved in writing by a manager in advance.",
        "Two rules apply here:",
        "Night work between 22:00 and 06:00 is supplemented [4].",
        "Parental leave is unpaid in every case [9].",
    ]
    return {
        "question": f"What are the leave rules (case {n})?",
        "text": " ".join(sentences),
        "evidence": evidence,
    }


class Command(BaseCommand):
    help = "Bulk-store COUNT synthetic answers for benchmarks (each verified template reused)."

    def add_arguments(self, parser):
        parser.add_argument("count", type=int)
        parser.add_argument("--client", default="bench-seed", help="client to store them under")

    def handle(self, *args, count: int, client: str, **options):
        if count < 1:
            raise CommandError("COUNT must be at least 1")
        owner, _ = ApiClient.objects.get_or_create(name=client)
        started = time.perf_counter()
        made = answers_seed(
            client=owner, templates=[template(n) for n in range(10, 30)], count=count
        )
        elapsed = time.perf_counter() - started
        self.stdout.write(f"Stored {made} answers for {owner.name} in {elapsed:.1f} s.")
