"""Settings read from the environment, strictly: a value that cannot be read stops the site.

A lenient reader turns a typo into a default (`LOGIN_LOCKOUT=ture` read as "off" silently
disabled the login lockout), so every reader here raises ImproperlyConfigured naming the
variable and the spellings it accepts. An empty value counts as unset.
"""

import math
import os

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"true", "yes", "on", "1"})
FALSE_WORDS = frozenset({"false", "no", "off", "0"})
BOOLEAN_SPELLINGS = "true/false, yes/no, on/off or 1/0"


def _raw(name: str) -> str | None:
    value = os.environ.get(name, "").strip()
    return value or None


def env_bool(name: str, default: bool) -> bool:
    value = _raw(name)
    if value is None:
        return default
    word = value.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={value!r} is not a boolean: use {BOOLEAN_SPELLINGS} (any letter case)."
    )


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    value = _raw(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number.") from None
    if minimum is not None and number < minimum:
        raise ImproperlyConfigured(f"{name}={value!r} is below {minimum}.")
    return number


def env_unit_float(name: str, default: float) -> float:
    """A number from 0 to 1 inclusive (NaN and infinities refused with the rest)."""
    value = _raw(name)
    if value is None:
        return default
    try:
        number = float(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={value!r} is not a number from 0 to 1.") from None
    if not (math.isfinite(number) and 0 <= number <= 1):
        raise ImproperlyConfigured(f"{name}={value!r} is outside 0 to 1.")
    return number


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]
