from django.core.management.base import BaseCommand

from citations.services import webhooks_deliver_due


class Command(BaseCommand):
    help = (
        "Send every webhook delivery that is due: retries on a task backend that cannot defer, "
        "and anything a crashed worker left behind. Run it every minute (cron, systemd timer)."
    )

    def handle(self, *args, **options):
        attempted = webhooks_deliver_due()
        self.stdout.write(f"Attempted {attempted} due webhook deliveries.")
