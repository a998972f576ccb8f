"""The demo accounts `load_demo` creates, as the login page's hint reads them."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX

# Each is also the name of the group (role) it belongs to.
DEMO_USERNAMES = ("reviewer", "editor")


def demo_usernames_shown() -> list[str]:
    """The demo users a login hint may name: only in DEBUG (a local demo), only those that
    exist and can log in, in DEMO_USERNAMES' order. One query, none with DEBUG off."""
    if not settings.DEBUG:
        return []
    found = set(
        get_user_model()
        .objects.filter(username__in=DEMO_USERNAMES, is_active=True)
        .exclude(password__startswith=UNUSABLE_PASSWORD_PREFIX)
        .values_list("username", flat=True)
    )
    return [name for name in DEMO_USERNAMES if name in found]
