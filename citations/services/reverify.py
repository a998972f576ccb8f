"""Re-verification in batches: the engine for each answer of a batch, then one bulk write.

`answer_reverify` (services.answers) does one answer per transaction, about ten queries each;
`reverify --all` over a million answers needs the writes batched: one bulk insert of the
verifications, one UPDATE of the answers. A batch is one transaction:
killed midway, it leaves nothing behind, and a re-run picks up exactly the answers whose newest
verification is still outdated, so nothing is lost or done twice.
"""

import logging
from collections import Counter

from django.conf import settings
from django.db import connection, transaction
from django.db.models import prefetch_related_objects

from citations import engine
from citations.domain.review import review_state, summary_fields
from citations.domain.statuses import COMPLETED_STATUSES
from citations.models import Answer, Verification
from citations.selectors import answers_outdated
from citations.services.answers import run_engine
from citations.services.rollups import Tally, rollup_answer_change, rollups_write

logger = logging.getLogger(__name__)

# Every column `summary_refresh` may write: one bulk UPDATE sets the same columns on every row.
CLAIM_FIELDS = ("claimed_by", "claimed_at")


def _new_verification(answer: Answer) -> Verification:
    evidence = [e.as_engine_input() for e in answer.evidence.all()]
    report = run_engine(
        text=answer.text, evidence=evidence, citation_style=answer.citation_style
    ).to_dict()
    return Verification(
        answer=answer,
        engine_version=report["engine"],
        threshold=settings.CITATIONS_THRESHOLD,
        report=report,
    )


def _refresh_summary(answer: Answer, verification: Verification, pending: Tally) -> list[str]:
    """Set the answer's summary columns from its new verification (as `summary_refresh` does,
    unsaved; the metrics' change added to `pending`); the names of the columns set."""
    state = review_state(verification.report, verification.pk, answer.decisions.all())
    fields = summary_fields(verification.report, state)
    if state.status in COMPLETED_STATUSES:
        # A finished review frees the answer (a constraint holds every writer to it).
        fields |= {"claimed_by": None, "claimed_at": None}
    rollup_answer_change(answer=answer, fields=fields, pending=pending)
    for name, value in fields.items():
        setattr(answer, name, value)
    return list(fields)


def _update_rows(answers: list[Answer], names: list[str]) -> None:
    """Write the fields `names` of every answer in one `UPDATE ... FROM (VALUES ...)`.

    What `bulk_update` does, without its cost: it builds a CASE WHEN pk=... per row and field
    (1,500 expressions for 100 answers), and compiling them took about as long as the engine
    run of the whole batch. The VALUES columns are typed on PostgreSQL (a column of NULLs would
    be text); SQLite (3.33+) takes them as they are.
    """
    fields = [Answer._meta.get_field(name) for name in names]
    typed = connection.vendor == "postgresql"
    placeholders = [
        f"CAST(%s AS {field.db_type(connection)})" if typed else "%s" for field in fields
    ]
    row = f"(%s, {', '.join(placeholders)})"
    params = []
    for answer in answers:
        params.append(answer.pk)
        params.extend(
            field.get_db_prep_save(getattr(answer, field.attname), connection) for field in fields
        )
    quote = connection.ops.quote_name
    table = quote(Answer._meta.db_table)
    assignments = ", ".join(
        f"{quote(field.column)} = v.column{position}"
        for position, field in enumerate(fields, start=2)
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET {assignments} FROM (VALUES {', '.join([row] * len(answers))}) "
            f"AS v WHERE {table}.{quote('id')} = v.column1",
            params,
        )


@transaction.atomic
def answers_reverify_batch(*, answer_ids: list[int], moves: Counter | None = None) -> int:
    """Re-verify the outdated answers among `answer_ids` in one transaction, a fixed number of
    queries whatever the batch's size; returns how many were redone. Each one redone is counted
    into `moves`, when given, by its review status before and after: (old, new).

    The rows are locked first (in id order, so concurrent batches cannot deadlock) and only
    then is "outdated" asked, in a statement of its own: one that waited for a lock sees what
    the batch holding it committed, so two runs over the same answers never both redo one.
    """
    locked = list(Answer.objects.select_for_update().filter(pk__in=answer_ids).order_by("pk"))
    outdated_ids = set(
        answers_outdated(
            engine_version=engine.ENGINE_VERSION, threshold=settings.CITATIONS_THRESHOLD
        )
        .filter(pk__in=[answer.pk for answer in locked])
        .values_list("pk", flat=True)
    )
    answers = [answer for answer in locked if answer.pk in outdated_ids]
    if not answers:
        return 0
    prefetch_related_objects(answers, "evidence", "decisions")
    verifications = Verification.objects.bulk_create(_new_verification(a) for a in answers)
    fields = set(CLAIM_FIELDS)
    pending = Tally()
    for answer, verification in zip(answers, verifications, strict=True):
        status = answer.review_status
        fields.update(_refresh_summary(answer, verification, pending))
        if moves is not None:
            moves[status, answer.review_status] += 1
    _update_rows(answers, sorted(fields))
    rollups_write(pending=pending)
    logger.info(
        "answers re-verified",
        extra={
            "asked": len(answer_ids),
            "reverified": len(answers),
            "engine": engine.ENGINE_VERSION,
        },
    )
    return len(answers)
