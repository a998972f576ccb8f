"""With the database down, the dashboard and the login answer a 503 page that says so (and
when to retry), not a generic 500. The site's settings run in a child process, DEBUG off, as
a server runs them, pointed at a port where no database listens; both handlers (WSGI and the
ASGI one `make serve` runs) are asked."""

import pytest

from tests.api.site_process import closed_port, run_site

REQUESTS = """
import asyncio
from django.test import AsyncClient, Client

def answer(response):
    return {"status": response.status_code, "retry": response.get("Retry-After"),
            "type": response.get("Content-Type"), "text": response.content.decode()}

def ask(client):
    client.cookies["sessionid"] = "a-session-the-database-would-hold"
    return [answer(client.get("/")), answer(client.get("/metrics/"))]

def log_in(client):
    return answer(client.post("/accounts/login/", {"username": "rev", "password": "secret"}))

async def ask_async():
    client = AsyncClient(raise_request_exception=False)
    client.cookies["sessionid"] = "a-session-the-database-would-hold"
    pages = [answer(await client.get("/")), answer(await client.get("/metrics/"))]
    login = answer(await AsyncClient(raise_request_exception=False).post(
        "/accounts/login/", {"username": "rev", "password": "secret"}))
    return pages + [login]

wsgi = ask(Client(raise_request_exception=False)) + [log_in(Client(raise_request_exception=False))]
print(json.dumps({"wsgi": wsgi, "asgi": asyncio.run(ask_async())}))
"""


@pytest.fixture(scope="module")
def answers():
    return run_site(
        REQUESTS,
        DEBUG="false",
        SECRET_KEY="test-only-" + "x" * 40,
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{closed_port()}/verifier",
        LOG_LEVEL="CRITICAL",
    )


@pytest.mark.parametrize("handler", ["wsgi", "asgi"])
@pytest.mark.parametrize("page", [0, 1, 2], ids=["queue", "metrics", "login"])
def test_a_page_answers_503_saying_the_database_is_unavailable(answers, handler, page):
    answer = answers[handler][page]

    assert answer["status"] == 503
    assert answer["type"].startswith("text/html")
    assert "The database is unavailable" in answer["text"]
    assert answer["retry"] == "30"
