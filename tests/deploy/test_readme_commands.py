"""The README's first-contact commands work as written after `make run`, in a shell with
nothing set (issue 22: `manage.py issue_token my-pipeline` stopped with a 45-line traceback,
"SECRET_KEY is not set", because only `make run` turned DEBUG on)."""

import os
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENV = Path(sys.prefix)  # the venv running the tests (make's .venv, or the one it points at)

needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def readme_command(containing: str) -> str:
    """The README's shell line that holds `containing`, without its trailing comment."""
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```sh\n(.*?)```", readme, flags=re.S)
    for line in (line for block in blocks for line in block.splitlines()):
        if containing in line:
            return line.split("  #", 1)[0].strip()
    raise AssertionError(f"no README command holds {containing!r}")


def as_run_here(command: str) -> list[str]:
    """The README's command as argv, run with this checkout's venv and without reinstalling
    it (the only things a test must add: the venv is elsewhere in a git worktree)."""
    argv = shlex.split(command)
    if argv[0] == "make":
        return [*argv, f"VENV={VENV}", "-o", f"{VENV}/.installed", "--no-print-directory"]
    if argv[0].startswith(".venv/"):
        return [str(VENV / argv[0].removeprefix(".venv/")), *argv[1:]]
    return argv


@needs_make
def test_the_readme_token_step_works_in_a_clean_shell(processes, tmp_path):
    # A clean login shell: no DEBUG, no SECRET_KEY, nothing of the test run's settings. Only
    # the database is a scratch one (`make run` would have migrated the project's).
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    migrate = readme_command("issue_token my-pipeline").replace(
        "issue_token my-pipeline", "migrate --noinput"
    )
    result = processes.run(as_run_here(migrate), cwd=ROOT, env=env, timeout=120)
    assert result.returncode == 0, result.stderr

    result = processes.run(
        as_run_here(readme_command("issue_token my-pipeline")), cwd=ROOT, env=env, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stdout.strip().splitlines()
    assert "for client 'my-pipeline'" in result.stdout
    assert re.fullmatch(r"[A-Za-z0-9_\-]{30,}", lines[-1])  # the key is the last line
