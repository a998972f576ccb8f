"""Processes a test starts, each in a process group of its own, all killed when the test ends.

A command can leave children behind (a benchmark's `db_worker`, a shell's background job); they
stay in the group of the process the test started, so killing the group stops them too, even
after that process has exited.
"""

import os
import signal
import subprocess
import time
from contextlib import suppress

import psutil


class ProcessGroups:
    def __init__(self):
        self.groups: list[int] = []

    def start(self, args: list[str], **kwargs) -> subprocess.Popen:
        """`subprocess.Popen(args, stdout=PIPE, stderr=PIPE, text=True)` in a new process group,
        left running (a server) until the test ends; `kwargs` may replace those defaults."""
        options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True, **kwargs}
        process = subprocess.Popen(args, start_new_session=True, **options)
        self.groups.append(process.pid)
        return process

    def run(self, args: list[str], *, timeout: float, **kwargs) -> subprocess.CompletedProcess:
        """`subprocess.run(args, capture_output=True, text=True)` in a new process group."""
        process = self.start(args, **kwargs)
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill_all()
            process.communicate()
            raise
        return subprocess.CompletedProcess(args, process.returncode, stdout, stderr)

    def members(self) -> list[psutil.Process]:
        """The live processes still in one of the groups."""
        found = []
        for process in psutil.process_iter():
            with suppress(psutil.Error, ProcessLookupError):
                if os.getpgid(process.pid) in self.groups and is_alive(process):
                    found.append(process)
        return found

    def kill_all(self) -> None:
        for group in self.groups:
            # No process left in the group: nothing to do.
            with suppress(ProcessLookupError):
                os.killpg(group, signal.SIGKILL)
        # SIGKILL cannot be caught, but its delivery is not instantaneous.
        deadline = time.monotonic() + 10
        while self.members() and time.monotonic() < deadline:
            time.sleep(0.05)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.kill_all()


def is_alive(process: psutil.Process) -> bool:
    # A killed orphan stays a zombie until init reaps it: it runs nothing any more.
    with suppress(psutil.NoSuchProcess):
        return process.status() != psutil.STATUS_ZOMBIE
    return False
