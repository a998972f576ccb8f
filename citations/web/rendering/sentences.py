"""The markup of a sentence in the highlighted answer and of its citation chips, in one place.

The sentence's marker links to its evidence, a flagged sentence carries the badge of the
decision in force, and each citation chip links to that citation's evidence; a legal chip names
its unit and, unresolved, the level it fails at. Every value is escaped by `format_html`.
"""

from collections.abc import Callable

from django.utils.html import format_html
from django.utils.safestring import SafeString

from citations.domain.statuses import (
    FLAGGED_STATUSES,
    CitationStatus,
    DecisionAction,
    SentenceStatus,
    shown_citation_status,
)
from citations.engine import CitationDict, SentenceDict
from citations.web.rendering.disguise import disguise_mark, disguised
from citations.web.rendering.highlight import SentenceMarkup
from citations.web.rendering.units import chip_title


def chip_glyph(status: str) -> SafeString | str:
    """The warning glyph of a citation that points at nothing readable in the evidence."""
    icon = CitationStatus(status).icon
    return format_html('<span class="chip-warn" aria-hidden="true">{}</span>', icon) if icon else ""


def sentence_markup(
    *, detail_url: str, evidence_url: str, in_force: dict
) -> Callable[[SentenceDict], SentenceMarkup]:
    """How each sentence of one answer looks; `in_force` maps a sentence index to its decision."""

    def markup(sentence: SentenceDict) -> SentenceMarkup:
        status = SentenceStatus(sentence["status"])
        index = sentence["index"]
        css = f"s s-{status}"
        after: SafeString | str = ""
        decision = in_force.get(index)
        if status in FLAGGED_STATUSES:
            css += " is-flagged"
            if decision is not None:
                css += f" is-{decision.action}"
                after = format_html(
                    '\u2060<span class="s-dec s-dec-{}">{}</span>',
                    decision.action,
                    DecisionAction(decision.action).done,
                )
        marker: SafeString | str = ""
        if status != SentenceStatus.NEUTRAL:
            marker = format_html(
                '<a class="s-mark s-mark-{}" href="{}?s={}#evidence" hx-get="{}?s={}" '
                'data-evidence aria-label="Sentence {}, {}: show evidence">'
                '<span aria-hidden="true">{}</span></a>',
                status,
                detail_url,
                index,
                evidence_url,
                index,
                index + 1,
                status.label.lower(),
                status.icon,
            )

        def chip(n: int, citation: CitationDict) -> SafeString:
            cstatus = shown_citation_status(status, citation["status"])
            title = chip_title(cstatus, citation)
            hidden = disguised(citation["raw"])
            return format_html(
                '<a class="chip chip-{}{}{}" href="{}?s={}&amp;c={}#evidence" '
                'hx-get="{}?s={}&amp;c={}" data-evidence title="{}">'
                '{}{}{}<span class="sr-only"> ({})</span></a>',
                cstatus,
                " chip-legal" if citation.get("unit") else "",
                " chip-disguised" if hidden else "",
                detail_url,
                index,
                n,
                evidence_url,
                index,
                n,
                title,
                chip_glyph(cstatus),
                citation["raw"],
                disguise_mark(citation["raw"]),
                title,
            )

        return SentenceMarkup(css=css, marker=marker, after=after, chip=chip)

    return markup
