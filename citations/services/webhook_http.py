"""Signed webhook events for generators: the signing scheme and one delivery attempt.

Scheme (README: "Webhooks"): each POST carries
    X-Verifier-Timestamp: <unix seconds>
    X-Verifier-Signature: v1=<hex HMAC-SHA256 of "<timestamp>." + raw body, keyed by the secret>
Receivers recompute the HMAC over the raw body, compare in constant time, and reject
timestamps older than a few minutes to stop replays.
"""

import asyncio
import hashlib
import hmac
import json
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlsplit

import httpx
from django.conf import settings

from citations.services import webhook_targets

SIGNATURE_HEADER = "X-Verifier-Signature"
TIMESTAMP_HEADER = "X-Verifier-Timestamp"
EVENT_HEADER = "X-Verifier-Event"
DELIVERY_HEADER = "X-Verifier-Delivery"
# Per read or connect; the whole attempt also ends at CITATIONS_WEBHOOK_DEADLINE_SECONDS, so a
# receiver that sends a byte just inside every read timeout cannot hold a worker for long.
TIMEOUT_SECONDS = 5.0
# Waits after the 1st, 2nd, ... failed attempt; after the last one the delivery has failed.
BACKOFF = (
    timedelta(seconds=10),
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
)
MAX_ATTEMPTS = len(BACKOFF) + 1
# An attempt's claim lasts its deadline plus this: the attempt is over (cut off at the latest)
# before the claim lapses, so only a worker that died mid-attempt lets it lapse, and a delivery
# is never sent twice at once.
LEASE_MARGIN = timedelta(seconds=60)


def deadline_seconds() -> float:
    return float(settings.CITATIONS_WEBHOOK_DEADLINE_SECONDS)


def lease() -> timedelta:
    """How long a claim on a delivery lasts (services.webhooks)."""
    return timedelta(seconds=deadline_seconds()) + LEASE_MARGIN


def sign(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return "v1=" + mac.hexdigest()


def verify_signature(secret: str, timestamp: int, body: bytes, signature: str) -> bool:
    return hmac.compare_digest(sign(secret, timestamp, body), signature)


def encode(payload: dict) -> bytes:
    return json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()


@dataclass(frozen=True)
class AttemptResult:
    ok: bool
    status_code: int | None
    error: str
    duration_ms: int
    permanent: bool = False  # no retry can succeed: the URL is invalid or refused


def post(*, url: str, secret: str, event: str, delivery_id: int, payload: dict) -> AttemptResult:
    """POST one signed event; a 2xx answer is success, anything else (or no answer, or none
    complete within the deadline) is not."""
    body = encode(payload)
    timestamp = int(time.time())
    headers = {
        "Content-Type": "application/json",
        EVENT_HEADER: event,
        DELIVERY_HEADER: str(delivery_id),
        TIMESTAMP_HEADER: str(timestamp),
        SIGNATURE_HEADER: sign(secret, timestamp, body),
    }
    started = time.monotonic()
    try:
        # Checked again at delivery, and sent to the address checked (DNS rebinding).
        host, addresses = webhook_targets.resolve(url)
    except webhook_targets.UnsafeTarget as exc:
        return AttemptResult(False, None, f"Refused target: {exc}", 0, permanent=exc.permanent)
    headers["Host"] = urlsplit(url).netloc.rpartition("@")[2]
    pinned = webhook_targets.pinned_url(url, addresses[0])
    remaining = deadline_seconds() - (time.monotonic() - started)  # resolving counts too
    try:
        status_code = _run(_send(pinned, body, headers, host, remaining))
    except TimeoutError:
        elapsed = int((time.monotonic() - started) * 1000)
        error = f"No complete answer within the deadline of {deadline_seconds():g} s"
        return AttemptResult(False, None, error, elapsed)
    except (httpx.HTTPError, httpx.InvalidURL, ValueError) as exc:
        # ValueError: what the client raises for a URL it cannot encode (an invalid IDNA label).
        elapsed = int((time.monotonic() - started) * 1000)
        return AttemptResult(False, None, f"{type(exc).__name__}: {exc}"[:1000], elapsed)
    elapsed = int((time.monotonic() - started) * 1000)
    ok = 200 <= status_code < 300
    return AttemptResult(ok, status_code, "" if ok else f"HTTP {status_code}", elapsed)


async def _send(url: str, body: bytes, headers: dict, host: str, seconds: float) -> int:
    """The status of one POST, the whole answer read, all within `seconds` (else TimeoutError).

    Async, because only a cancelled coroutine stops a read that is in progress: a blocking
    client's timeouts apply to each read, and a trickle of bytes renews them indefinitely.
    """
    async with asyncio.timeout(seconds):
        async with httpx.AsyncClient(timeout=TIMEOUT_SECONDS, follow_redirects=False) as client:
            response = await client.post(
                url, content=body, headers=headers, extensions={"sni_hostname": host}
            )
            return response.status_code


def _run(coroutine):
    """Run `coroutine` to completion from synchronous code (a task, a command, a view's thread)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    # Called on a thread that runs an event loop: run it on a thread of its own.
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
