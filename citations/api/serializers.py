"""Explicit input and output shapes of the API. Validation only: writes live in services.

Limits are read from settings (README "Limits") each time a serializer is built, so the
schema and the checks always state the limits in force. They never exceed the engine's own.
"""

import math
import re

from django.conf import settings
from django.core.validators import MaxLengthValidator, ProhibitNullCharactersValidator
from django.urls import NoReverseMatch, reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.validators import ProhibitSurrogateCharactersValidator

from citations import engine
from citations.diff import sentence_diff
from citations.models import CitationStyle, ReviewStatus
from citations.selectors import answer_current_revision, latest_verification

METADATA_MAX_DEPTH = 20


def max_text_chars() -> int:
    return min(settings.CITATIONS_MAX_TEXT_CHARS, engine.MAX_TEXT_CHARS)


def max_passages() -> int:
    return min(settings.CITATIONS_MAX_PASSAGES, engine.MAX_PASSAGES)


def max_passage_chars() -> int:
    return min(settings.CITATIONS_MAX_PASSAGE_CHARS, engine.MAX_PASSAGE_CHARS)


UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _bad_character(value: str) -> str | None:
    """Why the database cannot store `value`, or None. NUL and lone surrogates are refused."""
    match = UNSTORABLE.search(value)
    if match is None:
        return None
    if match.group() == "\x00":
        return "Null characters are not allowed."
    return f"Surrogate characters are not allowed: U+{ord(match.group()):X}."


def reject_unstorable(value) -> None:
    problem = _bad_character(str(value))
    if problem:
        raise serializers.ValidationError(problem)


