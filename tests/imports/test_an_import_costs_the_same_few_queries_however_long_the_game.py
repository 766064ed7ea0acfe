"""Storing an import costs a fixed handful of statements, not one per move: the moves go in
one bulk insert (PostgreSQL; SQLite splits it by its parameter cap)."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from tests.imports.helpers import finished_game, moves_of

pytestmark = pytest.mark.django_db


def _queries_of_import(user, text: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        services.game_import(user=user, text=text)
    return len(captured)


def test_a_long_game_costs_no_more_queries_than_a_short_one(alice, bob, carol):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite splits a bulk insert by its parameter cap (PostgreSQL: one)")
    long_game = finished_game(alice, bob, "raumschach", plies=120, seed=2)
    coords = [coord for coord, _san, _fen in moves_of(long_game)]
    assert len(coords) >= 100
    services.game_import(user=carol, text="Bb2Cb2")  # the system accounts exist from here on
    short = _queries_of_import(carol, " ".join(coords[:2]))
    long = _queries_of_import(carol, " ".join(coords))
    assert long == short <= 8, (short, long)
