"""The review dashboard: triage queue, answer page, decisions, claims, exports, an editor's
corrections (revisions) and the metrics page.

Views stay thin: reads go through `selectors`, writes through `services`, who-may-do-what
through `permissions` (checked here on every request), page data through `presenters`. Each
htmx request gets only the fragment it swaps (a template partial); the same URLs serve full
pages and plain form posts when JavaScript is off.
"""

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import (
    Http404,
    HttpResponse,
    HttpResponseBadRequest,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from citations import engine, exports, permissions, selectors, services
from citations.forms import (
    EXPORT_MODES,
    DecisionForm,
    MetricsFilterForm,
    QueueFilterForm,
    RevisionForm,
)
from citations.highlight import DECISION_LABELS
from citations.models import DecisionAction, ReviewStatus
from citations.presenters import answer_page, evidence_panel, metrics_page, revision_view
from citations.selectors.metrics import Filters

PAGE_SIZE = 25
ACTION_PAST = {"approve": "approved", "reject": "rejected"}


def _load(pk: int):
    answer = selectors.review_answer(pk=pk)
    if answer is None:
        raise Http404("No such answer.")
    return answer


def _int_param(request, name: str) -> int | None:
    try:
        return int(request.GET.get(name, ""))
    except ValueError:
        return None


def _queue_filters(request):
    """The queue's filter form, its tab and the filtered answers (before the tab), shared by
    the queue page and its exports so an export holds exactly what the queue lists."""
    clients = list(selectors.review_clients())
    form = QueueFilterForm(request.GET or None, clients=clients)
    filters = form.filters() if request.GET else {}
    status = filters.get("status") or ReviewStatus.NEEDS_REVIEW
    style = filters.get("style")
    base = selectors.review_queue_current(
        client_id=filters.get("client"),
        legal={"legal": True, "numeric": False}.get(style),
        created_from=filters.get("created_from"),
        created_to=filters.get("created_to"),
        search=filters.get("q", ""),
    )
    return form, status, base


@require_GET
@permissions.dashboard_view
def answer_list(request):
    form, status, base = _queue_filters(request)
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
    }
    template = "citations/answer_list.html"
    if request.htmx and not request.htmx.boosted and not request.htmx.history_restore_request:
        template += "#queue"
    return render(request, template, context)


EXPORT_FORMATS = ("csv", "jsonl")


@require_GET
@permissions.dashboard_view
def queue_export(request, fmt: str):
    """The queue's current tab, filters and search as CSV or JSON Lines, streamed."""
    if fmt not in EXPORT_FORMATS:
        raise Http404("Exports are CSV or JSON Lines.")
    _form, status, base = _queue_filters(request)
    rows = selectors.review_queue_page_rows(base, status=None if status == "all" else status)
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    return exports.streaming_export(rows, fmt, f"answers-{status}-{stamp}")


def _page_context(request, answer, *, notices=None, selected=None, citation=None):
    page = answer_page(answer, request.user, notices=notices)
    panel = None
    if selected is not None:
        panel = evidence_panel(page.report, page.evidence, selected, citation)
    return {
        "answer": answer,
        "page": page,
        "panel": panel,
        "passages": page.evidence,
    }


@require_GET
@permissions.dashboard_view
def answer_detail(request, pk: int):
    answer = _load(pk)
    if permissions.can_decide(request.user, answer) and services.answer_claim(
        answer=answer, user=request.user
    ):
        answer.claimed_by, answer.claimed_at = request.user, timezone.now()
    selected = _int_param(request, "s")
    context = _page_context(request, answer, selected=selected, citation=_int_param(request, "c"))
    if selected is None and context["page"].flagged:
        # Without a selection the panel starts on the first flagged sentence.
        first = context["page"].flagged[0].index
        context["panel"] = evidence_panel(context["page"].report, context["page"].evidence, first)
    context["revisions"] = _revisions(answer, context["page"].report)
    context["can_revise"] = permissions.can_revise(request.user, answer)
    return render(request, "citations/answer_detail.html", context)


def _revisions(answer, report):
    """The revision bar and diff; no query at all for an answer that was never revised."""
    if answer.revision == 1 and answer.is_current:
        return None
    lineage = selectors.answer_revision_lineage(answer=answer)
    previous_report = selectors.answer_previous_report(answer=answer)
    return revision_view(answer, lineage, report, previous_report)


