"""Regenerate ``citations/engine/data/plurals_en.tsv``: English irregular plurals the stemmer
does not bring back to their singular ("children" to "child", "women" to "woman", "criteria" to
"criterion"), which the engine reads as their singular's key term, so that "every child"
meets "children" as "every employee" meets "employees".

Source: WordNet 3.0 (Princeton University, under the WordNet 3.0 licence, a permissive
BSD-style one), as Debian's ``wordnet-base`` installs it in ``/usr/share/wordnet``: the noun
exception list ``noun.exc`` (a plural, then its singulars), and the one detachment rule of
WordNet's morphology that ``noun.exc`` leaves to it, "-men" to "-man" ("women", "chairmen"),
applied to the nouns of ``index.noun``. A plural is kept when it has one singular, is no
verb's form ("lives", "halves", "goes": a verb's base plus "s" or "es"; "crying"), is no
regular plural of another noun ("cryings"), gives another key term than its singular, and when
both words are common, as for the antonym table: their key terms are in ``data/rarity_en.txt``
at ``MIN_TENTHS`` or more. ``OWN_SENSE`` lists the plurals whose everyday sense is a noun of
their own ("media", the press, is no plural of "medium", a size; "cola" a drink, "Roma" a
people). Plain words are written, plural and singular a line; the engine stems the singular
when it reads one, so a change of stemmer cannot leave the table keyed by stale terms.

    apt-get install -y wordnet-base && python benchmarks/make_plurals.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import Stemmer  # noqa: E402

from benchmarks.make_antonyms import WORDNET, common, frequencies, lemmas  # noqa: E402

OUT = ROOT / "citations" / "engine" / "data" / "plurals_en.tsv"
OWN_SENSE = frozenset(("media", "cola", "roma"))
# The stemmer alone: the engine's key terms read the table this script writes.
_SNOWBALL = Stemmer.Stemmer("english").stemWord


def plurals(
    exceptions: str, lemma_sets: dict[str, set[str]], tenths: dict[str, int]
) -> list[tuple[str, str]]:
    """(plural, singular) for the exception list's lines and the "-men" nouns the table keeps;
    ``lemma_sets`` maps a part of speech ("noun", "verb", ...) to WordNet's lemmas of it."""
    rows = [line.split() for line in exceptions.splitlines() if line.strip()]
    pairs = [(plural, its[0]) for plural, *its in rows if len(its) == 1]
    pairs += [
        (noun[:-3] + "men", noun) for noun in sorted(lemma_sets["noun"]) if noun.endswith("man")
    ]
    out = {
        (plural, singular)
        for plural, singular in pairs
        if plural not in OWN_SENSE
        and not _verb_form(plural, lemma_sets["verb"])
        and not (plural.endswith("s") and plural[:-1] in lemma_sets["noun"])
        and _SNOWBALL(plural) != _SNOWBALL(singular)
        and common(plural, tenths)
        and common(singular, tenths)
    }
    return sorted(out)


def _verb_form(word: str, verbs: set[str]) -> bool:
    """Whether ``word`` is a verb's third person or participle too ("lives", "halves", "goes",
    "crying")."""
    if word.endswith("ing"):
        return word[:-3] in verbs
    return word.endswith("s") and (word[:-1] in verbs or word[:-2] in verbs)


def table_text() -> str:
    """The table as this script writes it, from the installed WordNet."""
    exceptions = (WORDNET / "noun.exc").read_text(encoding="utf-8")
    lines = [
        "# English irregular plurals read as their singular by citations.engine: WordNet 3.0's",
        "# noun.exc and its -men rule (WordNet 3.0 licence, permissive); plural, then singular.",
        "# Regenerate with benchmarks/make_plurals.py; do not edit by hand.",
        *(
            f"{plural}\t{singular}"
            for plural, singular in plurals(
                exceptions, {pos: lemmas(pos) for pos in ("noun", "verb")}, frequencies()
            )
        ),
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    text = table_text()
    OUT.write_text(text, encoding="utf-8")
    print(f"{text.count(chr(9))} plurals into {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
