"""Legal citations resolved to the most specific unit the evidence gives, and the inline rule.

Evidence: tests/engine/statutes.py, positions [1] GDPR 5(1)(a) to [16] 29 CFR 1910.1200(a)(1).
"""

import pytest

from citations.engine import verify
from tests.engine.statutes import GDPR_5_2, GDPR_17, STATUTES, unit

LABOUR = unit("Employees are entitled to 30 days of paid annual leave.", "Labour Law", "30")
PLAIN = [{"text": "Employees are entitled to 30 days of paid annual leave each year."}]


def only(text, evidence=STATUTES, **kwargs):
    (c,) = [c for s in verify(text, evidence, **kwargs).sentences for c in s.citations]
    return c


@pytest.mark.parametrize(
    ("reference", "positions"),
    [
        ("Article 5(1)(a) GDPR", [1]),
        ("Article 5 GDPR", [1, 2]),  # every part of the article counts
        ("Article 5(2) GDPR", [2]),
        ("Art. 5 Abs. 1 DSGVO", [1]),  # a known name of the same law
        ("Art. 6 para. 1 lit. f GDPR", [3]),  # evidence article "6(1)(f)"
        ("Articles 12 to 14 GDPR", [4, 5, 6]),
        ("Arts. 13 and 14", [5, 6]),  # no law named: the one law that has both
        ("Article 14 GDPR", [6]),  # the passage names the law in full
        ("Article 17 of Regulation (EU) 2016/679", [7]),  # an alias given in the evidence
        ("Article 267 TFEU", [8]),  # initials of the full name
        ("§ 823 Abs. 1 BGB", [9]),
        ("§ 823 BGB", [9]),
        ("§§ 305 ff. BGB", [10, 11]),  # "Bürgerliches Gesetzbuch" and "BGB" are one law
        ("Art. 3 Abs. 2 GG", [12]),
        ("article L. 1234-1 du Code du travail", [13]),
        ("art. 1240 du Code civil", [14]),
        ("42 U.S.C. § 1983", [15]),
        ("42 USC 1983", [15]),
        ("section 1983 of title 42", [15]),
        ("29 CFR 1910.1200", [16]),
        ("29 C.F.R. § 1910.1200(a)", [16]),
    ],
)
def test_resolves_to_the_most_specific_unit_given(reference, positions):
    c = only(f"The provision applies here under {reference}.")
    assert c.evidence == positions, c.reason
    assert c.failure is None


@pytest.mark.parametrize(
    ("reference", "evidence", "failure", "reason"),
    [
        ("§ 823 Abs. 1 BGB", [GDPR_17, LABOUR], "law",
         "no 'BGB' in the evidence; it has 'GDPR' and 'Labour Law'"),
        ("Article 7 GDPR", [*STATUTES[:3], GDPR_17], "article",
         "GDPR Articles 5, 6 and 17 are in the evidence, not 7"),
        ("Article 5(1)(a) GDPR", [GDPR_5_2], "paragraph",
         "GDPR Article 5 is given only as paragraph 2"),
        ("Article 5(3) GDPR", STATUTES, "paragraph",
         "GDPR Article 5 is given only as paragraphs 1 and 2"),
        ("Article 5(1)(b) GDPR", STATUTES, "point", "GDPR Article 5(1) is given only as point a"),
        ("Art. 3 Abs. 1 GG", STATUTES, "paragraph", "GG Article 3 is given only as paragraph 2"),
        ("§ 824 BGB", STATUTES, "article", "BGB § 305, 306 and 823 are in the evidence, not 824"),
        ("42 U.S.C. § 1981", STATUTES, "article",
         "42 U.S.C. § 1983 is in the evidence, not 1981"),
        ("Article 30 GDPR", [GDPR_17, LABOUR], "article",
         "GDPR Article 17 is in the evidence, not 30 (Article 30 is given for Labour Law)"),
        ("Articles 13 to 15 GDPR", STATUTES, "article",
         "GDPR Articles 5, 6, 12, 13, 14 and 17 are in the evidence, not 15"),
    ],
)  # fmt: skip
def test_unresolved_names_the_level_and_what_is_nearest(reference, evidence, failure, reason):
    c = only(f"The provision applies here under {reference}.", evidence)
    assert c.status == "unresolved" and c.evidence == []
    assert (c.failure, c.reason) == (failure, reason)
    assert c.to_dict()["failure"] == failure


def test_a_close_label_is_named():
    c = only("Leave is thirty days [Labor Law, Art. 30].", [LABOUR])
    assert c.reason == "no 'Labor Law' in the evidence; it has 'Labour Law' (the closest)"