class StorableCharField(serializers.CharField):
    """DRF's CharField, with its per-character NUL/surrogate validators swapped for one regex
    search (the same messages, ~100x faster on a 2 MB body)."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.validators = [
            v
            for v in self.validators
            if not isinstance(
                v, ProhibitNullCharactersValidator | ProhibitSurrogateCharactersValidator
            )
        ]
        self.validators.append(reject_unstorable)


def validate_metadata_value(value, path: str = "metadata") -> None:
    """Walk the metadata (iteratively) and refuse what JSON storage or rendering cannot take."""
    stack = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if depth > METADATA_MAX_DEPTH:
            raise serializers.ValidationError(
                f"{where}: nested more than {METADATA_MAX_DEPTH} levels deep."
            )
        if isinstance(item, str):
            problem = _bad_character(item)
            if problem:
                raise serializers.ValidationError(f"{where}: {problem}")
        elif isinstance(item, float) and not math.isfinite(item):
            raise serializers.ValidationError(f"{where}: numbers must be finite.")
        elif isinstance(item, dict):
            for key, child in item.items():
                problem = _bad_character(str(key))
                if problem:
                    raise serializers.ValidationError(f"{where}: key {key!a}: {problem}")
                stack.append((child, f"{where}.{key}", depth + 1))
        elif isinstance(item, list):
            stack.extend((child, f"{where}[{i}]", depth + 1) for i, child in enumerate(item))


def _text_field(limit, **kwargs) -> serializers.CharField:
    # Never trim: sentence offsets in the report index the text exactly as it was sent.
    return StorableCharField(
        trim_whitespace=False, validators=[MaxLengthValidator(limit)], **kwargs
    )


def _optional_string(max_length: int, help_text: str, **kwargs) -> serializers.CharField:
    return StorableCharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        max_length=max_length,
        help_text=help_text + " Null is the same as absent.",
        **kwargs,
    )


# --- input --------------------------------------------------------------------------------


class EvidenceInputSerializer(serializers.Serializer):
    text = serializers.CharField()  # replaced in get_fields with the limit in force
    id = _optional_string(200, "The passage's id in your retrieval system.")
    title = _optional_string(500, "Title shown to reviewers.")
    law = _optional_string(200, "Law label for legal citations, e.g. 'Labour Law'.")
    article = _optional_string(50, "Article number for legal citations, e.g. '30'.")
    url = serializers.URLField(
        required=False,
        allow_blank=True,
        allow_null=True,
        max_length=2000,
        help_text="http(s) URL of the source. Null is the same as absent.",
    )

    def get_fields(self):
        fields = super().get_fields()
        limit = max_passage_chars()
        fields["text"] = _text_field(
            limit,
            help_text=f"The passage text (required, at most {limit} characters; setting "
            "CITATIONS_MAX_PASSAGE_CHARS).",
        )
        return fields

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        return {name: "" if item is None else item for name, item in value.items()}


def answer_text_field() -> serializers.CharField:
    limit = max_text_chars()
    return _text_field(
        limit,
        help_text=f"The answer with its inline citations (at most {limit} characters; "
        "setting CITATIONS_MAX_TEXT_CHARS).",
    )


def evidence_list_field(*, help_prefix: str = "", **kwargs) -> serializers.ListSerializer:
    passages = max_passages()
    return EvidenceInputSerializer(
        many=True,
        max_length=passages,
        help_text=f"{help_prefix}The passages, in citation order (at most {passages}; setting "
        "CITATIONS_MAX_PASSAGES).",
        **kwargs,
    )


class AnswerInputSerializer(serializers.Serializer):
    """An answer and the evidence it was written from; position 1 in `evidence` is [1]."""

    text = serializers.CharField()  # replaced in get_fields
    evidence = EvidenceInputSerializer(many=True)  # replaced in get_fields
    question = serializers.CharField()  # replaced in get_fields
    external_id = _optional_string(
        200,
        "Your id for this answer, unique per client. A retry with the same id and body returns "
        "the stored answer (200); a different body under the same id is a 409.",
    )
    citation_style = serializers.ChoiceField(
        choices=CitationStyle.choices,
        default=CitationStyle.AUTO,
        help_text="Which citation syntax to recognise: numeric [1], legal "
        "[Law, Article 30], or auto (both).",
    )
    metadata = serializers.DictField(
        required=False,
        default=dict,
        help_text="Any JSON object, stored and returned as given (strings without NUL or lone "
        f"surrogates, finite numbers, at most {METADATA_MAX_DEPTH} levels deep).",
    )

    def get_fields(self):
        fields = super().get_fields()
        text_limit = max_text_chars()
        fields["text"] = answer_text_field()
        fields["evidence"] = evidence_list_field()
        fields["question"] = _text_field(
            text_limit,
            required=False,
            allow_blank=True,
            allow_null=True,
            help_text=f"The question answered (at most {text_limit} characters). "
            "Null is the same as absent.",
        )
        return fields

    def validate_metadata(self, value):
        validate_metadata_value(value)
        return value

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        for name in ("question", "external_id"):
            if value.get(name) is None:
                value[name] = ""
        return value


class RevisionInputSerializer(serializers.Serializer):
    """A correction of an answer: the new text, and new evidence only if it changes."""

    text = serializers.CharField()  # replaced in get_fields, as in AnswerInputSerializer
    evidence = EvidenceInputSerializer(many=True, required=False)  # replaced in get_fields
    note = _optional_string(2000, "Why the answer was revised, shown to reviewers.")

    def get_fields(self):
        fields = super().get_fields()
        fields["text"] = answer_text_field()
        fields["evidence"] = evidence_list_field(
            help_prefix="Omitted or null: the previous revision's evidence, unchanged. ",
            required=False,
        )
        # On the list only: passed to the constructor, it would also let null items through.
        fields["evidence"].allow_null = True
        return fields

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        value["note"] = value.get("note") or ""
        value["evidence"] = value.get("evidence")  # None: keep the previous evidence
        return value


class AnswerFilterSerializer(serializers.Serializer):
    """Query parameters of the answer list."""

    status = serializers.ChoiceField(
        choices=ReviewStatus.choices, required=False, help_text="Review status."
    )
    passed = serializers.BooleanField(
        required=False, help_text="Whether no sentence is unsupported."
    )
    external_id = serializers.CharField(
        required=False,
        max_length=200,
        help_text="The answer submitted under this external_id and its revisions (with the "
        "default current=true: the current revision of that answer).",
    )
    current = serializers.BooleanField(
        required=False,
        default=True,
        help_text="true (default): current answers only, the newest revision of each; false: "
        "only revisions superseded by a correction.",
    )
    created_after = serializers.DateTimeField(
        required=False, help_text="Created at or after this ISO 8601 date-time."
    )
    created_before = serializers.DateTimeField(
        required=False, help_text="Created strictly before this ISO 8601 date-time."
    )


# --- output: the engine's report -----------------------------------------------------------


def _inline_enum(values, description: str) -> dict:
    # Kept inline (a described allOf), so the review `status` keeps the plain name StatusEnum.
    return {"allOf": [{"type": "string", "enum": list(values)}], "description": description}


@extend_schema_field(_inline_enum(engine.SENTENCE_STATUSES, "Sentence verdict."))
class SentenceStatusField(serializers.CharField):
    pass


@extend_schema_field(_inline_enum(engine.CITATION_STATUSES, "Citation verdict."))
class CitationStatusField(serializers.CharField):
    pass


@extend_schema_field(_inline_enum(("numeric", "legal"), "Citation syntax."))
class CitationSyntaxField(serializers.CharField):
    pass


class SpanSerializer(serializers.Serializer):
    evidence = serializers.IntegerField(help_text="1-based position of the passage.")
    start = serializers.IntegerField(help_text="Start offset in the passage text.")
    end = serializers.IntegerField(help_text="End offset in the passage text.")


class CitationReportSerializer(serializers.Serializer):
    raw = serializers.CharField(help_text="The citation as written, e.g. '[1]'.")
    start = serializers.IntegerField(help_text="Offset in the answer text.")
    end = serializers.IntegerField()
    style = CitationSyntaxField()
    status = CitationStatusField()
    evidence = serializers.ListField(
        child=serializers.IntegerField(), help_text="1-based positions it resolved to."
    )
    reason = serializers.CharField()
    spans = SpanSerializer(many=True, help_text="Best-matching span per resolved passage.")


class SentenceReportSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    start = serializers.IntegerField(help_text="text[start:end] is the sentence.")
    end = serializers.IntegerField()
    text = serializers.CharField()
    status = SentenceStatusField()
    reason = serializers.CharField()
    matched_terms = serializers.ListField(child=serializers.CharField())
    missing_terms = serializers.ListField(child=serializers.CharField())
    citations = CitationReportSerializer(many=True)


class CountsSerializer(serializers.Serializer):
    verified = serializers.IntegerField()
    unsupported = serializers.IntegerField()
    uncited = serializers.IntegerField()
    neutral = serializers.IntegerField()


class ReportSerializer(serializers.Serializer):
    """Exactly the engine's `Report.to_dict()`."""

    engine = serializers.CharField(help_text="Engine version; changes with verdict logic.")
    passed = serializers.BooleanField(help_text="No sentence is unsupported.")
    validation_rate = serializers.FloatField(
        help_text="verified / (verified + unsupported + uncited); 0.0 when there are none."
    )
    counts = CountsSerializer()
    sentences = SentenceReportSerializer(many=True)


