"""Seeding at scale: the answers `seeding.answers_seed` stored, copied inside PostgreSQL.

Plain psycopg, no Django: benchmarks/scale.py calls it from outside the site's settings.
"""

import psycopg

# The tables holding an answer's rows as seeding writes them, in the order they are copied, and
# the id columns to shift in each (answer ids by the answers' offset, verification ids by theirs).
COPIED = (
    ("citations_answer", {"id": "answer"}),
    ("citations_evidence", {"answer_id": "answer"}),
    ("citations_verification", {"id": "verification", "answer_id": "answer"}),
    ("citations_unresolvedcitation", {"answer_id": "answer", "verification_id": "verification"}),
)
# Each copy is dated this much earlier than the rows it copies, so the answers span weeks.
COPY_AGE = "7 days"


def answers_multiply(*, database_url: str, total: int) -> int:
    """Copy the seeded answers (with their evidence, verification and unresolved citations)
    inside PostgreSQL until there are `total`: doubling `INSERT ... SELECT` rounds, no Python
    per row, so a million answers take minutes where `answers_seed` alone takes an hour. Each
    copy gets ids shifted past the newest, an earlier `created_at` and its own `ref <id>` in
    the question (benchmarks/locustfile.py searches for one). Returns the number of answers."""
    with psycopg.connect(database_url, autocommit=True) as conn:
        count = conn.execute("SELECT count(*) FROM citations_answer").fetchone()[0]
        while count < total:
            _copy_round(conn, rows=min(count, total - count))
            count = conn.execute("SELECT count(*) FROM citations_answer").fetchone()[0]
        for table, _ in COPIED:
            conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT max(id) FROM {table}))"
            )
    return count


def _copy_round(conn: psycopg.Connection, *, rows: int) -> None:
    """Copy the answers with the `rows` lowest ids, and their rows, in one transaction."""
    with conn.transaction():
        first, last = conn.execute("SELECT min(id), max(id) FROM citations_answer").fetchone()
        cutoff = conn.execute(
            "SELECT id FROM citations_answer ORDER BY id OFFSET %s LIMIT 1", (rows - 1,)
        ).fetchone()[0]
        offsets = {
            "answer": last - first + 1,
            "verification": conn.execute("SELECT max(id) FROM citations_verification").fetchone()[
                0
            ],
        }
        for table, shifted in COPIED:
            columns = [
                name
                for (name,) in conn.execute(
                    "SELECT column_name FROM information_schema.columns "
                    "WHERE table_name = %s ORDER BY ordinal_position",
                    (table,),
                )
            ]
            if table != "citations_answer" and "id" not in shifted:
                columns.remove("id")  # a fresh id from the table's sequence
            values = [_copied_value(name, shifted, offsets) for name in columns]
            key = "id" if table == "citations_answer" else "answer_id"
            conn.execute(
                f"INSERT INTO {table} ({', '.join(columns)}) "
                f"SELECT {', '.join(values)} FROM {table} WHERE {key} <= %s",
                (cutoff,),
            )


def _copied_value(name: str, shifted: dict[str, str], offsets: dict[str, int]) -> str:
    if name in shifted:
        return f"{name} + {offsets[shifted[name]]}"
    if name == "created_at":
        return f"created_at - interval '{COPY_AGE}'"
    if name == "question":
        return f"split_part(question, ' ref ', 1) || ' ref ' || (id + {offsets['answer']})"
    return name
