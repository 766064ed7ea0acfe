"""game_play_move: a legal move is stored with its readable form and the new position, all
legality comes from engine/, and the turn passes."""
import pytest

import engine
from games import services
from games.models import Game
from tests.site_fixtures import play

pytestmark = pytest.mark.django_db


def test_a_legal_move_stores_the_move_position_and_ply(game, alice):
    move = services.game_play_move(game=game, user=alice, move="Bb2Cb2", ply=0)
    game.refresh_from_db()
    expected = engine.Position.start()
    expected.push(engine.Move.from_coord("Bb2Cb2"))
    assert (move.ply, move.coord, move.san) == (1, "Bb2Cb2", "Bb2-Cb2")
    assert move.fen_after == game.fen == expected.fen()
    assert game.ply == 1 and game.turn == "black" and game.status == "active"


def test_surrounding_whitespace_around_a_move_is_ignored(game, alice):
    services.game_play_move(game=game, user=alice, move="  Bb2Cb2\n", ply=0)
    assert game.moves.get().coord == "Bb2Cb2"


def test_a_promotion_is_stored_with_its_letter(alice, bob):
    from tests.site_fixtures import make_game

    fen = "k4/3P1/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|K4/5/5/5/5 w 0 1"
    game = make_game(alice, bob, fen=fen)
    move = services.game_play_move(game=game, user=alice, move="Ed4Ed5q", ply=0)
    assert move.coord == "Ed4Ed5q" and "=Q" in move.san


def test_players_alternate_and_each_move_gets_the_next_ply(game):
    play(game, "Bb2Cb2", "Dc4Dc3", "Bc2Cc2")
    assert list(game.moves.values_list("ply", "coord")) == [
        (1, "Bb2Cb2"), (2, "Dc4Dc3"), (3, "Bc2Cc2")]
    assert game.ply == 3 and game.turn == "black"


def test_a_legal_move_list_comes_from_the_engine(game):
    from games.selectors import game_state

    state = game_state(game)
    assert len(state["legal_moves"]) == 61  # docs/rules/raumschach.md: White has 61 moves at the start
    assert "Bb2Cb2" in state["legal_moves"]


def test_a_finished_game_offers_no_legal_moves(game, alice):
    services.game_resign(game=game, user=alice)
    from games.selectors import game_state

    assert game_state(game)["legal_moves"] == []
    assert game.status == Game.Status.FINISHED
