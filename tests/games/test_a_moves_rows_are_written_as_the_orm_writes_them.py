"""A move's two writes (the game row's compare-and-set, the move row) run SQL written once
(core.prepared_writes) instead of the ORM's update() and create(): what is stored, what comes
back, and what is refused are the same as through the ORM."""
from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from core.prepared_writes import PreparedInsert, PreparedUpdate
from games.models import Game, Move
from tests.site_fixtures import make_game

pytestmark = pytest.mark.django_db

UPDATE = PreparedUpdate(Game, where=("pk", "ply", "status"))
INSERT = PreparedInsert(Move, stamped=("played_at",))


def test_an_update_stores_each_kind_of_value_as_the_orm_does(alice, bob):
    prepared, orm = make_game(alice, bob), make_game(alice, bob)
    deadline = timezone.now() + timedelta(minutes=3)
    values = {"fen": "some position", "ply": 1, "turn": Game.Color.BLACK, "deadline": deadline,
              "clock_paused_remaining": timedelta(hours=5, microseconds=7),
              "white_clock_ms": 178_500, "clock_started_at": deadline - timedelta(seconds=1),
              "draw_offer": "", "updated_at": timezone.now()}
    assert UPDATE.update(where=(prepared.pk, 0, Game.Status.ACTIVE), values=values) == 1
    assert Game.objects.filter(pk=orm.pk, ply=0, status=Game.Status.ACTIVE).update(**values) == 1
    names = [*values, "status", "black_clock_ms"]
    assert (Game.objects.values(*names).get(pk=prepared.pk)
            == Game.objects.values(*names).get(pk=orm.pk))


def test_an_update_whose_row_moved_on_changes_nothing(alice, bob):
    game = make_game(alice, bob)
    assert UPDATE.update(where=(game.pk, 1, Game.Status.ACTIVE), values={"fen": "x"}) == 0
    assert UPDATE.update(where=(game.pk, 0, Game.Status.FINISHED), values={"fen": "x"}) == 0
    assert Game.objects.get(pk=game.pk).fen == game.fen


def test_an_insert_stamps_its_time_and_breaks_no_constraint_silently(alice, bob):
    game = make_game(alice, bob)
    before = timezone.now()
    INSERT.insert(game_id=game.pk, ply=1, coord="Bb2Bb3", san="Bb2-Bb3", fen_after="after")
    move = Move.objects.get(game=game, ply=1)
    assert (move.coord, move.san, move.fen_after) == ("Bb2Bb3", "Bb2-Bb3", "after")
    assert before <= move.played_at <= timezone.now()
    with pytest.raises(IntegrityError), transaction.atomic():
        INSERT.insert(game_id=game.pk, ply=1, coord="Db4Db3", san="Db4-Db3", fen_after="other")
    assert Move.objects.filter(game=game).count() == 1


def test_an_expression_is_left_to_the_orm(alice, bob):
    game = make_game(alice, bob)
    with pytest.raises(TypeError):
        UPDATE.update(where=(game.pk, 0, Game.Status.ACTIVE), values={"ply": F("ply") + 1})
    with pytest.raises(TypeError):
        PreparedInsert(Move, stamped=("coord",))
