"""Words: tokenising, normalising and light stemming, for every script.

A *token* is a run of word characters (``\\w``) and combining marks, so words of Devanagari,
Thai or pointed Hebrew stay whole. Text is NFKC-normalised (full-width letters, ligatures,
compatibility digits) before tokenising; each token is then case-folded, stripped of Arabic
vowel marks and tatweel and of Latin, Greek and Cyrillic accents ("Misérables" meets
"Miserables"), and, when it is plain ASCII English, lightly stemmed (plural -s/-es/-ies, -ing,
-ed, final -e), so "released", "releases" and "release" meet. Stop-words of English,
German, French, Spanish and Arabic are dropped. Runs of Chinese or Japanese characters (written
without spaces) become overlapping character pairs.
"""

from __future__ import annotations

import re
import unicodedata

from ._marks import BMP_MARK_RANGES, MARK_RANGES
from .lexicon import HONORIFICS

TOKEN_RE = re.compile(f"[\\w{MARK_RANGES}]+")
# The same tokens for text without astral characters (nearly all text). A character class
# with astral ranges is matched range by range, one class within the Basic Multilingual Plane
# by table lookup: several times faster. ``token_re()`` picks the pattern for a text.
TOKEN_BMP_RE = re.compile(f"[\\w{BMP_MARK_RANGES}]+")
_ASTRAL_RE = re.compile("[\U00010000-\U0010ffff]")
_ARABIC_MARKS_RE = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u0640]")
_CJK_RE = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

_STOP_WORDS_TEXT = """
a about above after again against all also am an and any are as at be because been before
being below between both but by can could did do does doing down during each either else
ever few for from further had has have having he her here hers herself him himself his
how however i if in into is it its itself just let may me might more most must my myself
no nor not now of off on once only or other ought our ours ourselves out over own per
same shall she should so some such than that the their theirs them themselves then there
these they this those through thus to too under until up upon us very via was we were
what when where whether which while who whom whose why will with within without would yet
you your yours yourself yourselves s t d ll m re ve also etc e g ie eg one another many
much well even like based according including include includes der die das den dem des
ein eine einer eines einem einen und oder aber ist sind war waren wird werden wurde
wurden hat haben nicht kein keine mit von zu zum zur im auf aus bei für fur als auch es
sie er wir ihr ich dass daß nach über uber unter vor durch le la les un une des du de et
ou mais est sont était été a au aux en dans par pour sur avec ne pas ce cette ces qui que
quoi dont il elle ils elles nous vous se sa son ses leur leurs plus el los las una unos
unas y o pero es son fue era del al en por para con sin su sus que lo como más mas se le
les في من على إلى الى عن أن ان هذا هذه ذلك التي الذي هو هي و ما مع كان كانت قد لا
"""
_STOP_WORD_LIST = _STOP_WORDS_TEXT.split()
# Honorifics too: "Dr." is no term a passage must hold. Completed with unaccented forms below.
STOP_WORDS = frozenset(_STOP_WORD_LIST) | HONORIFICS

# Lower-case ASCII word endings that are not inflections.
_KEEP_S = ("ss", "us", "is", "os", "as")
_VOWELS = frozenset("aeiouy")


def stem(word: str) -> str:
    """Light English stemmer for an ASCII lower-case word; other words come back unchanged."""
    n = len(word)
    if n <= 3 or not word.isascii() or not word.isalpha():
        return word
    if word.endswith("ies") and n > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(_KEEP_S):
        word = word[:-1]
    if word.endswith("ing") and len(word) > 5 and _VOWELS.intersection(word[:-3]):
        word = _undouble(word[:-3])
    elif word.endswith("ied") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("ed") and len(word) > 4 and _VOWELS.intersection(word[:-2]):
        word = _undouble(word[:-2])
    if word.endswith("e") and len(word) > 4:
        word = word[:-1]
    return word


def _undouble(word: str) -> str:
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "lsz" + "aeiou":
        return word[:-1]
    return word


def has_astral(text: str) -> bool:
    """True when ``text`` has a character beyond the Basic Multilingual Plane."""
    return not text.isascii() and _ASTRAL_RE.search(text) is not None


def token_re(text: str) -> re.Pattern[str]:
    """The fastest pattern that finds exactly ``TOKEN_RE``'s tokens in ``text``."""
    return TOKEN_RE if has_astral(text) else TOKEN_BMP_RE


def nfkc(text: str) -> str:
    if text.isascii():
        return text
    return unicodedata.normalize("NFKC", text)


# Combining diacritics of Latin, Greek and Cyrillic: "Misérables" meets "Miserables".
_DIACRITICS_RE = re.compile("[\u0300-\u036f]")


def fold(token: str) -> str:
    """Case-fold one token, drop Arabic vowel marks and Latin/Greek/Cyrillic accents; NFKC
    keeps the result composed (marks of other scripts, such as Devanagari vowels, stay)."""
    if token.isascii():
        return token.lower()
    folded = unicodedata.normalize("NFKC", _ARABIC_MARKS_RE.sub("", token).casefold())
    bare = _DIACRITICS_RE.sub("", unicodedata.normalize("NFD", folded))
    return unicodedata.normalize("NFKC", bare)


class _TermCache(dict[str, tuple[str, ...]]):
    """token -> its key terms, shared by all calls; ``TERM_CACHE[token]`` computes a miss, so
    ``map(TERM_CACHE.__getitem__, tokens)`` maps a whole passage without a Python loop."""

    def __missing__(self, token: str) -> tuple[str, ...]:
        return token_terms(token)


STOP_WORDS = STOP_WORDS | frozenset(fold(word) for word in _STOP_WORD_LIST)  # "était" folds

TERM_CACHE = _TermCache()
TERM_CACHE_MAX = 200_000


def token_terms(token: str) -> tuple[str, ...]:
    """The key terms one raw token contributes: () for stop-words, numbers and single letters."""
    cached = TERM_CACHE.get(token)
    if cached is not None:
        return cached
    folded = fold(token)
    acronym = len(token) > 1 and token.isupper() and token.isalpha()  # "SIE", "US", "WHO"
    if (folded in STOP_WORDS and not acronym) or folded.isdigit() or folded in NUMBER_WORD_SET:
        result: tuple[str, ...] = ()
    elif not folded.isascii() and _CJK_RE.search(folded):
        result = _cjk_terms(folded)
    elif len(folded) < 2 and folded.isascii():
        result = ()
    else:
        result = (stem(folded),)
    if len(TERM_CACHE) >= TERM_CACHE_MAX:
        TERM_CACHE.clear()
    TERM_CACHE[token] = result
    return result


def _cjk_terms(folded: str) -> tuple[str, ...]:
    if len(folded) < 2:
        return (folded,)
    return tuple(folded[i : i + 2] for i in range(len(folded) - 1))


def terms_of(text: str) -> set[str]:
    """The set of key terms of a text (NFKC, case-folded, stemmed, stop-words dropped)."""
    out: set[str] = set()
    cache_get = TERM_CACHE.get
    text = nfkc(text)
    for token in set(token_re(text).findall(text)):
        produced = cache_get(token)
        out.update(token_terms(token) if produced is None else produced)
    return out


# Number words, used by the number rule ("three" == 3); they are never key terms themselves.
UNITS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
ORDINALS = {
    "first": 1,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "twelfth": 12,
}
NUMBER_WORD_SET = frozenset(UNITS) | frozenset(TENS) | frozenset(SCALES) | frozenset(ORDINALS)
