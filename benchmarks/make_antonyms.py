"""Regenerate ``citations/engine/data/antonyms.tsv``, the opposite check's word pairs, and
``converses.tsv``, the pairs it reads only where each stands in the other's place.

Source: WordNet 3.0 (Princeton University, under the WordNet 3.0 licence, a permissive
BSD-style one), as Debian's ``wordnet-base`` installs it in ``/usr/share/wordnet``: the
antonym pointers (``!``) of ``data.adj``, ``data.verb``, ``data.noun`` and ``data.adv``, each
pair written with the irregular forms of ``*.exc`` ("rose" for "rise") and the regular
comparatives and superlatives of adjectives ("higher", "lowest"), the two ends of the scale of
amount crossed ("less" against "greater"), then a short hand list of legal and business pairs
WordNet lacks or words differently. A pair is kept when both of its
words are common: their key term is in ``data/rarity_en.txt`` at ``MIN_TENTHS`` or more, and
neither is an everyday word of too many senses to mean one thing (``MANY_SENSES``). Plain words
are written, one pair a line, both directions; the engine stems them when it loads the table,
so a change of stemmer cannot leave the table keyed by stale stems.

Tried and left out (engine 3.10, dev perturbations of ``benchmarks/perturb.py``): crossing the
direction check's verbs of change as the scale of amount is crossed ("rose" against "dropped")
caught no more opposites and raised the false alarms from 9 to 12 of 417 ("increased size"
against "heart rate falls"); crossing derivational families (WordNet's derivation and
pertainym pointers: "failed" against "success", "slowly" against "fast", 560 more pairs)
caught none and let in intensifiers and converses ("incredibly" against "credible", "borrow"
against "lender").

Tried and left out (engine 3.11, issue 21's opposite target; base 197 of 252 caught, false
alarms 9 of 417): pairing every word of the two antonym synsets (2,169 -> 4,975 lines) caught
none and raised the false alarms to 13; adding the satellites of each side through similar-to
and also-see (45,289 lines) caught 4 and lost 1, three through unrelated words ("used"
against "utilizing", "absent" against "active"), with 23 false alarms; indirect antonyms alone (an
adjective's satellites against its head's antonym, 9,761 lines) caught one ("higher" against
"low") and lost one, false alarms 14; a phrase antonym's hypernym ("add": "take away", so
"remove"; 48 pairs, "exclude" against "see") moved nothing; ``MIN_TENTHS`` 30 or 25 (3,212 or
3,672 lines) caught none, false alarms 11. The misses swap a word no cited passage says.

    apt-get install -y wordnet-base && python benchmarks/make_antonyms.py
"""

from __future__ import annotations

import sys
from collections import defaultdict
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citations.engine.text.terms import STOP_WORDS, fold, stem, token_terms  # noqa: E402

