from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from citations.models import ApiClient
from citations.services import client_set_webhook
from citations.services.webhook_targets import validate_webhook_url


class Command(BaseCommand):
    help = "Send a client's review-completed events to URL; prints the new signing secret last."

    def add_arguments(self, parser):
        parser.add_argument("client", help="the generator client's name")
        parser.add_argument("url", help="the callback URL (http or https)")

    def handle(self, *args, **options):
        try:
            client = ApiClient.objects.get(name=options["client"])
        except ApiClient.DoesNotExist as exc:
            raise CommandError(f"no client named {options['client']!r}") from exc
        try:
            validate_webhook_url(options["url"])
        except ValidationError as exc:
            raise CommandError(f"{options['url']!r}: {exc.messages[0]}") from exc
        secret = client_set_webhook(client=client, url=options["url"])
        self.stdout.write(f"Webhook for {client.name}: {options['url']}")
        self.stdout.write("Signing secret (shown once):")
        self.stdout.write(secret)
