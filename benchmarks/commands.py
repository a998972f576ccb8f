"""`manage.py` as the benchmarks run it: a child process with its own settings (`env`)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def manage(env: dict, *args: str) -> str:
    """Run `manage.py *args` under `env`; its stdout. A failing command raises."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return result.stdout
