"""The wording of what decided an unsupported sentence, weightiest first."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..support.anchor import Anchor
from ..support.contradiction import Contradiction
from ..support.model import Grounds, other_unit, shortfalls
from ..support.passage import Passage
from ..support.proximity import stretch_of
from ..support.rarity import weight
from ..text.claims import Claim
from ..text.numbers import NUMBER_RE, Number, find_numbers
from ..text.terms import NUMBER_WORD_SET, token_terms
from ..text.units import unit_after
from ..wording import MAX_LISTED, listing, passages_phrase

_UNIT_RE = re.compile(r"\s*(?:-\s*)?([^\W\d_]{2,})")
_NUMBER_WORDS = "|".join(sorted(NUMBER_WORD_SET, key=len, reverse=True))


def contradiction_phrases(contradictions: list[Contradiction]) -> list[str]:
    """Both sides of each contradiction, quoted: "the sentence says 'was not completed';
    passage [1] says 'was completed'"; for a name, that no cited passage has it. Each phrase
    once: a word the sentence says twice against one of the passage is two findings (two
    spans to highlight) but one thing to read."""
    phrases = (
        f"no cited passage names '{c.sentence_text}'; {passages_phrase([c.evidence])} has "
        f"'{c.passage_text}' in its place"
        if c.kind == "name"
        else f"the sentence says '{c.sentence_text}'; {passages_phrase([c.evidence])} says "
        f"'{c.passage_text}'"
        for c in contradictions
    )
    return list(dict.fromkeys(phrases))


def anchored_phrase(claim: Claim, anchor: Anchor, score: str) -> str:
    """Why a sentence the score leaves under the cut is verified: where its numbers stand
    with its key terms, quoted, and the verb the score counted as missing."""
    noun = "number" if len(claim.numbers) == 1 else "numbers"
    numbers = ", ".join(n.raw for n in claim.numbers)
    terms = [word for word in claim.terms.values() if word != anchor.left_out]
    phrase = (
        f"its {noun} ({numbers}) and {listing(terms)} stand together in one sentence of "
        f"{passages_phrase([anchor.position])}: '{anchor.quote}'"
    )
    if anchor.left_out:
        verb = anchor.left_out
        phrase += f"; only the reporting verb '{verb}' is not there ({score} counts it missing)"
    return phrase


def shortfall_phrases(claim: Claim, grounds: Grounds, where: str) -> list[str]:
    """One phrase per signal that pulled the support down, largest pull first."""
    phrases = []
    for name, _cost in shortfalls(grounds.signals):
        wording = _PHRASES[name]
        phrase = wording(claim, grounds, where) if wording else ""
        if phrase and phrase not in phrases:
            phrases.append(phrase)
    return phrases or [_no_shortfall(claim, grounds, where)]


def _no_shortfall(claim: Claim, grounds: Grounds, where: str) -> str:
    """What lowered a score that no signal's phrase names."""
    if grounds.missing_numbers:  # worded ahead of the score: here only that it weighed
        n = len(grounds.missing_numbers)
        return f"its number is not in {where}" if n == 1 else f"{n} numbers are not in {where}"
    if not claim.terms:  # every signal at its best: the score of a sentence stating nothing
        words = "no key terms besides its numbers" if claim.numbers else "no key terms"
        return f"it has {words}, nothing {where} could support"
    return f"what {where} says is too weak a match"


def _coverage(claim: Claim, grounds: Grounds, where: str) -> str:
    if grounds.close < claim.terms.keys() and grounds.close <= grounds.covered:
        return ""  # the words missing here are all named by the closeness phrase already
    words = rarest_first(claim, [t for t in claim.terms if t not in grounds.covered])
    if not words:
        return ""
    verb = "is" if len(words) == 1 else "are"
    found, total = len(grounds.covered), len(claim.terms)
    return f"only {found} of {total} key terms are together in {where}; {listing(words)} {verb} not"


