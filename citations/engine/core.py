"""``verify()``: citations, sentences and support, put together into a :class:`Report`."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence

from . import limits
from .citations import ParsedCitation, find_citations
from .claims import RULES, analyse, strip_marker
from .errors import RejectedInput
from .evidence import load_evidence
from .passage import Passage
from .report import CitationResult, Report, SentenceResult, Span
from .resolve import Resolver
from .rules import numbers_in, rate_citation, rate_support, rate_uncited, split_terms
from .sentences import split_sentences
from .wording import MAX_LISTED

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
    resolver = Resolver(passages)
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


def _check_citation_work(owned: list[list[ParsedCitation]], resolver: Resolver) -> None:
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
    resolver: Resolver,
    threshold: float,
) -> SentenceResult:
    content = _content(text, start, end, own)
    if not own:
        status, reason = rate_uncited(content)
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
        numbers_here = numbers_in(claim, hit.passages) if claim.numbers else []
        status, reason = rate_citation(hit.where, terms, mine, numbers_here, claim)
        rated[id(hit)] = (status, reason, spans)
        results.append(
            CitationResult(c.raw, c.start, c.end, c.style, status, hit.positions, reason, spans)
        )

    covered = local if RULES["local"] else matched
    matched_terms, missing_terms = split_terms(terms, covered)
    if unresolved:
        if len(unresolved) == 1:
            reason = f"a citation does not resolve: {unresolved[0]}"
        else:
            reason = f"{len(unresolved)} citations do not resolve: " + "; ".join(
                unresolved[:MAX_LISTED]
            )
        status = "unsupported"
    else:
        cited = [known[0] for known in found.values()]
        where = resolver.phrase(tuple(sorted(found)))
        status, reason, found_numbers, missing_numbers = rate_support(
            claim, matched, covered, cited, where, threshold
        )
        matched_terms += found_numbers
        missing_terms += missing_numbers
    return SentenceResult(
        index, start, end, text[start:end], status, reason, matched_terms, missing_terms, results
    )
