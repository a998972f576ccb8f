"""The triage queue (tabs, filters, pages, the reviewer's own claims), and moving through it:
claim, release and next."""

from datetime import timedelta
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from citations import selectors, services
from citations.models import ReviewStatus
from citations.selectors import queue as queue_selectors
from citations.selectors.keyset import InvalidCursor
from citations.services import assignment
from citations.web import permissions
from citations.web.filters import (
    SCOPE_CHOICES,
    SORT_CHOICES,
    SORT_ORDER_TEXT,
    BulkForm,
    QueueFilter,
)
from citations.web.presenters.queue_rows import queue_row
from citations.web.views.common import load_answer, page_or_fragment

PAGE_SIZE = 25
# How many answers "next answer" remembers a reviewer left in this session, so it never offers
# them again (finished or skipped) until the list rolls over.
LEFT_MEMORY = 50
MY_CLAIMS_SHOWN = 20
# Overrules of a reviewer's decisions shown at once, and how far back a new session looks (the
# session remembers the last one shown, so each is told once per session at most).
OVERRULES_SHOWN = 20
OVERRULES_LOOKBACK = timedelta(days=7)
# Query parameters that narrow the list (the "Clear" link and the empty state mention them).
FILTER_PARAMS = ("q", "client", "style", "created_from", "created_to", "ids")
BAD_CURSOR = (
    "That page link is damaged or was made for another sort, so the list starts at its first page."
)


def _queue(request, params) -> QueueFilter:
    clients = list(selectors.review_clients())
    return QueueFilter(params or None, queryset=selectors.queue_current(), clients=clients)


def _scoped(request, params) -> tuple[QueueFilter, QuerySet]:
    """The bound filters and the filtered answers of the user's scope in the sort's order."""
    queue = _queue(request, params)
    base = queue_selectors.queue_scope(queue.qs, scope=queue.chosen_scope, user=request.user)
    return queue, queue_selectors.queue_sorted(base, sort=queue.chosen_sort)


def queue_filters(request, params=None):
    """The queue's filters, its tab and the filtered current answers of the user's scope in
    the chosen sort's order (before the tab), shared by the queue page and its exports so an
    export holds exactly what the queue lists, in the same order."""
    queue, base = _scoped(request, request.GET if params is None else params)
    return queue.form, queue.tab or ReviewStatus.NEEDS_REVIEW, base


class Links:
    """The queue's links: the current query string with some parameters changed (the page's
    cursor dropped unless given), so a tab, scope or sort switch keeps the filters and search
    and starts at the first page."""

    def __init__(self, params: QueryDict):
        self.keep = {k: v for k, v in params.items() if k not in ("cursor", "page", "status") and v}

    def query(self, drop=(), **extra) -> str:
        kept = {k: v for k, v in self.keep.items() if k not in drop}
        return "?" + urlencode({**kept, **{k: v for k, v in extra.items() if v}})

    def choices(self, choices, name: str, current: str, **extra) -> list[dict]:
        return [
            {
                "value": value,
                "label": label,
                "url": self.query(drop=(name,), **{name: value}, **extra),
                "current": value == current,
            }
            for value, label in choices
        ]


def count_text(count: int | None) -> str:
    """A tab's count as shown: counts stop past COUNT_CAP (see `queue_counts`); none under a
    search (see `queue_counted`)."""
    cap = queue_selectors.COUNT_CAP
    return "" if count is None else f"{cap:,}+" if count > cap else f"{count:,}"


# A pk no answer page's URL holds elsewhere: see `answer_url`.
_PK_MARK = 987654321


def answer_url(name: str):
    """`reverse(name, args=[pk])` for many answers: reversed once, each pk put in its place
    (a reverse a row was three quarters of the work of formatting a queue row)."""
    head, tail = reverse(name, args=[_PK_MARK]).rsplit(str(_PK_MARK), 1)
    return lambda pk: f"{head}{pk}{tail}"


