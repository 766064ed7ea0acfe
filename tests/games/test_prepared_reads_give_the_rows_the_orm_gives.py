"""The small reads on the move path run SQL the ORM compiled once (core.prepared):
they must give the rows the ORM gives, for each value they are run with, and refuse a query
they cannot bind safely."""
import pytest

from games.models import Move
from core.prepared import PreparedRows
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db


def _orm(game_id: int, since: int):
    return (Move.objects.filter(game_id=game_id, ply__gt=since).order_by("ply")
            .values_list("ply", "coord"))


def test_each_run_binds_its_own_values(alice, bob):
    first = play(make_game(alice, bob), "Bb2Bb3", "Db4Db3", "Bc2Bc3")
    second = play(make_game(bob, alice), "Bb2Bb3")
    prepared = PreparedRows(_orm, arity=2)
    for game_id, since in ((first.pk, 0), (first.pk, 1), (second.pk, 0), (first.pk, 3),
                           (10**9, 0)):
        assert prepared.rows(game_id, since) == list(_orm(game_id, since))
    assert [ply for ply, _ in prepared.rows(first.pk, 1)] == [2, 3]


def test_a_value_beyond_a_columns_range_gets_the_orms_answer(alice, bob):
    # ?since=<a huge number> reached this read: the driver cannot bind it, the ORM says no rows
    game = play(make_game(alice, bob), "Bb2Bb3")
    prepared = PreparedRows(_orm, arity=2)
    assert prepared.rows(game.pk, 10**30) == list(_orm(game.pk, 10**30)) == []
    assert prepared.rows(game.pk, -(10**30)) == list(_orm(game.pk, -(10**30)))


def test_a_query_that_does_not_use_its_value_is_refused():
    with pytest.raises(ValueError):
        PreparedRows(lambda game_id: Move.objects.values_list("pk")[:1]).rows(1)
