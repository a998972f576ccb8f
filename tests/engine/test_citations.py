from citations.engine import verify

EV3 = [
    {"text": "The employee is entitled to thirty days of annual leave."},
    {"text": "Annual leave may be carried over to the next year."},
    {"text": "Leave pay equals the normal wage for the days of leave."},
]


def cites(report):
    return [c for s in report.sentences for c in s.citations]


def test_single_list_range_and_en_dash():
    text = (
        "Annual leave exists [1]. Leave carries over [1, 2]. Leave pay [1-3]. "
        "Leave days [2\u20133]."
    )
    report = verify(text, EV3)
    assert [c.raw for c in cites(report)] == ["[1]", "[1, 2]", "[1-3]", "[2\u20133]"]
    assert [c.evidence for c in cites(report)] == [[1], [1, 2], [1, 2, 3], [2, 3]]
    assert all(c.style == "numeric" for c in cites(report))


def test_adjacent_groups_are_separate_citations():
    report = verify("Annual leave carries over to the next year [1][2].", EV3)
    assert [c.raw for c in cites(report)] == ["[1]", "[2]"]


def test_citation_offsets_point_into_the_text():
    text = "Annual leave carries over [2]."
    (c,) = cites(verify(text, EV3))
    assert text[c.start : c.end] == "[2]" == c.raw


def test_past_the_list_and_zero_are_unresolved():
    report = verify("Annual leave carries over [4]. Leave pay is normal [0].", EV3)
    first, second = cites(report)
    assert first.status == second.status == "unresolved"
    assert first.evidence == [] and first.spans == []
    assert "past the evidence list" in first.reason and "3 passages" in first.reason
    assert "0" in second.reason
    assert all(s.status == "unsupported" for s in report.sentences)


def test_range_end_past_the_list_is_unresolved():
    (c,) = cites(verify("Leave pay equals the normal wage [2-4].", EV3))
    assert c.status == "unresolved" and "2-4" in c.reason


def test_huge_range_costs_nothing():
    (c,) = cites(verify("Leave [1-999999999999].", EV3))
    assert c.status == "unresolved"
    (c,) = cites(verify("Leave [1-" + "9" * 290 + "].", EV3))
    assert c.status == "unresolved"


def test_backwards_range_is_unresolved():
    (c,) = cites(verify("Leave pay equals the normal wage [3-1].", EV3))
    assert c.status == "unresolved" and "backwards" in c.reason


def test_brackets_that_are_not_citations():
    report = verify("The employee [sic] is entitled to annual leave [citation needed].", EV3)
    assert cites(report) == []
    assert report.sentences[0].status == "uncited"


def test_legal_forms(labour_evidence):
    for raw in (
        "[Labour Law, Article 30]",
        "[Labour Law, Art. 30]",
        "[Labour Law, Art 30]",
        "[Labour Law, Article 30(2)]",
        "[labour-law , ARTICLE 30 (2)(a)]",
        "[LabourLaw, art. 030]",
    ):
        (c,) = cites(verify(f"Employees get 30 days of paid annual leave {raw}.", labour_evidence))
        assert c.style == "legal", raw
        assert c.status == "verified", (raw, c.reason)
        assert c.evidence == [1]


def test_legal_article_int_or_string(labour_evidence):
    (c,) = cites(
        verify("Overtime is paid at 150 percent [Labour Law, Article 31].", labour_evidence)
    )
    assert c.status == "verified" and c.evidence == [2]


def test_legal_every_chunk_of_the_article_counts():
    evidence = [
        {"text": "Employees are entitled to annual leave.", "law": "Labour Law", "article": "30"},
        {"text": "Unrelated text about pensions.", "law": "Labour Law", "article": "12"},
        {"text": "The leave lasts thirty days.", "law": "Labour Law", "article": "30"},
    ]
    report = verify("Annual leave lasts thirty days [Labour Law, Article 30].", evidence)
    (c,) = cites(report)
    assert c.evidence == [1, 3]
    assert report.sentences[0].status == "verified"
    assert {span.evidence for span in c.spans} == {1, 3}


def test_legal_labels_in_any_script():
    evidence = [
        {"text": "يستحق العامل إجازة سنوية مدفوعة الأجر", "law": "قانون العمل", "article": "30"},
        {
            "text": "Der Arbeitnehmer hat Anspruch auf Urlaub.",
            "law": "Arbeits-Gesetz",
            "article": 5,
        },
    ]
    text = (
        "يستحق العامل إجازة سنوية [قانون  العمل, Article 30]. "
        "Anspruch auf Urlaub [arbeitsgesetz, Art. 5]."
    )
    report = verify(text, evidence)
    assert [c.status for c in cites(report)] == ["verified", "verified"]


def test_missing_article_names_what_was_given(labour_evidence):
    (c,) = cites(verify("Dismissal is forbidden [Labour Law, Article 33].", labour_evidence))
    assert c.status == "unresolved"
    assert c.reason == "Labour Law Articles 30 and 31 are in the evidence, not 33"
    assert c.failure == "article"


def test_unknown_law_names_the_closest(labour_evidence):
    (c,) = cites(verify("Dismissal is forbidden [Labor Code, Art. 30].", labour_evidence))
    assert c.status == "unresolved"
    assert c.reason == "no 'Labor Code' in the evidence; it has 'Labour Law' (the closest)"
    assert c.failure == "law"


def test_unknown_law_far_from_everything(labour_evidence):
    (c,) = cites(verify("Dismissal is forbidden [Penal Statute of Xyz, Art. 9].", labour_evidence))
    assert "no 'Penal Statute of Xyz'" in c.reason and "'Labour Law'" in c.reason


def test_legal_citation_without_law_fields():
    (c,) = cites(verify("Leave exists [Labour Law, Article 30].", EV3))
    assert c.status == "unresolved" and "no passage carries a law" in c.reason


def test_auto_recognises_both_styles_mixed(labour_evidence):
    text = "Employees get 30 days of paid annual leave [1]. Overtime is paid [Labour Law, Art. 31]."
    report = verify(text, labour_evidence)
    assert [c.style for c in cites(report)] == ["numeric", "legal"]
    assert report.passed


def test_style_restricts(labour_evidence):
    text = (
        "Employees get 30 days of paid annual leave [1]. "
        "Overtime work is paid [Labour Law, Art. 31]."
    )
    numeric = verify(text, labour_evidence, style="numeric")
    assert [c.style for c in cites(numeric)] == ["numeric"]
    assert numeric.sentences[1].status == "uncited"  # the bracket is plain words now
    legal = verify(text, labour_evidence, style="legal")
    assert [c.style for c in cites(legal)] == ["legal"]
    assert legal.sentences[0].status == "uncited"
