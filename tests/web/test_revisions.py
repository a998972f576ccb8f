"""Editors correct a flagged answer: the form, who may, the new revision, the revision bar,
the superseded banner (read-only), the sentence diff and carried-over decisions."""

import pytest
from django.test import Client
from django.urls import reverse

from citations.models import Answer, Decision
from citations.services import answer_revise, decision_record
from tests.factories import make_answer
from tests.html import element
from tests.web.conftest import HX, NUMERIC_TEXT, login

pytestmark = pytest.mark.django_db

VERIFIED = "Employees get 30 days of paid annual leave [1]."
UNSUPPORTED = "Overtime pays 200 percent [2]."
UNCITED = "The manager must approve every request in writing before the leave starts."
FIXED = "Overtime is paid at 150 percent [2]."
CORRECTED = f"{VERIFIED} {FIXED} {UNCITED}"


def revise_url(answer) -> str:
    return reverse("citations:answer_revise", args=[answer.pk])


def detail(client, answer) -> str:
    response = client.get(reverse("citations:answer_detail", args=[answer.pk]))
    assert response.status_code == 200
    return response.content.decode()


def post_revision(client, answer, text=CORRECTED, note=""):
    return client.post(revise_url(answer), {"text": text, "note": note})


# --- Who may correct -----------------------------------------------------------------------


def test_editor_gets_the_form_prefilled_with_the_text(client, editor, numeric_answer):
    login(client, editor)
    page = detail(client, numeric_answer)
    assert f'href="{revise_url(numeric_answer)}"' in page
    assert "Correct this answer" in page
    response = client.get(revise_url(numeric_answer))
    assert response.status_code == 200
    html = response.content.decode()
    assert f">\n{NUMERIC_TEXT}</textarea>" in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert "Save and verify revision 2" in html
    # What the engine flagged, beside it (engine 2.0 says what the passage says instead).
    assert "the sentence says 200 percent; passage [2] says 150 percent" in html


def test_reviewers_get_no_form_and_their_post_is_refused(client, reviewer, numeric_answer):
    login(client, reviewer)
    assert "Correct this answer" not in detail(client, numeric_answer)
    assert client.get(revise_url(numeric_answer)).status_code == 403
    assert post_revision(client, numeric_answer).status_code == 403
    assert Answer.objects.count() == 1


def test_anonymous_and_roleless_users_cannot_correct(client, nobody, numeric_answer):
    response = post_revision(client, numeric_answer)
    assert response.status_code == 302 and reverse("login") in response["Location"]
    login(client, nobody)
    assert post_revision(client, numeric_answer).status_code == 403
    assert Answer.objects.count() == 1


def test_the_form_needs_its_csrf_token(editor, numeric_answer):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(editor)
    assert post_revision(strict, numeric_answer).status_code == 403
    assert Answer.objects.count() == 1


def test_clean_answers_are_not_corrected(client, editor):
    clean = make_answer(text=VERIFIED)
    login(client, editor)
    assert "Correct this answer" not in detail(client, clean)
    response = post_revision(client, clean, text=VERIFIED + " More.")
    assert response.status_code == 302
    assert Answer.objects.count() == 1


# --- Saving a revision ---------------------------------------------------------------------


@pytest.mark.parametrize("who", ["editor", "staff"])
def test_a_correction_is_a_new_verified_revision(client, request, who, numeric_answer):
    user = request.getfixturevalue(who)
    login(client, user)
    response = post_revision(client, numeric_answer, note="Overtime is 150 percent.")
    revision = Answer.objects.get(previous=numeric_answer)
    assert response.status_code == 302
    assert response["Location"] == reverse("citations:answer_detail", args=[revision.pk])
    assert revision.revision == 2 and revision.is_current
    assert revision.text == CORRECTED
    assert revision.revised_by == user
    assert revision.revision_note == "Overtime is 150 percent."
    assert revision.unsupported_count == 0 and revision.uncited_count == 1
    assert list(revision.evidence.values_list("text", flat=True)) == list(
        numeric_answer.evidence.values_list("text", flat=True)
    )
    numeric_answer.refresh_from_db()
    assert not numeric_answer.is_current
    assert numeric_answer.text == NUMERIC_TEXT  # the original stays as it was
    page = client.get(response["Location"]).content.decode()
    assert "Saved as revision 2 and verified: 1 flagged sentence to review." in page


