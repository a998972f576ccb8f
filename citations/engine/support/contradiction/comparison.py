"""A comparison read both ways: "A <comparative> than B" says what "B <opposite> than A" says.

"Men earned more than women" and "women earned less than men" say one thing, as do "the tower
is older than the bridge" and "the bridge is younger than the tower": the opposite comparative
with its two sides exchanged. The ``opposite`` and ``roles`` checks read each text's
comparison by its sides and let the exchanged form agree; the same comparative with the sides
exchanged ("women earned more than men") still contradicts. The roles check reads that of
names and of nouns after a determiner; :func:`find` reads it of any side ("Cats are larger
than dogs" against "Dogs are larger than cats"), unless the region also says the sentence's
comparison or either side denies its comparative ("dogs are not larger than cats"). It runs
for a sentence holding "than" cited to a passage holding one.
"""

from __future__ import annotations

from ...text.words import Word
from .found import Found
from .polarity import polarity

_SIDE = 2  # content words that say a side: "prices in Leeds", "men earned"
TO_THAN = 2  # words from a comparative to its "than": "more than", "higher doses than"
_DEGREE = frozenset(("more", "less", "fewer"))  # no key terms, yet what a comparison says


def find(
    sentence: str, sentence_words: list[Word], region: str, region_words: list[Word]
) -> list[Found]:
    """Each comparison the region makes in the sentence's words with the sentence's two sides
    exchanged: "Cats are larger than dogs" against "Dogs are larger than cats", both quoted
    whole."""
    if not any(w.folded == "than" for w in region_words):
        return []
    s_pol, r_pol = polarity(sentence, sentence_words), polarity(region, region_words)
    said_at, told_at = s_pol.sentence, r_pol.sentence
    told = _comparisons(region_words, told_at)
    found = []
    for i, said in _comparisons(sentence_words, said_at):
        same = [j for j, words in told if words == said]
        if not same or s_pol.negated[i]:
            continue
        if any(
            r_pol.negated[j]
            or sides_meet(sentence_words, said_at, i, region_words, told_at, j, crossed=False)
            for j in same
        ):
            continue  # the region says the sentence's comparison too, or denies one
        back = (
            j
            for j in same
            if sides_meet(sentence_words, said_at, i, region_words, told_at, j, crossed=True)
        )
        j = next(back, -1)
        here, there = _ends(sentence_words, said_at, i), _ends(region_words, told_at, j)
        if j >= 0 and here is not None and there is not None:
            found.append(_found(sentence_words, here, region_words, there))
    return found


def _comparisons(words: list[Word], sentence: list[int]) -> list[tuple[int, tuple[str, ...]]]:
    """Each comparison: where its words before a "than" start (at most ``TO_THAN`` of them:
    key terms and words of degree, "larger", "signed earlier", "more caffeine") and their
    stems, which two comparisons must share to say one thing ("higher doses" is no "lower
    doses")."""
    out = []
    for t, word in enumerate(words):
        if word.folded != "than":
            continue
        run = [
            k
            for k in range(max(0, t - TO_THAN), t)
            if sentence[k] == sentence[t] and (words[k].term or words[k].folded in _DEGREE)
        ]
        if run:
            out.append((run[0], tuple(words[k].stem for k in run)))
    return out


def sides_meet(
    words: list[Word],
    sentence: list[int],
    i: int,
    other: list[Word],
    other_sentence: list[int],
    j: int,
    *,
    crossed: bool,
) -> bool:
    """Whether ``other[j]`` compares the things ``words[i]`` compares, each on the side where
    ``words[i]`` puts it, or (``crossed``) where ``words[i]`` puts the other: a thing only
    before one comparative is only before (crossed: only after) the other's "than", both ways
    (what both sides share, "prices" of "prices in Leeds" against "prices in York", tells
    nothing)."""
    said, told = _sides(words, sentence, i), _sides(other, other_sentence, j)
    if said is None or told is None:
        return False
    (before, after), (told_before, told_after) = said, told
    if crossed:
        told_before, told_after = told_after, told_before
    return bool((before - after) & (told_before - told_after)) and bool(
        (after - before) & (told_after - told_before)
    )


def _found(
    said: list[Word], at: tuple[int, int], told: list[Word], there: tuple[int, int]
) -> Found:
    return Found(
        "roles", said[at[0]].start, said[at[1]].end, told[there[0]].start, told[there[1]].end
    )


def _ends(words: list[Word], sentence: list[int], i: int) -> tuple[int, int] | None:
    """The first word of the comparison at ``words[i]`` and its last (its sides' farthest
    content words); None when no "than" follows it or a side is empty."""
    than = _than(words, sentence, i)
    if than < 0:
        return None
    before, after = _side(words, sentence, i, -1), _side(words, sentence, than, 1)
    return (before[-1], after[-1]) if before and after else None


def _sides(words: list[Word], sentence: list[int], i: int) -> tuple[set[str], set[str]] | None:
    """The key terms of the ``_SIDE`` content words before ``words[i]`` and of those after the
    "than" that follows it, in its sentence; None when no "than" follows it."""
    than = _than(words, sentence, i)
    if than < 0:
        return None
    return _terms(words, sentence, i, -1), _terms(words, sentence, than, 1)


def _than(words: list[Word], sentence: list[int], i: int) -> int:
    """Where the "than" after ``words[i]`` stands, at most ``TO_THAN`` words on; -1 if none."""
    here = sentence[i]
    return next(
        (
            k
            for k in range(i + 1, min(i + 1 + TO_THAN, len(words)))
            if sentence[k] == here and words[k].folded == "than"
        ),
        -1,
    )


def _terms(words: list[Word], sentence: list[int], i: int, step: int) -> set[str]:
    return {words[k].term for k in _side(words, sentence, i, step)}


def _side(words: list[Word], sentence: list[int], i: int, step: int) -> list[int]:
    """The indexes of the words with the first ``_SIDE`` key terms from ``words[i]`` on, one
    way (``step``), in its sentence."""
    out: list[int] = []
    terms: set[str] = set()
    k = i + step
    while 0 <= k < len(words) and len(terms) < _SIDE and sentence[k] == sentence[i]:
        if words[k].term:
            terms.add(words[k].term)
            out.append(k)
        k += step
    return out
