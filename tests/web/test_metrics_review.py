"""The metrics page's review cards through the test client: the backlog now, rejections by
reason, and the query count as the backlog's reviewers and reasons grow."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString

from citations.models import Answer, Decision
from citations.services import decision_record, rollups_rebuild
from citations.web.presenters.metrics_cards import ChartCard
from tests.factories import ApiClientFactory, UserFactory
from tests.html import element
from tests.metrics_world import DAY1, DAY2, UNSUPPORTED, answer_on, build_backlog
from tests.web.conftest import HX, login
from tests.web.test_metrics_page import METRICS_QUERIES, card, text_of

pytestmark = pytest.mark.django_db

URL = reverse("citations:metrics")
RANGE = {"start": DAY1.isoformat(), "end": DAY2.isoformat()}


def test_the_backlog_card_and_tile(client, reviewer):
    world = build_backlog(timezone.now())
    login(client, world["rita"])
    html = client.get(URL, RANGE).content.decode()
    backlog = card(html, "chart-backlog")
    assert "Backlog: waiting for review now" in backlog
    summary = "6 answers waiting now; the oldest came in on 2 Nov 2026 and has waited"
    assert summary in text_of(backlog)
    assert "3 nobody is assigned to or reviewing." in backlog
    assert "rita: 2 assigned + 1 claimed; otto: 1 assigned; Nobody (unassigned): 3" in backlog
    assert '<th scope="row">rita</th><td>2</td><td>1</td><td>3</td>' in backlog
    tiles = text_of(element(html, class_="tiles"))
    assert "Waiting now 6 oldest" in tiles
    # One client's backlog.
    beta = client.get(URL, {**RANGE, "client": world["beta"].pk}).content.decode()
    assert "1 answer waiting now" in card(beta, "chart-backlog")


def test_an_empty_backlog_says_so(client, reviewer):
    login(client, reviewer)
    backlog = card(client.get(URL).content.decode(), "chart-backlog")
    assert "Nothing is waiting for review." in backlog
    assert "<table" not in backlog


def test_rejections_by_reason_show_the_labels(client, reviewer, metrics_world):
    rejects = Decision.objects.filter(action="reject").order_by("id")
    Decision.objects.filter(pk=rejects[0].pk).update(reject_reason="fabricated_citation")
    Decision.objects.filter(pk=rejects[1].pk).update(reject_reason="fabricated_citation")
    rollups_rebuild()  # the reasons were set behind the services
    login(client, reviewer)
    reasons = card(client.get(URL, RANGE).content.decode(), "chart-reject-reasons")
    assert (
        "Wrong number: 0 · 0%; Wrong source: 0 · 0%; Fabricated citation: 2 · 67%; "
        "Not in the evidence: 0 · 0%; Other: 0 · 0%; No reason given: 1 · 33%"
    ) in reasons
    assert "3 rejections in this range; most often fabricated citation (2)." in reasons
    assert '<th scope="row">No reason given</th><td>1</td><td>33%</td>' in reasons


@pytest.mark.parametrize("scale", [1, 5])
def test_query_count_does_not_grow_with_the_backlog(client, django_assert_num_queries, scale):
    now = timezone.now()
    acme = ApiClientFactory(name="acme")
    reviewers = [UserFactory(groups=["reviewer"]) for _ in range(2 * scale)]
    for n, reviewer in enumerate(reviewers):
        answer = answer_on(DAY1 + timedelta(days=n % 2), acme, UNSUPPORTED)
        Answer.objects.filter(pk=answer.pk).update(
            assigned_to=reviewer, assigned_at=now, claimed_by=reviewers[-1 - n], claimed_at=now
        )
        rejected = answer_on(DAY1, acme, UNSUPPORTED)
        decision = decision_record(
            answer=rejected, reviewer=reviewer, action="reject", sentence_index=0
        ).decision
        reason = ("wrong_number", "wrong_source", "not_in_evidence", "")[n % 4]
        Decision.objects.filter(pk=decision.pk).update(reject_reason=reason)
    rollups_rebuild()  # the reasons were set behind the services
    login(client, reviewers[0])
    client.get(URL, RANGE)
    with django_assert_num_queries(METRICS_QUERIES):
        html = client.get(URL, RANGE, **HX).content.decode()
    # Every reviewer has one answer assigned and one claimed; then the "nobody" row.
    backlog = card(html, "chart-backlog")
    assert backlog.count('<th scope="row">') == 2 * scale + 1
    assert backlog.count(">1 assigned + 1 claimed</text>") == 2 * scale


def test_a_charts_table_row_is_its_header_cell_and_the_others():
    card = ChartCard(
        id="c",
        heading="h",
        summary="",
        svg=SafeString(""),
        columns=("a", "b", "c"),
        rows=[("rita", 2, "50%"), ("sam", 0, "0%")],
    )
    assert card.table == [("rita", (2, "50%")), ("sam", (0, "0%"))]
