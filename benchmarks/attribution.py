"""Attribution benchmark: the engine's verdicts against human labels.

Each row of the data is a claim with the references it was written from and a human label,
"attributable" or "not attributable". Every sentence of the claim cites every reference; the
claim is predicted attributable when no sentence is unsupported. Prints the shipped model's
in-sample figures, then the cross-validated ones (the model refitted on each training fold, as
``benchmarks/fit_support.py`` does): balanced accuracy, macro-F1, TPR (attributable claims
passed), TNR (non-attributable claims caught), per source, and the confusion matrix. Last,
leave-one-source-out: the model fitted on three sources (``src_dataset``) and its cut chosen
on them, scored on the fourth, for each source in turn; how well the fit carries to text
it has never seen, which the shuffled folds (every source in every fold) do not say.

    python benchmarks/attribution.py [--data PATH] [--threshold CUT]
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

from citations.engine import (  # noqa: E402
    DEFAULT_THRESHOLD,
    MAX_PASSAGE_CHARS,
    MAX_PASSAGES,
    verify,
)
from citations.engine.support import model as support  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared" / "data" / "attributionbench-dev.jsonl"
_OWN_CITATION_RE = re.compile(r"\s*\[\d+(?:\s*[-\u2013,]\s*\d+)*\]")


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


def strip_own_markers(claim: str) -> str:
    """The claim without its own numeric markers: they number other lists than our passages."""
    return _OWN_CITATION_RE.sub("", claim)


def cite_every_sentence(claim: str, n: int) -> str:
    """The claim, without its own numeric markers, with ``[1-n]`` after each sentence."""
    marker = "[1]" if n == 1 else f"[1-{n}]"
    claim = strip_own_markers(claim)
    spans = [(s.start, s.end) for s in verify(claim, []).sentences]
    pieces, pos = [], 0
    for _start, end in spans:
        pieces.append(claim[pos:end])
        pieces.append(f" {marker}")
        pos = end
    pieces.append(claim[pos:])
    return "".join(pieces)


def loso_splits(rows: list) -> list[tuple[str, list, list]]:
    """(held-out source, training rows, held-out rows) for each source, sorted by name."""
    sources = sorted({r.source for r in rows})
    return [
        (held, [r for r in rows if r.source != held], [r for r in rows if r.source == held])
        for held in sources
    ]


def leave_one_source_out(rows: list) -> dict[str, dict[str, float]]:
    """Held-out figures per source, the model refitted (weights and cut) without that source."""
    from benchmarks.fit_support import best_cut, figures, fit, predict

    out = {}
    for held, train, test in loso_splits(rows):
        weights, intercept = fit(train)
        cut = best_cut(train, weights, intercept)
        out[held] = figures([(r.label, predict(r, weights, intercept, cut)) for r in test])
    return out


def report_loso(per_source: dict[str, dict[str, float]]) -> None:
    print("leave-one-source-out (fitted on the other three sources, scored on this one):")
    for source, f in per_source.items():
        n = f["tp"] + f["fn"] + f["tn"] + f["fp"]
        print(
            f"  {source:<20} n={n:<4} balanced {f['balanced']:.3f}  "
            f"TPR {f['tpr']:.3f}  TNR {f['tnr']:.3f}"
        )
    mean = {
        k: sum(f[k] for f in per_source.values()) / len(per_source)
        for k in ("balanced", "tpr", "tnr")
    }
    print(
        f"  {'mean over sources':<26} balanced {mean['balanced']:.3f}  "
        f"TPR {mean['tpr']:.3f}  TNR {mean['tnr']:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    args = parser.parse_args()
    if not args.data.exists():
        sys.exit(f"no data at {args.data}; pass --data PATH")
    # Imported here: fit_support imports this module's helpers.
    from benchmarks.fit_support import cross_validate, figures, predict, report, rows_of

    t0 = time.perf_counter()
    rows = rows_of(load(args.data))
    took = time.perf_counter() - t0
    print(f"{len(rows)} claims from {args.data} ({took:.1f}s through the engine)")
    weights = [support.WEIGHTS[name] for name in support.FEATURES]
    f = figures([(r.label, predict(r, weights, support.INTERCEPT, args.threshold)) for r in rows])
    print(
        f"shipped model, cut {args.threshold} (in-sample, says little): balanced "
        f"{f['balanced']:.3f}  macro-F1 {f['macro_f1']:.3f}  TPR {f['tpr']:.3f}  TNR {f['tnr']:.3f}"
    )
    report(*cross_validate(rows))
    report_loso(leave_one_source_out(rows))


if __name__ == "__main__":
    main()
