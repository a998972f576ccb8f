"""Single, deterministic changes to a claim that make it no longer follow from its evidence.

Six kinds, FactCC-style: ``negation``, ``opposite``, ``roles``, ``strength``, ``number`` and
``foreign_name``. Each function takes the claim, the evidence text and a seeded
``random.Random`` and returns a ``Change`` or None (the claim offers no place for that kind).
A choice among several places is the generator's only randomness, so the same seed gives the
same change, byte for byte.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from typing import NamedTuple

from benchmarks import perturb_words as w

KINDS = ("negation", "opposite", "roles", "strength", "number", "foreign_name")
SEED = 2026

WORD_RE = re.compile(r"[A-Za-z][A-Za-z'-]*")
# Capitalised words in a row, "of"/"de"/... allowed between them ("Bank of England"); "and"
# is not, so "Bieber and Ludacris" stays two names.
NAME_RE = re.compile(
    r"[A-Z][\w&'.-]*(?:\s+(?:(?:of|the|de|del|da|van|von|der|la|le|du)\s+)*[A-Z][\w&'.-]*)*"
)
NUMBER_RE = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?!\w)")
LIST_MARKER_RE = re.compile(r"\d{1,3}[.)](?:\s|$)")
_VOWELS = frozenset("aeiouy")
_PREPOSITIONS = frozenset(("by", "of", "in", "on", "at", "to", "for", "from", "with", "as", "into"))
_NEGATORS = frozenset(("not", "never", "no", "n't"))


class Change(NamedTuple):
    kind: str
    original: str
    text: str
    what: str  # "was -> was not": the edit, for eyeballing


class Token(NamedTuple):
    start: int
    end: int
    word: str


def words(text: str) -> list[Token]:
    return [Token(m.start(), m.end(), m.group()) for m in WORD_RE.finditer(text)]


def sentence_start(text: str, pos: int) -> bool:
    before = text[:pos].rstrip(" \t\"'(")
    return not before or before[-1] in ".!?\n:"


def plain(text: str, token: Token) -> bool:
    """A lower-case word, or a capitalised one only because it starts a sentence (not a name)."""
    return token.word.islower() or (
        token.word[0].isupper() and token.word[1:].islower() and sentence_start(text, token.start)
    )


def case_like(model: str, word: str) -> str:
    return word[0].upper() + word[1:] if model[0].isupper() else word


def replace(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def occurs(name: str, text: str, *, ignore_case: bool = False) -> bool:
    flags = re.IGNORECASE if ignore_case else 0
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, flags) is not None


def adjacent(text: str, a: Token, b: Token) -> bool:
    return text[a.end : b.start].isspace()


# --- negation ---------------------------------------------------------------------------------


def lemma_of_past(word: str) -> str:
    """The lemma of a regular past tense, by spelling rules good enough for a readable claim."""
    stem = word[:-2]
    if word.endswith("ied"):
        return word[:-3] + "y"
    if word.endswith("eed"):
        return word[:-1]
    if stem in w.KEEP_DOUBLE or stem in w.NO_E:
        return stem
    if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] in w.DOUBLED:
        return stem[:-1]
    if stem.endswith("ll") and len(stem) > 5 and stem[-3] in "eo" and stem[-4] not in _VOWELS:
        return stem[:-1]  # controlled, travelled
    consonant_before = len(stem) >= 3 and (stem[-3] not in _VOWELS or stem[-4:-2] == "qu")
    if (
        stem.endswith(w.E_ALWAYS)
        or (stem.endswith("s") and not stem.endswith("ss"))
        or (stem.endswith(tuple(w.E_AFTER_CONSONANT)) and consonant_before)
        or (stem[-1] == "l" and stem[-2] not in _VOWELS | {"l", "r"})
    ):
        return stem + "e"
    return stem


def _verb(text: str, tokens: list[Token], i: int) -> tuple[str, str] | None:
    """(lemma, "did"/"does") when tokens[i] reads as a finite verb after its subject."""
    token = tokens[i]
    low = token.word
    if i == 0 or not low.islower() or not adjacent(text, tokens[i - 1], token):
        return None
    before = tokens[i - 1].word.lower()
    if before in w.DETERMINERS or before in _PREPOSITIONS or before in w.AUXILIARIES:
        return None
    if low in w.IRREGULAR_PAST:
        return w.IRREGULAR_PAST[low], "did"
    if low.endswith("ed") and len(low) >= 5 and low not in w.NOT_PAST and "-" not in low:
        return lemma_of_past(low), "did"
    for cut, add in (("ies", "y"), ("es", ""), ("s", "")):
        if low.endswith(cut) and low[: -len(cut)] + add in w.PRESENT_VERBS:
            return low[: -len(cut)] + add, "does"
    return None


def negation(claim: str, evidence: str, rng: random.Random) -> Change | None:
    """ "was completed" -> "was not completed"; "had two sons" -> "did not have two sons";
    "released" -> "did not release". The first auxiliary decides: it is usually the main
    clause's, so the claim keeps reading as a sentence."""
    tokens = words(claim)
    for i, token in enumerate(tokens[:-1]):
        nxt = tokens[i + 1]
        if token.word not in w.AUXILIARIES or not adjacent(claim, token, nxt):
            continue
        if nxt.word.lower() in _NEGATORS:
            return None  # already negated: "not not" would be no change of meaning
        main_have = {"has": "does not have", "have": "do not have", "had": "did not have"}
        if token.word in main_have and not (
            nxt.word in w.PARTICIPLES or nxt.word.endswith(("ed", "en"))
        ):
            new = main_have[token.word]
        else:
            new = "cannot" if token.word == "can" else token.word + " not"
        return Change("negation", claim, replace(claim, token.start, token.end, new), new)
    for i, token in enumerate(tokens):
        verb = _verb(claim, tokens, i)
        if verb:
            new = f"{verb[1]} not {verb[0]}"
            text = replace(claim, token.start, token.end, new)
            return Change("negation", claim, text, f"{token.word} -> {new}")
    return None