WORDNET = Path("/usr/share/wordnet")
OUT = ROOT / "citations" / "engine" / "data" / "antonyms.tsv"
CONVERSES_OUT = ROOT / "citations" / "engine" / "data" / "converses.tsv"
RARITY = ROOT / "citations" / "engine" / "data" / "rarity_en.txt"
FILES = {"a": "adj", "s": "adj", "v": "verb", "n": "noun", "r": "adv"}
MIN_TENTHS = 35
# Everyday words of too many senses to oppose anything ("make"/"break", "come"/"go").
MANY_SENSES = frozenset(
    ("make", "made", "go", "went", "come", "came", "know", "work", "back", "get", "give")
)
# Stop-words and number words have no key term, so their frequency is not in the table: these
# few are let in.
STOP_PAIRS = (
    ("before", "after"),
    ("above", "below"),
    ("more", "less"),
    ("most", "least"),
    ("most", "less"),
    ("more", "least"),
    ("first", "last"),
    ("with", "without"),
    ("up", "down"),
    ("over", "under"),
    ("same", "different"),
)
# Comparatives and superlatives of amount make one scale: any word of one end opposes any of the
# other ("pump less blood" against "a greater volume of blood"; WordNet pairs each word with its
# own opposite only, "greater" with "lesser").
AMOUNT_SCALE = (
    (
        ("more", "greater", "larger", "bigger", "higher"),
        ("less", "fewer", "lesser", "smaller", "lower"),
    ),
    (
        ("most", "greatest", "largest", "biggest", "highest"),
        ("least", "fewest", "smallest", "lowest"),
    ),
)
# WordNet antonyms that name the two sides of one relation (converses): a text about one names
# the other ("contact with the parent" of "children in care"), so they are no opposites; they go
# to converses.tsv, read only where one stands in the other's place ("his wife Eurydice").
CONVERSES = frozenset(
    (
        "parent",
        "child",
        "employer",
        "employee",
        "husband",
        "wife",
        "plaintiff",
        "defendant",
        "ancestor",
        "descendant",
        "leader",
        "follower",
        "lender",
        "borrower",
        "buyer",
        "seller",
        "teacher",
        "student",
        "landlord",
        "tenant",
        "creditor",
        "debtor",
        # verbs of one event told from either side: "Globex sold the plant to Acme" is "Acme
        # bought the plant from Globex"
        "buy",
        "sell",
        "lend",
        "borrow",
        "give",
        "take",
    )
)
# Converses WordNet lacks or opposes: the parties of legal and commercial relations, and
# sending against receiving (one delivery told from either end).
HAND_CONVERSES = (
    ("buyer", "seller"),
    ("buyer", "vendor"),
    ("purchaser", "seller"),
    ("purchaser", "vendor"),
    ("landlord", "tenant"),
    ("lessor", "lessee"),
    ("licensor", "licensee"),
    ("grantor", "grantee"),
    ("mortgagor", "mortgagee"),
    ("payer", "payee"),
    ("insurer", "insured"),
    ("appellant", "respondent"),
    ("send", "receive"),
    ("sent", "received"),
    ("sends", "receives"),
)


def _each(words: str) -> tuple[tuple[str], ...]:
    """Alternatives of one word each."""
    return tuple((w,) for w in words.split())


# Sets of values that exclude one another where one stands in another's place ("the weekly
# rest" against "the daily rest", "the second chamber" against "the first chamber"), by hand:
# each alternative is its words of one meaning ("annual", "yearly"). Like converses, a text
# names several of them, so they are no opposites elsewhere.
ALTERNATIVES = (
    (
        ("hourly",),
        ("daily",),
        ("weekly",),
        ("fortnightly",),
        ("monthly",),
        ("quarterly",),
        ("yearly", "annual", "annually"),
    ),
    _each("first second third fourth fifth sixth seventh eighth ninth tenth"),
    _each("once twice thrice"),  # "500 mg twice a day" against "500 mg once a day"
    (("north", "northern"), ("south", "southern"), ("east", "eastern"), ("west", "western")),
    (("civil",), ("criminal",)),
    (("written",), ("oral", "verbal")),
    (("working", "business"), ("calendar",)),
    (("temporary",), ("permanent",)),
    (("full",), ("part",)),
    (("upper",), ("lower",)),
    (("natural",), ("legal",)),
    (("adult", "adults"), ("child", "children", "minor", "minors")),
    _each("monday tuesday wednesday thursday friday saturday sunday"),
    # "may" is the verb far more often than the month
    _each("january february march april june july august september october november december"),
)
HAND_PAIRS = (
    ("permitted", "prohibited"),
    ("permit", "prohibit"),
    ("allowed", "prohibited"),
    ("allowed", "forbidden"),
    ("lawful", "unlawful"),
    ("mandatory", "optional"),
    ("compulsory", "voluntary"),
    ("obligatory", "optional"),
    ("upheld", "overturned"),
    ("uphold", "overturn"),
    ("acquitted", "convicted"),
    ("acquit", "convict"),
    ("guilty", "innocent"),
    ("liable", "exempt"),
    ("grant", "deny"),
    ("granted", "denied"),
    ("approve", "reject"),
    ("accept", "reject"),
    ("include", "exclude"),
    ("profit", "loss"),
    ("gain", "loss"),
    ("surplus", "deficit"),
    ("grow", "shrink"),
    ("growth", "decline"),
    ("increase", "decline"),
    ("increase", "reduce"),  # WordNet opposes "reduce" to "gain" (weight) only
    ("raise", "reduce"),  # "raises blood pressure", "reduces blood pressure"
    ("rise", "decline"),
    ("expand", "shrink"),
    ("import", "export"),
    ("imports", "exports"),
    ("asset", "liability"),
    ("inflow", "outflow"),
    ("upgrade", "downgrade"),
    ("bullish", "bearish"),
    ("overvalued", "undervalued"),
    ("outperform", "underperform"),
    ("appreciate", "depreciate"),
    ("strengthen", "weaken"),
    ("success", "failure"),
    ("succeed", "fail"),
    ("earliest", "latest"),
    ("oldest", "newest"),
    ("oldest", "youngest"),
    ("next", "previous"),
    ("higher", "lower"),
    ("most", "few"),  # "most patients recover", "few patients recover"
    ("twice", "half"),  # "twice as many patients", "half as many patients"
    ("everyone", "nobody"),
    ("everything", "nothing"),
    ("gain", "lose"),
    ("gained", "lost"),
    ("arrive", "depart"),
    ("global", "local"),
    ("common", "rare"),
    ("ancient", "modern"),  # WordNet opposes "modern" to "nonmodern" only
    ("improve", "worsen"),  # WordNet opposes "worsen" to "better", its synonym
)


