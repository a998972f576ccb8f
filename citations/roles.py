"""The one role check, shared by the dashboard's permissions and the services that must
respect them (a decision carried to a revision only where its reviewer may decide)."""


def may(user, codename: str) -> bool:
    """Django's permission check (cached per request on the user by the auth backend). Roles
    are permissions only: `is_staff` opens the admin and grants nothing here (a superuser holds
    every permission, so may everything)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return user.has_perm(f"citations.{codename}")


def may_assign(user) -> bool:
    """Hand answers out to reviewers: editors and superusers (the role that may also correct
    answers), who know who may decide what."""
    return may(user, "revise_answer")


def may_decide(user, *, is_legal: bool) -> bool:
    """Decide an answer that is (or is not) legal: legal answers are for editors."""
    return may(user, "decide_legal_answer" if is_legal else "decide_answer")
