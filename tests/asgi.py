"""An HTTP request as an ASGI server hands it to the site: its scope and its body, from a
client that stays connected until the response is sent."""

import asyncio


def http(path: str, *headers: tuple[bytes, bytes], method: str = "GET") -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }


def request_body(content: bytes = b""):
    """An ASGI receive: the request's whole body, then a client that stays connected."""
    messages = [{"type": "http.request", "body": content, "more_body": False}]

    async def receive():
        if messages:
            return messages.pop()
        await asyncio.Event().wait()

    return receive
