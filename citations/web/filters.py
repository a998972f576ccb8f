"""The triage queue's filters (django-filter) and its bulk-action form. Every filter is
optional and a bad value is ignored (that field only), so a stale or hand-edited link still
shows a queue."""

import django_filters as filters
from django import forms

from citations.models import Answer
from citations.selectors.queue import DEFAULT_SCOPE, DEFAULT_SORT, queue_search
from citations.selectors.ranges import day_range
from citations.web.forms import STYLE_CHOICES, TAB_CHOICES

LEGAL_BY_STYLE = {"legal": True, "numeric": False}
SCOPE_CHOICES = [("decidable", "Decidable by me"), ("mine", "Assigned to me"), ("all", "All")]
SORT_CHOICES = [("severity", "Severity"), ("age", "Waiting longest"), ("client", "Client")]
# What each sort really orders by (selectors.queue.SORT_ORDERS), said above the list.
SORT_ORDER_TEXT = {
    "severity": "Sorted by severity: answers with an unsupported sentence first, then those "
    "with uncited claims; within each, the weakest support score first (a sentence refused "
    "whatever its score counts 0: a citation pointing nowhere, a number or a passage saying "
    "otherwise), then more unsupported and uncited sentences, then the oldest.",
    "age": "Sorted by waiting time: the answers waiting longest first.",
    "client": "Sorted by client name; within each client, by severity (unsupported, uncited, "
    "the weakest support score, the oldest).",
}
# Most answers one bulk action or "export selected" takes (a page is 25).
MAX_SELECTED = 200


class NumberInFilter(filters.BaseInFilter, filters.NumberFilter):
    """`?ids=3,5,8`: the answers picked on the queue (its "export selected")."""


class QueueFilter(filters.FilterSet):
    # The tab: read by the view (the tab counts need the answers before it), not applied here.
    status = filters.ChoiceFilter(
        choices=TAB_CHOICES, empty_label=None, label="Status", method="_unfiltered"
    )
    # The scope and the sort are read by the view too (a scope needs the user).
    scope = filters.ChoiceFilter(
        choices=SCOPE_CHOICES, empty_label=None, label="Show", method="_unfiltered"
    )
    sort = filters.ChoiceFilter(
        choices=SORT_CHOICES, empty_label=None, label="Sort", method="_unfiltered"
    )
    ids = NumberInFilter(label="Answers", method="_ids")
    client = filters.TypedChoiceFilter(coerce=int, empty_value=None, label="Client")
    style = filters.ChoiceFilter(
        choices=STYLE_CHOICES, empty_label=None, label="Citation style", method="_style"
    )
    created_from = filters.DateFilter(
        label="Created from", widget=forms.DateInput(attrs={"type": "date"}), method="_created"
    )
    created_to = filters.DateFilter(
        label="to", widget=forms.DateInput(attrs={"type": "date"}), method="_created"
    )
    q = filters.CharFilter(
        max_length=200,
        label="Search",
        widget=forms.TextInput(
            attrs={"type": "search", "placeholder": "Search questions and answers"}
        ),
        method="_search",
    )

    class Meta:
        model = Answer
        fields = []

    def __init__(self, data=None, *args, clients=(), **kwargs):
        super().__init__(data, *args, **kwargs)
        self.filters["client"].extra["choices"] = [("", "All clients")] + [
            (c.pk, c.name) for c in clients
        ]

    @property
    def tab(self) -> str | None:
        """The status tab asked for, if it is a valid one."""
        return self._cleaned("status")

    @property
    def chosen_scope(self) -> str:
        return self._cleaned("scope") or DEFAULT_SCOPE

    @property
    def chosen_sort(self) -> str:
        return self._cleaned("sort") or DEFAULT_SORT

    def _cleaned(self, name: str):
        return self.form.cleaned_data.get(name) if self.is_bound and self.qs is not None else None

    def _unfiltered(self, queryset, name, value):
        return queryset

    def _style(self, queryset, name, value):
        legal = LEGAL_BY_STYLE.get(value)
        return queryset if legal is None else queryset.filter(is_legal=legal)

    def _created(self, queryset, name, value):
        # Each bound alone: [from, ...) and [..., to + 1 day), so the created_at index is used.
        start, end = (value, None) if name == "created_from" else (None, value)
        return queryset.filter(**day_range(start, end))

    def _ids(self, queryset, name, value):
        ids = [pk for pk in value if pk is not None][:MAX_SELECTED]
        return queryset.filter(pk__in=ids)

    def _search(self, queryset, name, value):
        return queue_search(queryset, value)


class IdsField(forms.Field):
    """Ticked answer ids (`ids=3&ids=5`), distinct, at most MAX_SELECTED."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value):
        values = value if isinstance(value, list | tuple) else [value] if value else []
        if not all(str(v).isdigit() for v in values):
            raise forms.ValidationError("Pick answers from the list.")
        ids = sorted({int(v) for v in values})
        if len(ids) > MAX_SELECTED:
            raise forms.ValidationError(f"Pick at most {MAX_SELECTED} answers at a time.")
        return ids

    def validate(self, value):
        if self.required and not value:
            raise forms.ValidationError("Tick at least one answer first.")


class BulkForm(forms.Form):
    """A bulk action on the answers ticked on the queue page."""

    ACTIONS = [
        ("assign", "Assign"),
        ("unassign", "Unassign"),
        ("release", "Release claims"),
        ("export_csv", "Export CSV"),
        ("export_jsonl", "Export JSON Lines"),
    ]
    action = forms.ChoiceField(choices=ACTIONS)
    ids = IdsField()
    assignee = forms.ModelChoiceField(queryset=None, required=False, label="Assign to")
    # The queue's query string when the form was sent, to return to the same list.
    back = forms.CharField(required=False, max_length=2000)

    def __init__(self, *args, assignees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["assignee"].queryset = assignees
        self.fields["assignee"].empty_label = "Choose a reviewer"

    def clean(self):
        data = super().clean()
        if data.get("action") == "assign" and not data.get("assignee"):
            self.add_error("assignee", "Choose who to assign the answers to.")
        return data
