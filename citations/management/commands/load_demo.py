"""Demo data for the dashboard: a reviewer, an editor, two generators and about 30 answers.

The answers and their evidence are in load_demo.json, next to this file: realistic answers a new
user can read, with verified, unsupported and uncited sentences and some decisions already made.
Idempotent: answers are keyed by their external_id (a second run finds them and adds nothing),
decisions and back-dated ages are only applied to answers created by this run.

Passwords stay the same across runs: with --password or DEMO_PASSWORD both users have that
password after every run (refused when DEBUG is off and it fails the site's password
validators); without one, a user gets a generated password, printed once, when it has none,
and keeps it on later runs.
"""

import json
import os
import secrets
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import Group, User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from citations.models import Answer, ApiClient
from citations.selectors.demo import DEMO_USERNAMES
from citations.services import answer_create, decision_record, rollups_rebuild

DATA = Path(__file__).with_suffix(".json")


def demo_answers() -> list[dict]:
    """The demo answers, each with its evidence passages written out in full."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    passages = data["passages"]
    return [
        {**answer, "evidence": [{"id": key, **passages[key]} for key in answer["evidence"]]}
        for answer in data["answers"]
    ]


def demo_password_given(options: dict) -> str:
    """The password asked for (--password, else DEMO_PASSWORD), or "" for none."""
    return options.get("password") or os.environ.get("DEMO_PASSWORD", "")


def check_given_password(password: str) -> None:
    # A demo user with a password someone chose for convenience must not reach a real site:
    # with DEBUG off the site's own validators decide, as for any other account.
    if settings.DEBUG:
        return
    try:
        validate_password(password)
    except ValidationError as error:
        raise CommandError(
            "DEMO_PASSWORD is too weak for a site with DEBUG off: " + " ".join(error.messages)
        ) from error


def set_demo_password(user: User, given: str) -> str:
    """Give USER its password; returns what to print about it."""
    if given:
        # Set only when it differs: a new hash (new salt) would log out the browser sessions
        # of every demo user at each restart.
        if not user.check_password(given):
            user.set_password(given)
        return "as given (DEMO_PASSWORD or --password)"
    if user.has_usable_password():
        return "unchanged (printed when it was set; make run DEMO_PASSWORD=... sets one)"
    password = secrets.token_urlsafe(12)
    user.set_password(password)
    return f"{password}  (generated, shown only now)"


class Command(BaseCommand):
    help = "Create demo users (reviewer, editor), two generators and about 30 answers."

    def add_arguments(self, parser):
        parser.add_argument(
            "--password",
            help="Both demo users' password, set on every run (default: DEMO_PASSWORD; without "
            "either, a generated one when a user has none).",
        )

    def handle(self, *args, **options):
        answers = demo_answers()
        given = demo_password_given(options)
        if given:
            check_given_password(given)
        users = {}
        said = {}
        with transaction.atomic():
            for username in DEMO_USERNAMES:
                group, _ = Group.objects.get_or_create(name=username)
                user, created = User.objects.get_or_create(
                    username=username,
                    defaults={"first_name": username.title(), "email": f"{username}@example.org"},
                )
                if created:
                    user.set_unusable_password()
                said[username] = set_demo_password(user, given)
                user.is_active = True
                user.save()
                user.groups.add(group)
                users[username] = user
            clients = {
                name: ApiClient.objects.get_or_create(name=name)[0]
                for name in sorted({answer["client"] for answer in answers})
            }

        created_count = 0
        now = timezone.now()
        for demo in answers:
            answer, created = answer_create(
                client=clients[demo["client"]],
                external_id=f"demo-{demo['external_id']}",
                question=demo["question"],
                text=demo["text"],
                evidence=demo["evidence"],
            )
            if not created:
                continue
            created_count += 1
            # Demo ages, so the queue shows a realistic spread (only on first creation).
            created_at = now - timedelta(hours=demo["hours_ago"])
            Answer.objects.filter(pk=answer.pk).update(created_at=created_at)
            for decision in demo["decisions"]:
                decision_record(
                    answer=answer,
                    reviewer=users[decision["by"]],
                    action=decision["action"],
                    note=decision["note"],
                    sentence_index=decision["sentence"],
                )

        if created_count:
            # The ages above were set behind the services' back: count the metrics again.
            rollups_rebuild()
        total = Answer.objects.filter(external_id__startswith="demo-").count()
        self.stdout.write(
            self.style.SUCCESS(f"Demo answers: {created_count} created, {total} in total.")
        )
        self.stdout.write("Demo users:")
        for username in DEMO_USERNAMES:
            self.stdout.write(f"  {username:<9} password: {said[username]}")
