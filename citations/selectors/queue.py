"""Reads of the review dashboard's triage queue: its scopes, tabs, counts, sorts, search, rows,
the people answers can be assigned to and the next answer."""

import re
from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Substr

from citations.models import Answer, ApiClient, ReviewStatus
from citations.querysets import claim_cutoff
from citations.roles import may_decide
from citations.selectors.keyset_pages import GroupedKeyset, KeyReader, KeysetPage, keyset_page
from citations.selectors.keyset_search import SearchKeyset, SearchMatch

# The triage order: the worst answers first (by severity, then by their weakest sentence's
# support score), then the oldest. Nulls last is PostgreSQL's ascending default, so the
# `answer_triage_order` index serves it.
TRIAGE_ORDER = (
    "-severity",
    F("min_support").asc(nulls_last=True),
    "-unsupported_count",
    "-uncited_count",
    "created_at",
    "id",
)

REVIEW_TAB_ORDER = {
    ReviewStatus.NEEDS_REVIEW: TRIAGE_ORDER,
    ReviewStatus.APPROVED: ("-review_completed_at", "-id"),
    ReviewStatus.REJECTED: ("-review_completed_at", "-id"),
    ReviewStatus.RETURNED: ("-review_completed_at", "-id"),
    ReviewStatus.CLEAN: ("-created_at", "-id"),
    None: ("-created_at", "-id"),
}


# The queue's sorts (a validated query parameter; "severity" is the default). Age puts the
# answers waiting longest first; client groups by client name, worst first within each.
SORT_ORDERS = {
    "severity": TRIAGE_ORDER,
    "age": ("created_at", "id"),
    "client": ("client__name", "client_id", *TRIAGE_ORDER),
}
DEFAULT_SORT = "severity"

# Which answers the queue lists before its status tabs: the ones the user may decide (the
# default), the ones assigned to them, or all of them.
SCOPES = ("decidable", "mine", "all")
DEFAULT_SCOPE = "decidable"

# Tab counts stop here: counting more would read every answer of a large tab on each page
# view, for a figure nobody reads past "more than ten thousand" ("10,000+").
COUNT_CAP = 10_000

# Full-text search on PostgreSQL. The 'simple' configuration (no stemming, no stop words): the
# answers are legal and numeric text where "Art. 5(1)(a)", "GDPR", "30" and "a" are what a
# reviewer looks for, and English stemming and stop words would drop or mangle them (and the
# answers are not all English). A word of the search is matched as a prefix (`leav:*`), which
# finds plurals and words still being typed, the recall stemming would have given; a number
# (ASCII digits only) is matched whole, so "case 15" does not find "case 150".
# The words are matched against each answer's stored words (migration 0019, its trigger and
# GIN index), and a page is read by `keyset_search.SearchKeyset`, fast whatever the words.
# Letters and digits only: the tsquery is built from these, so no operator can be injected.
SEARCH_WORD = re.compile(r"[^\W_]+")
SEARCH_NUMBER = re.compile(r"[0-9]+")
SEARCH_MAX_WORDS = 8
# SQLite's stand-in for PostgreSQL's words: a prefix starts a word; a number is whole, not
# part of a decimal ("1.15") or of a longer word ("15th"), as PostgreSQL's parser reads them.
SQLITE_PREFIX = r"\b{}"
SQLITE_NUMBER = r"(?<![\w.]){}(?!\w|\.\d)"


def active_claimer(answer: Answer):
    """The user reviewing the answer now, or None when the claim lapsed or was released."""
    if answer.claimed_by_id and answer.claimed_at and answer.claimed_at >= claim_cutoff():
        return answer.claimed_by
    return None


def queue(*, status: str | None = None) -> QuerySet[Answer]:
    """Current answers (not superseded by a revision) in triage order; `status` one of
    ReviewStatus values, None for all."""
    queryset = Answer.objects.current().select_related("client", "claimed_by")
    if status:
        queryset = queryset.filter(review_status=status)
    return queryset.order_by(*TRIAGE_ORDER)


def queue_counts(queryset: QuerySet[Answer] | None = None, *, cap: int = COUNT_CAP) -> dict:
    """Answers per review status plus "all", each counted up to `cap` + 1 (more than `cap`
    reads "cap+"), in one query.

    Each count reads at most `cap` + 1 entries of the (is_current, review_status) index,
    whatever the size of the tab: a full GROUP BY read every answer on each page view (about
    15 ms per 100,000 answers, so 150 ms at a million, and far more under a search).
    """
    queryset = (Answer.objects.current() if queryset is None else queryset).order_by()
    if queryset.query.is_empty():  # a scope that holds nothing: no query for nothing
        return dict.fromkeys([*ReviewStatus.values, "all"], 0)
    # The status tabs differ only in the status they bind: their query is compiled once and
    # bound to each (compiling it per tab was most of the ORM's work on a queue page).
    tab = queryset.filter(review_status=_TAB_STATUS).values("pk")[: cap + 1]
    sql, params = tab.query.sql_with_params()
    at = params.index(_TAB_STATUS)
    parts = [(sql, (*params[:at], status, *params[at + 1 :])) for status in ReviewStatus.values]
    parts.append(queryset.values("pk")[: cap + 1].query.sql_with_params())
    return dict(zip([*ReviewStatus.values, "all"], _counts(parts), strict=True))


