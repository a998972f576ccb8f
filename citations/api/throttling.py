"""The API's rate limits, counted in Redis when REDIS_URL is set and in the database otherwise
(services.throttles), so that every web process shares them and parallel requests cannot
overwrite each other's counts."""

import logging

import redis
from django.conf import settings
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle

from citations.models import ApiToken
from citations.services.throttles import redis_hit, throttle_hit

SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
logger = logging.getLogger(__name__)


def parse_rate(rate: str) -> tuple[int, int]:
    """ "600/min" as (600, 60): DRF's notation (s, m, h, d; only the first letter counts)."""
    count, _, period = rate.partition("/")
    return int(count), SECONDS[period.strip()[0].lower()]


class ClientRateThrottle(BaseThrottle):
    """One request budget per API client (all its tokens share it) and fixed window; rate
    "client" in settings (API_THROTTLE_RATE).

    Requests without a valid token are refused with 401 before throttling, so they have no
    budget here (failed guesses have their own limit: citations.api.authentication).
    """

    scope = "client"

    def __init__(self):
        self.retry_after: float | None = None

    def allow_request(self, request, view) -> bool:
        # The rate is read at request time (not import time) so a settings change applies.
        rate = api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)
        if rate is None or not isinstance(request.auth, ApiToken):
            return True
        limit, seconds = parse_rate(rate)
        hits, remaining = _count(f"client:{request.auth.client_id}", seconds)
        if hits <= limit:
            return True
        self.retry_after = remaining
        return False

    def wait(self) -> float | None:
        return self.retry_after


def _count(key: str, seconds: int) -> tuple[int, float]:
    """The request's place in its window: in Redis when it is set, else in the database. A
    Redis that cannot be reached (down, refusing) costs the API nothing: the database counts
    (an atomic insert-or-update too) until Redis is back. A slow one is waited for, up to the
    client's timeout, rather than counted twice: a request counted in the database while its
    INCR may still land would let a loaded site give more than the budget."""
    if settings.REDIS_URL:
        try:
            return redis_hit(key=key, seconds=seconds)
        except redis.ConnectionError as error:
            logger.warning("rate limit counted in the database: no Redis (%s)", error)
    return throttle_hit(key=key, seconds=seconds)
