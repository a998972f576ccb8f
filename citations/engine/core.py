"""``verify()``: citations, sentences and support, put together into a :class:`Report`."""

from __future__ import annotations

import functools
import math
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence, Set

from . import limits
from .citations import ParsedCitation, find_citations, position_value
from .errors import RejectedInput
from .evidence import LawIndex, Passage, load_evidence
from .report import CitationResult, Report, SentenceResult, Span
from .sentences import split_sentences
from .support import RULES, Claim, analyse, count_words, name_form_in, strip_marker

MIN_CLAIM_WORDS = 6
"""A sentence without citations is a claim (``uncited``) from this many words on."""

_MAX_LISTED = 6
_NOTHING: frozenset[str] = frozenset()


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
    # Citations are in order and never overlap, so both lists are sorted: a sentence's own
    # citations are a slice, found by bisection.
    starts = [c.start for c in parsed]
    ends = [c.end for c in parsed]
    k = 0
    owned = []
    for start, end in spans:
        k = bisect_left(starts, start, k)  # skips none: sentences cover all citations
        j = bisect_right(ends, end, k)
        owned.append(parsed[k:j])
        k = j
    _check_citation_work(owned, resolver)
    for index, ((start, end), own) in enumerate(zip(spans, owned, strict=True)):
        sentences.append(_judge(text, index, start, end, own, resolver, threshold))
    return Report(sentences)


def _check_citation_work(owned: list[list[ParsedCitation]], resolver: _Resolver) -> None:
    """Refuse, before any support work, an answer whose citations would take unbounded time:
    support is checked for every (sentence, cited passage) pair, and a sentence's citations
    are each compared with all of its words."""
    links = 0
    for index, own in enumerate(owned):
        if len(own) > limits.MAX_CITATIONS_PER_SENTENCE:
            raise RejectedInput(
                f"sentence {index} has {len(own)} citations; MAX_CITATIONS_PER_SENTENCE is "
                f"{limits.MAX_CITATIONS_PER_SENTENCE}"
            )
        links += sum(len(resolver.resolve(c).positions) for c in own)
    if links > limits.MAX_CITATION_LINKS:
        raise RejectedInput(
            f"the citations point at passages {links} times in all; MAX_CITATION_LINKS is "
            f"{limits.MAX_CITATION_LINKS}"
        )


def _check_arguments(text: object, style: object, threshold: object) -> None:
    if not isinstance(text, str):
        raise RejectedInput(f"text must be a string, not {type(text).__name__}")
    if len(text) > limits.MAX_TEXT_CHARS:
        raise RejectedInput(
            f"text is {len(text)} characters; MAX_TEXT_CHARS is {limits.MAX_TEXT_CHARS}"
        )
    if style not in limits.STYLES:
        raise RejectedInput(f"style must be one of {', '.join(limits.STYLES)}, not {style!r}")
    if (
        isinstance(threshold, bool)
        or not isinstance(threshold, (int, float))
        or not math.isfinite(threshold)
        or not 0.0 <= threshold <= 1.0
    ):
        raise RejectedInput(f"threshold must be a number from 0 to 1, not {threshold!r}")


class _Resolved:
    """What one distinct citation resolves to, worked out once per call."""

    __slots__ = ("passages", "positions", "reason", "where")

    def __init__(self, positions: list[int], reason: str, passages: list[Passage], where: str):
        self.positions = positions  # 1-based; [] when unresolved
        self.reason = reason  # why it does not resolve; "" when it does
        self.passages = passages
        self.where = where  # "passage [2]" or "Labour Law, Article 30 (passages [1] and [2])"


