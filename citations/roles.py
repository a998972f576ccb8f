"""The one role check, shared by the dashboard's permissions and the services that must
respect them (a decision carried to a revision only where its reviewer may decide)."""

from django.contrib.auth.models import Permission
from django.db.models import Q

# Where a user's permissions are kept for the rest of the request: the user object is the
# request's own (AuthenticationMiddleware loads it each time), so a role changed by an editor
# or in the admin counts from the next request on, as with Django's own cache.
_CACHE = "_citations_permissions"


def may(user, codename: str) -> bool:
    """Whether `user` holds the app's permission `codename`. Roles are permissions only:
    `is_staff` opens the admin and grants nothing here; a superuser holds every permission,
    so may everything; an inactive user nothing."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    return user.is_superuser or codename in _permissions(user)


def _permissions(user) -> frozenset[str]:
    """The codenames of the app's permissions `user` holds, its own and its groups', read in
    one query and kept for the request. Django's `user.has_perm` (ModelBackend) reads them in
    two, one for the user's and one for its groups', and every dashboard page asks (issue 23).
    The site's only backend granting permissions is ModelBackend (AxesStandaloneBackend grants
    none), so this reads what `has_perm` would."""
    cached = getattr(user, _CACHE, None)
    if cached is None:
        held = Permission.objects.filter(content_type__app_label="citations").filter(
            Q(user=user) | Q(group__user=user)
        )
        cached = frozenset(held.values_list("codename", flat=True).distinct())
        setattr(user, _CACHE, cached)
    return cached


def may_assign(user) -> bool:
    """Hand answers out to reviewers: editors and superusers (the role that may also correct
    answers), who know who may decide what."""
    return may(user, "revise_answer")


def may_decide(user, *, is_legal: bool) -> bool:
    """Decide an answer that is (or is not) legal: legal answers are for editors."""
    return may(user, "decide_legal_answer" if is_legal else "decide_answer")