# --- opposite, strength -----------------------------------------------------------------------


def opposite(claim: str, evidence: str, rng: random.Random) -> Change | None:
    """One word for its antonym, from the benchmark's own list (never the engine's)."""
    tokens = words(claim)
    spots = [t for t in tokens if t.word.lower() in w.ANTONYMS and plain(claim, t)]
    if not spots:
        return None
    t = rng.choice(spots)
    new = case_like(t.word, w.ANTONYMS[t.word.lower()])
    return Change("opposite", claim, replace(claim, t.start, t.end, new), f"{t.word} -> {new}")


def strength(claim: str, evidence: str, rng: random.Random) -> Change | None:
    """A stronger quantifier or modal (may -> must, some -> all, a -> the only, one of -> the
    only one of); "always" or "only" put in when the claim has none of these."""
    tokens = words(claim)
    spots: list[tuple[int, int, str]] = []
    for i, t in enumerate(tokens):
        low = t.word.lower()
        nxt = tokens[i + 1].word.lower() if i + 1 < len(tokens) else ""
        if low in w.STRONGER and plain(claim, t) and nxt not in _NEGATORS:
            spots.append((t.start, t.end, case_like(t.word, w.STRONGER[low])))
        elif low == "one" and nxt == "of" and plain(claim, t):
            spots.append((t.start, t.end, case_like(t.word, "the only one")))
        elif low in ("a", "an") and i and tokens[i - 1].word in w.COPULAS:
            spots.append((t.start, t.end, "the only"))
    if spots:
        start, end, new = rng.choice(spots)
        return Change(
            "strength", claim, replace(claim, start, end, new), f"{claim[start:end]} -> {new}"
        )
    for i, t in enumerate(tokens[:-1]):
        if t.word in w.COPULAS | {"has", "have", "had", "can", "will", "would"} and (
            tokens[i + 1].word.lower() not in _NEGATORS | {"always"}
        ):
            return Change("strength", claim, replace(claim, t.end, t.end, " always"), "+ always")
    for i, t in enumerate(tokens):
        if _verb(claim, tokens, i):
            return Change("strength", claim, replace(claim, t.start, t.start, "only "), "+ only")
    return None


# --- names: roles, foreign_name ---------------------------------------------------------------


def names(text: str) -> list[Token]:
    """Capitalised names, sentence openers and trailing "'s" or full stop removed."""
    found = []
    for m in NAME_RE.finditer(text):
        start, name = m.start(), m.group()
        while name.split(" ", 1)[0] in w.NOT_NAMES:
            head, _, rest = name.partition(" ")
            if not rest:
                name = ""
                break
            start += len(head) + 1
            name = rest.lstrip()
        name = re.sub(r"(?:['\u2019]s|[.,'\u2019-])+$", "", name)
        # Months, days and lone letters are no one's role or name ("in August", "C, E and G").
        if len(name) > 1 and name not in w.CALENDAR:
            found.append(Token(start, start + len(name), name))
    return found


def _shared_names(claim: str, evidence: str) -> list[Token]:
    seen: set[str] = set()
    out = []
    for n in names(claim):
        # A lone capitalised word opening a sentence is a common word ("Independent
        # filmmakers"), not a name, when the evidence writes it in lower case.
        common = " " not in n.word and occurs(n.word.lower(), evidence)
        if n.word not in seen and occurs(n.word, evidence) and not common:
            seen.add(n.word)
            out.append(n)
    return out


def _key_nouns(claim: str, evidence: str) -> list[Token]:
    """Words right after a determiner (a cheap noun test) that the evidence also holds."""
    tokens = words(claim)
    seen: set[str] = set()
    out = []
    for a, b in itertools.pairwise(tokens):
        low = b.word.lower()
        if (
            a.word.lower() in w.ARTICLES
            and b.word.isalpha()
            and b.word.islower()
            and len(low) >= 4
            and low not in seen
            and occurs(low, evidence, ignore_case=True)
        ):
            seen.add(low)
            out.append(b)
    return out


