"""What several dashboard views share: loading an answer, reading a number from the query,
the answer page's context and links, and choosing the fragment an htmx request swaps."""

from dataclasses import dataclass, fields

from django.http import Http404
from django.urls import reverse

from citations import selectors
from citations.domain.statuses import COMPLETED_STATUSES
from citations.web import permissions
from citations.web.presenters.answer_page import NO_DRAFT, answer_page
from citations.web.presenters.comments import comment_threads
from citations.web.presenters.evidence_panel import evidence_panel


def load_answer(pk: int):
    answer = selectors.review_answer(pk=pk)
    if answer is None:
        raise Http404("No such answer.")
    return answer


def int_param(request, name: str) -> int | None:
    return _int(request.GET.get(name, ""))


def _int(value: str | None) -> int | None:
    try:
        return int(value or "")
    except ValueError:
        return None


@dataclass(frozen=True)
class AnswerLinks:
    """The answer page's links to its own views (`links.detail` in its templates; each field
    names its URL, `citations:answer_<field>`), reversed once per response: every flagged
    sentence's card repeats four of them, and a `{% url %}` each was a tenth of the render of
    a page with a hundred cards."""

    detail: str
    evidence: str
    decide: str
    comment: str


def answer_links(answer) -> AnswerLinks:
    return AnswerLinks(
        **{
            link.name: reverse(f"citations:answer_{link.name}", args=[answer.pk])
            for link in fields(AnswerLinks)
        }
    )


PAGE_AT_REST = {
    "claim_oob": False,
    "comments_oob": False,
    "part_oob": False,
    "form_error": "",
    "comment_error": "",
    "comment_body": "",
}


def page_context(
    request,
    answer,
    *,
    notices=None,
    selected=None,
    after=None,
    citation=None,
    opened=None,
    draft=NO_DRAFT,
    start=None,
) -> dict:
    """The answer page's context; the evidence panel shows the current sentence (`selected`
    when it is one, else the next undecided flagged one: see `answer_page`). The sentences
    rendered reach `upto` (a link's, or a form's: what the reader had loaded), or are one part
    from `start` (a "Show more" request)."""
    upto = _int(request.POST.get("upto") or request.GET.get("upto"))
    page = answer_page(
        answer,
        request.user,
        notices=notices,
        cursor=selected,
        after=after,
        draft=draft,
        upto=upto,
        start=start,
    )
    panel = None
    if page.cursor is not None:
        panel = evidence_panel(page.report, page.evidence, page.cursor, citation, opened)
    return {
        "answer": answer,
        "links": answer_links(answer),
        "page": page,
        "panel": panel,
        "passages": page.evidence,
        "threads": comment_threads(page.report, answer.comments.all()),
        # The claim slot: who is on it, and whether this user may start reviewing it.
        "claimer": page.claimer,
        "can_claim": page.claimer is None
        and answer.review_status not in COMPLETED_STATUSES
        and permissions.can_decide(request.user, answer),
        # What a fragment (`{% with %}`) or a refused form sets, here at rest: the template's
        # lookup of a missing name raises and catches exceptions, on every card for some.
        **PAGE_AT_REST,
    }


def page_or_fragment(request, template: str, fragment: str) -> str:
    """The fragment an htmx request swaps, or the whole page (also for a boosted link or a
    history restore, which need the page)."""
    if request.htmx and not request.htmx.boosted and not request.htmx.history_restore_request:
        return f"{template}#{fragment}"
    return template
