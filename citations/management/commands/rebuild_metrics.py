import time

from django.core.management.base import BaseCommand

from citations.services import rollups_rebuild


class Command(BaseCommand):
    help = (
        "Count the metrics page's rollups again from every stored answer and decision (after "
        "a bulk load that bypassed the services, or a change of TIME_ZONE); safe to repeat."
    )

    def handle(self, *args, **options):
        started = time.perf_counter()
        rollups_rebuild()
        self.stdout.write(f"Rebuilt the metrics in {time.perf_counter() - started:.1f} s.")
