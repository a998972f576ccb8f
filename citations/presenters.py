"""What the answer page shows, computed from an answer loaded by `selectors.review_answer`.

Pure reads over prefetched data: building the page costs no query, however many sentences,
citations and decisions the answer has.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from citations import permissions
from citations.highlight import (
    CITATION_LABELS,
    DECISION_LABELS,
    STATUS_ICONS,
    STATUS_LABELS,
    SentenceMarkup,
    mark_passage,
    render_blocks,
)
from citations.models import Answer, Decision
from citations.review import FLAGGED_STATUSES, ReviewState, review_state
from citations.selectors import active_claimer, latest_verification


@dataclass
class FlaggedItem:
    """One unsupported or uncited sentence with its decision in force and its history."""

    number: int  # 1-based among the flagged sentences
    sentence: dict
    decision: Decision | None
    history: list[Decision]
    notice: str = ""

    @property
    def index(self) -> int:
        return self.sentence["index"]

    @property
    def status(self) -> str:
        return self.sentence["status"]

    @property
    def label(self) -> str:
        return STATUS_LABELS[self.status]

    @property
    def icon(self) -> str:
        return STATUS_ICONS[self.status]

    @property
    def seen_id(self) -> str:
        return str(self.decision.pk) if self.decision else ""

    @property
    def decision_label(self) -> str:
        return DECISION_LABELS[self.decision.action] if self.decision else "Not decided"


@dataclass
class AnswerPage:
    answer: Answer
    report: dict
    state: ReviewState
    text_html: SafeString
    flagged: list[FlaggedItem]
    answer_history: list[Decision]
    evidence: list
    claimer: object
    can_decide: bool
    can_return: bool
    notices: dict[int | None, str] = field(default_factory=dict)

    @property
    def answer_decision(self) -> Decision | None:
        return self.state.answer_decision

    @property
    def answer_seen_id(self) -> str:
        decision = self.state.answer_decision
        return str(decision.pk) if decision else ""

    @property
    def answer_notice(self) -> str:
        return self.notices.get(None, "")

    @property
    def counts(self) -> dict:
        return self.report["counts"]

    @property
    def undecided(self) -> int:
        return sum(1 for item in self.flagged if item.decision is None)


def answer_page(answer: Answer, user, *, notices: dict | None = None) -> AnswerPage:
    verification = latest_verification(answer)
    report = verification.report
    decisions = list(answer.decisions.all())
    state = review_state(report, verification.pk, decisions)

    history: dict[tuple, list[Decision]] = defaultdict(list)
    answer_history = []
    for decision in decisions:
        if decision.sentence_start is None:
            answer_history.append(decision)
        else:
            history[(decision.sentence_start, decision.sentence_text)].append(decision)

    flagged = []
    for sentence in report["sentences"]:
        if sentence["status"] in FLAGGED_STATUSES:
            flagged.append(
                FlaggedItem(
                    number=len(flagged) + 1,
                    sentence=sentence,
                    decision=state.in_force.get(sentence["index"]),
                    history=history.get((sentence["start"], sentence["text"]), []),
                    notice=(notices or {}).get(sentence["index"], ""),
                )
            )

    detail_url = reverse("citations:answer_detail", args=[answer.pk])
    evidence_url = reverse("citations:answer_evidence", args=[answer.pk])
    in_force = state.in_force

    def markup(sentence: dict) -> SentenceMarkup:
        status = sentence["status"]
        index = sentence["index"]
        css = f"s s-{status}"
        after: SafeString | str = ""
        decision = in_force.get(index)
        if status in FLAGGED_STATUSES:
            css += " is-flagged"
            if decision is not None:
                css += f" is-{decision.action}"
                after = format_html(
                    '\u2060<span class="s-dec s-dec-{}">{}</span>',
                    decision.action,
                    DECISION_LABELS[decision.action],
                )
        marker: SafeString | str = ""
        if status != "neutral":
            marker = format_html(
                '<a class="s-mark s-mark-{}" href="{}?s={}#evidence" hx-get="{}?s={}" '
                'data-evidence aria-label="Sentence {}, {}: show evidence">'
                '<span aria-hidden="true">{}</span></a>',
                status,
                detail_url,
                index,
                evidence_url,
                index,
                index + 1,
                STATUS_LABELS[status].lower(),
                STATUS_ICONS[status],
            )

        def chip(n: int, citation: dict) -> SafeString:
            cstatus = citation["status"]
            return format_html(
                '<a class="chip chip-{}" href="{}?s={}&amp;c={}#evidence" '
                'hx-get="{}?s={}&amp;c={}" data-evidence title="{}">'
                '{}{}<span class="sr-only"> ({})</span></a>',
                cstatus,
                detail_url,
                index,
                n,
                evidence_url,
                index,
                n,
                CITATION_LABELS.get(cstatus, cstatus),
                mark_safe('<span class="chip-warn" aria-hidden="true">!</span>')
                if cstatus == "unresolved"
                else "",
                citation["raw"],
                CITATION_LABELS.get(cstatus, cstatus),
            )

        return SentenceMarkup(css=css, marker=marker, after=after, chip=chip)

    return AnswerPage(
        answer=answer,
        report=report,
        state=state,
        text_html=render_blocks(answer.text, report["sentences"], markup),
        flagged=flagged,
        answer_history=answer_history,
        evidence=list(answer.evidence.all()),
        claimer=active_claimer(answer),
        can_decide=permissions.can_decide(user, answer),
        can_return=permissions.can_return(user, answer),
        notices=notices or {},
    )


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
                label=CITATION_LABELS.get(c["status"], c["status"]),
                reason=c.get("reason", ""),
                selected=citation == n,
                passages=passages,
            )
        )
    if citation is not None:
        details.sort(key=lambda d: not d.selected)
    return EvidencePanel(
        sentence=sentence,
        label=STATUS_LABELS[sentence["status"]],
        icon=STATUS_ICONS[sentence["status"]],
        citations=details,
        cited_positions=cited,
        passages=evidence,
    )
