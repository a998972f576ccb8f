"""Legal citation chips: bracketed, parenthesised and inline references, resolved and unresolved
at each level, each chip wrapping its whole reference and naming its unit; the evidence panel
names the unit and the level of failure; everything escaped, at constant query counts."""

import pytest
from django.urls import reverse

from citations.domain.statuses import CitationStatus
from citations.engine import verify
from citations.web.rendering.highlight import render_blocks
from citations.web.rendering.sentences import sentence_markup
from citations.web.rendering.units import chip_title, failure_tag, unit_label
from tests.factories import make_answer
from tests.html import element, text
from tests.web.conftest import HX, login
from tests.web.test_queries import DETAIL_QUERIES, EVIDENCE_QUERIES
from tests.web.test_rendering import assert_no_raw_markup

pytestmark = pytest.mark.django_db

GDPR = {"law": "GDPR", "law_aliases": ["General Data Protection Regulation"]}
EVIDENCE = [
    {
        **GDPR,
        "article": "5",
        "paragraph": "1",
        "point": "a",
        "title": "GDPR, Article 5(1)(a)",
        "text": "Personal data shall be processed lawfully, fairly and in a transparent manner in "
        "relation to the data subject ('lawfulness, fairness and transparency').",
    },
    {
        **GDPR,
        "article": "5",
        "paragraph": "2",
        "title": "GDPR, Article 5(2)",
        "text": "The controller shall be responsible for, and be able to demonstrate compliance "
        "with, paragraph 1 ('accountability').",
    },
    {
        "law": "BGB",
        "article": "823",
        "paragraph": "1",
        "title": "BGB, § 823 Abs. 1",
        "text": "Wer vorsätzlich oder fahrlässig das Leben, den Körper, die Gesundheit, die "
        "Freiheit, das Eigentum oder ein sonstiges Recht eines anderen widerrechtlich verletzt, "
        "ist dem anderen zum Ersatz des daraus entstehenden Schadens verpflichtet.",
    },
]
# (reference as written, status, unit label, failure tag), one sentence each, in order.
CASES = [
    ("Article 5(1)(a) GDPR", "verified", "GDPR · Article 5(1)(a)", ""),
    ("[GDPR, Article 5(1)(b)]", "unresolved", "GDPR · Article 5(1)(b)", "point not in evidence"),
    ("(Art. 5(3) GDPR)", "unresolved", "GDPR · Art. 5(3)", "paragraph not in evidence"),
    ("(§ 826 BGB)", "unresolved", "BGB · § 826", "article not in evidence"),
    ("Art. 3 Abs. 2 GG", "unresolved", "GG · Art. 3(2)", "law not in evidence"),
    ("[GDPR, Article 5(2)]", "verified", "GDPR · Article 5(2)", ""),
    ("[<b>X</b>, Article 823]", "unresolved", "<b>X</b> · Article 823", "law not in evidence"),
]
TEXT = (
    "Personal data must be processed lawfully, fairly and in a transparent manner under "
    "Article 5(1)(a) GDPR. "
    "Personal data must be processed lawfully and fairly in relation to the data subject "
    "[GDPR, Article 5(1)(b)]. "
    "The controller must be able to demonstrate compliance (Art. 5(3) GDPR). "
    "Wer vorsätzlich das Eigentum eines anderen verletzt, ist zum Ersatz des Schadens "
    "verpflichtet (§ 826 BGB). "
    "Men and women have equal rights under Art. 3 Abs. 2 GG. "
    "The controller is responsible for compliance [GDPR, Article 5(2)]. "
    "Wer fahrlässig das Eigentum eines anderen widerrechtlich verletzt, ist zum Ersatz des "
    "Schadens verpflichtet [<b>X</b>, Article 823]."
)


@pytest.fixture
def answer(db):
    return make_answer(text=TEXT, evidence=EVIDENCE, question="Data protection and liability")


def chip_of(html: str, answer, sentence: int, classes: str) -> str:
    detail = reverse("citations:answer_detail", args=[answer.pk])
    return element(html, class_=classes, href=f"{detail}?s={sentence}&c=0#evidence")


def test_each_chip_wraps_its_whole_reference_and_names_its_unit(client, editor, answer):
    login(client, editor)
    html = client.get(reverse("citations:answer_detail", args=[answer.pk])).content.decode()
    assert_no_raw_markup(html)
    article = element(html, id="answer-text")
    for n, (raw, status, unit, failure) in enumerate(CASES):
        chip = chip_of(article, answer, n, f"chip chip-{status} chip-legal")
        # The chip holds the reference whole, once, as text; the sentence around it is intact.
        assert text(chip, without="sr-only chip-warn") == raw
        assert text(article).count(raw) == 1
        about = f"unresolved, {failure}" if failure else "supports the sentence"
        assert text(element(chip, class_="sr-only")) == f"({unit} — {about})"
    # The title is an attribute: escaped like every other value.
    assert 'title="&lt;b&gt;X&lt;/b&gt; · Article 823 — unresolved, law not in evidence"' in html
    assert text(article, without="sr-only chip-warn s-mark") == TEXT