def main() -> None:
    tenths = frequencies()
    nouns = lemmas("noun")
    pairs: set[tuple[str, str]] = set()
    converses: set[tuple[str, str]] = set()
    for pos in ("adj", "verb", "noun", "adv"):
        irregular = _irregular_forms(pos)
        for a, b in _wordnet_pairs(pos):
            if a in CONVERSES and b in CONVERSES:
                converses.update(
                    (x, y)
                    for x, _ in _forms(a, pos, irregular, nouns)
                    for y, _ in _forms(b, pos, irregular, nouns)
                )
                continue
            for x, degree in _forms(a, pos, irregular, nouns):
                for y, other in _forms(b, pos, irregular, nouns):
                    if degree == other and _common(x, tenths) and _common(y, tenths):
                        pairs.add((x, y))
    for a, b in STOP_PAIRS:
        pairs.add((a, b))
    for ups, downs in AMOUNT_SCALE:
        pairs.update((a, b) for a in ups for b in downs)
    verbs = _irregular_forms("verb")
    for a, b in HAND_PAIRS:
        pairs.add((a, b))
        # a hand pair's verbs in their irregular tenses too, as WordNet's: "rose" against
        # "declined", "grew" against "shrank" (any other word has none)
        for x, _ in _forms(a, "verb", verbs, nouns):
            for y, _ in _forms(b, "verb", verbs, nouns):
                if _common(x, tenths) and _common(y, tenths):
                    pairs.add((x, y))
    converses.update(HAND_CONVERSES)
    for alternatives in ALTERNATIVES:
        converses.update(
            (a, b) for one, other in combinations(alternatives, 2) for a in one for b in other
        )
    _write(
        OUT,
        pairs,
        "# Opposite words for citations.engine: WordNet 3.0 antonyms (WordNet 3.0 licence,",
        "# permissive) and a hand list; plain words, both directions, one pair a line.",
    )
    _write(
        CONVERSES_OUT,
        converses,
        "# Converse words for citations.engine: WordNet 3.0 antonyms that name the two sides of",
        "# one relation (WordNet 3.0 licence, permissive), a hand list of the parties to legal",
        "# relations and of values that exclude one another; plain words, both directions.",
    )


def _write(path: Path, pairs: set[tuple[str, str]], *about: str) -> None:
    both = sorted(pairs | {(b, a) for a, b in pairs})
    both = [(a, b) for a, b in both if stem(fold(a)) != stem(fold(b))]  # "-er" forms can meet
    lines = [
        *about,
        "# Regenerate with benchmarks/make_antonyms.py; do not edit by hand.",
        *(f"{a}\t{b}" for a, b in both),
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(both)} pairs (both directions) into {path.relative_to(ROOT)}")


def frequencies() -> dict[str, int]:
    """Key term -> Zipf frequency in tenths, from the rarity table."""
    out = {}
    for line in RARITY.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            value, *terms = line.split(" ")
            for term in terms:
                out[term] = int(value)
    return out


def common(word: str, tenths: dict[str, int]) -> bool:
    """Whether ``word`` gives one key term, in the rarity table at ``MIN_TENTHS`` or more (a
    stop-word or a number word gives none: only STOP_PAIRS let those in here)."""
    terms = token_terms(word)
    return len(terms) == 1 and tenths.get(terms[0], 0) >= MIN_TENTHS


