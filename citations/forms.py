"""Forms of the review dashboard: the queue's filters and a reviewer's decision."""

from django import forms

from citations.models import DecisionAction, ReviewStatus

TAB_CHOICES = [
    (ReviewStatus.NEEDS_REVIEW, "Needs review"),
    (ReviewStatus.APPROVED, "Approved"),
    (ReviewStatus.REJECTED, "Rejected"),
    (ReviewStatus.CLEAN, "Clean"),
    ("all", "All"),
]
STYLE_CHOICES = [("", "Any style"), ("legal", "Legal citations"), ("numeric", "Numeric only")]
EXPORT_MODES = ("keep", "strip", "drop")


class QueueFilterForm(forms.Form):
    """Filters of the triage queue; every field is optional and a bad value is ignored."""

    status = forms.ChoiceField(choices=TAB_CHOICES, required=False)
    client = forms.TypedChoiceField(coerce=int, required=False, empty_value=None, label="Client")
    style = forms.ChoiceField(choices=STYLE_CHOICES, required=False, label="Citation style")
    created_from = forms.DateField(
        required=False, label="Created from", widget=forms.DateInput(attrs={"type": "date"})
    )
    created_to = forms.DateField(
        required=False, label="to", widget=forms.DateInput(attrs={"type": "date"})
    )
    q = forms.CharField(
        required=False,
        max_length=200,
        label="Search",
        widget=forms.TextInput(
            attrs={"type": "search", "placeholder": "Search questions and answers"}
        ),
    )

    def __init__(self, *args, clients=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["client"].choices = [("", "All clients")] + [(c.pk, c.name) for c in clients]

    def filters(self) -> dict:
        """The valid filters, each invalid field dropped rather than failing the whole page."""
        self.is_valid()
        data = {}
        for name in self.fields:
            if name in self.cleaned_data:
                data[name] = self.cleaned_data[name]
        return data


class DecisionForm(forms.Form):
    """One decision: on a flagged sentence (`sentence` set) or on the whole answer."""

    action = forms.ChoiceField(choices=DecisionAction.choices)
    note = forms.CharField(
        required=False,
        max_length=2000,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": 2000}),
    )
    sentence = forms.IntegerField(required=False, min_value=0)
    seen = forms.IntegerField(required=False, min_value=1)

    def clean(self):
        data = super().clean()
        if data.get("action") == DecisionAction.RETURN:
            if data.get("sentence") is not None:
                self.add_error("action", "Only a whole answer can be sent back to its generator.")
            if not data.get("note"):
                self.add_error("note", "Say what the generator should fix: a note is required.")
        return data
