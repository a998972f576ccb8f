"""Sentence diff of a revision against the previous one, worst cases within the limits.

A 12,000-line, 48 KB answer (inside every limit) and one revision of it, in several shapes:
one sentence repeated, two alternating, a small vocabulary, and all sentences distinct. The
reports come from the engine, as stored. Prints, for each shape, the best of a few runs of the
alignment computed when the revision is stored and of the walk a view does with it, next to a
baseline measured in the same run: one pass hashing every sentence text of both reports (the
least any diff must do). Target: the alignment under 100 ms for every shape.

    python benchmarks/revision_diff.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from citations.domain.diff import sentence_alignment, sentence_diff
from citations.engine import MAX_TEXT_CHARS, verify

LINES = 12_000
TARGET_MS = 100.0
RUNS = 5
EVIDENCE = [{"text": "Employees get 30 days of paid annual leave."}]
SHAPES = {
    "one sentence repeated": lambda i: "Ok.",
    "two alternating": lambda i: "Ok." if i % 2 else "No.",
    "small vocabulary": lambda i: f"S{i % 7}.",
    "all distinct": lambda i: f"{i:x}.",
}


def reports(line) -> tuple[dict, dict]:
    lines = [line(i) for i in range(LINES)]
    old = "\n".join(lines) + "\n"
    lines[LINES // 2] = "Changed."
    new = "\n".join(reversed(lines)) + "\n"  # the worst revision: every line moved
    assert len(old) <= MAX_TEXT_CHARS and len(new) <= MAX_TEXT_CHARS
    return verify(old, EVIDENCE).to_dict(), verify(new, EVIDENCE).to_dict()


def best_ms(fn) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> int:
    worst = 0.0
    print(f"{LINES:,} lines per answer; best of {RUNS} runs")
    print(
        f"{'shape':24} {'sentences':>9} {'align ms':>9} {'walk ms':>8} {'base ms':>8} {'ratio':>6}"
    )
    for name, line in SHAPES.items():
        old, new = reports(line)
        alignment = sentence_alignment(old, new)
        align = best_ms(lambda: sentence_alignment(old, new))  # noqa: B023
        walk = best_ms(lambda: sentence_diff(old, new, alignment))  # noqa: B023
        base = best_ms(
            lambda: [hash(s["text"]) for s in old["sentences"] + new["sentences"]]  # noqa: B023
        )
        worst = max(worst, align, walk)
        sentences = len(old["sentences"])
        figures = f"{align:>9.1f} {walk:>8.1f} {base:>8.2f} {align / base:>6.1f}"
        print(f"{name:24} {sentences:>9,} {figures}")
    verdict = "PASS" if worst < TARGET_MS else "FAIL"
    print(f"worst {worst:.1f} ms, target < {TARGET_MS:.0f} ms: {verdict}")
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
