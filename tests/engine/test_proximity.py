"""Closeness, scattered terms and names against the other words (issue 11, engine 2.2)."""

import math

from citations.engine import verify
from citations.engine.support import proximity as proximity_module
from citations.engine.support.model import WEIGHTS, shortfalls
from citations.engine.support.passage import Passage
from citations.engine.support.proximity import (
    _MAX_POSITIONS,
    _kept_positions,
    closest,
    locate,
    positions,
    stretch_of,
    stretches,
)
from citations.engine.text.claims import analyse

FILLER = "Weather reports mention rain, wind and clouds over distant hills. " * 4


def one(text, evidence):
    (s,) = verify(text, [{"text": t} if isinstance(t, str) else t for t in evidence]).sentences
    return s


def test_positions_count_key_term_words_only():
    # "the" and "of" are stop-words: not counted, so "capital" is the 2nd key-term word.
    index = positions("Paris is the capital of France.")
    assert index == {"pari": [0], "capit": [1], "franc": [2]}  # Snowball stems


def test_positions_are_capped_per_term():
    index = positions("rain " * (_MAX_POSITIONS + 50))
    assert len(index["rain"]) == _MAX_POSITIONS


def test_terms_listed_as_they_are_asked_have_the_whole_listings_positions():
    text = "Alpha beta gamma. Delta alpha epsilon beta. Zeta alpha, and alpha beta alpha."
    for listing in ("alpha delta", "beta alpha", "zeta gamma delta"):  # each asks a new one
        p = Passage(1, text)
        want = positions(p.text + " ")  # (another text: listed whole)
        asked = frozenset(listing.split())
        if listing.startswith("zeta"):
            closest(p, asked, 4)  # a sentence locate was not told of lists its own terms
        else:
            locate([(p, asked), (p, frozenset())])
        kept = _kept_positions(text, "english")
        assert kept == {t: want[t] for t in kept} and asked <= kept.keys()
    assert kept.keys() == {"alpha", "beta", "gamma", "delta", "zeta"}  # epsilon never asked
    assert positions(text) == want  # all asked: the rest listed, none twice


def test_positions_come_from_the_passage_index_or_a_cut_of_their_own():
    # Short ASCII segments: numbered from the index's own list; a segment too long for that
    # pass (and text beyond ASCII) is cut by proximity itself, to the same positions.
    assert Passage(0, "Paris is the capital of France.").word_terms == [
        "pari",
        "",
        "",
        "capit",
        "",
        "franc",
    ]
    for text in ("Paris capital France " * 30, "Pâris capital France " * 30):
        assert Passage(0, text).word_terms is None
        index = positions(text)
        assert index["capit"] == list(range(1, 90, 3))


def test_the_stretch_grows_with_the_sentence():
    # Three times the key terms, up to a power of 2 (a passage keeps one set per size).
    assert [stretch_of(n) for n in (1, 2, 5, 6, 11)] == [4, 8, 16, 32, 64]


def test_stretches_overlap_by_half():
    fields = stretches("alpha beta gamma delta epsilon zeta", 4)
    # Stretches of 4 words start every 2: [0, 4), [2, 6), [4, 8).
    assert fields["alpha"] == 1 and fields["gamma"] == 1 | 1 << 16
    assert fields["zeta"] == 1 << 16 | 1 << 32


def terms(text):
    return set(analyse(text).terms)


def test_closest_keeps_the_terms_of_the_best_stretch():
    p = Passage(1, "Pension rules. " + FILLER + "Annual leave lasts many days.")
    here = terms("pension annual leave lasts many days")
    # Six terms: no stretch of 32 key-term words reaches from "pension" to the end.
    assert closest(p, here, stretch_of(6)) == terms("annual leave lasts many days")
    assert closest(p, here, 1000) == here


def test_a_title_counts_in_every_stretch():
    p = Passage(1, FILLER + "Leave lasts many days.", title="Annual leave")
    assert terms("annual") <= closest(p, terms("annual leave lasts many days"), 9)


