"""The ``negation`` check: one side negates what the other asserts.

Each content word gets a *key* (its key term, a number's digits) and a polarity (see
:mod:`.polarity`); "unlawful" read beside a "lawful" is the key "lawful" negated once more, so
"not unlawful" asserts it. A cue of one side finds a contradiction when a word it negates has
the same key on the other side, there asserted wherever it stands, near another word the two
sides share, and with no word near it that says no in other words ("failed to" and "did not"
agree; "refused" and "did not accept" may). The negating side's words for the key are quoted
with the cue ("was not completed"), the asserting side's with the word before it ("was
completed"). A year past the first word a negation covers says when the denial holds, not
what it denies: the other side's word said in another year asserts nothing it denies ("did
not fall in 2022" beside "fell in 2023"). A denied verb of change whose quantity the region
says went the other way, in the year it is denied in, is said there in other words ("did not
grow its sales in 2022" beside "sales fell in 2022"; :func:`.direction.went_otherwise`).
Denials read word by word beside the cues ("not always", "not visa-exempt", a misquotation)
are in :mod:`.denied`; where and in which words the other side asserts what a cue denies, in
:mod:`.asserted`.
"""

from __future__ import annotations

from ...text.terms import stem
from ...text.words import Word
from .asserted import (
    REACH,
    Spans,
    asserted,
    denied_too,
    of_another,
    paraphrased,
    said_at,
    told_otherwise,
)
from .change_verbs import a_year, year_said
from .denied import always, free_compounds, misquoted, said_no_of
from .found import Found
from .lead import FIRM_MODALS, STATUTE_MODALS, denied_first
from .near import asides, keys_of, positions
from .polarity import CUE_TOKENS, FORBIDDING, SOFT, Polarity, inside, polarity

PREFIXES = ("non", "dis", "un", "in", "im", "il", "ir")  # negative ones ("unlawful")
_MIN_BARE = 3  # "unit" is no negated "it"; Snowball stems "lawful" to "law"
_AND = frozenset(("and", "or", "then", "please"))
_IF = frozenset(("if", "unless", "whether", "or", "that"))
# Adverbs of degree: a negation covering one the other side does not say may deny the degree,
# not the rest ("cannot fully separate" beside "used to separate").
_DEGREE_TEXT = """
fully completely entirely totally wholly altogether perfectly exactly absolutely
vollstandig vollig ganz ganzlich completement entierement totalement completamente
totalmente volledig helemaal
"""  # folded: accents off
_DEGREE = frozenset(_DEGREE_TEXT.split())
# Verbs whose denial leaves what follows them true ("may not realize the diverse ways they
# communicate" says there are such ways): the negation denies the verb alone.
_FACTIVE_TEXT = """
realize realise realized realised know knew known understand understood recognize recognise
recognized recognised notice noticed appreciate appreciated aware regret regretted
"""
_FACTIVE = frozenset(map(stem, _FACTIVE_TEXT.split()))


class Side:
    """One text read for the check: its words, polarity, and each word's key and flip."""

    __slots__ = ("aside", "forms", "keys", "pol", "text", "words")

    def __init__(self, text: str, words: list[Word]) -> None:
        self.text = text
        self.words = words
        self.pol: Polarity = polarity(text, words)
        self.keys = keys_of(words)
        self.aside = asides(text, words)
        # the words whose key is an irregular form's verb ("rose": "rise")
        self.forms = frozenset(i for i, w in enumerate(words) if w.term and self.keys[i] != w.term)

    def unprefix(self, other: set[str]) -> list[bool]:
        """Read a negative prefix as a negation where the bare word is one ``other`` has and
        the whole word is not: the keys change in place; the flips come back."""
        flips = [False] * len(self.keys)
        for i, key in enumerate(self.keys):
            if not key or key in other:
                continue
            for prefix in PREFIXES:
                if not key.startswith(prefix):
                    continue
                bare = key[len(prefix) :]
                if bare not in other:  # "unsafe" stems to "unsaf", "safe" to "safe"
                    bare = stem(self.words[i].folded[len(prefix) :])
                if len(bare) >= _MIN_BARE and bare in other:
                    self.keys[i] = bare
                    flips[i] = True
                    break
        return flips


