"""The request-body limit, applied before Django reads a byte (a pure ASGI wrapper).

Django's ASGI handler reads the whole body (spooled to disk past 2.5 MB) before any middleware
or view runs, so a limit checked there comes after the work it is meant to spare: any client
could make the site take in 100 MB on any URL. This wrapper sits in front of it:

- a declared Content-Length over CITATIONS_MAX_BODY_BYTES is answered 413 at once;
- a chunked body (no Content-Length) is counted as it arrives and answered 413 the moment it
  passes the limit, without reading the rest; within the limit it is handed to Django whole,
  with its Content-Length, since DRF reads a body without one as empty.
"""

import json

from django.conf import settings

API_PREFIX = "/api/"


class BodyLimit:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = settings.CITATIONS_MAX_BODY_BYTES
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length")
        if declared is not None:
            # The server has already refused a malformed length; no more than it will arrive.
            if int(declared) > limit:
                return await refuse(
                    scope, send, limit, f"The request body is {int(declared)} bytes"
                )
            return await self.app(scope, receive, send)
        if b"chunked" not in headers.get(b"transfer-encoding", b"").lower():
            return await self.app(scope, receive, send)  # no body at all
        try:
            body = await read_chunked(receive, limit)
        except ClientGone:
            return None  # nobody to answer, and half a body is no request
        if body is None:
            return await refuse(scope, send, limit, "The request body is larger than the limit")
        return await self.app(with_length(scope, len(body)), replay(body, receive), send)


class ClientGone(Exception):
    pass


async def read_chunked(receive, limit: int) -> bytes | None:
    """The whole body, or None as soon as it passes `limit` (the rest is never read)."""
    parts, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientGone
        size += len(message.get("body", b""))
        if size > limit:
            return None
        parts.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(parts)


def with_length(scope, length: int) -> dict:
    headers = [(k, v) for k, v in scope["headers"] if k != b"transfer-encoding"]
    return {**scope, "headers": [*headers, (b"content-length", str(length).encode())]}


def replay(body: bytes, receive):
    """A `receive` that hands over `body` once, then whatever the client does next."""
    sent = False

    async def replayed():
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replayed


async def refuse(scope, send, limit: int, what: str) -> None:
    detail = f"{what}; the limit is {limit} bytes (setting CITATIONS_MAX_BODY_BYTES)."
    # The unread body would be taken for the next request: end the connection instead.
    await answer_plainly(
        scope, send, status=413, code="request_too_large", detail=detail, close=True
    )


async def answer_plainly(
    scope, send, *, status: int, code: str, detail: str, close: bool = False, retry_after=None
) -> None:
    """Answer without Django: the API's JSON error envelope under /api/, plain text elsewhere."""
    if scope["path"].startswith(API_PREFIX):
        envelope = {"status": status, "code": code, "detail": detail}
        content, kind = json.dumps(envelope).encode(), b"application/json"
    else:
        content, kind = detail.encode(), b"text/plain; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(content)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    if retry_after is not None:
        headers.append((b"retry-after", str(retry_after).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": content})
