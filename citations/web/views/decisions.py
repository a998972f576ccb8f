"""Recording a reviewer's decision on a flagged sentence or the whole answer."""

import logging

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from citations import selectors, services
from citations.domain.statuses import COMPLETED_STATUSES, DecisionAction
from citations.web import permissions
from citations.web.forms import DecisionForm
from citations.web.views.common import load_answer, page_context

logger = logging.getLogger(__name__)


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
    action, sentence = DecisionAction(data["action"]), data["sentence"]
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
        message = f"You {action.done.lower()} {target}."
    notices = {}
    if outcome.superseded is not None:
        notice = _superseded_notice(outcome.superseded, target)
        logger.info(
            "decision race lost",
            extra={"answer": pk, "sentence": sentence, "superseded": outcome.superseded.pk},
        )
        notices[sentence] = notice
        message = notice

    answer = load_answer(pk)
    if answer.review_status in COMPLETED_STATUSES:
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
    context = page_context(request, answer, notices=notices)
    context["live_message"] = message
    return render(request, "citations/answer_detail.html#review-response", context)


def _superseded_notice(earlier, target: str) -> str:
    """What the reviewer is told when somebody decided in between."""
    when = timezone.localtime(earlier.created_at).strftime("%H:%M:%S")
    what = DecisionAction(earlier.action).done.lower()
    said = f" (note: “{earlier.note}”)" if earlier.note else ""
    return (
        f"While you were reading, {earlier.reviewer.get_username()} {what} {target} "
        f"at {when}{said}. Your decision is now the one in force; both are in the history."
    )


def _decision_invalid(request, answer, form, error: str = ""):
    errors = error or "; ".join(e for field in form.errors.values() for e in field)
    logger.info("decision refused", extra={"answer": answer.pk, "reason": errors})
    if not request.htmx:
        messages.error(request, f"Decision not recorded: {errors}")
        return redirect("citations:answer_detail", pk=answer.pk)
    answer = load_answer(answer.pk)
    context = page_context(request, answer)
    context["live_message"] = f"Decision not recorded: {errors}"
    context["form_error"] = context["live_message"]
    response = render(request, "citations/answer_detail.html#review-response", context)
    response.status_code = 422
    return response
