"""The site's 500 handler: a 503 page when the database is the cause.

A page that needs the database (the queue, the login) cannot be served while it is down or
refusing connections; "The database is unavailable, retry in 30 s" tells a reviewer (and a
load balancer) more than a generic error. The page is self-contained: no static files, no
user, no query. The API answers its own JSON 503 (citations.api.middleware).
"""

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse
from django.template import loader
from django.views.defaults import server_error as generic_server_error

RETRY_AFTER_SECONDS = 30


def server_error(request, *args, **kwargs):
    # Django calls the handler while it handles the exception (in the same thread, since the
    # site's middleware is synchronous), so the exception is still the current one.
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return database_unavailable()
    return generic_server_error(request, *args, **kwargs)


def database_unavailable() -> HttpResponse:
    html = loader.get_template("503.html").render({"retry_after": RETRY_AFTER_SECONDS})
    response = HttpResponse(html, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
