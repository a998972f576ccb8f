"""A worker killed mid-re-verification loses nothing and, restarted, does nothing twice; and no
process a test starts outlives the test."""

import sys
from contextlib import suppress
from pathlib import Path

import psutil
import pytest

from tests.processes import ProcessGroups, is_alive

ROOT = Path(__file__).resolve().parents[2]


def test_killing_a_worker_mid_reverification_loses_nothing(processes):
    result = processes.run(
        [sys.executable, "benchmarks/fault_reverify.py", "--answers", "900"], cwd=ROOT, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "PASS: nothing lost, nothing done twice" in result.stdout
    # The run stops its own workers (`make bench-fault` has no fixture to clean up after it).
    assert processes.members() == []


@pytest.mark.parametrize("test_fails", [False, True], ids=["test-passes", "test-fails"])
def test_a_process_left_behind_is_killed_when_the_test_ends(test_fails):
    # What the `processes` fixture does when a test ends: a child that has exited left a
    # grandchild running in the background, the way a killed benchmark leaves its db_worker.
    with suppress(RuntimeError), ProcessGroups() as groups:
        result = groups.run(["sh", "-c", "sleep 300 >/dev/null 2>&1 & echo $!"], timeout=30)
        orphan = psutil.Process(int(result.stdout))
        assert is_alive(orphan)
        assert groups.members() == [orphan]
        if test_fails:
            raise RuntimeError("the test fails here")
    assert not is_alive(orphan)
    assert groups.members() == []
