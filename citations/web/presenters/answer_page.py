"""What the answer page shows, computed from an answer loaded by `selectors.review_answer`.

Pure reads over prefetched data: building the page costs no query, however many sentences,
citations and decisions the answer has.

The page has one current sentence, the cursor: the evidence panel shows it, and approve and
reject act on it. It starts on the first flagged sentence nobody has decided.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.safestring import SafeString

from citations.domain.review import ReviewState, review_state, undo_target
from citations.domain.statuses import (
    COMPLETED_STATUSES,
    FLAGGED_STATUSES,
    DecisionAction,
    RejectReason,
    ReviewStatus,
    SentenceStatus,
)
from citations.engine import ReportDict, SentenceDict
from citations.models import Answer, Decision
from citations.selectors import active_claimer, latest_verification
from citations.web import permissions
from citations.web.presenters.parts import Part, part_shown
from citations.web.rendering.highlight import render_blocks
from citations.web.rendering.sentences import sentence_markup


@dataclass(frozen=True)
class Draft:
    """What a refused decision form held, shown again with the reason it was refused."""

    sentence: int | None
    note: str = ""
    reject_reason: str = ""
    error: str = ""
    action: str = ""
    # Somebody else's decision in force that the page did not show (a 409), and the question
    # put to the reviewer: "edna approved this 2 minutes ago: replace?"
    conflict: Decision | None = None
    question: str = ""


NO_DRAFT = Draft(sentence=-1)


@dataclass
class FlaggedItem:
    """One unsupported or uncited sentence with its decision in force and its history."""

    number: int  # 1-based among the flagged sentences
    sentence: SentenceDict
    decision: Decision | None
    history: list[Decision]
    notice: str = ""
    is_current: bool = False
    draft: Draft = NO_DRAFT

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
    def action(self) -> str:
        """The decision's action, empty when undecided: the template's `item.decision.action`
        on no decision fails its lookup, an exception and a `dir(None)` each time."""
        return self.decision.action if self.decision else ""

    @property
    def seen_id(self) -> str:
        return str(self.decision.pk) if self.decision else ""

    @property
    def decision_label(self) -> str:
        if self.decision is None:
            return "Not decided"
        return decision_summary(self.decision)


def decision_summary(decision: Decision) -> str:
    """ "Rejected (wrong number)", "Approved": what a decision did, with its reason."""
    done = DecisionAction(decision.action).done
    if decision.reject_reason:
        return f"{done} ({RejectReason(decision.reject_reason).label.lower()})"
    return done


# A replaced decision named in the history of the one replacing it: "replaced edna's approval".
REPLACED = {
    DecisionAction.APPROVE: "approval",
    DecisionAction.REJECT: "rejection",
    DecisionAction.RETURN: "send-back",
}


def replaced_phrase(decision: Decision) -> str:
    """ "approval", "rejection (wrong number)": a decision as another one replaced it."""
    noun = REPLACED.get(DecisionAction(decision.action), decision.action)
    if decision.reject_reason:
        return f"{noun} ({RejectReason(decision.reject_reason).label.lower()})"
    return noun


@dataclass(frozen=True)
class Undo:
    """The decision `u` takes back: the reviewer's newest one still in force."""

    decision: Decision
    index: int | None  # the sentence it is about; None for the whole answer

    @property
    def label(self) -> str:
        target = "the answer" if self.index is None else f"sentence {self.index + 1}"
        return f"{decision_summary(self.decision)} on {target}"


