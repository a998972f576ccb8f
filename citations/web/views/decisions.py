"""Recording a reviewer's decision on a flagged sentence or the whole answer, or taking back
their last one (undo).

After a sentence decision the cursor moves on to the next flagged sentence nobody decided:
the htmx response swaps the review and, out of band, the evidence panel for that sentence.
"""

import logging

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timesince
from django.views.decorators.http import require_POST

from citations import selectors, services
from citations.domain.statuses import COMPLETED_STATUSES, DecisionAction
from citations.web import permissions
from citations.web.forms import DecisionForm
from citations.web.presenters.answer_page import NO_DRAFT, Draft, decision_summary
from citations.web.views.answer import detail_context
from citations.web.views.common import load_answer, page_context

logger = logging.getLogger(__name__)


@require_POST
@permissions.dashboard_view
def answer_decide(request, pk: int):
    answer = selectors.review_answer_summary(pk=pk)
    if answer is None:
        raise Http404("No such answer.")
    if not permissions.can_decide(request.user, answer):
        raise PermissionDenied(permissions.why_not_decide(answer))
    form = DecisionForm(request.POST)
    if not form.is_valid():
        return _decision_invalid(request, answer, form)
    data = form.cleaned_data
    action, sentence = DecisionAction(data["action"]), data["sentence"]
    if action == DecisionAction.UNDO:
        return _undo(request, answer)
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
            reject_reason=data["reject_reason"],
            guard=True,
        )
    except services.DecisionConflict as conflict:
        return _decision_invalid(request, answer, form, conflict=conflict.current)
    except services.DecisionError as error:
        return _decision_invalid(request, answer, form, str(error))
    services.answer_claim(answer=answer, user=request.user)  # deciding is activity

    target = _target(sentence)
    if action == DecisionAction.RETURN:
        message = "You sent the answer back to its generator."
    else:
        message = f"You {action.done.lower()} {target}."
    notices = {}
    overruled = outcome.decision.overrules
    if overruled is not None:
        who = overruled.reviewer.get_username()
        notices[sentence] = (
            f"You replaced “{decision_summary(overruled)}” by {who}. Both are in the history, "
            f"and {who} is told on their next visit to the queue."
        )
        message += " " + notices[sentence]
    level = messages.SUCCESS
    return _decided(request, pk, message, level, after=sentence, notices=notices)


def _undo(request, answer):
    try:
        outcome = services.decision_undo(answer=answer, reviewer=request.user)
    except services.DecisionError as error:
        return _decision_invalid(request, answer, None, str(error))
    services.answer_claim(answer=answer, user=request.user)
    index = outcome.decision.sentence_index
    message = f"Undone: your “{decision_summary(outcome.undone)}” on {_target(index)}."
    return _decided(request, answer.pk, message, messages.SUCCESS, cursor=index)


def _target(sentence: int | None) -> str:
    return "the answer" if sentence is None else f"sentence {sentence + 1}"


def _decided(request, pk, message, level, *, after=None, cursor=None, notices=None):
    """The review after a decision, with the cursor on `cursor`, or on the next undecided
    flagged sentence after `after` (staying there when none is left: the outcome shows)."""
    answer = load_answer(pk)
    if answer.review_status in COMPLETED_STATUSES:
        message += f" The answer is now {answer.get_review_status_display().lower()}."
    elif answer.flagged_count:
        left = answer.flagged_count - answer.decided_count
        message += f" {left} flagged sentence{'s' if left != 1 else ''} left."
    whole = cursor is None and after is None  # about the whole answer
    context = page_context(request, answer, notices=notices, selected=cursor, after=after)
    cursor = context["page"].cursor
    if not request.htmx:
        messages.add_message(request, level, message)
        url = reverse("citations:answer_detail", args=[pk])
        query = "" if cursor is None else f"?s={cursor}"
        if context["page"].outcome:
            anchor = "#outcome"
        else:
            anchor = "#whole-answer" if whole else f"#card-{cursor}"
        return redirect(url + query + anchor)
    context["live_message"] = message
    return render(request, "citations/answer_detail.html#review-response", context)


def conflict_question(current) -> str:
    """ "edna approved this 2 minutes ago: replace?": the 409's question."""
    ago = timezone.now() - current.created_at
    when = (
        "just now" if ago.total_seconds() < 60 else f"{timesince(current.created_at, depth=1)} ago"
    )
    what = decision_summary(current).lower()
    return f"{current.reviewer.get_username()} {what} this {when}: replace?"


def _decision_invalid(request, answer, form: DecisionForm | None, error: str = "", conflict=None):
    """Nothing stored: the page (or, for htmx, the review) again with the error beside the
    form that caused it and what was typed in it, status 422. No form: a refused undo.

    `conflict`: somebody else's decision in force that the reviewer's page did not show; 409,
    and the form asks whether to replace it (one click sends the same decision again, now
    naming the one it replaces)."""
    errors = conflict_question(conflict) if conflict else error
    errors = errors or "; ".join(e for field in form.errors.values() for e in field)
    logger.info("decision refused", extra={"answer": answer.pk, "reason": errors})
    sentence, draft = None, NO_DRAFT
    if form is not None:
        sentence = form.cleaned_data.get("sentence")
        draft = Draft(
            sentence=sentence,
            note=form.data.get("note", ""),
            reject_reason=form.data.get("reject_reason", ""),
            error="" if conflict else errors,
            action=form.data.get("action", ""),
            conflict=conflict,
            question=errors if conflict else "",
        )
    answer = load_answer(answer.pk)
    if request.htmx:
        context = page_context(request, answer, selected=sentence, draft=draft)
        template = "citations/answer_detail.html#review-response"
    else:
        context = detail_context(request, answer, selected=sentence, draft=draft)
        template = "citations/answer_detail.html"
    context["live_message"] = errors if conflict else f"Decision not recorded: {errors}"
    if not conflict:
        context["form_error"] = context["live_message"]
    response = render(request, template, context)
    response.status_code = 409 if conflict else 422
    return response
