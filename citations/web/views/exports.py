"""Downloads: the queue as CSV or JSON Lines, one answer's text as reviewed, its report."""

from django.http import Http404, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from citations import engine, exports, selectors
from citations.domain.redaction import sentences_left_out
from citations.web import permissions
from citations.web.forms import EXPORT_MODES
from citations.web.presenters.answer_page import answer_page
from citations.web.views.common import load_answer
from citations.web.views.queue import queue_filters

EXPORT_FORMATS = ("csv", "jsonl")


@require_GET
@permissions.dashboard_view
def queue_export(request, fmt: str):
    """The queue's current tab, filters and search as CSV or JSON Lines, streamed."""
    if fmt not in EXPORT_FORMATS:
        raise Http404("Exports are CSV or JSON Lines.")
    form, status, base = queue_filters(request)
    rows = selectors.review_queue_page_rows(base, status=None if status == "all" else status)
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    # "Export selected" asks for ticked rows by id (under the "all" tab, so every ticked one is
    # in it): the file is named for the selection, not for a tab it did not come from.
    ids = (form.cleaned_data.get("ids") if form.is_valid() else None) or ()
    picked = {pk for pk in ids if pk is not None}
    name = f"selected-{len(picked)}" if picked else status
    # Comments too: the discussion is the reviewers' own, unlike the API's export.
    return exports.streaming_export(
        rows,
        fmt,
        f"answers-{name}-{stamp}",
        request=request,
        comments=True,
    )


@require_GET
@permissions.dashboard_view
def export_text(request, pk: int):
    mode = request.GET.get("mode", "keep")
    if mode not in EXPORT_MODES:
        return HttpResponseBadRequest("mode must be keep, strip or drop")
    answer = load_answer(pk)
    page = answer_page(answer, request.user)
    left_out = sentences_left_out(
        (item.index, item.status, item.decision.action if item.decision else None)
        for item in page.flagged
    )
    text = engine.redact(answer.text, page.report, mode, flagged=left_out)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="answer-{pk}-{mode}.txt"'
    return response


@require_GET
@permissions.dashboard_view
def export_report(request, pk: int):
    answer = load_answer(pk)
    verification = selectors.latest_verification(answer)
    response = JsonResponse(
        verification.report, json_dumps_params={"ensure_ascii": False, "indent": 2}
    )
    response["Content-Disposition"] = f'attachment; filename="answer-{pk}-report.json"'
    return response