def test_line_breaks_from_the_browser_are_stored_as_newlines(client, editor, numeric_answer):
    login(client, editor)
    post_revision(client, numeric_answer, text=f"{VERIFIED}\r\n\r\n{FIXED}")
    assert Answer.objects.get(previous=numeric_answer).text == f"{VERIFIED}\n\n{FIXED}"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (NUMERIC_TEXT, "The text is unchanged: edit it before saving."),
        ("   ", "The corrected answer cannot be empty."),
        ("", "This field is required."),
    ],
)
def test_invalid_corrections_show_the_form_again(client, editor, numeric_answer, text, error):
    login(client, editor)
    response = post_revision(client, numeric_answer, text=text, note="<b>kept</b>")
    assert response.status_code == 422
    html = response.content.decode()
    assert error in html
    assert "&lt;b&gt;kept&lt;/b&gt;</textarea>" in html
    assert Answer.objects.count() == 1


def test_a_superseded_revision_sends_the_editor_to_the_current_one(client, editor, numeric_answer):
    revision = answer_revise(answer=numeric_answer, text=CORRECTED, revised_by=editor)
    login(client, editor)
    numeric_answer.refresh_from_db()
    for response in (client.get(revise_url(numeric_answer)), post_revision(client, numeric_answer)):
        assert response.status_code == 302
        assert response["Location"] == reverse("citations:answer_detail", args=[revision.pk])
    assert Answer.objects.count() == 2


# --- The revision bar, the banner and the diff -----------------------------------------------


@pytest.fixture
def three_revisions(editor, numeric_answer):
    second = answer_revise(
        answer=numeric_answer, text=CORRECTED, revised_by=editor, note="<i>fixed</i> overtime"
    )
    third = answer_revise(answer=second, text=f"{VERIFIED} {FIXED}", revised_by=editor)
    for answer in (numeric_answer, second):
        answer.refresh_from_db()
    return numeric_answer, second, third


def test_the_revision_bar_links_original_previous_and_current(client, reviewer, three_revisions):
    first, second, third = three_revisions
    login(client, reviewer)
    html = detail(client, second)
    assert "Revision 2 of 3" in html
    url = {a: reverse("citations:answer_detail", args=[a.pk]) for a in three_revisions}
    assert f'href="{url[first]}">original <span class="rev-n">revision 1</span>' in html
    assert f'href="{url[third]}">current <span class="rev-n">revision 3</span>' in html
    assert "Corrected by <strong>edna</strong>" in html
    assert "&lt;i&gt;fixed&lt;/i&gt; overtime" in html and "<i>fixed</i>" not in html

    current = detail(client, third)
    assert "Revision 3 of 3" in current
    assert f'href="{url[first]}">original' in current
    assert f'href="{url[second]}">previous <span class="rev-n">revision 2</span>' in current
    assert "This revision is superseded" not in current

    # A never-revised answer has no bar.
    assert "Revision 1 of" not in detail(client, make_answer(text=NUMERIC_TEXT))


def test_superseded_revisions_are_read_only(client, editor, three_revisions):
    first, second, third = three_revisions
    login(client, editor)
    html = detail(client, first)
    assert "This revision is superseded</strong> by" in html
    revision_2 = reverse("citations:answer_detail", args=[second.pk])
    revision_3 = reverse("citations:answer_detail", args=[third.pk])
    assert f'<a href="{revision_2}">revision 2</a>' in html
    assert f'the current one is <a href="{revision_3}">revision 3</a>' in html
    assert 'name="action"' not in html  # no decision controls
    assert "Correct this answer" not in html
    assert "A superseded revision is read-only" in html
    first.refresh_from_db()
    assert first.claimed_by is None  # opening it claims nothing
    response = client.post(
        reverse("citations:answer_decide", args=[first.pk]), {"action": "approve", "sentence": 1}
    )
    assert response.status_code == 403
    assert not Decision.objects.filter(answer=first).exists()
    # The current one has the controls.
    assert 'name="action"' in detail(client, third)


