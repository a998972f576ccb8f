"""Errors under /api/ that happen outside a DRF view, answered in the API's JSON envelope.

DRF's exception handler (citations.api.errors) only sees what its views raise and handle.
This middleware covers the rest, so an API client never gets an HTML page or a redirect:
an unknown path (JSON 404), a path missing its trailing slash (served as if it had one, since
a redirect would drop a POST body), a chunked body the WSGI server cannot hand over (411), an
unavailable database (503) and any other unexpected failure (500).
"""

import logging

from django.core.handlers.wsgi import WSGIRequest
from django.db import InterfaceError, OperationalError
from django.urls import is_valid_path

from citations.api.errors import error_response

API_PREFIX = "/api/"
RETRY_AFTER_SECONDS = "5"
logger = logging.getLogger("citations.api")


class ApiErrorsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path_info.startswith(API_PREFIX):
            return self.get_response(request)
        _add_missing_slash(request)
        if _unread_chunked_body(request):
            return error_response(
                411,
                "length_required",
                "Chunked request bodies are not read by this server: send the body with a "
                "Content-Length header.",
            )
        response = self.get_response(request)
        if response.status_code == 404 and not response.get("Content-Type", "").startswith(
            "application/json"
        ):
            return error_response(404, "not_found", "No API endpoint at this path.")
        return response

    def process_exception(self, request, exception):
        if not request.path_info.startswith(API_PREFIX):
            return None
        if isinstance(exception, OperationalError | InterfaceError):
            logger.error("database unavailable: %s", exception)
            return error_response(
                503,
                "database_unavailable",
                "The database is unavailable; retry later.",
                **{"Retry-After": RETRY_AFTER_SECONDS},
            )
        logger.exception("unexpected API error")
        return error_response(500, "server_error", "An unexpected error occurred.")


def _add_missing_slash(request) -> None:
    """`/api/v1/answers` is served as `/api/v1/answers/`, whatever the method."""
    path = request.path_info
    if path.endswith("/") or is_valid_path(path) or not is_valid_path(path + "/"):
        return
    request.path_info = path + "/"
    request.path = request.path + "/"


def _unread_chunked_body(request) -> bool:
    """A chunked body under WSGI: Django reads CONTENT_LENGTH bytes, so none of it. (Under
    ASGI, as `make serve` runs, verifier_site/body_limit.py counts it against the limit and
    hands it over whole, with its length.)"""
    chunked = "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
    return chunked and isinstance(request, WSGIRequest) and not request.META.get("CONTENT_LENGTH")