@pytest.mark.parametrize("n", range(len(CASES)))
def test_the_panel_names_the_unit_and_the_level_of_failure(client, editor, answer, n):
    raw, status, unit, failure = CASES[n]
    login(client, editor)
    url = reverse("citations:answer_evidence", args=[answer.pk])
    html = client.get(url, {"s": n, "c": 0}, **HX).content.decode()
    assert_no_raw_markup(html)
    section = element(html, class_="ev-cit is-selected")
    chip = element(section, class_=f"chip chip-{status} chip-legal")
    assert text(chip, without="chip-warn") == raw
    assert text(element(section, class_="unit")) == unit
    if failure:
        assert text(element(section, class_="tag-failure")) == failure
        assert "No passage in the evidence matches this citation." in section
    else:
        assert "tag-failure" not in section
        assert element(section, class_="passage")


def test_the_engines_reason_names_what_is_nearest(client, editor, answer):
    login(client, editor)
    url = reverse("citations:answer_evidence", args=[answer.pk])
    html = client.get(url, {"s": 2}, **HX).content.decode()
    assert "GDPR Article 5 is given only as paragraphs 1 and 2" in text(html)
    assert text(element(html, class_="tag-failure")) == "paragraph not in evidence"


def test_a_numeric_chip_has_no_unit(client, reviewer, numeric_answer):
    login(client, reviewer)
    html = client.get(reverse("citations:answer_detail", args=[numeric_answer.pk])).content
    chip = element(html.decode(), class_="chip chip-verified", title="supports the sentence")
    assert "chip-legal" not in chip
    assert text(chip, without="sr-only") == "[1]"


def render(text_: str) -> str:
    """The answer as the page renders it, from the engine's report of it."""
    report = verify(text_, EVIDENCE).to_dict()
    markup = sentence_markup(detail_url="/a/", evidence_url="/e/", in_force={})
    return str(render_blocks(text_, report["sentences"], markup))


@pytest.mark.parametrize(
    "answer_text",
    [
        # A reference opening the sentence: the sentence's marker glues to the chip.
        "§ 823 Abs. 1 BGB makes whoever damages the property of another liable.",
        # Over a line break: one chip, the reference in it once, nothing after it repeated.
        "Data must be processed lawfully and fairly under Article 5(1)(a)\nGDPR.",
        # In a list item, with punctuation kept beside it.
        "- Processing must be lawful, fair and transparent, Art. 5(1)(a) GDPR; see also.",
    ],
)
def test_inline_references_render_whole_wherever_they_stand(answer_text):
    html = render(answer_text)
    assert html.count('class="chip ') == 1
    chip = element(html, class_="chip")
    shown = text(chip, without="sr-only chip-warn")
    assert shown in " ".join(answer_text.split())
    assert any(word in shown for word in ("BGB", "GDPR"))
    # Every character of the answer is shown once (list markers aside).
    visible = text(html, without="sr-only chip-warn s-mark")
    assert visible == " ".join(answer_text.lstrip("- ").split())


def test_unit_labels_use_the_citations_own_noun():
    def label(raw, law, article, paragraph="", point=""):
        unit = {"law": law, "article": article, "paragraph": paragraph, "point": point}
        return unit_label({"raw": raw, "unit": unit})

    assert label("Art. 6 para. 1 lit. f GDPR", "GDPR", "6", "1", "f") == "GDPR · Art. 6(1)(f)"
    assert label("Art. 6 lit. f GDPR", "GDPR", "6", point="f") == "GDPR · Art. 6 point f"
    assert label("Articles 12 to 14 GDPR", "GDPR", "12-14") == "GDPR · Articles 12-14"
    assert label("§§ 305 ff. BGB", "BGB", "305 ff.") == "BGB · §§ 305 ff."
    assert label("42 USC 1983", "42 U.S.C.", "1983") == "42 U.S.C. · § 1983"
    assert label("Article 5", "", "5") == "Article 5"
    numeric = {"raw": "[1]", "unit": None, "failure": None}
    assert unit_label(numeric) == failure_tag(numeric) == ""
    assert chip_title(CitationStatus.VERIFIED, numeric) == "supports the sentence"


@pytest.mark.parametrize("copies", [1, 20])
def test_legal_pages_cost_the_same_queries(client, editor, django_assert_num_queries, copies):
    answer = make_answer(text=" ".join([TEXT] * copies), evidence=EVIDENCE)
    login(client, editor)
    detail = reverse("citations:answer_detail", args=[answer.pk])
    client.get(detail)  # warm the session
    with django_assert_num_queries(DETAIL_QUERIES):
        assert client.get(detail).status_code == 200
    url = reverse("citations:answer_evidence", args=[answer.pk])
    with django_assert_num_queries(EVIDENCE_QUERIES):
        assert client.get(url, {"s": 7 * copies - 1, "c": 0}, **HX).status_code == 200
