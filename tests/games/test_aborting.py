"""game_abort: allowed until both sides have moved; an aborted game has no result."""
import pytest

from games import services
from games.errors import Conflict, NotAPlayer
from tests.site_fixtures import db_snapshot, play

pytestmark = pytest.mark.django_db


def test_a_game_without_moves_can_be_aborted_by_either_player(game, bob):
    services.game_abort(game=game, user=bob)
    assert (game.status, game.result, game.termination) == ("aborted", "*", "abort")


def test_a_game_where_only_white_moved_can_still_be_aborted(game, bob):
    play(game, "Bb2Cb2")
    services.game_abort(game=game, user=bob)
    assert game.status == "aborted"


def test_a_game_where_both_sides_moved_cannot_be_aborted(game, alice):
    play(game, "Bb2Cb2", "Dc4Dc3")
    before = db_snapshot()
    with pytest.raises(Conflict) as caught:
        services.game_abort(game=game, user=alice)
    assert caught.value.code == "cannot_abort"
    assert db_snapshot() == before


def test_a_spectator_cannot_abort(game, carol):
    before = db_snapshot()
    with pytest.raises(NotAPlayer):
        services.game_abort(game=game, user=carol)
    assert db_snapshot() == before
