"""The metrics from rollups equal the metrics counted from every answer and decision (the scans
they replaced, benchmarks/metrics_scan.py, as the oracle), after random histories of
submissions, corrections, re-verifications, decisions, undos and returns made through the
services over weeks of a moving clock; and a rebuild finds the rows the writes kept."""

import random
from datetime import date, datetime, timedelta

import pytest
from django.utils import timezone

from benchmarks import metrics_scan
from citations.domain.statuses import FLAGGED_STATUSES
from citations.models import Answer, AnswerDay, CitationDay, DecisionDay, ReviewerSpan, SentenceSpan
from citations.models.rollups import STRIPES, stripe_of
from citations.selectors import metrics
from citations.services import (
    DecisionError,
    RevisionError,
    answer_claim,
    answer_reverify,
    answer_revise,
    answers_reverify_batch,
    decision_record,
    decision_undo,
    rollups_rebuild,
)
from citations.services.assignment import AssignmentError, answer_assign
from tests.factories import ApiClientFactory, UserFactory, make_answer
from tests.metrics_world import LEGAL_EVIDENCE

pytestmark = pytest.mark.django_db

START = timezone.make_aware(datetime(2026, 3, 1, 20, 0), timezone.get_fixed_timezone(0))
TEXTS = [
    ("Employees get 30 days of paid annual leave [1].", None),
    ("Employees get 45 days of paid annual leave [1]. Overtime is paid at 200 percent [2].", None),
    ("Leave is 30 days [Labour Law, Article 99].", LEGAL_EVIDENCE),
    ("Leave is 30 days [Labour Law, Article 7]. Leave is 45 days [1].", LEGAL_EVIDENCE),
    ("Overtime is paid at 150 percent [7].", None),
    (
        "Employees get 45 days of paid annual leave [1\u200b]. Overtime is 150 percent [\uff12].",
        None,
    ),
    (
        "Employees get 45 days of paid annual leave [1]. Staff must always work weekends "
        "without any pay at all in this company.",
        None,
    ),
]
# The scans' function -> the same figures read from the rollups.
READS = {
    "pass_share_over_time": lambda filters: metrics.answer_rollups(filters).shares,
    "top_invented_articles": lambda filters: metrics.citation_rollups(filters).invented,
    "top_overrun_positions": lambda filters: metrics.citation_rollups(filters).overruns,
    "disguised_citations": lambda filters: metrics.citation_rollups(filters).disguised,
    "reviewer_workload": metrics.reviewer_workload,
    "rejections_by_reason": metrics.rejections_by_reason,
    "reviewer_agreement": metrics.reviewer_agreement,
}


@pytest.fixture
def clock(monkeypatch):
    """timezone.now() as the test sets it (auto_now_add and the services read it)."""
    moment = {"now": START}
    monkeypatch.setattr(timezone, "now", lambda: moment["now"])
    return moment


def submit(rng, clients):
    text, evidence = rng.choice(TEXTS)
    return make_answer(client=rng.choice(clients), text=text, evidence=evidence)


def decide(rng, answer, reviewers):
    """A decision on a flagged sentence or the whole answer, or an undo, by anyone."""
    answer.refresh_from_db()
    reviewer = rng.choice(reviewers)
    if rng.random() < 0.25:
        decision_undo(answer=answer, reviewer=reviewer)
        return
    flagged = [
        s["index"]
        for s in answer.verifications.latest().report["sentences"]
        if s["status"] in FLAGGED_STATUSES
    ]
    if rng.random() < 0.15 or not flagged:
        action, index = rng.choice(["approve", "reject", "return"]), None
    else:
        action, index = rng.choice(["approve", "reject"]), rng.choice(flagged)
    reason = rng.choice(["", "wrong_number", "not_in_evidence"]) if action == "reject" else ""
    decision_record(
        answer=answer, reviewer=reviewer, action=action, sentence_index=index, reject_reason=reason
    )


def history(rng, clock, settings, steps: int) -> None:
    """Submissions, decisions and undos (mostly on a few answers, over several days),
    corrections (some keeping decided sentences: carried over) and re-verifications."""
    clients = [ApiClientFactory(name=f"client-{n}") for n in range(3)]
    reviewers = [UserFactory(username=f"rev-{n}", groups=["editor"]) for n in range(3)]
    for _ in range(4):
        submit(rng, clients)
    for _ in range(steps):
        clock["now"] += timedelta(hours=rng.choice([0, 1, 3, 9, 20, 30, 80]))
        current = list(Answer.objects.filter(is_current=True).order_by("id"))
        roll = rng.random()
        try:
            if roll < 0.2:
                submit(rng, clients)
            elif roll < 0.72:
                decide(rng, rng.choice(current[:6]), reviewers)
            elif roll < 0.76:
                answer_assign(
                    answers=rng.sample(current, 2), assignee=rng.choice(reviewers), by=reviewers[0]
                )
            elif roll < 0.8:
                answer_claim(answer=rng.choice(current), user=rng.choice(reviewers))
            elif roll < 0.88:
                answer = rng.choice(current[:6])
                text = rng.choice(
                    [answer.text, answer.text + " Leave is 99 days [1].", TEXTS[0][0]]
                )
                answer_revise(answer=answer, text=text, revised_by=reviewers[0])
            elif roll < 0.94:
                settings.CITATIONS_THRESHOLD = rng.choice([0.3, 0.51, 0.7])
                answer_reverify(answer=rng.choice(current))
            else:
                settings.CITATIONS_THRESHOLD = rng.choice([0.3, 0.51, 0.7])
                answers_reverify_batch(answer_ids=[a.pk for a in rng.sample(current, 2)])
        except (AssignmentError, DecisionError, RevisionError):
            pass  # nothing to undo, a completed answer to assign: nothing stored


