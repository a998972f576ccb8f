"""Error bodies, for the schema."""

from rest_framework import serializers


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
