"""The metrics page through the test client: access, hand-computed values in the charts and
their text, the filters, the htmx fragment, escaping and a query count that does not grow with
the number of answers."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from citations.services import decision_record
from tests.factories import ApiClientFactory, UserFactory, make_answer
from tests.html import element
from tests.metrics_world import (
    DAY1,
    DAY2,
    INVENTED_ARTICLE,
    OVERRUN,
    UNSUPPORTED,
    VERIFIED,
    answer_on,
)
from tests.web.conftest import HX, login

pytestmark = pytest.mark.django_db

URL = reverse("citations:metrics")
RANGE = {"start": DAY1.isoformat(), "end": DAY2.isoformat()}

# Session, user, permissions (the user's, their groups'), the clients of the filter, then the
# rollups: the answers' days (pass share, validation rate, time to decision), the citations'
# (three: the top invented articles, the top overrun positions, each ranked by the database so
# a flood of invented articles is neither all sent nor all sorted, then the disguised total),
# workload (two: decisions, then answers), backlog (three: how many wait since which day, the
# oldest of that day, the assigned ones and live claims in one read), rejections by reason and
# agreement. (With nothing waiting, the backlog stops after its first.)
METRICS_QUERIES = 16


def card(html: str, chart_id: str) -> str:
    """The markup of one chart's card."""
    pattern = rf'<section class="chart-card[^"]*" id="{chart_id}-card".*?</section>'
    match = re.search(pattern, html, re.S)
    assert match, chart_id
    return match.group(0)


