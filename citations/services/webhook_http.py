"""Signed webhook events for generators: the signing scheme and one delivery attempt.

Scheme (README: "Webhooks"): each POST carries
    X-Verifier-Timestamp: <unix seconds>
    X-Verifier-Signature: v1=<hex HMAC-SHA256 of "<timestamp>." + raw body, keyed by the secret>
Receivers recompute the HMAC over the raw body, compare in constant time, and reject
timestamps older than a few minutes to stop replays.
"""

import hashlib
import hmac
import json
import time
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlsplit

import httpx

from citations.services import webhook_targets

SIGNATURE_HEADER = "X-Verifier-Signature"
TIMESTAMP_HEADER = "X-Verifier-Timestamp"
EVENT_HEADER = "X-Verifier-Event"
DELIVERY_HEADER = "X-Verifier-Delivery"
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
# How long one attempt holds its claim; longer than the request timeout, so only a worker
# that died mid-attempt lets it lapse.
LEASE = timedelta(seconds=60)


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
    """POST one signed event; a 2xx answer is success, anything else (or no answer) is not."""
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
    try:
        with httpx.Client(timeout=TIMEOUT_SECONDS, follow_redirects=False) as client:
            response = client.post(
                webhook_targets.pinned_url(url, addresses[0]),
                content=body,
                headers=headers,
                extensions={"sni_hostname": host},
            )
    except (httpx.HTTPError, httpx.InvalidURL, ValueError) as exc:
        # ValueError: what the client raises for a URL it cannot encode (an invalid IDNA label).
        elapsed = int((time.monotonic() - started) * 1000)
        return AttemptResult(False, None, f"{type(exc).__name__}: {exc}"[:1000], elapsed)
    elapsed = int((time.monotonic() - started) * 1000)
    ok = 200 <= response.status_code < 300
    error = "" if ok else f"HTTP {response.status_code}"
    return AttemptResult(ok, response.status_code, error, elapsed)
