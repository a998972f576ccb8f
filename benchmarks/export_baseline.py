"""The exports before streaming (commit 66f7c53), in-process, for `make bench-export`.

The old `citations/exports.py` is read from git and put in place of the new module's
`streaming_export`; each export is asked of the site's own views (Django's test client, the
whole middleware stack) and its body `list()`-ed, as Django's ASGI handler did with a sync
iterator before sending its first byte. Prints one JSON line per export: time to headers, to
the first byte (the whole body: nothing was sent before it was built), total, bytes, lines,
peak RSS of this process.

    python benchmarks/export_baseline.py PATH HEADER_JSON [PATH HEADER_JSON ...]
"""

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import django
import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
OLD_COMMIT = "66f7c53"

from benchmarks.export_http import RssSampler  # noqa: E402


def old_exports():
    source = subprocess.run(
        ["git", "show", f"{OLD_COMMIT}:citations/exports.py"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(source)
    spec = importlib.util.spec_from_file_location("old_exports", handle.name)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    os.unlink(handle.name)
    return module


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verifier_site.settings")
    django.setup()
    from django.test import Client

    from citations import exports

    old = old_exports()

    def streaming_export(queryset, fmt, filename, *, reviewers=True, comments=False, **_new):
        response = old.streaming_export(
            queryset, fmt, filename, reviewers=reviewers, comments=comments
        )
        response.next_cursor = None  # the API view asks; the old export had no pages
        return response

    exports.streaming_export = streaming_export  # what the views call, as `exports.…`
    client = Client(HTTP_HOST="127.0.0.1")
    args = sys.argv[1:]
    for path, header_json in zip(args[::2], args[1::2], strict=True):
        headers = json.loads(header_json)
        client.cookies.clear()
        if "Cookie" in headers:
            client.cookies.load(headers.pop("Cookie"))
        with RssSampler([psutil.Process()]) as rss:
            started = time.perf_counter()
            response = client.get(path, headers=headers)
            headers_s = time.perf_counter() - started
            assert response.status_code == 200, (path, response.status_code)
            body = b"".join(list(response.streaming_content))
            total_s = time.perf_counter() - started
        print(
            json.dumps(
                {
                    "path": path,
                    "headers_s": headers_s,
                    "first_byte_s": total_s,
                    "total_s": total_s,
                    "bytes": len(body),
                    "lines": body.count(b"\n"),
                    "peak_rss_mb": rss.peak / 2**20,
                    "rss_before_mb": rss.before / 2**20,
                }
            ),
            flush=True,
        )
        del body, response


if __name__ == "__main__":
    main()
