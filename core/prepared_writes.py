"""Writes that run on every move, their SQL written once and afterwards only executed.

Every move updates its game row with a compare-and-set and inserts its Move row. Through the
ORM, `QuerySet.filter(...).update(...)` builds and compiles an UpdateQuery each time and
`Model.objects.create()` builds an instance and an InsertQuery: ~0.6 ms of Python per move on
the 2-core machine for SQL that is the same every time (measured in docs/performance.md,
"Socket moves"). These keep that SQL per set of field names - the model's own table and
column names, quoted by the connection - and run it with the values each field prepares for
the database (`get_db_prep_save`, as `update()` and `save()` do), so what is stored is what
the ORM would store. No model signals are sent (the ORM's update() sends none either; the
models written here have no receivers), and no expression (F(), Now()) is taken.
"""
from __future__ import annotations

from django.db import connections, router
from django.db.models import DateTimeField, Model
from django.utils import timezone


def _checked(values: dict) -> None:
    for name, value in values.items():
        if hasattr(value, "resolve_expression"):
            raise TypeError(f"{name}: an expression; write it through the ORM")


class PreparedUpdate:
    """`update(where={...}, values={...})` on `model`: UPDATE the rows whose `where` fields (the
    names given here, in order; "pk" for the primary key) equal the values given, setting
    `values`. Returns the number of rows changed, as QuerySet.update() does."""

    def __init__(self, model: type[Model], where: tuple[str, ...]) -> None:
        self.model = model
        meta = model._meta
        self.where = [meta.pk if name == "pk" else meta.get_field(name) for name in where]
        self._sql: dict[tuple, str] = {}

    def update(self, *, where: tuple, values: dict) -> int:
        _checked(values)
        meta = self.model._meta
        fields = [meta.get_field(name) for name in values]
        connection = connections[router.db_for_write(self.model)]
        key = (connection.alias, connection.vendor, tuple(values))
        sql = self._sql.get(key)
        if sql is None:
            quote = connection.ops.quote_name
            sql = self._sql[key] = "UPDATE {} SET {} WHERE {}".format(
                quote(meta.db_table),
                ", ".join(f"{quote(field.column)} = %s" for field in fields),
                " AND ".join(f"{quote(field.column)} = %s" for field in self.where))
        params = [field.get_db_prep_save(value, connection)
                  for field, value in zip(fields, values.values())]
        params += [field.get_db_prep_save(value, connection)
                   for field, value in zip(self.where, where)]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.rowcount


class PreparedInsert:
    """`insert(**values)`: INSERT one row of `model` with `values` (field names; a foreign key by
    its attname, e.g. game_id) plus the `stamped` fields (auto_now_add times: now, as save()
    fills them). A unique constraint it breaks raises django.db.IntegrityError, as save()
    does. The new row's key is not read back."""

    def __init__(self, model: type[Model], stamped: tuple[str, ...] = ()) -> None:
        self.model = model
        self.stamped = [model._meta.get_field(name) for name in stamped]
        for field in self.stamped:
            if not (isinstance(field, DateTimeField) and (field.auto_now_add or field.auto_now)):
                raise TypeError(f"{field.name} is not a time the database row stamps itself with")
        self._sql: dict[tuple, str] = {}

    def insert(self, **values) -> None:
        _checked(values)
        meta = self.model._meta
        fields = [meta.get_field(name) for name in values] + self.stamped
        connection = connections[router.db_for_write(self.model)]
        key = (connection.alias, connection.vendor, tuple(values))
        sql = self._sql.get(key)
        if sql is None:
            quote = connection.ops.quote_name
            sql = self._sql[key] = "INSERT INTO {} ({}) VALUES ({})".format(
                quote(meta.db_table), ", ".join(quote(field.column) for field in fields),
                ", ".join(["%s"] * len(fields)))
        params = [field.get_db_prep_save(value, connection)
                  for field, value in zip(fields, values.values())]
        now = timezone.now()
        params += [field.get_db_prep_save(now, connection) for field in self.stamped]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
