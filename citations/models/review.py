"""What reviewers and editors do with an answer: decisions and comments, both appended."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from citations.domain.statuses import DecisionAction, RejectReason
from citations.models.answers import Answer, Verification

# A decision or comment is about one sentence (index and start both set) or the whole answer
# (neither).
ONE_SENTENCE_OR_WHOLE_ANSWER = Q(sentence_index__isnull=True, sentence_start__isnull=True) | Q(
    sentence_index__isnull=False, sentence_start__isnull=False
)


class Decision(models.Model):
    """A reviewer's decision, appended and never changed; the newest for a target is in force.

    A decision about one sentence names it by start offset and text rather than by index, so it
    stays attached to that sentence across re-verifications and lapses when the sentence changed.
    `sentence_start` is null for a decision about the whole answer.
    """

    answer = models.ForeignKey(Answer, on_delete=models.CASCADE, related_name="decisions")
    verification = models.ForeignKey(
        Verification, on_delete=models.CASCADE, related_name="decisions"
    )
    sentence_index = models.PositiveIntegerField(null=True, blank=True)
    sentence_start = models.PositiveIntegerField(null=True, blank=True)
    sentence_text = models.TextField(blank=True)
    action = models.CharField(max_length=10, choices=DecisionAction.choices)
    note = models.TextField(blank=True, max_length=2000)
    # Why a sentence was rejected; empty for other actions and for rejections made before
    # reasons were asked for.
    reject_reason = models.CharField(max_length=30, blank=True, choices=RejectReason.choices)
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="decisions"
    )
    # What an undo took back (set for undos only): metrics count only decisions still in force.
    # RESTRICT: the pair goes only with its answer.
    undoes = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.RESTRICT, related_name="undone_by"
    )
    # The decision in force it replaced when that was somebody else's: its reviewer is told on
    # their next visit to the queue. Only ever set on a confirmed (or raced) overrule.
    overrules = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="overruled_by"
    )
    # Set when the decision was carried over to a revision whose sentence is unchanged.
    carried_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="carried_to"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["answer", "sentence_start"], name="decision_target")]
        constraints = [
            models.CheckConstraint(
                condition=ONE_SENTENCE_OR_WHOLE_ANSWER,
                name="decision_sentence_fields_together",
            ),
            models.CheckConstraint(
                condition=~Q(action=DecisionAction.RETURN) | Q(sentence_start__isnull=True),
                name="decision_return_is_whole_answer",
            ),
            models.CheckConstraint(
                condition=Q(action__in=DecisionAction.values), name="decision_action_valid"
            ),
            models.CheckConstraint(
                condition=Q(reject_reason="")
                | Q(action=DecisionAction.REJECT, reject_reason__in=RejectReason.values),
                name="decision_reject_reason_valid",
            ),
            models.CheckConstraint(
                condition=Q(action=DecisionAction.UNDO, undoes__isnull=False)
                | (~Q(action=DecisionAction.UNDO) & Q(undoes__isnull=True)),
                name="decision_undo_names_what_it_undoes",
            ),
            # "Other" says what in the note.
            models.CheckConstraint(
                condition=~Q(reject_reason=RejectReason.OTHER) | ~Q(note=""),
                name="decision_other_reason_has_note",
            ),
        ]

    def __str__(self) -> str:
        target = "answer" if self.sentence_start is None else f"sentence {self.sentence_index}"
        return f"{self.action} {target} of answer {self.answer_id}"


class Comment(models.Model):
    """A remark in the discussion of an answer, or of one of its sentences; appended, never
    edited. A sentence is named by start offset and text, as a decision names it."""

    answer = models.ForeignKey(Answer, on_delete=models.CASCADE, related_name="comments")
    sentence_index = models.PositiveIntegerField(null=True, blank=True)
    sentence_start = models.PositiveIntegerField(null=True, blank=True)
    sentence_text = models.TextField(blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="comments"
    )
    body = models.TextField(max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["answer", "created_at"], name="comment_thread")]
        constraints = [
            models.CheckConstraint(
                condition=ONE_SENTENCE_OR_WHOLE_ANSWER,
                name="comment_sentence_fields_together",
            ),
            models.CheckConstraint(condition=~Q(body=""), name="comment_body_not_empty"),
        ]

    def __str__(self) -> str:
        target = "answer" if self.sentence_start is None else f"sentence {self.sentence_index}"
        return f"comment on {target} of answer {self.answer_id}"
