from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from citations.models import ApiToken


class ClientRateThrottle(SimpleRateThrottle):
    """One request budget per API client (all its tokens share it); rate "client" in settings.

    Requests without a valid token are refused with 401 before throttling, so they have no
    budget here.
    """

    scope = "client"

    def get_rate(self):
        # Read the rates at request time (not import time) so a settings change applies.
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request, view):
        if not isinstance(request.auth, ApiToken):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.auth.client_id}
