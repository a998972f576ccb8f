"""The answer page: highlighted text, flagged sentences with their decisions, the evidence
panel beside the selected sentence, and the revision bar of a revised answer."""

from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from citations import selectors
from citations.web import permissions
from citations.web.presenters import parts
from citations.web.presenters.comments import comment_threads
from citations.web.presenters.evidence_panel import evidence_panel
from citations.web.presenters.parts import part_shown
from citations.web.presenters.revisions import revision_view
from citations.web.views.common import answer_links, int_param, load_answer, page_context


@require_GET
@permissions.dashboard_view
def answer_detail(request, pk: int):
    answer = load_answer(pk)  # no claim here: a GET changes nothing (see queue.answer_claim)
    start = int_param(request, "from")
    if request.htmx and start is not None:  # "Show more": the next part of a long answer
        context = page_context(request, answer, start=start)
        return render(request, "citations/answer_detail.html#part", context)
    diff_from = int_param(request, "diff_from")
    if request.htmx and diff_from is not None:  # the next part of a long revision's diff
        revisions = _revisions(request, answer, diff_from)
        # The first part also fills in the counts the page left out (see _revisions).
        context = {
            "answer": answer,
            "links": answer_links(answer),
            "revisions": revisions,
            "diff_oob": diff_from == 0,
        }
        return render(request, "citations/answer_detail.html#diff-part", context)
    context = detail_context(
        request,
        answer,
        selected=int_param(request, "s"),  # the current sentence; else the first undecided
        citation=int_param(request, "c"),
        opened=int_param(request, "p"),  # a suggested passage, opened from the panel
    )
    return render(request, "citations/answer_detail.html", context)


def detail_context(request, answer, **kwargs) -> dict:
    """The whole page's context: the review and panel (`page_context`), the revision bar."""
    context = page_context(request, answer, **kwargs)
    context["revisions"] = _revisions(request, answer)
    context["can_revise"] = permissions.can_revise(request.user, answer)
    return context


def _revisions(request, answer, diff_from: int | None = None):
    """The revision bar and diff, its lines up to `?diff_upto=` (one part at least) or one
    part from `diff_from`; no query at all for an answer that was never revised. A long
    answer's page leaves its diff out (`diff_deferred`): the previous revision's report is a
    second whole report to read (9,000 sentences: 8.6 MB of JSON), and the page loads the diff
    right after it (or a plain link does)."""
    if answer.revision == 1 and answer.is_current:
        return None
    lineage = selectors.answer_revision_lineage(answer=answer)
    report = selectors.latest_verification(answer).report
    upto = int_param(request, "diff_upto")
    deferred = diff_from is None and upto is None and len(report["sentences"]) > parts.PART
    previous_report = None if deferred else selectors.answer_previous_report(answer=answer)
    view = revision_view(answer, lineage, report, previous_report)
    if view is not None:
        view.diff_deferred = deferred and answer.previous_id is not None
        view.diff_part = part_shown(len(view.diff), cursor=None, upto=upto, start=diff_from)
    return view


@require_GET
@permissions.dashboard_view
def answer_evidence(request, pk: int):
    selected = int_param(request, "s")
    citation = int_param(request, "c")
    opened = int_param(request, "p")
    if not request.htmx:
        params = {"s": selected, "c": citation, "p": opened}
        query = urlencode({k: v for k, v in params.items() if v is not None})
        url = reverse("citations:answer_detail", args=[pk])
        return redirect(f"{url}?{query}#evidence" if query else url)
    answer = load_answer(pk)
    report = selectors.latest_verification(answer).report
    panel = evidence_panel(report, list(answer.evidence.all()), selected or 0, citation, opened)
    if panel is None:
        raise Http404("No such sentence.")
    return render(
        request,
        "citations/answer_detail.html#evidence",
        {
            "answer": answer,
            "links": answer_links(answer),
            "panel": panel,
            "passages": panel.passages,
            "threads": comment_threads(report, answer.comments.all()),
        },
    )
