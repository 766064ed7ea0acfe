"""Reads that run on every request or move, compiled to SQL once and afterwards only executed.

After each move three apps ask one small question each (is the player to move a built-in bot?
does that player want a "your move" mail? has anybody planned conditional moves in this game?).
Building and compiling such a query through the ORM costs 0.3-0.6 ms of Python on the 2-core
machine; executing its SQL costs ~0.03 ms (measured: README "Server CPU per move"). A
`PreparedRows` lets the ORM build and compile the query (table and column names, joins and
quoting stay the ORM's), once per database, and then only executes that SQL with the new value.

Values come back as the database driver gives them, without the fields' converters: use it for
integers, strings and truthiness (SQLite gives booleans as 0/1), not for dates or JSON.
`PreparedObjects` does the same for a read that gives one model instance (the API token with its
user, the game a move locks with its players), with the converters, as `get()` gives it.
"""
from __future__ import annotations

import weakref
from collections.abc import Callable

from django.core.exceptions import MultipleObjectsReturned
from django.db import connections
from django.db.models import QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

# Stand for the values while the query is compiled; found again by position among the SQL's
# parameters. Small positive numbers, inside the range of every integer column (Django compiles
# a lookup with a value outside the column's range to "no rows" on PostgreSQL: a negative or
# huge marker broke there); a constant of the query that happened to equal one is refused.
_MARK = 31_337
# Values bound into the compiled SQL as they are: those every integer column and driver takes.
_SAFE_MIN, _SAFE_MAX = -(2**31), 2**31 - 1


def _slots(params, marks: list) -> list[tuple[int, int]]:
    """(position among the compiled SQL's parameters, which value goes there) for each mark."""
    slots = [(i, marks.index(param)) for i, param in enumerate(params) if param in marks]
    if sorted(value for _, value in slots) != list(range(len(marks))):
        raise ValueError("the prepared query must use each of its values once")
    return slots


def _bound(params: list, slots: list[tuple[int, int]], values: tuple) -> list:
    params = list(params)
    for slot, value in slots:
        params[slot] = values[value]
    return params


def _in_range(values: tuple) -> bool:
    return all(_SAFE_MIN <= value <= _SAFE_MAX for value in values if isinstance(value, int))


def _current(compiled: dict):
    """The entry compiled for a database whose vendor still matches its connection (one
    database in practice), or None."""
    for (alias, vendor), entry in compiled.items():
        if connections[alias].vendor == vendor:
            return entry
    return None


class PreparedRows:
    """`build(*values)` returns the queryset (a values_list, sliced if it should be limited)
    for `arity` integer values; `rows(*values)` runs it and returns the rows as tuples."""

    def __init__(self, build: Callable[..., QuerySet], *, arity: int = 1) -> None:
        self._build = build
        self._marks = [_MARK - i for i in range(arity)]
        # per database alias and vendor (tests may run another database in the same process)
        self._compiled: dict[tuple[str, str], tuple[str, str, list, list[tuple[int, int]]]] = {}

    def rows(self, *values: int) -> list[tuple]:
        if not _in_range(values):
            # The ORM's own answer for a value beyond a column's range (e.g. ?since=10**30:
            # no rows, where the driver would overflow); rare, so built as usual.
            return list(self._build(*values))
        compiled = _current(self._compiled)
        if compiled is None:
            queryset = self._build(*self._marks)
            alias = queryset.db
            sql, params = queryset.query.get_compiler(using=alias).as_sql()
            compiled = self._compiled[(alias, connections[alias].vendor)] = (
                alias, sql, list(params), _slots(params, self._marks))
        alias, sql, params, slots = compiled
        with connections[alias].cursor() as cursor:
            cursor.execute(sql, _bound(params, slots, values))
            return cursor.fetchall()


class PreparedObjects:
    """Model instances (with select_related's objects) from SQL the ORM compiled once: for the
    reads every request makes (the API token and its user, the game a move locks), whose
    building and compiling through the ORM cost more than running them.

    `build(*values)` returns the queryset for `kinds` values (int or str each, in order); it may
    use select_related and select_for_update. `get(*values)` runs it and returns the one
    instance or None. Unlike PreparedRows the fields' converters run (dates on SQLite, JSON), as
    the ORM's own iteration runs them: an instance is the one `queryset.get()` would give.
    """

    def __init__(self, build: Callable[..., QuerySet], *, kinds: tuple[type, ...] = (int,)) -> None:
        self._build = build
        self._marks = [_MARK - i if kind is int else f"\x1fprepared-{i}\x1f"
                       for i, kind in enumerate(kinds)]
        self._compiled: dict[tuple[str, str], _CompiledObjects] = {}

    def get(self, *values):
        if not _in_range(values):
            return self._build(*values).first()
        compiled = _current(self._compiled) or self._compile()
        connection = connections[compiled.alias]
        if (compiled.for_update and connection.features.has_select_for_update
                and connection.get_autocommit()):
            # The check the ORM makes when it compiles a locking read, made on every run here.
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction.")
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, _bound(compiled.params, compiled.slots, values))
            rows = cursor.fetchmany(2)
        if not rows:
            return None
        if len(rows) > 1:
            raise MultipleObjectsReturned(f"{compiled.model.__name__}: more than one row")
        return compiled.instance(rows[0], connection)

    def _compile(self) -> _CompiledObjects:
        queryset = self._build(*self._marks)
        alias = queryset.db
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()  # also fills compiler.select and klass_info
        slots = _slots(params, self._marks)
        compiled = _CompiledObjects(alias, sql, list(params), slots, compiler.select,
                                    compiler.klass_info, compiler.col_count,
                                    bool(queryset.query.select_for_update))
        self._compiled[(alias, connections[alias].vendor)] = compiled
        return compiled


class _CompiledObjects:
    """What ModelIterable works out per query (django/db/models/query.py, Django 5.2), kept.
    Nothing of the compiling thread's connection is kept: the converters are looked up once per
    connection that runs the query (connections are per thread; a request thread keeps its
    connection, so this is once per thread, not once per request)."""

    def __init__(self, alias: str, sql: str, params: list, slots: list[tuple[int, int]],
                 select: list, klass_info: dict, col_count: int, for_update: bool) -> None:
        self.alias, self.sql, self.params, self.slots = alias, sql, params, slots
        self.for_update = for_update
        self.model = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [column[0].target.attname for column in select[self.start:self.end]]
        self.populators = get_related_populators(klass_info, select, alias)
        self.expressions = [column[0] for column in select[0:col_count]]
        self._converters: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def instance(self, row: tuple, connection):
        row = list(row)
        # SQLCompiler.get_converters and apply_converters, for one row.
        converters = self._converters.get(connection)
        if converters is None:
            converters = self._converters[connection] = [
                (position, expression, found)
                for position, expression in enumerate(self.expressions)
                if (found := connection.ops.get_db_converters(expression)
                    + expression.get_db_converters(connection))]
        for position, expression, found in converters:
            for converter in found:
                row[position] = converter(row[position], expression, connection)
        obj = self.model.from_db(self.alias, self.init_list, row[self.start:self.end])
        for populator in self.populators:
            populator.populate(row, obj)
        return obj
