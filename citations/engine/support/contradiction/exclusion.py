"""The exclusion reading of the ``opposite`` check: what the sentence leaves out, the region
names as one of them.

"Excluding X" (or "except X", "excludes X") says X is not among the things the sentence speaks
of. A region that names X plainly where it speaks of them says it is: "trialled in many
countries, excluding Brazil" against "trials have taken place in Brazil", "Senate Bill 563,
which excludes amendments to the Act" against "Senate Bill 563, which contains amendments to
the Act". The things left out are the items of the list after the word (each its run of
content words: "preterm birth", "low birth weight"); one named whole in a sentence of the
region is enough when that sentence also says one of the sentence's other key terms, or a
second item (it repeats the list). A region that leaves the item out in words of its own
(negated, "exempt", "other than", "refused" near it) agrees.

The other way round (:func:`find_in_region`), the region leaves a thing out and the sentence
says of it what the region says of the rest: "The museum is open on Mondays" against "The museum
is open every day except Mondays", "Denmark uses the euro" against "All EU countries except
Denmark use the euro". There an item is its first word (a name: its capitalised run), the
sentence's other key terms must all be the region sentence's, one of them said outside the
phrase the exclusion word follows ("Denmark is an EU country" says nothing of the euro), and
a region naming the item again elsewhere ("... and managers get a bonus") says something of it
this reading cannot tell: nothing is found.
"""

from __future__ import annotations

from ...text.words import Word
from .found import Found
from .polarity import PREPOSITIONS, Polarity, polarity, soft_near

EXCLUDING = frozenset(("excluding", "exclude", "excludes", "except"))
TEST_WORDS = EXCLUDING  # lower-cased tokens holding none: may_find is False
TEST_STEMS = frozenset(("except", "exclud"))  # a passage's key terms holding none: find_in_region
# Words that may stand between the exclusion word or a list's comma and an item's first word.
_LEAD = frozenset(("for", "the", "a", "an", "any", "all", "of", "and", "or"))
_REGION_LEAD = _LEAD | PREPOSITIONS  # "due monthly, except in December"
_OPENS_CLAUSE = frozenset(("which", "who", "whom", "whose", "that", "but", "because", "while"))
_LIST_END = frozenset(";:()[]")
_OF_ITEM = frozenset(("when", "where", "which", "who", "whom", "whose"))
_MAX_ITEMS = 12
_SOFT_REACH = 8  # words around the region's item that may leave it out in other words
_QUOTED = 3  # region words quoted before the item: where it is named ("in Brazil")
# Words that set a thing apart without saying no ("exempt", "other", "outside"; "closed" of
# the days a place is open, "open daily except Mondays"): beside the item, the region leaves
# it out as the sentence does.
_APART = frozenset(
    ("exempt", "exempted", "exemption", "other", "outside", "excluded", "closed", "closes", "shut")
)


def may_find(tokens: list[str] | None, sentence: str) -> bool:
    """Whether the sentence (of ``tokens``, lower-cased ASCII words, or None) may leave
    something out in so many words: the cheap test before the check."""
    if tokens is not None:
        return not EXCLUDING.isdisjoint(tokens)
    lowered = sentence.casefold()
    return any(word in lowered for word in EXCLUDING)


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    return _left_out(sentence, sentence_words, region, region_words, of_the_rest=False)