class _Resolver:
    """Resolves citations to passage positions, each distinct citation once."""

    def __init__(self, passages: list[Passage]) -> None:
        self.passages = passages
        self._law_index: LawIndex | None = None
        # Keyed by the bracket as written: within one call (one style) it determines the rest.
        self._cache: dict[str, _Resolved] = {}
        self._phrases: dict[tuple[int, ...], str] = {}

    def resolve(self, c: ParsedCitation) -> _Resolved:
        hit = self._cache.get(c.raw)
        if hit is None:
            positions, why = self._numeric(c) if c.style == "numeric" else self._legal(c)
            cited = [self.passages[p - 1] for p in positions]
            where = _where(c, positions) if positions else ""
            hit = self._cache[c.raw] = _Resolved(positions, why, cited, where)
        return hit

    def phrase(self, positions: tuple[int, ...]) -> str:
        """``_passages_phrase`` of sorted positions; many sentences cite the same passages."""
        phrase = self._phrases.get(positions)
        if phrase is None:
            phrase = self._phrases[positions] = _passages_phrase(positions)
        return phrase

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
    if len(own) == 1:  # the usual case: two slices
        c = own[0]
        return strip_marker(text[start : c.start] + " " + text[c.end : end])
    pieces = []
    pos = start
    for c in own:
        pieces.append(text[pos : c.start])
        pieces.append(" ")
        pos = c.end
    pieces.append(text[pos:end])
    return strip_marker("".join(pieces))


_Found = tuple[frozenset[str], "tuple[frozenset[str], tuple[int, int]] | None"]
"""For one cited passage: the sentence's terms in it, and its best region (or None)."""


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
    if not own:
        status, reason = _uncited(content)
        return SentenceResult(index, start, end, text[start:end], status, reason, [], [], [])

    claim = analyse(content)
    terms = claim.terms
    results: list[CitationResult] = []
    unresolved: list[str] = []
    # Frozensets, shared with the passages' caches and rebound (never changed) on a union:
    # with one cited passage, the usual case, they are that passage's sets as they are.
    matched: frozenset[str] = _NOTHING  # in any cited passage
    local: frozenset[str] = _NOTHING  # together in one region of a cited passage
    # Per passage position, searched once even when cited twice in one sentence.
    found: dict[int, tuple[Passage, _Found]] = {}
    # Per distinct citation: the same bracket twice in one sentence is rated once, so a
    # sentence repeating a wide range costs what one copy costs.
    rated: dict[int, tuple[str, str, list[Span]]] = {}
    for c in own:
        hit = resolver.resolve(c)
        if not hit.positions:
            unresolved.append(hit.reason)
            results.append(
                CitationResult(c.raw, c.start, c.end, c.style, "unresolved", [], hit.reason, [])
            )
            continue
        again = rated.get(id(hit))
        if again is not None:
            results.append(
                CitationResult(
                    c.raw, c.start, c.end, c.style, again[0], hit.positions, again[1], again[2]
                )
            )
            continue
        mine = _NOTHING
        spans: list[Span] = []
        for p in hit.passages:
            known = found.get(p.position)
            if known is None:
                known = found[p.position] = (p, p.match(terms))
            here, window = known[1]
            mine = mine | here if mine else here
            if window is not None:
                local = local | window[0] if local else window[0]
                spans.append(Span(p.position, *window[1]))
        matched = matched | mine if matched else mine
        numbers_here = _numbers_in(claim, hit.passages) if claim.numbers else []
        status, reason = _rate_citation(hit.where, terms, mine, numbers_here, claim)
        rated[id(hit)] = (status, reason, spans)
        results.append(
            CitationResult(c.raw, c.start, c.end, c.style, status, hit.positions, reason, spans)
        )

    covered = local if RULES["local"] else matched
    matched_terms, missing_terms = _split_terms(terms, covered)
    if unresolved:
        if len(unresolved) == 1:
            reason = f"a citation does not resolve: {unresolved[0]}"
        else:
            reason = f"{len(unresolved)} citations do not resolve: " + "; ".join(
                unresolved[:_MAX_LISTED]
            )
        status = "unsupported"
    else:
        cited = [known[0] for known in found.values()]
        where = resolver.phrase(tuple(sorted(found)))
        status, reason, found_numbers, missing_numbers = _support(
            claim, matched, covered, cited, where, threshold
        )
        matched_terms += found_numbers
        missing_terms += missing_numbers
    return SentenceResult(
        index, start, end, text[start:end], status, reason, matched_terms, missing_terms, results
    )


def _split_terms(terms: dict[str, str], found: Set[str]) -> tuple[list[str], list[str]]:
    """The sentence's words for its terms in ``found`` and for the others, in sentence order.
    ``found`` holds only terms of the sentence, so its size tells the usual all-or-nothing."""
    if len(found) == len(terms):
        return list(terms.values()), []
    if not found:
        return [], list(terms.values())
    return (
        [word for t, word in terms.items() if t in found],
        [word for t, word in terms.items() if t not in found],
    )


