"""The query parameters of the answer list and the exports (django-filter). Unlike the queue's
filters, a bad value is refused: the API answers 400 naming each bad parameter and why
(DjangoFilterBackend raises the form's errors as a ValidationError)."""

from datetime import UTC

import django_filters as filters
from django import forms
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from citations import selectors
from citations.domain.statuses import ReviewStatus

CURRENT_HELP = (
    "true (default): current answers only, the newest revision of each; false: only revisions "
    "superseded by a correction."
)


class StrictBooleanField(forms.Field):
    """The words DRF's BooleanField takes; anything else (even empty) is an error, where
    Django's NullBooleanField would quietly read it as 'not given'."""

    default_error_messages = {"invalid": "Must be a valid boolean."}

    def to_python(self, value):
        if value is None:
            return None
        if value in serializers.BooleanField.TRUE_VALUES:
            return True
        if value in serializers.BooleanField.FALSE_VALUES:
            return False
        raise forms.ValidationError(self.error_messages["invalid"], code="invalid")


class StrictBooleanFilter(filters.BooleanFilter):
    field_class = StrictBooleanField


class UtcDateTimeField(filters.fields.IsoDateTimeField):
    """An ISO 8601 date-time in UTC: PostgreSQL refuses offsets beyond +-15:59 that Python
    parses (e.g. +22:02), so the offset is applied here, as DRF's DateTimeField did."""

    default_error_messages = {"overflow": "Datetime value out of range."}

    def to_python(self, value):
        parsed = super().to_python(value)
        try:
            return None if parsed is None else parsed.astimezone(UTC)
        except OverflowError:
            raise forms.ValidationError(self.error_messages["overflow"], code="overflow") from None


class UtcDateTimeFilter(filters.IsoDateTimeFilter):
    field_class = UtcDateTimeField


def _datetime(help_text: str, lookup_expr: str) -> filters.IsoDateTimeFilter:
    return UtcDateTimeFilter(
        field_name="created_at",
        lookup_expr=lookup_expr,
        help_text=help_text,
        error_messages={"invalid": "Enter a valid ISO 8601 date-time."},
    )


class AnswerFilter(filters.FilterSet):
    status = filters.ChoiceFilter(
        field_name="review_status",
        choices=ReviewStatus.choices,
        help_text="Review status.",
        error_messages={"invalid_choice": '"%(value)s" is not a valid choice.'},
    )
    passed = StrictBooleanFilter(help_text="Whether no sentence is unsupported.")
    external_id = filters.CharFilter(
        max_length=200,
        method="_external_id",
        help_text="The answer submitted under this external_id and its revisions (with the "
        "default current=true: the current revision of that answer).",
    )
    # The schema is given whole, as the extension leaves a filter's default out.
    current = extend_schema_field(
        {"type": "boolean", "default": True, "description": CURRENT_HELP}
    )(StrictBooleanFilter(field_name="is_current", help_text=CURRENT_HELP))
    created_after = _datetime("Created at or after this ISO 8601 date-time.", "gte")
    created_before = _datetime("Created strictly before this ISO 8601 date-time.", "lt")

    def __init__(self, data=None, *args, **kwargs):
        if data is not None and "current" not in data:
            data = data.copy()
            data["current"] = "true"
        super().__init__(data, *args, **kwargs)

    def _external_id(self, queryset, name, value):
        return selectors.answer_external_id_lineages(
            queryset, client=self.request.auth.client, external_id=value
        )
