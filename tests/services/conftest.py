import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


class Receiver:
    """A webhook receiver on loopback that fails the first `failures` requests, then accepts."""

    def __init__(self):
        self.failures = 0
        self.requests: list[dict] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append({"headers": dict(self.headers), "body": body})
                failing = len(receiver.requests) <= receiver.failures
                self.send_response(500 if failing else 204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def payloads(self) -> list[dict]:
        return [json.loads(r["body"]) for r in self.requests]


@pytest.fixture
def receiver(settings):
    settings.CITATIONS_WEBHOOK_ALLOW_PRIVATE = True  # the receiver listens on loopback
    settings.CITATIONS_WEBHOOK_PORTS = None  # on a port of its own
    receiver = Receiver()
    receiver.thread.start()
    yield receiver
    receiver.server.shutdown()
    receiver.server.server_close()