# Where a tab's status goes in the tab counts' query (bound to each status in its place).
_TAB_STATUS = "<tab status>"


def _counts(parts: list[tuple[str, tuple]]) -> tuple[int, ...]:
    """The rows of each compiled query (each bounded in what it reads), in one query."""
    sql = ", ".join(f"(SELECT COUNT(*) FROM ({part}) AS counted)" for part, _ in parts)
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + sql, [param for _, params in parts for param in params])
        return tuple(cursor.fetchone())


def review_queue_page_rows(
    queryset: QuerySet[Answer], *, status: str | None, sort: str | None = None
) -> QuerySet[Answer]:
    """One tab of the queue in `sort` order (a key of SORT_ORDERS; None: the order the
    queryset was given by `queue_sorted`, else the tab's own), with what a row shows (client,
    claimer, assignee) joined."""
    if status:
        queryset = queryset.filter(review_status=status)
    if sort in SORT_ORDERS:
        queryset = queryset.order_by(*SORT_ORDERS[sort])
    elif not queryset.query.order_by:
        queryset = queryset.order_by(*REVIEW_TAB_ORDER.get(status, REVIEW_TAB_ORDER[None]))
    return queryset.select_related("client", "claimed_by", "assigned_to").defer(
        "metadata", "sentence_alignment"
    )


def queue_counted(search: str | None) -> bool:
    """Whether the tabs are counted under this search text: not under a search. Matching
    answers to count them reads the whole index of the search's words (a word in every
    answer: 1.3 s per tab at a million answers, however few are counted), where the page
    reads only its own rows, matching them as it goes."""
    return not search_words(search or "")


# A queue row's title: the question, else the text, cut to this many characters (the template's
# truncatechars; one more is read so that it knows to add its ellipsis).
ROW_TEXT_CHARS = 160
# What a page's row shows (citations/answer_list.html) and its sorts read, and nothing more:
# each column more is one more attribute set on each of the page's answers and users (an
# answer has 33 columns, a user 11).
ROW_FIELDS = (
    "question",
    "created_at",
    "review_status",
    "review_completed_at",
    "is_legal",
    "revision",
    "severity",
    "min_support",
    "verified_count",
    "unsupported_count",
    "uncited_count",
    "flagged_count",
    "decided_count",
    "client__name",
    "claimed_by__username",
    "claimed_at",
    "assigned_to__username",
)


def review_queue_reader(
    queryset: QuerySet[Answer], *, status: str | None, sort: str
) -> tuple[QuerySet[Answer], KeyReader]:
    """One tab's rows in `sort`'s order and what reads them by keyset: the order's key (under
    a search, see keyset_search), or for the client sort, client by client (see
    keyset_pages.GroupedKeyset)."""
    # A row shows the text's start only ("text_head"): the whole text of a 9,000-sentence
    # answer is a megabyte, sent by the database for 161 characters.
    rows = (
        review_queue_page_rows(queryset, status=status, sort=sort)
        .only(*ROW_FIELDS)
        .annotate(text_head=Substr("text", 1, ROW_TEXT_CHARS + 1))
    )
    if sort != "client":
        return rows, SearchKeyset(rows)
    # SORT_ORDERS["client"]: the clients by name then id, each client's answers in triage
    # order, each one range of its own index.
    clients = ApiClient.objects.order_by("name", "id").values_list("pk", flat=True)
    rows = rows.order_by(*TRIAGE_ORDER)
    client_id = Answer._meta.get_field("client").target_field
    grouped = GroupedKeyset(
        rows, field="client_id", groups=list(clients), group_field=client_id, inner=SearchKeyset
    )
    return rows, grouped


def review_queue_page(
    queryset: QuerySet[Answer], *, status: str | None, sort: str, cursor: str | None, size: int
) -> KeysetPage:
    """The page of one tab in `sort`'s order that `cursor` names (the first without one), in
    keyset order: the same cost at any depth. InvalidCursor for a cursor this tab and sort
    did not make."""
    rows, reader = review_queue_reader(queryset, status=status, sort=sort)
    return keyset_page(rows, size=size, cursor=cursor, reader=reader)


def queue_sorted(queryset: QuerySet[Answer], *, sort: str) -> QuerySet[Answer]:
    """The queue's answers in a sort's order (see SORT_ORDERS; an unknown one is the default),
    so whatever lists them (the page, its exports) lists them in the same order."""
    return queryset.order_by(*SORT_ORDERS.get(sort, SORT_ORDERS[DEFAULT_SORT]))


def queue_scope(queryset: QuerySet[Answer], *, scope: str, user) -> QuerySet[Answer]:
    """Narrow the queue to a scope (see SCOPES; an unknown one is the default)."""
    if scope == "all":
        return queryset
    if scope == "mine":
        return queryset.filter(assigned_to=user)
    # Decidable: a reviewer does not see legal answers mixed into their list (editors do).
    legal = may_decide(user, is_legal=True)
    plain = may_decide(user, is_legal=False)
    if legal and plain:
        return queryset
    if legal or plain:
        return queryset.filter(is_legal=legal)
    return queryset.none()


