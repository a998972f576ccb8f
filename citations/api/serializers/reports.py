"""The engine's report as the API returns it."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from citations import engine
from citations.engine.support.signals import SIGNALS, Signal


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


# The levels a legal citation can fail at, from the widest: the level is the first one the
# evidence does not give ("law": no passage of that law, ... "point").
FAILURE_LEVELS = ("law", "article", "paragraph", "point")


@extend_schema_field(
    {
        "type": "string",
        "enum": [*FAILURE_LEVELS, None],
        "nullable": True,
        "description": "For an unresolved legal citation, the level it fails at: the law is "
        "not in the evidence, or the law is but not the article, or the article is but not "
        "that paragraph, or the paragraph is but not that point (the `reason` names what the "
        "evidence gives instead). Null for a numeric citation and for a legal one that resolves "
        "or does not parse. Absent before engine 2.1.",
    }
)
class FailureField(serializers.CharField):
    pass


@extend_schema_field(
    {
        "type": "string",
        "enum": [*engine.DECIDERS, None],
        "nullable": True,
        "description": "What decided the sentence's status, as the verdict rule weighs it: "
        "`citation` (a citation does not resolve or cannot be read), else `contradiction` (a "
        "cited passage says otherwise) or `number` (a number the cited passages do not state), "
        "which make it unsupported whatever its support, else `support` (the score against the "
        "cut, either way). Null for an uncited or neutral sentence. Absent in a report stored "
        "by an engine before 3.1: `manage.py reverify --all` fills it.",
    }
)
class DecidedByField(serializers.CharField):
    pass


class UnitSerializer(serializers.Serializer):
    """The unit a legal citation names, normalised; "" where it names none."""

    law = serializers.CharField(
        allow_blank=True, help_text="The law as the citation names it, e.g. 'GDPR', 'BGB'."
    )
    article = serializers.CharField(
        help_text="Article or section, e.g. '5', 'L1234-1', '1983'; several as '13, 14' or "
        "'12-14', and '305 ff.' for 'and the following'."
    )
    paragraph = serializers.CharField(allow_blank=True, help_text="e.g. '1'; '' when none.")
    point = serializers.CharField(allow_blank=True, help_text="e.g. 'a'; '' when none.")


class SpanSerializer(serializers.Serializer):
    evidence = serializers.IntegerField(help_text="1-based position of the passage.")
    start = serializers.IntegerField(help_text="Start offset in the passage text.")
    end = serializers.IntegerField(help_text="End offset in the passage text.")


class CitationReportSerializer(serializers.Serializer):
    raw = serializers.CharField(
        help_text="The citation as written, e.g. '[1]', '(Art. 5(1)(a) GDPR)', or inline "
        "'Article 17(1) GDPR': text[start:end] is raw."
    )
    start = serializers.IntegerField(help_text="Offset in the answer text.")
    end = serializers.IntegerField(help_text="End offset: a legal one spans the whole reference.")
    style = CitationSyntaxField()
    status = CitationStatusField()
    evidence = serializers.ListField(
        child=serializers.IntegerField(), help_text="1-based positions it resolved to."
    )
    reason = serializers.CharField()
    spans = SpanSerializer(many=True, help_text="Best-matching span per resolved passage.")
    carried = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="The sentence's key terms and numbers its passages carry. Carrying terms is "
        "not supporting: only a citation of a verified sentence is `verified`. "
        "Absent from reports of engine 1.x.",
    )
    unit = UnitSerializer(
        allow_null=True,
        required=False,
        help_text="A legal citation's unit key (several units, a range or a list, share one "
        "key: `article` names them all, `paragraph` and `point` are ''); null for a numeric "
        "citation. Absent before engine 2.1.",
    )
    failure = FailureField(allow_null=True, required=False)


def _support_field(help_text: str, **kwargs) -> serializers.FloatField:
    return serializers.FloatField(min_value=0.0, max_value=1.0, help_text=help_text, **kwargs)


def _signal_field(signal: Signal) -> serializers.FloatField:
    since = f" Absent before engine {signal.since}." if signal.since else ""
    if signal.share:
        return _support_field(signal.meaning + since, required=not since)
    return serializers.FloatField(required=not since, help_text=signal.meaning + since)


# Built from the engine's one list of signals: a new signal is in the API and its schema.
SignalsSerializer = type(
    "SignalsSerializer",
    (serializers.Serializer,),
    {
        "__doc__": "The named signals the support score is a logistic regression over.",
        "__module__": __name__,
        **{signal.name: _signal_field(signal) for signal in SIGNALS},
    },
)


class SuggestionSerializer(serializers.Serializer):
    evidence = serializers.ListField(
        child=serializers.IntegerField(), help_text="1-based positions that would support it."
    )
    support = _support_field("The support score with those passages cited instead.")
    reason = serializers.CharField()


def _span(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(), min_length=2, max_length=2, help_text=help_text
    )


class ContradictionSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=["negation", "opposite", "roles", "strength", "number", "name"],
        help_text="negation: one side negates what the other asserts; opposite: an antonym; "
        "roles: who did what to whom turned around; strength: the sentence says more "
        "(all for some, must for may); number: another time, date or range, or a figure the "
        "passage gives for another year; name: a name no cited passage has, where the passage "
        "names another.",
    )
    sentence_span = _span("[start, end]: text[start:end] is what the sentence says.")
    evidence = serializers.IntegerField(help_text="The 1-based position of the passage.")
    passage_span = _span("[start, end] in that passage's text: what it says instead.")
    sentence_text = serializers.CharField(help_text="The sentence's words quoted.")
    passage_text = serializers.CharField(help_text="The passage's words quoted.")


class SentenceReportSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    start = serializers.IntegerField(help_text="text[start:end] is the sentence.")
    end = serializers.IntegerField()
    text = serializers.CharField()
    status = SentenceStatusField()
    reason = serializers.CharField()
    matched_terms = serializers.ListField(child=serializers.CharField())
    missing_terms = serializers.ListField(child=serializers.CharField())
    numbers = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="The entries of `matched_terms` and `missing_terms` that are the sentence's "
        "numbers, not key terms (a number word that is a key term, 'four', is not among them): "
        'the reason\'s "N of M key terms" counts the other entries. Absent in a report stored '
        "by an engine before 3.1: `manage.py reverify --all` fills it.",
    )
    citations = CitationReportSerializer(many=True)
    support = _support_field(
        "Estimate (3 decimals) that the cited passages support the sentence; the sentence is "
        "verified when it reaches the threshold and every citation resolves. Null for an "
        "uncited or neutral sentence, or when no citation resolves. Absent before engine 2.0.",
        allow_null=True,
        required=False,
    )
    signals = SignalsSerializer(
        allow_null=True, required=False, help_text="What the support score comes from."
    )
    suggestions = SuggestionSerializer(
        many=True,
        required=False,
        help_text="For an unsupported sentence: other given passages that would support it.",
    )
    contradictions = ContradictionSerializer(
        many=True,
        required=False,
        help_text="Where a cited passage says otherwise than the sentence (each makes it "
        "unsupported, whatever its support); [] when none. Absent before engine 3.0.",
    )
    decided_by = DecidedByField(allow_null=True, required=False)
    summary = serializers.CharField(
        required=False,
        help_text="The verdict in plain words, the fact that decided it first and without the "
        'score or counts, e.g. "Passage [2] says 150 percent, not 200 percent" or "Passage '
        '[1] supports it"; `reason` keeps the full ground with its figures. Absent in a report '
        "stored by an engine before 3.1 (`reason` says it all there): `manage.py reverify "
        "--all` fills it.",
    )


class CountsSerializer(serializers.Serializer):
    verified = serializers.IntegerField()
    unsupported = serializers.IntegerField()
    uncited = serializers.IntegerField()
    neutral = serializers.IntegerField()


class ReportSerializer(serializers.Serializer):
    """Exactly the engine's `Report.to_dict()`."""

    engine = serializers.CharField(help_text="Engine version; changes with verdict logic.")
    passed = serializers.BooleanField(help_text="No sentence is unsupported.")
    legal = serializers.BooleanField(
        required=False,
        help_text="The answer holds a legal citation, whatever citation style was asked for: "
        "editors decide it. Absent before engine 2.1.",
    )
    validation_rate = serializers.FloatField(
        help_text="verified / (verified + unsupported + uncited); 0.0 when there are none."
    )
    counts = CountsSerializer()
    sentences = SentenceReportSerializer(many=True)


class VerifyResultSerializer(serializers.Serializer):
    verification = ReportSerializer()
