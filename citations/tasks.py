"""Background work. Enqueued through django.tasks, so the backend (immediate on the embedded
default and in tests, django-tasks-db in production) is the settings' choice, not the caller's.

Both tasks are idempotent: a worker killed mid-task loses nothing (the transaction rolls back)
and a task run twice does the work once.
"""

from django.tasks import task

from citations import services


@task
def deliver_webhook(delivery_id: int) -> str:
    return services.webhook_attempt(delivery_id=delivery_id)


@task
def reverify_answers(answer_ids: list[int]) -> int:
    return services.answers_reverify_outdated(answer_ids=answer_ids)