def rarest_first(claim: Claim, missing: list[str]) -> list[str]:
    """The sentence's words for ``missing`` terms: rarest first (the words that cost most),
    then in sentence order."""
    order = {t: i for i, t in enumerate(claim.terms)}
    missing.sort(key=lambda t: (-weight(t), order[t]))
    return [claim.terms[t] for t in missing]


def _bigrams(claim: Claim, grounds: Grounds, where: str) -> str:
    if not claim.bigrams:
        return ""
    n = len(claim.bigrams)
    have = round(grounds.signals["bigrams"] * n)
    return f"{have} of its {n} word pairs stand side by side in {where}"


def _names(claim: Claim, grounds: Grounds, where: str) -> str:
    shown = [name.shown for name in grounds.missing_names]
    verb = "is" if len(shown) == 1 else "are"
    return f"{listing(shown)} {verb} not named in {where}"


def _generic(claim: Claim, grounds: Grounds, where: str) -> str:
    return "it opens with a generic phrase"


def _close(claim: Claim, grounds: Grounds, where: str) -> str:
    n = len(claim.terms)
    missing = rarest_first(claim, [t for t in claim.terms if t not in grounds.close])
    if not missing:
        return ""
    verb = "is" if len(missing) == 1 else "are"
    return (
        f"only {n - len(missing)} of {n} key terms are close together in {where} (within "
        f"{stretch_of(n)} words); {listing(missing)} {verb} not"
    )


def _scattered(claim: Claim, grounds: Grounds, where: str) -> str:
    apart = [w for t, w in claim.terms.items() if t in grounds.matched and t not in grounds.close]
    if not apart:
        return ""
    verb = "appears" if len(apart) == 1 else "appear"
    return f"{listing(apart)} {verb} in {where} only far from the rest"


def _names_vs_rest(claim: Claim, grounds: Grounds, where: str) -> str:
    # Names the passages lack altogether are worded by _names: here only those elsewhere.
    missing = {id(name) for name in grounds.missing_names}
    in_names = {t for n in claim.names if id(n) not in missing for t, _ in n.pairs}
    words = [w for t, w in claim.terms.items() if t in in_names and t not in grounds.covered]
    if not words:
        return ""
    verb = "is" if len(words) == 1 else "are"
    return f"its other words are in {where} but {listing(words)} {verb} not among them"


# Every signal's phrase, keyed as support.signals lists them; None: never worded as a shortfall.
_PHRASES: dict[str, Callable[[Claim, Grounds, str], str] | None] = {
    "coverage": _coverage,
    "bigrams": _bigrams,
    "missing_names": _names,
    "missing_numbers": None,  # a veto (rules.VETOES), worded ahead of the score
    "rarest_missing": _coverage,  # its list of missing words starts with the rarest
    "key_terms": None,  # its weight is positive: never a shortfall
    "generic_opener": _generic,
    "close": _close,
    "scattered": _scattered,
    "names_vs_rest": _names_vs_rest,
    "far_terms": _close,  # the same shortfall, weighed by the sentence's length
}


def number_problems(claim: Claim, grounds: Grounds, where: str) -> list[str]:
    """What the passages say instead of each missing number, where they say it in the same
    place ("the sentence says 14 days; passage [1] says 30 days"); the others in one phrase.
    Only the first ``MAX_LISTED`` missing numbers are looked up."""
    missing = grounds.missing_numbers
    phrases = []
    plain = []
    for number in missing[:MAX_LISTED]:
        instead = _instead(claim, number, grounds, grounds.passages)
        if instead is not None:
            said, position, phrase = instead
            phrases.append(f"the sentence says {said}; {passages_phrase([position])} says {phrase}")
        else:
            plain.append(number.raw)
    extra = len(missing) - MAX_LISTED
    if extra > 0:
        shown = ", ".join(plain) + f" and {extra} more" if plain else f"{extra} more"
        phrases.append(f"numbers {shown} are not in {where}")
    elif plain:
        noun, verb = ("number", "is") if len(plain) == 1 else ("numbers", "are")
        phrases.append(f"{noun} {listing(plain, quote=False)} {verb} not in {where}")
    return phrases


