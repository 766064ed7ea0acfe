"""A bot searches the stored position with the game's stored repetition keys as its history:
losing, it steers into a position the game has already seen (the search scores it a draw);
winning, it stays out of one. Both cores. Each test first checks that the same search on the
bare position string (no history) plays otherwise, so dropping the history fails it."""
import pytest
from engine import Position
from engine.search import choose_move

from bots import services
from tests.bots.conftest import bot_user
from tests.site_fixtures import make_game, play

pytestmark = pytest.mark.django_db

# White: king and queen; Black: the king alone (no capture or pawn move since: hmc 0).
QUEEN_UP = "5/5/5/5/2k2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/2Q2/5/2K2 {side} 0 80"
NORMAL = 2  # a depth-limited level: the same seed gives the same move


@pytest.fixture(params=["native", "python"])
def core(request, monkeypatch):
    monkeypatch.setenv("RAUMSCHACH_CORE", request.param)
    return request.param


def _without_history(game, seed: int) -> str:
    return choose_move(Position.from_fen(game.fen), NORMAL, seed=seed).move.coord()


def test_a_losing_bot_repeats_the_position(alice, core):
    bot = bot_user(NORMAL)
    game = make_game(alice, bot, fen=QUEEN_UP.format(side="b"))
    # The king steps out and back, the queen too: the start position stands again.
    game = play(game, "Ec1Dc1", "Ac3Ac2", "Dc1Ec1", "Ac2Ac3")
    assert _without_history(game, seed=6) != "Ec1Dc1"
    outcome = services.bot_move_play(game_id=game.pk, seed=6)
    assert (outcome.status, outcome.move) == ("played", "Ec1Dc1")


def test_a_winning_bot_does_not_repeat_the_position(alice, core):
    bot = bot_user(NORMAL)
    game = make_game(bot, alice, fen=QUEEN_UP.format(side="w"))
    game = play(game, "Ac3Cc3", "Ec1Dc1", "Cc3Ac3", "Dc1Ec1")
    assert _without_history(game, seed=1) == "Ac3Cc3"
    outcome = services.bot_move_play(game_id=game.pk, seed=1)
    assert outcome.status == "played" and outcome.move != "Ac3Cc3"