def find_in_region(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    """What the region leaves out, the sentence says of it as the region does of the rest."""
    found = _left_out(region, region_words, sentence, sentence_words, of_the_rest=True)
    return [
        Found(f.kind, f.region_start, f.region_end, f.sentence_start, f.sentence_end) for f in found
    ]


def _left_out(
    text: str, words: list[Word], other: str, other_words: list[Word], *, of_the_rest: bool
) -> list[Found]:
    """Where ``text`` leaves out a thing ``other`` names (offsets: ``text``'s first)."""
    spots = [i for i, w in enumerate(words) if w.folded in EXCLUDING]
    if not spots:
        return []
    pol, o_pol = polarity(text, words), polarity(other, other_words)
    found = []
    for i in spots:
        if pol.negated[i] or i in pol.in_cue:
            continue  # "not excluding" includes
        items = _items(text, words, pol, i, _REGION_LEAD if of_the_rest else _LEAD)
        if of_the_rest:
            items = [_head(text, words, item) for item in items]
            items = [item for item in items if not _named_again(words, item)]
        if not items:
            continue
        left_out = {words[k].term for item in items for k in item}
        of_item = _of_item(words, pol, items[-1][-1])
        host = {
            w.term
            for k, w in enumerate(words)
            if w.term
            and pol.sentence[k] == pol.sentence[i]
            and w.term not in left_out
            and pol.clause[k] != of_item
        }
        rest = _said_of_the_rest(words, pol, i, host) if of_the_rest else None
        named = _named(items, words, other_words, o_pol, host, rest)
        if named is not None:
            item, first, last = named
            start = other_words[max(first - _QUOTED, _sentence_start(o_pol, first))].start
            # the region's exclusion is quoted with what it excludes from ("open every day
            # except Mondays"); the sentence's from its exclusion word
            s_start = words[max(i - _QUOTED, _sentence_start(pol, i)) if of_the_rest else i].start
            s_end = _closed(text, s_start, words[item[-1]].end)
            r_end = _closed(other, start, other_words[last].end)
            found.append(Found("opposite", s_start, s_end, start, r_end))
    return found


def _head(text: str, words: list[Word], item: list[int]) -> list[int]:
    """An item's first word, or its run of capitalised words ("New Zealand"): what a region's
    exclusion leaves out, before the words that say what holds of the rest ("except managers
    get overtime pay")."""
    end = 1
    while (
        end < len(item)
        and text[words[item[end]].start].isupper()
        and text[words[item[0]].start].isupper()
    ):
        end += 1
    return item[:end]


def _named_again(words: list[Word], item: list[int]) -> bool:
    """Whether the text names the item's first word anywhere else."""
    term = words[item[0]].term
    return any(w.term == term for k, w in enumerate(words) if k not in item)


def _said_of_the_rest(words: list[Word], pol: Polarity, i: int, host: set[str]) -> set[str]:
    """The host terms but those of the run of words right before the exclusion word
    ``words[i]``, the phrase it excludes from ("All EU countries except Denmark")."""
    k = i - 1
    while k >= 0 and pol.clause[k] == pol.clause[i] and (words[k].term or words[k].folded in _LEAD):
        k -= 1
    return host - {w.term for w in words[k + 1 : i]}


def _items(
    text: str, words: list[Word], pol: Polarity, i: int, lead: frozenset[str]
) -> list[list[int]]:
    """The items of the list after the exclusion word ``words[i]``, each its run of content
    words (indexes): up to the clause or sentence's end, or to a word no list item opens with
    ("excluding land, from 2020 the rate ...": the list ends before "from")."""
    items: list[list[int]] = []
    k = i + 1
    while k < len(words) and len(items) < _MAX_ITEMS and pol.sentence[k] == pol.sentence[i]:
        if words[k].folded in lead:
            k += 1
            continue
        if not words[k].term or words[k].folded in _OPENS_CLAUSE:
            break
        run = [k]
        while k + 1 < len(words) and words[k + 1].term and _joined(text, words, k):
            k += 1
            run.append(k)
        items.append(run)
        k += 1
        if k >= len(words) or not _list_goes_on(text, words, k):
            break
    return items


def _of_item(words: list[Word], pol: Polarity, last: int) -> int:
    """The number of the clause right after the list that speaks of its item ("except Sunday,
    when only the helpline operates"), -1 if none: its words say what holds of the item, no
    host the region must not say of it."""
    k = last + 1
    if k < len(words) and words[k].folded in _OF_ITEM and pol.clause[k] != pol.clause[last]:
        return pol.clause[k]
    return -1


def _joined(text: str, words: list[Word], k: int) -> bool:
    """Whether ``words[k + 1]`` goes on the run of ``words[k]``: only spaces, a hyphen or a
    closing quote between them."""
    gap = text[words[k].end : words[k + 1].start]
    return all(c.isspace() or c in "-'\"\u2019\u201d" for c in gap)


def _list_goes_on(text: str, words: list[Word], k: int) -> bool:
    """Whether the list goes on at ``words[k]``: a comma before it, or "and"/"or"."""
    gap = text[words[k - 1].end : words[k].start]
    if not _LIST_END.isdisjoint(gap):
        return False
    return "," in gap or words[k].folded in ("and", "or")


def _named(
    items: list[list[int]],
    words: list[Word],
    region_words: list[Word],
    r_pol: Polarity,
    host: set[str],
    rest: set[str] | None,
) -> tuple[list[int], int, int] | None:
    """The first item the region names plainly, with where (first and last region word), in a
    sentence that also says a host term or another item; None when it names none so. With
    ``rest`` (see :func:`_said_of_the_rest`): in a sentence whose other key terms are all host
    terms, one of them in ``rest``."""
    places = [_place(item, words, region_words, r_pol) for item in items]
    left_out = {words[k].term for item in items for k in item}
    for item, place in zip(items, places, strict=True):
        if place is None:
            continue
        first, last = place
        here = r_pol.sentence[first]
        said = {w.term for k, w in enumerate(region_words) if w.term and r_pol.sentence[k] == here}
        if rest is not None:
            others = said - left_out
            if others and others <= host and not others.isdisjoint(rest):
                return item, first, last
            continue
        count = sum(1 for p in places if p is not None and r_pol.sentence[p[0]] == here)
        if not host.isdisjoint(said) or count >= 2:
            return item, first, last
    return None


def _place(
    item: list[int], words: list[Word], region_words: list[Word], r_pol: Polarity
) -> tuple[int, int] | None:
    """Where the region says the item's words in a row, none negated or left out in other
    words near them, followed by most of the words that follow the item in the sentence
    ("amendments to the Consumer Credit Act", not "amends the application"); None when it
    says them nowhere so."""
    terms = [words[k].term for k in item]
    after = set(_after(words, item[-1]))
    n = len(terms)
    best, most = None, -1
    for j in range(len(region_words) - n + 1):
        if any(region_words[j + m].term != terms[m] for m in range(n)):
            continue
        if any(r_pol.negated[j + m] for m in range(n)):
            continue
        if soft_near(region_words, r_pol, j, _SOFT_REACH, frozenset()) or _apart(
            region_words, r_pol, j
        ):
            continue
        shared = len(after.intersection(_after(region_words, j + n - 1)))
        if shared > most:
            best, most = (j, j + n - 1), shared
    return best


def _after(words: list[Word], k: int) -> list[str]:
    """The key terms of the ``_QUOTED`` content words after ``words[k]``."""
    return [w.term for w in words[k + 1 : k + 1 + 2 * _QUOTED] if w.term][:_QUOTED]


def _apart(words: list[Word], pol: Polarity, j: int) -> bool:
    here = pol.sentence[j]
    near = range(max(0, j - _SOFT_REACH), min(len(words), j + _SOFT_REACH + 1))
    return any(pol.sentence[k] == here and words[k].folded in _APART for k in near)


def _closed(text: str, start: int, end: int) -> int:
    """``end``, or past the double quote mark right after it when ``text[start:end]`` opens one
    it does not close: the quote reads 'excluding "Suicide Squad"'. (Single marks are
    apostrophes as often: "2016's".)"""
    quoted = text[start:end]
    unclosed = quoted.count('"') % 2 or quoted.count("\u201c") > quoted.count("\u201d")
    return end + 1 if unclosed and text[end : end + 1] in ('"', "\u201d") else end


def _sentence_start(pol: Polarity, j: int) -> int:
    k = j
    while k > 0 and pol.sentence[k - 1] == pol.sentence[j]:
        k -= 1
    return k
