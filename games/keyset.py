"""Keyset pagination for lists of games: a page is read from a position ("games that ended
before this one"), never by skipping rows, so the 1st and the 50,000th page cost the same.

A list is a sequence of segments (the archive: running games by last activity, then ended games
by when they ended), each ordered newest first by (time, id) and read by one or two index scans
(branches: a player's games as White and as Black are two scans merged here, because one
`white = p OR black = p` condition cannot be read in order from an index). Each read takes only
the rows of one page (plus one to know there is more), from the cursor on.

A cursor is opaque to clients: base64 of the direction, the segment, the time and the id of
the row it starts after (next) or before (previous).
"""
from __future__ import annotations

import base64
import binascii
import heapq
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime

from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from games.errors import InvalidInput

# Counting stops here: an exact count of a large table on every page is what this module is
# for avoiding ("1,000+" as lichess shows it).
COUNT_CAP = 1000


class BadCursor(InvalidInput):
    code = "bad_cursor"


@dataclass(frozen=True)
class Segment:
    """One stretch of the list: rows of `branches` (querysets without ordering, disjoint),
    ordered by (`time_field`, id) descending."""
    name: str
    time_field: str
    branches: Sequence[QuerySet]


@dataclass
class Page:
    rows: list = field(default_factory=list)
    next_cursor: str | None = None
    previous_cursor: str | None = None
    count: int = 0
    count_capped: bool = False  # more than `count` rows exist


def _encode(direction: str, segment: str, at: datetime, pk: int) -> str:
    raw = f"{direction}|{segment}|{at.isoformat()}|{pk}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _decode(cursor: str, segments: Sequence[Segment]) -> tuple[str, int, datetime, int]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        direction, name, at, pk = raw.split("|")
        index = [segment.name for segment in segments].index(name)
        when, key = datetime.fromisoformat(at), int(pk)
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise BadCursor(_("The cursor is not one this list gave out: follow next / previous.")) \
            from None
    if direction not in ("n", "p") or when.tzinfo is None or not 0 < key < 2**63:
        raise BadCursor(_("The cursor is not one this list gave out: follow next / previous."))
    return direction, index, when, key


def _key(row, segment: Segment) -> tuple[datetime, int]:
    return getattr(row, segment.time_field), row.pk


def _read(segment: Segment, *, older: bool, start: tuple[datetime, int] | None,
          limit: int) -> list:
    """Up to `limit` rows of the segment from `start` (exclusive) on: older ones (descending)
    or newer ones (ascending)."""
    t = segment.time_field
    found = []
    for branch in segment.branches:
        if start is not None:
            at, pk = start
            # The plain bound on the time is what an index can start its scan at; the OR only
            # sorts out the rows that share the cursor's time.
            if older:
                branch = branch.filter(Q(**{f"{t}__lt": at}) | Q(**{t: at, "pk__lt": pk}),
                                       **{f"{t}__lte": at})
            else:
                branch = branch.filter(Q(**{f"{t}__gt": at}) | Q(**{t: at, "pk__gt": pk}),
                                       **{f"{t}__gte": at})
        order = (f"-{t}", "-pk") if older else (t, "pk")
        found.append(list(branch.order_by(*order)[:limit]))
    merged = heapq.merge(*found, key=lambda row: _key(row, segment), reverse=older)
    return list(merged)[:limit]


def _count(segments: Sequence[Segment]) -> tuple[int, bool]:
    total = 0
    for segment in segments:
        for branch in segment.branches:
            total += branch.order_by().values("pk")[:COUNT_CAP + 1 - total].count()
            if total > COUNT_CAP:
                return COUNT_CAP, True
    return total, False


def _walk(segments: Sequence[Segment], *, older: bool, index: int,
          start: tuple[datetime, int] | None, limit: int) -> list[tuple[int, object]]:
    """Rows (with their segment's index) from a position on, across segments, up to `limit`."""
    rows: list[tuple[int, object]] = []
    step = 1 if older else -1
    while 0 <= index < len(segments) and len(rows) < limit:
        got = _read(segments[index], older=older, start=start, limit=limit - len(rows))
        rows.extend((index, row) for row in got)
        index, start = index + step, None
    return rows


# PostgreSQL without statistics (a grown table before autovacuum's first analyze) guesses that
# `status = 'finished'` matches ~0.5 % of the rows, a handful once a cursor's bound or a filter
# is added: it then takes a bitmap scan of every finished game's index entries (the capped
# count: 60-130 ms at 1M games) and sorts what it found (deep and filtered pages: seconds).
# No query shape moved it (an ORDER BY in the index's order under the count's LIMIT included:
# the guess stays below the limit), so a page's reads are planned with sorts and bitmap scans
# priced out (SET LOCAL, this transaction only): every read here has an index in its order
# (games.migrations 0013), from which the LIMIT stops after one page (or COUNT_CAP + 1 rows).
# With statistics the plans are the same; the rest of the site keeps the planner's defaults.
# SQLite without statistics already reads these in index order (docs/performance.md).
PLANNER_PIN = (("enable_sort", "off"), ("enable_bitmapscan", "off"))


@contextmanager
def in_index_order() -> Iterator[None]:
    """Plan the reads run inside in the order of an index (PostgreSQL; elsewhere nothing)."""
    if connection.vendor != "postgresql":
        yield
        return
    nested = connection.in_atomic_block
    with transaction.atomic():
        with connection.cursor() as cursor:
            # The old values first (a select list is evaluated left to right), to put back
            # inside a caller's transaction, which SET LOCAL would outlive a savepoint into.
            cursor.execute("SELECT " + ", ".join(
                [f"current_setting('{name}')" for name, _ in PLANNER_PIN]
                + [f"set_config('{name}', '{value}', true)" for name, value in PLANNER_PIN]))
            before = cursor.fetchone()[:len(PLANNER_PIN)]
        yield
        # On an error the atomic block's rollback (to its savepoint) undoes the SET LOCAL.
        if nested:
            with connection.cursor() as cursor:
                cursor.execute("SELECT " + ", ".join(
                    f"set_config('{name}', %s, true)" for name, _ in PLANNER_PIN), before)


def paginate(segments: Sequence[Segment], *, cursor: str = "", size: int,
             count: bool = True) -> Page:
    """One page of `size` rows at `cursor` (empty: the first page)."""
    with in_index_order():
        return _paginate(segments, cursor=cursor, size=size, count=count)


def _paginate(segments: Sequence[Segment], *, cursor: str, size: int, count: bool) -> Page:
    page = Page()
    if count:
        page.count, page.count_capped = _count(segments)
    if cursor:
        direction, index, at, pk = _decode(cursor, segments)
    else:
        direction, index, at, pk = "n", 0, None, 0
    start = (at, pk) if at is not None else None
    if direction == "p":
        back = _walk(segments, older=False, index=index, start=start, limit=size + 1)
        if len(back) > size:
            rows, has_previous = list(reversed(back[:size])), True
            has_next = True
        else:  # reached the top: the first page
            direction, start, index = "n", None, 0
    if direction == "n":
        ahead = _walk(segments, older=True, index=index, start=start, limit=size + 1)
        rows, has_next, has_previous = ahead[:size], len(ahead) > size, start is not None
    page.rows = [row for _, row in rows]
    if rows and has_next:
        index, last = rows[-1]
        page.next_cursor = _encode("n", segments[index].name, *_key(last, segments[index]))
    if rows and has_previous:
        index, first = rows[0]
        page.previous_cursor = _encode("p", segments[index].name, *_key(first, segments[index]))
    return page
