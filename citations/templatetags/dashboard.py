"""Template tags and filters of the review dashboard (`{% load dashboard %}`)."""

import re

from django import template
from django.conf import settings
from django.template.loader import render_to_string

from citations.domain.statuses import DecisionAction, RejectReason, SentenceStatus
from citations.web import permissions
from citations.web.presenters.answer_page import decision_summary as _decision_summary
from citations.web.presenters.answer_page import replaced_phrase as _replaced_phrase
from citations.web.rendering.icons import icon as _icon
from citations.web.rendering.sentences import chip_glyph as _chip_glyph
from citations.web.rendering.units import passage_source as _passage_source

register = template.Library()


@register.simple_tag(takes_context=True)
def user_role(context) -> str:
    request = context.get("request")
    return permissions.role_label(request.user) if request is not None else ""


# The reject reasons' radio buttons as the `reasons` partial renders them, by the reason
# ticked: six outcomes, so each is rendered once per process, not by the partial's loop on every
# flagged sentence's card (issue 23: six tags a reason, ~8 % of an answer page's instructions).
_REASONS_PARTIAL = "citations/answer_detail.html#reasons"
_reason_options: dict[str, str] = {}


@register.simple_tag
def reason_options(ticked: str):
    """`{% reason_options draft.reject_reason %}`: the reasons with `ticked` checked. A value
    that is no reason (a draft's comes from a posted form) ticks none and is not kept."""
    key = ticked if ticked in RejectReason.values else ""
    # With DEBUG on, rendered afresh: an edit to the partial shows on the next page, as
    # Django's template loaders do in development.
    if key not in _reason_options or settings.DEBUG:
        context = {"reject_reasons": RejectReason.choices, "ticked": key}
        _reason_options[key] = render_to_string(_REASONS_PARTIAL, context)
    return _reason_options[key]


@register.simple_tag
def icon(name: str):
    """`{% icon "comment" %}`, `{% icon item.status %}`: inline SVG (web.rendering.icons)."""
    return _icon(name)


@register.filter
def status_label(status: str) -> str:
    return SentenceStatus(status).label if status in SentenceStatus.values else status


@register.filter
def status_icon(status: str) -> str:
    return SentenceStatus(status).icon if status in SentenceStatus.values else ""


@register.filter
def decision_label(action: str) -> str:
    return DecisionAction(action).done if action in DecisionAction.values else action


@register.filter
def decision_summary(decision) -> str:
    """ "Rejected (wrong number)", "Approved": what a decision did, with its reason."""
    return _decision_summary(decision) if decision is not None else ""


@register.filter
def replaced_phrase(decision) -> str:
    """ "approval", "rejection (wrong number)": what a replacing decision's history names."""
    return _replaced_phrase(decision)


@register.filter
def chip_glyph(status: str):
    """The glyph a citation chip carries, as the highlighted answer's chips have it."""
    return _chip_glyph(status)


@register.filter
def web_url(url: str) -> str:
    """The URL when it is http(s), else empty: evidence URLs come from generators."""
    url = (url or "").strip()
    return url if url.lower().startswith(("http://", "https://")) else ""


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if hasattr(mapping, "get") else None


_MARKER = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+|[-*+•][ \t]+|\d{1,9}[.)][ \t]+)")


@register.filter
def without_marker(text: str) -> str:
    """A sentence as quoted on its own: without the list or heading marker it started with."""
    return _MARKER.sub("", text or "", count=1)


@register.filter
def passage_source(evidence) -> str:
    """`Law, Article n` when the passage's title does not already name its unit."""
    return _passage_source(evidence.law, evidence.article or "", evidence.title or "")
