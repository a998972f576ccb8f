"""What the API accepts: answers with their evidence, revisions.

Limits are read from settings (README "Limits") each time a serializer is built, so the
schema and the checks always state the limits in force. They never exceed the engine's own.
"""

import math
import re

from django.conf import settings
from django.core.validators import MaxLengthValidator, ProhibitNullCharactersValidator
from rest_framework import serializers
from rest_framework.validators import ProhibitSurrogateCharactersValidator

from citations import engine
from citations.api.serializers.kept import KeptFieldsSerializer
from citations.models import CitationStyle

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


class EvidenceInputSerializer(serializers.Serializer):
    text = serializers.CharField()  # replaced in get_fields with the limit in force
    id = _optional_string(200, "The passage's id in your retrieval system.")
    title = _optional_string(500, "Title shown to reviewers.")
    law = _optional_string(200, "Law label for legal citations, e.g. 'Labour Law'.")
    article = _optional_string(
        50,
        "Article or section for legal citations, e.g. '30', 'L1234-1', '1910.1200' or "
        "'5(1)(a)' (which also gives the paragraph and point).",
    )
    paragraph = _optional_string(
        50, "Paragraph of the article this passage is, e.g. '1'; absent: the whole article."
    )
    point = _optional_string(
        50, "Point (letter, number) of the paragraph this passage is, e.g. 'a'."
    )
    law_aliases = serializers.ListField(
        child=StorableCharField(max_length=200),
        required=False,
        allow_null=True,
        max_length=engine.MAX_ALIASES,
        help_text="Other names of the same law, e.g. ['GDPR', 'Regulation (EU) 2016/679'] "
        f"(at most {engine.MAX_ALIASES}). Null is the same as absent.",
    )
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
        value = {name: "" if item is None else item for name, item in value.items()}
        value["law_aliases"] = value.get("law_aliases") or []
        return value


class BodySerializer(KeptFieldsSerializer):
    """A request body's serializer: its fields are kept per thread and limits in force."""

    def fields_key(self) -> tuple:
        return (max_text_chars(), max_passages(), max_passage_chars())


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


class AnswerInputSerializer(BodySerializer):
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


class RevisionInputSerializer(BodySerializer):
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