def numbers_instead(claim: Claim, grounds: Grounds, passages: list[Passage]) -> list[str]:
    """What ``passages`` (some of the cited ones: one citation's) say instead of each missing
    number, as "150 percent, not 200 percent"; the same lookup as :func:`number_problems`, so a
    citation's reason says what its sentence's says."""
    phrases = []
    for number in grounds.missing_numbers[:MAX_LISTED]:
        instead = _instead(claim, number, grounds, passages)
        if instead is not None:
            phrases.append(f"{instead[2]}, not {instead[0]}")
    return phrases


def first_instead(claim: Claim, grounds: Grounds) -> tuple[str, int, str] | None:
    """The first missing number a cited passage states otherwise: (what the sentence says,
    the passage, what it says), as :func:`number_problems` words it; None when none does."""
    for number in grounds.missing_numbers[:MAX_LISTED]:
        instead = _instead(claim, number, grounds, grounds.passages)
        if instead is not None:
            return instead
    return None


def _instead(
    claim: Claim, number: Number, grounds: Grounds, passages: list[Passage]
) -> tuple[str, int, str] | None:
    """What the sentence says, and the passage of ``passages`` saying what instead."""
    end = number.end
    swapped = other_unit(number, claim.content, passages)
    if swapped is not None:  # the same value, counting something else
        position, theirs = swapped
        mine = unit_after(claim.content, end) or ("", "")
        return _with_unit(number.raw, mine[1]), position, theirs
    unit = _UNIT_RE.match(claim.content, end) if end <= len(claim.content) else None
    if number.kind:  # a time, date or range: what the passage says of the same kind
        unit_word = unit.group(1) if unit is not None else ""
        value = _said_value(number.kind, unit_word, grounds, passages)
        if value is None:
            return None
        position, phrase = value
        said = number.shown or number.raw
        if phrase.endswith(f" {unit_word}"):
            said += f" {unit_word}"
        return said, position, phrase
    if unit is None or not token_terms(unit.group(1)):
        return None  # "16 are" against "18 are": a small word after a number counts nothing
    said_here = _said(unit.group(1), grounds, passages)
    if said_here is None:
        return None
    position, phrase = said_here
    return f"{number.raw} {unit.group(1)}", position, phrase


def _with_unit(raw: str, word: str) -> str:
    return f"{raw}{word}" if word == "%" else f"{raw} {word}"


def _said_value(
    kind: str, unit: str, grounds: Grounds, passages: list[Passage]
) -> tuple[int, str] | None:
    """The first value of ``kind`` ("time range", "date", ...) in a cited passage, with
    ``unit`` when the passage writes it next ("10-20 days"): in the passage's best region
    when it has one, else anywhere in it. The first ``MAX_LISTED`` passages are searched."""
    for p in passages[:MAX_LISTED]:
        span = grounds.spans.get(p.position, (0, len(p.text)))
        for start, end in (span, (0, len(p.text))):
            text = p.text[start:end]
            value = next((n for n in find_numbers(text) if n.kind == kind), None)
            if value is not None:
                shown = value.shown or value.raw
                after = _UNIT_RE.match(text, value.end)
                if unit and after is not None and after.group(1).lower() == unit.lower():
                    shown += f" {after.group(1)}"
                return p.position, shown
    return None


def _said(unit: str, grounds: Grounds, passages: list[Passage]) -> tuple[int, str] | None:
    """The first number with the same following word in a cited passage: in its best region
    when it has one, else anywhere in it. The first ``MAX_LISTED`` passages are searched."""
    pattern = re.compile(
        rf"(?:{NUMBER_RE.pattern}|(?<!\w)(?:{_NUMBER_WORDS}))\s*(?:-\s*)?{re.escape(unit)}(?!\w)",
        re.IGNORECASE,
    )
    for p in passages[:MAX_LISTED]:
        span = grounds.spans.get(p.position, (0, len(p.text)))
        m = pattern.search(p.text, *span) or pattern.search(p.text)
        if m is not None:
            return p.position, " ".join(m.group(0).split())
    return None