def ranges(rng) -> list[tuple[date, date]]:
    first, last = START.date(), timezone.now().date() + timedelta(days=1)
    days = (last - first).days
    picked = [(first, last), (first, first), (last, last), (date(2000, 1, 1), date.max)]
    picked.append((first - timedelta(days=100), last))  # weekly buckets
    for _ in range(6):
        a, b = sorted(rng.randrange(days + 1) for _ in range(2))
        picked.append((first + timedelta(days=a), first + timedelta(days=b)))
    return picked


def assert_same_metrics(filters) -> None:
    # Now, and when the newest claims were made (so some are live, on assigned answers or not).
    claimed = Answer.objects.filter(claimed_at__isnull=False).values_list("claimed_at", flat=True)
    for now in {timezone.now(), *claimed}:
        backlog = metrics.review_backlog(filters, now=now)
        assert backlog == metrics_scan.review_backlog(filters, now=now)
    for name, read in READS.items():
        assert read(filters) == getattr(metrics_scan, name)(filters), name
    rates = {
        name: (pytest.approx(rate), n) for name, rate, n in metrics.answer_rollups(filters).rates
    }
    assert rates == {
        name: (rate, n) for name, rate, n in metrics_scan.validation_rate_by_client(filters)
    }
    waits, scanned = metrics.answer_rollups(filters).waits, metrics_scan.time_to_decision(filters)
    assert (waits["total"], waits["buckets"]) == (scanned["total"], scanned["buckets"])
    if scanned["total"]:
        assert abs(waits["mean"] - scanned["mean"]) < timedelta(milliseconds=1)
    else:
        assert waits["mean"] is None


def rollup_rows() -> dict:
    """Every rollup row that counts something (a row brought back to zero counts nothing)."""
    rows = {}
    for model in (AnswerDay, CitationDay, DecisionDay, ReviewerSpan, SentenceSpan):
        for row in model.objects.values():
            row.pop("id")
            key = tuple(row[k] for k in model.KEYS)
            amounts = {k: v for k, v in row.items() if k not in model.KEYS}
            if any(amounts.values()):
                rows[(model.__name__, key)] = {
                    k: pytest.approx(v) if isinstance(v, float) else v for k, v in amounts.items()
                }
    return rows


@pytest.mark.parametrize("seed", range(6))
def test_rollups_equal_the_scans_after_a_random_history(seed, clock, settings):
    rng = random.Random(seed)
    history(rng, clock, settings, steps=80)
    clients = [None, *ApiClientFactory._meta.model.objects.all()]
    for start, end in ranges(rng):
        for client in clients:
            assert_same_metrics(metrics.Filters(start, end, client=client))


@pytest.mark.parametrize("seed", range(2))
def test_a_rebuild_finds_the_rows_the_writes_kept(seed, clock, settings):
    history(random.Random(seed), clock, settings, steps=80)
    kept = rollup_rows()
    rollups_rebuild()
    assert rollup_rows() == kept
    assert kept  # the history counted something


def test_local_days_follow_the_time_zone(clock, settings):
    """A day is the site's local date, as the date filters read it."""
    settings.TIME_ZONE = "America/New_York"
    clock["now"] = START + timedelta(hours=6)  # 21:00 on 1 March in New York, 2 March in UTC
    answer = make_answer(client=ApiClientFactory(name="acme"))
    filters = metrics.Filters(date(2026, 3, 1), date(2026, 3, 1))
    assert metrics.answer_rollups(filters).shares == metrics_scan.pass_share_over_time(filters)
    assert metrics.answer_rollups(filters).shares["acme"] == {date(2026, 3, 1): (1, answer.passed)}


def test_a_clients_answers_of_one_day_are_counted_in_the_stripe_of_their_id(clock):
    """One row per day and client was locked by each of the client's submissions until its
    commit: its parallel submissions took turns. Answers in different stripes write different
    rows, and a decision on an answer changes its own stripe's row only (none below zero)."""
    acme = ApiClientFactory(name="acme")
    text = "Employees get 45 days of paid annual leave [1]. Overtime is paid at 150 percent [7]."
    answers = [make_answer(client=acme, text=text) for _ in range(STRIPES + 1)]
    rows = dict(AnswerDay.objects.values_list("stripe", "answers"))
    assert rows == {stripe: 1 for stripe in range(STRIPES)} | {stripe_of(answers[-1].pk): 2}
    before = day_rows()
    reviewer = UserFactory(groups=["reviewer"])
    for sentence in (0, 1):  # both flagged: the review completes
        decision_record(
            answer=answers[0], reviewer=reviewer, action="reject", sentence_index=sentence
        )
    after = day_rows()
    assert {s for s in after if after[s] != before[s]} == {stripe_of(answers[0].pk)}
    assert all(amount >= 0 for row in after.values() for amount in row.values())
    overruns = CitationDay.objects.filter(client=acme).values_list("stripe", "citations")
    assert dict(overruns) == rows  # [7]: one past the two passages in each answer


def day_rows() -> dict[int, dict]:
    """AnswerDay's rows by stripe (one client, one day), their counts only."""
    return {
        row.pop("stripe"): row for row in AnswerDay.objects.values(*ANSWER_DAY_COUNTS, "stripe")
    }


ANSWER_DAY_COUNTS = ("answers", "passed", "waiting", "decided", "wait_us")
