from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project package as an app, so its system checks are registered."""

    name = "verifier_site"
    verbose_name = "Citation Verifier site"

    def ready(self):
        from verifier_site import checks  # noqa: F401 (registers the checks)
