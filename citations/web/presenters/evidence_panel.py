"""The evidence panel beside a selected sentence: its citations, their reasons, and the cited
passages with the matched words and spans marked."""

from dataclasses import dataclass

from django.utils.safestring import SafeString

from citations.domain.statuses import CitationStatus, SentenceStatus
from citations.web.rendering.highlight import mark_passage


@dataclass
class CitedPassage:
    position: int
    evidence: object | None
    html: SafeString | str


@dataclass
class CitationDetail:
    number: int
    raw: str
    status: str
    label: str
    icon: str
    reason: str
    selected: bool
    passages: list[CitedPassage]


@dataclass
class EvidencePanel:
    sentence: dict
    label: str
    icon: str
    citations: list[CitationDetail]
    cited_positions: set[int]
    passages: list  # every passage of the answer, in citation order

    @property
    def status(self) -> str:
        return self.sentence["status"]


def evidence_panel(
    report: dict, evidence: list, index: int, citation: int | None = None
) -> EvidencePanel | None:
    """The evidence beside sentence `index`: its cited passages marked up, and its reasons."""
    sentences = report["sentences"]
    if not 0 <= index < len(sentences):
        return None
    sentence = sentences[index]
    by_position = {e.position: e for e in evidence}
    terms = sentence.get("matched_terms") or []
    details = []
    cited: set[int] = set()
    for n, c in enumerate(sentence["citations"]):
        passages = []
        for position in c.get("evidence") or []:
            cited.add(position)
            spans = [
                (span["start"], span["end"])
                for span in c.get("spans") or []
                if span.get("evidence") == position
            ]
            passage = by_position.get(position)
            html = mark_passage(passage.text, spans, terms) if passage else ""
            passages.append(CitedPassage(position=position, evidence=passage, html=html))
        details.append(
            CitationDetail(
                number=n,
                raw=c["raw"],
                status=c["status"],
                label=CitationStatus(c["status"]).description,
                icon=CitationStatus(c["status"]).icon,
                reason=c.get("reason", ""),
                selected=citation == n,
                passages=passages,
            )
        )
    if citation is not None:
        details.sort(key=lambda d: not d.selected)
    return EvidencePanel(
        sentence=sentence,
        label=SentenceStatus(sentence["status"]).label,
        icon=SentenceStatus(sentence["status"]).icon,
        citations=details,
        cited_positions=cited,
        passages=evidence,
    )
