"""The engine's report as the API returns it."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from citations import engine


def inline_enum(values, description: str) -> dict:
    # Kept inline (a described allOf), so the review `status` keeps the plain name StatusEnum.
    return {"allOf": [{"type": "string", "enum": list(values)}], "description": description}


@extend_schema_field(inline_enum(engine.SENTENCE_STATUSES, "Sentence verdict."))
class SentenceStatusField(serializers.CharField):
    pass


@extend_schema_field(inline_enum(engine.CITATION_STATUSES, "Citation verdict."))
class CitationStatusField(serializers.CharField):
    pass


@extend_schema_field(inline_enum(("numeric", "legal"), "Citation syntax."))
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
