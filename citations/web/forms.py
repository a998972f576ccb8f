"""Forms of the review dashboard: a reviewer's decision, the metrics page's filters and an
editor's correction of an answer (the queue's filters are in `filters`)."""

from datetime import date, timedelta

from django import forms
from django.conf import settings
from django.core.validators import MaxLengthValidator

from citations import engine
from citations.models import DecisionAction, RejectReason, ReviewStatus

TAB_CHOICES = [
    (ReviewStatus.NEEDS_REVIEW, "Needs review"),
    (ReviewStatus.APPROVED, "Approved"),
    (ReviewStatus.REJECTED, "Rejected"),
    (ReviewStatus.RETURNED, "Returned"),
    (ReviewStatus.CLEAN, "Clean"),
    ("all", "All"),
]
STYLE_CHOICES = [("", "Any style"), ("legal", "Legal citations"), ("numeric", "Numeric only")]
EXPORT_MODES = ("keep", "strip", "drop")
# The latest day a date filter takes: the range ends before the next day, and the metrics
# charts step a week past the end, so a later date would run off the calendar (OverflowError).
LAST_DAY = date(9998, 12, 31)


class BoundedDateField(forms.DateField):
    """A date no later than LAST_DAY, refused with a message rather than a server error."""

    def validate(self, value):
        super().validate(value)
        if value and value > LAST_DAY:
            raise forms.ValidationError(
                f"Enter a date no later than {LAST_DAY.isoformat()}.", code="out_of_range"
            )


class DecisionForm(forms.Form):
    """One decision: on a flagged sentence (`sentence` set) or on the whole answer; or `undo`,
    which takes back the reviewer's newest decision in force (the service finds which).

    A rejection needs its reason from the short list, and "other" a note saying what."""

    action = forms.ChoiceField(choices=DecisionAction.choices)
    note = forms.CharField(
        required=False,
        max_length=2000,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": 2000}),
    )
    sentence = forms.IntegerField(required=False, min_value=0)
    seen = forms.IntegerField(required=False, min_value=1)
    reject_reason = forms.ChoiceField(choices=RejectReason.choices, required=False)

    def clean(self):
        data = super().clean()
        action, reason = data.get("action"), data.get("reject_reason")
        if action == DecisionAction.RETURN:
            if data.get("sentence") is not None:
                self.add_error("action", "Only a whole answer can be sent back to its generator.")
            if not data.get("note"):
                self.add_error("note", "Say what the generator should fix: a note is required.")
        if "reject_reason" in self.errors:
            return data
        if action == DecisionAction.REJECT and not reason:
            self.add_error("reject_reason", "Choose why you reject it: a reason is required.")
        elif reason and action != DecisionAction.REJECT:
            self.add_error("reject_reason", "A reason goes with a rejection only.")
        elif reason == RejectReason.OTHER and not data.get("note"):
            self.add_error("note", "Say what is wrong: “Other” needs a note.")
        return data


METRICS_DEFAULT_DAYS = 30
METRICS_MAX_DAYS = 731


class MetricsFilterForm(forms.Form):
    """Date range (inclusive, default the last 30 days) and client of the metrics page."""

    start = BoundedDateField(
        required=False, label="From", widget=forms.DateInput(attrs={"type": "date"})
    )
    end = BoundedDateField(
        required=False, label="To", widget=forms.DateInput(attrs={"type": "date"})
    )
    client = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, label="Client")

    def __init__(self, *args, clients=(), today: date, **kwargs):
        super().__init__(*args, **kwargs)
        self.today = today
        self.clients = {c.pk: c for c in clients}
        self.fields["client"].choices = [("", "All clients")] + [(c.pk, c.name) for c in clients]
        # Unbound (no query string), the fields show the default range.
        self.fields["start"].initial = self.default_start
        self.fields["end"].initial = today

    @property
    def default_start(self) -> date:
        return self.today - timedelta(days=METRICS_DEFAULT_DAYS - 1)

    def clean(self):
        data = super().clean()
        start = data.get("start") or self.default_start
        end = data.get("end") or self.today
        if start > end:
            self.add_error("end", "The end of the range is before its start.")
        elif (end - start).days >= METRICS_MAX_DAYS:
            self.add_error("start", "Choose a range of at most two years.")
        return data

    def range(self) -> tuple[date, date, object]:
        """(start, end, client) to compute with: the defaults where a field is empty or the
        range is invalid (the form then shows why)."""
        if not self.is_bound or not self.is_valid():
            client = None
            if self.is_bound and "client" in getattr(self, "cleaned_data", {}):
                client = self.clients.get(self.cleaned_data["client"])
            return self.default_start, self.today, client
        data = self.cleaned_data
        return (
            data.get("start") or self.default_start,
            data.get("end") or self.today,
            self.clients.get(data.get("client")),
        )


def _max_text_chars() -> int:
    return min(settings.CITATIONS_MAX_TEXT_CHARS, engine.MAX_TEXT_CHARS)


class RevisionForm(forms.Form):
    """An editor's correction: the whole new text (verified on save) and an optional note."""

    text = forms.CharField(
        label="Corrected answer",
        strip=False,
        widget=forms.Textarea(attrs={"rows": 16, "spellcheck": "true"}),
        help_text="Keep the citations the evidence supports; the evidence stays as it is.",
    )
    note = forms.CharField(
        label="Note (optional)",
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": 2000}),
        help_text="What you changed and why, for the history and the generator.",
    )

    def __init__(self, *args, current_text: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.current_text = current_text
        limit = _max_text_chars()
        self.fields["text"].widget.attrs["maxlength"] = limit
        self.fields["text"].validators.append(MaxLengthValidator(limit))

    def clean_text(self) -> str:
        # Browsers send a textarea's line breaks as CRLF; the stored answers use LF.
        text = self.cleaned_data["text"].replace("\r\n", "\n").replace("\r", "\n")
        if "\x00" in text:
            raise forms.ValidationError("The text contains a NUL character.")
        if not text.strip():
            raise forms.ValidationError("The corrected answer cannot be empty.")
        if text == self.current_text:
            raise forms.ValidationError("The text is unchanged: edit it before saving.")
        return text


class CommentForm(forms.Form):
    """A comment on the whole answer (`sentence` empty) or on one of its sentences; the
    service checks the body once more, and that the sentence exists."""

    body = forms.CharField(
        label="Comment",
        max_length=2000,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": 2000}),
        error_messages={"required": "Write something before posting: the comment is empty."},
    )
    sentence = forms.IntegerField(required=False, min_value=0)
