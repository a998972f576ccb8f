"""Byte-identity of the engine's reports: record a corpus of inputs and their reports, check later.

For speed work that must not change a verdict. The corpus: every claim of the attribution dev
file verified as an answer (as ``benchmarks/verdicts.py`` does), the answers of
``benchmarks/engine.py`` at several sizes, the hostile inputs of ``benchmarks/hostile.py``,
seeded random texts mixing citations, legal references, numbers and invisible characters, and
every ``verify()`` call the engine tests make (captured by running them). Each report is
compared as ``json.dumps(report.to_dict(), sort_keys=True)``; a refusal by its message.

    python benchmarks/engine_identity.py --record DIR   # inputs and reports into DIR
    python benchmarks/engine_identity.py --check DIR    # same reports? (exit 1 if not)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import citations.engine as engine  # noqa: E402
from benchmarks.attribution import DEFAULT_DATA, cite_every_sentence, evidence_of, load  # noqa: E402
from citations.engine import RejectedInput  # noqa: E402

BENCH_SIZES = ((5, 2), (50, 10), (400, 40), (2_000, 100))
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


def _random_cases(n: int, seed: int = 11) -> list[dict]:
    rng = random.Random(seed)
    cases = []
    for i in range(n):
        words = [rng.choice(_PIECES) for _ in range(rng.randrange(1, 120))]
        text = " ".join(words) if rng.random() < 0.7 else "".join(words)
        style = rng.choice(("auto", "auto", "numeric", "legal"))
        cases.append({"text": text, "evidence": _EVIDENCE_SETS[i % 2], "style": style})
    return cases


def _bench_cases() -> list[dict]:
    from benchmarks.engine import make_case

    cases = []
    for n_sentences, n_passages in BENCH_SIZES:
        for seed in (7, 8):
            text, passages = make_case(n_sentences, n_passages, seed)
            cases.append({"text": text, "evidence": passages})
    return cases


def _hostile_cases() -> list[dict]:
    from benchmarks.hostile import CASES

    return [{"text": text, "evidence": ev} for _name, (text, ev) in sorted(CASES.items())]


def _attribution_cases() -> list[dict]:
    cases = []
    for row in load(DEFAULT_DATA):
        evidence = evidence_of(row["references"])
        text = cite_every_sentence(row["claim"], len(evidence))
        cases.append({"text": text, "evidence": evidence})
    return cases


def _test_cases() -> list[dict]:
    """Every JSON-able ``verify()`` call of the engine tests (run here, in this process)."""
    import pytest

    calls: list[dict] = []
    real = engine.verify

    def recording(text, evidence, **kwargs):
        with contextlib.suppress(TypeError, ValueError):  # not JSON: not recorded
            calls.append(json.loads(json.dumps({"text": text, "evidence": evidence, **kwargs})))
        return real(text, evidence, **kwargs)

    engine.verify = recording  # the tests import it from the package, after this
    try:
        pytest.main([str(ROOT / "tests" / "engine"), "-q", "-n", "0", "-p", "no:cacheprovider"])
    finally:
        engine.verify = real
    return calls


def outcome(case: dict) -> str:
    kwargs = {k: v for k, v in case.items() if k not in ("text", "evidence")}
    try:
        return json.dumps(engine.verify(case["text"], case["evidence"], **kwargs).to_dict(),
                          sort_keys=True)  # fmt: skip
    except RejectedInput as error:
        return f"RejectedInput: {error}"


def record(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    groups = {
        "tests": _test_cases(),
        "attribution": _attribution_cases(),
        "bench": _bench_cases(),
        "hostile": _hostile_cases(),
        "random": _random_cases(600),
    }
    with (
        (folder / "inputs.jsonl").open("w", encoding="utf-8") as inputs,
        (folder / "reports.jsonl").open("w", encoding="utf-8") as reports,
    ):
        for group, cases in groups.items():
            for case in cases:
                inputs.write(json.dumps({"group": group, **case}) + "\n")
                reports.write(json.dumps(outcome(case)) + "\n")
            print(f"{group}: {len(cases)} recorded")


def check(folder: Path) -> bool:
    counts: dict[str, list[int]] = {}
    with (
        (folder / "inputs.jsonl").open(encoding="utf-8") as inputs,
        (folder / "reports.jsonl").open(encoding="utf-8") as reports,
    ):
        for line, expected in zip(inputs, reports, strict=True):
            case = json.loads(line)
            group = case.pop("group")
            same = outcome(case) == json.loads(expected)
            tally = counts.setdefault(group, [0, 0])
            tally[0 if same else 1] += 1
            if not same and tally[1] <= 3:
                print(f"DIFFERENT ({group}): {case['text'][:80]!r}")
    for group, (same, different) in counts.items():
        print(f"{group}: {same} identical, {different} different")
    return not any(different for _same, different in counts.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--record", type=Path, metavar="DIR")
    mode.add_argument("--check", type=Path, metavar="DIR")
    args = parser.parse_args()
    if args.record:
        record(args.record)
    else:
        sys.exit(0 if check(args.check) else 1)


if __name__ == "__main__":
    main()