def text_of(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


def test_login_and_a_role_are_required(client, nobody):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    login(client, nobody)
    assert client.get(URL).status_code == 403


@pytest.mark.parametrize("who", ["reviewer", "editor", "staff"])
def test_every_role_sees_the_metrics_and_the_nav_link(client, request, who):
    login(client, request.getfixturevalue(who))
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'href="{URL}" aria-current="page">Metrics</a>' in html
    queue = client.get(reverse("citations:answer_list")).content.decode()
    assert f'href="{URL}">Metrics</a>' in queue


def test_default_range_is_the_last_30_days(client, reviewer):
    login(client, reviewer)
    html = client.get(URL).content.decode()
    today = timezone.localdate()
    start = today - timedelta(days=29)
    assert f'value="{start.isoformat()}"' in html
    assert f'value="{today.isoformat()}"' in html
    # Nothing in range: every chart says so in words and in its SVG.
    assert html.count("No data in this range") >= 8


def test_charts_show_the_hand_computed_values(client, reviewer, metrics_world):
    login(client, reviewer)
    html = client.get(URL, RANGE).content.decode()
    assert "2 Nov \u2013 3 Nov 2026 · all clients" in html

    # Every chart: a heading, an accessible SVG title and description.
    for chart_id in (
        "chart-pass-share",
        "chart-validation-rate",
        "chart-invented",
        "chart-overruns",
        "chart-workload",
        "chart-time-to-decision",
        "chart-agreement",
        "chart-backlog",
        "chart-reject-reasons",
    ):
        markup = card(html, chart_id)
        assert f'id="{chart_id}-heading"' in markup
        assert f'aria-labelledby="{chart_id}-title" aria-describedby="{chart_id}-desc"' in markup
        assert f'<title id="{chart_id}-title">' in markup

    share = card(html, "chart-pass-share")
    # acme passed 1 of 2 on DAY1 and 1 of 1 on DAY2; beta 0 of 1 and 0 of 2.
    assert "acme: 2 Nov 50%, 3 Nov 100%" in share
    assert "beta: 2 Nov 0%, 3 Nov 0%" in share
    assert "acme 100%</text>" in share and "beta 0%</text>" in share  # line-end labels
    assert "2 answers of 6 passed (33%); 4 flagged." in text_of(share)
    assert "67% passed of 3 answers" in share  # acme in the legend
    assert "0% passed of 3 answers" in share  # beta
    assert 'stroke-dasharray="6 4"' in share  # the second series has its own dash

    rate = card(html, "chart-validation-rate")
    assert "beta: 0%; acme: 67%" in rate  # lowest first, in the SVG description
    assert '<text class="chart-value"' in rate and ">67%</text>" in rate
    assert "Lowest: beta at 0%." in rate

    invented = card(html, "chart-invented")
    assert "Labour Law, Art. 99: 2" in invented
    assert "Labour Law, Article 99 was cited 2 times without being in the evidence." in invented

    overruns = card(html, "chart-overruns")
    assert "[7]: 1" in overruns
    assert "[7] was cited 1 time" in overruns

    workload = card(html, "chart-workload")
    assert "alice: 3; bob: 2" in workload
    assert "5 decisions by 2 reviewers. Busiest: alice, 3 on 3 answers." in workload
    # alice approved b1 and b3, rejected a2; bob rejected both of his.
    assert '<th scope="row">alice</th><td>3</td><td>2</td><td>1</td><td>3</td>' in workload

    # Three rejections, none with a reason (made as before reasons were asked for).
    reasons = card(html, "chart-reject-reasons")
    assert "Wrong number: 0 · 0%;" in reasons and "No reason given: 3 · 100%" in reasons
    assert "3 rejections in this range; most often no reason given (3)." in reasons

    waits = card(html, "chart-time-to-decision")
    assert "under 1 hour: 1; 1 to 24 hours: 0; 1 to 7 days: 1; over 7 days: 1" in waits
    # (30 min + 27 h + 8 days) / 3 = 3 days 1 hour 10 minutes: two largest units.
    assert "Mean 3 days 1 hour over 3 decided answers." in waits

    agreement = card(html, "chart-agreement")
    assert "Of 2 sentences decided by two or more reviewers, 1 (50%) were decided alike." in (
        agreement
    )
    assert "Decided alike: 1 · 50%; Decided differently: 1 · 50%" in agreement

    tiles = text_of(element(html, class_="tiles"))
    assert "Answers 6 from 2 clients" in tiles
    assert "Passed 33% 2 of 6" in tiles
    assert "Decisions 5 by 2 reviewers" in tiles


def test_disguised_citations_count_in_the_tiles(client, reviewer):
    """A citation read through hidden characters (a zero-width space, a full-width bracket and
    digit) is counted, in the answer as it was submitted; a plain one is not."""
    acme = ApiClientFactory(name="acme")
    make_answer(client=acme, text="Employees get 30 days of paid annual leave [1\u200b].")
    make_answer(client=acme, text="Overtime is paid at 150 percent \uff3b\uff12\uff3d.")
    make_answer(client=acme, text=VERIFIED)
    login(client, reviewer)
    tiles = text_of(element(client.get(URL).content.decode(), class_="tiles"))
    assert "Disguised citations 2 read through hidden characters" in tiles


def test_client_and_date_filters(client, reviewer, metrics_world):
    login(client, reviewer)
    html = client.get(URL, {**RANGE, "client": metrics_world["beta"].pk}).content.decode()
    assert "· beta</h2>" in html
    share = card(html, "chart-pass-share")
    assert "beta:" in share and "acme:" not in share
    assert "acme" not in card(html, "chart-validation-rate")
    assert "bob: 1" in card(html, "chart-workload")  # bob decided b1 only among beta's

    day2 = client.get(URL, {"start": DAY2.isoformat(), "end": DAY2.isoformat()}).content.decode()
    assert "3 Nov 2026 · all clients" in day2
    assert "Labour Law, Art. 99: 1" in card(day2, "chart-invented")
    assert "1 answer of 3 passed" in text_of(card(day2, "chart-pass-share"))


def test_a_range_ending_before_it_starts_falls_back_to_the_default(client, reviewer, metrics_world):
    login(client, reviewer)
    response = client.get(URL, {"start": DAY2.isoformat(), "end": DAY1.isoformat()})
    assert response.status_code == 200
    html = response.content.decode()
    assert "The end of the range is before its start." in html
    assert "Showing the last 30 days instead." in html
    # A bad client id is ignored rather than failing the page.
    assert client.get(URL, {"client": "nope"}).status_code == 200


def test_long_ranges_are_weekly(client, reviewer, metrics_world):
    login(client, reviewer)
    html = client.get(URL, {"start": "2026-08-01", "end": "2026-11-30"}).content.decode()
    assert "Share of answers passed, per week and client" in html
    # DAY1 and DAY2 fall in the week of Monday 2 Nov: acme 2 of 3, beta 0 of 3.
    assert "acme: 2 Nov 67%" in card(html, "chart-pass-share")


def test_htmx_gets_only_the_charts_fragment(client, reviewer, metrics_world):
    login(client, reviewer)
    response = client.get(URL, RANGE, **HX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="charts"')
    assert "<html" not in html and 'id="metrics-filters"' not in html
    assert "chart-pass-share" in html


def test_untrusted_names_are_escaped(client, reviewer):
    hostile = ApiClientFactory(name='<script>alert(1)</script>"x')
    answer_on(DAY1, hostile, INVENTED_ARTICLE, evidence=[{"text": "t", "law": "<b>Law</b>"}])
    login(client, reviewer)
    html = client.get(URL, RANGE).content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&quot;x" in html
    assert "<b>Law</b>" not in html


@pytest.mark.parametrize("scale", [1, 4])
def test_query_count_does_not_grow_with_answers(client, django_assert_num_queries, scale):
    clients = [ApiClientFactory(name=f"client-{n}") for n in range(2 * scale)]
    reviewers = [UserFactory(groups=["reviewer"]) for _ in range(scale + 1)]
    for n in range(6 * scale):
        day = DAY1 + timedelta(days=n % 3)
        text = (VERIFIED, UNSUPPORTED, OVERRUN)[n % 3]
        answer = answer_on(day, clients[n % len(clients)], text)
        if text == VERIFIED:
            continue
        for reviewer in reviewers[: 1 + n % 2]:
            decision_record(answer=answer, reviewer=reviewer, action="reject", sentence_index=0)
    answer_on(DAY1, clients[0], UNSUPPORTED)  # waiting: the backlog's every query is made
    login(client, reviewers[0])
    params = {"start": DAY1.isoformat(), "end": (DAY1 + timedelta(days=2)).isoformat()}
    client.get(URL, params)
    with django_assert_num_queries(METRICS_QUERIES):
        response = client.get(URL, params)
    assert response.status_code == 200
    with django_assert_num_queries(METRICS_QUERIES):
        client.get(URL, {**params, "client": clients[0].pk}, **HX)
