"""Fit the support model, ``citations/engine/data/support_model.json``, and cross-validate it.

Features come from the engine itself (``SentenceResult.signals``) on the AttributionBench dev
split only: each claim cites all of its references (as ``benchmarks/attribution.py`` does); a
claim is predicted attributable when every cited sentence reaches the cut, or is anchored
(``support.anchor``), and nothing the verdict rule (``verdict.rules.holds``) weighs besides the
score forbids it (a citation that does not resolve, a number its passages lack, no key terms).
The model is an L2-regularised logistic regression fitted by Newton's method in pure Python;
the cut is the support that maximises balanced accuracy on the training rows.

Prints 5-fold x 5-repeat cross-validated balanced accuracy, macro-F1, TPR and TNR, the lowest
and highest repeat's balanced accuracy (how much the shuffles alone move it), per-source
figures and the confusion matrix (pooled over the held-out folds of the first repeat), then
writes the model fitted on all rows. Fixed seeds and rounded coefficients: a rerun regenerates
the file byte for byte. The model file pins the data file's sha256: another file is refused
(``--new-data`` fits on it and pins it instead). ``--check`` writes nothing and fails unless
the file it would write is the committed one (``make test`` runs it:
tests/benchmarks/test_support_model.py).

    python benchmarks/fit_support.py [--data PATH] [--check | --new-data]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.attribution import DEFAULT_DATA, cite_every_sentence, evidence_of, load  # noqa: E402
from citations.engine import verify  # noqa: E402
from citations.engine.support.model import FEATURES  # noqa: E402

MODEL = ROOT / "citations" / "engine" / "data" / "support_model.json"
FOLDS = 5
REPEATS = 5
SEED = 2026
L2 = 1.0
DIGITS = 3
CUTS = [round(0.01 * i, 2) for i in range(5, 96)]


class Row:
    """One claim: its label, source, and per cited sentence the signals, whether a veto
    forbids it and whether the anchor verifies it whatever its score."""

    __slots__ = ("label", "sentences", "source")

    def __init__(self, label: int, source: str, sentences: list[tuple[list[float], bool, bool]]):
        self.label = label
        self.source = source
        self.sentences = sentences


def rows_of(data: list[dict]) -> list[Row]:
    rows = []
    for item in data:
        evidence = evidence_of(item["references"])
        # The verdict rule (verdict.rules.holds) asked at both ends, whatever a refitted model
        # scores: at a cut of 0 every score reaches it, so a sentence still unsupported is
        # forbidden (a veto, no key terms); at a cut of 1 none does, so a sentence verified
        # all the same is anchored.
        text = cite_every_sentence(item["claim"], len(evidence))
        lowest = verify(text, evidence, threshold=0.0).sentences
        highest = verify(text, evidence, threshold=1.0).sentences
        sentences = [
            ([s.signals[f] for f in FEATURES], s.status == "unsupported", h.status == "verified")
            for s, h in zip(lowest, highest, strict=True)
            if s.signals is not None
        ]
        label = int(item["attribution_label"] == "attributable")
        rows.append(Row(label, item["src_dataset"], sentences))
    return rows


def _training_vector(row: Row) -> list[float]:
    # A claim's label speaks for its weakest sentence: the one with the least coverage.
    return min(row.sentences, key=lambda s: s[0][0])[0]


def fit(rows: list[Row]) -> tuple[list[float], float]:
    """Weights (on the raw features) and intercept, by Newton's method on standardised ones."""
    xs = [_training_vector(r) for r in rows if r.sentences]
    ys = [r.label for r in rows if r.sentences]
    k = len(FEATURES)
    means = [sum(x[j] for x in xs) / len(xs) for j in range(k)]
    stds = [math.sqrt(sum((x[j] - means[j]) ** 2 for x in xs) / len(xs)) or 1.0 for j in range(k)]
    zs = [[1.0] + [(x[j] - means[j]) / stds[j] for j in range(k)] for x in xs]
    beta = [0.0] * (k + 1)
    for _ in range(30):
        grad = [0.0] * (k + 1)
        hess = [[0.0] * (k + 1) for _ in range(k + 1)]
        for z, y in zip(zs, ys, strict=True):
            p = _sigmoid(sum(b * v for b, v in zip(beta, z, strict=True)))
            w = p * (1 - p)
            for a in range(k + 1):
                grad[a] += (y - p) * z[a]
                for b in range(k + 1):
                    hess[a][b] += w * z[a] * z[b]
        for a in range(1, k + 1):  # no penalty on the intercept
            grad[a] -= L2 * beta[a]
            hess[a][a] += L2
        step = _solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(map(abs, step)) < 1e-10:
            break
    weights = [beta[j + 1] / stds[j] for j in range(k)]
    intercept = beta[0] - sum(weights[j] * means[j] for j in range(k))
    return [round(w, DIGITS) for w in weights], round(intercept, DIGITS)


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small and well conditioned)."""
    n = len(b)
    m = [[*row[:], b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def support(vector: list[float], weights: list[float], intercept: float) -> float:
    """As ``citations.engine.support.model.score`` computes it, rounding included."""
    z = intercept + sum(w * v for w, v in zip(weights, vector, strict=True))
    return round(_sigmoid(z), 3)


def predict(row: Row, weights: list[float], intercept: float, cut: float) -> int:
    return int(
        all(
            not veto and (anchored or support(vector, weights, intercept) >= cut)
            for vector, veto, anchored in row.sentences
        )
    )


def figures(pairs: list[tuple[int, int]]) -> dict[str, float]:
    """Balanced accuracy, macro-F1, TPR, TNR and the confusion counts of (label, predicted)."""
    c = Counter(pairs)
    tp, fn, tn, fp = c[(1, 1)], c[(1, 0)], c[(0, 0)], c[(0, 1)]
    tpr = tp / (tp + fn) if tp + fn else 0.0
    tnr = tn / (tn + fp) if tn + fp else 0.0
    f1_pos = 2 * tp / (2 * tp + fp + fn) if tp else 0.0
    f1_neg = 2 * tn / (2 * tn + fn + fp) if tn else 0.0
    return {
        "balanced": (tpr + tnr) / 2,
        "macro_f1": (f1_pos + f1_neg) / 2,
        "tpr": tpr,
        "tnr": tnr,
        "tp": tp,
        "fn": fn,
        "tn": tn,
        "fp": fp,
    }


def best_cut(rows: list[Row], weights: list[float], intercept: float) -> float:
    scored = [
        (cut, figures([(r.label, predict(r, weights, intercept, cut)) for r in rows]))
        for cut in CUTS
    ]
    return max(scored, key=lambda s: (round(s[1]["balanced"], 6), -s[0]))[0]


def cross_validate(rows: list[Row]) -> tuple[dict[str, float], list[tuple[Row, int]]]:
    """Mean held-out figures over the folds, and the first repeat's held-out predictions."""
    per_fold = []
    first: list[tuple[Row, int]] = []
    for repeat in range(REPEATS):
        order = list(range(len(rows)))
        random.Random(SEED + repeat).shuffle(order)
        for fold in range(FOLDS):
            held = [rows[i] for i in order[fold::FOLDS]]
            train = [rows[i] for j, i in enumerate(order) if j % FOLDS != fold]
            weights, intercept = fit(train)
            cut = best_cut(train, weights, intercept)
            predicted = [(r, predict(r, weights, intercept, cut)) for r in held]
            per_fold.append(figures([(r.label, p) for r, p in predicted]))
            if repeat == 0:
                first += predicted
    mean = {k: sum(f[k] for f in per_fold) / len(per_fold) for k in per_fold[0]}
    # How far the shuffles alone move the figure: a feature's gain well within it may be noise.
    by_repeat = [_mean_balanced(per_fold[r * FOLDS : (r + 1) * FOLDS]) for r in range(REPEATS)]
    mean["balanced_lowest_repeat"] = min(by_repeat)
    mean["balanced_highest_repeat"] = max(by_repeat)
    return mean, first


