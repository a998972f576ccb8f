"""The strength check's reading of one word: its class ("quantifier", "modal", "sole",
"always", "future", "superlative", "unique", "constant", "necessity", "needs"), "weak" for a
hedge, or None for a plain word (see :mod:`.strength`)."""

from __future__ import annotations

from ...text.units import TIME_UNITS, UNIT_OF
from ...text.words import Word
from .obligation import BE, HAVE, NEED, NEGATIONS
from .superlative import among, superlative

_CLASSES_TEXT = {
    "quantifier": "all every each never none nobody entirely completely totally fully wholly",
    "future": "will shall",
    "modal": "must certainly definitely necessarily undoubtedly invariably",
    "sole": "only sole solely exclusively",
    "always": "always",
}
QUANTIFIERS = frozenset(("all", "every", "each"))
CLASS_OF = {word: cls for cls, text in _CLASSES_TEXT.items() for word in text.split()}
_WEAK_TEXT = """some many most several often usually typically sometimes may might can could
likely generally partly partially frequently occasionally few mostly largely mainly possibly
probably perhaps commonly normally rarely seldom should tend tends potentially somewhat
tended tending maybe presumably apparently arguably reportedly allegedly supposedly"""
WEAK = frozenset(_WEAK_TEXT.split())

_NOT_WEAK_AFTER = {"most": ("the",), "possible": ("as",)}
# "almost all", "nearly always": no more than a hedge
ALMOST = frozenset(("almost", "nearly"))
# "certain" is "certainly" after "is" or before "that", "to", an article or a verb's past
# ("is certain caused"); before a noun it is "some" ("under certain conditions").
_CERTAIN_BEFORE = frozenset(("that", "to", "of", "about", "a", "an", "the"))

_UNIQUE = frozenset(("just", "alone", "single", "unique", "except", "exclusive"))
_RESTRICTING = frozenset(("restricted", "limited", "reserved", "confined"))
# Words that say how often: as strong as "always", no "only".
_CONSTANT = frozenset(("whenever", "constantly", "consistently", "continuously", "routinely"))
# "is payable by the tenant", "is due on the 3rd" oblige someone to pay ("due to" gives a cause)
_NECESSITY_TEXT = """required require requires mandatory compulsory necessary obliged
obligatory essential payable"""
_NECESSITY = frozenset(_NECESSITY_TEXT.split())
# "need a degree" is as firm as "must gain a degree", of the thing it names only: it stands
# near the sentence's terms, not anywhere in the region's sentence as "need to" may.
_NEEDS = frozenset(("need", "needs", "needed"))

_VERBAL = BE | HAVE | {"do", "does", "did", "don", "not"}
DETERMINERS = frozenset(("the", "its", "their", "his", "her", "our", "s"))  # "world's tallest"
ANY_DETERMINER = DETERMINERS | {"a", "an"}  # "a highest salary" in a region


def grade(
    words: list[Word],
    i: int,
    determiners: frozenset[str] = DETERMINERS,
    opening: bool = False,
    weak: frozenset[str] = WEAK,
) -> str | None:
    """The class of word ``i`` (see ``_CLASSES_TEXT``), "superlative", "unique", "constant",
    "necessity", "weak" (one of ``weak``), or None for a plain word. ``determiners`` may open
    a superlative. A weak word capitalised where no sentence opens (``opening``) is part of a
    name or a title ("'Should Have Been a Cowboy'", "in May"): no hedge."""
    folded = words[i].folded
    after = words[i + 1].folded if i + 1 < len(words) else ""
    before = words[i - 1].folded if i else ""
    if folded == "certain":
        sure = before in BE or after in _CERTAIN_BEFORE or after.endswith("ed")
        folded = "certainly" if sure else "some"
    if folded in weak and i and not opening and words[i].text[:1].isupper():
        return None
    if folded == "no" and after == "one":
        folded = "nobody"
    if folded in QUANTIFIERS and after == "time":
        return "always"  # "every time"
    if folded in QUANTIFIERS and UNIT_OF.get(after) in TIME_UNITS:
        return None  # "each year": a rate, as "annual" is, no "all"
    if folded in ("nothing", "no", "none") and after in ("else", "other"):
        return "unique"
    if folded == "all" and after == "but":
        return "weak"  # "all but a few": nearly all
    negated = before in NEGATIONS or (i > 1 and words[i - 2].folded in NEGATIONS)
    # "the most" ranks, "as soon as possible" hedges nothing
    if folded in weak and before not in _NOT_WEAK_AFTER.get(folded, ()):
        return "weak"
    if folded in CLASS_OF or (before in determiners and superlative(words, i)):
        strong = CLASS_OF.get(folded, "superlative")
        # "one of the largest", "among the best": ranked, not first
        ranked = strong == "superlative" and among(words, i)
        return "weak" if negated or ranked or before in ALMOST else strong
    if folded == "just" and after in _VERBAL:
        return None  # "just do not align": emphasis, no "only"
    if folded in _RESTRICTING and after in ("to", "for"):
        return "unique"  # "voting is restricted to members": only members vote
    if folded in _UNIQUE and (folded != "single" or before == "the"):
        return "unique"  # "the single cause"; "a 1983 single", "a single payment" are no "only"
    if folded in _CONSTANT:
        return "constant"
    if (
        folded in _NECESSITY
        or (folded in NEED and after == "to")
        or (folded == "due" and before in BE and after != "to")
    ):
        return "weak" if negated else "necessity"  # "is not required to pay": it may
    if folded in _NEEDS and after in ("a", "an") and before not in ANY_DETERMINER:
        return "needs"  # "teachers need a degree"; "the need, a ..." and "a needs a" are nouns
    return None
