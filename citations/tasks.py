"""Background work. Enqueued through django.tasks, so the backend (immediate on the embedded
default and in tests, django-tasks-db in production) is the settings' choice, not the caller's.

Both tasks are idempotent: a worker killed mid-task loses nothing (the transaction rolls back)
and a task run twice does the work once. `deliver_webhook` is defined beside the service that
enqueues it (so services never import this module); it is named here so every task has one
address.
"""

from django.tasks import task

from citations.services.reverify import answers_reverify_batch
from citations.services.webhooks import deliver_webhook

__all__ = ["deliver_webhook", "reverify_answers"]


@task
def reverify_answers(answer_ids: list[int]) -> int:
    return answers_reverify_batch(answer_ids=answer_ids)
