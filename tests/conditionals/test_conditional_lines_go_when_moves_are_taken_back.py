"""A takeback returns the game to a position its conditional lines were not planned from: they
are deleted in the takeback's transaction (not played against the new position)."""
import pytest

from conditionals.models import ConditionalLine
from conditionals.services import conditional_lines_set
from games import services
from tests.site_fixtures import play

pytestmark = pytest.mark.django_db


def test_an_accepted_takeback_drops_the_lines_planned_after_the_move_it_takes_back(
        game, alice, bob):
    play(game, "Bb2Cb2")
    conditional_lines_set(game=game, user=alice, lines=[["Dc4Dc3", "Bc2Cc2"]])
    assert ConditionalLine.objects.filter(game=game).count() == 1
    services.game_takeback(game=game, user=alice, action="offer")
    services.game_takeback(game=game, user=bob, action="accept")
    assert not ConditionalLine.objects.filter(game=game).exists()
    play(game, "Bb2Cb2", "Dc4Dc3")  # the old line's trigger: nothing is played for alice
    assert game.ply == 2


def test_a_declined_takeback_keeps_them(game, alice, bob):
    play(game, "Bb2Cb2")
    conditional_lines_set(game=game, user=alice, lines=[["Dc4Dc3", "Bc2Cc2"]])
    services.game_takeback(game=game, user=alice, action="offer")
    services.game_takeback(game=game, user=bob, action="decline")
    assert ConditionalLine.objects.filter(game=game).count() == 1
