"""The evidence panel beside a selected sentence: its support score, its citations (a legal
one with its unit and, unresolved, the level it fails at) and their reasons, what a cited
passage says instead (its words contradicting the sentence's, its numbers), the passages the
engine suggests citing, and the cited passages with the matched words and spans marked."""

import re
from dataclasses import dataclass, field

from django.utils.safestring import SafeString

from citations.domain.statuses import CitationStatus, SentenceStatus, shown_citation_status
from citations.engine import CitationDict, ReportDict, SentenceDict
from citations.engine.wording import listing, passages_phrase
from citations.web.presenters.term_places import (
    MissingTerm,
    TermCount,
    missing_places,
    number_keys,
    term_count,
    unique_terms,
)
from citations.web.rendering.disguise import disguised
from citations.web.rendering.passage import mark_passage
from citations.web.rendering.units import failure_tag, unit_label

# How the engine words a missing number the passage states differently (engine/reasons.py):
# "the sentence says 14 days; passage [1] says 30 days". A contradiction quotes both sides
# ("the sentence says 'was not completed'; ..."): no number.
NUMBER_CONFLICT = re.compile(r"the sentence says (?!')([^;]+); passage \[(\d+)\] says ([^;]+)")
# How an engine before decided_by counted what a citation carries, numbers included:
# "carries 3 of the sentence's 8 key terms".
CARRIED_COUNT = re.compile(r"\b\d+ of the sentence's \d+ key terms\b")
# A support score in words: bands of the score, read together with the verdict.
STRONG_SUPPORT = 0.75
SOME_SUPPORT = 0.35


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
    carried: list[str] = field(default_factory=list)
    carried_count: TermCount = field(default_factory=lambda: TermCount(0, 0))
    unit: str = ""  # a legal citation's unit, "GDPR · Art. 5(1)(a)"
    failure: str = ""  # an unresolved legal one's level, "paragraph not in evidence"
    # The numbers its passages state instead of the sentence's: why it fails, said beside it.
    numbers: list["NumberConflict"] = field(default_factory=list)
    # Its raw text held invisible or full-width characters the engine read through ("[5\u200b]").
    disguised: bool = False

    @property
    def carries(self) -> str:
        """ "passage [1] carries 'receipts' and 'days'", the start of its number line."""
        where = passages_phrase(sorted({n.position for n in self.numbers}))
        return f"{where} carries {listing(self.carried)}" if self.carried else where


@dataclass
class NumberConflict:
    said: str  # what the sentence states, "14 days"
    position: int
    instead: str  # what passage `position` states, "30 days"


@dataclass
class Contradiction:
    """A cited passage saying otherwise than the sentence: both sides' words."""

    kind: str
    said: str  # the sentence's words, "was not completed"
    position: int
    instead: str  # passage `position`'s words, "was completed"


@dataclass
class SuggestedPassages:
    positions: list[int]
    support: float
    reason: str
    opened: CitedPassage | None = None  # the first suggested passage, marked, when asked for

    @property
    def first(self) -> int:
        return self.positions[0]


