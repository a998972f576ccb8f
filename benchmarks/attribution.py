"""Attribution benchmark: the engine's verdicts against human labels.

Each row of the data is a claim with the references it was written from and a human label,
"attributable" or "not attributable". Every sentence of the claim cites every reference; the
claim is predicted attributable when no sentence is unsupported. Prints balanced accuracy, TPR
(attributable claims passed) and TNR (non-attributable claims caught), first with key-term
coverage alone, then adding each rule of ``citations.engine.support`` in turn.

    python benchmarks/attribution.py [--data PATH] [--threshold 0.4]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from citations.engine import MAX_PASSAGE_CHARS, MAX_PASSAGES, verify  # noqa: E402
from citations.engine import claims as support  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "attributionbench-dev.jsonl"
_OWN_CITATION_RE = re.compile(r"\s*\[\d+(?:\s*[-\u2013,]\s*\d+)*\]")
STEPS = ("local", "numbers", "number_words", "negation", "names", "name_forms")


def load(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def evidence_of(references: list[str]) -> list[dict]:
    """One passage per reference; a reference over the passage limit is cut into pieces."""
    passages = []
    for ref in references:
        for i in range(0, max(len(ref), 1), MAX_PASSAGE_CHARS):
            passages.append({"text": ref[i : i + MAX_PASSAGE_CHARS]})
    return passages[:MAX_PASSAGES]


def cite_every_sentence(claim: str, n: int) -> str:
    """The claim, without its own numeric markers, with ``[1-n]`` after each sentence."""
    marker = "[1]" if n == 1 else f"[1-{n}]"
    claim = _OWN_CITATION_RE.sub("", claim)  # the claim's own markers number other lists
    spans = [(s.start, s.end) for s in verify(claim, []).sentences]
    pieces, pos = [], 0
    for _start, end in spans:
        pieces.append(claim[pos:end])
        pieces.append(f" {marker}")
        pos = end
    pieces.append(claim[pos:])
    return "".join(pieces)


def score(rows: list[dict], threshold: float) -> tuple[float, float, float]:
    tp = fn = tn = fp = 0
    for row in rows:
        evidence = evidence_of(row["references"])
        text = cite_every_sentence(row["claim"], len(evidence))
        predicted = verify(text, evidence, threshold=threshold).passed
        if row["attribution_label"] == "attributable":
            tp, fn = tp + predicted, fn + (not predicted)
        else:
            fp, tn = fp + predicted, tn + (not predicted)
    tpr = tp / (tp + fn) if tp + fn else 0.0
    tnr = tn / (tn + fp) if tn + fp else 0.0
    return (tpr + tnr) / 2, tpr, tnr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--threshold", type=float, default=0.4)
    args = parser.parse_args()
    if not args.data.exists():
        sys.exit(f"no data at {args.data}; pass --data PATH")
    rows = load(args.data)
    print(f"{len(rows)} claims from {args.data}, threshold {args.threshold}")
    print(f"{'rules':<76} {'balanced':>8} {'TPR':>6} {'TNR':>6} {'time':>7}")
    saved = dict(support.RULES)
    try:
        for k in range(len(STEPS) + 1):
            on = STEPS[:k]
            for name in STEPS:
                support.RULES[name] = name in on
            label = "key terms" + "".join(f" + {name}" for name in on)
            t0 = time.perf_counter()
            balanced, tpr, tnr = score(rows, args.threshold)
            took = time.perf_counter() - t0
            print(f"{label:<76} {balanced:>8.3f} {tpr:>6.3f} {tnr:>6.3f} {took:>6.1f}s")
    finally:
        support.RULES.update(saved)


if __name__ == "__main__":
    main()
