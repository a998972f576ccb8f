"""An editor's correction of a flagged current answer, stored as a new revision."""

import logging

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from citations import engine, selectors, services
from citations.web import permissions
from citations.web.forms import RevisionForm
from citations.web.presenters.answer_page import answer_page
from citations.web.views.common import load_answer

logger = logging.getLogger(__name__)


@require_http_methods(["GET", "POST"])
@permissions.dashboard_view
def answer_revise(request, pk: int):
    if not permissions.may_revise(request.user):
        raise PermissionDenied("Only editors may correct an answer.")
    answer = load_answer(pk)
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
            logger.info("revision race lost", extra={"answer": pk, "reason": str(error)})
            messages.error(request, f"Correction not saved: {error}.")
            return redirect("citations:answer_detail", pk=pk)
        except engine.RejectedInput as error:  # the engine refused the text (a limit)
            logger.info("revision refused", extra={"answer": pk, "reason": str(error)})
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
