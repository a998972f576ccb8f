"""The API's only parser, and the body-size limit that is checked before anything is parsed."""

import json

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser

from citations.api.errors import RequestTooLarge


def max_body_bytes() -> int:
    return settings.CITATIONS_MAX_BODY_BYTES


def check_body_size(request) -> None:
    """413 from the declared length alone, before a byte of the body is read.

    Django caps the body stream at CONTENT_LENGTH (and reads nothing without one), so the
    declared length is also the most that parsing can ever read.
    """
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    limit = max_body_bytes()
    if length > limit:
        raise RequestTooLarge(
            f"The request body is {length} bytes; the limit is {limit} bytes "
            "(setting CITATIONS_MAX_BODY_BYTES)."
        )


def _reject_constant(value: str):
    raise ValueError(f"{value} is not valid JSON")


class StrictJSONParser(BaseParser):
    """UTF-8 JSON only. Bad bytes, bad JSON, NaN/Infinity or absurd nesting are a 400."""

    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        # JSON is UTF-8 (RFC 8259): another declared charset is refused, not guessed at.
        charset = _media_params(media_type or "").get("charset", "utf-8")
        if charset.lower().replace("_", "-") not in {"utf-8", "utf8"}:
            raise ParseError("JSON must be encoded as UTF-8.")
        raw = stream.read(max_body_bytes() + 1) if stream is not None else b""
        if len(raw) > max_body_bytes():
            raise RequestTooLarge(
                f"The request body is larger than the limit of {max_body_bytes()} bytes "
                "(setting CITATIONS_MAX_BODY_BYTES)."
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ParseError(f"The body is not valid UTF-8 (byte {exc.start}).") from None
        try:
            return json.loads(text, parse_constant=_reject_constant)
        except RecursionError:
            raise ParseError("JSON parse error: nested too deeply.") from None
        except ValueError as exc:
            raise ParseError(f"JSON parse error: {exc}") from None


def _media_params(media_type: str) -> dict[str, str]:
    params = {}
    for part in media_type.split(";")[1:]:
        name, _, value = part.partition("=")
        params[name.strip().lower()] = value.strip().strip('"')
    return params
