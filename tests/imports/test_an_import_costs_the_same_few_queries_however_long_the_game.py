"""Storing an import costs a fixed handful of statements, not one per move: the moves go in
one bulk insert (one statement on PostgreSQL; SQLite's parameter cap splits it into batches of
the size Django's backend names, and only those are added)."""
import math

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.models import Move
from tests.imports.helpers import finished_game, moves_of

pytestmark = pytest.mark.django_db


def _queries_of_import(user, text: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        services.game_import(user=user, text=text)
    return len(captured)


def _insert_statements(plies: int) -> int:
    fields = [f for f in Move._meta.concrete_fields if not f.primary_key]
    rows = [Move()] * plies
    return math.ceil(plies / max(1, connection.ops.bulk_batch_size(fields, rows)))


def test_a_long_game_costs_no_more_queries_than_a_short_one(alice, bob, carol):
    long_game = finished_game(alice, bob, "raumschach", plies=120, seed=2)
    coords = [coord for coord, _san, _fen in moves_of(long_game)]
    assert len(coords) >= 100
    services.game_import(user=carol, text="Bb2Cb2")  # the system accounts exist from here on
    short = _queries_of_import(carol, " ".join(coords[:2]))
    long = _queries_of_import(carol, " ".join(coords))
    assert short <= 8, short
    assert long - short == _insert_statements(len(coords)) - _insert_statements(2), (short, long)
