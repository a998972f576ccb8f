"""A relation spread over a list: the mentions before a list and its later items."""

import pytest

from citations.engine.support.contradiction.exchange import Mention
from citations.engine.support.contradiction.spread import spread
from citations.engine.text.words import words_of


def spread_names(text: str) -> list[tuple[str, str, str]]:
    """Each (mention, later item, first item) spread, every capitalised run a mention."""
    words = words_of(text)
    mentions, i = [], 0
    while i < len(words):
        if words[i].text[:1].isupper():
            last = i
            while last + 1 < len(words) and words[last + 1].text[:1].isupper():
                if text[words[last].end : words[last + 1].start].strip():
                    break
                last += 1
            mentions.append(Mention(i, last, frozenset(w.folded for w in words[i : last + 1])))
            i = last + 1
        else:
            i += 1

    def name(m: Mention) -> str:
        return " ".join(w.text for w in words[m.first : m.last + 1])

    return [(name(a), name(b), words[at].text) for a, b, at in spread(text, words, mentions, 12)]


def test_a_mention_before_a_list_relates_to_each_later_item():
    assert spread_names("Britain includes England, Scotland, Wales, and Northern Ireland.") == [
        ("Britain", "Scotland", "England"),
        ("Britain", "Wales", "England"),
        ("Britain", "Northern Ireland", "England"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        # after "Italy" a clause of its own
        "France beat Spain, and Italy beat Germany.",
        # no "and" before the last: a name in apposition
        "Lyon beat Paris, France.",
        # a comma between the mention and the list: another clause
        "In France, Spain, Italy and Germany met.",
    ],
)
def test_no_list_or_a_list_of_another_clause_spreads_nothing(text):
    assert spread_names(text) == []
