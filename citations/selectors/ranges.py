"""Date filters as ranges over a timestamp column, so its index is used (a `__date` lookup
wraps the column in a function and scans)."""

from datetime import date, datetime, time, timedelta

from django.utils import timezone


def _midnight(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def day_range(start: date | None, end: date | None, *, field: str = "created_at") -> dict:
    """Lookups for `field` within the local days [start, end], i.e. [start, end + 1 day).

    An end on the calendar's last day (9999-12-31) has no day after it: every later time is
    within the range, so it sets no upper bound (rather than overflowing).
    """
    lookups = {}
    if start:
        lookups[f"{field}__gte"] = _midnight(start)
    if end and end < date.max:
        lookups[f"{field}__lt"] = _midnight(end + timedelta(days=1))
    return lookups
