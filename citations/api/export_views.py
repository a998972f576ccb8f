"""The API's exports: the client's answers as CSV or JSON Lines, streamed, paged by cursor."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers

from citations import exports, selectors
from citations.api import schema
from citations.api.serializers.kept import KeptFieldsSerializer
from citations.api.views import MAX_ID, FilteredAnswersView
from citations.selectors.keyset import key_of

MAX_LIMIT = 100_000

EXPORT_DOC = (
    "Your own answers, newest first, with their verdicts per sentence and the reviewers' "
    "decisions (who decided is not disclosed), as a download streamed while it is produced, "
    "so a large export neither times out nor waits. The filters are those of the list; "
    "only current answers unless `current=false`. Values that start with = + - @ are "
    "prefixed with ' so spreadsheets do not run them. With `limit`, the download holds that "
    'many answers and, when more follow, a `Link: <...>; rel="next"` header (and '
    "`X-Next-Cursor`) names the next page. An export cut short resumes with `cursor` set to "
    "the id of the last answer received: every answer comes exactly once, answers stored "
    "meanwhile are not mixed in."
)
PAGE_PARAMETERS = [
    OpenApiParameter(
        "cursor",
        OpenApiTypes.INT,
        description="Start after this answer (the id of the last answer received).",
    ),
    OpenApiParameter(
        "limit", OpenApiTypes.INT, description=f"At most this many answers (1 to {MAX_LIMIT})."
    ),
]


class ExportPageSerializer(KeptFieldsSerializer):
    cursor = serializers.IntegerField(required=False, min_value=0, max_value=MAX_ID)
    limit = serializers.IntegerField(required=False, min_value=1, max_value=MAX_LIMIT)


class AnswerExportView(FilteredAnswersView):
    fmt = "csv"

    def get(self, request):
        page = self.validated(ExportPageSerializer, request.query_params)
        after = None
        if "cursor" in page:
            # Looked up among all the client's answers, so a cursor outlives a filter change.
            after = key_of(selectors.answer_client_list(client=self.client), page["cursor"])
            if after is None:
                raise exceptions.ValidationError({"cursor": ["No answer of yours has this id."]})
        # Generators are never told who reviewed their answers.
        response = exports.streaming_export(
            self.filtered_answers(),
            self.fmt,
            "answers",
            request=request,
            reviewers=False,
            after=after,
            limit=page.get("limit"),
        )
        if response.next_cursor is not None:
            params = request.query_params.copy()
            params["cursor"] = str(response.next_cursor)
            url = request.build_absolute_uri(request.path + "?" + params.urlencode())
            response["Link"] = f'<{url}>; rel="next"'
            response["X-Next-Cursor"] = str(response.next_cursor)
        return response


class AnswerCsvExportView(AnswerExportView):
    fmt = "csv"

    @extend_schema(
        operation_id="answers_export_csv",
        summary="Export your answers as CSV",
        description=EXPORT_DOC + " One row per answer; `decisions` is a JSON array, and so is "
        f"`sentences` ({', '.join(exports.CSV_SENTENCE_KEYS)} of each). " + exports.SENTENCE_DOC,
        filters=True,
        parameters=PAGE_PARAMETERS,
        responses={
            (200, exports.FORMATS["csv"].split(";")[0]): OpenApiResponse(
                OpenApiTypes.STR,
                "CSV (UTF-8) with a header row, sent as an attachment named answers.csv. "
                f"Columns: {', '.join(exports.CSV_COLUMNS)}.",
            ),
            **schema.errors(400, 401, 429),
        },
    )
    def get(self, request):
        return super().get(request)


class AnswerJsonlExportView(AnswerExportView):
    fmt = "jsonl"

    @extend_schema(
        operation_id="answers_export_jsonl",
        summary="Export your answers as JSON Lines",
        description=EXPORT_DOC + " One JSON object per line: the summary, `counts`, "
        "`sentences` (index, text, status, reason, support, decided_by, summary, suggestions) "
        "and `decisions`. " + exports.SENTENCE_DOC,
        filters=True,
        parameters=PAGE_PARAMETERS,
        responses={
            (200, exports.FORMATS["jsonl"].split(";")[0]): OpenApiResponse(
                OpenApiTypes.STR,
                "JSON Lines (UTF-8), sent as an attachment named answers.jsonl.",
            ),
            **schema.errors(400, 401, 429),
        },
    )
    def get(self, request):
        return super().get(request)
