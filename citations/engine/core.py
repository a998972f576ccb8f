"""``verify()``: citations, sentences and support, put together into a :class:`Report`."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from . import limits
from .citations import ParsedCitation, find_citations, position_value
from .evidence import LawIndex, Passage, load_evidence
from .report import CitationResult, Report, SentenceResult, Span
from .sentences import split_sentences
from .support import RULES, Claim, analyse, count_words, name_form_in, strip_marker

MIN_CLAIM_WORDS = 6
"""A sentence without citations is a claim (``uncited``) from this many words on."""

_MAX_LISTED = 6


def verify(
    text: str,
    evidence: Sequence[Mapping],
    *,
    style: str = "auto",
    threshold: float = 0.4,
) -> Report:
    """Check every sentence of ``text`` against the passages it cites.

    ``evidence`` is a list of mappings ``{text (required), id, title, law, article, url}``;
    position 1 is citation ``[1]``. Raises ``ValueError`` for bad input or a broken limit,
    nothing else.
    """
    _check_arguments(text, style, threshold)
    passages = load_evidence(evidence)
    parsed, brackets = find_citations(text, style)
    citation_spans = {c.start: c.end for c in parsed}
    spans = split_sentences(text, brackets, citation_spans)
    resolver = _Resolver(passages)
    sentences: list[SentenceResult] = []
    k = 0
    for index, (start, end) in enumerate(spans):
        while k < len(parsed) and parsed[k].start < start:
            k += 1  # cannot happen (sentences cover all citations), kept for safety
        own: list[ParsedCitation] = []
        while k < len(parsed) and parsed[k].end <= end:
            own.append(parsed[k])
            k += 1
        sentences.append(_judge(text, index, start, end, own, resolver, threshold))
    return Report(sentences)


def _check_arguments(text: object, style: object, threshold: object) -> None:
    if not isinstance(text, str):
        raise ValueError(f"text must be a string, not {type(text).__name__}")
    if len(text) > limits.MAX_TEXT_CHARS:
        raise ValueError(
            f"text is {len(text)} characters; MAX_TEXT_CHARS is {limits.MAX_TEXT_CHARS}"
        )
    if style not in limits.STYLES:
        raise ValueError(f"style must be one of {', '.join(limits.STYLES)}, not {style!r}")
    if (
        isinstance(threshold, bool)
        or not isinstance(threshold, (int, float))
        or not math.isfinite(threshold)
        or not 0.0 <= threshold <= 1.0
    ):
        raise ValueError(f"threshold must be a number from 0 to 1, not {threshold!r}")


@dataclass(slots=True)
class _Resolved:
    """What one distinct citation resolves to, worked out once per call."""

    positions: list[int]  # 1-based; [] when unresolved
    reason: str  # why it does not resolve; "" when it does
    passages: list[Passage]
    where: str  # "passage [2]" or "Labour Law, Article 30 (passages [1] and [2])"


class _Resolver:
    """Resolves citations to passage positions, each distinct citation once."""

    def __init__(self, passages: list[Passage]) -> None:
        self.passages = passages
        self._law_index: LawIndex | None = None
        # Keyed by the bracket as written: within one call (one style) it determines the rest.
        self._cache: dict[str, _Resolved] = {}

    def resolve(self, c: ParsedCitation) -> _Resolved:
        hit = self._cache.get(c.raw)
        if hit is None:
            positions, why = self._numeric(c) if c.style == "numeric" else self._legal(c)
            cited = [self.passages[p - 1] for p in positions]
            where = _where(c, positions) if positions else ""
            hit = self._cache[c.raw] = _Resolved(positions, why, cited, where)
        return hit

    def _numeric(self, c: ParsedCitation) -> tuple[list[int], str]:
        n = len(self.passages)
        given = f"the evidence has {n} passage{'s' if n != 1 else ''}"
        positions: set[int] = set()
        for first_digits, last_digits in c.ranges:
            first, last = position_value(first_digits), position_value(last_digits)
            shown = first_digits if first_digits == last_digits else f"{first_digits}-{last_digits}"
            if first == 0 or last == 0:
                return [], f"[{shown}] points at 0; positions start at 1"
            if first is None or last is None or first > n or last > n:
                return [], f"[{shown}] points past the evidence list; {given}"
            if first > last:
                return [], f"range {shown} runs backwards"
            positions.update(range(first, last + 1))
        return sorted(positions), ""

    def _legal(self, c: ParsedCitation) -> tuple[list[int], str]:
        if self._law_index is None:
            self._law_index = LawIndex.build(self.passages)
        return self._law_index.resolve(c.law, c.article)


def _content(text: str, start: int, end: int, own: list[ParsedCitation]) -> str:
    """The sentence's words: citations blanked out, list marker or heading mark removed."""
    if not own:
        return strip_marker(text[start:end])
    pieces = []
    pos = start
    for c in own:
        pieces.append(text[pos : c.start])
        pieces.append(" ")
        pos = c.end
    pieces.append(text[pos:end])
    return strip_marker("".join(pieces))


