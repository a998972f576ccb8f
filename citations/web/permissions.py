"""Who may do what on the review dashboard. Every view asks these on the server.

Roles are Django groups holding the app's permissions (see `ROLE_PERMISSIONS`):

- ``reviewer``: sees the whole queue and every answer; decides sentences and whole answers that
  are not legal (an answer is legal when the engine found a legal citation in it).
- ``editor``: a reviewer who also decides legal answers and may send an answer back to its
  generator with a note (the ``return`` action).
- a superuser: every permission, so everything an editor may do. `is_staff` alone opens the
  admin and is no review role: a staff member reviews with a group like anybody else.

A logged-in user with none of these gets 403 on every dashboard page. Legal answers stay
readable for reviewers (they can triage and export them) but their decision controls are not
offered and a posted decision is refused.

Revisions: editors and staff may correct a flagged current answer (a new revision). A
superseded revision is read-only for everyone: nobody decides on it any more.
"""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django_htmx.http import HttpResponseClientRedirect

from citations.domain.statuses import ReviewStatus
from citations.roles import may as _may
from citations.roles import may_assign, may_decide

ROLE_PERMISSIONS = {
    # The groups migration 0006 creates, with what each may do.
    "reviewer": ("view_answer", "decide_answer"),
    "editor": (
        "view_answer",
        "decide_answer",
        "decide_legal_answer",
        "return_answer",
        "revise_answer",
    ),
}


def role_label(user) -> str:
    if getattr(user, "is_superuser", False):
        return "Staff"
    if _may(user, "revise_answer"):
        return "Editor"
    return "Reviewer" if _may(user, "view_answer") else ""


def can_use_dashboard(user) -> bool:
    return _may(user, "view_answer")


def can_decide(user, answer) -> bool:
    """Approve or reject sentences of this answer, or the whole answer (current ones only).
    An answer an editor sent back is decided again only by whoever may send one back: any
    later decision would overrule the return."""
    if answer.review_status == ReviewStatus.RETURNED and not can_return(user, answer):
        return False
    return answer.is_current and may_decide(user, is_legal=answer.is_legal)


def why_not_decide(answer) -> str:
    """The reason `can_decide` said no, for the 403 page."""
    if answer.review_status == ReviewStatus.RETURNED:
        return "An editor sent this answer back to its generator: only an editor can reopen it."
    return "Legal answers are decided by editors."


def can_return(user, answer) -> bool:
    """Send the answer back to its generator with a note: editors and staff only."""
    return _may(user, "return_answer")


def can_assign(user) -> bool:
    """Assign, unassign and see who may take what: the queue's bulk form offers it."""
    return may_assign(user)


def may_revise(user) -> bool:
    """Correct answers at all: editors and staff."""
    return _may(user, "revise_answer")


def can_revise(user, answer) -> bool:
    """Correct this answer: it is the current revision and has flagged sentences."""
    return may_revise(user) and answer.is_current and answer.flagged_count > 0


def may_decide_legal(user) -> bool:
    return _may(user, "decide_legal_answer")


def dashboard_view(view):
    """Login required (redirect to the login page), then a dashboard role (else 403).

    An htmx request whose session ended is sent to the login page as a whole-page redirect,
    rather than having the login form swapped into a fragment.
    """

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not can_use_dashboard(request.user):
            raise PermissionDenied("You need the reviewer or editor role to use the dashboard.")
        return view(request, *args, **kwargs)

    checked = login_required(wrapper)

    @wraps(view)
    def entry(request, *args, **kwargs):
        if getattr(request, "htmx", False) and not request.user.is_authenticated:
            current = request.htmx.current_url or request.get_full_path()
            return HttpResponseClientRedirect(redirect_to_login(current)["Location"])
        return checked(request, *args, **kwargs)

    return entry
