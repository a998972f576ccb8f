from rest_framework.permissions import BasePermission

from citations.models import ApiToken


class IsApiClient(BasePermission):
    """Only a request carrying a valid client token. Staff use the dashboard, not the API."""

    message = "Authentication credentials were not provided."

    def has_permission(self, request, view) -> bool:
        return isinstance(request.auth, ApiToken)
