"""Evidence naming its legal unit (paragraph, point, law_aliases) over HTTP."""

import pytest

from citations.models import Answer, Evidence
from citations.services.answers import normalise_evidence, request_digest

from .payloads import ANSWERS, EVIDENCE, body

pytestmark = pytest.mark.django_db

ERASURE = (
    "The data subject shall have the right to obtain from the controller the erasure of "
    "personal data concerning him or her without undue delay."
)
GDPR_17 = {
    "text": ERASURE,
    "law": "GDPR",
    "article": "17",
    "paragraph": "1",
    "law_aliases": ["General Data Protection Regulation", "Regulation (EU) 2016/679"],
}


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
