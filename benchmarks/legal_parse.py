"""Legal citation parsing speed on dense legal text, against one ``re.findall(r"\\w+")`` pass.

Builds answers of 25,000, 50,000 and 100,000 characters in which nearly every sentence cites
a provision in one of the recognised forms (EU, German, French, US, seed brackets), then times
``find_citations`` (recognition and reading of every reference) and the whole ``verify()`` over
evidence quoted from real provisions. Prints the best of a few runs, the ratio to the findall
pass and the time per 1,000 characters (flat = linear).

    python benchmarks/legal_parse.py
"""

from __future__ import annotations

import gc
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from citations.engine import verify
from citations.engine.citations.parse import find_citations
from tests.engine.statutes import STATUTES

SIZES = (25_000, 50_000, 100_000)
WORD_RE = re.compile(r"\w+")
FORMS = [
    "under Article 5(1)(a) GDPR", "(Art. 6 para. 1 lit. f GDPR)", "Article 17 of the GDPR",
    "Articles 12 to 14 GDPR", "as Arts. 13 and 14 require", "per § 823 Abs. 1 BGB",
    "(§§ 305 ff. BGB)", "under Art. 3 Abs. 2 GG", "§ 1 Abs. 2 S. 1 Nr. 3",
    "article L. 1234-1 du Code du travail", "art. 1240 du Code civil", "42 U.S.C. § 1983",
    "42 USC 1983", "29 C.F.R. § 1910.1200", "section 1983 of title 42", "Article 267 TFEU",
    "[GDPR, Article 17]", "[Labour Law, Art. 30(2)]", "[§ 823 Abs. 1 BGB]", "GDPR Art. 5",
]  # fmt: skip
FILLER = (
    "the controller shall erase personal data without undue delay where processing is "
    "necessary for the legitimate interests pursued by a third party and the employee"
)
WORDS = FILLER.split()


def dense_text(n_chars: int, seed: int = 11) -> str:
    rng = random.Random(seed)
    sentences = []
    size = 0
    while size < n_chars:
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(6, 12)))
        sentence = f"{words.capitalize()} {rng.choice(FORMS)}."
        sentences.append(sentence)
        size += len(sentence) + 1
    return " ".join(sentences)[:n_chars]


def best(fn, runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        gc.collect()
        gc.disable()
        try:
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        finally:
            gc.enable()
    return min(times)


def main() -> None:
    print(
        f"{'chars':>8} {'citations':>9} {'parse ms':>9} {'findall ms':>10} {'ratio':>6} "
        f"{'us/kchar':>8} {'verify ms':>9}"
    )
    for n in SIZES:
        text = dense_text(n)
        count = len(find_citations(text, "auto", True)[0])
        parse = best(lambda text=text: find_citations(text, "auto", True))
        findall = best(lambda text=text: WORD_RE.findall(text))
        whole = best(lambda text=text: verify(text, STATUTES), runs=3)
        print(
            f"{len(text):>8} {count:>9} {parse * 1e3:>9.2f} {findall * 1e3:>10.2f} "
            f"{parse / findall:>5.1f}x {parse * 1e9 / len(text):>8.1f} {whole * 1e3:>9.1f}"
        )


if __name__ == "__main__":
    main()
