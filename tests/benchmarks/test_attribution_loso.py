"""Leave-one-source-out splits of benchmarks/attribution.py (hand-made rows, no data, no DB)."""

from benchmarks.attribution import loso_splits
from benchmarks.fit_support import Row

SOURCES = ["ExpertQA", "LFQA", "AttributedQA", "Stanford-GenSearch"]


def rows() -> list[Row]:
    return [Row(i % 2, SOURCES[i % 4], [([0.5], False)]) for i in range(23)]


def test_a_source_is_never_in_both_train_and_test():
    data = rows()
    splits = loso_splits(data)
    assert [held for held, _, _ in splits] == sorted(SOURCES)
    for held, train, test in splits:
        assert {r.source for r in test} == {held}
        assert held not in {r.source for r in train}
        assert len(train) + len(test) == len(data)
        assert {id(r) for r in train}.isdisjoint({id(r) for r in test})
