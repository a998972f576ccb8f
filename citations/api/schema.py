"""OpenAPI pieces drf-spectacular cannot infer: the token scheme and the error responses."""

from django.conf import settings
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiResponse

from citations.api import serializers as s


class ClientTokenScheme(OpenApiAuthenticationExtension):
    target_class = "citations.api.authentication.ClientTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            # The README's Quick start command: a bare `manage.py` has production's defaults
            # and stops at "SECRET_KEY is not set" on a fresh clone.
            "description": "`Token <key>`. Issue a key with "
            '`make manage ARGS="issue_token my-pipeline"` (the key is the last line); in '
            "production, `manage.py issue_token NAME` with the site's settings.",
        }


def limits_text() -> str:
    return (
        f"Limits (settings): body at most {settings.CITATIONS_MAX_BODY_BYTES} bytes "
        f"(CITATIONS_MAX_BODY_BYTES), text at most {s.max_text_chars()} characters "
        f"(CITATIONS_MAX_TEXT_CHARS), at most {s.max_passages()} passages "
        f"(CITATIONS_MAX_PASSAGES) of at most {s.max_passage_chars()} characters each "
        "(CITATIONS_MAX_PASSAGE_CHARS)."
    )


REVISION_CONFLICT = OpenApiResponse(
    s.RevisionConflictErrorSerializer,
    "The answer is not current: a correction superseded it. `current_revision` names the "
    "revision to revise instead.",
)


def errors(*codes: int) -> dict:
    described = {
        400: OpenApiResponse(
            s.ValidationErrorSerializer,
            "Invalid request: the body is not UTF-8 JSON, or fields are wrong (each named in "
            "`errors` with its reasons): wrong types, missing evidence text, null items, unknown "
            "citation_style, over a limit, or characters the database cannot store (NUL, lone "
            "surrogates).",
        ),
        401: OpenApiResponse(s.ErrorSerializer, "Missing, invalid or revoked token."),
        404: OpenApiResponse(
            s.ErrorSerializer, "No such answer for this client (another client's is 404 too)."
        ),
        409: OpenApiResponse(
            s.ConflictErrorSerializer,
            "The external_id is already used by a different answer of this client.",
        ),
        413: OpenApiResponse(
            s.ErrorSerializer,
            "The body is larger than CITATIONS_MAX_BODY_BYTES; refused before parsing.",
        ),
        429: OpenApiResponse(
            s.ThrottledErrorSerializer,
            "Too many requests for this client; the Retry-After header says when to retry.",
        ),
    }
    return {code: described[code] for code in codes}
