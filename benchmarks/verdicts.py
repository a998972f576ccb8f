"""Record the engine's verdicts on the dev data, or compare them with a recording.

One JSON line per claim: its id, label, source, whether it passed and each sentence's status
(and support, when the engine gives one). With ``--compare`` it prints how many claims and
sentences changed verdict, passed -> flagged and flagged -> passed, by human label.

    python benchmarks/verdicts.py --out /path/before.jsonl
    python benchmarks/verdicts.py --compare /path/before.jsonl [--out /path/after.jsonl]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.attribution import DEFAULT_DATA, cite_every_sentence, evidence_of, load
from citations.engine import verify


def record(rows: list[dict]) -> list[dict]:
    out = []
    for row in rows:
        evidence = evidence_of(row["references"])
        report = verify(cite_every_sentence(row["claim"], len(evidence)), evidence)
        out.append(
            {
                "id": row["id"],
                "label": row["attribution_label"],
                "source": row["src_dataset"],
                "passed": report.passed,
                "sentences": [s.status for s in report.sentences],
                "support": [getattr(s, "support", None) for s in report.sentences],
            }
        )
    return out


def compare(before: list[dict], after: list[dict]) -> None:
    by_id = {r["id"]: r for r in before}
    claims: Counter = Counter()
    sentences: Counter = Counter()
    for new in after:
        old = by_id.get(new["id"])
        if old is None:
            continue
        label = new["label"]
        if old["passed"] != new["passed"]:
            claims[(label, "passed->flagged" if old["passed"] else "flagged->passed")] += 1
        if len(old["sentences"]) != len(new["sentences"]):
            sentences[(label, "split differently")] += 1
            continue
        for a, b in zip(old["sentences"], new["sentences"], strict=True):
            if a != b:
                sentences[(label, f"{a}->{b}")] += 1
    print(f"{len(after)} claims compared")
    print(f"claims changed: {sum(claims.values())}")
    for key in sorted(claims):
        print(f"  {key[0]:<18} {key[1]:<18} {claims[key]}")
    print(f"sentences changed: {sum(sentences.values())}")
    for key in sorted(sentences):
        print(f"  {key[0]:<18} {key[1]:<28} {sentences[key]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", type=Path)
    args = parser.parse_args()
    now = record(load(args.data))
    if args.out:
        with args.out.open("w", encoding="utf-8") as handle:
            for row in now:
                handle.write(json.dumps(row, sort_keys=True) + "\n")
    if args.compare:
        compare(load(args.compare), now)


if __name__ == "__main__":
    main()
