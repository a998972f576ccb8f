"""Roles swapped: the region relates two names one way and the sentence the other way.

"France gave the Statue of Liberty to the United States" cited for "The United States gave
the Statue of Liberty to France" has every word of its passage; only who did what to whom is
turned around. A *mention* is a run of capitalised words ("United States") or a noun after a
determiner ("the committee"); a *link* joins two mentions of one clause with the words between
them. A link points from the first mention to the second, or back when a passive "by" stands
between them ("B was defeated by A" is "A defeated B"), a genitive ("A's B" is "B of A") or
nothing at all ("the heart size" is "the size of the heart"). A key term alone between two
mentions may be a noun the first qualifies with the last ("the Warriors superstar Stephen
Curry" is Curry of the Warriors), so that reading links them too, beside the verb's ("Rome
defeated Carthage"). A mention before a list links to each item (:mod:`.spread`).

A sentence link is reversed when the region links the same two mentions the other way with
the same relation: a key term both put between them ("defeated"), with the same prepositions,
or, with no key term between them on either side, the same prepositions alone ("Vijayawada in
Andhra Pradesh" against "Andhra Pradesh in Vijayawada"). Demanding the shared relation keeps
faithful reorderings quiet ("In 1990 Milira released the song" / "the song by Milira,
released in 1990"). Symmetric relations ("A and B signed", "A met B", "between A and B") have
no direction, and a region that also links the two the sentence's way contradicts nothing,
not even by the places below.

Two mentions can also trade *places* without being linked: "escape the heat, taking their
liquid energy" against "escape the liquid, taking their heat energy". A place is a side of a
mention and the words out to the nearest key term ("escape the" on the left), or the opening
of a sentence. The pair has traded places when the sentence puts each where the region puts
the other and the region puts neither where the sentence does, or when one of them stands,
on both sides, where the region has the other ("for their phrase lives" / "for their whole
lives"). Places that only say a mention is in a list (a comma, an "and") have no order to
trade. A title and its maker trade places too when the sentence quotes one and the region
only the other ("Cowboy sang 'Should Have Been a Toby Keith'" against '"Should've Been a
Cowboy" is a song recorded by Toby Keith').
"""

from __future__ import annotations

import re

from ...memo import Memo
from ...text.lexicon import ascii_word_runs
from ...text.terms import current
from ...text.words import Word
from .exchange import DETERMINERS as _DETERMINERS
from .exchange import SYMMETRIC as _SYMMETRIC
from .exchange import Mention, exchanged, traded
from .found import Found
from .links import Pair, converse, links_in, same
from .places import places, swapped
from .titles import retitled, titled

_TOKEN_RE = re.compile(r"\w+")
# Languages whose order tells no roles: German and Dutch put the verb second, after whatever
# phrase opens the clause ("Für Mängel haftet der Verkäufer nicht"), and mark who does what by
# case ("Dem Mieter ersetzt der Vermieter"), so a mention before the verb may be its object.
_FREE_ORDER = frozenset(("german", "dutch"))
# The articles that open a noun's mention in a language besides English's determiners: the
# elided "l'" too, its own word ("l'acheteur paie le vendeur"), and those joined to a
# preposition ("paga al vendedor"). There "a" is a verb or a preposition ("a payé", "paga a").
_ARTICLES = {
    "french": "le la les l un une au aux du des",
    "italian": "il lo la i gli le l un una uno al allo alla ai agli alle del dello della",
    "spanish": "el la los las un una al del",
}
_MENTION_OPENERS = {
    name: _DETERMINERS - {"a"} | frozenset(articles.split()) for name, articles in _ARTICLES.items()
}
# Any language's: the cheap test need not ask which language it reads (a few more sentences
# pass it, and find no mention their language lacks).
_ANY_OPENER = _DETERMINERS.union(*_MENTION_OPENERS.values())


_Mention = Mention


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    """Each pair of mentions the region relates the other way round, once."""
    if not order_tells_roles():
        return []
    mentions = _sentence_mentions(sentence, sentence_words)
    if len(mentions) < 2:
        return []
    keys = [m.key for m in mentions]
    region_mentions = _region_mentions(region, region_words, keys)
    said, said_symmetric = links_in(sentence, sentence_words, mentions)
    told, told_symmetric = links_in(region, region_words, region_mentions)
    found: list[Found] = []
    seen: set[Pair] = set()
    confirmed: set[Pair] = set()  # the region also says it the sentence's way
    for link in said:
        pair = frozenset((link.source, link.target))
        if any(same(link, other) or converse(link, other) for other in told):
            confirmed.add(pair)
        if pair in seen or pair in confirmed:
            continue
        flipped = (o for o in told if same(link, o._replace(source=o.target, target=o.source)))
        reverse = next(flipped, None)
        if reverse is not None:
            seen.add(pair)
            found.append(Found("roles", link.start, link.end, reverse.start, reverse.end))
    said_titles = titled(sentence, sentence_words, mentions)
    told_titles = titled(region, region_words, region_mentions)
    said_at = places(sentence, sentence_words, mentions)
    told_at = places(region, region_words, region_mentions)
    # "A and B" have no places to trade; a pair the region links the sentence's way has none
    # either ("Stephen Curry of the Warriors" / "the Warriors superstar Stephen Curry").
    seen |= confirmed
    unordered = seen | said_symmetric | told_symmetric
    for n, a in enumerate(keys):
        for b in keys[n + 1 :]:
            pair = frozenset((a, b))
            if pair not in unordered and not a & b:
                swap = swapped(said_at, told_at, a, b) or retitled(said_titles, told_titles, a, b)
                if swap is not None:
                    unordered.add(pair)
                    seen.add(pair)
                    found.append(swap)
    told_words = (region, region_words, region_mentions)
    found += exchanged((sentence, sentence_words, mentions), told_words, seen)
    linked = {frozenset((x.source, x.target)) for x in said}
    linked &= {frozenset((x.source, x.target)) for x in told}
    units = _units(sentence_words, mentions, region_words)
    told_units = _region_mentions(region, region_words, [u.key for u in units])
    said_units = (sentence, sentence_words, units)
    return found + traded(said_units, (region, region_words, told_units), unordered, linked)


