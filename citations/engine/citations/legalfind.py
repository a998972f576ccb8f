"""Where legal references are citations: in brackets, in parentheses and in running text.

The inline rule: a reference in running text is a citation when it is unmistakably one, a law
named or abbreviated together with an article or section number ("Article 5(1)(a) GDPR",
"§ 823 Abs. 1 BGB", "42 U.S.C. § 1983", "GDPR Art. 5"). A reference naming no law ("Art. 5",
"§ 1 Abs. 2") or naming something that is not a law name ("Article 5 of the contract") is a
citation only when the evidence is legal (some passage carries a law and an article). A
bracket holding such a reference follows the same rule; the seed form ``[Label, Article N]``
is always a citation. A reference wrapped in parentheses, ``(Art. 6(1)(f) GDPR)``, spans them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from .legalforms import (
    ART_WORD,
    LAW_FIRST_RE,
    REF_BODY,
    REF_RE,
    Reference,
    is_strong_law,
    read_body,
    reference_of,
)

_SEED_RE = re.compile(rf"\s*{ART_WORD}\s*(?P<body>{REF_BODY})\s*")
_HAS_WORD_RE = re.compile(r"\w")
_LOOK_BACK = 60
# What every match of REF_RE holds: an article word (each starts with "art" or "sec", in any
# case) or "§", or a U.S. code after a number ("42 U.S.C."). Same flags as REF_RE, so the
# same case folding ("\u017fec" too). Far cheaper than the scan it lets most answers skip.
_MAYBE_REF_RE = re.compile(r"§|(?i:art|sec)|\d\s*[UC]")
_MAYBE_US_ASCII_RE = re.compile(r"[0-9]\s*[UC]")


def _may_hold_reference(text: str) -> bool:
    """False only when REF_RE cannot match anywhere in ``text``."""
    if not text.isascii():
        return _MAYBE_REF_RE.search(text) is not None
    low = text.lower()  # ASCII: the pattern's case folding is plain lower()
    return "art" in low or "sec" in low or _MAYBE_US_ASCII_RE.search(text) is not None


def _counts(ref: Reference, legal_evidence: bool) -> bool:
    if not ref.units:
        return False
    return legal_evidence or (bool(ref.law) and not ref.weak)


def _after_a_word(text: str, start: int) -> bool:
    """Whether a law name can end right before ``start`` ("GDPR Art. 5", "BGB, § 823"): the
    look back is skipped after a number or a bracket, as in a run of references."""
    i = start - 1
    while i >= 0 and text[i] in " ,\t\u00a0":
        i -= 1
    return i >= 0 and (text[i].isalpha() or text[i] == ".")


def legal_bracket(content: str, legal_evidence: bool) -> Reference | None:
    """The reference a bracket's content is, or None."""
    law, comma, rest = content.rpartition(",")
    if comma and _HAS_WORD_RE.search(law):
        m = _SEED_RE.fullmatch(rest)
        if m is not None:
            units, shown, following = read_body(m.group("body"))
            if units:
                return Reference(law.strip(), units, shown, following)
    stripped = content.strip()
    m = REF_RE.fullmatch(stripped)
    if m is not None:
        ref = reference_of(m)
        return ref if _counts(ref, legal_evidence) else None
    for m in REF_RE.finditer(stripped):  # "GDPR Art. 5": a law name, then the reference
        if m.end() == len(stripped) and not (m.group("law") or m.group("us")):
            prefix = stripped[: m.start()].strip(" ,")
            if is_strong_law(prefix):
                return replace(reference_of(m), law=prefix, weak=False)
    return None


def find_inline(
    text: str, zones: list[tuple[int, int]], legal_evidence: bool
) -> list[tuple[int, int, Reference]]:
    """References in running text outside ``zones`` (the brackets): (start, end, reference)."""
    return list(inline_references(text, zones, legal_evidence))


def inline_references(
    text: str, zones: list[tuple[int, int]], legal_evidence: bool
) -> Iterator[tuple[int, int, Reference]]:
    """:func:`find_inline`, one reference at a time (a reader may stop early)."""
    if not _may_hold_reference(text):
        return
    read: dict[str, Reference] = {}
    zone = 0
    last_end = 0
    for m in REF_RE.finditer(text):
        start, end = m.span()
        while zone < len(zones) and zones[zone][1] <= start:
            zone += 1
        if zone < len(zones) and zones[zone][0] < end:
            continue  # inside or across a bracket: the bracket decides
        ref = read.get(m.group(0))
        if ref is None:  # dense legal text repeats its references
            ref = read[m.group(0)] = reference_of(m)
        if not ref.law and _after_a_word(text, start):
            floor = max(last_end, start - _LOOK_BACK, zones[zone - 1][1] if zone else 0)
            lead = LAW_FIRST_RE.search(text, floor, start)
            if lead is not None:
                ref = replace(ref, law=lead.group("law"), weak=False)
                start = lead.start()
        if not _counts(ref, legal_evidence):
            continue
        if start > 0 and text[start - 1] == "(" and text[end : end + 1] == ")":
            start, end = start - 1, end + 1
        yield start, end, ref
        last_end = end