def test_a_lawless_citation_given_for_two_laws_asks_for_the_law():
    evidence = [LABOUR, unit("Annual leave lasts four weeks.", "Urlaubsgesetz", "30")]
    c = only("Leave is thirty days [Art. 30].", evidence)
    assert c.failure == "law"
    assert (
        c.reason
        == "'[Art. 30]' names no law, and Article 30 is given for Labour Law and Urlaubsgesetz"
    )


def test_a_verbatim_claim_under_an_inline_citation_is_verified():
    text = (
        "Under Article 17(1) GDPR, the data subject has the right to obtain from the controller "
        "the erasure of personal data concerning him or her without undue delay."
    )
    report = verify(text, STATUTES)
    (sentence,) = report.sentences
    assert sentence.status == "verified", sentence.reason
    assert "GDPR, Article 17(1) (passage [7])" in sentence.citations[0].reason
    assert report.legal


# The inline rule: unmistakable (a law named with an article number) or legal evidence.
@pytest.mark.parametrize(
    "text",
    [
        "Staff get 30 days of leave [1], as Article 5 of the contract says.",
        "Staff get 30 days of leave [1] (Arts. 13 and 14).",
        "Staff get 30 days of leave [1] under § 1 Abs. 2.",
        "Staff get 30 days of leave [1]; see section 3 of the handbook.",
        "Staff get 30 days of leave [1]; the art 5 class is full.",
        "Staff get 30 days of leave [1]; the GDPR took effect in 2018.",
        "Staff get 30 days of leave [1] [Art. 5].",
        "Staff get 30 days of leave [1]; Article 5 says so.",
    ],
)
def test_not_a_citation_without_a_law_unless_the_evidence_is_legal(text):
    report = verify(text, PLAIN)
    assert [c.style for s in report.sentences for c in s.citations] == ["numeric"]
    assert report.legal is False


@pytest.mark.parametrize(
    ("text", "raw"),
    [
        ("Staff get 30 days of leave [1], as Article 5 of the contract says.",
         "Article 5 of the contract"),
        ("Staff get 30 days of leave [1] (Arts. 13 and 14).", "(Arts. 13 and 14)"),
        ("Staff get 30 days of leave [1] [Art. 5].", "[Art. 5]"),
    ],
)  # fmt: skip
def test_the_same_mentions_are_citations_when_the_evidence_is_legal(text, raw):
    evidence = [{**PLAIN[0], "law": "Labour Law", "article": "30"}]
    report = verify(text, evidence)
    legal = [c for s in report.sentences for c in s.citations if c.style == "legal"]
    assert [c.raw for c in legal] == [raw]
    assert legal[0].status == "unresolved" and not report.passed


def test_an_unmistakable_mention_is_a_citation_whatever_the_evidence():
    c = only("Staff get 30 days of leave under Article 5 GDPR.", PLAIN)
    assert c.style == "legal" and c.status == "unresolved" and c.failure == "law"
    assert c.unit == {"law": "GDPR", "article": "5", "paragraph": "", "point": ""}


@pytest.mark.parametrize("style", ["auto", "legal", "numeric"])
def test_legal_whatever_the_style(style):
    text = "Staff get 30 days of leave [1]. Leave is paid [Labour Law, Art. 30]."
    report = verify(text, [LABOUR], style=style)
    assert report.legal is True
    styles = [c.style for s in report.sentences for c in s.citations]
    assert ("legal" in styles) is (style != "numeric")  # numeric does not check them


def test_a_reference_keeps_its_sentence_whole():
    text = "Standard terms are governed by §§ 305 ff. BGB. Nothing else is."
    report = verify(text, STATUTES)
    assert [s.text for s in report.sentences] == [
        "Standard terms are governed by §§ 305 ff. BGB.",
        "Nothing else is.",
    ]


def test_a_list_with_repeated_article_words_is_one_citation():
    c = only("Information duties follow from Art. 13 and Art. 14 GDPR.")
    assert c.raw == "Art. 13 and Art. 14 GDPR" and c.evidence == [5, 6]


def test_law_first_never_reaches_into_a_bracket():
    text = "Information duties apply [GDPR] Art. 13."
    report = verify(text, STATUTES)
    spans = [(c.start, c.end) for s in report.sentences for c in s.citations]
    assert spans == [(text.index("Art. 13"), len(text) - 1)]


def test_full_width_digits_read_as_ascii():
    c = only("Erasure is due under Article \uff11\uff17(\uff11) GDPR.")
    assert c.unit["article"] == "17" and c.evidence == [7]