def order_tells_roles() -> bool:
    """Whether the text being read says who does what by its words' order (see
    ``_FREE_ORDER``)."""
    return current().name not in _FREE_ORDER


def _capital(word: Word) -> bool:
    return word.text[:1].isupper()


def mention_starts(sentence: str) -> int:
    """How many words may start a mention: capitalised ones and determiners. A cheap test on
    its tokens, split in C, before its words or any region's are read: a sentence with fewer
    than two has no mentions to turn around. An ASCII sentence's (nearly all) are cut by
    ``bytes.translate``, and each distinct token is judged once, in a memo: the pattern's
    search and a Python test a token took 21,000 instructions a sentence, this 10,000."""
    tokens = ascii_word_runs(sentence) if sentence.isascii() else _TOKEN_RE.findall(sentence)
    return sum(map(_STARTS_MENTION.__getitem__, tokens))


def _starts_mention(token: str) -> bool:
    return token[0].isupper() or token.lower() in _ANY_OPENER


_STARTS_MENTION = Memo(_starts_mention, 16_384)


def _openers() -> frozenset[str]:
    """The words that open a noun's mention in the language being read."""
    return _MENTION_OPENERS.get(current().name, _DETERMINERS)


def _runs(text: str, words: list[Word]) -> list[tuple[int, int]]:
    """(first, last) word index of every run of capitalised words joined by spaces alone."""
    runs: list[tuple[int, int]] = []
    for i, word in enumerate(words):
        if not _capital(word):
            continue
        if runs and runs[-1][1] == i - 1 and not text[words[i - 1].end : word.start].strip():
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def _key_of(words: list[Word], first: int, last: int) -> frozenset[str]:
    return frozenset(w.term for w in words[first : last + 1] if w.term)


def _sentence_mentions(text: str, words: list[Word]) -> list[_Mention]:
    mentions = [_Mention(a, b, _key_of(words, a, b)) for a, b in _runs(text, words)]
    named = {i for m in mentions for i in range(m.first, m.last + 1)}
    openers = _openers()
    for i in range(1, len(words)):
        word = words[i]
        if i not in named and word.term and words[i - 1].folded in openers:
            mentions.append(_Mention(i, i, frozenset((word.term,))))
    mentions = [m for m in mentions if m.key and not m.key & _SYMMETRIC]
    return sorted(mentions)


def _units(words: list[Word], mentions: list[_Mention], region_words: list[Word]) -> list[_Mention]:
    """The mentions and, as one of its own, every other key term of the sentence the region
    has: "the 2021-22 salary" follows no determiner, yet it can trade places."""
    held = {w.term for w in region_words}
    named = {i for m in mentions for i in range(m.first, m.last + 1)}
    alone = [
        _Mention(i, i, frozenset((w.term,)))
        for i, w in enumerate(words)
        if w.term in held and w.term and i not in named
    ]
    return sorted(mentions + alone)


def _region_mentions(text: str, words: list[Word], keys: list[frozenset[str]]) -> list[_Mention]:
    """The region's mentions of the sentence's mentions, each under the sentence's key: a run of
    capitals with the same terms or all of a shorter name's ("Bieber" for "Justin Bieber"), a
    single word for a noun. A run takes the key it shares most terms with: "Super Bowl VIII"
    is the sentence's "Super Bowl VIII", not the "Super Bowl" of "their Super Bowl win"."""
    out: list[_Mention] = []
    taken: set[int] = set()
    for a, b in _runs(text, words):
        run_key = _key_of(words, a, b)
        named = [k for k in keys if run_key and (k <= run_key or run_key <= k)]
        if named:
            key = max(named, key=lambda k: len(k & run_key))
            out.append(_Mention(a, b, key))
            taken.update(range(a, b + 1))
    nouns = {next(iter(k)): k for k in keys if len(k) == 1}
    for i, word in enumerate(words):
        if i not in taken and word.term in nouns:
            out.append(_Mention(i, i, nouns[word.term]))
    return sorted(out)
