"""What the answer page shows, computed from an answer loaded by `selectors.review_answer`.

Pure reads over prefetched data: building the page costs no query, however many sentences,
citations and decisions the answer has.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.safestring import SafeString

from citations.domain.review import ReviewState, review_state
from citations.domain.statuses import FLAGGED_STATUSES, DecisionAction, SentenceStatus
from citations.models import Answer, Decision
from citations.selectors import active_claimer, latest_verification
from citations.web import permissions
from citations.web.rendering.highlight import render_blocks
from citations.web.rendering.sentences import sentence_markup


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
        return SentenceStatus(self.status).label

    @property
    def icon(self) -> str:
        return SentenceStatus(self.status).icon

    @property
    def seen_id(self) -> str:
        return str(self.decision.pk) if self.decision else ""

    @property
    def decision_label(self) -> str:
        return DecisionAction(self.decision.action).done if self.decision else "Not decided"


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

    markup = sentence_markup(
        detail_url=reverse("citations:answer_detail", args=[answer.pk]),
        evidence_url=reverse("citations:answer_evidence", args=[answer.pk]),
        in_force=state.in_force,
    )

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
