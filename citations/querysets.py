"""Query predicates of the models, written once (`Answer.objects` is an `AnswerQuerySet`)."""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Prefetch, Q
from django.utils import timezone


def claim_cutoff(now=None):
    """Claims made before this have lapsed (CITATIONS_CLAIM_MINUTES without activity)."""
    return (now or timezone.now()) - timedelta(minutes=settings.CITATIONS_CLAIM_MINUTES)


class AnswerQuerySet(models.QuerySet):
    """The predicates every read of answers shares, written once."""

    def current(self) -> "AnswerQuerySet":
        """Answers not superseded by a revision: what the queue and the API list show."""
        return self.filter(is_current=True)

    def claimed_by_now(self, user) -> "AnswerQuerySet":
        """Answers `user` holds a live claim on."""
        return self.filter(claimed_by=user, claimed_at__gte=claim_cutoff())

    def lineage(self, answer: models.Model) -> "AnswerQuerySet":
        """Every revision of `answer`'s lineage (the original and all its corrections)."""
        root = answer.original_id or answer.pk
        return self.filter(Q(pk=root) | Q(original_id=root))

    def claimable_by(self, user, *, now=None) -> "AnswerQuerySet":
        """Answers nobody else holds a live claim on (a claim lapses after
        CITATIONS_CLAIM_MINUTES without activity)."""
        lapsed = claim_cutoff(now)
        return self.filter(
            Q(claimed_by__isnull=True) | Q(claimed_at__lt=lapsed) | Q(claimed_by=user)
        )

    # The order that puts an answer's verification in force first (selectors.review_answer
    # reads one answer's the same way, without the prefetch).
    NEWEST_VERIFICATION_FIRST = ("-created_at", "-id")

    def with_latest_verification(self) -> "AnswerQuerySet":
        """Prefetch the verification in force as `latest_verifications` (a one-item list)."""
        verifications = self.model.verifications.rel.related_model.objects
        return self.prefetch_related(
            Prefetch(
                "verifications",
                queryset=verifications.order_by(*self.NEWEST_VERIFICATION_FIRST)[:1],
                to_attr="latest_verifications",
            )
        )
