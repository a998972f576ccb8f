"""A sentence's verdict in plain words: the one fact that decided it, first and without the
score or counts (those stay in the reason). "Passage [2] says 150 percent, not 200 percent"."""

from __future__ import annotations

from ..support.model import Grounds
from ..text.claims import Claim
from ..wording import passages_phrase
from .reasons import first_instead, rarest_first

MAX_NAMED = 3
"""Missing words named in a summary; the reason lists them all."""


def summarize(
    status: str,
    decided_by: str | None,
    claim: Claim | None,
    grounds: Grounds | None,
    where: str,
    unread: tuple[str, bool] | None = None,
) -> str:
    """The summary of a sentence, given what decided it (``rules.decided_by``), the cited
    passages named (``where``) and, for ``citation``, the first citation that does not resolve
    or cannot be read (its raw text, whether it cannot be read)."""
    if decided_by is None:
        if status == "uncited":
            return "It makes a claim but cites nothing"
        return "Not a claim: nothing to check"
    if decided_by == "citation" or claim is None or grounds is None:
        return _unread(unread)
    if decided_by == "contradiction":
        c = grounds.contradictions[0]
        said = passages_phrase([c.evidence])
        return f"{_upper(said)} says '{c.passage_text}', not '{c.sentence_text}'"
    if decided_by == "number":
        return _number(claim, grounds, where)
    if status == "verified":
        return f"{_upper(where)} supports it"
    return _shortfall(claim, grounds, where)


def _unread(unread: tuple[str, bool] | None) -> str:
    if unread is None:
        return "A citation cannot be checked"
    raw, malformed = unread
    if malformed:
        return f"{raw} cannot be read as a citation"
    return f"{raw} does not point to a given passage"


def _number(claim: Claim, grounds: Grounds, where: str) -> str:
    instead = first_instead(claim, grounds)
    if instead is not None:
        said, position, phrase = instead
        return f"{_upper(passages_phrase([position]))} says {phrase}, not {said}"
    missing = [n.raw for n in grounds.missing_numbers]
    return f"{_upper(where)} does not state {_either(missing)}"


def _shortfall(claim: Claim, grounds: Grounds, where: str) -> str:
    """The words the passages lack, rarest first; else the names; else that the words are
    there but not as the sentence puts them together."""
    missing = rarest_first(claim, [t for t in claim.terms if t not in grounds.covered])
    if missing:
        return f"{_upper(where)} does not mention {_either(missing, quote=True)}"
    if grounds.missing_names:
        names = [name.shown for name in grounds.missing_names]
        return f"{_upper(where)} does not name {_either(names, quote=True)}"
    if not claim.terms:
        return "It states nothing the passages could support"
    return f"{_upper(where)} has its words, but not together as the sentence says it"


def _either(items: list[str], *, quote: bool = False) -> str:
    """ "'laptop' or 'remotely'": the first ``MAX_NAMED``, then "or others"."""
    shown = [f"'{item}'" if quote else item for item in items[:MAX_NAMED]]
    if len(items) > MAX_NAMED:
        return ", ".join(shown) + " or others"
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def _upper(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:]
