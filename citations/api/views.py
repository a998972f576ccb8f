"""The generators' API. Thin: validate with a serializer, call a service or selector, render."""

import copy
import logging

from django.db.models import QuerySet
from django.urls import reverse
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework import exceptions, generics, status
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from citations import engine, selectors, services
from citations.api import schema
from citations.api import serializers as s
from citations.api.errors import Conflict, NotCurrent
from citations.api.filters import AnswerFilter
from citations.api.pagination import KeysetPagination
from citations.api.parsers import StrictJSONParser, check_body_size
from citations.api.serializers.kept import KeptFieldsSerializer
from citations.models import Answer

logger = logging.getLogger(__name__)

MAX_ID = 2**63 - 1


class JSONOnly(BaseContentNegotiation):
    """The API speaks JSON whatever the Accept header says (no 406 to trip a client)."""

    def select_parser(self, request, parsers):
        for parser in parsers:
            if request.content_type.split(";")[0].strip().lower() == parser.media_type:
                return parser
        return None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class ApiView(generics.GenericAPIView):
    parser_classes = [StrictJSONParser]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JSONOnly
    metadata_class = None  # OPTIONS is a 405: the OpenAPI schema is the description

    def initial(self, request, *args, **kwargs):
        check_body_size(request)  # before authentication and long before parsing
        super().initial(request, *args, **kwargs)

    @property
    def client(self):
        return self.request.auth.client

    def validated(self, serializer_class: type[KeptFieldsSerializer], data) -> dict:
        serializer = serializer_class(data=data, context=self.get_serializer_context())
        try:
            serializer.is_valid(raise_exception=True)
            return serializer.validated_data
        finally:
            serializer.release()

    def render_answer(self, answer_id: int, *, status_code: int) -> Response:
        queryset = selectors.answer_with_current_revision(
            selectors.answer_with_details(selectors.answer_list(client=self.client))
        )
        answer = queryset.get(pk=answer_id)
        data = s.answer_data(answer, context=self.get_serializer_context())
        return Response(data, status=status_code)

    def render_stored(self, stored: services.Stored) -> Response:
        """A new answer's 201 from the rows its submission just wrote, read back by nobody: the
        same body a GET gives (an answer cannot have been decided before it was committed)."""
        data = s.answer_data(_as_read_back(stored), context=self.get_serializer_context())
        return Response(data, status=status.HTTP_201_CREATED)

    def absolute_answer_url(self, answer_id: int) -> str:
        return self.request.build_absolute_uri(
            reverse("api:answer-detail", kwargs={"id": answer_id})
        )


def _as_read_back(stored: services.Stored) -> Answer:
    """A copy of the stored answer holding what `render_answer`'s prefetches would read, set the
    way Django's prefetch sets them. Only this copy gets them: the service's own answer must go
    on reading its relations from the database (decisions made on it later)."""
    answer = copy.copy(stored.answer)
    answer._prefetched_objects_cache = {
        "evidence": _prefetched(answer.evidence.all(), stored.evidence),
        "decisions": _prefetched(answer.decisions.all(), []),
    }
    answer.latest_verifications = [stored.verification]  # with_latest_verification's to_attr
    answer.current_revision_pk = answer.pk  # a new answer is its own current revision
    return answer


def _prefetched(queryset: QuerySet, rows: list) -> QuerySet:
    queryset._result_cache = rows
    queryset._prefetch_done = True
    return queryset


def parse_id(value: str) -> int:
    """The path's answer id; anything but a plain non-negative 64-bit integer is a 404."""
    if not value.isascii() or not value.isdigit() or int(value) > MAX_ID:
        raise exceptions.NotFound()
    return int(value)


ID_PARAMETER = OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH)


def _engine_refused(exc: engine.RejectedInput):
    logger.info("input refused by the engine", extra={"reason": str(exc)})
    return exceptions.ValidationError({"non_field_errors": [str(exc)]})


