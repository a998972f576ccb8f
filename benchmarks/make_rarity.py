"""Regenerate ``citations/engine/data/rarity_en.txt``, the engine's word-rarity table.

Source: the ``wordfreq`` package (Robyn Speer, https://github.com/rspeer/wordfreq, code under
Apache-2.0, data under CC-BY-SA 4.0), version pinned in the ``fit`` extra. The table keeps the
40,000 most frequent English words, maps each to the engine's English key term (case-folded,
Snowball-stemmed, see ``citations.engine.text.terms``) and keeps the highest Zipf frequency
of the words that share a term, in tenths. Terms outside the table count as rare. Only this
script needs wordfreq; the engine reads the text file.

    pip install -e '.[fit]' && python benchmarks/make_rarity.py
"""

from __future__ import annotations

import sys
from collections import defaultdict
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wordfreq import top_n_list, zipf_frequency  # noqa: E402

from citations.engine.text.terms import token_terms  # noqa: E402

OUT = ROOT / "citations" / "engine" / "data" / "rarity_en.txt"
TOP = 40_000


def main() -> None:
    best: dict[str, int] = {}
    for word in top_n_list("en", TOP):
        if not (word.isascii() and word.isalpha()):
            continue
        terms = token_terms(word)
        if len(terms) != 1:
            continue  # a stop-word, number word or single letter: never a key term
        tenths = round(zipf_frequency(word, "en") * 10)
        if tenths > best.get(terms[0], -1):
            best[terms[0]] = tenths
    by_zipf: dict[int, list[str]] = defaultdict(list)
    for term, tenths in best.items():
        by_zipf[tenths].append(term)
    lines = [
        f"# English word rarity for citations.engine: wordfreq {version('wordfreq')} "
        f"(CC-BY-SA 4.0), top {TOP} words, Zipf frequency in tenths, then the key terms.",
        "# Regenerate with benchmarks/make_rarity.py; do not edit by hand.",
    ]
    lines += [f"{z} {' '.join(sorted(by_zipf[z]))}" for z in sorted(by_zipf, reverse=True)]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(best)} terms written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
