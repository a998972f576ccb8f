"""A comparison read both ways: "A <comparative> than B" says what "B <opposite> than A" says.

"Men earned more than women" and "women earned less than men" say one thing, as do "the tower
is older than the bridge" and "the bridge is younger than the tower": the opposite comparative
with its two sides exchanged. The ``opposite`` and ``roles`` checks read each text's
comparison by its sides and let the exchanged form agree; the same comparative with the sides
exchanged ("women earned more than men") still contradicts.
"""

from __future__ import annotations

from ...text.words import Word

_SIDE = 2  # content words that say a side: "prices in Leeds", "men earned"
TO_THAN = 2  # words from a comparative to its "than": "more than", "higher doses than"


def exchanged(
    words: list[Word],
    sentence: list[int],
    i: int,
    other: list[Word],
    other_sentence: list[int],
    j: int,
) -> bool:
    """Whether ``other[j]`` compares the things ``words[i]`` compares, each on the side where
    ``words[i]`` puts the other: a thing only before one comparative is only after the other's
    "than", both ways (what both sides share, "prices" of "prices in Leeds" against "prices in
    York", tells nothing)."""
    said, told = _sides(words, sentence, i), _sides(other, other_sentence, j)
    if said is None or told is None:
        return False
    (before, after), (told_before, told_after) = said, told
    return bool((before - after) & (told_after - told_before)) and bool(
        (after - before) & (told_before - told_after)
    )


def _sides(words: list[Word], sentence: list[int], i: int) -> tuple[set[str], set[str]] | None:
    """The key terms of the ``_SIDE`` content words before ``words[i]`` and of those after the
    "than" that follows it, in its sentence; None when no "than" follows it."""
    here = sentence[i]
    than = next(
        (
            k
            for k in range(i + 1, min(i + 1 + TO_THAN, len(words)))
            if sentence[k] == here and words[k].folded == "than"
        ),
        -1,
    )
    if than < 0:
        return None
    return _terms(words, sentence, i, -1), _terms(words, sentence, than, 1)


def _terms(words: list[Word], sentence: list[int], i: int, step: int) -> set[str]:
    out: set[str] = set()
    k = i + step
    while 0 <= k < len(words) and len(out) < _SIDE and sentence[k] == sentence[i]:
        if words[k].term:
            out.add(words[k].term)
        k += step
    return out