def test_the_diff_shows_removed_added_and_unchanged_sentences(client, reviewer, three_revisions):
    first, second, _ = three_revisions
    login(client, reviewer)
    html = detail(client, second)
    assert "Changes from revision 1" in html
    assert "1 removed" in html and "1 added" in html and "2 unchanged" in html
    removed = element(html, class_="diff-row diff-removed")
    assert f'<del class="diff-text">{UNSUPPORTED}</del>' in removed
    assert "Removed" in removed and "Unsupported" in removed  # words, not colour alone
    added = element(html, class_="diff-row diff-added")
    assert f'<ins class="diff-text">{FIXED}</ins>' in added
    assert "Added" in added and "Verified" in added
    assert html.count('class="diff-row diff-same"') == 2
    assert "Changes from revision" not in detail(client, first)


def test_long_runs_of_unchanged_sentences_are_folded(client, editor):
    sentences = [f"Sentence number {n} says nothing much at all." for n in range(8)]
    original = make_answer(text=" ".join([UNSUPPORTED, *sentences]))
    revision = answer_revise(answer=original, text=" ".join([FIXED, *sentences]), revised_by=editor)
    login(client, editor)
    html = detail(client, revision)
    assert html.count('class="diff-row diff-same"') == 8  # all there, 7 of them folded
    assert "7 unchanged sentences</summary>" in html


def test_the_diff_escapes_the_text(client, editor, numeric_answer):
    login(client, editor)
    hostile = f"{VERIFIED} <img src=x onerror=alert(1)> pays 150 percent [2]. {UNCITED}"
    post_revision(client, numeric_answer, text=hostile)
    revision = Answer.objects.get(previous=numeric_answer)
    html = detail(client, revision)
    assert "<img src=x" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_decisions_on_unchanged_sentences_carry_over(client, editor, reviewer, numeric_answer):
    decision_record(
        answer=numeric_answer, reviewer=reviewer, action="approve", note="ok", sentence_index=2
    )
    login(client, editor)
    post_revision(client, numeric_answer)
    revision = Answer.objects.get(previous=numeric_answer)
    html = detail(client, revision)
    card = element(html, id="card-2")
    assert "carried over from revision 1" in card
    assert "Approved" in card and "rita" in card
    assert revision.review_status == "approved"


def test_the_revised_answer_page_has_a_constant_query_count(
    client, editor, django_assert_num_queries
):
    from tests.web.test_queries import DETAIL_QUERIES

    login(client, editor)
    for blocks in (1, 20):
        original = make_answer(text=f"{NUMERIC_TEXT} " * blocks)
        revision = answer_revise(answer=original, text=f"{CORRECTED} " * blocks, revised_by=editor)
        url = reverse("citations:answer_detail", args=[revision.pk])
        client.get(url)
        # Two more than an answer never revised: the lineage and the previous report.
        with django_assert_num_queries(DETAIL_QUERIES + 2):
            client.get(url)
        # The superseded original: the lineage, but no previous report.
        with django_assert_num_queries(DETAIL_QUERIES + 1):
            client.get(reverse("citations:answer_detail", args=[original.pk]))


def test_htmx_decisions_on_a_revision_still_swap_the_review(client, editor, numeric_answer):
    revision = answer_revise(answer=numeric_answer, text=CORRECTED, revised_by=editor)
    login(client, editor)
    response = client.post(
        reverse("citations:answer_decide", args=[revision.pk]),
        {"action": "approve", "sentence": 2},
        **HX,
    )
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section id="review"')


def test_reviewers_and_editors_see_the_revision_tag_in_the_queue(client, reviewer, editor):
    original = make_answer(text=NUMERIC_TEXT)
    answer_revise(answer=original, text=CORRECTED, revised_by=editor)
    login(client, reviewer)
    html = client.get(reverse("citations:answer_list")).content.decode()
    assert '<span class="tag tag-revision">Revision 2</span>' in html
    assert html.count('class="row-title"') == 1
