"""The triage queue (tabs, filters, pages, the reviewer's own claims), and moving through it:
claim, release and next."""

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from citations import selectors, services
from citations.models import ReviewStatus
from citations.web import permissions
from citations.web.filters import QueueFilter
from citations.web.views.common import load_answer, page_or_fragment

PAGE_SIZE = 25
# How many answers "next answer" remembers a reviewer left in this session, so it never offers
# them again (finished or skipped) until the list rolls over.
LEFT_MEMORY = 50
MY_CLAIMS_SHOWN = 20


def queue_filters(request):
    """The queue's filters, its tab and the filtered current answers (before the tab), shared
    by the queue page and its exports so an export holds exactly what the queue lists."""
    clients = list(selectors.review_clients())
    queue = QueueFilter(request.GET or None, queryset=selectors.queue_current(), clients=clients)
    return queue.form, queue.tab or ReviewStatus.NEEDS_REVIEW, queue.qs


@require_GET
@permissions.dashboard_view
def answer_list(request):
    form, status, base = queue_filters(request)
    counts = selectors.queue_counts(base)
    rows = selectors.review_queue_page_rows(base, status=None if status == "all" else status)
    tab_total = counts["all" if status == "all" else status]
    paginator = Paginator(rows, PAGE_SIZE, allow_empty_first_page=True)
    # The tab's count is already known: give it to the paginator instead of a COUNT query.
    paginator.count = tab_total
    page = paginator.get_page(request.GET.get("page"))
    keep = {k: v for k, v in request.GET.items() if k not in ("page", "status") and v}

    def query(**extra) -> str:
        return "?" + urlencode({**keep, **{k: v for k, v in extra.items() if v}})

    tabs = [
        {
            "value": value,
            "label": label,
            "count": counts["all" if value == "all" else value],
            "url": query(status=value),
            "current": value == status,
        }
        for value, label in form.fields["status"].choices
    ]
    items = [{"answer": a, "claimer": selectors.active_claimer(a)} for a in page.object_list]
    context = {
        "form": form,
        "tabs": tabs,
        "status": status,
        "page": page,
        "items": items,
        "prev_url": query(status=status, page=page.previous_page_number())
        if page.has_previous()
        else "",
        "next_url": query(status=status, page=page.next_page_number()) if page.has_next() else "",
        "export_query": query(status=status),
        "filtered": bool(keep),
        "now": timezone.now(),
        "my_claims": list(selectors.claims_of(user=request.user)[:MY_CLAIMS_SHOWN]),
    }
    return render(
        request, page_or_fragment(request, "citations/answer_list.html", "queue"), context
    )


@require_POST
@permissions.dashboard_view
def answer_claim(request, pk: int):
    """Start reviewing: the answer page posts this when it opens (htmx), or its "Start
    reviewing" button does. A GET never claims, so a link cannot claim for whoever follows it."""
    answer = selectors.review_answer_summary(pk=pk)
    if answer is None:
        raise Http404("No such answer.")
    if not permissions.can_decide(request.user, answer):
        raise PermissionDenied("You may not decide this answer, so you cannot claim it.")
    claimed = services.answer_claim(answer=answer, user=request.user)
    if request.htmx:
        if not claimed:  # somebody else holds it, or its review is over: show who, if anyone
            answer = selectors.review_answer_summary(pk=pk)
        claimer = request.user if claimed else selectors.active_claimer(answer)
        context = {"answer": answer, "claimer": claimer, "can_claim": False}
        return render(request, "citations/answer_detail.html#claim", context)
    if not claimed:
        messages.info(request, "Somebody else is reviewing this answer, or its review is over.")
    return redirect("citations:answer_detail", pk=pk)


@require_POST
@permissions.dashboard_view
def answer_release(request, pk: int):
    answer = load_answer(pk)
    services.answer_release(answer=answer, user=request.user)
    messages.info(request, f"Released answer {pk}: others can take it now.")
    return redirect("citations:answer_list")


@require_POST
@permissions.dashboard_view
def claims_release(request):
    released = services.claims_release_all(user=request.user)
    messages.info(request, f"Released {released} answer{'s' if released != 1 else ''}.")
    return redirect("citations:answer_list")


@require_POST
@permissions.dashboard_view
def answer_next(request):
    """Release the answer in hand (if any) and open the next unclaimed one in triage order,
    never one the reviewer left earlier in this session."""
    left = [pk for pk in request.session.get("answers_left", []) if isinstance(pk, int)]
    after_pk = request.POST.get("after", "")
    if after_pk.isdigit():
        after = selectors.review_answer(pk=int(after_pk))
        if after is not None:
            services.answer_release(answer=after, user=request.user)
            left = [*[pk for pk in left if pk != after.pk], after.pk][-LEFT_MEMORY:]
            request.session["answers_left"] = left
    nxt = selectors.next_for_review(
        user=request.user,
        exclude=left,
        include_legal=permissions.may_decide_legal(request.user),
    )
    if nxt is None:
        messages.info(request, "Nothing left to review: every answer is decided or taken.")
        return redirect("citations:answer_list")
    return redirect("citations:answer_detail", pk=nxt.pk)
