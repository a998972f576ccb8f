"""Time budgets for hostile input, against one ``re.findall(r"\\w+")`` pass, same run.

The unit suite (``tests/engine/test_hostile.py``) checks these inputs give a report or a named
refusal; wall-clock budgets live here, where a busy machine cannot fail the suite. Each line:
the best of 3 runs, the findall pass over the same text and passages, and the budget verdict.

    python benchmarks/hostile.py
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


from citations.engine import MAX_CITATION_LINKS, RejectedInput, verify  # noqa: E402
from tests.engine.test_hostile import EV, HOSTILE  # noqa: E402

WORD_RE = re.compile(r"\w+")
BUDGET_S = 1.0
LONG = " ".join(f"term{i} {i}" for i in range(6000))[:90_000] + " [1-200]" * 48 + "."
CASES = {
    **{name: (text, EV) for name, text in HOSTILE.items()},
    "links at the limit": (
        "Employees get leave [1-200]. " * (MAX_CITATION_LINKS // 200),
        [{"text": "leave " * 8_000}] * 200,
    ),
    "wide range repeated": (LONG, [{"text": f"term{i} {i} and more"} for i in range(200)]),
}
BUDGETS_S = {"links at the limit": 3.0, "wide range repeated": 2.0}


def best(fn, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def run(text: str, evidence: list[dict]) -> None:
    with contextlib.suppress(RejectedInput):
        verify(text, evidence).to_dict()


def main() -> None:
    over = 0
    print(f"{'input':<22} {'verify s':>9} {'findall s':>9} {'ratio':>7} {'budget':>7}")
    for name in sorted(CASES):
        text, evidence = CASES[name]
        t = best(lambda text=text, evidence=evidence: run(text, evidence))
        parts = [text, *(p["text"] for p in evidence)]
        base = best(lambda parts=parts: [WORD_RE.findall(p) for p in parts])
        budget = BUDGETS_S.get(name, BUDGET_S)
        ok = t < budget
        over += not ok
        print(f"{name:<22} {t:>9.3f} {base:>9.4f} {t / base:>6.0f}x {'ok' if ok else 'OVER':>7}")
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
