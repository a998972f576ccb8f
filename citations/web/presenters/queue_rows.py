"""A queue row's display values, prepared once in Python so the row's markup in
answer_list.html prints them with few tags: each `{% if %}`, `{% with %}` and filter there cost
the template engine a step a row, and a lookup on a model object first fails as a dict lookup
(issue 23: the rows' thirty tags were ~0.9 M instructions a row, 28 % of the queue page)."""

from django.template.defaultfilters import floatformat
from django.utils import timezone
from django.utils.timesince import timesince

from citations import selectors
from citations.models import ReviewStatus
from citations.selectors import queue as queue_selectors
from citations.web.presenters.formatting import truncated


def waited(since, now) -> str:
    """How long an answer has waited, short: minutes under an hour, hours under two days (a
    day and a half reads better as "36 h" than "1 d"), then days."""
    seconds = max(0, int((now - since).total_seconds()))
    if seconds < 60:
        return "under a minute"
    if seconds < 3600:
        return f"{seconds // 60} min"
    if seconds < 48 * 3600:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} d"


def age(value, now) -> str:
    """How long ago, in its largest unit only ("3 hours ago", "2 days ago", "just now")."""
    since = timesince(value, now, depth=1)
    return "just now" if since.startswith("0\xa0") else f"{since} ago"


def support_text(min_support) -> str:
    """The row's weakest support, as the severity sort reads it."""
    if min_support is None:
        return "no cited sentence"
    if min_support == 0:
        return "weakest support 0: a citation fails or a passage says otherwise"
    return f"weakest support {floatformat(min_support, 2)}"


def _tags(answer, waiting: bool) -> list[dict]:
    """The row's tags, class and text: legal, a later revision, how far its review went."""
    tags = []
    if answer.is_legal:
        tags.append({"cls": "tag tag-legal", "text": "Legal"})
    if answer.revision > 1:
        tags.append({"cls": "tag tag-revision", "text": f"Revision {answer.revision}"})
    if waiting and answer.decided_count:
        decided = f"{answer.decided_count} of {answer.flagged_count} decided"
        tags.append({"cls": "tag", "text": decided})
    if not waiting:
        status = answer.review_status
        tags.append({"cls": f"tag tag-{status}", "text": answer.get_review_status_display()})
    return tags


def _claim(answer, claimer, user) -> dict:
    """Who the answer is assigned to and who is reviewing it now, as the row says it."""
    assignee = answer.assigned_to
    shown = {"assignee": "", "assignee_cls": "", "claim": "", "claim_cls": ""}
    if assignee:
        mine = assignee == user
        shown["assignee_cls"] = "assignee assignee-mine" if mine else "assignee"
        shown["assignee"] = "Assigned to you" if mine else f"Assigned to {assignee.get_username()}"
    if claimer:
        mine = claimer == user
        shown["claim_cls"] = "claim claim-mine" if mine else "claim"
        shown["claim"] = (
            "You are reviewing this" if mine else f"Being reviewed by {claimer.get_username()}"
        )
    return shown


def queue_row(answer, *, user, now, detail_url) -> dict:
    """A row's answer and every value its markup prints: its link, title, client, when it came
    in and how long it has waited, weakest support, tags, claim and badge counts (the title's
    `truncatechars` filter walked every character and looked up its ellipsis's translation)."""
    since = answer.created_at
    created = timezone.localtime(since)
    minute = f"{created:%Y-%m-%d %H:%M}"
    waiting = answer.review_status == ReviewStatus.NEEDS_REVIEW
    claimer = selectors.active_claimer(answer)
    counts = {
        "verified": answer.verified_count,
        "unsupported": answer.unsupported_count,
        "uncited": answer.uncited_count,
    }
    return {
        "answer": answer,
        "pk": answer.pk,
        "taken": " is-taken" if claimer and claimer != user else "",
        "url": detail_url(answer.pk),
        "title": truncated(answer.question or answer.text_head, queue_selectors.ROW_TEXT_CHARS),
        "client": answer.client.name,
        "created_iso": created.isoformat(),
        "time_cls": "waited meta-sep" if waiting else "meta-sep",
        "time_title": f"Submitted {minute}" if waiting else minute,
        "time_text": f"waiting {waited(since, now)}" if waiting else age(since, now),
        "support": support_text(answer.min_support),
        "tags": _tags(answer, waiting),
        **_claim(answer, claimer, user),
        **counts,
        # The badge's class ends so when it counts nothing (it is drawn faint).
        **{f"{kind}_zero": "" if count else " is-zero" for kind, count in counts.items()},
    }