def queue_context(request, params: QueryDict) -> dict:
    """Everything the queue page (and its fragment) shows for these query parameters."""
    queue, base = _scoped(request, params)
    form, status = queue.form, queue.tab or ReviewStatus.NEEDS_REVIEW
    counted = queue_selectors.queue_counted(params.get("q"))
    counts = selectors.queue_counts(base) if counted else {}
    tab_status = None if status == "all" else status
    cursor = params.get("cursor") or None
    try:
        page = queue_selectors.review_queue_page(
            base, status=tab_status, sort=queue.chosen_sort, cursor=cursor, size=PAGE_SIZE
        )
    except InvalidCursor:
        cursor = None
        page = queue_selectors.review_queue_page(
            base, status=tab_status, sort=queue.chosen_sort, cursor=None, size=PAGE_SIZE
        )
    links = Links(params)
    tabs = links.choices(form.fields["status"].choices, "status", status)
    for tab in tabs:
        tab["count"] = count_text(counts.get(tab["value"]))
    now = timezone.now()
    detail_url = answer_url("citations:answer_detail")
    user = request.user
    items = [queue_row(answer, user=user, now=now, detail_url=detail_url) for answer in page.rows]
    may_assign = permissions.can_assign(request.user)
    return {
        "form": form,
        "tabs": tabs,
        "scopes": links.choices(SCOPE_CHOICES, "scope", queue.chosen_scope, status=status),
        "sorts": links.choices(SORT_CHOICES, "sort", queue.chosen_sort, status=status),
        "status": status,
        "scope": queue.chosen_scope,
        "sort": queue.chosen_sort,
        "order_text": SORT_ORDER_TEXT[queue.chosen_sort],
        # The rows' support score is the sort's key unless the sort is by age.
        "support_key": "" if queue.chosen_sort == "age" else " is-key",
        "items": items,
        "tab_count": count_text(counts.get(status)),
        "cursor_error": BAD_CURSOR if cursor != (params.get("cursor") or None) else "",
        "first_url": links.query(status=status) if page.previous else "",
        "prev_url": links.query(status=status, cursor=page.previous) if page.previous else "",
        "next_url": links.query(status=status, cursor=page.next) if page.next else "",
        "export_query": links.query(status=status),
        "here": links.query(status=status, cursor=cursor)[1:],
        "filtered": any(params.get(name) for name in FILTER_PARAMS),
        # The rows ticked before a refused bulk action (`_bulk_done`); set on every page, as
        # the template's lookup of a missing name raises and catches an exception a row.
        "picked": frozenset(),
        "may_assign": may_assign,
        "assignees": list(queue_selectors.assignees()) if may_assign else [],
        "my_claims": list(selectors.claims_of(user=request.user)[:MY_CLAIMS_SHOWN]),
    }


@require_http_methods(["GET", "HEAD", "POST"])
@permissions.dashboard_view
def answer_list(request):
    """The queue; a POST is a bulk action on the answers ticked in it."""
    if request.method == "POST":
        return queue_bulk(request)
    context = queue_context(request, request.GET)
    if not request.htmx:  # the page, not a swap of the list
        context["overruled"] = _overruled_news(request)
        context |= session_progress(request)
    return render(
        request, page_or_fragment(request, "citations/answer_list.html", "queue"), context
    )


def _overruled_news(request) -> list:
    """Somebody replaced this reviewer's decisions since they were last told: each once."""
    seen = request.session.get("overrules_seen")
    after = seen if isinstance(seen, int) else None
    since = timezone.now() - OVERRULES_LOOKBACK if after is None else None
    news = list(selectors.overrules_of(user=request.user, after=after, since=since))
    if news:
        request.session["overrules_seen"] = news[-1].pk
    return news[-OVERRULES_SHOWN:]


