"""Responses that hold private, untrusted content are never stored by a browser or a proxy."""

from django.utils.cache import add_never_cache_headers

# The dashboard (pages, fragments, text and JSON exports) and the API.
PRIVATE_NAMESPACES = frozenset({"citations", "api"})


class NoStoreMiddleware:
    """`Cache-Control: no-store` (with Django's never-cache headers) on every response of the
    dashboard and the API, so a shared machine's cache or back button never shows answers,
    evidence or decisions to the next person."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        if match is not None and match.namespace in PRIVATE_NAMESPACES:
            add_never_cache_headers(response)
        return response