def find(
    sentence: str,
    sentence_words: list[Word],
    region: str,
    region_words: list[Word],
    *,
    statute: bool = False,
) -> list[Found]:
    """Where one side negates what the other asserts; a ``statute`` region's "may not" and
    "cannot" forbid (see :mod:`.lead`)."""
    s, r = Side(sentence, sentence_words), Side(region, region_words)
    s_flips = s.unprefix({k for k in r.keys if k})
    r_flips = r.unprefix({k for k in s.keys if k})
    s_neg = [n != f for n, f in zip(s.pol.negated, s_flips, strict=True)]
    r_neg = [n != f for n, f in zip(r.pol.negated, r_flips, strict=True)]
    # "not visa-exempt" denies the exemption and so asserts the visa (see denied): the cue
    # denies none of the words it covers.
    s_said, r_said = _unfree(s, s_neg), _unfree(r, r_neg)
    found = [
        Found("negation", *negating, *asserting)
        for negating, asserting in _one_way(
            s, s_said, s_flips, r, r_said, sentence_side=True, modals=FIRM_MODALS
        )
    ]
    found += [
        Found("negation", *asserting, *negating)
        for negating, asserting in _one_way(
            r,
            r_said,
            r_flips,
            s,
            s_said,
            sentence_side=False,
            modals=STATUTE_MODALS if statute else _region_modals(s),
        )
    ]
    return sorted(found + always(s.words, r.words) + free_compounds(s, r, r_neg) + misquoted(s, r))


def _unfree(side: Side, neg: list[bool]) -> list[bool]:
    """``neg`` but false for each word of a cue whose first word is one a hyphen joins to a
    "free" or "exempt" after it: "not tax-free in Spain" says tax is due there."""
    free = said_no_of(side.text, side.words)
    cue = side.pol.cue
    denied = {c for i, c in enumerate(cue) if free[i] and c >= 0 and cue.index(c) == i}
    return [n and c not in denied for n, c in zip(neg, cue, strict=True)]


def _region_modals(s: Side) -> frozenset[str]:
    """The modals after which a region's cue passes over "be": the firm ones, and "can" where
    the sentence says something can be done ("can be terminated at any time" against "cannot
    be terminated before 2026"); a region's "cannot be selected" says nothing of "Select", nor
    of a possibility the sentence conditions ("can be selected once it is saved" against
    "cannot be selected until it is saved")."""
    words = s.words
    possible = any(
        w.folded in _POSSIBLE and words[i + 1].folded == "be" and words[i + 2].term
        for i, w in enumerate(words[:-2])
    )
    if possible and _CONDITIONS.isdisjoint(w.folded for w in words):
        return _FIRM_AND_CAN
    return FIRM_MODALS


_POSSIBLE = frozenset(("can", "could", "may", "might"))
_CONDITIONS = frozenset(("once", "after", "if", "when", "unless", "provided", "until"))
_FIRM_AND_CAN = FIRM_MODALS | {"can"}


