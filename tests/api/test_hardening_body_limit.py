"""Request bodies over CITATIONS_MAX_BODY_BYTES are refused before they are read, on any URL,
with or without a token: from the declared length before a byte of the body arrives, and for a
chunked body as soon as its chunks pass the limit. A chunked body within the limit is read.
Each test talks HTTP to the site as `make serve` runs it (gunicorn, uvicorn workers)."""

import json

import pytest
from django.db import connection

from citations.services import token_issue
from tests.processes import ProcessGroups
from tests.served import served_site

from .payloads import ANSWERS, body
from .site_process import database_url

LIMIT = 1000
# Django used to spool this much (to disk past 2.5 MB) before any of the site's code ran.
HUNDRED_MB = 100_000_000
PATHS = [ANSWERS, "/api/v1/verify/", "/accounts/login/", "/admin/login/", "/no/such/page"]


@pytest.fixture(scope="module")
def site(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        url = database_url(connection.settings_dict)
    with (
        ProcessGroups() as processes,
        served_site(processes, DATABASE_URL=url, CITATIONS_MAX_BODY_BYTES=str(LIMIT)) as served,
    ):
        yield served


def read_response(sock) -> tuple[int, dict, bytes]:
    """The status, headers and body the server sent, read until it closes or the body ends."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    while len(rest) < int(headers.get("content-length", 0)):
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    return int(lines[0].split()[1]), headers, rest


def head(path: str, *extra: str) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json", *extra]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def chunk(data: bytes) -> bytes:
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


@pytest.mark.parametrize("path", PATHS)
def test_a_declared_length_over_the_limit_is_refused_before_the_body_is_sent(site, path):
    with site.connect() as sock:
        sock.sendall(head(path, f"Content-Length: {HUNDRED_MB}"))  # and not a byte more

        status, _, content = read_response(sock)

    assert status == 413
    assert f"limit is {LIMIT} bytes" in content.decode()
    assert "CITATIONS_MAX_BODY_BYTES" in content.decode()
    if path.startswith("/api/"):
        assert json.loads(content)["code"] == "request_too_large"


@pytest.mark.parametrize("path", PATHS)
def test_a_chunked_body_is_refused_as_soon_as_it_passes_the_limit(site, path):
    with site.connect() as sock:
        sock.sendall(head(path, "Transfer-Encoding: chunked"))
        for _ in range(3):  # 1,200 bytes, and the body never ends
            sock.sendall(chunk(b"x" * 400))

        status, _, content = read_response(sock)

    assert status == 413
    assert f"limit is {LIMIT} bytes" in content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_chunked_api_body_within_the_limit_is_read(site):
    _, key = token_issue(client_name="pipeline")
    payload = json.dumps(body(text="Employees get 30 days of paid annual leave [1].")).encode()
    assert len(payload) < LIMIT
    with site.connect() as sock:
        sock.sendall(head(ANSWERS, f"Authorization: Token {key}", "Transfer-Encoding: chunked"))
        sock.sendall(chunk(payload[:100]) + chunk(payload[100:]) + b"0\r\n\r\n")

        status, _, content = read_response(sock)

    assert status == 201, content
    assert json.loads(content)["verification"]["passed"] is True
