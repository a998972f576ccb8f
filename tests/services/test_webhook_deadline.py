"""A webhook attempt has one deadline for the whole exchange (CITATIONS_WEBHOOK_DEADLINE_SECONDS),
not a timeout per read: a receiver that trickles its answer a byte at a time is cut off there,
the attempt is recorded as failed and retried later, and a sweep while it is in flight never
sends the delivery a second time. (A receiver sending a byte every 3 s held a worker 87 s, and
the delivery was sent again while the first attempt was still going.)"""

import socket
import threading
import time
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from citations.models import WebhookDelivery
from citations.services import client_set_webhook, webhooks_deliver_due
from citations.services.webhooks import webhook_payload
from tests.factories import ApiClientFactory, make_answer

pytestmark = pytest.mark.django_db(transaction=True)

DEADLINE = 1
PADDING = 40
ANSWER = b"HTTP/1.1 200 OK\r\nX-Padding: " + b"x" * PADDING + b"\r\n\r\n"
# One byte every 0.2 s: about 14 s in all, each read well inside the 5 s read timeout.


class TricklingReceiver:
    """Reads the request, then sends its status line and headers one byte every 0.2 s."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}/hook"
        self.connections = 0
        self.sent = 0
        self.finished = threading.Event()
        self.thread = threading.Thread(target=self.serve, daemon=True)

    def serve(self):
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return  # closed
            self.connections += 1
            threading.Thread(target=self.trickle, args=(conn,), daemon=True).start()

    def trickle(self, conn):
        with conn:
            conn.recv(65536)
            try:
                for byte in ANSWER:
                    conn.sendall(bytes([byte]))
                    self.sent += 1
                    time.sleep(0.2)
            except OSError:
                pass  # the sender hung up: what a deadline does
        self.finished.set()


def deliver_and_disconnect():
    try:
        webhooks_deliver_due()
    finally:
        connections.close_all()  # this thread's own connection, or the test database stays open


@pytest.fixture
def receiver(settings):
    settings.CITATIONS_WEBHOOK_ALLOW_PRIVATE = True
    settings.CITATIONS_WEBHOOK_PORTS = None
    settings.CITATIONS_WEBHOOK_DEADLINE_SECONDS = DEADLINE
    receiver = TricklingReceiver()
    receiver.thread.start()
    yield receiver
    receiver.listener.close()


def test_a_trickling_receiver_is_cut_off_at_the_deadline_and_never_sent_twice(receiver):
    client = ApiClientFactory(name="gen")
    client_set_webhook(client=client, url=receiver.url)
    answer = make_answer(client=client)
    delivery = WebhookDelivery.objects.create(
        client=client,
        answer=answer,
        event="answer.review_completed",
        url=receiver.url,
        payload=webhook_payload(answer=answer, event="answer.review_completed"),
        next_attempt_at=timezone.now(),
    )
    first = threading.Thread(target=deliver_and_disconnect)
    first.start()
    while not receiver.connections:  # the first attempt is in flight
        time.sleep(0.01)

    # A sweep now, or at the very last moment the first attempt could still be running.
    late = timezone.now() + timedelta(seconds=DEADLINE)
    swept = [webhooks_deliver_due(), webhooks_deliver_due(now=late)]
    first.join(timeout=30)

    assert swept == [0, 0]
    assert receiver.connections == 1
    assert receiver.finished.wait(timeout=10)
    assert receiver.sent < len(ANSWER) // 2  # hung up on, long before the end
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == ("pending", 1)  # retried later
    attempt = delivery.attempt_log.get()
    assert "deadline" in attempt.error
    assert attempt.status_code is None
