"""What `make bench-export` measures over HTTP: one export read by a client (to its end, or
left after the first chunk), and the serving process's memory and queries meanwhile."""

import http.client
import threading
import time
from dataclasses import dataclass

import psutil
import psycopg

READ_SIZE = 64 * 1024


@dataclass
class Timing:
    headers_s: float
    first_byte_s: float
    total_s: float
    bytes: int
    lines: int
    peak_rss_mb: float = 0.0
    rss_before_mb: float = 0.0


class RssSampler:
    """The peak resident memory of some processes (the server's workers), sampled every 5 ms
    in a thread while a request runs."""

    def __init__(self, processes: list[psutil.Process]):
        self.processes = processes
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def rss(self) -> int:
        return max(p.memory_info().rss for p in self.processes)

    def _run(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self.rss())
            time.sleep(0.005)

    def __enter__(self) -> "RssSampler":
        self.before = self.rss()
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self.rss())


def read_export(port: int, path: str, headers: dict, *, leave_after_first: bool = False) -> Timing:
    """GET `path`: time to the status line and headers, to the first body byte, to the end
    (or, leaving, to the first chunk); bytes and lines read."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    started = time.perf_counter()
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    headers_s = time.perf_counter() - started
    if response.status != 200:
        raise SystemExit(f"{path}: HTTP {response.status} {response.read()[:300]!r}")
    first = response.read1(READ_SIZE)
    first_byte_s = time.perf_counter() - started
    size, lines = len(first), first.count(b"\n")
    while not leave_after_first and (block := response.read1(READ_SIZE)):
        size, lines = size + len(block), lines + block.count(b"\n")
    total_s = time.perf_counter() - started
    connection.close()  # leaving: the socket closes with most of the export unread
    return Timing(headers_s, first_byte_s, total_s, size, lines)


def last_query(database_url: str) -> tuple[float, int]:
    """(The start of the newest query of the site's connections, as seconds on the server's
    clock; how many of them are running one now), from pg_stat_activity, which is live
    (pg_stat_statements is not loaded here; pg_stat_database is flushed up to 10 s late)."""
    name = database_url.rsplit("/", 1)[1]
    with psycopg.connect(database_url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT extract(epoch FROM max(query_start)) - extract(epoch FROM clock_timestamp()),"
            " count(*) FILTER (WHERE state = 'active')"
            " FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        ).fetchone()
    return (float(row[0]) if row[0] is not None else float("-inf")), int(row[1])


@dataclass
class Leaving:
    first_chunk_s: float
    last_query_after_s: float  # the newest query's start, in seconds after the client left
    busy_samples: int  # samples in the window with a query of the site running
    cpu_after_s: float  # the workers' CPU time in the window after the client left
    rss_growth_mb: float  # the workers' RSS at the window's end minus before the request
    window_s: float


def _cpu(workers: list[psutil.Process]) -> float:
    return sum(p.cpu_times().user + p.cpu_times().system for p in workers)


def leave_early(
    port: int, path: str, headers: dict, workers: list[psutil.Process], database_url: str
) -> Leaving:
    """Read the first chunk, close the socket, then watch the workers and the database."""
    window = 3.0
    rss_before = max(p.memory_info().rss for p in workers)
    timing = read_export(port, path, headers, leave_after_first=True)
    left = time.perf_counter()
    cpu = _cpu(workers)
    busy, newest = 0, float("-inf")
    while time.perf_counter() - left < window:
        started, running = last_query(database_url)  # seconds before now
        newest = max(newest, time.perf_counter() - left + started)
        busy += running > 0
        time.sleep(0.05)
    return Leaving(
        timing.first_byte_s,
        newest,
        busy,
        _cpu(workers) - cpu,
        (max(p.memory_info().rss for p in workers) - rss_before) / 2**20,
        window,
    )
