"""Work that must not hold up a response: run once the response has been sent.

While a request is being answered (AfterResponseMiddleware marks it), `after_response(callback)`
queues the callback until Django's `request_finished` signal, which servers send after the
last byte of the response (WSGI and ASGI alike); anywhere else (a command, a task worker) it
runs the callback at once. Used for webhook deliveries on the immediate task backend, so a
reviewer's click never waits for a receiver.
"""

import logging
from collections.abc import Callable
from contextvars import ContextVar

from django.core.signals import request_finished
from django.dispatch import receiver

logger = logging.getLogger(__name__)
_answering: ContextVar[bool] = ContextVar("answering", default=False)
_queued: ContextVar[list[Callable[[], object]] | None] = ContextVar("queued", default=None)


def after_response(callback: Callable[[], object]) -> None:
    queued = _queued.get()
    if _answering.get() and queued is not None:
        queued.append(callback)
    else:
        callback()


class AfterResponseMiddleware:
    """Marks the time a view is answering; exactly that, even if a response is never closed."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if _queued.get() is None:
            _queued.set([])
        token = _answering.set(True)
        try:
            return self.get_response(request)
        finally:
            _answering.reset(token)


@receiver(request_finished)
def _run(**kwargs) -> None:
    queued = _queued.get() or []
    _queued.set([])
    for callback in queued:
        try:
            callback()
        except Exception:  # one failing callback must not stop the others
            logger.exception("deferred work failed after the response")
