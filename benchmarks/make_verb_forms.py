"""Regenerate ``citations/engine/data/verb_forms.tsv``: the irregular verb forms the stemmer
does not bring back to their verb ("rose" to "rise", "paid" to "pay", "fell" to "fall"), which
the contradiction checks read as their verb ("Revenue rose" against "Revenue did not rise").

Source: WordNet 3.0 (Princeton University, under the WordNet 3.0 licence, a permissive
BSD-style one), as Debian's ``wordnet-base`` installs it in ``/usr/share/wordnet``: the verb
exception list ``verb.exc`` (an inflected form, then its base forms). A form is kept when it
has one base (not spelling variants: "appalled" of "appal" and "appall"), is no verb of its own
with common forms of its own ("lay", "laid"), gives one key term other than its base's (the
stemmer joins "abetted" and "abet" already; "was", a stop-word, gives none), and when both words
are common, as for the antonym table: their key terms are in ``data/rarity_en.txt`` at
``MIN_TENTHS`` or more ("rent" of "rend", "stove" of "stave" drop out). Plain words are
written, form and base a line; the engine takes their key terms when it loads the table, so a
change of stemmer cannot leave it keyed by stale terms.

    apt-get install -y wordnet-base && python benchmarks/make_verb_forms.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.make_antonyms import WORDNET, common, frequencies  # noqa: E402
from citations.engine.text.terms import token_terms  # noqa: E402

OUT = ROOT / "citations" / "engine" / "data" / "verb_forms.tsv"


def forms(exceptions: str, tenths: dict[str, int]) -> list[tuple[str, str]]:
    """(form, base) for the lines of a WordNet exception list that the table keeps."""
    rows = [line.split() for line in exceptions.splitlines() if line.strip()]
    # a verb of its own: a base with a common form the stemmer keeps apart ("lay": "laid";
    # "won" has only "wonned", which it stems as "won")
    verbs = {
        base
        for form, *its in rows
        for base in its
        if common(form, tenths) and token_terms(form) != token_terms(base)
    }
    out = []
    for form, *its in rows:
        if len(its) != 1 or form in verbs:
            continue
        base = its[0]
        if token_terms(form) != token_terms(base) and common(form, tenths) and common(base, tenths):
            out.append((form, base))
    return sorted(out)


def table_text() -> str:
    """The table as this script writes it, from the installed WordNet."""
    exceptions = (WORDNET / "verb.exc").read_text(encoding="utf-8")
    lines = [
        "# Irregular verb forms for citations.engine's contradiction checks: WordNet 3.0's",
        "# verb.exc (WordNet 3.0 licence, permissive); form, then its verb, one a line.",
        "# Regenerate with benchmarks/make_verb_forms.py; do not edit by hand.",
        *(f"{form}\t{base}" for form, base in forms(exceptions, frequencies())),
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    text = table_text()
    OUT.write_text(text, encoding="utf-8")
    print(f"{text.count(chr(9))} forms into {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
