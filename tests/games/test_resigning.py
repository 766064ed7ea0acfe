"""game_resign: the resigning player loses at once."""
import pytest

from games import services
from games.errors import GameOver, NotAPlayer
from tests.site_fixtures import db_snapshot

pytestmark = pytest.mark.django_db


def test_white_resigning_gives_black_the_win(game, alice):
    services.game_resign(game=game, user=alice)
    assert (game.status, game.result, game.termination) == ("finished", "0-1", "resign")
    assert game.ended_at is not None


def test_black_resigning_gives_white_the_win(game, bob):
    services.game_resign(game=game, user=bob)
    assert game.result == "1-0"


def test_a_spectator_cannot_resign_for_a_player(game, carol):
    before = db_snapshot()
    with pytest.raises(NotAPlayer):
        services.game_resign(game=game, user=carol)
    assert db_snapshot() == before


def test_a_finished_game_cannot_be_resigned_again(game, alice, bob):
    services.game_resign(game=game, user=alice)
    before = db_snapshot()
    with pytest.raises(GameOver):
        services.game_resign(game=game, user=bob)
    assert db_snapshot() == before
