"""Keyset pages of a searched list on PostgreSQL, fast whatever the words.

A page is the first rows of the order that match, and two ways find them, each fast where the
other is slow (figures at 1,000,000 answers in the README's search lines):

- walk the order's index and check each row's stored words (`search_document`, migration
  0018) until the page is full: cheap when many rows match ("leave": every answer, "case 15":
  one in twenty), but it reads every row when none does;
- match through the GIN index of the stored words, then sort the matches: cheap when few rows
  match, but it reads and sorts each one (45,000 for "case 15": 9.9 s).

PostgreSQL's planner chooses between them by its estimate of how many rows match, which is a
guess for a prefix (`case:*` at 2 % of answers where every answer has it) and for words that
go together. So the page does not ask it: it walks at most WALK_ROWS rows of the order (a
bound on rows read, not on rows found), and only when those hold too few matches, and more
rows follow them, takes the matches from the GIN index (of the search's rarer words only, by
the column's statistics: see COMMON_SHARE), checking each for the whole search. Either way
the rows and their order are the same; only the cost differs. Neither way reads without
bound, but for a search whose many matches all sort after the first WALK_ROWS rows (the GIN
way then reads each of them).
"""

from django.db import connection
from django.db.models import BooleanField, Expression, QuerySet
from django.db.models.expressions import RawSQL
from django.db.models.lookups import Exact
from django.db.models.sql.where import AND

from citations.selectors.keyset import Keyset

# Rows of the order one page's walk reads at most: with the stored words about 10 us each at a
# million answers, and a page of 25 fills within it when at least one row in 80 matches.
WALK_ROWS = 2000
# The stored words and the configuration of migration 0018's trigger: change them together.
SEARCH_CONFIG = "simple"
# A word in more than this share of the answers is not looked up in the GIN index when the
# search has rarer ones: its list is long (a prefix every answer has: 180 ms at a million
# answers, where a rare number's takes 0.03 ms), and the rarer words' few matches are checked
# for it on their stored words instead.
COMMON_SHARE = 0.01


class SearchMatch(Expression):
    """`search_document @@ <tsquery>`: the row's stored words hold the query.

    The column is PostgreSQL's alone (the model does not declare it), so it is named bare: no
    table joined to the answers has a column of that name, and in a subquery the name binds
    to the subquery's own answers."""

    conditional = True
    output_field = BooleanField()

    def __init__(self, terms: list[str]):
        super().__init__()
        self.terms = list(terms)
        self.tsquery = " & ".join(self.terms)

    def as_sql(self, compiler, connection):
        return "search_document @@ to_tsquery(%s::regconfig, %s)", [SEARCH_CONFIG, self.tsquery]

    def __repr__(self):
        return f"SearchMatch({self.tsquery!r})"


def _is_search(node) -> bool:
    """Whether a WHERE child is a `filter(SearchMatch(...))` (Django keeps a boolean
    expression as `expression = True`)."""
    return isinstance(node, Exact) and isinstance(node.lhs, SearchMatch)


def split_search(queryset: QuerySet) -> tuple[QuerySet, SearchMatch | None]:
    """The queryset without its search (a top-level `filter(SearchMatch(...))`), and that
    search; None when it has none."""
    where = queryset.query.where
    places = [i for i, child in enumerate(where.children) if _is_search(child)]
    if where.connector != AND or where.negated or len(places) != 1:
        return queryset, None
    unsearched = queryset.all()
    del unsearched.query.where.children[places[0]]  # a clone's: `queryset` keeps its search
    return unsearched, where.children[places[0]].lhs


def term_shares() -> dict[str, float]:
    """The share of answers that hold each of the most common stored words, from ANALYZE's
    sample (pg_stats); empty before the column has been analysed."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT most_common_elems::text::text[], most_common_elem_freqs FROM pg_stats "
            "WHERE tablename = 'citations_answer' AND attname = 'search_document'"
        )
        row = cursor.fetchone()
    # The frequencies end with three more figures (least, most, nulls): zip stops before them.
    return dict(zip(row[0], row[1], strict=False)) if row and row[0] else {}


def share(term: str, shares: dict[str, float]) -> float:
    """At most the share of answers holding `term` (a prefix `word:*` sums its words'); 0 for
    a word too rare to be among the most common."""
    word = term.removesuffix(":*").lower()
    if word == term.lower():
        return shares.get(word, 0.0)
    return min(1.0, sum(value for lexeme, value in shares.items() if lexeme.startswith(word)))


def rare_part(search: SearchMatch) -> SearchMatch:
    """The search's words the GIN index reads quickly (see COMMON_SHARE); all of them when
    each is common (then together they may still be rare)."""
    shares = term_shares()
    rare = [term for term in search.terms if share(term, shares) < COMMON_SHARE]
    return SearchMatch(rare or search.terms)


def among(queryset: QuerySet) -> RawSQL:
    """`id = ANY(ARRAY(<queryset's ids>))`: the rows of `queryset`, computed once on their
    own (an array, not a join the planner could turn into a walk of another index)."""
    sql, params = queryset.order_by().values("pk").query.sql_with_params()
    column = queryset.model._meta.pk.column
    return RawSQL(
        f'"{queryset.model._meta.db_table}"."{column}" = ANY(ARRAY({sql}))',
        params,
        output_field=BooleanField(),
    )


class SearchKeyset(Keyset):
    """A Keyset whose pages of a searched queryset (see `split_search`) walk the order's
    index at most WALK_ROWS rows, then take the matches from the GIN index (the module's
    doc). A queryset without a search is read as Keyset reads it."""

    def rows(self, queryset: QuerySet, key: tuple | None, *, backward: bool, limit: int) -> list:
        unsearched, search = split_search(queryset)
        if search is None or connection.vendor != "postgresql":
            return super().rows(queryset, key, backward=backward, limit=limit)
        walk = self.page(unsearched, key, backward=backward).annotate(search_hit=search)
        hits, walked_all = _walk(walk, limit)
        if len(hits) < limit and not walked_all:
            candidates = unsearched.filter(rare_part(search))
            matches = unsearched.filter(among(candidates)).filter(search)
            return list(self.page(matches, key, backward=backward)[:limit])
        return list(self.ordered(unsearched.filter(pk__in=hits), backward=backward))


def _walk(walk: QuerySet, limit: int) -> tuple[list[int], bool]:
    """The ids of the first `limit` rows among the first WALK_ROWS of `walk` (in order, each
    with its `search_hit`) that match, read no further than the last one found; and whether
    those were all of its rows (else the WALK_ROWS-th row comes back too, as the sign)."""
    rows = walk.values_list("pk", "search_hit")[:WALK_ROWS]
    sql, params = rows.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pk, hit, n FROM (SELECT pk, hit, row_number() OVER () AS n "
            f"FROM ({sql}) AS walk (pk, hit)) AS numbered WHERE hit OR n = %s LIMIT %s",
            [*params, WALK_ROWS, limit + 1],
        )
        found = cursor.fetchall()
    hits = [pk for pk, hit, _ in found if hit][:limit]
    return hits, all(n < WALK_ROWS for *_, n in found)