def _one_way(
    a: Side,
    a_neg: list[bool],
    a_flips: list[bool],
    b: Side,
    b_neg: list[bool],
    *,
    sentence_side: bool,
    modals: frozenset[str],
) -> list[Spans]:
    """Where ``a`` negates what ``b`` asserts: (a's span, b's span), one per negation (a cue,
    or a negative prefix).

    The region (``sentence_side`` false) speaks of much besides the sentence, so a negation of
    its counts only on the word it negates first ("it is not the fracking process" denies no
    "process"). The sentence's negation counts on any word it covers, and, where the region
    has none of them near the words both share but holds the sentence's other words, says
    nothing that says no, on the whole: the region then asserts in its own words what the
    sentence denies ("did not sing the song" beside '"Suddenly" with Cliff Richard'). A
    covered word the region has only far from them counts as one it lacks: no sign that it
    agrees ("is not an actress" beside "Feldon was born in Illinois; ... an actress").
    """
    b_at = positions(b.keys)
    # Keys a asserts anywhere (see _said_both_ways)
    a_asserted = {key for key, neg in zip(a.keys, a_neg, strict=True) if key and not neg}
    shared = set(b_at).intersection(a.keys)
    # (a's forbidding cue aside: "prohibited from subletting" is no agreeing "is prohibited")
    a_stems = {
        w.stem for k, w in enumerate(a.words) if k not in a.pol.in_cue or w.folded not in FORBIDDING
    }
    out = []
    b_stems = {w.stem for w, neg in zip(b.words, b_neg, strict=True) if not neg}
    for negation, covered in _negations(a, a_neg, a_flips):
        if negation >= 0 and (
            _not_a_claim(a, negation) or _cancelled(a, negation, a_flips, b_stems)
        ):
            continue
        lead = denied_first(
            a.words, negation, covered, modals, a.pol.clause, granted=not sentence_side
        )
        # an irregular form past the word the negation denies first is read as written: "not
        # the dramatic movements seen in movies" denies no seeing; a year past its first word
        # says when the denial holds ("did not grow in 2022"), not what it denies ("not in
        # 2022")
        content = [i for i in covered if a.keys[i]]
        keys = [
            i
            for i in content
            if not _said_both_ways(a, a_neg, a_asserted, i)
            and (i == lead or i not in a.forms)
            and (i == content[0] or not a_year(a.words[i].folded))
        ]
        if not keys or (negation >= 0 and _quoted_alike(a, negation, covered[0], b)):
            continue
        if _denies_less(a, negation, covered, b_at) or of_another(a, lead, b, b_at, shared):
            continue
        if any(denied_too(b, b_neg, b_at.get(a.keys[i], ()), shared - {a.keys[i]}) for i in keys):
            continue  # b negates one of them too, where it speaks of the same things
        # the region: the word it negates first; the sentence: any ("did not grow its sales"
        # beside "posted sales"), that one first (quoted: "betaalt de prijs niet", no subject)
        first = _first_negated(a, negation, covered, keys, lead)
        keys = [*first, *(i for i in keys if i not in first)] if sentence_side else first
        if sentence_side and keys and told_otherwise(a, negation, keys[0], b):
            continue  # "did not grow" beside "fell": the region says it in its own words
        # The complement's words in the region say nothing of who knows it: only the verb
        # itself, asserted there, is denied (not in other words either).
        factive = a.words[lead].stem in _FACTIVE
        if factive:
            keys = keys[:1] if keys and keys[0] == lead else []
        spans = asserted(a, keys, lead, a_flips, b, b_at, shared, a_stems)
        if (
            spans is None
            and sentence_side
            and not factive
            and not any(said_at(a.keys[i], b, b_at, shared) >= 0 for i in keys if a.keys[i] in b_at)
            and not _manner_only(a, keys)
        ):
            spans = paraphrased(a, negation, keys[0], b, b_at, shared, a_stems)
        if spans is not None:
            out.append(spans)
    return out


def _said_both_ways(a: Side, a_neg: list[bool], a_asserted: set[str], i: int) -> bool:
    """Whether ``a`` asserts the key it denies at ``i`` too, in the year it denies it in or
    with no year: the region may say "do not apply to your home but apply when you sell", the
    sentence "to use the box ... why they are not using it"; a key said both ways decides
    nothing. Asserted in another year only, it does ("did not fall in 2023, but fell in
    2022")."""
    key = a.keys[i]
    if key not in a_asserted:
        return False
    year = year_said(a.text, a.words, i)
    return year is None or any(
        k == key and not neg and year_said(a.text, a.words, j) in (None, year)
        for j, (k, neg) in enumerate(zip(a.keys, a_neg, strict=True))
    )


def _first_negated(a: Side, cue: int, covered: list[int], keys: list[int], lead: int) -> list[int]:
    """The words of ``keys`` a region's negation counts on: the one it negates first
    (``lead``). A German or Dutch cue ending its clause negates first the clause's topic
    ("Wirksam ist der Vertrag nicht") or, after a subject or phrase ("De verkoper betaalt de
    prijs niet"), its verb."""
    first = [lead] if lead in keys else []
    contents = [i for i in covered if a.keys[i]] if cue > covered[-1] else []
    return [*first, contents[1]] if len(contents) > 1 and contents[1] in keys else first