@dataclass
class EvidencePanel:
    sentence: SentenceDict
    label: str
    icon: str
    citations: list[CitationDetail]
    cited_positions: set[int]
    passages: list  # every passage of the answer, in citation order
    conflicts: list[NumberConflict] = field(default_factory=list)
    suggestions: list[SuggestedPassages] = field(default_factory=list)
    contradictions: list[Contradiction] = field(default_factory=list)
    matched: list[str] = field(default_factory=list)  # the sentence's key terms, each once
    matched_numbers: list[str] = field(default_factory=list)  # its numbers found, apart
    missing: list[MissingTerm] = field(default_factory=list)
    count: TermCount = field(default_factory=lambda: TermCount(0, 0))

    @property
    def absent(self) -> list[MissingTerm]:
        """Missing terms no given passage holds: "not in the evidence" is true of these."""
        return [m for m in self.missing if not m.found_in]

    @property
    def elsewhere(self) -> list[MissingTerm]:
        """Missing terms a given passage holds, each said where; not a number the conflicts
        above explain (its value held, counting something else: "30 days" for "30 weeks"),
        which is no term "apart from the other terms"."""
        explained = {c.said.partition(" ")[0].removesuffix("%") for c in self.conflicts}
        return [m for m in self.missing if m.found_in and m.term not in explained]

    @property
    def status(self) -> str:
        return self.sentence["status"]

    @property
    def support(self) -> float | None:
        return self.sentence.get("support")

    @property
    def is_cited(self) -> bool:
        return bool(self.sentence["citations"])

    @property
    def support_phrase(self) -> str:
        decided_by = self.sentence.get("decided_by")
        if decided_by is None and self.contradictions:  # a report from before decided_by
            decided_by = "contradiction"
        return support_phrase(self.status, self.support, bool(self.conflicts), decided_by)


# What forbade a sentence whatever its score (the report's `decided_by`), said beside the score
# so a score above the cut never sits beside "unsupported" unexplained.
VETOED = {
    "contradiction": "the passage says otherwise",
    "number": "a number is not in the passage",
    "citation": "a citation cannot be checked",
}


def support_phrase(
    status: str, support: float | None, numbers_differ: bool = False, decided_by: str | None = None
) -> str:
    """The score in a few words; the verdict decides, the score says how firmly. A veto (a
    number the passage states otherwise, a passage saying otherwise, a citation that cannot be
    checked) fails the sentence whatever its score."""
    if support is None:
        return "no score: no citation can be checked"
    if status == SentenceStatus.VERIFIED:
        return "strong support" if support >= STRONG_SUPPORT else "enough support"
    vetoed = VETOED.get(decided_by or "", "")
    if numbers_differ and decided_by in (None, "number"):
        vetoed = "a number differs"
    if vetoed:
        if support >= SOME_SUPPORT:
            return f"the words match, but {vetoed}"
        return f"little support, and {vetoed}"
    if support >= SOME_SUPPORT:
        return "some support, not enough"
    return "little support"


def citation_label(
    status: CitationStatus, carried: list[str], failure: str = "", numbers: bool = False
) -> str:
    if status == CitationStatus.UNSUPPORTED and numbers:
        return "states another number, does not support the sentence"
    if status == CitationStatus.UNSUPPORTED and carried:
        return "carries some of the sentence's terms, does not support it"
    if failure:  # the level it fails at is tagged beside its unit
        return status.label.lower()
    return status.description


def number_conflicts(reason: str) -> list[NumberConflict]:
    return [
        NumberConflict(said=m[1], position=int(m[2]), instead=m[3])
        for m in NUMBER_CONFLICT.finditer(reason)
    ]


def _marked(
    position: int,
    by_position: dict,
    spans: list,
    terms: list,
    numbers: list[str] = (),
    contradicting: list[tuple[int, int]] = (),
) -> CitedPassage:
    passage = by_position.get(position)
    html = mark_passage(passage.text, spans, terms, numbers, contradicting) if passage else ""
    return CitedPassage(position=position, evidence=passage, html=html)