EVIDENCE_DOC = "`evidence` position 1 is citation [1]. "


class FilteredAnswersView(ApiView):
    """A view whose GET lists the client's answers narrowed by `AnswerFilter`."""

    filter_backends = [DjangoFilterBackend]
    filterset_class = AnswerFilter
    queryset = Answer.objects.none()  # names the model for the schema; rows: filtered_answers

    def filtered_answers(self):
        return self.filter_queryset(selectors.answer_client_list(client=self.client))


class AnswerListCreateView(FilteredAnswersView):
    pagination_class = KeysetPagination

    @extend_schema(
        operation_id="answers_list",
        summary="List your answers",
        description="Your own answers, newest first, in pages that follow one another by "
        "cursor (`next`, `previous`): any page costs what the first does. Items carry the summary "
        "(status, passed, validation_rate, counts, review counts, revision) but not the text, "
        "evidence or report: fetch an answer for those. Only current answers are listed (the "
        "newest revision of each) unless `current=false`, which lists the superseded ones.",
        responses={200: s.AnswerSummarySerializer(many=True), **schema.errors(400, 401, 404, 429)},
    )
    def get(self, request):
        # An item shows neither the text nor the client (the caller): no join, no 50 clients.
        queryset = self.filtered_answers().defer("text").select_related(None)
        page = self.paginate_queryset(queryset)
        items = s.AnswerSummarySerializer(page, many=True, context=self.get_serializer_context())
        try:
            return self.get_paginated_response(items.data)
        finally:
            items.child.release()

    @extend_schema(
        operation_id="answers_create",
        summary="Submit an answer with its evidence",
        description=EVIDENCE_DOC
        + "Verification runs at once; the answer, its evidence and its verification are stored "
        "together or not at all. With an `external_id`, the same body again returns the stored "
        "answer (200) and a different body under the same id is a 409; racing identical "
        "requests yield one answer. " + schema.limits_text(),
        request=s.AnswerInputSerializer,
        responses={
            201: s.AnswerSerializer,
            200: s.AnswerSerializer,
            **schema.errors(400, 401, 409, 413, 429),
        },
    )
    def post(self, request):
        data = self.validated(s.AnswerInputSerializer, request.data)
        try:
            submission = services.answer_submit(client=self.client, **data)
        except services.IdempotencyConflict as exc:
            url = reverse("api:answer-detail", kwargs={"id": exc.answer.pk})
            raise Conflict(
                str(exc), answer_id=exc.answer.pk, answer_url=request.build_absolute_uri(url)
            ) from None
        except engine.RejectedInput as exc:  # the engine's own limits
            raise _engine_refused(exc) from None
        if submission.stored is None:  # an idempotent replay: the stored answer as it is now
            return self.render_answer(submission.answer.pk, status_code=status.HTTP_200_OK)
        return self.render_stored(submission.stored)


class AnswerDetailView(ApiView):
    @extend_schema(
        operation_id="answers_retrieve",
        summary="Read one of your answers",
        description="The full answer: text, evidence, review so far and the newest "
        "verification (exactly the engine's report). Any revision, current or superseded, "
        "can be read.",
        parameters=[ID_PARAMETER],
        responses={200: s.AnswerSerializer, **schema.errors(401, 404, 429)},
    )
    def get(self, request, id):
        try:
            return self.render_answer(parse_id(id), status_code=status.HTTP_200_OK)
        except Answer.DoesNotExist:
            raise exceptions.NotFound() from None


