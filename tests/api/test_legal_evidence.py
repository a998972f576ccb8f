"""Evidence naming its legal unit (paragraph, point, law_aliases), and the unit and level of
failure of each legal citation, over HTTP."""

import pytest

from citations.models import Answer, Evidence
from citations.services.answers import normalise_evidence, request_digest

from .payloads import ANSWERS, EVIDENCE, GDPR_17, GDPR_TEXT, body, detail_path

pytestmark = pytest.mark.django_db


def test_unit_fields_are_accepted_stored_and_returned(api):
    text = (
        "The data subject may obtain erasure of personal data without undue delay under "
        "Article 17(1) of the General Data Protection Regulation."
    )
    response = api.post(ANSWERS, body(text=text, evidence=[GDPR_17]), format="json")

    assert response.status_code == 201, response.json()
    data = response.json()
    (evidence,) = data["evidence"]
    assert (evidence["paragraph"], evidence["point"]) == ("1", "")
    assert evidence["law_aliases"] == GDPR_17["law_aliases"]
    stored = Evidence.objects.get()
    assert stored.law_aliases == GDPR_17["law_aliases"] and stored.paragraph == "1"
    (citation,) = data["verification"]["sentences"][0]["citations"]
    assert citation["status"] == "verified"
    assert citation["unit"] == {"law": "General Data Protection Regulation", "article": "17",
                                "paragraph": "1", "point": ""}  # fmt: skip
    assert Answer.objects.get().is_legal


def test_submissions_without_unit_fields_keep_their_digest():
    # A retry of a request stored before the fields existed must not become a 409.
    evidence = normalise_evidence([dict(item) for item in EVIDENCE])
    assert all(set(item) == {"text", "id", "title", "law", "article", "url"} for item in evidence)
    digest = request_digest(
        text="t", evidence=evidence, question="", citation_style="auto", metadata={}
    )
    assert digest == request_digest(
        text="t",
        evidence=normalise_evidence([{**item, "law_aliases": None} for item in EVIDENCE]),
        question="",
        citation_style="auto",
        metadata={},
    )


@pytest.mark.parametrize(
    ("aliases", "reason"),
    [
        ("GDPR", "Expected a list"),
        ([f"name {i}" for i in range(21)], "no more than 20"),
        (["x" * 201], "no more than 200 characters"),
    ],
)
def test_bad_aliases_are_a_400_naming_the_field(api, aliases, reason):
    evidence = [{**GDPR_17, "law_aliases": aliases}]
    response = api.post(ANSWERS, body(evidence=evidence), format="json")

    assert response.status_code == 400
    assert "law_aliases" in str(response.json())
    assert reason in str(response.json())
    assert not Answer.objects.exists()


def test_each_legal_citation_carries_its_unit_and_level_of_failure_as_documented(api):
    created = api.post(ANSWERS, body(text=GDPR_TEXT, evidence=[GDPR_17]), format="json")
    assert created.status_code == 201, created.json()
    detail = api.get(detail_path(created.json()["id"])).json()
    report = detail["verification"]
    assert report == created.json()["verification"]
    assert report["legal"] is True
    erased, restricted = (s["citations"][0] for s in report["sentences"])
    assert (erased["raw"], erased["status"], erased["failure"]) == (
        "Article 17(1) GDPR",  # inline: no brackets, the whole reference
        "verified",
        None,
    )
    assert GDPR_TEXT[erased["start"] : erased["end"]] == erased["raw"]
    assert erased["unit"] == {"law": "GDPR", "article": "17", "paragraph": "1", "point": ""}
    assert (restricted["raw"], restricted["status"]) == ("(Art. 17(3)(b) GDPR)", "unresolved")
    assert restricted["unit"] == {"law": "GDPR", "article": "17", "paragraph": "3", "point": "b"}
    assert restricted["failure"] == "paragraph"
    assert restricted["reason"] == "GDPR Article 17 is given only as paragraph 1"

    # As the schema says: every field documented, the level one of the documented ones.
    schemas = api.get("/api/v1/schema/", {"format": "json"}).json()["components"]["schemas"]
    for citation in (erased, restricted):
        assert set(citation) == set(schemas["CitationReport"]["properties"])
        assert set(citation["unit"]) == set(schemas["Unit"]["properties"])
    assert restricted["failure"] in schemas["FailureEnum"]["enum"]
    assert set(report) == set(schemas["Report"]["properties"])


def test_a_numeric_citation_has_neither_unit_nor_failure(api):
    report = api.post(ANSWERS, body(), format="json").json()["verification"]
    assert report["legal"] is False
    for sentence in report["sentences"]:
        assert [(c["unit"], c["failure"]) for c in sentence["citations"]] == [(None, None)]
