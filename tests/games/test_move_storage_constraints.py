"""The database itself refuses a second move for one ply and a game against oneself."""
import pytest
from django.db import IntegrityError, transaction

from games.models import Game, Move
from tests.site_fixtures import play

pytestmark = pytest.mark.django_db


def test_the_database_refuses_two_moves_for_the_same_ply(game):
    play(game, "Bb2Cb2")
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.objects.create(game=game, ply=1, coord="Bc2Cc2", san="Bc2-Cc2", fen_after=game.fen)
    assert game.moves.count() == 1


def test_the_database_refuses_a_game_against_oneself(alice):
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(white=alice, black=alice)
    assert Game.objects.count() == 0
