"""Legal citation forms as legal assistants write them: each found with its unit key and the
span of the whole reference, over evidence quoted from real provisions."""

import pytest

from citations.engine import verify
from tests.engine.statutes import STATUTES

LEAD = "The rule is stated in "  # neutral words, so the form is what the test is about
# (text as written, reference span, law, article, paragraph, point)
FORMS = [
    # EU and international
    ("under Article 5(1)(a) GDPR", "Article 5(1)(a) GDPR", "GDPR", "5", "1", "a"),
    ("(Art. 5(1)(a) GDPR)", "(Art. 5(1)(a) GDPR)", "GDPR", "5", "1", "a"),
    ("Article 17 of the GDPR", "Article 17 of the GDPR", "GDPR", "17", "", ""),
    ("Art. 6 para. 1 lit. f GDPR", "Art. 6 para. 1 lit. f GDPR", "GDPR", "6", "1", "f"),
    ("Article 267 TFEU", "Article 267 TFEU", "TFEU", "267", "", ""),
    ("Articles 12 to 14 GDPR", "Articles 12 to 14 GDPR", "GDPR", "12-14", "", ""),
    ("Arts. 13 and 14", "Arts. 13 and 14", "", "13, 14", "", ""),
    ("Art. 6(1)(f) GDPR", "Art. 6(1)(f) GDPR", "GDPR", "6", "1", "f"),
    ("Article 5(2) GDPR", "Article 5(2) GDPR", "GDPR", "5", "2", ""),
    ("Art 17 GDPR", "Art 17 GDPR", "GDPR", "17", "", ""),
    ("article 17 GDPR", "article 17 GDPR", "GDPR", "17", "", ""),
    ("ARTICLE 17 GDPR", "ARTICLE 17 GDPR", "GDPR", "17", "", ""),
    ("Article 17(1) of the General Data Protection Regulation",
     "Article 17(1) of the General Data Protection Regulation",
     "General Data Protection Regulation", "17", "1", ""),
    ("Article 6(1)(f) of Regulation (EU) 2016/679",
     "Article 6(1)(f) of Regulation (EU) 2016/679", "Regulation (EU) 2016/679", "6", "1", "f"),
    ("Art. 6 Abs. 1 lit. f DSGVO", "Art. 6 Abs. 1 lit. f DSGVO", "DSGVO", "6", "1", "f"),
    ("Article 6, paragraph 1, point (f) GDPR", "Article 6, paragraph 1, point (f) GDPR",
     "GDPR", "6", "1", "f"),
    ("GDPR Art. 5", "GDPR Art. 5", "GDPR", "5", "", ""),
    ("[Art. 5(1)(a) GDPR]", "[Art. 5(1)(a) GDPR]", "GDPR", "5", "1", "a"),
    ("[GDPR, Article 17]", "[GDPR, Article 17]", "GDPR", "17", "", ""),
    ("[GDPR Art. 17]", "[GDPR Art. 17]", "GDPR", "17", "", ""),
    ("Articles 13 and 14 GDPR", "Articles 13 and 14 GDPR", "GDPR", "13, 14", "", ""),
    ("Art. 12-14 GDPR", "Art. 12-14 GDPR", "GDPR", "12-14", "", ""),
    ("Article 47 of the Charter of Fundamental Rights of the European Union",
     "Article 47 of the Charter of Fundamental Rights of the European Union",
     "Charter of Fundamental Rights of the European Union", "47", "", ""),
    ("Article 8 ECHR", "Article 8 ECHR", "ECHR", "8", "", ""),
    ("Article 8 of the European Convention on Human Rights",
     "Article 8 of the European Convention on Human Rights",
     "European Convention on Human Rights", "8", "", ""),
    ("Art. 267 AEUV", "Art. 267 AEUV", "AEUV", "267", "", ""),
    ("Article 83(5)(a) GDPR", "Article 83(5)(a) GDPR", "GDPR", "83", "5", "a"),
    ("Art. 4 No. 1 GDPR", "Art. 4 No. 1 GDPR", "GDPR", "4", "", "1"),
    ("Artikel 17 DSGVO", "Artikel 17 DSGVO", "DSGVO", "17", "", ""),
    # German-speaking
    ("§ 823 Abs. 1 BGB", "§ 823 Abs. 1 BGB", "BGB", "823", "1", ""),
    ("§§ 305 ff. BGB", "§§ 305 ff. BGB", "BGB", "305 ff.", "", ""),
    ("Art. 3 Abs. 2 GG", "Art. 3 Abs. 2 GG", "GG", "3", "2", ""),
    ("§ 1 Abs. 2 S. 1 Nr. 3", "§ 1 Abs. 2 S. 1 Nr. 3", "", "1", "2", "3"),
    ("§ 823 Absatz 1 BGB", "§ 823 Absatz 1 BGB", "BGB", "823", "1", ""),
    ("§ 823 Abs. 2 S. 1 BGB", "§ 823 Abs. 2 S. 1 BGB", "BGB", "823", "2", ""),
    ("§ 305 Abs. 1 Satz 1 BGB", "§ 305 Abs. 1 Satz 1 BGB", "BGB", "305", "1", ""),
    ("§ 242 BGB", "§ 242 BGB", "BGB", "242", "", ""),
    ("§§ 305 bis 310 BGB", "§§ 305 bis 310 BGB", "BGB", "305-310", "", ""),
    ("Art. 1 Abs. 1 GG", "Art. 1 Abs. 1 GG", "GG", "1", "1", ""),
    ("§ 15 Abs. 1 Nr. 2 StGB", "§ 15 Abs. 1 Nr. 2 StGB", "StGB", "15", "1", "2"),
    ("§ 823 Abs. 1 des Bürgerlichen Gesetzbuchs", "§ 823 Abs. 1 des Bürgerlichen Gesetzbuchs",
     "Bürgerlichen Gesetzbuchs", "823", "1", ""),
    ("Art. 20a GG", "Art. 20a GG", "GG", "20a", "", ""),
    ("(§ 823 Abs. 1 BGB)", "(§ 823 Abs. 1 BGB)", "BGB", "823", "1", ""),
    ("[§ 823 Abs. 1 BGB]", "[§ 823 Abs. 1 BGB]", "BGB", "823", "1", ""),
    ("§ 26 BDSG", "§ 26 BDSG", "BDSG", "26", "", ""),
    # French
    ("article L. 1234-1 du Code du travail", "article L. 1234-1 du Code du travail",
     "Code du travail", "L1234-1", "", ""),
    ("art. 1240 du Code civil", "art. 1240 du Code civil", "Code civil", "1240", "", ""),
    ("article L1234-1 du code du travail", "article L1234-1 du code du travail",
     "code du travail", "L1234-1", "", ""),
    ("articles L. 1234-1 et L. 1234-5 du Code du travail",
     "articles L. 1234-1 et L. 1234-5 du Code du travail",
     "Code du travail", "L1234-1, L1234-5", "", ""),
    ("art. L. 1234-1 C. trav.", "art. L. 1234-1 C. trav.", "C. trav.", "L1234-1", "", ""),
    ("article R. 4624-10 du Code du travail", "article R. 4624-10 du Code du travail",
     "Code du travail", "R4624-10", "", ""),
    ("article 9 du Code civil", "article 9 du Code civil", "Code civil", "9", "", ""),
    ("article 1240 du Code civil, alinéa 1", "article 1240 du Code civil", "Code civil",
     "1240", "", ""),
    ("article L. 1234-1, alinéa 2, du Code du travail",
     "article L. 1234-1, alinéa 2, du Code du travail", "Code du travail", "L1234-1", "2", ""),
    # US
    ("42 U.S.C. § 1983", "42 U.S.C. § 1983", "42 U.S.C.", "1983", "", ""),
    ("42 USC 1983", "42 USC 1983", "42 U.S.C.", "1983", "", ""),
    ("29 C.F.R. § 1910.1200", "29 C.F.R. § 1910.1200", "29 C.F.R.", "1910.1200", "", ""),
    ("29 CFR 1910.1200", "29 CFR 1910.1200", "29 C.F.R.", "1910.1200", "", ""),
    ("section 1983 of title 42", "section 1983 of title 42", "42 U.S.C.", "1983", "", ""),
    ("42 U.S.C. § 2000e-2(a)", "42 U.S.C. § 2000e-2(a)", "42 U.S.C.", "2000e-2", "a", ""),
    ("29 C.F.R. § 1910.1200(b)(1)", "29 C.F.R. § 1910.1200(b)(1)", "29 C.F.R.",
     "1910.1200", "b", "1"),
    ("42 U.S.C. §§ 1981 and 1983", "42 U.S.C. §§ 1981 and 1983", "42 U.S.C.",
     "1981, 1983", "", ""),
    ("section 1983 of title 42, United States Code",
     "section 1983 of title 42, United States Code", "42 U.S.C.", "1983", "", ""),
    ("42 U.S.C. Sec. 1983", "42 U.S.C. Sec. 1983", "42 U.S.C.", "1983", "", ""),
    ("Section 7 of the Fair Labor Standards Act", "Section 7 of the Fair Labor Standards Act",
     "Fair Labor Standards Act", "7", "", ""),
    ("29 U.S.C. § 207(a)(1)", "29 U.S.C. § 207(a)(1)", "29 U.S.C.", "207", "a", "1"),
    ("[42 U.S.C. § 1983]", "[42 U.S.C. § 1983]", "42 U.S.C.", "1983", "", ""),
    # The seed form and its suffixes, as before
    ("[Labour Law, Article 30]", "[Labour Law, Article 30]", "Labour Law", "30", "", ""),
    ("[Labour Law, Art. 30(2)]", "[Labour Law, Art. 30(2)]", "Labour Law", "30", "2", ""),
    ("[labour-law , ARTICLE 30 (2)(a)]", "[labour-law , ARTICLE 30 (2)(a)]", "labour-law",
     "30", "2", "a"),
    ("[Labour Law, § 30]", "[Labour Law, § 30]", "Labour Law", "30", "", ""),
    ("[Labour Law, Artikel 30]", "[Labour Law, Artikel 30]", "Labour Law", "30", "", ""),
    ("Article 30 of the Labour Law", "Article 30 of the Labour Law", "Labour Law", "30", "", ""),
]  # fmt: skip


def legal_citations(text, evidence=STATUTES, **kwargs):
    report = verify(text, evidence, **kwargs)
    return [c for s in report.sentences for c in s.citations if c.style == "legal"]


def test_there_are_at_least_sixty_forms():
    assert len(FORMS) >= 60


@pytest.mark.parametrize(("written", "span", "law", "article", "paragraph", "point"), FORMS)
def test_form_is_one_citation_with_its_unit_and_span(written, span, law, article, paragraph, point):
    text = f"{LEAD}{written}."
    (c,) = legal_citations(text)
    assert text[c.start : c.end] == c.raw == span
    assert c.unit == {"law": law, "article": article, "paragraph": paragraph, "point": point}
    assert c.to_dict()["unit"] == c.unit


@pytest.mark.parametrize(("written", "span", "law", "article", "paragraph", "point"), FORMS)
def test_form_mid_sentence_keeps_the_span(written, span, law, article, paragraph, point):
    text = f"As {written} says, the controller decides. Then nothing else."
    (c,) = legal_citations(text)
    assert text[c.start : c.end] == span
    assert c.start == text.index(span)
