"""`/healthz` answers load balancers over plain HTTP even when the site redirects everything
else to HTTPS (SECURE_SSL_REDIRECT): a health check that follows no redirect saw 301."""

import tempfile

from tests.api.site_process import run_site

REQUESTS = """
from django.test import Client
client = Client()
print(json.dumps({"healthz": client.get("/healthz").status_code,
                  "login": client.get("/accounts/login/").status_code}))
"""


def test_healthz_is_exempt_from_the_https_redirect():
    answers = run_site(
        REQUESTS,
        SECURE_SSL_REDIRECT="true",
        DATABASE_URL=f"sqlite:///{tempfile.mkdtemp()}/healthz.sqlite3",
    )

    assert answers == {"healthz": 200, "login": 301}