def roles(claim: str, evidence: str, rng: random.Random) -> Change | None:
    """Two names (or, failing two, two key nouns) the claim and the evidence both hold,
    swapped: "A acquired B" -> "B acquired A"."""
    for found in (_shared_names(claim, evidence), _key_nouns(claim, evidence)):
        pairs = [
            (a, b)
            for i, a in enumerate(found)
            for b in found[i + 1 :]
            if a.word.lower() not in b.word.lower() and b.word.lower() not in a.word.lower()
        ]
        if pairs:
            a, b = rng.choice(pairs)
            text = claim[: a.start] + b.word + claim[a.end : b.start] + a.word + claim[b.end :]
            return Change("roles", claim, text, f"{a.word} <-> {b.word}")
    return None


def _stand_ins(name: str) -> tuple[str, ...]:
    parts = name.split()
    if len(parts) == 1 and (name.endswith(w.DEMONYM_ENDINGS) or name in w.KNOWN_DEMONYMS):
        return w.DEMONYMS  # "Polish" is a language or a people, not a person
    if set(parts) & w.ORGANISATION_WORDS:
        return w.ORGANISATIONS
    if set(parts) & w.PLACE_WORDS or name in w.KNOWN_PLACES:
        return w.PLACES
    return w.SURNAMES if len(parts) == 1 else w.PEOPLE


def foreign_name(claim: str, evidence: str, rng: random.Random) -> Change | None:
    """A name the evidence holds, everywhere in the claim, for a plausible one no passage has
    (a place for a place, an organisation for an organisation, a people for a people, else a
    person)."""
    shared = _shared_names(claim, evidence)
    if not shared:
        return None
    name = rng.choice(shared).word
    options = list(_stand_ins(name))
    rng.shuffle(options)
    for new in options:
        if not any(occurs(part, evidence + "\n" + claim, ignore_case=True) for part in new.split()):
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", new, claim)
            return Change("foreign_name", claim, text, f"{name} -> {new}")
    return None


# --- number -----------------------------------------------------------------------------------


def _values(text: str) -> set[float]:
    found = {float(m.group().rstrip(",").replace(",", "")) for m in NUMBER_RE.finditer(text)}
    found |= {float(v) for k, v in w.NUMBER_WORDS.items() if occurs(k, text, ignore_case=True)}
    return found


def _new_number(digits: str, held: set[float], rng: random.Random) -> str | None:
    value = float(digits.replace(",", ""))
    places = len(digits.partition(".")[2])
    if places:
        step = 10.0**-places
        candidates = [value + d * step for d in range(1, 10)] + [value * 2]
    elif 1000 <= value <= 2100 and "," not in digits:  # a year: a nearby year
        candidates = [value + d for d in range(1, 13)] + [value - d for d in range(1, 13)]
    else:
        candidates = [value + 1, value + 2, value + 3, value + 5, value + 10, value * 2]
    rng.shuffle(candidates)
    for new in candidates:
        if new > 0 and round(new, places) not in held and round(new, places) != value:
            if places:
                return f"{new:.{places}f}"
            return f"{int(new):,}" if "," in digits else str(int(new))
    return None


def number(claim: str, evidence: str, rng: random.Random) -> Change | None:
    """A number of the claim (digits, or a number word from two up) changed to a value the
    evidence does not state: a nearby year for a year, a small step or a double otherwise."""
    held = _values(evidence)
    spots: list[tuple[int, int, str]] = []
    for m in NUMBER_RE.finditer(claim):
        digits = m.group().rstrip(",")
        if m.start() >= 2 and claim[m.start() - 1] == "-" and claim[m.start() - 2].isalpha():
            continue  # part of a name: "COVID-19", "F-16"
        if LIST_MARKER_RE.match(claim, m.start()) and sentence_start(claim, m.start()):
            continue  # "4. Turn on the diffuser": a list position, not a claimed number
        spots.append((m.start(), m.start() + len(digits), digits))
    spots += [(t.start, t.end, t.word) for t in words(claim) if t.word.lower() in w.NUMBER_WORDS]
    rng.shuffle(spots)
    for start, end, old in spots:
        if old.lower() in w.NUMBER_WORDS:
            choices = [k for k, v in w.NUMBER_WORDS.items() if v not in held and k != old.lower()]
            new = case_like(old, rng.choice(choices)) if choices else None
        else:
            new = _new_number(old, held, rng)
        if new:
            return Change("number", claim, replace(claim, start, end, new), f"{old} -> {new}")
    return None


GENERATORS: dict[str, Callable[[str, str, random.Random], Change | None]] = {
    "negation": negation,
    "opposite": opposite,
    "roles": roles,
    "strength": strength,
    "number": number,
    "foreign_name": foreign_name,
}


def perturb(claim: str, evidence: str, key: str) -> dict[str, Change]:
    """Every kind's change of one claim (``key`` names the claim: it seeds the choices)."""
    out = {}
    for kind in KINDS:
        # A string seed is hashed with SHA-512, not hash(): the same on every run and machine.
        change = GENERATORS[kind](claim, evidence, random.Random(f"{SEED}:{key}:{kind}"))
        if change is not None and change.text != claim:
            out[kind] = change
    return out
