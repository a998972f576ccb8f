"""The `make serve` server keeps answering while slow clients hold connections open.
(The time budget, < 200 ms, is checked by benchmarks/slow_clients.py.)"""

from benchmarks.slow_clients import healthz_ms, server, slow_clients


def test_healthz_still_answers_while_20_clients_hold_half_sent_headers():
    with server(workers=1) as port, slow_clients(port, count=20):
        answers = [healthz_ms(port, timeout=5.0) for _ in range(3)]
    assert None not in answers
