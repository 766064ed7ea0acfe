"""game_takeback declined: the offer goes, the moves stay; the same player may not offer again
in the same position (an offer-decline loop would flood the opponent), only after a move."""
import pytest

from games import services
from games.errors import Conflict
from tests.site_fixtures import db_snapshot, play

pytestmark = pytest.mark.django_db


def test_a_declined_offer_goes_and_the_moves_stay(game, alice, bob):
    play(game, "Bb2Cb2")
    services.game_takeback(game=game, user=alice, action="offer")
    services.game_takeback(game=game, user=bob, action="decline")
    game.refresh_from_db()
    assert (game.ply, game.takeback_offer, game.status) == (1, "", "active")
    assert game.moves.count() == 1


def test_no_new_offer_in_the_position_where_one_was_declined(game, alice, bob):
    play(game, "Bb2Cb2")
    services.game_takeback(game=game, user=alice, action="offer")
    services.game_takeback(game=game, user=bob, action="decline")
    before = db_snapshot()
    with pytest.raises(Conflict) as caught:
        services.game_takeback(game=game, user=alice, action="offer")
    assert caught.value.code == "takeback_declined_here"
    assert db_snapshot() == before


def test_after_a_move_an_offer_may_come_again(game, alice, bob):
    play(game, "Bb2Cb2")
    services.game_takeback(game=game, user=alice, action="offer")
    services.game_takeback(game=game, user=bob, action="decline")
    play(game, "Dc4Dc3")
    services.game_takeback(game=game, user=alice, action="offer")
    assert game.takeback_offer == "white"
