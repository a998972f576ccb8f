"""Words: tokenising, normalising and Snowball stemming, for every script.

A *token* is a run of word characters (``\\w``) and combining marks, so words of Devanagari,
Thai or pointed Hebrew stay whole. Text is NFKC-normalised (full-width letters, ligatures,
compatibility digits) before tokenising; each token is then case-folded, stripped of Arabic
vowel marks and tatweel and of Latin, Greek and Cyrillic accents ("Misérables" meets
"Miserables"), and, when it is a Latin-letter word, stemmed by the Snowball stemmer (PyStemmer)
of the language being read, so "released", "releases" and "release" meet, and so do
"transparency" and "transparently", "Vertrag" and "Verträge"; an English irregular plural the
stemmer keeps apart is read as its singular first ("children", "women": ``data/plurals_en.tsv``,
from WordNet by ``benchmarks/make_plurals.py``). The language is one per call of
the engine, told by stop-word counts (:func:`language_of`): English, German, French, Spanish,
Italian or Dutch; English unless another has more. Stop-words of English, German, French,
Spanish and Arabic are dropped, and those of Italian or Dutch in a text of that language. Runs
of Chinese or Japanese characters (written without spaces) become overlapping character pairs.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

import Stemmer

from ._marks import BMP_MARK_RANGES, MARK_RANGES
from .lexicon import HONORIFICS, ascii_word_runs

TOKEN_RE = re.compile(f"[\\w{MARK_RANGES}]+")
# The same tokens for text without astral characters (nearly all text). A character class
# with astral ranges is matched range by range, one class within the Basic Multilingual Plane
# by table lookup: several times faster. ``token_re()`` picks the pattern for a text.
TOKEN_BMP_RE = re.compile(f"[\\w{BMP_MARK_RANGES}]+")
_ASTRAL_RE = re.compile("[\U00010000-\U0010ffff]")
_ARABIC_MARKS_RE = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u0640]")
_CJK_RE = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

# Stop-words by language: dropped from key terms, and counted to tell a text's language.
_STOP_WORDS_TEXT = {
    "english": """
a about above after again against all also am an and any are as at be because been before
being below between both but by can cannot could did do does doing down during each either else
ever few for from further had has have having he her here hers herself him himself his
how however i if in into is it its itself just let may me might more most must my myself
no nor not now of off on once only or other ought our ours ourselves out over own per
same shall she should so some such than that the their theirs them themselves then there
these they this those through thus to too under until up upon us very via was we were
what when where whether which while who whom whose why will with within without would yet
you your yours yourself yourselves s t d ll m re ve also etc e g ie eg one another many
much well even like based according including include includes
moreover furthermore additionally nevertheless nonetheless therefore hence consequently
accordingly meanwhile likewise similarly besides instance involve involves involving
although though whereas whilst notably specifically particularly essentially basically indeed
thereby
""",
    "german": """
der die das den dem des ein eine einer eines einem einen und oder aber ist sind war waren
wird werden wurde wurden hat haben nicht kein keine mit von zu zum zur im auf aus bei für fur
als auch es sie er wir ihr ich dass daß nach über uber unter vor durch
""",
    "french": """
le la les un une des du de et ou mais est sont était été a au aux en dans par pour sur avec
ne pas ce cette ces qui que quoi dont il elle ils elles nous vous se sa son ses leur leurs
plus
""",
    "spanish": """
el los las una unos unas y o pero es son fue era del al en por para con sin su sus que lo
como más mas se le les
""",
    "arabic": "في من على إلى الى عن أن ان هذا هذه ذلك التي الذي هو هي و ما مع كان كانت قد لا",
}
# Italian and Dutch stop-words clash with English key words ("come", "van", "door", "over"):
# dropped only from a text found to be in that language, never from the others.
_OWN_STOP_WORDS_TEXT = {
    "italian": """
il lo la i gli le un uno una di da in con su per tra fra che non è e ed del dello della dei
degli delle al allo alla ai agli alle nel nello nella nei negli nelle sono come anche più ma
se questo questa questi queste ha hanno essere stato stata è sia o
""",
    "dutch": """
de het een en van in op te dat die dit voor met zijn is niet aan er ook als bij door naar om
over maar dan wordt worden deze kan nog geen uit of tot ze zij hij wij werd waren
""",
}
_LANGUAGE_ORDER = ("german", "french", "spanish", "italian", "dutch")
_STOP_WORD_LIST = [w for text in _STOP_WORDS_TEXT.values() for w in text.split()]
# Honorifics too: "Dr." is no term a passage must hold. Completed with unaccented forms below.
STOP_WORDS = frozenset(_STOP_WORD_LIST) | HONORIFICS


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
    """token -> its key terms in one language; ``cache[token]`` computes a miss, so
    ``map(cache.__getitem__, tokens)`` maps a whole passage without a Python loop."""

    def __init__(self, language: Language) -> None:
        super().__init__()
        self.language = language

    def __missing__(self, token: str) -> tuple[str, ...]:
        return self.language.terms(token)


STOP_WORDS = STOP_WORDS | frozenset(fold(word) for word in _STOP_WORD_LIST)  # "était" folds
TERM_CACHE_MAX = 200_000


def _plurals(path: Path) -> dict[str, str]:
    """Plural -> singular, from the table's plain words."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return dict(line.split("\t") for line in lines if line and not line.startswith("#"))


_ENGLISH_PLURALS = _plurals(Path(__file__).parents[1] / "data" / "plurals_en.tsv")


