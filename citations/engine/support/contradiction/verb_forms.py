"""Irregular verb forms read as their verb by the contradiction checks: "Revenue rose" against
"Revenue did not rise" is a negation, though the stemmer gives "rose" and "rise" two key terms.

The forms (``data/verb_forms.tsv``: WordNet 3.0's verb exceptions, made by
``benchmarks/make_verb_forms.py``) are plain words; their English key terms are taken here
when the table loads, so it follows the stemmer. Only the checks read them: the support score
keeps its own terms (irregular forms there doubled the perturbation false alarms).
"""

from __future__ import annotations

from pathlib import Path

from ...text.terms import ENGLISH, current

_TABLE = Path(__file__).parents[2] / "data" / "verb_forms.tsv"


def _load() -> tuple[dict[str, str], dict[str, frozenset[str]]]:
    """The key term of each form -> its verb's ("rose" -> "rise"); and the key term of each
    verb -> its own and its forms' ("rise" -> "rise", "rose", "risen")."""
    verbs: dict[str, str] = {}
    same: dict[str, set[str]] = {}
    for line in _TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            (form,), (verb,) = (ENGLISH.cache[word] for word in line.split("\t"))
            verbs[form] = verb
            same.setdefault(verb, {verb}).add(form)
    return verbs, {verb: frozenset(terms) for verb, terms in same.items()}


_VERBS, _SAME_VERB = _load()


def verb_terms(terms: list[str]) -> list[str]:
    """``terms`` with each irregular form's key term made its verb's, for English text (another
    language's "fell" is no form of "fall")."""
    if current() is not ENGLISH:
        return terms
    return [_VERBS.get(term, term) for term in terms]


def same_verb(term: str) -> frozenset[str]:
    """The key terms of ``term``'s verb and of its irregular forms ("rise", "rose", "risen"),
    which are their stems too (the table's words are plain ones)."""
    alone = frozenset((term,))
    if current() is not ENGLISH:
        return alone
    return _SAME_VERB.get(_VERBS.get(term, term), alone)
