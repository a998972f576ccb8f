"""What the contradiction readings' tests share: a reading's findings as the quoted spans, and a
sentence verified against one region alone."""

from collections.abc import Callable

from citations.engine import verify
from citations.engine.text.words import words_of


def quoted(found, sentence: str, region: str, kind: str) -> list[tuple[str, str]]:
    """Each finding as (its sentence span, its region span), all of ``kind``."""
    assert all(f.kind == kind for f in found)
    return [
        (sentence[f.sentence_start : f.sentence_end], region[f.region_start : f.region_end])
        for f in found
    ]


def quoting(find, kind: str) -> Callable[[str, str], list[tuple[str, str]]]:
    """A reading's ``find`` as a function of the sentence and the region alone: what it quotes
    on each side, all of ``kind``."""

    def read(sentence: str, region: str) -> list[tuple[str, str]]:
        found = find(sentence, words_of(sentence), region, words_of(region))
        return quoted(found, sentence, region, kind)

    return read


def cited_alone(sentence: str, region: str):
    """The sentence, citing [1] in place of its full stop, verified against the region as its
    only passage: its one result."""
    [result] = verify(sentence[:-1] + " [1].", [{"text": region}]).sentences
    return result
