"""The golden corpus's inputs, by group (see ``benchmarks/golden.py``).

``tests``: every JSON-able ``verify()`` call the engine tests make (captured by running them);
``hostile``: the inputs of ``benchmarks/hostile.py``; ``random``: seeded texts mixing citations,
legal references, numbers and invisible characters; ``bench``: the small answers of
``benchmarks/engine.py``. These are committed. ``attribution``: every claim of the
AttributionBench dev file verified as an answer (as ``benchmarks/attribution.py`` does), derived
from ``../shared/data`` each time instead of committing its evidence.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import citations.engine as engine  # noqa: E402
from benchmarks.attribution import DEFAULT_DATA, cite_every_sentence, evidence_of, load  # noqa: E402

BENCH_SIZES = ((5, 2), (50, 10))
_PIECES = (
    "Employees", "get", "30", "days", "of", "leave", "[1]", "[2]", "[1-3]", "[1,]", "[2, 3]",
    "[1\u200b]", "\uff3b\uff11\uff3d", "[99]", "§ 823 BGB", "Art. 5(1)(a) GDPR", "Article 6",
    "Section 12",
    "[GDPR, Art. 5]", "[Labour Law, Art. 30]", "(Art. 17 GDPR)", "Dr.", "It is", "four", "14",
    "150 percent", "not", "FEC", "Federal Election Commission", "TiO2", ".", ".", "!", "?",
    "\n", "\n- ", "1.", "Madrid", "university", "overtime", "annual", "wage", "\u00ad", "\u2060",
    "\u202e", "[", "]", "(1)", "l'employé", "Straße", "e.g.", "3.5", "2024", "USD 1,000",
)  # fmt: skip
_EVIDENCE_SETS = (
    [
        {"text": "Employees are entitled to 30 days of paid annual leave each year."},
        {"text": "Overtime work is paid at 150 percent of the normal hourly wage.", "title": "Pay"},
        {"text": "The Federal Election Commission (FEC) met in Madrid. TiO-2 is white. Four."},
    ],
    [
        {"text": "Employees are entitled to 30 days of annual leave.", "law": "Labour Law",
         "article": "30", "title": "Annual leave"},
        {"text": "Personal data shall be processed lawfully, fairly and transparently.",
         "law": "GDPR", "article": "5", "paragraph": "1", "point": "a",
         "law_aliases": ["General Data Protection Regulation"]},
        {"text": "Whoever unlawfully injures the life of another person is liable.",
         "law": "BGB", "article": "§ 823"},
    ],
)  # fmt: skip


def random_cases(n: int = 600, seed: int = 11) -> list[dict]:
    rng = random.Random(seed)
    cases = []
    for i in range(n):
        words = [rng.choice(_PIECES) for _ in range(rng.randrange(1, 120))]
        text = " ".join(words) if rng.random() < 0.7 else "".join(words)
        style = rng.choice(("auto", "auto", "numeric", "legal"))
        cases.append({"text": text, "evidence": _EVIDENCE_SETS[i % 2], "style": style})
    return cases


def bench_cases() -> list[dict]:
    from benchmarks.engine import make_case

    cases = []
    for n_sentences, n_passages in BENCH_SIZES:
        for seed in (7, 8):
            text, passages = make_case(n_sentences, n_passages, seed)
            cases.append({"text": text, "evidence": passages})
    return cases


def hostile_cases() -> list[dict]:
    from benchmarks.hostile import CASES

    return [{"text": text, "evidence": ev} for _name, (text, ev) in sorted(CASES.items())]


def attribution_cases(path: Path = DEFAULT_DATA) -> list[dict]:
    cases = []
    for row in load(path):
        evidence = evidence_of(row["references"])
        text = cite_every_sentence(row["claim"], len(evidence))
        cases.append({"text": text, "evidence": evidence})
    return cases


def test_cases() -> list[dict]:
    """Every distinct JSON-able ``verify()`` call of the engine tests (run here, in this
    process, the golden test itself aside), in the order first made."""
    import pytest

    calls: dict[str, dict] = {}
    real = engine.verify

    def recording(text, evidence, **kwargs):
        with contextlib.suppress(TypeError, ValueError):  # not JSON: not recorded
            key = json.dumps({"text": text, "evidence": evidence, **kwargs}, sort_keys=True)
            calls.setdefault(key, json.loads(key))
        return real(text, evidence, **kwargs)

    engine.verify = recording  # the tests import it from the package, after this
    try:
        pytest.main(
            [
                str(ROOT / "tests" / "engine"),
                "--ignore",
                str(ROOT / "tests" / "engine" / "test_golden_reports.py"),
                "-q",
                "-n",
                "0",
                "-p",
                "no:cacheprovider",
            ]
        )
    finally:
        engine.verify = real
    return list(calls.values())


def committed_groups() -> dict[str, list[dict]]:
    """The groups whose inputs are committed, by name, freshly generated; a case in two
    groups (the hostile tests' inputs) only in the first."""
    groups = {
        "tests": test_cases(),
        "hostile": hostile_cases(),
        "random": random_cases(),
        "bench": bench_cases(),
    }
    seen: set[str] = set()
    for name, cases in groups.items():
        keys = [json.dumps(case, sort_keys=True) for case in cases]
        groups[name] = [case for case, key in zip(cases, keys, strict=True) if key not in seen]
        seen.update(keys)
    return groups