def _judge(
    text: str,
    index: int,
    start: int,
    end: int,
    own: list[ParsedCitation],
    resolver: _Resolver,
    threshold: float,
) -> SentenceResult:
    content = _content(text, start, end, own)
    sentence = SentenceResult(index, start, end, text[start:end], "neutral", "")
    if not own:
        _uncited(sentence, content)
        return sentence

    claim = analyse(content)
    terms = claim.terms
    term_set = set(terms)
    cited: dict[int, Passage] = {}
    unresolved: list[str] = []
    matched: set[str] = set()  # in any cited passage
    local: set[str] = set()  # together in one region of a cited passage
    # Per passage: the sentence's terms in it and its best region; a passage cited twice in
    # one sentence is searched once.
    seen: dict[int, tuple[set[str], tuple[set[str], tuple[int, int]] | None]] = {}
    for c in own:
        hit = resolver.resolve(c)
        result = CitationResult(c.raw, c.start, c.end, c.style, "unresolved", [], hit.reason)
        sentence.citations.append(result)
        if not hit.positions:
            unresolved.append(hit.reason)
            continue
        result.evidence = hit.positions
        mine: set[str] = set()
        for p in hit.passages:
            known = seen.get(p.position)
            if known is None:
                here = term_set & p.terms
                known = seen[p.position] = (here, p.window_of(frozenset(here)) if here else None)
                cited[p.position] = p
            here, window = known
            mine |= here
            if window is not None:
                local |= window[0]
                result.spans.append(Span(p.position, *window[1]))
        matched |= mine
        numbers_here = (
            [n.raw for n in claim.numbers if any(n.keys & p.numbers for p in hit.passages)]
            if claim.numbers
            else []
        )
        _rate_citation(result, hit.where, terms, mine, numbers_here, claim)

    covered = local if RULES["local"] else matched
    sentence.matched_terms = [word for t, word in terms.items() if t in covered]
    sentence.missing_terms = [word for t, word in terms.items() if t not in covered]
    if unresolved:
        sentence.status = "unsupported"
        if len(unresolved) == 1:
            sentence.reason = f"a citation does not resolve: {unresolved[0]}"
        else:
            sentence.reason = f"{len(unresolved)} citations do not resolve: " + "; ".join(
                unresolved[:_MAX_LISTED]
            )
        return sentence
    _support(sentence, claim, matched, covered, list(cited.values()), threshold)
    return sentence


def _uncited(sentence: SentenceResult, content: str) -> None:
    words = count_words(content)
    if words >= MIN_CLAIM_WORDS:
        sentence.status = "uncited"
        sentence.reason = f"a claim of {words} words with no citation"
    else:
        sentence.status = "neutral"
        sentence.reason = (
            f"{words} word{'s' if words != 1 else ''} without a citation: "
            "a heading or connective, not a claim"
        )