def _mean_balanced(folds: list[dict[str, float]]) -> float:
    return sum(f["balanced"] for f in folds) / len(folds)


def report(mean: dict[str, float], first: list[tuple[Row, int]]) -> None:
    print(f"cross-validated ({FOLDS}-fold x {REPEATS}), mean over folds:")
    print(
        f"  balanced {mean['balanced']:.3f}  macro-F1 {mean['macro_f1']:.3f}  "
        f"TPR {mean['tpr']:.3f}  TNR {mean['tnr']:.3f}"
    )
    print(
        f"  balanced per repeat (one shuffle's 5 folds) from {mean['balanced_lowest_repeat']:.3f}"
        f" to {mean['balanced_highest_repeat']:.3f} (the shuffles alone move it this much)"
    )
    print("per source (held-out predictions of the first repeat):")
    for source in sorted({r.source for r, _ in first}):
        f = figures([(r.label, p) for r, p in first if r.source == source])
        n = f["tp"] + f["fn"] + f["tn"] + f["fp"]
        print(
            f"  {source:<20} n={n:<4} balanced {f['balanced']:.3f}  macro-F1 "
            f"{f['macro_f1']:.3f}  TPR {f['tpr']:.3f}  TNR {f['tnr']:.3f}"
        )
    f = figures([(r.label, p) for r, p in first])
    print("confusion matrix (first repeat, held out): rows = human label, columns = predicted")
    print(f"  {'':<18} {'passed':>8} {'flagged':>8}")
    print(f"  {'attributable':<18} {f['tp']:>8} {f['fn']:>8}")
    print(f"  {'not attributable':<18} {f['fp']:>8} {f['tn']:>8}")


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def data_problem(path: Path, new_data: bool = False) -> str:
    """Why ``path`` cannot be fitted on ("" when it can): absent, or not the pinned file."""
    if not path.exists():
        return (
            f"no data at {path}: pass --data PATH, the AttributionBench dev split the model "
            "was fitted on (its sha256 is pinned in " + str(MODEL.relative_to(ROOT)) + ")"
        )
    pinned = json.loads(MODEL.read_text(encoding="utf-8")).get("data_sha256")
    if new_data or pinned == (actual := sha256_of(path)):
        return ""
    return (
        f"{path} (sha256 {actual}) is not the file the model was fitted on (sha256 {pinned}): "
        "pass that one with --data, or --new-data to fit on this one and pin it"
    )


