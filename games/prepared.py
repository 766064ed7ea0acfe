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

# Stand for the values while the query is compiled; found again by position among the SQL's
# parameters. Small positive numbers, inside the range of every integer column (Django compiles
# a lookup with a value outside the column's range to "no rows" on PostgreSQL: a negative or
# huge marker broke there); a constant of the query that happened to equal one is refused.
_MARK = 31_337
# Values bound into the compiled SQL as they are: those every integer column and driver takes.
_SAFE_MIN, _SAFE_MAX = -(2**31), 2**31 - 1


class PreparedRows:
    """`build(*values)` returns the queryset (a values_list, sliced if it should be limited)
    for `arity` integer values; `rows(*values)` runs it and returns the rows as tuples."""

    def __init__(self, build: Callable[..., QuerySet], *, arity: int = 1) -> None:
        self._build = build
        self._marks = [_MARK - i for i in range(arity)]
        # per database alias and vendor (tests may run another database in the same process)
        self._compiled: dict[tuple[str, str], tuple[str, list, list[tuple[int, int]]]] = {}

    def _compile(self) -> tuple[str, str, list, list[tuple[int, int]]]:
        queryset = self._build(*self._marks)
        alias = queryset.db
        key = (alias, connections[alias].vendor)
        compiled = self._compiled.get(key)
        if compiled is None:
            sql, params = queryset.query.get_compiler(using=alias).as_sql()
            # (position in the SQL's parameters, which value goes there)
            slots = [(i, self._marks.index(param)) for i, param in enumerate(params)
                     if param in self._marks]
            if sorted(value for _, value in slots) != list(range(len(self._marks))):
                raise ValueError("the prepared query must use each of its values once")
            compiled = self._compiled[key] = (sql, list(params), slots)
        return (alias, *compiled)

    def rows(self, *values: int) -> list[tuple]:
        if not all(_SAFE_MIN <= value <= _SAFE_MAX for value in values):
            # The ORM's own answer for a value beyond a column's range (e.g. ?since=10**30:
            # no rows, where the driver would overflow); rare, so built as usual.
            return list(self._build(*values))
        alias, sql, params, slots = self._cached_or_compile()
        params = list(params)
        for slot, value in slots:
            params[slot] = values[value]
        with connections[alias].cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall()

    def _cached_or_compile(self) -> tuple[str, str, list, list[tuple[int, int]]]:
        # One database in practice: the first compiled entry whose vendor still matches its
        # connection is used without building the queryset again.
        for (alias, vendor), compiled in self._compiled.items():
            if connections[alias].vendor == vendor:
                return (alias, *compiled)
        return self._compile()