@dataclass
class AnswerPage:
    answer: Answer
    report: ReportDict
    state: ReviewState
    text_html: SafeString
    flagged: list[FlaggedItem]
    answer_history: list[Decision]
    evidence: list
    claimer: object
    can_decide: bool
    can_return: bool
    notices: dict[int | None, str] = field(default_factory=dict)
    cursor: int | None = None  # the current sentence's index
    part: Part | None = None  # the sentences rendered (parts.part_shown)
    undo: Undo | None = None
    answer_draft: Draft = NO_DRAFT

    @property
    def shown_flagged(self) -> list[FlaggedItem]:
        """The flagged sentences of the part rendered: their cards."""
        part = self.part
        return [item for item in self.flagged if part is None or part.holds(item.index)]

    @property
    def more(self) -> Part | None:
        """The part a "Show more" loads next."""
        return self.part.after() if self.part else None

    @property
    def answer_decision(self) -> Decision | None:
        return self.state.answer_decision

    @property
    def answer_decision_label(self) -> str:
        decision = self.state.answer_decision
        return decision_summary(decision) if decision else ""

    @property
    def answer_seen_id(self) -> str:
        decision = self.state.answer_decision
        return str(decision.pk) if decision else ""

    @property
    def answer_notice(self) -> str:
        return self.notices.get(None, "")

    @property
    def counts(self) -> dict[str, int]:
        return self.report["counts"]

    @property
    def undecided(self) -> int:
        return sum(1 for item in self.flagged if item.decision is None)

    @property
    def outcome(self) -> str:
        """The finished review's status ("approved", ...), "" while it goes on."""
        status = self.answer.review_status
        return status if self.answer.is_current and status in COMPLETED_STATUSES else ""

    @property
    def outcome_label(self) -> str:
        return ReviewStatus(self.outcome).label if self.outcome else ""

    def next_undecided(self, after: int | None) -> int | None:
        """The first undecided flagged sentence after `after`, from the top when none is
        below it; None when every flagged sentence is decided."""
        open_ = [item.index for item in self.flagged if item.decision is None]
        later = [index for index in open_ if after is None or index > after]
        return (later or open_ or [None])[0]


def answer_page(
    answer: Answer,
    user,
    *,
    notices: dict | None = None,
    cursor: int | None = None,
    after: int | None = None,
    draft: Draft = NO_DRAFT,
    upto: int | None = None,
    start: int | None = None,
) -> AnswerPage:
    """The page; `cursor` a sentence index asked for, else the first undecided flagged one
    after sentence `after` (the one just decided, which stays current when none is left),
    else the first undecided one; `draft` a refused form to show again. It renders the
    sentences up to `upto` (and the current one's part), or from `start` one part only
    (see `parts.part_shown`)."""
    verification = latest_verification(answer)
    report: ReportDict = verification.report
    decisions = list(answer.decisions.all())
    state = review_state(report, verification.pk, decisions)

    history: dict[tuple, list[Decision]] = defaultdict(list)
    answer_history = []
    by_pk = {decision.pk: decision for decision in decisions}
    for decision in decisions:
        decision.taken_back = decision.pk in state.undone
        # The one it overruled is the same answer's, already here: no query per row.
        decision.replaced = by_pk.get(decision.overrules_id)
        if decision.sentence_start is None:
            answer_history.append(decision)
        else:
            history[(decision.sentence_start, decision.sentence_text)].append(decision)

    flagged: list[FlaggedItem] = []
    for sentence in report["sentences"]:
        if sentence["status"] in FLAGGED_STATUSES:
            flagged.append(
                FlaggedItem(
                    number=len(flagged) + 1,
                    sentence=sentence,
                    decision=state.in_force.get(sentence["index"]),
                    history=history.get((sentence["start"], sentence["text"]), []),
                    notice=(notices or {}).get(sentence["index"], ""),
                    draft=draft if draft.sentence == sentence["index"] else NO_DRAFT,
                )
            )

    markup = sentence_markup(
        detail_url=reverse("citations:answer_detail", args=[answer.pk]),
        evidence_url=reverse("citations:answer_evidence", args=[answer.pk]),
        in_force=state.in_force,
    )
    found = undo_target(state, decisions, user.pk)

    page = AnswerPage(
        answer=answer,
        report=report,
        state=state,
        text_html=SafeString(""),
        flagged=flagged,
        answer_history=answer_history,
        evidence=list(answer.evidence.all()),
        claimer=active_claimer(answer),
        can_decide=permissions.can_decide(user, answer),
        can_return=permissions.can_return(user, answer),
        notices=notices or {},
        undo=Undo(*found) if found else None,
        answer_draft=draft if draft.sentence is None else NO_DRAFT,
    )
    if cursor is None or not 0 <= cursor < len(report["sentences"]):
        cursor = page.next_undecided(after)
        if cursor is None:
            cursor = after if after is not None else (flagged[0].index if flagged else None)
    page.cursor = cursor
    for item in flagged:
        item.is_current = item.index == cursor
    sentences = report["sentences"]
    page.part = part_shown(len(sentences), cursor=cursor, upto=upto, start=start)
    window = page.part.text_span(sentences, answer.text) if sentences else None
    shown = sentences[page.part.start : page.part.end]
    page.text_html = render_blocks(answer.text, shown, markup, window)
    return page
