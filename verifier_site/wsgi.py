import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "verifier_site.settings")
application = get_wsgi_application()

from verifier_site.startup import refuse_misconfigured_start  # noqa: E402 (needs Django set up)

refuse_misconfigured_start()
