"""The queue's rows as markup, built here rather than in the page's template.

A row shows some twenty values under a dozen conditions; through Django's template engine each
value is a lookup, a localisation and an escape, and the 25 rows of a page took 21 ms of CPU
of the queue page's 62 ms (100,000 answers, cProfile and thread time); here they take about
7 ms. The markup is the template's as it was, whitespace aside; every value is escaped by
`format_html`.
"""

from collections.abc import Iterable

from django.template.defaultfilters import floatformat, truncatechars
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.timesince import timesince
from django.utils.timezone import template_localtime

from citations.models import ReviewStatus
from citations.web.rendering.icons import icon

TITLE_CHARS = 160
# Constant markup, written into the row once: neither values nor escaped per row.
SUPPORT_TITLE = (
    "The lowest support score of its cited sentences (0 to 1); a sentence refused whatever its "
    "score (a citation resolving nowhere, a number its passages lack, a passage saying "
    "otherwise) counts 0. Within a severity the queue puts the weakest first"
)
CHECK, CROSS, QUESTION = icon("check"), icon("cross"), icon("question")
ROW = (
    '<li class="row{0}" data-answer="{1}">\n'
    '<input class="row-pick" type="checkbox" name="ids" value="{1}" aria-label="Select answer {1}"'
    " data-pick{2}>\n"
    '<div class="row-main">\n'
    '<a class="row-title" href="{3}">{4}</a>\n'
    '<div class="row-meta">\n'
    '<span class="client">{5}</span>\n'
    '<span aria-hidden="true">·</span>\n'
    "{6}\n"
    '<span aria-hidden="true">·</span>\n'
    '<span class="support-key{7}" title="' + SUPPORT_TITLE + '">{8}</span>\n'
    "{9}\n"
    '<span class="row-claim">{10}</span>\n'
    "</div>\n"
    "</div>\n"
    '<div class="row-badges" aria-label="Sentences">\n'
    f'<span class="badge badge-verified{{11}}">{CHECK} {{12}} '
    '<span class="badge-word">verified</span></span>\n'
    f'<span class="badge badge-unsupported{{13}}">{CROSS} {{14}} '
    '<span class="badge-word">unsupported</span></span>\n'
    f'<span class="badge badge-uncited{{15}}">{QUESTION} {{16}} '
    '<span class="badge-word">uncited</span></span>\n'
    "</div>\n"
    "</li>\n"
)
# The answer page's URL: reversed once per page, each row's id put in the stand-in's place.
STAND_IN = 0


def queue_rows(items: Iterable[dict], *, user, now, sort: str, picked=()) -> SafeString:
    """The rows of `items` (each an answer, its claimer and how long it waited: views.queue),
    as `user` sees them at `now` under `sort`; the answers in `picked` ticked."""
    head, tail = reverse("citations:answer_detail", args=[STAND_IN]).rsplit(str(STAND_IN), 1)
    key = " is-key" if sort != "age" else ""
    rows = []
    for item in items:
        answer, claimer = item["answer"], item["claimer"]
        rows.append(
            format_html(
                ROW,
                " is-taken" if claimer and claimer != user else "",
                answer.pk,
                " checked" if answer.pk in picked else "",
                f"{head}{answer.pk}{tail}",
                truncatechars(answer.question or answer.text, TITLE_CHARS),
                answer.client.name,
                _created(answer, item["waited"], now),
                key,
                _support(answer.min_support),
                _tags(answer),
                _claim(answer.assigned_to, claimer, user),
                "" if answer.verified_count else " is-zero",
                answer.verified_count,
                "" if answer.unsupported_count else " is-zero",
                answer.unsupported_count,
                "" if answer.uncited_count else " is-zero",
                answer.uncited_count,
            )
        )
    return mark_safe("".join(rows))


def _created(answer, waited: str, now) -> SafeString:
    """When it came in: how long it has waited while it needs review, else how long ago (the
    `date` filter's "c" and "Y-m-d H:i", in the current time zone as a template shows it)."""
    local = template_localtime(answer.created_at)
    shown = local.strftime("%Y-%m-%d %H:%M")
    if answer.review_status == ReviewStatus.NEEDS_REVIEW:
        return format_html(
            '<time class="waited" datetime="{}" title="Submitted {}">waiting {}</time>',
            local.isoformat(),
            shown,
            waited,
        )
    return format_html(
        '<time datetime="{}" title="{}">{}</time>',
        local.isoformat(),
        shown,
        _age(answer.created_at, now),
    )


def _age(value, now) -> str:
    """How long ago, in its largest unit only ("3 hours ago", "2 days ago", "just now")."""
    since = timesince(value, now, depth=1)
    return "just now" if since.startswith("0\xa0") else f"{since} ago"


def _support(weakest: float | None) -> str:
    if weakest is None:
        return "no cited sentence"
    if weakest == 0:
        return "weakest support 0: a citation fails or a passage says otherwise"
    return f"weakest support {floatformat(weakest, 2)}"


def _tags(answer) -> SafeString:
    tags = []
    if answer.is_legal:
        tags.append(mark_safe('<span class="tag tag-legal">Legal</span>'))
    if answer.revision > 1:
        tags.append(
            format_html('<span class="tag tag-revision">Revision {}</span>', answer.revision)
        )
    waiting = answer.review_status == ReviewStatus.NEEDS_REVIEW
    if waiting and answer.decided_count:
        tags.append(
            format_html(
                '<span class="tag">{} of {} decided</span>',
                answer.decided_count,
                answer.flagged_count,
            )
        )
    if not waiting:
        tags.append(
            format_html(
                '<span class="tag tag-{}">{}</span>',
                answer.review_status,
                answer.get_review_status_display(),
            )
        )
    return mark_safe("\n".join(tags))


def _claim(assignee, claimer, user) -> str:
    """Who it is assigned to and who is reviewing it now, each when there is one."""
    parts = []
    if assignee is not None:
        parts.append(
            mark_safe('<span class="assignee assignee-mine">Assigned to you</span>')
            if assignee == user
            else format_html(
                '<span class="assignee">Assigned to {}</span>', assignee.get_username()
            )
        )
    if claimer is not None:
        parts.append(
            mark_safe('<span class="claim claim-mine">You are reviewing this</span>')
            if claimer == user
            else format_html(
                '<span class="claim">Being reviewed by {}</span>', claimer.get_username()
            )
        )
    return mark_safe("".join(parts))
