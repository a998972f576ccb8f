"""Posting a comment to an answer's thread or to one of its sentences' threads."""

import logging

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from citations import selectors, services
from citations.domain.review import flagged_sentences
from citations.web import permissions
from citations.web.forms import CommentForm
from citations.web.presenters.comments import comment_threads
from citations.web.views.common import answer_links

logger = logging.getLogger(__name__)


@require_POST
@permissions.dashboard_view
def answer_comment(request, pk: int):
    """Anyone who may view the answer may comment (`dashboard_view` checks that), also on a
    legal answer they may not decide: that is how a reviewer asks an editor."""
    answer = selectors.review_answer_summary(pk=pk)
    if answer is None:
        raise Http404("No such answer.")
    form = CommentForm(request.POST)
    valid = form.is_valid()
    # The thread posted to, also when the body was refused (its error shows in that thread).
    sentence = form.cleaned_data.get("sentence")
    error = ""
    if valid:
        try:
            services.comment_add(
                answer=answer,
                author=request.user,
                body=form.cleaned_data["body"],
                sentence_index=sentence,
            )
        except services.CommentError as exc:
            error = str(exc)
    else:
        error = "; ".join(e for errors in form.errors.values() for e in errors)
    if error:
        logger.info("comment refused", extra={"answer": pk, "reason": error})
    message = f"Comment not posted: {error}" if error else "Comment posted."

    if not request.htmx:
        messages.add_message(request, messages.ERROR if error else messages.SUCCESS, message)
        url = reverse("citations:answer_detail", args=[pk])
        if sentence is None:
            return redirect(f"{url}#comments-answer")
        return redirect(f"{url}?s={sentence}#comments-s{sentence}")
    report = selectors.latest_verification(answer).report
    threads = comment_threads(report, selectors.comment_list(answer=answer))
    flagged = {s["index"] for s in flagged_sentences(report)}
    context = {
        "answer": answer,
        "links": answer_links(answer),
        "thread": threads.get(sentence),
        # A flagged sentence's card says how many comments it has: update it too.
        "threads": threads,
        "card": {"index": sentence} if sentence in flagged else None,
        "live_message": message,
        "comment_error": error,
        # What was typed stays in the box when it was refused.
        "comment_body": request.POST.get("body", "") if error else "",
    }
    response = render(request, "citations/answer_detail.html#comments-response", context)
    if error:
        response.status_code = 422
    return response
