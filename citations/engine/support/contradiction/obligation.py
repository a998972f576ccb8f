"""Obligation and generic "all" outside statutes: the part of the strength check (see
:mod:`.strength`) that reads a passage which is no statute (no law, no article).

In a statute the plain present binds ("the tenant pays the rent" is "the tenant must pay");
elsewhere a plain statement describes, it does not oblige: a report saying "regular exercise
helps the heart" says less than "regular exercise must help the heart". So only there does a
region with nothing as firm near the sentence's terms say less than a firm modal ("must
help", "has to help", "is required to help", "certainly helps"), hedge or not: "is used for
patients" is sure of nothing more than "can help guide". A region saying the modal's verb as
an order ("Keep a food kit", "Expense claims: submit your receipts", "Please submit"), or
binding it in a passive infinitive ("leave, to be taken within a year", "is to be paid"), says
as much. "must have known" infers, and claims no more than "knew".

Likewise a bare plural says less than "all" or "every" ("patients recover" for "all patients
recover"); a region saying the verb after "to" ("called on them to recover") or of particular
ones ("the patients", "twelve patients") says as much.

:mod:`.strength` reads each sentence word with :func:`claimed` and :func:`firm`, and each
region sentence with :func:`stated` and :func:`ordered`; this module holds the words both
read.
"""

from __future__ import annotations

import re

from ...text.words import Word

# Words :mod:`.strength` reads too: "is certain", "not all", "have to pass" (a necessity).
BE = frozenset(("is", "are", "was", "were", "be", "been", "being", "am", "seems", "seem"))
HAVE = frozenset(("have", "has", "had"))  # "have to pass" is "must pass"
NEED = HAVE | {"need", "needs", "needed"}  # before "to": as binding as "must"
NEGATIONS = frozenset(("not", "no", "t", "never", "without", "cannot"))  # "t" of "don't"
# "has to", "is required to": an obligation, but no strong word alone (see _obliges)
_OBLIGING = HAVE | {"required"}
OBLIGE_RE = re.compile(r"(?is)^(?=.*(?<!\w)to(?!\w)).*(?<!\w)(?:has|have|had|required)(?!\w)")
# Words before a noun that say which ones ("the patients", "twelve patients"), not all of
# them; "that" before a plural opens a clause ("found that birds migrate")
_SPECIFIC_TEXT = """the these those this its their his her our my your a an s both two three four
five six seven eight nine ten eleven twelve dozen hundreds thousands to"""
_SPECIFIC = frozenset(_SPECIFIC_TEXT.split())


def may_oblige(sentence: str, tokens: list[str] | None) -> bool:
    """Whether ``sentence`` may hold "has to" or "is required to", which no strong word of
    :mod:`.strength`'s cheap test says; ``tokens`` as there (None beyond ASCII)."""
    if tokens is None:
        return OBLIGE_RE.search(sentence) is not None
    return "to" in tokens and not _OBLIGING.isdisjoint(tokens)


def claimed(words: list[Word], i: int, grade: str | None) -> tuple[str | None, bool]:
    """Word ``i``'s class (``grade`` as :mod:`.strength` reads it) in a passage that is no
    statute, and whether a region stating its verb plainly says less: an obligation claims as
    much as "must" (see :func:`firm`), and "all" or "every" as a quantifier claims more than a
    bare plural."""
    if _obliges(words, i):
        return "modal", False
    return grade, words[i].folded in ("all", "every") and grade == "quantifier"


def firm(words: list[Word], i: int, grade: str | None) -> bool:
    """Whether word ``i`` of class ``grade`` is a firm modal ("must", "certainly", "has to"),
    which says more than any region not as firm outside a statute: a report saying the ACT
    "is used" or "can help" is sure of nothing more. "must have known" infers, and claims no
    more than "knew"."""
    if grade != "modal":
        return False
    after = words[i + 1].folded if i + 1 < len(words) else ""
    return words[i].folded != "must" or after != "have"


def stated(words: list[Word], term: str, a: int, b: int) -> bool:
    """Whether the region sentence of words ``a`` to ``b`` states ``term`` plainly, of no
    particular ones ("patients recover", not "the patients", "12 patients", nor after "to")."""
    return any(
        words[k].term == term
        and (k == 0 or words[k - 1].folded not in _SPECIFIC)
        and not (k and words[k - 1].folded.isdigit())
        for k in range(a, b)
    )


def ordered(text: str, words: list[Word], k: int, a: int) -> bool:
    """Whether word ``k`` of the sentence opening at word ``a`` is an order: the sentence's
    first word ("Keep a food kit"), the first after a label's colon ("Expense claims: submit
    your receipts") or after "please", or a participle a passive infinitive binds ("leave, to
    be taken within a year", "receipts are to be submitted"; not "expected to be taken")."""
    if k == a:
        return True
    if words[k - 1].folded == "please" or ":" in text[words[k - 1].end : words[k].start]:
        return True
    return k - 3 >= a and _bound_infinitive(text, words, k - 3)


def _bound_infinitive(text: str, words: list[Word], j: int) -> bool:
    """Whether "to be" follows word ``j`` as an obligation: after "is" ("is to be paid") or
    after a comma ("parental leave, to be taken")."""
    if (words[j + 1].folded, words[j + 2].folded) != ("to", "be"):
        return False
    return words[j].folded in BE or "," in text[words[j].end : words[j + 1].start]


def _obliges(words: list[Word], i: int) -> bool:
    """Whether word ``i`` opens an obligation: "must", "has to", "is required to"."""
    folded = words[i].folded
    after = words[i + 1].folded if i + 1 < len(words) else ""
    if any(words[j].folded in NEGATIONS for j in (i - 2, i - 1) if j >= 0):
        return False  # "does not have to"
    if folded == "must":
        return after != "have"  # "must have known" guesses, it binds no one
    if folded in HAVE:
        return after == "to"
    return folded == "required" and after == "to" and i > 0 and words[i - 1].folded in BE
