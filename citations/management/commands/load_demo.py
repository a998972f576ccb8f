"""Demo data for the dashboard: a reviewer, an editor, two generators and about 30 answers.

The answers and their evidence are in load_demo.json, next to this file: realistic answers a new
user can read, with verified, unsupported and uncited sentences and some decisions already made.
Idempotent: answers are keyed by their external_id (a second run finds them and adds nothing),
decisions and back-dated ages are only applied to answers created by this run, and each run
resets the two demo users' passwords and prints them.
"""

import json
import secrets
from datetime import timedelta
from pathlib import Path

from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from citations.models import Answer, ApiClient
from citations.services import answer_create, decision_record

DATA = Path(__file__).with_suffix(".json")


def demo_answers() -> list[dict]:
    """The demo answers, each with its evidence passages written out in full."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    passages = data["passages"]
    return [
        {**answer, "evidence": [{"id": key, **passages[key]} for key in answer["evidence"]]}
        for answer in data["answers"]
    ]


class Command(BaseCommand):
    help = "Create demo users (reviewer, editor), two generators and about 30 answers."

    def add_arguments(self, parser):
        parser.add_argument(
            "--password",
            help="Use this password for both demo users instead of generating new ones.",
        )

    def handle(self, *args, **options):
        answers = demo_answers()
        users = {}
        passwords = {}
        with transaction.atomic():
            for username, group_name in (("reviewer", "reviewer"), ("editor", "editor")):
                group, _ = Group.objects.get_or_create(name=group_name)
                user, _ = User.objects.get_or_create(
                    username=username,
                    defaults={"first_name": username.title(), "email": f"{username}@example.org"},
                )
                password = options.get("password") or secrets.token_urlsafe(9)
                user.set_password(password)
                user.is_active = True
                user.save()
                user.groups.add(group)
                users[username] = user
                passwords[username] = password
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

        total = Answer.objects.filter(external_id__startswith="demo-").count()
        self.stdout.write(
            self.style.SUCCESS(f"Demo answers: {created_count} created, {total} in total.")
        )
        self.stdout.write("Log in at http://127.0.0.1:8000/accounts/login/ with:")
        for username in ("reviewer", "editor"):
            self.stdout.write(f"  {username:<9} password: {passwords[username]}")
        self.stdout.write("(Passwords are reset each time load_demo runs.)")
