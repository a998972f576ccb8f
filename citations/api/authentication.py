"""`Authorization: Token <key>`: the key is looked up by its SHA-256 digest, never stored."""

from dataclasses import dataclass

from rest_framework import authentication, exceptions

from citations.api import guesses
from citations.models import ApiClient, ApiToken
from citations.services import token_digest, token_touch

KEYWORD = "Token"


@dataclass(frozen=True)
class ApiPrincipal:
    """`request.user` for a generator's request: the client behind the token, never a User."""

    client: ApiClient
    token: ApiToken

    is_authenticated = True
    is_anonymous = False
    is_staff = False
    is_superuser = False

    @property
    def pk(self) -> int:
        return self.client.pk

    def __str__(self) -> str:
        return str(self.client)


class ClientTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        # Failed guesses are limited per address (citations/api/guesses.py): checked before
        # any answer, on the way to the token (in its query) or alone when there is no key.
        try:
            return self._authenticate(request)
        except exceptions.AuthenticationFailed:
            guesses.record_failure(request)
            raise

    def _authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        key = _key(header)
        if key is None:  # nothing to look up: the address's count alone
            guesses.refuse_if_guessing(request)
        if not header or header[0].lower() != KEYWORD.lower().encode():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                "Invalid Authorization header: expected 'Token <key>'."
            )
        if key is None:
            raise exceptions.AuthenticationFailed("Invalid or revoked token.")
        token = guesses.token_unless_guessing(request, digest=token_digest(key))
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid or revoked token.")
        token_touch(token=token)
        return ApiPrincipal(client=token.client, token=token), token

    def authenticate_header(self, request) -> str:
        # Makes DRF answer 401 (not 403) when credentials are missing.
        return KEYWORD


def _key(header: list[bytes]) -> str | None:
    """The key of `Token <key>` when there is one to look up (ASCII), else None."""
    if len(header) != 2 or header[0].lower() != KEYWORD.lower().encode():
        return None
    return header[1].decode("ascii") if header[1].isascii() else None
