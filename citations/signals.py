"""Receivers of Django's signals, connected in `CitationsConfig.ready`."""

from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver

from citations import services


@receiver(user_logged_out, dispatch_uid="citations.release_claims_on_logout")
def release_claims_on_logout(sender, request, user, **kwargs):
    # A reviewer who logs out is not reviewing anything: others may take their answers now.
    if user is not None:
        services.claims_release_all(user=user)
