"""Django's ASGI handler with the middleware chain built for sync views: one thread hop a request.

Django's own ASGIHandler builds the chain in async mode: a middleware that can run async does,
so each sync step on the way is adapted with a hop between the event loop and the request's
thread: every process_request, process_view and process_response of the MiddlewareMixin ones
(sessions, CSRF, auth, messages...), an async_to_sync back into the chain below the first
sync-only middleware (WhiteNoise and the site's own), and the view itself. A typical API
submission made 18 hops, 6.3 of its 47.7 M instructions (benchmarks/submission.py --asgi).
Every view of the site is sync, so this handler builds the chain in sync mode and runs all of
it, view included, in one hop to the thread Django gives each request (where `request_started`
and `request_finished` run too, so a request's database connection stays in one thread).
Reading the body and sending the response, streamed exports too, stay on the event loop.
"""

import django
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class SyncChainHandler(ASGIHandler):
    def load_middleware(self, is_async=False):
        # ASGIHandler asks for the async chain; the sync one serves the same middleware.
        super().load_middleware(is_async=False)

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


def get_asgi_application() -> SyncChainHandler:
    """django.core.asgi.get_asgi_application with this handler."""
    django.setup(set_prefix=False)
    return SyncChainHandler()
