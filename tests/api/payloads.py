"""Request bodies and paths shared by the API tests."""

from citations.engine import verify

ANSWERS = "/api/v1/answers/"
VERIFY = "/api/v1/verify/"

EVIDENCE = [
    {"text": "Employees are entitled to 30 days of paid annual leave per year.", "title": "Leave"},
    {"text": "Overtime is paid at 150 percent of the regular hourly wage.", "title": "Overtime"},
]
TEXT = "Employees get 30 days of paid annual leave [1]. Overtime is paid at 150 percent [2]."


def body(**overrides) -> dict:
    data = {"text": TEXT, "evidence": [dict(item) for item in EVIDENCE]}
    data.update(overrides)
    return data


def detail_path(answer_id: int) -> str:
    return f"{ANSWERS}{answer_id}/"


def revisions_path(answer_id: int) -> str:
    return f"{ANSWERS}{answer_id}/revisions/"


# A legal passage, and an answer citing it inline twice: the unit it gives (verified) and a
# paragraph it does not give (unresolved at paragraph level).
GDPR_17 = {
    "text": "The data subject shall have the right to obtain from the controller the erasure of "
    "personal data concerning him or her without undue delay.",
    "law": "GDPR",
    "article": "17",
    "paragraph": "1",
    "law_aliases": ["General Data Protection Regulation", "Regulation (EU) 2016/679"],
}
GDPR_TEXT = (
    "The data subject can obtain from the controller the erasure of personal data without "
    "undue delay under Article 17(1) GDPR. Erasure does not apply where processing is needed "
    "for reasons of public interest in public health (Art. 17(3)(b) GDPR)."
)

EXPORT_CSV = f"{ANSWERS}export.csv"
EXPORT_JSONL = f"{ANSWERS}export.jsonl"

# One sentence of each kind the support score tells apart, over EVIDENCE: verified; a wrong
# number behind a citation hidden by a zero-width space; the wrong passage cited (passage 2
# would support it); a citation that cannot be read.
SUPPORT_TEXT = (
    "Employees get 30 days of paid annual leave [1]. "
    "Annual leave is 99 days [1\u200b]. "
    "Overtime is paid at 150 percent of the regular hourly wage [1]. "
    "Staff get 30 days of paid annual leave [1,]."
)


def engine_scores(text: str, evidence: list[dict] = EVIDENCE) -> list[float | None]:
    """The engine's own support per sentence: what the API, pages and exports must carry.

    Taken from the engine rather than written down, so refitting the model (its scores move
    in the third decimal) changes no test here; the engine's tests pin the scores' behaviour.
    """
    return [s.support for s in verify(text, evidence).sentences]


def suggested_support(text: str, index: int, evidence: list[dict] = EVIDENCE) -> float:
    """The support of the engine's first suggestion for sentence ``index``."""
    return verify(text, evidence).sentences[index].suggestions[0].support
