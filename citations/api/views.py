"""The generators' API. Thin: validate with a serializer, call a service or selector, render."""

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework import exceptions, generics, status
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from citations import selectors, services
from citations.api import schema
from citations.api import serializers as s
from citations.api.errors import Conflict
from citations.api.parsers import StrictJSONParser, check_body_size
from citations.models import Answer

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


class AnswerPagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 100


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

    def validated(self, serializer_class, data) -> dict:
        serializer = serializer_class(data=data, context=self.get_serializer_context())
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def render_answer(self, answer_id: int, *, status_code: int) -> Response:
        answer = selectors.answer_with_details(selectors.answer_list(client=self.client)).get(
            pk=answer_id
        )
        data = s.AnswerSerializer(answer, context=self.get_serializer_context()).data
        return Response(data, status=status_code)


def _engine_refused(exc: ValueError):
    return exceptions.ValidationError({"non_field_errors": [str(exc)]})


EVIDENCE_DOC = "`evidence` position 1 is citation [1]. "


class AnswerListCreateView(ApiView):
    pagination_class = AnswerPagination

    @extend_schema(
        operation_id="answers_list",
        summary="List your answers",
        description="Your own answers, newest first, paginated. Items carry the summary "
        "(status, passed, validation_rate, counts, review counts) but not the text, evidence or "
        "report: fetch an answer for those.",
        parameters=[s.AnswerFilterSerializer],
        responses={200: s.AnswerSummarySerializer(many=True), **schema.errors(400, 401, 404, 429)},
    )
    def get(self, request):
        filters = self.validated(s.AnswerFilterSerializer, request.query_params.dict())
        queryset = selectors.answer_filter(
            selectors.answer_list(client=self.client), **filters
        ).defer("text")
        page = self.paginate_queryset(queryset)
        data = s.AnswerSummarySerializer(page, many=True, context=self.get_serializer_context())
        return self.get_paginated_response(data.data)

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
            answer, created = services.answer_create(client=self.client, **data)
        except services.IdempotencyConflict as exc:
            url = reverse("api:answer-detail", kwargs={"id": exc.answer.pk})
            raise Conflict(
                str(exc), answer_id=exc.answer.pk, answer_url=request.build_absolute_uri(url)
            ) from None
        except ValueError as exc:  # the engine's own limits
            raise _engine_refused(exc) from None
        return self.render_answer(
            answer.pk, status_code=status.HTTP_201_CREATED if created else status.HTTP_200_OK
        )


class AnswerDetailView(ApiView):
    @extend_schema(
        operation_id="answers_retrieve",
        summary="Read one of your answers",
        description="The full answer: text, evidence, review so far and the newest "
        "verification (exactly the engine's report).",
        parameters=[OpenApiParameter("id", OpenApiTypes.INT, OpenApiParameter.PATH)],
        responses={200: s.AnswerSerializer, **schema.errors(401, 404, 429)},
    )
    def get(self, request, id):
        if not id.isascii() or not id.isdigit() or int(id) > MAX_ID:
            raise exceptions.NotFound()
        try:
            return self.render_answer(int(id), status_code=status.HTTP_200_OK)
        except Answer.DoesNotExist:
            raise exceptions.NotFound() from None


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
        except ValueError as exc:
            raise _engine_refused(exc) from None
        return Response({"verification": report.to_dict()})


class SchemaView(SpectacularAPIView):
    """The OpenAPI schema is public: no token, no throttle."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []


class DocsView(SpectacularSwaggerSplitView):
    """Swagger UI from the sidecar; its init script is a separate file, so the CSP holds."""

    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = []
    url_name = "api:schema"
