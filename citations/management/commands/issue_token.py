from django.core.management.base import BaseCommand, CommandError

from citations.services import token_issue


class Command(BaseCommand):
    help = (
        "Create the API client NAME if needed and issue it a new token. The key is shown once, "
        "as the last line of the output; only its hash is stored."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help="The client (generator) name, e.g. 'legal-rag'.")
        parser.add_argument(
            "--token-name", default="", help="A label for this token, e.g. 'production'."
        )

    def handle(self, *args, name, token_name, **options):
        name = name.strip()
        if not name:
            raise CommandError("NAME must not be blank.")
        if len(name) > 100 or len(token_name) > 100:
            raise CommandError("NAME and --token-name are at most 100 characters.")
        token, key = token_issue(client_name=name, token_name=token_name)
        self.stdout.write(
            f"Issued token {token.prefix}… for client {token.client.name!r}. "
            "Store the key now: it cannot be shown again."
        )
        self.stdout.write("Use it as the header: Authorization: Token <key>")
        self.stdout.write(key)
