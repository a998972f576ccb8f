"""Reads about decisions across answers: whose decisions somebody else replaced."""

from django.db.models import QuerySet

from citations.models import Decision


def overrules_of(*, user, after: int | None = None, since=None) -> QuerySet[Decision]:
    """Decisions by others that replaced a decision of `user`'s in force, oldest first; only
    those with an id above `after` (the last one `user` was shown) and made at or after
    `since`, on current answers."""
    found = (
        # An overrule its author took back (undo) is no news any more.
        Decision.objects.filter(
            overrules__reviewer=user, answer__is_current=True, undone_by__isnull=True
        )
        .exclude(reviewer=user)
        # Not the answer (its id is enough to link to it): its columns were most of the
        # work of compiling this query, on every queue page, mostly to find nothing.
        .select_related("reviewer", "overrules")
        .order_by("id")
    )
    if since is not None:
        found = found.filter(created_at__gte=since)
    return found if after is None else found.filter(pk__gt=after)