class Language:
    """One language's Snowball stemmer, stop-words and token -> key terms cache."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._stem = Stemmer.Stemmer(name).stemWord
        self._singular = _ENGLISH_PLURALS if name == "english" else {}
        own = _OWN_STOP_WORDS_TEXT.get(name, "").split()
        self.stop_words = STOP_WORDS | frozenset(own) | frozenset(map(fold, own))
        self.cache = _TermCache(self)

    def stem(self, word: str) -> str:
        """The Snowball stem of a folded word of over 3 Latin letters; other words (short
        ones, words with digits, other scripts) come back unchanged."""
        word = self._singular.get(word, word)
        if len(word) <= 3 or not word.isascii() or not word.isalpha():
            return word
        return self._stem(word)

    def terms(self, token: str) -> tuple[str, ...]:
        """The key terms one raw token contributes: () for stop-words, numbers and single
        letters (what ``cache[token]`` computes, and keeps)."""
        folded = fold(token)
        acronym = len(token) > 1 and token.isupper() and token.isalpha()  # "SIE", "US", "WHO"
        if (
            (folded in self.stop_words and not acronym)
            or folded.isdigit()
            or folded in NUMBER_WORD_SET
        ):
            result: tuple[str, ...] = ()
        elif not folded.isascii() and _CJK_RE.search(folded):
            result = _cjk_terms(folded)
        elif len(folded) < 2 and folded.isascii():
            result = ()
        else:
            result = (self.stem(folded),)
        if len(self.cache) >= TERM_CACHE_MAX:
            self.cache.clear()
        self.cache[token] = result
        return result


# English first: it wins a tie, so a text without stop-words (a title, a list of names) is
# read as English.
LANGUAGES = {name: Language(name) for name in ("english", *_LANGUAGE_ORDER)}
ENGLISH = LANGUAGES["english"]
TERM_CACHE = ENGLISH.cache
_DETECT = {
    name: frozenset(map(fold, (_STOP_WORDS_TEXT | _OWN_STOP_WORDS_TEXT)[name].split()))
    for name in LANGUAGES
}
_ANY_STOP_WORD = frozenset().union(*_DETECT.values())
# A language is told from the texts' starts: a bounded cost for a long answer or passage.
_SAMPLE_CHARS = 2_000
_PASSAGE_SAMPLE_CHARS = 300
_CURRENT: ContextVar[Language] = ContextVar("language", default=ENGLISH)


def language_of(text: str, passages: Iterable[str] = ()) -> Language:
    """The language whose stop-words are the most frequent whole words at the start of the
    answer and of its passages; English unless another language has strictly more."""
    sample = " ".join(
        [_head(text, _SAMPLE_CHARS), *(_head(p, _PASSAGE_SAMPLE_CHARS) for p in passages)]
    )
    words: Iterable[str]
    if sample.isascii():  # nearly always: fold() is lower(), and the words split in C
        # (20 x 10 answer: 2.79 -> 0.89 M instructions; the Unicode class cost 230 a character)
        words = ascii_word_runs(sample.lower())
    else:
        words = map(fold, TOKEN_BMP_RE.findall(nfkc(sample)))
    # Only stop-words counted, picked in C: the others count for no language (a third less of
    # this step's time than counting every word).
    counted = Counter(filter(_ANY_STOP_WORD.__contains__, words))
    # Only the stop-words present looked up: Counter's default for the rest is a Python call.
    counts = {
        name: sum(map(counted.__getitem__, stops.intersection(counted)))
        for name, stops in _DETECT.items()
    }
    return LANGUAGES[max(counts, key=counts.__getitem__)]  # max keeps the first of equals


def _head(text: str, limit: int) -> str:
    """The first ``limit`` characters of ``text``, less a word the limit cuts: its first
    letters would count as another word ("con" of "contract" is an Italian and Spanish
    stop-word), enough to read a short English passage as Italian."""
    head = text[:limit]
    if len(text) <= limit:
        return head
    if not TOKEN_BMP_RE.match(text[limit]):
        return head
    cut = TOKEN_BMP_RE.match(head[::-1])  # the cut word's first letters, read backwards
    return head[: limit - cut.end()] if cut else head


@contextmanager
def reading(language: Language) -> Iterator[Language]:
    """Within the block, key terms are ``language``'s (per thread or task: a ContextVar)."""
    token = _CURRENT.set(language)
    try:
        yield language
    finally:
        _CURRENT.reset(token)


def current() -> Language:
    """The language being read (English outside :func:`reading`)."""
    return _CURRENT.get()


def term_cache() -> _TermCache:
    """token -> key terms in the current language: ``map(term_cache().__getitem__, tokens)``."""
    return _CURRENT.get().cache


def stem(word: str) -> str:
    """The current language's stem of a folded word (see :meth:`Language.stem`)."""
    return _CURRENT.get().stem(word)


def token_terms(token: str) -> tuple[str, ...]:
    """The key terms one raw token contributes in the current language."""
    return _CURRENT.get().cache[token]


def _cjk_terms(folded: str) -> tuple[str, ...]:
    if len(folded) < 2:
        return (folded,)
    return tuple(folded[i : i + 2] for i in range(len(folded) - 1))


def terms_of(text: str) -> set[str]:
    """The set of key terms of a text (NFKC, case-folded, stemmed, stop-words dropped)."""
    out: set[str] = set()
    cache = _CURRENT.get().cache
    text = nfkc(text)
    for produced in map(cache.__getitem__, set(token_re(text).findall(text))):
        out.update(produced)
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
