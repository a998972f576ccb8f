from django.apps import AppConfig


class CitationsConfig(AppConfig):
    name = "citations"
    verbose_name = "Citation verification"

    def ready(self):
        from citations import signals  # noqa: F401  (connects the receivers)
