"""Dashboard and admin logins are throttled: repeated failures lock the username out for
that address, even with the right password, until the cool-off ends."""

import pytest
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery staple"
LOGINS = {"dashboard": "/accounts/login/", "admin": "/admin/login/"}


@pytest.fixture
def staff_user(settings):
    settings.AXES_FAILURE_LIMIT = 3
    user = UserFactory(username="rev", is_staff=True)
    user.set_password(PASSWORD)
    user.save()
    return user


def attempt(client: Client, path: str, username: str, password: str):
    return client.post(path, {"username": username, "password": password})


@pytest.mark.parametrize("path", LOGINS.values(), ids=LOGINS)
def test_the_limit_of_failed_logins_locks_the_user_out(staff_user, path):
    client = Client()

    codes = [attempt(client, path, "rev", "wrong").status_code for _ in range(3)]
    assert codes == [200, 200, 429]  # the form again twice; the third failure locks

    locked = attempt(client, path, "rev", PASSWORD)

    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("path", LOGINS.values(), ids=LOGINS)
def test_fewer_failures_than_the_limit_still_let_the_user_in(staff_user, path):
    client = Client()

    for _ in range(2):
        attempt(client, path, "rev", "wrong")

    assert attempt(client, path, "rev", PASSWORD).status_code == 302
    assert client.session["_auth_user_id"] == str(staff_user.pk)


def test_the_lockout_is_configured_from_the_environment(settings):
    assert "axes.backends.AxesStandaloneBackend" in settings.AUTHENTICATION_BACKENDS
    assert settings.AXES_FAILURE_LIMIT == 5  # LOGIN_FAILURE_LIMIT unset
    assert settings.AXES_COOLOFF_TIME.total_seconds() == 15 * 60  # LOGIN_LOCKOUT_MINUTES unset
