"""`manage.py check --deploy` warnings about the site's own settings."""

from django.conf import settings
from django.core.checks import Warning, register
from django.tasks import task_backends
from django.tasks.backends.immediate import ImmediateBackend


@register("tasks", deploy=True)
def immediate_tasks_in_production(app_configs=None, **kwargs) -> list[Warning]:
    """The immediate backend runs re-verifications and webhook deliveries inside the request
    that enqueues them: fine while developing, slow requests and lost retries in production."""
    if settings.DEBUG:
        return []
    return [
        Warning(
            f"The task backend {backend.alias!r} runs every task inside the web request "
            "that enqueues it.",
            hint="Set TASKS_BACKEND=django_tasks_db.DatabaseBackend and run "
            "`manage.py db_worker` (README: Background work).",
            id="verifier_site.W001",
        )
        for backend in task_backends.all()
        if isinstance(backend, ImmediateBackend)
    ]
