"""``python -m citations.engine FILE.json [--json]``: verify one answer from the command line.

FILE holds a JSON object ``{"text": ..., "evidence": [...]}`` (optionally ``style`` and
``threshold``); ``-`` reads standard input. Exit status: 0 passed, 1 not passed, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys

from .core import verify
from .verdict.report import Report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m citations.engine", description="Verify the citations of one answer."
    )
    parser.add_argument("file", help="JSON file with 'text' and 'evidence'; '-' reads stdin")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--style", choices=("auto", "numeric", "legal"), default=None)
    parser.add_argument("--threshold", type=float, default=None)
    args = parser.parse_args(argv)
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        if args.file == "-":
            raw = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                raw = handle.read()
        data = json.loads(raw)
        if not isinstance(data, dict):
            raise ValueError("the JSON must be an object with 'text' and 'evidence'")
        report = verify(
            data.get("text"),
            data.get("evidence", []),
            style=args.style or data.get("style", "auto"),
            threshold=args.threshold if args.threshold is not None else data.get("threshold", 0.4),
        )
    except (OSError, ValueError) as error:  # json.JSONDecodeError is a ValueError
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(render(report))
    return 0 if report.passed else 1


def render(report: Report) -> str:
    """A plain table: one line per sentence, then the reasons of its citations."""
    lines = [f"{'#':>3}  {'status':<11}  sentence / reason"]
    for s in report.sentences:
        text = " ".join(s.text.split())
        if len(text) > 70:
            text = text[:67] + "..."
        lines.append(f"{s.index:>3}  {s.status:<11}  {text}")
        lines.append(f"{'':>3}  {'':<11}  -> {s.reason}")
        for c in s.citations:
            lines.append(f"{'':>3}  {'':<11}     {c.raw} {c.status}: {c.reason}")
    c = report.counts
    lines.append(
        f"passed: {'yes' if report.passed else 'no'}; "
        f"validation rate {report.validation_rate:.0%}; "
        f"{c['verified']} verified, {c['unsupported']} unsupported, {c['uncited']} uncited, "
        f"{c['neutral']} neutral (engine {report.engine})"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