def _common(word: str, tenths: dict[str, int]) -> bool:
    return common(word, tenths) and word not in MANY_SENSES


def _irregular_forms(pos: str) -> dict[str, list[str]]:
    """Base form -> its irregular inflections as this part of speech ("rise" -> ["rose",
    "risen"], "man" -> ["men"]; the noun "lead" gets no "led")."""
    out: dict[str, list[str]] = defaultdict(list)
    if pos in ("verb", "adj", "noun"):
        for line in (WORDNET / f"{pos}.exc").read_text(encoding="utf-8").splitlines():
            form, *bases = line.split()
            for base in bases:
                out[base].append(form)
    return out


def lemmas(pos: str) -> set[str]:
    """WordNet's lemmas of one part of speech ("noun", "verb", ...), from its index file."""
    lines = (WORDNET / f"index.{pos}").read_text(encoding="utf-8").splitlines()
    return {line.split(" ", 1)[0] for line in lines if not line.startswith(" ")}


def _forms(
    word: str, pos: str, irregular: dict[str, list[str]], nouns: set[str]
) -> list[tuple[str, str]]:
    """The word and its inflections the light stemmer cannot bring back to it, each with its
    degree ("", "er", "est"): only forms of one degree oppose ("higher" and "lower", not
    "higher" and "low"). A made-up degree that is a noun of its own ("liver", "thinner") is
    no degree of the adjective."""
    if pos != "adj":  # (a verb's "rose" and "fell" are one tense or another: all oppose)
        forms = [word, *irregular.get(word, ())]
        if pos == "noun" and word.endswith("man"):
            forms.append(word[:-3] + "men")  # morphy's rule, not in noun.exc: "women"
        return [(form, "") for form in dict.fromkeys(forms)]
    # an adjective's irregular forms are its degrees: "better", "best", "bigger", "biggest"
    forms = [(word, ""), *((f, "est" if f.endswith("st") else "er") for f in irregular[word])]
    if len(word) <= 7 and word not in irregular:
        forms += [(form, d) for form, d in _degrees(word) if form not in nouns]
    return forms


def _degrees(adjective: str) -> list[tuple[str, str]]:
    """Regular comparative and superlative ("low" -> "lower", "lowest"); a form nobody uses
    is dropped by the frequency filter."""
    if adjective.endswith("e"):
        stem, er, est = adjective, "r", "st"
    elif adjective.endswith("y") and len(adjective) > 2 and adjective[-2] not in "aeiou":
        stem, er, est = adjective[:-1], "ier", "iest"
    else:
        stem, er, est = adjective, "er", "est"
    return [(stem + er, "er"), (stem + est, "est")]


def _wordnet_pairs(pos: str) -> list[tuple[str, str]]:
    """(word, antonym) for every antonym pointer of one part of speech's data file."""
    synsets: dict[str, list[str]] = {}
    pointers: list[tuple[str, int, str, int]] = []
    for line in (WORDNET / f"data.{pos}").read_text(encoding="utf-8").splitlines():
        if line.startswith(" "):
            continue  # the licence header
        fields = line.split(" | ")[0].split()
        offset, count = fields[0], int(fields[3], 16)
        words = [_word(w) for w in fields[4 : 4 + 2 * count : 2]]
        synsets[offset] = words
        at = 4 + 2 * count
        for i in range(int(fields[at])):
            symbol, target, target_pos, link = fields[at + 1 + 4 * i : at + 5 + 4 * i]
            if symbol == "!" and FILES[target_pos] == pos:
                pointers.append((offset, int(link[:2], 16), target, int(link[2:], 16)))
    out = []
    for offset, source, target, goal in pointers:
        a, b = synsets[offset][source - 1], synsets[target][goal - 1]
        if _plain(a) and _plain(b):
            out.append((a, b))
    return out


def _word(raw: str) -> str:
    return raw.split("(")[0].lower()  # "beautiful(a)": an adjective's position marker


def _plain(word: str) -> bool:
    return word.isascii() and word.isalpha() and fold(word) not in STOP_WORDS


if __name__ == "__main__":
    main()
