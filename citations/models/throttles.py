"""Counters for rate limits, shared by every web process through the database."""

from django.db import models


class ThrottleCount(models.Model):
    """The hits for one key (a client's API requests, an address's failed token guesses) in
    its current fixed window: one row per key, counted and rolled over to a new window by one
    atomic insert-or-update (services.throttles)."""

    key = models.CharField(max_length=200, unique=True)
    window_end = models.BigIntegerField(db_index=True)  # Unix seconds: when the window closes
    hits = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.key}: {self.hits} until {self.window_end}"
