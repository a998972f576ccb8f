"""The triage queue's filters (django-filter). Every field is optional and a bad value is
ignored (that field only), so a stale or hand-edited link still shows a queue."""

import django_filters as filters
from django import forms
from django.db.models import Q

from citations.models import Answer
from citations.selectors.ranges import day_range
from citations.web.forms import STYLE_CHOICES, TAB_CHOICES

LEGAL_BY_STYLE = {"legal": True, "numeric": False}


class QueueFilter(filters.FilterSet):
    # The tab: read by the view (the tab counts need the answers before it), not applied here.
    status = filters.ChoiceFilter(
        choices=TAB_CHOICES, empty_label=None, label="Status", method="_unfiltered"
    )
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
        return (
            self.form.cleaned_data.get("status") if self.is_bound and self.qs is not None else None
        )

    def _unfiltered(self, queryset, name, value):
        return queryset

    def _style(self, queryset, name, value):
        legal = LEGAL_BY_STYLE.get(value)
        return queryset if legal is None else queryset.filter(is_legal=legal)

    def _created(self, queryset, name, value):
        # Each bound alone: [from, ...) and [..., to + 1 day), so the created_at index is used.
        start, end = (value, None) if name == "created_from" else (None, value)
        return queryset.filter(**day_range(start, end))

    def _search(self, queryset, name, value):
        return queryset.filter(Q(question__icontains=value) | Q(text__icontains=value))
