"""Where each of a sentence's key terms is, said once and the same way everywhere in the panel.

The engine lists a sentence's missing terms against the passages it *cites*: a term the
sentence's citation does not reach (an unresolved "[5]") is "missing" even when another given
passage holds it. Shown as "Not in the evidence" that contradicts the suggestion below it
("passage [1] would support the sentence"). So each missing term is checked against every
given passage's text here, and the panel says where it is missing and where it is.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from citations.engine.text.terms import language_of, nfkc, reading, terms_of
from citations.engine.wording import passages_phrase


def unique_terms(terms: Iterable[str]) -> list[str]:
    """The terms in order, each once (case-folded): the engine may list a word and the same
    number twice ("four", "four")."""
    seen: set[str] = set()
    out = []
    for term in terms:
        key = " ".join(term.split()).casefold()
        if key and key not in seen:
            seen.add(key)
            out.append(term)
    return out


@dataclass(frozen=True)
class TermCount:
    """The sentence's key terms, as matched + missing, without its numbers: the one count, the
    reason's "N of M key terms". A report that does not mark its numbers (engine before 3.1)
    counts them in (``apart`` false), and says so."""

    found: int
    total: int
    apart: bool = True

    def __str__(self) -> str:
        noun = "key terms" if self.apart else "terms and numbers"
        return f"{self.found} of {self.total} {noun}"

    def of(self, found: int) -> "TermCount":
        """The same count with ``found`` of them (what one citation carries)."""
        return TermCount(found, self.total, self.apart)


def term_count(
    matched: Iterable[str], missing: Iterable[str], numbers: Iterable[str] | None
) -> TermCount:
    """``numbers``: the report's entries that are numbers, not key terms; None when it does
    not say."""
    skip = number_keys(numbers or ())
    found = [t for t in unique_terms(matched) if t.casefold() not in skip]
    keys = {t.casefold() for t in found} | skip
    absent = [t for t in unique_terms(missing) if t.casefold() not in keys]
    return TermCount(len(found), len(found) + len(absent), numbers is not None)


def number_keys(numbers: Iterable[str]) -> set[str]:
    return {" ".join(n.split()).casefold() for n in numbers}


@dataclass
class MissingTerm:
    term: str
    absent_from: list[int] = field(default_factory=list)  # cited passages without it
    found_in: list[int] = field(default_factory=list)  # given passages that hold it
    cited: bool = False  # whether the sentence cites a passage that resolves

    @property
    def where(self) -> str:
        """ "not in passage [2]; in [1]", "no passage cited; in [1]", "" when no given
        passage holds it (then it is not in the evidence at all)."""
        if not self.found_in:
            return ""
        found = "in " + ", ".join(f"[{p}]" for p in self.found_in)
        if self.cited_too:
            # A passage it cites holds it, only not close to the other terms (engine's proximity).
            return f"{found}, apart from the other terms"
        absent = f"not in {passages_phrase(self.absent_from)}" if self.absent_from else ""
        return f"{absent or 'no passage cited'}; {found}"

    @property
    def cited_too(self) -> bool:
        return self.cited and not self.absent_from


def _phrase_in(term: str, text: str) -> bool:
    """A term the stemmer gives no key term for ("five", "09:00 to 17:00") as whole words."""
    words = nfkc(term).casefold().split()
    if not words:
        return False
    pattern = r"(?<!\w)" + r"\s+".join(re.escape(w) for w in words) + r"(?![\w:])"
    return re.search(pattern, nfkc(text).casefold()) is not None


def missing_places(
    sentence_text: str, missing: Iterable[str], cited: Iterable[int], passages: list
) -> list[MissingTerm]:
    """Each missing term with the cited passages it is not in and the given ones it is in."""
    cited = sorted(set(cited))
    texts = {p.position: p.text or "" for p in passages}
    # Stems depend on the language being read: the engine's, told the same way.
    with reading(language_of(sentence_text, texts.values())):
        held = {position: terms_of(text) for position, text in texts.items()}
        out = []
        for term in unique_terms(missing):
            own = terms_of(term)

            def holds(position: int, own: set[str] = own, term: str = term) -> bool:
                if own:
                    return own <= held[position]
                return _phrase_in(term, texts[position])

            found = [p for p in sorted(texts) if holds(p)]
            absent = [p for p in cited if p not in found]
            out.append(MissingTerm(term, absent, found, bool(cited)))
    return out
