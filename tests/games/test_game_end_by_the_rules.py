"""A move that ends the game by the rules (engine outcome) stores the result and the reason
in the same write as the move."""
import pytest

from games import services
from games.models import Game
from tests.site_fixtures import (MATE_IN_ONE_FEN, MATE_IN_ONE_MOVE, STALEMATE_IN_ONE_FEN,
                                 STALEMATE_IN_ONE_MOVE, make_game, play)

pytestmark = pytest.mark.django_db


def test_checkmate_wins_the_game(alice, bob):
    game = make_game(alice, bob, fen=MATE_IN_ONE_FEN, days_per_move=3)
    move = services.game_play_move(game=game, user=alice, move=MATE_IN_ONE_MOVE, ply=0)
    game.refresh_from_db()
    assert move.san.endswith("#")
    assert (game.status, game.result, game.termination) == ("finished", "1-0", "checkmate")
    assert game.deadline is None and game.ended_at is not None
    assert game.ply == 1 and game.fen == move.fen_after


def test_stalemate_is_a_draw(alice, bob):
    game = make_game(alice, bob, fen=STALEMATE_IN_ONE_FEN)
    services.game_play_move(game=game, user=alice, move=STALEMATE_IN_ONE_MOVE, ply=0)
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("finished", "1/2-1/2", "stalemate")


def test_threefold_repetition_draws_using_the_stored_move_history(game):
    # Both sides' b-knights hop out and back twice: the start position occurs a third time.
    cycle = ("Ab1Aa3", "Eb5Ea3", "Aa3Ab1", "Ea3Eb5")
    play(game, *cycle, *cycle[:3])
    assert game.status == Game.Status.ACTIVE
    play(game, cycle[3])
    assert (game.status, game.result, game.termination) == (
        "finished", "1/2-1/2", "threefold_repetition")
    assert game.ply == 8


def test_no_move_is_accepted_after_the_game_ended(alice, bob):
    from games.errors import GameOver

    game = make_game(alice, bob, fen=MATE_IN_ONE_FEN)
    services.game_play_move(game=game, user=alice, move=MATE_IN_ONE_MOVE, ply=0)
    with pytest.raises(GameOver):
        services.game_play_move(game=game, user=bob, move="Ec5Ed5", ply=1)
    assert game.moves.count() == 1