def model_text(data: Path) -> str:
    """The model file fitted on ``data``, cross-validation figures included, printing them."""
    rows = rows_of(load(data))
    print(f"{len(rows)} claims from {data.name}; features: {', '.join(FEATURES)}")
    mean, first = cross_validate(rows)
    report(mean, first)
    weights, intercept = fit(rows)
    cut = best_cut(rows, weights, intercept)
    print(f"fitted on all: weights {dict(zip(FEATURES, weights, strict=True))}")
    print(f"  intercept {intercept}, cut {cut}")
    model = {
        "about": (
            "Logistic regression over named signals of citations.engine.support.model; fitted by "
            f"benchmarks/fit_support.py on {data.name} ({len(rows)} claims), L2 {L2}."
        ),
        "cross_validated": {k: round(mean[k], 3) for k in ("balanced", "macro_f1", "tpr", "tnr")},
        "cut": cut,
        "data_sha256": sha256_of(data),
        "features": list(FEATURES),
        "intercept": intercept,
        "weights": weights,
    }
    return json.dumps(model, indent=2, sort_keys=True) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="compare with the file, not write")
    mode.add_argument("--new-data", action="store_true", help="fit on another data file")
    args = parser.parse_args()
    problem = data_problem(args.data, args.new_data)
    if problem:
        sys.exit(problem)
    text = model_text(args.data)
    if args.check:
        same = MODEL.read_text(encoding="utf-8") == text
        print("model file is up to date" if same else "model file differs: refit and commit it")
        sys.exit(0 if same else 1)
    MODEL.write_text(text, encoding="utf-8")
    print(f"written {MODEL.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