@require_http_methods(["GET", "POST"])
@permissions.dashboard_view
def answer_revise(request, pk: int):
    """An editor's correction of a flagged current answer, stored as a new revision."""
    if not permissions.may_revise(request.user):
        raise PermissionDenied("Only editors may correct an answer.")
    answer = _load(pk)
    if not answer.is_current:
        current = selectors.answer_current_revision(answer=answer)
        messages.warning(
            request,
            f"Revision {answer.revision} has been corrected already: "
            "this is the current revision. Correct this one instead.",
        )
        return redirect("citations:answer_detail", pk=current.pk if current else pk)
    if not permissions.can_revise(request.user, answer):
        messages.info(request, "Only answers with flagged sentences are corrected.")
        return redirect("citations:answer_detail", pk=pk)
    form = RevisionForm(
        request.POST or None, current_text=answer.text, initial={"text": answer.text}
    )
    if request.method == "POST" and form.is_valid():
        try:
            revision = services.answer_revise(
                answer=answer,
                text=form.cleaned_data["text"],
                revised_by=request.user,
                note=form.cleaned_data["note"],
            )
        except services.RevisionError as error:
            messages.error(request, f"Correction not saved: {error}.")
            return redirect("citations:answer_detail", pk=pk)
        except ValueError as error:  # the engine refused the text (a limit)
            form.add_error("text", str(error))
        else:
            outcome = _revision_outcome(revision)
            messages.success(
                request, f"Saved as revision {revision.revision} and verified: {outcome}"
            )
            return redirect("citations:answer_detail", pk=revision.pk)
    status = 422 if request.method == "POST" else 200
    return render(
        request,
        "citations/answer_revise.html",
        {
            "answer": answer,
            "form": form,
            "flagged": answer_page(answer, request.user).flagged,
            "passages": list(answer.evidence.all()),
        },
        status=status,
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _revision_outcome(revision) -> str:
    """What a new revision needs: nothing, or its flagged sentences still undecided."""
    flagged, decided = revision.flagged_count, revision.decided_count
    if not flagged:
        return "every cited sentence is supported."
    carried = f"{_plural(decided, 'decision')} carried over" if decided else ""
    left = flagged - decided
    if not left:
        return f"{carried}; the answer is {revision.get_review_status_display().lower()}."
    todo = f"{_plural(left, 'flagged sentence')} to review"
    return f"{todo} ({carried})." if carried else f"{todo}."


@require_GET
@permissions.dashboard_view
def metrics(request):
    """Charts of where answers go wrong and how review goes, for a date range and client."""
    clients = list(selectors.review_clients())
    form = MetricsFilterForm(request.GET or None, clients=clients, today=timezone.localdate())
    start, end, client = form.range()
    page = metrics_page(Filters(start=start, end=end, client=client))
    context = {"form": form, "page": page, "client": client}
    template = "citations/metrics.html"
    if request.htmx and not request.htmx.boosted and not request.htmx.history_restore_request:
        template += "#charts"
    return render(request, template, context)


@require_GET
@permissions.dashboard_view
def answer_evidence(request, pk: int):
    selected = _int_param(request, "s")
    citation = _int_param(request, "c")
    if not request.htmx:
        params = {"s": selected, "c": citation}
        query = urlencode({k: v for k, v in params.items() if v is not None})
        url = reverse("citations:answer_detail", args=[pk])
        return redirect(f"{url}?{query}#evidence" if query else url)
    answer = _load(pk)
    report = selectors.latest_verification(answer).report
    panel = evidence_panel(report, list(answer.evidence.all()), selected or 0, citation)
    if panel is None:
        raise Http404("No such sentence.")
    return render(
        request,
        "citations/answer_detail.html#evidence",
        {"answer": answer, "panel": panel, "passages": panel.passages},
    )


@require_POST
@permissions.dashboard_view
def answer_decide(request, pk: int):
    answer = selectors.review_answer_summary(pk=pk)
    if answer is None:
        raise Http404("No such answer.")
    if not permissions.can_decide(request.user, answer):
        raise PermissionDenied("Legal answers are decided by editors.")
    form = DecisionForm(request.POST)
    if not form.is_valid():
        return _decision_invalid(request, answer, form)
    data = form.cleaned_data
    action, sentence = data["action"], data["sentence"]
    if action == DecisionAction.RETURN and not permissions.can_return(request.user, answer):
        raise PermissionDenied("Only editors may send an answer back to its generator.")
    try:
        outcome = services.decision_record(
            answer=answer,
            reviewer=request.user,
            action=action,
            note=data["note"],
            sentence_index=sentence,
            seen_decision_id=data["seen"],
        )
    except services.DecisionError as error:
        return _decision_invalid(request, answer, form, str(error))
    services.answer_claim(answer=answer, user=request.user)  # deciding is activity

    target = "the answer" if sentence is None else f"sentence {sentence + 1}"
    if action == DecisionAction.RETURN:
        message = "You sent the answer back to its generator."
    else:
        message = f"You {ACTION_PAST[action]} {target}."
    notices = {}
    if outcome.superseded is not None:
        earlier = outcome.superseded
        when = timezone.localtime(earlier.created_at).strftime("%H:%M:%S")
        what = DECISION_LABELS[earlier.action].lower()
        said = f" (note: “{earlier.note}”)" if earlier.note else ""
        notice = (
            f"While you were reading, {earlier.reviewer.get_username()} {what} {target} "
            f"at {when}{said}. Your decision is now the one in force; both are in the history."
        )
        notices[sentence] = notice
        message = notice

    answer = _load(pk)
    if answer.review_status in (ReviewStatus.APPROVED, ReviewStatus.REJECTED):
        message += f" The answer is now {answer.get_review_status_display().lower()}."
    elif answer.flagged_count:
        left = answer.flagged_count - answer.decided_count
        message += f" {left} flagged sentence{'s' if left != 1 else ''} left."

    if not request.htmx:
        level = messages.WARNING if outcome.superseded else messages.SUCCESS
        messages.add_message(request, level, message)
        url = reverse("citations:answer_detail", args=[pk])
        anchor = "#whole-answer" if sentence is None else f"#card-{sentence}"
        return redirect(url + anchor)
    context = _page_context(request, answer, notices=notices)
    context["live_message"] = message
    return render(request, "citations/answer_detail.html#review-response", context)


def _decision_invalid(request, answer, form, error: str = ""):
    errors = error or "; ".join(e for field in form.errors.values() for e in field)
    if not request.htmx:
        messages.error(request, f"Decision not recorded: {errors}")
        return redirect("citations:answer_detail", pk=answer.pk)
    answer = _load(answer.pk)
    context = _page_context(request, answer)
    context["live_message"] = f"Decision not recorded: {errors}"
    context["form_error"] = context["live_message"]
    response = render(request, "citations/answer_detail.html#review-response", context)
    response.status_code = 422
    return response


@require_POST
@permissions.dashboard_view
def answer_release(request, pk: int):
    answer = _load(pk)
    services.answer_release(answer=answer, user=request.user)
    messages.info(request, f"Released answer {pk}: others can take it now.")
    return redirect("citations:answer_list")


@require_POST
@permissions.dashboard_view
def answer_next(request):
    """Release the answer in hand (if any) and open the next unclaimed one in triage order."""
    after = None
    after_pk = request.POST.get("after", "")
    if after_pk.isdigit():
        after = selectors.review_answer(pk=int(after_pk))
        if after is not None:
            services.answer_release(answer=after, user=request.user)
    nxt = selectors.next_for_review(
        user=request.user,
        after=after,
        include_legal=permissions.may_decide_legal(request.user),
    )
    if nxt is None:
        messages.info(request, "Nothing left to review: every answer is decided or taken.")
        return redirect("citations:answer_list")
    return redirect("citations:answer_detail", pk=nxt.pk)


def _flagged_for_export(page) -> set[int]:
    """Sentences the reviewed text leaves out: rejected ones, and unsupported ones nobody
    approved. An uncited claim is advisory: it stays unless a reviewer rejected it."""
    flagged = set()
    for item in page.flagged:
        decision = item.decision
        if decision is None:
            if item.status == "unsupported":
                flagged.add(item.index)
        elif decision.action != DecisionAction.APPROVE:
            flagged.add(item.index)
    return flagged


@require_GET
@permissions.dashboard_view
def export_text(request, pk: int):
    mode = request.GET.get("mode", "keep")
    if mode not in EXPORT_MODES:
        return HttpResponseBadRequest("mode must be keep, strip or drop")
    answer = _load(pk)
    page = answer_page(answer, request.user)
    text = engine.redact(answer.text, page.report, mode, flagged=_flagged_for_export(page))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="answer-{pk}-{mode}.txt"'
    return response


@require_GET
@permissions.dashboard_view
def export_report(request, pk: int):
    answer = _load(pk)
    verification = selectors.latest_verification(answer)
    response = JsonResponse(
        verification.report, json_dumps_params={"ensure_ascii": False, "indent": 2}
    )
    response["Content-Disposition"] = f'attachment; filename="answer-{pk}-report.json"'
    return response