def _citation(
    n: int,
    c: CitationDict,
    sentence: SentenceDict,
    by_position: dict,
    selected: bool,
    conflicts: list[NumberConflict],
    count: TermCount,
) -> CitationDetail:
    terms = unique_terms(sentence.get("matched_terms") or [])
    passages = []
    numbers = []
    for position in c.get("evidence") or []:
        spans = [
            (span["start"], span["end"])
            for span in c.get("spans") or []
            if span.get("evidence") == position
        ]
        here = [conflict for conflict in conflicts if conflict.position == position]
        numbers += here
        contradicting = [
            tuple(k["passage_span"])
            for k in sentence.get("contradictions") or ()
            if k["evidence"] == position
        ]
        instead = [conflict.instead for conflict in here]
        passages.append(_marked(position, by_position, spans, terms, instead, contradicting))
    status = shown_citation_status(sentence["status"], c["status"])
    carried = unique_terms(c.get("carried") or [])
    numbers_keys = number_keys(sentence.get("numbers") or ())
    carried_count = count.of(sum(t.casefold() not in numbers_keys for t in carried))
    failure = failure_tag(c)
    return CitationDetail(
        number=n,
        raw=c["raw"],
        status=status,
        label=citation_label(status, carried, failure, bool(numbers)),
        icon=status.icon,
        reason=_citation_reason(c, sentence, carried_count),
        selected=selected,
        passages=passages,
        carried=carried,
        carried_count=carried_count,
        unit=unit_label(c),
        failure=failure,
        numbers=numbers,
        disguised=disguised(c["raw"]),
    )


def _citation_reason(c: CitationDict, sentence: SentenceDict, carried: TermCount) -> str:
    # An engine with decided_by counts a citation's terms as its sentence's reason does, and
    # names its numbers apart: its reason stands. An older one's count is made the panel's.
    if "decided_by" in sentence:
        return c.get("reason", "")
    return carried_reason(c.get("reason", ""), carried)


def carried_reason(reason: str, carried: TermCount) -> str:
    """The engine's citation reason with its count of carried terms made the panel's one
    (the engine counts the sentence's terms one way in a sentence's reason and another in a
    citation's: "only 3 of 6 key terms", "carries 3 of the sentence's 8")."""
    return CARRIED_COUNT.sub(
        f"{carried.found} of the sentence's {carried.total} key terms", reason, 1
    )


def evidence_panel(
    report: ReportDict,
    evidence: list,
    index: int,
    citation: int | None = None,
    opened: int | None = None,
) -> EvidencePanel | None:
    """The evidence beside sentence `index`: its cited passages marked up, and its reasons;
    `opened` is a suggested passage to show marked up as well."""
    sentences = report["sentences"]
    if not 0 <= index < len(sentences):
        return None
    sentence = sentences[index]
    by_position = {e.position: e for e in evidence}
    conflicts = number_conflicts(sentence.get("reason", ""))
    matched = unique_terms(sentence.get("matched_terms") or [])
    count = term_count(matched, sentence.get("missing_terms") or [], sentence.get("numbers"))
    numbers = number_keys(sentence.get("numbers") or ())
    details = [
        _citation(n, c, sentence, by_position, citation == n, conflicts, count)
        for n, c in enumerate(sentence["citations"])
    ]
    cited = {p.position for d in details for p in d.passages}
    matched_keys = {t.casefold() for t in matched}
    missing = [t for t in sentence.get("missing_terms") or [] if t.casefold() not in matched_keys]
    if citation is not None:
        details.sort(key=lambda d: not d.selected)
    terms = unique_terms([*matched, *missing])
    suggestions = []
    for s in sentence.get("suggestions") or []:
        suggested = SuggestedPassages(
            positions=s["evidence"], support=s["support"], reason=s["reason"]
        )
        if opened is not None and opened in s["evidence"]:
            suggested.opened = _marked(opened, by_position, [], terms)
        suggestions.append(suggested)
    return EvidencePanel(
        sentence=sentence,
        label=SentenceStatus(sentence["status"]).label,
        icon=SentenceStatus(sentence["status"]).icon,
        citations=details,
        cited_positions=cited,
        passages=evidence,
        conflicts=conflicts,
        suggestions=suggestions,
        contradictions=[
            Contradiction(c["kind"], c["sentence_text"], c["evidence"], c["passage_text"])
            for c in sentence.get("contradictions") or ()
        ],
        matched=[t for t in matched if t.casefold() not in numbers],
        matched_numbers=[t for t in matched if t.casefold() in numbers],
        missing=missing_places(sentence["text"], missing, cited, evidence),
        count=count,
    )