def search_words(text: str) -> list[str]:
    return SEARCH_WORD.findall(text or "")[:SEARCH_MAX_WORDS]


def queue_search(queryset: QuerySet[Answer], text: str) -> QuerySet[Answer]:
    """Answers whose question or text holds every word of `text`.

    PostgreSQL: full-text search of the stored words of migration 0018, each word a prefix,
    each number whole (read its pages with `review_queue_reader`: see keyset_search).
    Elsewhere (SQLite in development and tests): the same rule as a regular expression, a
    scan that is fine at development sizes.
    """
    words = search_words(text)
    if not words:
        return queryset
    if connection.vendor == "postgresql":
        terms = [word if SEARCH_NUMBER.fullmatch(word) else f"{word}:*" for word in words]
        return queryset.filter(SearchMatch(terms))
    for word in words:
        shape = SQLITE_NUMBER if SEARCH_NUMBER.fullmatch(word) else SQLITE_PREFIX
        pattern = shape.format(re.escape(word))
        queryset = queryset.filter(Q(question__iregex=pattern) | Q(text__iregex=pattern))
    return queryset


def assignees():
    """Active users who may decide some answers (reviewers, editors, superusers), by name: the
    choices of the queue's "assign to". `is_staff` alone is admin access, not a role."""
    perms = ("decide_answer", "decide_legal_answer")
    role = (
        Q(is_superuser=True)
        | Q(
            groups__permissions__codename__in=perms,
            groups__permissions__content_type__app_label="citations",
        )
        | Q(
            user_permissions__codename__in=perms,
            user_permissions__content_type__app_label="citations",
        )
    )
    users = get_user_model().objects.filter(is_active=True)
    return users.filter(pk__in=users.filter(role).values("pk")).order_by("username")


def next_for_review(*, user, exclude: Iterable[int] = (), include_legal: bool = True):
    """The first answer needing review that nobody else is reviewing now, in triage order,
    limited to answers the user may decide and not in `exclude` (the ones they just left).

    Answers assigned to the user come first; answers assigned to somebody else are theirs and
    never offered. Two indexed reads rather than one ordered by "assigned to me", which would
    sort every answer needing review.
    """
    candidates = (
        queue(status=ReviewStatus.NEEDS_REVIEW).claimable_by(user).exclude(pk__in=list(exclude))
    )
    if not include_legal:
        candidates = candidates.filter(is_legal=False)
    mine = candidates.filter(assigned_to=user).first()
    return mine or candidates.filter(assigned_to__isnull=True).first()


def skipped_by(*, user, left: Iterable[int], include_legal: bool = True) -> QuerySet[Answer]:
    """The answers among `left` (those the user moved on from in this session) that still need
    review and that they may take: the ones they skipped, in triage order."""
    skipped = queue(status=ReviewStatus.NEEDS_REVIEW).claimable_by(user).filter(pk__in=list(left))
    skipped = skipped.filter(Q(assigned_to__isnull=True) | Q(assigned_to=user))
    return skipped if include_legal else skipped.filter(is_legal=False)


def progress_today(*, user, since, cap: int = COUNT_CAP) -> dict:
    """The day's progress on the answers `user` may decide: `decided`, those whose review
    completed since `since` (the start of the day), of `total`, those plus the ones waiting;
    `more` when the waiting ones were counted only up to `cap` + 1 (the total reads "n+").

    One query of two counts, each read from the (is_current, is_legal, review_status) index:
    the waiting ones capped as the tabs are (`queue_counts`), the decided ones among the rows
    whose review is over only. One count over both read every answer of the scope (220 ms at
    100,000 answers waiting, on every queue page).
    """
    scoped = queue_scope(Answer.objects.current(), scope=DEFAULT_SCOPE, user=user).order_by()
    if scoped.query.is_empty():  # may decide nothing: no query for nothing
        return {"decided": 0, "total": 0, "more": False}
    over = [status for status in ReviewStatus.values if status != ReviewStatus.NEEDS_REVIEW]
    decided = scoped.filter(review_status__in=over, review_completed_at__gte=since)
    waiting = scoped.filter(review_status=ReviewStatus.NEEDS_REVIEW).values("pk")[: cap + 1]
    done, waits = _counts([q.query.sql_with_params() for q in (decided.values("pk"), waiting)])
    return {"decided": done, "total": done + min(waits, cap), "more": waits > cap}


def claims_of(*, user) -> QuerySet[Answer]:
    """The current answers `user` holds a live claim on, the newest claim first."""
    return (
        Answer.objects.current()
        .claimed_by_now(user)
        .only("pk", "question", "claimed_at")
        .order_by("-claimed_at", "-id")
    )


def queue_current() -> QuerySet[Answer]:
    """What the dashboard queue filters: current answers only (a superseded revision is
    reached from its lineage, never triaged again)."""
    return Answer.objects.current()