def test_a_passage_stating_the_sentence_holds_its_terms_close():
    s = one("Annual leave lasts thirty days [1].", ["Annual leave lasts thirty days in total."])
    assert s.signals["close"] == 1.0 and s.signals["scattered"] == 0.0
    assert s.status == "verified"


def test_terms_spread_over_a_passage_are_scattered_and_named():
    spread = "Sleep matters. " + FILLER + "Loss harms memory. " + FILLER + "Decisions need rest."
    s = one("Sleep loss impairs decisions [1].", [spread])
    assert 0 < s.signals["close"] < 1 and s.signals["scattered"] > 0
    assert s.status == "unsupported"
    assert "only far from the rest" in s.reason
    assert "are close together in passage [1] (within 16 words)" in s.reason
    near = one("Sleep loss impairs decisions [1].", ["Sleep loss impairs decisions. " + FILLER])
    assert near.support > s.support


def test_terms_in_two_passages_of_one_article_both_count_as_close():
    evidence = [
        {"text": "Employees are entitled to annual leave.", "law": "Labour Law", "article": "30"},
        {"text": "The leave lasts thirty days.", "law": "Labour Law", "article": "30"},
    ]
    (s,) = verify("Annual leave lasts thirty days [Labour Law, Article 30].", evidence).sentences
    assert s.signals["close"] == 1.0 and s.status == "verified"


def test_other_words_without_the_name_lower_the_support():
    passage = "The theme song of the show was performed by a children's choir. " + FILLER * 3
    passage += "Drake joined the cast."
    named = one("The theme song of the show was performed by Drake [1].", [passage])
    plain = one("The theme song of the show was performed by a choir [1].", [passage])
    assert named.signals["names_vs_rest"] < 0 == plain.signals["names_vs_rest"]
    assert WEIGHTS["names_vs_rest"] > 0  # so the name's absence costs support
    assert named.support < plain.support
    assert named.status == "unsupported"
    assert "but 'drake' is not among them" in named.reason


def test_a_sentence_without_key_terms_has_its_closeness_signals_at_their_best():
    s = one("It is so [1].", ["Anything at all."])
    assert s.signals["close"] == 1.0 and s.signals["scattered"] == 0.0
    assert s.signals["names_vs_rest"] == 0.0 and s.signals["far_terms"] == 0.0


def test_far_terms_weigh_the_terms_not_close_by_the_sentence_length():
    spread = "Sleep matters. " + FILLER + "Loss harms memory. " + FILLER + "Decisions need rest."
    s = one("Sleep loss impairs decisions [1].", [spread])
    signals = s.signals
    assert signals["far_terms"] == round(signals["key_terms"] * (1 - signals["close"]), 4) > 0
    # It is the closeness shortfall that the reason words, the longer the sentence the more.
    assert "far_terms" in dict(shortfalls(signals))
    assert "are close together in passage [1] (within 16 words)" in s.reason
    near = one("Sleep loss impairs decisions [1].", ["Sleep loss impairs decisions. " + FILLER])
    assert near.signals["far_terms"] == 0.0


def test_closeness_never_counts_against_a_sentence_it_can_tell_something_of():
    # close's own weight plus far_terms' at key_terms: the net pull of closeness grows with the
    # sentence and is above 0 from two key terms on. A lone key term is always close to itself
    # (close is coverage then), so its sign there is the fit's to share with coverage.
    two_terms = math.log1p(2)
    assert WEIGHTS["far_terms"] < 0
    assert WEIGHTS["close"] - WEIGHTS["far_terms"] * two_terms > 0


def test_stretch_tables_kept_per_text_are_emptied_when_full(monkeypatch):
    monkeypatch.setattr(proximity_module, "_CACHED_STRETCHES", 2)
    texts = [f"alpha beta gamma {word}" for word in ("delta", "omega", "sigma")]
    want = {t: stretches(texts[0], 4)[t] for t in positions(texts[0])}
    for text in texts[1:]:
        stretches(text, 4)
    assert len(proximity_module._STRETCH_TABLES) <= 2
    assert {t: stretches(texts[0], 4)[t] for t in positions(texts[0])} == want
