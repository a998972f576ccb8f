"""Plain evidence (no passage carries a law and article): a legal citation resolves to the
passages whose text states that unit, as a retrieval pipeline's passage quotes a statute."""

from citations.engine import verify
from citations.engine.citations.lawindex import MAX_STATED
from tests.engine.statutes import unit

LANHAM = {
    "text": "False advertising is an actionable civil claim under Section 43(a) of the Lanham Act. "
    "The plaintiff must show that the defendant made false or misleading statements."
}
OTHER = {"text": "Trademark owners may register their marks with the federal office."}


def legal(report):
    return [c for s in report.sentences for c in s.citations if c.style == "legal"]


def test_the_section_a_passage_quotes_resolves_to_it():
    text = "Under Section 43(a) of the Lanham Act, false advertising is an actionable claim [2]."
    report = verify(text, [OTHER, LANHAM])
    (c,) = legal(report)
    assert c.status == "verified" and c.evidence == [2]
    assert c.unit == {"law": "Lanham Act", "article": "43", "paragraph": "a", "point": ""}
    assert report.sentences[0].status == "verified"


def test_a_section_no_passage_states_does_not_resolve():
    report = verify(
        "False advertising is a claim under Section 44 of the Lanham Act [1].", [LANHAM]
    )
    (c,) = legal(report)
    assert c.status == "unresolved" and c.failure == "article"
    assert c.reason == (
        "no passage carries a law and article, "
        "nor states 'Section 44 of the Lanham Act' in its text"
    )
    assert report.sentences[0].status == "unsupported"


def test_another_paragraph_of_the_stated_section_does_not_resolve():
    (c,) = legal(verify("It is a claim under Section 43(b) of the Lanham Act [1].", [LANHAM]))
    assert c.status == "unresolved" and c.failure == "paragraph"


def test_a_bracketed_citation_resolves_to_a_passage_naming_the_unit_in_other_words():
    evidence = [OTHER, {"text": "Under Article 30 of the Labour Law, leave lasts 30 days."}]
    (c,) = legal(verify("Leave lasts 30 days [Labour Law, Art. 30].", evidence))
    assert c.status == "verified" and c.evidence == [2]


def test_a_law_named_nowhere_says_so_without_naming_a_stated_one():
    (c,) = legal(verify("Staff get 30 days of leave under Article 5 GDPR.", [LANHAM]))
    assert c.status == "unresolved" and c.failure == "law"
    assert c.reason == (
        "no passage carries a law and article, nor states 'Article 5 GDPR' in its text"
    )


def test_legal_evidence_is_read_by_its_fields_only():
    labour = unit("Employees are entitled to 30 days of paid annual leave.", "Labour Law", "30")
    (c,) = legal(verify("False advertising is actionable under Section 43(a) of the Lanham Act.",
                        [labour, LANHAM]))  # fmt: skip
    assert c.status == "unresolved"
    assert c.reason.startswith("no 'Lanham Act' in the evidence; it has 'Labour Law'")


def test_a_passage_is_read_for_its_first_references_only():
    numbers = range(101, 101 + MAX_STATED)
    filler = " ".join(f"Section {n} of the Lanham Act applies." for n in numbers)
    evidence = [{"text": f"{filler} Section 43(a) of the Lanham Act covers false advertising."}]
    (c,) = legal(verify("Section 43(a) of the Lanham Act covers false advertising [1].", evidence))
    assert c.status == "unresolved"
    (c,) = legal(verify("Section 164 of the Lanham Act applies [1].", evidence))
    assert c.status == "verified"
