"""The answer resource, its review and its revisions."""

from django.urls import NoReverseMatch, reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from citations.api.serializers.kept import KeptFieldsSerializer
from citations.api.serializers.reports import (
    ReportSerializer,
    SentenceStatusField,
    inline_enum,
)
from citations.domain.diff import sentence_diff
from citations.engine import ReportDict
from citations.models import CitationStyle, ReviewStatus
from citations.selectors import answer_current_revision, latest_verification


class EvidenceSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="1-based; the passage cited as [position].")
    text = serializers.CharField()
    id = serializers.CharField(source="source_id")
    title = serializers.CharField()
    law = serializers.CharField()
    article = serializers.CharField()
    paragraph = serializers.CharField(help_text="Empty when the passage is the whole article.")
    point = serializers.CharField()
    law_aliases = serializers.ListField(
        child=serializers.CharField(), help_text="Other names of the same law."
    )
    url = serializers.CharField()


class DecisionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    sentence_index = serializers.IntegerField(
        allow_null=True, help_text="The sentence decided on; null for the whole answer."
    )
    sentence_start = serializers.IntegerField(allow_null=True)
    sentence_text = serializers.CharField()
    action = serializers.CharField(
        help_text="approve, reject, return, or undo (takes back the newest decision on the "
        "same target: the one before it, or none, is in force again)."
    )
    reject_reason = serializers.CharField(
        help_text="Why a rejection was made: wrong_number, wrong_source, fabricated_citation, "
        "not_in_evidence or other (the note says what); empty for other actions and for "
        "rejections recorded before reasons were asked for."
    )
    note = serializers.CharField()
    undoes = serializers.IntegerField(
        source="undoes_id",
        allow_null=True,
        help_text="For an undo: the id of the decision it took back; null otherwise.",
    )
    carried_from = serializers.IntegerField(
        source="carried_from_id",
        allow_null=True,
        help_text="Set when the decision was carried over from the previous revision, whose "
        "sentence is unchanged: the id of the decision there.",
    )
    created_at = serializers.DateTimeField()


class ReviewSummarySerializer(serializers.Serializer):
    flagged = serializers.IntegerField(source="flagged_count", help_text="Flagged sentences.")
    decided = serializers.IntegerField(
        source="decided_count", help_text="Flagged sentences with a decision in force."
    )
    completed_at = serializers.DateTimeField(source="review_completed_at", allow_null=True)


class ReviewSerializer(ReviewSummarySerializer):
    decisions = DecisionSerializer(
        source="decisions.all", many=True, help_text="Every decision so far, oldest first."
    )


class AnswerCountsSerializer(serializers.Serializer):
    verified = serializers.IntegerField(source="verified_count")
    unsupported = serializers.IntegerField(source="unsupported_count")
    uncited = serializers.IntegerField(source="uncited_count")
    neutral = serializers.IntegerField(source="neutral_count")


REVISED_BY_HELP = (
    "Who submitted this revision: client (you, through the API) or reviewer (an editor in the "
    "dashboard; who is not disclosed). Null for the original."
)
REVISED_BY_FIELD = {
    "type": "string",
    "enum": ["client", "reviewer"],
    "nullable": True,
    "description": REVISED_BY_HELP,
}


def revised_by(answer) -> str | None:
    if answer.previous_id is None:
        return None
    return "client" if answer.revised_by_id is None else "reviewer"


def review_path(answer_id: int) -> str:
    try:
        return reverse("citations:answer_detail", kwargs={"pk": answer_id})
    except NoReverseMatch:  # the dashboard page is not routed yet
        return f"/answers/{answer_id}/"


def api_path(answer_id: int) -> str:
    return reverse("api:answer-detail", kwargs={"id": answer_id})


def revisions_api_path(answer_id: int) -> str:
    return reverse("api:answer-revisions", kwargs={"id": answer_id})


# An id every route above accepts, reversed in place of each answer's own (see absolute_url).
SAMPLE_ID = 918273645
MADE_URLS = "answer_urls"


def absolute_url(serializer: serializers.Field, path_of, answer_id: int) -> str:
    """`path_of(answer_id)` made absolute for the serializer's request (as it is without one).

    Reversing a route and making it absolute took ~0.1 ms, three times an item of a list page;
    but the URL differs from one answer to the next by the id alone, so each route is made once
    per rendering, with SAMPLE_ID, and kept in the root's context (a request's, dropped with
    it), and each answer's id put in its place."""
    made = serializer.context.setdefault(MADE_URLS, {})
    if path_of not in made:
        path = path_of(SAMPLE_ID)
        request = serializer.context.get("request")
        url = request.build_absolute_uri(path) if request is not None else path
        made[path_of] = url.rpartition(str(SAMPLE_ID))
    head, _, tail = made[path_of]
    return f"{head}{answer_id}{tail}"