class AnswerRevisionsView(ApiView):
    @extend_schema(
        operation_id="answers_revisions_list",
        summary="Every revision of one of your answers",
        description="The whole history of the answer `id` belongs to, whichever revision `id` "
        "is: the original first, the current revision last, each with a sentence-level diff "
        "against the revision before it.",
        parameters=[ID_PARAMETER],
        responses={200: s.RevisionHistorySerializer, **schema.errors(401, 404, 429)},
    )
    def get(self, request, id):
        revisions = selectors.answer_client_revisions(client=self.client, pk=parse_id(id))
        if not revisions:
            raise exceptions.NotFound()
        previous_report = None
        for answer in revisions:
            report = selectors.latest_verification(answer).report
            answer.diff = (
                None
                if previous_report is None
                else s.diff_rows(previous_report, report, answer.sentence_alignment)
            )
            previous_report = report
        current = next((a for a in revisions if a.is_current), revisions[-1])
        history = {
            "original_id": revisions[0].pk,
            "current_revision_id": current.pk,
            "count": len(revisions),
            "revisions": revisions,
        }
        data = s.RevisionHistorySerializer(history, context=self.get_serializer_context()).data
        return Response(data)

    @extend_schema(
        operation_id="answers_revisions_create",
        summary="Submit a corrected revision of your answer",
        description=EVIDENCE_DOC
        + "The correction is stored as a new revision, verified at once like a new answer; "
        "the revision it corrects stays unchanged and readable, but is no longer current. "
        "Question, citation style and metadata carry over; the evidence too unless given. "
        "Reviewers' decisions on sentences that did not change carry over (see "
        "`review.decisions[].carried_from`); other flagged sentences go to review. Only the "
        "current revision can be revised: another is a 409 naming the current one. "
        + schema.limits_text(),
        parameters=[ID_PARAMETER],
        request=s.RevisionInputSerializer,
        responses={
            201: s.AnswerSerializer,
            **schema.errors(400, 401, 404),
            409: schema.REVISION_CONFLICT,
            **schema.errors(413, 429),
        },
    )
    def post(self, request, id):
        answer = selectors.answer_list(client=self.client).filter(pk=parse_id(id)).first()
        if answer is None:
            raise exceptions.NotFound()
        data = self.validated(s.RevisionInputSerializer, request.data)
        try:
            revision = services.answer_revise(
                answer=answer, text=data["text"], evidence=data["evidence"], note=data["note"]
            )
        except services.RevisionError:
            raise self._not_current(answer) from None
        except engine.RejectedInput as exc:  # the engine's own limits
            raise _engine_refused(exc) from None
        return self.render_answer(revision.pk, status_code=status.HTTP_201_CREATED)

    def _not_current(self, answer: Answer) -> NotCurrent:
        current = selectors.answer_current_revision(answer=answer)
        current_id = current.pk if current is not None else answer.pk
        return NotCurrent(
            f"Answer {answer.pk} has been revised already; revise the current revision "
            f"({current_id}).",
            current_id=current_id,
            current_url=self.absolute_answer_url(current_id),
        )


class VerifyView(ApiView):
    @extend_schema(
        operation_id="verify",
        summary="Verify without storing (dry run)",
        description=EVIDENCE_DOC
        + "The same body as POST /answers/, verified and returned. Nothing is stored; "
        "`external_id` and `metadata` are accepted and ignored. " + schema.limits_text(),
        request=s.AnswerInputSerializer,
        responses={200: s.VerifyResultSerializer, **schema.errors(400, 401, 413, 429)},
    )
    def post(self, request):
        data = self.validated(s.AnswerInputSerializer, request.data)
        try:
            report = services.run_engine(
                text=data["text"],
                evidence=services.normalise_evidence(data["evidence"]),
                citation_style=data["citation_style"],
            )
        except engine.RejectedInput as exc:
            raise _engine_refused(exc) from None
        return Response({"verification": report.to_dict()})


class SchemaView(SpectacularAPIView):
    """The OpenAPI schema is public: no token, no throttle."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []


class DocsView(SpectacularSwaggerSplitView):
    """Swagger UI from the sidecar; its init script and page style are separate files, so the
    CSP holds; it follows the reader's dark scheme."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []
    url_name = "api:schema"
    template_name = "api/docs.html"
    template_name_js = "api/docs_init.js"
