from django.core.management.base import BaseCommand, CommandError

from citations.models import ApiToken
from citations.services import token_digest, token_revoke


class Command(BaseCommand):
    help = "Revoke an API token, given its full key or the prefix shown when it was issued."

    def add_arguments(self, parser):
        parser.add_argument("key_or_prefix")

    def handle(self, *args, key_or_prefix, **options):
        value = key_or_prefix.strip().rstrip("…")
        tokens = ApiToken.objects.filter(revoked_at__isnull=True).select_related("client")
        matches = list(tokens.filter(digest=token_digest(value))) or list(
            tokens.filter(prefix=value)
        )
        if not matches:
            raise CommandError("No active token has that key or prefix.")
        if len(matches) > 1:
            raise CommandError("That prefix matches several tokens; pass the full key.")
        token_revoke(token=matches[0])
        self.stdout.write(f"Revoked token {matches[0].prefix}… of client {matches[0].client}.")
