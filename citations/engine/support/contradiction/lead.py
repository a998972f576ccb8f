"""The word a negation denies first, past the words that only carry it there.

A cue passes over auxiliaries ("has not been paid", "n'a pas payé", "no ha sido pagado", "non è
stato pagato") and the second half of French "ne ... pas"; a determiner stops it: "it is not
the fracking process" denies no "process". After a firm modal it passes over "be" too:
"should not be given", "will not be paid" deny the giving, the paying. Not after "may",
"might", "could" or "would": "may not be abelian" hedges and denies nothing; but in a statute
"may not" and "cannot" forbid ("may not be sold"). Leave denied is the verb after it denied:
"is not permitted to sublet" says "may not sublet" (not an obligation: "is not required to pay"
leaves "may pay" true; see :mod:`.strength`). "Neither" and "nor" deny things, each of them
with the predicate, so a determiner does not stop them: "Neither the tenant nor the landlord is
liable" denies the tenant (and the landlord) being liable. A cue opening a contrast, after a
comma or "but", denies the phrase after it, its preposition and determiner passed over as well:
"from the office, not from home" denies the home, "but not on the weekend" the weekend.
"""

from __future__ import annotations

from ...text.words import Word
from .polarity import CONTRASTING, DETERMINERS, PREPOSITIONS

_PASSED_OVER_TEXT = """
been being have has had
a ai as avons avez ont avait avaient aura auront est sont etait etaient ete sera seront
pas plus jamais guere point yet
ha han he hemos habia habian sido fue fueron es son era eran
e stato stata stati state sono hanno
"""  # folded: accents off
_PASSED_OVER = frozenset(_PASSED_OVER_TEXT.split())
# A judgment denied is its object denied: "is not considered safe", "was not shown to work", "is
# not known to cause" deny the safety, the working, the causing (with their "to", "be", "as").
# ("Found" is no judgment only: "is not found in white cells" says where it is not.)
_JUDGED_TEXT = """
considered deemed regarded thought believed shown proven proved known
"""
_JUDGED = frozenset(_JUDGED_TEXT.split())
_AFTER_JUDGED = frozenset(("to", "be", "as"))
FIRM_MODALS = frozenset(("must", "shall", "should", "will"))
STATUTE_MODALS = FIRM_MODALS | {"may", "can"}
_WITH_BE = _PASSED_OVER | {"be"}
_CORRELATIVE = frozenset(("neither", "nor"))
_PERMITTED = frozenset(("permitted", "allowed", "authorized", "authorised", "entitled"))
_CONTRAST_OPENERS = frozenset(("but", "and"))
_SETTING_ASIDE = frozenset(first for first, _ in CONTRASTING)


def denied_first(
    words: list[Word],
    cue: int,
    covered: list[int],
    modals: frozenset[str],
    clause: list[int],
    *,
    granted: bool,
) -> int:
    """The first of the ``covered`` words past those the cue at ``cue`` passes over: "be"
    after one of ``modals``; if ``granted``, a permission and its "to" (a region's negation
    counts on the word it denies first alone; a sentence's on any it covers, so there the
    permission is what it denies); and a judgment ("not considered safe" denies the safety).
    ``clause`` numbers each word's clause."""
    cannot = cue >= 0 and words[cue].folded == "cannot" and "can" in modals
    after_modal = cue > 0 and words[cue - 1].folded in modals
    yet_to = cue >= 0 and words[cue].folded == "yet"  # "has yet to be approved"
    passed = _WITH_BE if cannot or after_modal or yet_to else _PASSED_OVER
    if cue >= 0 and words[cue].folded in _CORRELATIVE:
        passed = passed | DETERMINERS
    elif _opens_contrast(words, cue, clause):
        passed = passed | DETERMINERS | PREPOSITIONS
    leave = {k for i in covered if granted and _permission(words, i) for k in (i, i + 1)}
    leave |= _judgment(words, covered)
    return next(
        (i for i in covered if words[i].folded not in passed and i not in leave), covered[0]
    )


def _judgment(words: list[Word], covered: list[int]) -> set[int]:
    """The indexes of a judgment the cue denies first and of its "to", "be" or "as" ("not
    considered to be safe"); none when the cue denies something else first."""
    first = next((i for i in covered if words[i].folded not in _WITH_BE), None)
    if first is None or words[first].folded not in _JUDGED:
        return set()
    out, k = {first}, first + 1
    while k in covered and words[k].folded in _AFTER_JUDGED:
        out.add(k)
        k += 1
    return out


def _opens_contrast(words: list[Word], cue: int, clause: list[int]) -> bool:
    """Whether the cue at ``cue`` sets what follows against what its sentence said before:
    "rather than" and "instead of" always do; "not" where it opens its clause after
    punctuation ("..., not from home") or follows "but" ("but not at weekends")."""
    if cue <= 0:
        return False
    if words[cue].folded in _SETTING_ASIDE:
        return True
    before = words[cue - 1].folded
    return clause[cue - 1] != clause[cue] or before in _CONTRAST_OPENERS


def _permission(words: list[Word], i: int) -> bool:
    """Whether ``words[i]`` grants leave to the verb after its "to" ("permitted to sublet";
    "entitled to a pension" grants a thing)."""
    return (
        words[i].folded in _PERMITTED
        and i + 2 < len(words)
        and words[i + 1].folded == "to"
        and bool(words[i + 2].term)
    )