class AnswerSummarySerializer(KeptFieldsSerializer):
    """An answer as listed: the summary columns, without text, evidence or report."""

    id = serializers.IntegerField()
    url = serializers.SerializerMethodField(help_text="This resource in the API.")
    review_url = serializers.SerializerMethodField(help_text="Its page in the dashboard.")
    external_id = serializers.CharField(
        help_text="Your id for the answer as submitted; empty on its revisions (the list's "
        "external_id filter finds them)."
    )
    question = serializers.CharField()
    citation_style = serializers.ChoiceField(choices=CitationStyle.choices)
    metadata = serializers.DictField()
    created_at = serializers.DateTimeField()
    status = serializers.ChoiceField(
        source="review_status",
        choices=ReviewStatus.choices,
        help_text=(
            "clean: nothing flagged; needs_review; approved; rejected; "
            "returned: an editor sent it back to the generator with a note."
        ),
    )
    passed = serializers.BooleanField()
    validation_rate = serializers.FloatField()
    counts = AnswerCountsSerializer(source="*")
    review = ReviewSummarySerializer(source="*")
    revision = serializers.IntegerField(help_text="1 for the answer as submitted, then 2, 3...")
    is_current = serializers.BooleanField(
        help_text="False once a correction superseded this revision."
    )
    original_id = serializers.IntegerField(
        allow_null=True, help_text="The answer as first submitted; null for the original itself."
    )
    previous_id = serializers.IntegerField(
        allow_null=True, help_text="The revision this one corrects; null for the original."
    )
    current_revision_id = serializers.SerializerMethodField(
        help_text="The current revision of this answer (its own id when it is current)."
    )
    revisions_url = serializers.SerializerMethodField(
        help_text="Every revision of this answer, with sentence-level diffs."
    )
    revised_by = serializers.SerializerMethodField(help_text=REVISED_BY_HELP)
    revision_note = serializers.CharField(help_text="Why it was revised; empty for the original.")

    def get_url(self, answer) -> str:
        return absolute_url(self, api_path, answer.pk)

    def get_review_url(self, answer) -> str:
        return absolute_url(self, review_path, answer.pk)

    def get_current_revision_id(self, answer) -> int:
        pk = getattr(answer, "current_revision_pk", None)
        if pk is None:  # not annotated (see selectors.answer_with_current_revision)
            current = answer if answer.is_current else answer_current_revision(answer=answer)
            pk = current.pk if current is not None else answer.pk
        return pk

    def get_revisions_url(self, answer) -> str:
        return absolute_url(self, revisions_api_path, answer.pk)

    @extend_schema_field(REVISED_BY_FIELD)
    def get_revised_by(self, answer) -> str | None:
        return revised_by(answer)


class AnswerSerializer(AnswerSummarySerializer):
    """The full answer resource."""

    text = serializers.CharField()
    evidence = EvidenceSerializer(source="evidence.all", many=True)
    review = ReviewSerializer(source="*")
    verification = serializers.SerializerMethodField(
        help_text="The newest verification: exactly the engine's report."
    )

    @extend_schema_field(ReportSerializer)
    def get_verification(self, answer) -> ReportDict:
        return latest_verification(answer).report


def answer_data(answer, *, context: dict) -> dict:
    """`AnswerSerializer(answer, context=context).data`, on fields an earlier rendering built
    (KeptFieldsSerializer), given back for the next."""
    serializer = AnswerSerializer(context=context)
    try:
        return serializer.to_representation(answer)
    finally:
        serializer.release()


@extend_schema_field(inline_enum(("same", "removed", "added"), "Change to the sentence."))
class DiffKindField(serializers.CharField):
    pass


class DiffRowSerializer(serializers.Serializer):
    """One sentence of the diff, in reading order; a changed sentence is removed then added."""

    kind = DiffKindField()
    text = serializers.CharField(help_text="The sentence.")
    status_before = SentenceStatusField(
        allow_null=True, help_text="Its verdict in the previous revision; null when added."
    )
    status_after = SentenceStatusField(
        allow_null=True, help_text="Its verdict in this revision; null when removed."
    )


def diff_rows(old_report: ReportDict, new_report: ReportDict, alignment: list | None) -> list[dict]:
    return [
        {
            "kind": row.kind,
            "text": row.sentence["text"],
            "status_before": row.old["status"] if row.old else None,
            "status_after": row.new["status"] if row.new else None,
        }
        for row in sentence_diff(old_report, new_report, alignment)
    ]


class RevisionSerializer(serializers.Serializer):
    """One revision in an answer's history."""

    id = serializers.IntegerField()
    url = serializers.SerializerMethodField(help_text="This revision's answer resource.")
    revision = serializers.IntegerField()
    is_current = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    revised_by = serializers.SerializerMethodField(help_text=REVISED_BY_HELP)
    revision_note = serializers.CharField()
    status = serializers.ChoiceField(source="review_status", choices=ReviewStatus.choices)
    passed = serializers.BooleanField()
    validation_rate = serializers.FloatField()
    counts = AnswerCountsSerializer(source="*")
    diff = DiffRowSerializer(
        many=True,
        allow_null=True,
        help_text="Sentence-level diff against the previous revision (newest verifications); "
        "null for the original.",
    )

    def get_url(self, answer) -> str:
        return absolute_url(self, api_path, answer.pk)

    @extend_schema_field(REVISED_BY_FIELD)
    def get_revised_by(self, answer) -> str | None:
        return revised_by(answer)


class RevisionHistorySerializer(serializers.Serializer):
    original_id = serializers.IntegerField(help_text="The answer as first submitted.")
    current_revision_id = serializers.IntegerField()
    count = serializers.IntegerField(help_text="Number of revisions, the original included.")
    revisions = RevisionSerializer(many=True, help_text="Original first, current last.")
