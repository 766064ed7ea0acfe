"""Small reads that run after every move, compiled to SQL once and afterwards only executed.

After each move three apps ask one small question each (is the player to move a built-in bot?
does that player want a "your move" mail? has anybody planned conditional moves in this game?).
Building and compiling such a query through the ORM costs 0.3-0.6 ms of Python on the 2-core
machine; executing its SQL costs ~0.03 ms (measured: README "Server CPU per move"). A
`PreparedRows` lets the ORM build and compile the query (table and column names, joins and
quoting stay the ORM's), once per database, and then only executes that SQL with the new value.

Values come back as the database driver gives them, without the fields' converters: use it for
integers, strings and truthiness (SQLite gives booleans as 0/1), not for dates or JSON.
"""
from __future__ import annotations

from collections.abc import Callable

from django.db import connections
from django.db.models import QuerySet

# Stands for the value while the query is compiled; no real primary key or id equals it. Inside
# the range of a 32-bit integer column: Django compiles a lookup with a value outside the
# column's range to "no rows" (EmptyResultSet) on PostgreSQL.
_MARK = -2_091_004_221


class PreparedRows:
    """`build(value)` returns the queryset (a values_list, sliced if it should be limited) for
    one integer `value`; `rows(value)` runs it and returns the rows as tuples."""

    def __init__(self, build: Callable[[int], QuerySet]) -> None:
        self._build = build
        # per database alias and vendor (tests may run another database in the same process)
        self._compiled: dict[tuple[str, str], tuple[str, list, list[int]]] = {}

    def _compile(self) -> tuple[str, str, list, list[int]]:
        queryset = self._build(_MARK)
        alias = queryset.db
        key = (alias, connections[alias].vendor)
        compiled = self._compiled.get(key)
        if compiled is None:
            sql, params = queryset.query.get_compiler(using=alias).as_sql()
            slots = [i for i, param in enumerate(params) if param == _MARK]
            if not slots:
                raise ValueError("the prepared query does not use its value")
            compiled = self._compiled[key] = (sql, list(params), slots)
        return (alias, *compiled)

    def rows(self, value: int) -> list[tuple]:
        alias, sql, params, slots = self._cached_or_compile()
        params = list(params)
        for slot in slots:
            params[slot] = value
        with connections[alias].cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall()

    def _cached_or_compile(self) -> tuple[str, str, list, list[int]]:
        # One database in practice: the first compiled entry whose vendor still matches its
        # connection is used without building the queryset again.
        for (alias, vendor), compiled in self._compiled.items():
            if connections[alias].vendor == vendor:
                return (alias, *compiled)
        return self._compile()
