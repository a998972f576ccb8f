"""The answer list's pages: keyset pages behind an opaque cursor (`selectors.keyset`), the same
cost at any depth. Page numbers are gone: `?page=N` made the database walk every answer before
the page (OFFSET), and a page's contents shifted as answers arrived."""

from rest_framework import exceptions, serializers
from rest_framework.pagination import BasePagination
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param

from citations.selectors.keyset import CURSOR_MAX_CHARS, InvalidCursor
from citations.selectors.keyset_pages import keyset_page

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 100
CURSOR_HELP = (
    "Where the page starts: the `next` or `previous` link of the page before, as given "
    "(opaque; valid for the same filters). Without it, the first page."
)


class PageInputSerializer(serializers.Serializer):
    cursor = serializers.CharField(required=False, max_length=CURSOR_MAX_CHARS)
    page_size = serializers.IntegerField(required=False, min_value=1, max_value=MAX_PAGE_SIZE)


def _link(schema_help: str) -> dict:
    return {"type": "string", "format": "uri", "nullable": True, "description": schema_help}


class KeysetPagination(BasePagination):
    """`{"next", "previous", "results"}`: `next` and `previous` are the URLs of the pages
    beside this one, null at either end; a bad `cursor` or `page_size` is a 400 naming it."""

    def paginate_queryset(self, queryset, request, view=None):
        if "page" in request.query_params:
            # A client still counting pages would get the first page again and again.
            raise exceptions.ValidationError(
                {"page": ["Pages are not numbered: follow the `next` and `previous` links."]}
            )
        params = PageInputSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        size = params.validated_data.get("page_size", DEFAULT_PAGE_SIZE)
        try:
            self.page = keyset_page(queryset, size=size, cursor=params.validated_data.get("cursor"))
        except InvalidCursor:
            raise exceptions.ValidationError(
                {"cursor": ["Not a cursor of this list: use a `next` or `previous` link as given."]}
            ) from None
        self.url = request.build_absolute_uri()
        return self.page.rows

    def _url(self, cursor: str | None) -> str | None:
        return None if cursor is None else replace_query_param(self.url, "cursor", cursor)

    def get_paginated_response(self, data):
        return Response(
            {
                "next": self._url(self.page.next),
                "previous": self._url(self.page.previous),
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema):
        return {
            "type": "object",
            "required": ["next", "previous", "results"],
            "properties": {
                "next": _link("The next page; null on the last."),
                "previous": _link("The page before; null on the first."),
                "results": schema,
            },
        }

    def get_schema_operation_parameters(self, view):
        return [
            {
                "name": "cursor",
                "required": False,
                "in": "query",
                "description": CURSOR_HELP,
                "schema": {"type": "string"},
            },
            {
                "name": "page_size",
                "required": False,
                "in": "query",
                "description": f"Answers per page, 1 to {MAX_PAGE_SIZE}.",
                "schema": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_PAGE_SIZE,
                    "default": DEFAULT_PAGE_SIZE,
                },
            },
        ]