def _negations(a: Side, a_neg: list[bool], a_flips: list[bool]) -> list[tuple[int, list[int]]]:
    """Each negation of ``a``: its cue's index (-1 - i for word i's negative prefix) and the
    words it negates, in order."""
    by_cue: dict[int, list[int]] = {}
    for i, neg in enumerate(a_neg):
        if neg:
            by_cue.setdefault(-1 - i if a_flips[i] else a.pol.cue[i], []).append(i)
    return sorted(by_cue.items(), key=lambda item: item[1][0])


def _denies_less(a: Side, cue: int, covered: list[int], b_at: dict[str, list[int]]) -> bool:
    """Whether the negation may deny less than the words it covers, none of which ``b`` then
    contradicts: an adverb of degree ``b`` lacks ("not possible to separate fully" may deny
    the degree alone), or "since" after the cue where ``b`` lacks the word denied first ("have
    not won a Super Bowl since then" beside "the last time we'd see a Cowboys Super Bowl": a
    denial over a stretch of time, which the region may tell of in its own words)."""
    if any(a.words[i].folded in _DEGREE and a.keys[i] not in b_at for i in covered):
        return True
    if cue < 0 or a.keys[covered[0]] in b_at:
        return False
    here = a.pol.sentence[cue]
    return any(
        w.folded == "since" and a.pol.sentence[k] == here
        for k, w in enumerate(a.words[cue + 1 : cue + 1 + REACH], cue + 1)
    )


def _cancelled(a: Side, cue: int, a_flips: list[bool], b_stems: set[str]) -> bool:
    """Whether the cue negates a negative word first, and so nothing ("not unlawful under the
    statute" is lawful under it; "did not refuse the offer" accepted it). A word that says no
    which the other side asserts too is what the cue denies ("there is not less money" beside
    "there is less money"; "may not be a loss of culture" beside "a loss of culture")."""
    for k in range(cue + 1, len(a.words)):
        if a.pol.cue[k] != cue:
            return False
        soft = a.words[k].stem in SOFT
        if soft and a.words[k].stem in b_stems:
            return False
        if a.keys[k]:
            return a_flips[k] or soft
    return False


def _quoted_alike(a: Side, cue: int, first: int, b: Side) -> bool:
    """Whether ``b`` quotes a cue right before the word ``a``'s cue negates first: a title
    ``a`` writes without quotes ("Non, je ne regrette rien", "(No Regrets)"), which is no
    negation of what ``b`` says."""
    if first != cue + 1 or not b.pol.quoted:
        return False
    key = a.keys[first]
    return any(
        w.folded in CUE_TOKENS and k == key and inside(b.pol.quoted, w.start)
        for w, k in zip(b.words[:-1], b.keys[1:], strict=True)
    )


def _not_a_claim(a: Side, cue: int) -> bool:
    """An instruction ("do not punish", "never leave"), a condition ("without his return,
    ...") or a counterfactual ("if he had not returned") negates no fact."""
    words, clause = a.words, a.pol.clause
    first = cue - 1 if cue and words[cue - 1].folded in ("do", "don") else cue
    before = words[first - 1].folded if first else ""
    opens = not first or clause[first - 1] != clause[first] or before in _AND
    if words[cue].folded == "without":
        return opens or before in _IF  # "that without ..."
    k = clause.index(clause[cue])
    if k and words[k].folded in ("when", "if") and words[k - 1].folded == "even":
        return True  # a concession's condition: "even when they are not explicitly defined"
    if words[k].folded == "if" and before == "had":
        return True  # a counterfactual says the fact: "if Charles II had not returned" did
    if before in _IF:  # "if not treated", "whether or not" ("a procedure that cannot be
        return before != "that"  # applied" states a fact)
    return opens and words[first].folded in ("do", "don", "never")


def _manner_only(a: Side, keys: list[int]) -> bool:
    """Whether the only words the negation denies that the sentence does not say elsewhere are
    adverbs of manner: "cannot successfully use the same trade mark ... because trade marks
    are used" denies the success, which no region says in its own words by using marks."""
    return all(a.words[i].folded.endswith("ly") for i in keys)
