"""A limit on failed token authentications per client address (API_AUTH_FAILURE_RATE).

Keys are 256-bit random, so guessing one is hopeless; the limit is about the load and noise a
guesser makes, and about a leaked prefix or a broken client hammering the site. Past the limit
every request from the address is refused, a right key included: the key is looked up in the
same query as the count (one round trip a request), but no answer depends on it, so none
tells a guesser which guess was right. The address is the one the server sees
(X-Forwarded-For only from the proxy FORWARDED_ALLOW_IPS names).
"""

import time

from django.conf import settings
from rest_framework import exceptions

from citations.api.throttling import parse_rate
from citations.models import ApiToken
from citations.selectors.clients import token_get_active
from citations.selectors.throttles import counter_row, throttle_hits, window_of
from citations.services.throttles import throttle_hit, throttle_prune


def _key(request) -> str:
    return f"auth-failures:{request.META.get('REMOTE_ADDR', '')}"


def refuse_if_guessing(request) -> None:
    """429 when the address has used up its failed authentications for the window."""
    _, seconds = parse_rate(settings.API_AUTH_FAILURE_RATE)
    failures, remaining = throttle_hits(key=_key(request), seconds=seconds)
    _refuse_past_limit(failures, remaining)


def token_unless_guessing(request, *, digest: str) -> ApiToken | None:
    """The active token for `digest`, or None; a 429 instead when the address has used up its
    failed authentications, whether the key was right or not. The token and the address's
    count are read in one query; the count alone again only when no token matched."""
    _, seconds = parse_rate(settings.API_AUTH_FAILURE_RATE)
    now = time.time()
    counted = counter_row(key=_key(request), seconds=seconds, now=now)
    token = token_get_active(digest=digest, counted=counted)
    if token is None:
        failures, remaining = throttle_hits(key=_key(request), seconds=seconds, now=now)
    else:
        failures, remaining = token.counted_hits or 0, window_of(seconds, now) - now
    _refuse_past_limit(failures, remaining)
    return token


def _refuse_past_limit(failures: int, remaining: float) -> None:
    limit, _ = parse_rate(settings.API_AUTH_FAILURE_RATE)
    if failures >= limit:
        raise exceptions.Throttled(
            wait=remaining,
            detail=f"Too many failed authentications from this address; the limit is {limit} "
            "(setting API_AUTH_FAILURE_RATE).",
        )


def record_failure(request) -> None:
    _, seconds = parse_rate(settings.API_AUTH_FAILURE_RATE)
    failures, _ = throttle_hit(key=_key(request), seconds=seconds)
    if failures == 1:
        # A new address or window: counters of addresses long gone go (one row per address).
        throttle_prune()
