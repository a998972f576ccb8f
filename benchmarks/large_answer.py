"""The answer page of a 9,000-sentence answer and of its revision: first render against the
whole page, both measured here in the same run.

The answer (9,000 short cited sentences, every other one unsupported: 4,500 flagged cards, just
inside the 100,000-character limit) and a revision changing one sentence in ten are stored
through the services on a scratch SQLite database (DEBUG on, as `make run`). Each page is asked
for by a logged-in reviewer with Django's test client, best of a few runs: first as the page
renders now (its first part: 200 sentences, their cards, 200 diff lines), then whole (`?upto=`
and `?diff_upto=` covering everything, which is what the page rendered before parts). Target:
the first render under 1 s and 2 MB.

    python benchmarks/large_answer.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SENTENCES = 9_000
RUNS = 3
TARGET_S = 1.0
TARGET_BYTES = 2_000_000
EVIDENCE = [{"text": "The fee is 3 euros per day."}]


def texts() -> tuple[str, str]:
    lines = ["Fee 3 [1]." if i % 2 else "Fee 4 [1]." for i in range(SENTENCES)]
    original = " ".join(lines)
    for i in range(0, SENTENCES, 10):
        lines[i] = "Fee 5 [1]."
    return original, " ".join(lines)


def best(client, url: str) -> tuple[float, int]:
    """The fastest of RUNS renders of `url` (seconds) and its size in bytes."""
    times, size = [], 0
    for _ in range(RUNS):
        start = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
        size = len(response.content)
    return min(times), size


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="large-answer-") as scratch:
        os.environ.update(
            DJANGO_SETTINGS_MODULE="verifier_site.settings",
            DEBUG="true",
            DATABASE_URL=f"sqlite:///{scratch}/site.sqlite3",
            LOG_LEVEL="WARNING",
        )
        import django

        django.setup()
        from django.core.management import call_command
        from django.test import Client

        from citations.models import ApiClient
        from citations.services import answer_create, answer_revise
        from tests.factories import UserFactory

        call_command("migrate", verbosity=0)
        original_text, revised_text = texts()
        client_row = ApiClient.objects.create(name="bench")
        original, _ = answer_create(client=client_row, text=original_text, evidence=EVIDENCE)
        editor = UserFactory(username="editor", groups=["editor"])
        revised = answer_revise(answer=original, text=revised_text, revised_by=editor)
        browser = Client()
        browser.force_login(UserFactory(username="reviewer", groups=["reviewer"]))

        print(f"load average: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}")
        print(f"{SENTENCES:,} sentences, {original.flagged_count:,} flagged; best of {RUNS}")
        ok = True
        everything = f"upto={SENTENCES}&diff_upto={3 * SENTENCES}"
        for name, answer in (("answer", original), ("revision", revised)):
            url = f"/answers/{answer.pk}/"
            whole_s, whole_bytes = best(browser, f"{url}?{everything}")
            first_s, first_bytes = best(browser, url)
            print(
                f"{name:9} whole page {whole_s:6.2f} s {whole_bytes / 1e6:6.2f} MB | first "
                f"render {first_s:5.2f} s {first_bytes / 1e6:5.2f} MB | "
                f"{whole_s / first_s:5.1f}x faster, {whole_bytes / first_bytes:5.1f}x smaller"
            )
            ok &= first_s < TARGET_S and first_bytes < TARGET_BYTES
        target = f"first render < {TARGET_S:.0f} s and < {TARGET_BYTES / 1e6:.0f} MB"
        print(f"target: {target}: {'met' if ok else 'MISSED'}")
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
