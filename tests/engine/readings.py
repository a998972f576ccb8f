"""What the contradiction readings' tests share: a reading's findings as the quoted spans."""

from collections.abc import Callable

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