class VerifyResultSerializer(serializers.Serializer):
    verification = ReportSerializer()


# --- output: the answer resource -----------------------------------------------------------


class EvidenceSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="1-based; the passage cited as [position].")
    text = serializers.CharField()
    id = serializers.CharField(source="source_id")
    title = serializers.CharField()
    law = serializers.CharField()
    article = serializers.CharField()
    url = serializers.CharField()


class DecisionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    sentence_index = serializers.IntegerField(
        allow_null=True, help_text="The sentence decided on; null for the whole answer."
    )
    sentence_start = serializers.IntegerField(allow_null=True)
    sentence_text = serializers.CharField()
    action = serializers.CharField(help_text="approve, reject or return.")
    note = serializers.CharField()
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


class AnswerSummarySerializer(serializers.Serializer):
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
        help_text="clean: nothing flagged; needs_review; approved; rejected.",
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

    def _absolute(self, path: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path

    def get_url(self, answer) -> str:
        return self._absolute(reverse("api:answer-detail", kwargs={"id": answer.pk}))

    def get_review_url(self, answer) -> str:
        return self._absolute(review_path(answer.pk))

    def get_current_revision_id(self, answer) -> int:
        pk = getattr(answer, "current_revision_pk", None)
        if pk is None:  # not annotated (see selectors.answer_with_current_revision)
            current = answer if answer.is_current else answer_current_revision(answer=answer)
            pk = current.pk if current is not None else answer.pk
        return pk

    def get_revisions_url(self, answer) -> str:
        return self._absolute(reverse("api:answer-revisions", kwargs={"id": answer.pk}))

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
    def get_verification(self, answer) -> dict:
        return latest_verification(answer).report


# --- output: revisions ---------------------------------------------------------------------


@extend_schema_field(_inline_enum(("same", "removed", "added"), "Change to the sentence."))
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


def diff_rows(old_report: dict, new_report: dict, alignment: list | None) -> list[dict]:
    return [
        {
            "kind": row.kind,
            "text": (row.new or row.old)["text"],
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
        path = reverse("api:answer-detail", kwargs={"id": answer.pk})
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path

    @extend_schema_field(REVISED_BY_FIELD)
    def get_revised_by(self, answer) -> str | None:
        return revised_by(answer)


class RevisionHistorySerializer(serializers.Serializer):
    original_id = serializers.IntegerField(help_text="The answer as first submitted.")
    current_revision_id = serializers.IntegerField()
    count = serializers.IntegerField(help_text="Number of revisions, the original included.")
    revisions = RevisionSerializer(many=True, help_text="Original first, current last.")


# --- output: errors ------------------------------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    """Every error response."""

    status = serializers.IntegerField(help_text="The HTTP status, repeated.")
    code = serializers.CharField(help_text="Machine-readable reason, e.g. not_authenticated.")
    detail = serializers.CharField(help_text="Human-readable reason.")


class ValidationErrorSerializer(ErrorSerializer):
    """A 400. `errors` names each bad field (a path such as evidence[2].text) and why; it is
    empty when the body itself could not be read (not JSON, not UTF-8)."""

    errors = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Field path -> reasons. Absent when the body could not be parsed.",
    )


class ConflictAnswerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()


class ConflictErrorSerializer(ErrorSerializer):
    answer = ConflictAnswerSerializer(help_text="The answer that holds the external_id.")


class ThrottledErrorSerializer(ErrorSerializer):
    retry_after = serializers.IntegerField(
        required=False, help_text="Seconds to wait; also in the Retry-After header."
    )


class RevisionConflictErrorSerializer(ErrorSerializer):
    current_revision = ConflictAnswerSerializer(
        help_text="The current revision of the answer: revise that one."
    )
