"""A small, hand-computed world for the metrics tests (services and the page share it).

acme: 3 answers, 2 pass (validation 2/3); beta: 3 answers, none passes (0%). The legal
citation Labour Law, Article 99 is invented twice; position [7] is overrun once. Decisions:
alice 3 (on 3 answers), bob 2; two sentences decided by both, one of them alike. Waits from
submission to decision: 30 minutes, 27 hours, 8 days (mean 3 days 1 hour 10 minutes).
"""

from datetime import date, datetime, timedelta

from django.utils import timezone

from citations.models import Answer, Decision
from citations.services import decision_record, rollups_rebuild
from tests.factories import ApiClientFactory, UserFactory, make_answer

DAY1 = date(2026, 11, 2)
DAY2 = date(2026, 11, 3)
VERIFIED = "Employees get 30 days of paid annual leave [1]."
UNSUPPORTED = "Employees get 45 days of paid annual leave [1]."
INVENTED_ARTICLE = "Leave is 30 days [Labour Law, Article 99]."
OVERRUN = "Overtime is paid at 150 percent [7]."
LEGAL_EVIDENCE = [{"text": "Employees get 30 days of leave.", "law": "Labour Law", "article": "30"}]


def at(day: date, hour: int = 9) -> datetime:
    return timezone.make_aware(datetime(day.year, day.month, day.day, hour))


def answer_on(day: date, client, text: str, **kwargs) -> Answer:
    """An answer submitted on `day`: its time is rewritten behind the services, so the
    metrics' rollups are counted again (as the backfill does)."""
    answer = make_answer(client=client, text=text, **kwargs)
    Answer.objects.filter(pk=answer.pk).update(created_at=at(day))
    answer.unresolved.update(created_at=at(day))
    rollups_rebuild()
    answer.refresh_from_db()
    return answer


def build_world() -> dict:
    acme, beta = ApiClientFactory(name="acme"), ApiClientFactory(name="beta")
    answers = {
        "a1": answer_on(DAY1, acme, VERIFIED),
        "a2": answer_on(DAY1, acme, UNSUPPORTED),
        "a3": answer_on(DAY2, acme, VERIFIED),
        "b1": answer_on(DAY1, beta, INVENTED_ARTICLE, evidence=LEGAL_EVIDENCE),
        "b2": answer_on(DAY2, beta, INVENTED_ARTICLE, evidence=LEGAL_EVIDENCE),
        "b3": answer_on(DAY2, beta, OVERRUN),
    }
    alice = UserFactory(username="alice", groups=["reviewer"])
    bob = UserFactory(username="bob", groups=["editor"])
    decision_record(answer=answers["a2"], reviewer=alice, action="reject", sentence_index=0)
    decision_record(answer=answers["a2"], reviewer=bob, action="reject", sentence_index=0)
    decision_record(answer=answers["b1"], reviewer=alice, action="approve", sentence_index=0)
    decision_record(answer=answers["b1"], reviewer=bob, action="reject", sentence_index=0)
    decision_record(answer=answers["b3"], reviewer=alice, action="approve", sentence_index=0)
    Decision.objects.update(created_at=at(DAY2, 12))
    Answer.objects.filter(pk=answers["a2"].pk).update(review_completed_at=at(DAY2, 12))
    Answer.objects.filter(pk=answers["b1"].pk).update(
        review_completed_at=at(DAY1) + timedelta(minutes=30)
    )
    Answer.objects.filter(pk=answers["b3"].pk).update(
        review_completed_at=at(DAY2, 9) + timedelta(days=8)
    )
    # The times above were set behind the services' back: count the metrics again, as the
    # backfill does (tests/services/test_rollups.py keeps them through the services).
    rollups_rebuild()
    return {"acme": acme, "beta": beta, "alice": alice, "bob": bob, **answers}


def build_backlog(now: datetime) -> dict:
    """Six answers waiting (acme 5 from DAY1 on, beta 1 on DAY2), assigned and claimed as the
    comments say; a clean one and a decided one that are not waiting."""
    acme, beta = ApiClientFactory(name="acme"), ApiClientFactory(name="beta")
    rita = UserFactory(username="rita", groups=["reviewer"])
    otto = UserFactory(username="otto", groups=["reviewer"])
    waiting = [answer_on(DAY1 + timedelta(days=n), acme, UNSUPPORTED) for n in range(5)]
    waiting.append(answer_on(DAY2, beta, UNSUPPORTED))
    answer_on(DAY1, acme, VERIFIED)  # clean: not waiting
    done = answer_on(DAY1 - timedelta(days=9), acme, UNSUPPORTED)
    decision_record(answer=done, reviewer=rita, action="approve", sentence_index=0)
    # Decided: not in the backlog, even though it is still assigned.
    Answer.objects.filter(pk=done.pk).update(assigned_to=rita, assigned_at=now)
    # rita: 2 assigned (one of them claimed by her too), 1 claimed while assigned to otto.
    # otto: 1 assigned (claimed by rita), and a claim that lapsed (not counted).
    Answer.objects.filter(pk=waiting[0].pk).update(
        assigned_to=rita, assigned_at=now, claimed_by=rita, claimed_at=now
    )
    Answer.objects.filter(pk=waiting[1].pk).update(assigned_to=rita, assigned_at=now)
    Answer.objects.filter(pk=waiting[2].pk).update(
        assigned_to=otto, assigned_at=now, claimed_by=rita, claimed_at=now
    )
    Answer.objects.filter(pk=waiting[3].pk).update(
        claimed_by=otto, claimed_at=now - timedelta(hours=2)
    )
    return {"acme": acme, "beta": beta, "rita": rita, "otto": otto, "now": now}
