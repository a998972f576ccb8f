"""Work that must not hold up a response: run once the response has been sent.

Inside a request, `after_response(callback)` keeps the callback until Django's
`request_finished` signal, which servers send after the last byte of the response (WSGI and
ASGI alike); outside a request (a command, a task worker) it runs the callback at once. Used
for webhook deliveries on the immediate task backend, so a reviewer's click never waits for a
receiver.
"""

import logging
from collections.abc import Callable
from contextvars import ContextVar

from django.core.signals import request_finished, request_started
from django.dispatch import receiver

logger = logging.getLogger(__name__)
_pending: ContextVar[list[Callable[[], object]] | None] = ContextVar("after_response", default=None)


def after_response(callback: Callable[[], object]) -> None:
    pending = _pending.get()
    if pending is None:
        callback()
    else:
        pending.append(callback)


@receiver(request_started)
def _collect(**kwargs) -> None:
    _pending.set([])


@receiver(request_finished)
def _run(**kwargs) -> None:
    pending = _pending.get() or []
    _pending.set(None)
    for callback in pending:
        try:
            callback()
        except Exception:  # one failing callback must not stop the others
            logger.exception("deferred work failed after the response")
