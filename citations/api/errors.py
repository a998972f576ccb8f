"""One JSON error shape for every failure of the API, and the exceptions the views raise.

Every error body is ``{"status": <http status>, "code": <machine code>, "detail": <sentence>}``.
A 400 for invalid fields adds ``errors``: a flat mapping from the path of each bad field
(``text``, ``evidence[2].text``, ``metadata``) to the list of reasons it was refused.
"""

from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from rest_framework import exceptions, status
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

NON_FIELD_KEY = "non_field_errors"


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is larger than the limit."
    default_code = "request_too_large"


class Conflict(exceptions.APIException):
    """The external_id is already used by a different answer; carries where that answer is."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = "The external_id is already used by a different answer."
    default_code = "conflict"

    def __init__(self, detail=None, *, answer_id: int, answer_url: str):
        super().__init__(detail)
        self.answer_id = answer_id
        self.answer_url = answer_url


class NotCurrent(exceptions.APIException):
    """A revision of an answer that a correction superseded; carries the current revision."""

    status_code = status.HTTP_409_CONFLICT
    default_detail = "This revision has been corrected already; revise the current revision."
    default_code = "not_current"

    def __init__(self, detail=None, *, current_id: int, current_url: str):
        super().__init__(detail)
        self.current_id = current_id
        self.current_url = current_url


def printable(text: str) -> str:
    """`text` as valid UTF-8: a lone surrogate echoed from the input becomes its escape
    (\\ud800), so a message quoting bad input can always be rendered."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def error_response(status_code: int, code: str, detail: str, **headers) -> JsonResponse:
    """The error envelope, for errors raised outside a DRF view (see citations.api.middleware)."""
    body = {"status": status_code, "code": code, "detail": detail}
    return JsonResponse(body, status=status_code, headers=headers)


def flatten_errors(detail, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail as ``{"evidence[1].text": ["This field is required."]}``."""
    flat: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        items = detail.items()
    elif isinstance(detail, list) and detail and all(isinstance(d, dict | list) for d in detail):
        items = ((index, item) for index, item in enumerate(detail))
    else:
        messages = detail if isinstance(detail, list) else [detail]
        flat[prefix or NON_FIELD_KEY] = [printable(str(message)) for message in messages]
        return flat
    for key, value in items:
        if isinstance(key, int):
            path = f"{prefix}[{key}]"
        elif key == NON_FIELD_KEY:
            path = prefix
        else:
            path = printable(f"{prefix}.{key}" if prefix else str(key))
        for field, messages in flatten_errors(value, path).items():
            flat.setdefault(field, []).extend(messages)
    return flat


def exception_handler(exc, context):
    """DRF's handler, with every error rewritten into the documented shape."""
    if isinstance(exc, exceptions.UnsupportedMediaType):
        # The API accepts JSON only; anything else is simply a malformed request.
        exc = exceptions.ParseError(
            f"{exc.detail} Send a JSON body with Content-Type: application/json.",
            code="unsupported_media_type",
        )
    response = drf_exception_handler(exc, context)
    if response is None:
        return None

    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, exceptions.ValidationError):
        body = {
            "status": response.status_code,
            "code": "invalid",
            "detail": "The request has invalid fields; see errors.",
            "errors": flatten_errors(exc.detail),
        }
    else:
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        code = getattr(detail, "code", None) or getattr(exc, "default_code", "error")
        body = {"status": response.status_code, "code": code, "detail": printable(str(detail))}
        if isinstance(exc, Conflict):
            body["answer"] = {"id": exc.answer_id, "url": exc.answer_url}
        if isinstance(exc, NotCurrent):
            body["current_revision"] = {"id": exc.current_id, "url": exc.current_url}
        if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
            body["retry_after"] = int(exc.wait)
    set_rollback()
    response.data = body
    return response
