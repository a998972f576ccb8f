"""The grounds step's fast paths agree with the plain definitions: the closest stretch (one
stretch holding every term, terms outside the text, a title), the proximity signals when later
passages are skipped, the coverage signal when every term is covered, and how many key terms
each passage's region holds."""

from hypothesis import given, settings
from hypothesis import strategies as st

from citations.engine.support.model import assess, score
from citations.engine.support.passage import Passage
from citations.engine.support.proximity import _TENTHS, closest, positions, proximity, stretch_of
from citations.engine.support.rarity import weight
from citations.engine.text.claims import analyse
from citations.engine.text.terms import LANGUAGES, TOKEN_RE, reading, terms_of, token_terms

WORDS = [f"word{c}{d}" for c in "abcdefg" for d in "xyz"] + ["the", "and"]


def _closest_definition(p: Passage, here: frozenset[str], size: int) -> set[str]:
    """The terms of ``here`` of most weight (in tenths) in one stretch [k * half, k * half +
    size) of the text's key-term words, the earliest such; the title's terms in every one."""
    half, where = size // 2, positions(p.text)
    title = p.title_terms & here
    rest = [t for t in here - title if t in where]
    if not rest:
        return set(title)
    best, most = set(), -1
    for k in range(max(at for t in rest for at in where[t]) // half + 1):
        inside = {t for t in rest if any(k * half <= at < k * half + size for at in where[t])}
        if sum(_TENTHS[t] for t in inside) > most:
            best, most = inside, sum(_TENTHS[t] for t in inside)
    return title | best


_TEXTS = st.lists(st.lists(st.sampled_from(WORDS), max_size=12), min_size=1, max_size=6).map(
    lambda sentences: " ".join(" ".join(ws) + "." for ws in sentences)
)


@settings(max_examples=300, deadline=None)
@given(
    _TEXTS,
    st.one_of(st.none(), st.lists(st.sampled_from(WORDS), min_size=1, max_size=3)),
    st.sets(st.sampled_from(WORDS), max_size=8),
    st.sampled_from([4, 8, 16]),
)
def test_closest_matches_the_definition(text, title, words, size):
    p = Passage(position=1, text=text, title=" ".join(title) if title else None)
    here = p.terms & terms_of(" ".join(words))
    assert set(closest(p, here, size)) == _closest_definition(p, here, size)
    # A term of the sentence the text does not hold (title terms aside) is never close.
    stray = frozenset({*here, "absentterm"})
    assert set(closest(p, stray, size)) == _closest_definition(p, stray, size)


@settings(max_examples=200, deadline=None)
@given(st.lists(_TEXTS, min_size=1, max_size=3), st.sets(st.sampled_from(WORDS), max_size=8))
def test_proximity_stopping_at_a_passage_of_every_term_changes_nothing(texts, words):
    passages = [Passage(position=i + 1, text=t) for i, t in enumerate(texts)]
    terms = {t: t for t in terms_of(" ".join(words))}
    found = [(p, p.terms.intersection(terms)) for p in passages]
    matched = frozenset().union(*(here for _, here in found))
    signals = {"coverage": 1.0}
    near = proximity(terms, [], found, matched, matched, signals)
    stretch = stretch_of(len(terms))
    every = set().union(*(closest(p, here, stretch) for p, here in found if here))
    assert set(near) == every
    if len(every) != len(terms):
        close = sum(map(weight, every)) / sum(map(weight, terms))
        assert signals["close"] == round(close, 4)
    else:
        assert signals["close"] == 1.0 and signals["scattered"] == 0.0


@settings(max_examples=200, deadline=None)
@given(st.lists(_TEXTS, min_size=1, max_size=2), st.lists(st.sampled_from(WORDS), max_size=8))
def test_full_coverage_shortcut_gives_the_weighted_share(texts, words):
    passages = [Passage(position=i + 1, text=t) for i, t in enumerate(texts)]
    claim = analyse(" ".join(words))
    grounds = assess(claim, passages)
    total = sum(map(weight, claim.terms))
    share = round(sum(map(weight, grounds.covered)) / total, 4) if total else 1.0
    assert grounds.signals["coverage"] == share
    assert grounds.support == score(grounds.signals)


@settings(max_examples=200, deadline=None)
@given(st.lists(_TEXTS, min_size=1, max_size=3), st.lists(st.sampled_from(WORDS), max_size=8))
def test_the_grounds_keep_how_many_key_terms_each_region_holds(texts, words):
    # The contradiction checks read these counts instead of asking each passage again.
    passages = [Passage(position=i + 1, text=t) for i, t in enumerate(texts)]
    claim = analyse(" ".join(words))
    grounds = assess(claim, passages)
    held = {}
    for p in passages:
        window = p.best_window(set(claim.terms))
        if window is not None:
            held[p.position] = len(window[0])
    assert grounds.held == held
    assert grounds.held.keys() == grounds.spans.keys()


_TOKENS = st.lists(
    st.sampled_from(["US", "the", "Running", "run_fast", "x2", "3.5", "WHO", "don't", "e-mail"])
    | st.sampled_from(["\n", "Labour.", "labour!", "(a)", "§", "x\x1cy", *WORDS]),
    max_size=30,
).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(_TOKENS, st.sampled_from(sorted(LANGUAGES)))
def test_positions_are_those_of_the_token_pattern(text, language):
    # The plain definition (ASCII text is cut without the pattern): each TOKEN_RE token's key
    # terms, counted in words that have one.
    with reading(LANGUAGES[language]):
        want: dict[str, list[int]] = {}
        words = [t for t in map(token_terms, TOKEN_RE.findall(text)) if t]
        for at, terms in enumerate(words):
            for term in terms:
                want.setdefault(term, []).append(at)
        assert positions(text) == want