def _uncited(content: str) -> tuple[str, str]:
    words = count_words(content)
    if words >= MIN_CLAIM_WORDS:
        return "uncited", f"a claim of {words} words with no citation"
    return "neutral", (
        f"{words} word{'s' if words != 1 else ''} without a citation: "
        "a heading or connective, not a claim"
    )


def _numbers_of(passages: list[Passage]) -> frozenset[str]:
    # One union, then one lookup per number: linear in numbers plus passages, not their product.
    if len(passages) == 1:
        return passages[0].numbers
    return frozenset().union(*(p.numbers for p in passages))


def _numbers_in(claim: Claim, passages: list[Passage]) -> list[str]:
    """The sentence's numbers (as written) that occur in any of ``passages``."""
    given = _numbers_of(passages)
    return [n.raw for n in claim.numbers if n.keys & given]


def _rate_citation(
    where: str,
    terms: dict[str, str],
    mine: frozenset[str],
    numbers_here: list[str],
    claim: Claim,
) -> tuple[str, str]:
    """One resolved citation: verified when its passages carry part of the sentence."""
    if mine or numbers_here:
        carried = _split_terms(terms, mine)[0] + numbers_here
        n = len(carried)
        return "verified", (
            f"{where} carries {n} key term{'s' if n != 1 else ''} of the sentence: "
            f"{_listing(carried)}"
        )
    if not terms and not claim.numbers:
        return "verified", f"{where} resolves; the sentence has no key terms to compare"
    return "unsupported", f"{where} carries none of the sentence's key terms"


def _support(
    claim: Claim,
    matched: frozenset[str],
    covered: frozenset[str],
    cited: list[Passage],
    where: str,
    threshold: float,
) -> tuple[str, str, list[str], list[str]]:
    """Verified / unsupported from the union of the cited passages (``where`` names them):
    the status, the reason, and the sentence's numbers found and missing."""
    problems: list[str] = []
    found_numbers: list[str] = []
    missing_numbers: list[str] = []
    given = _numbers_of(cited) if claim.numbers else _NOTHING
    for number in claim.numbers:
        if number.keys & given:
            found_numbers.append(number.raw)
        else:
            missing_numbers.append(number.raw)
    if missing_numbers:
        noun = "number" if len(missing_numbers) == 1 else "numbers"
        verb = "is" if len(missing_numbers) == 1 else "are"
        problems.append(f"{noun} {_listing(missing_numbers, quote=False)} {verb} not in {where}")
    if claim.negation is not None and not any(p.negated for p in cited):
        problems.append(f"the sentence says '{claim.negation}' but {where} negates nothing")
    if claim.names:
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
        coverage = _coverage(len(covered), total)
        if share < threshold:
            missing = [claim.terms[t] for t in claim.terms if t not in covered]
            problems.append(
                f"only {coverage} are found{together} in {where}, below the {threshold:.0%} "
                f"threshold; missing: {_listing(missing)}"
            )
    if problems:
        return "unsupported", "; ".join(problems), found_numbers, missing_numbers
    if total:
        reason = f"{coverage} are found{together} in {where}"
    else:
        reason = f"no key terms to compare; the citations resolve to {where}"
    if found_numbers:
        reason += f", with {_listing(found_numbers, quote=False)}"
    return "verified", reason, found_numbers, missing_numbers


@functools.lru_cache(maxsize=4096)
def _coverage(n: int, total: int) -> str:
    # Formatting a percentage costs more than the rest of a reason; few (n, total) pairs occur.
    return f"{n} of {total} key terms ({n / total:.0%})"


def _where(c: ParsedCitation, positions: list[int]) -> str:
    if c.style == "legal":
        return f"{c.law}, Article {c.article} ({_passages_phrase(positions)})"
    return _passages_phrase(positions)


def _passages_phrase(positions: Sequence[int]) -> str:
    if len(positions) == 1:
        return f"passage [{positions[0]}]"
    shown = [f"[{p}]" for p in positions]
    return "passages " + _and(shown)


def _listing(items: list[str], *, quote: bool = True) -> str:
    if quote and 1 < len(items) <= _MAX_LISTED:  # the usual case, in one join
        return "'" + "', '".join(items[:-1]) + "' and '" + items[-1] + "'"
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