def _rate_citation(
    result: CitationResult,
    where: str,
    terms: dict[str, str],
    mine: set[str],
    numbers_here: list[str],
    claim: Claim,
) -> None:
    """One resolved citation: verified when its passages carry part of the sentence."""
    if mine or numbers_here:
        result.status = "verified"
        carried = [word for t, word in terms.items() if t in mine] + numbers_here
        result.reason = (
            f"{where} carries {_count(len(carried), 'key term')} of the sentence: "
            f"{_listing(carried)}"
        )
    elif not terms and not claim.numbers:
        result.status = "verified"
        result.reason = f"{where} resolves; the sentence has no key terms to compare"
    else:
        result.status = "unsupported"
        result.reason = f"{where} carries none of the sentence's key terms"


def _support(
    sentence: SentenceResult,
    claim: Claim,
    matched: set[str],
    covered: set[str],
    cited: list[Passage],
    threshold: float,
) -> None:
    """Decide verified / unsupported from the union of the cited passages."""
    where = _passages_phrase(sorted(p.position for p in cited))
    problems: list[str] = []
    found_numbers: list[str] = []
    missing_numbers: list[str] = []
    for number in claim.numbers:
        if any(number.keys & p.numbers for p in cited):
            found_numbers.append(number.raw)
        else:
            missing_numbers.append(number.raw)
    if missing_numbers:
        noun = "number" if len(missing_numbers) == 1 else "numbers"
        verb = "is" if len(missing_numbers) == 1 else "are"
        problems.append(f"{noun} {_listing(missing_numbers, quote=False)} {verb} not in {where}")
    if claim.negation is not None and not any(p.negated for p in cited):
        problems.append(f"the sentence says '{claim.negation}' but {where} negates nothing")
    missing_names = [
        name
        for term, name in claim.names.items()
        if term not in matched and not name_form_in(term, name, cited)
    ]
    if missing_names:
        verb = "is" if len(missing_names) == 1 else "are"
        problems.append(f"{_listing(missing_names)} {verb} not in {where}")
    total = len(claim.terms)
    together = " together" if RULES["local"] else ""
    if total:
        share = len(covered) / total
        coverage = f"{len(covered)} of {total} key terms ({share:.0%})"
        if share < threshold:
            missing = [claim.terms[t] for t in claim.terms if t not in covered]
            problems.append(
                f"only {coverage} are found{together} in {where}, below the {threshold:.0%} "
                f"threshold; missing: {_listing(missing)}"
            )
    sentence.matched_terms += found_numbers
    sentence.missing_terms += missing_numbers
    if problems:
        sentence.status = "unsupported"
        sentence.reason = "; ".join(problems)
        return
    sentence.status = "verified"
    if total:
        sentence.reason = f"{coverage} are found{together} in {where}"
    else:
        sentence.reason = f"no key terms to compare; the citations resolve to {where}"
    if found_numbers:
        sentence.reason += f", with {_listing(found_numbers, quote=False)}"


def _where(c: ParsedCitation, positions: list[int]) -> str:
    if c.style == "legal":
        return f"{c.law}, Article {c.article} ({_passages_phrase(positions)})"
    return _passages_phrase(positions)


def _passages_phrase(positions: list[int]) -> str:
    if len(positions) == 1:
        return f"passage [{positions[0]}]"
    shown = [f"[{p}]" for p in positions]
    return "passages " + _and(shown)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _listing(items: list[str], *, quote: bool = True) -> str:
    shown = [f"'{item}'" if quote else item for item in items[:_MAX_LISTED]]
    if len(items) > _MAX_LISTED:
        shown.append(f"{len(items) - _MAX_LISTED} more")
    return _and(shown)


def _and(items: list[str]) -> str:
    if len(items) > 2 * _MAX_LISTED:
        items = [*items[:_MAX_LISTED], f"{len(items) - _MAX_LISTED} more"]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
