"""A worker killed mid-re-verification loses nothing and, restarted, does nothing twice."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_killing_a_worker_mid_reverification_loses_nothing():
    result = subprocess.run(
        [sys.executable, "benchmarks/fault_reverify.py", "--answers", "900"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "PASS: nothing lost, nothing done twice" in result.stdout