def queue_bulk(request):
    """Assign, unassign, release claims on or export the ticked answers. Without JavaScript
    it redirects back to the same list with a message; with htmx it answers the refreshed list
    (422 with the reason when nothing was done)."""
    may_assign = permissions.can_assign(request.user)
    if request.POST.get("action") in ("assign", "unassign") and not may_assign:
        raise PermissionDenied("Only editors and staff assign answers.")
    assignees = queue_selectors.assignees() if may_assign else queue_selectors.assignees().none()
    form = BulkForm(request.POST, assignees=assignees)
    if not form.is_valid():
        errors = [e for field_errors in form.errors.values() for e in field_errors]
        return _bulk_done(request, form.data.get("back", ""), " ".join(errors), ok=False)
    data = form.cleaned_data
    action, ids, back = data["action"], data["ids"], data["back"]
    if action.startswith("export_"):
        # The export endpoint filters by ids; "all" so every ticked answer is in it.
        fmt = action.removeprefix("export_")
        params = urlencode({"status": "all", "scope": "all", "ids": ",".join(map(str, ids))})
        return redirect(reverse("citations:queue_export", args=[fmt]) + "?" + params)
    if action in ("assign", "unassign"):
        assignee = data["assignee"] if action == "assign" else None
        try:
            done = assignment.answer_assign(answers=ids, assignee=assignee, by=request.user)
        except assignment.AssignmentError as error:
            # The ticks stay, so the reviewer can untick the refused answers and try again.
            return _bulk_done(request, back, str(error), ok=False, picked=ids)
        plural = "s" if done != 1 else ""
        notice = (
            f"Assigned {done} answer{plural} to {assignee.get_username()}."
            if assignee
            else f"Unassigned {done} answer{plural}."
        )
        return _bulk_done(request, back, notice)
    result = assignment.claims_release_selected(answers=ids, by=request.user)
    notice = f"Released {result.released} claim{'s' if result.released != 1 else ''}."
    if result.kept:
        notice += f" {result.kept} held by somebody else stayed: only staff release others' claims."
    return _bulk_done(request, back, notice)


def _bulk_done(request, back: str, notice: str, *, ok: bool = True, picked=()):
    params = QueryDict(back)
    if request.htmx:
        extra = {"notice": notice, "notice_ok": ok, "picked": set(picked)}
        context = queue_context(request, params) | extra
        return render(
            request, "citations/answer_list.html#queue", context, status=200 if ok else 422
        )
    (messages.success if ok else messages.error)(request, notice)
    url = reverse("citations:answer_list")
    return redirect(url + ("?" + params.urlencode() if params else ""))


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
    never one the reviewer left earlier in this session while others wait. Once only skipped
    ones are left, "next" from the queue offers them again (from an answer it goes to the
    queue, which says how many were skipped)."""
    left = _left(request)
    after_pk = request.POST.get("after", "")
    after = None
    if after_pk.isdigit():
        after = selectors.review_answer(pk=int(after_pk))
        if after is not None:
            services.answer_release(answer=after, user=request.user)
            left = [*[pk for pk in left if pk != after.pk], after.pk][-LEFT_MEMORY:]
            request.session["answers_left"] = left
    legal = permissions.may_decide_legal(request.user)
    nxt = selectors.next_for_review(user=request.user, exclude=left, include_legal=legal)
    if nxt is None and after is None:
        nxt = queue_selectors.skipped_by(user=request.user, left=left, include_legal=legal).first()
    if nxt is None:
        if after is None or not _skipped_count(request, left):
            messages.info(request, "Nothing left to review: every answer is decided or taken.")
        return redirect("citations:answer_list")
    return redirect("citations:answer_detail", pk=nxt.pk)


def _left(request) -> list[int]:
    """The answers this reviewer moved on from in this session (finished or skipped)."""
    return [pk for pk in request.session.get("answers_left", []) if isinstance(pk, int)]


def _skipped_count(request, left) -> int:
    if not left:
        return 0
    legal = permissions.may_decide_legal(request.user)
    return queue_selectors.skipped_by(user=request.user, left=left, include_legal=legal).count()


def session_progress(request) -> dict:
    """The page head's news: the day's progress, and the skipped answers when nothing new is
    left ("1 skipped - review it"; `n` offers them again)."""
    start = timezone.localtime().replace(hour=0, minute=0, second=0, microsecond=0)
    progress = queue_selectors.progress_today(user=request.user, since=start)
    left = _left(request)
    skipped = _skipped_count(request, left)
    if skipped:
        legal = permissions.may_decide_legal(request.user)
        fresh = selectors.next_for_review(user=request.user, exclude=left, include_legal=legal)
        skipped = 0 if fresh is not None else skipped
    return {"progress": progress, "skipped": skipped}
