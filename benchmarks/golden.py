"""Golden reports: a committed corpus of inputs and what the engine reported for each.

A verdict change fails ``make test`` (``tests/engine/test_golden_reports.py``) until the corpus
is regenerated, in a commit that lists the changes this prints. Inputs: see
``benchmarks/golden_cases.py``; the dev claims are derived from ``../shared/data`` (skipped,
saying so, where it is absent or not the file the model pins). Stored per case, keyed by the
sha256 of its input: the sha256 of ``json.dumps(report.to_dict(), sort_keys=True)`` (a refusal:
of its message), each sentence's status as one letter, and each sentence's reason, so that a
change prints old and new.

    python benchmarks/golden.py               # check: print what changed (exit 1 if anything)
    python benchmarks/golden.py --regenerate  # rewrite the reports, print what changed
    python benchmarks/golden.py --regenerate --recapture   # also rebuild the inputs
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import golden_cases  # noqa: E402
from benchmarks.attribution import DEFAULT_DATA  # noqa: E402
from benchmarks.fit_support import data_problem  # noqa: E402
from citations.engine import RejectedInput, verify  # noqa: E402

FOLDER = ROOT / "tests" / "engine" / "golden"
INPUTS = FOLDER / "inputs.jsonl.gz"
REPORTS = FOLDER / "reports.jsonl"
LETTERS = {"verified": "v", "unsupported": "u", "uncited": "c", "neutral": "n"}
STATUSES = {letter: status for status, letter in LETTERS.items()}
REFUSED = "!"
SHOWN = 25
REASONS_UP_TO = 50
"""Reasons are stored for cases of up to this many sentences (all but a few huge ones)."""
"""Changed cases printed in full by a check (a regeneration prints them all)."""


def case_id(case: dict) -> str:
    return hashlib.sha256(json.dumps(case, sort_keys=True).encode()).hexdigest()[:16]


@dataclass
class Outcome:
    """One case's report as stored, and (not stored) its sentences' text for printing."""

    group: str
    case: str
    sha256: str
    statuses: str
    reasons: list[str]
    texts: list[str] = field(default_factory=list)

    def stored(self) -> dict:
        small = len(self.statuses) <= REASONS_UP_TO
        return {
            "group": self.group,
            "case": self.case,
            "sha256": self.sha256,
            "statuses": self.statuses,
            "reasons": self.reasons if small else None,
        }


def outcome(group: str, case: dict) -> Outcome:
    kwargs = {k: v for k, v in case.items() if k not in ("text", "evidence")}
    try:
        report = verify(case["text"], case["evidence"], **kwargs)
    except RejectedInput as error:
        refusal = f"RejectedInput: {error}"
        digest = hashlib.sha256(refusal.encode()).hexdigest()
        return Outcome(group, case_id(case), digest, REFUSED, [refusal], [case["text"][:80]])
    dumped = json.dumps(report.to_dict(), sort_keys=True)
    return Outcome(
        group,
        case_id(case),
        hashlib.sha256(dumped.encode()).hexdigest(),
        "".join(LETTERS[s.status] for s in report.sentences),
        [s.reason for s in report.sentences],
        [s.text for s in report.sentences],
    )


def load_inputs() -> dict[str, list[dict]]:
    groups: dict[str, list[dict]] = {}
    with gzip.open(INPUTS, "rt", encoding="utf-8") as handle:
        for line in handle:
            case = json.loads(line)
            groups.setdefault(case.pop("group"), []).append(case)
    return groups


def load_reports() -> dict[str, dict]:
    with REPORTS.open(encoding="utf-8") as handle:
        return {entry["case"]: entry for entry in map(json.loads, handle)}


def run(groups: dict[str, list[dict]]) -> tuple[list[Outcome], list[str]]:
    """Every case's outcome, the dev claims' included when their data is there; and what was
    skipped, worded."""
    outcomes = [outcome(g, case) for g, cases in groups.items() for case in cases]
    problem = data_problem(DEFAULT_DATA)
    if problem:
        return outcomes, [f"attribution group skipped: {problem}"]
    attribution = golden_cases.attribution_cases(DEFAULT_DATA)
    return outcomes + [outcome("attribution", case) for case in attribution], []


def _sentence_changes(old: dict, new: Outcome) -> list[str]:
    lines = []
    if len(old["statuses"]) != len(new.statuses):
        return [
            f"  {len(old['statuses'])} -> {len(new.statuses)} sentences: "
            f"{old['statuses']} -> {new.statuses}"
        ]
    old_reasons = old["reasons"] or ["(not stored for a case this long)"] * len(new.reasons)
    pairs = zip(old["statuses"], new.statuses, old_reasons, new.reasons, strict=True)
    for i, (was, now, old_reason, new_reason) in enumerate(pairs):
        if was == now and (old_reason == new_reason or old["reasons"] is None):
            continue
        head = f"  sentence {i} {new.texts[i][:90]!r}:"
        if was != now:
            head += f" {STATUSES.get(was, 'refused')} -> {STATUSES.get(now, 'refused')}"
        else:
            head += " reason reworded"
        lines += [head, f"    old: {old_reason}", f"    new: {new_reason}"]
    return lines or ["  same statuses and reasons; support, signals or citations differ"]


@dataclass
class Changes:
    lines: list[str]
    changed: int
    skipped: list[str]

    def text(self) -> str:
        return "\n".join(self.lines)


def compare(stored: dict[str, dict], outcomes: list[Outcome], shown: int | None) -> Changes:
    """What differs between the stored reports and ``outcomes``, case by case (the first
    ``shown`` in full; all when None), then counts per group."""
    lines: list[str] = []
    tally: dict[str, Counter] = {}
    detailed = 0
    seen = set()
    for new in outcomes:
        seen.add(new.case)
        count = tally.setdefault(new.group, Counter())
        old = stored.get(new.case)
        if old is not None and old["sha256"] == new.sha256:
            count["identical"] += 1
            continue
        count["new" if old is None else "changed"] += 1
        if old is not None:
            for was, now in zip(old["statuses"], new.statuses, strict=False):
                if was != now:
                    count[f"{STATUSES.get(was, 'refused')} -> {STATUSES.get(now, 'refused')}"] += 1
        if shown is not None and detailed >= shown:
            continue
        detailed += 1
        text = new.texts[0][:70] if new.texts else ""
        lines.append(f"{new.group} case {new.case} ({text!r}...):")
        lines += ["  new case"] if old is None else _sentence_changes(old, new)
    for entry in stored.values():
        if entry["case"] not in seen:
            tally.setdefault(entry["group"], Counter())["removed"] += 1
    differing = sum(c["changed"] + c["new"] for c in tally.values())
    if differing > detailed:
        lines.append(f"... and {differing - detailed} more changed cases")
    first = ("identical", "changed", "new", "removed")
    for group, count in tally.items():
        order = [*first, *sorted(set(count) - set(first))]
        lines.append(f"{group}: " + ", ".join(f"{count[w]} {w}" for w in order if count[w]))
    return Changes(lines, differing + sum(c["removed"] for c in tally.values()), [])


def check() -> Changes:
    outcomes, skipped = run(load_inputs())
    stored = load_reports()
    if skipped:  # the stored dev claims cannot be compared: not "removed"
        stored = {k: v for k, v in stored.items() if v["group"] != "attribution"}
    changes = compare(stored, outcomes, SHOWN)
    changes.skipped = skipped
    return changes


def regenerate(recapture: bool) -> Changes:
    """Rewrite the reports (and with ``recapture`` the inputs); what changed, every case."""
    groups = golden_cases.committed_groups() if recapture else load_inputs()
    outcomes, skipped = run(groups)
    stored = load_reports() if REPORTS.exists() else {}
    kept = [v for v in stored.values() if skipped and v["group"] == "attribution"]
    changes = compare(
        {k: v for k, v in stored.items() if not (skipped and v["group"] == "attribution")},
        outcomes,
        None,
    )
    changes.skipped = skipped + ["its stored reports are kept as they were"] * bool(skipped)
    FOLDER.mkdir(parents=True, exist_ok=True)
    if recapture:
        with gzip.GzipFile(INPUTS, "wb", mtime=0) as raw:  # mtime 0: the same bytes again
            for group, cases in groups.items():
                for case in cases:
                    raw.write((json.dumps({"group": group, **case}) + "\n").encode())
    with REPORTS.open("w", encoding="utf-8") as handle:
        for entry in [*(o.stored() for o in outcomes), *kept]:
            handle.write(json.dumps(entry, ensure_ascii=False) + "\n")
    return changes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regenerate", action="store_true", help="rewrite the stored reports")
    parser.add_argument(
        "--recapture", action="store_true", help="with --regenerate: rebuild the inputs too"
    )
    args = parser.parse_args()
    if args.recapture and not args.regenerate:
        parser.error("--recapture rebuilds the corpus: use it with --regenerate")
    changes = regenerate(args.recapture) if args.regenerate else check()
    for line in [*changes.skipped, *changes.lines]:
        print(line)
    if args.regenerate:
        print(f"written {REPORTS.relative_to(ROOT)}: commit it with the changes above")
    sys.exit(1 if changes.changed and not args.regenerate else 0)


if __name__ == "__main__":
    main()
