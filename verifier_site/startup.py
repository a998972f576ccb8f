"""Refuse to serve with DEBUG off while a STARTUP check (verifier_site.checks) fails.

Called by verifier_site.wsgi and verifier_site.asgi once Django is set up, so it runs in every
server that loads the site: gunicorn's workers (`make serve`; a worker that fails to boot stops
gunicorn), runserver and any other WSGI or ASGI server. Django runs system checks in no server
of its own accord (runserver skips deploy checks), hence this call. Warnings are logged and
the site starts: they name what the check cannot be sure of (verifier_site.W004).
"""

import logging

from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.db import connections

from verifier_site.checks import ASGI_STARTUP, STARTUP

logger = logging.getLogger(__name__)


def refuse_misconfigured_start(*, asgi: bool = False) -> None:
    """`asgi`: the ASGI application is loading, so the checks of serving under ASGI run too."""
    if settings.DEBUG:
        return
    tags = [STARTUP, ASGI_STARTUP] if asgi else [STARTUP]
    try:
        problems = checks.run_checks(tags=tags, include_deployment_checks=True)
    finally:
        # The cache check may have connected from this (the loading) thread; requests get
        # their own connections.
        connections.close_all()
    errors = [problem for problem in problems if problem.is_serious()]
    for warning in (problem for problem in problems if not problem.is_serious()):
        logger.warning("%s (%s) %s", warning.msg, warning.id, warning.hint)
    if errors:
        raise ImproperlyConfigured(
            "The site refuses to start with DEBUG off:\n"
            + "\n".join(f"- {error.msg} ({error.id}) {error.hint}" for error in errors)
        )
