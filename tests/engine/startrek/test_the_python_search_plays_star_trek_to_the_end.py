"""The Python search plays Star Trek: every level answers with a legal move, and two bots at a
low level play a game to its end (checkmate, a bare king, or a draw rule)."""
import pytest

from engine import Position
from engine.search.levels import PYTHON_LEVELS, choose_move

from tests.engine.startrek.helpers import STARTREK, position


@pytest.mark.parametrize("level", sorted(PYTHON_LEVELS))
def test_each_level_answers_with_a_legal_move(level):
    pos = Position.start(STARTREK)
    result = choose_move(pos, level, seed=3, movetime=0.3, core="python")
    assert result.move in pos.legal_moves() and pos.fen() == STARTREK.start_fen


def test_the_search_takes_a_hanging_queen():
    pos = position({"Ad0": "K", "Gd9": "k", "Db4": "R", "Dd4": "q"})
    assert pos.coord(choose_move(pos, 2, seed=1, movetime=1.0, core="python").move) == "Db4Dd4"


def test_the_search_wins_by_baring_the_king():
    # Capturing Black's last piece ends the game (the bare king loses): scored as won.
    pos = position({"Ad0": "K", "Gd9": "k", "Db4": "R", "Dd4": "n"})
    result = choose_move(pos, 2, seed=1, movetime=1.0, core="python")
    assert pos.coord(result.move) == "Db4Dd4" and result.score > 10000


@pytest.mark.slow
def test_two_low_level_bots_play_a_game_to_its_end():
    pos = Position.start(STARTREK)
    outcome = None
    # The time limit is on the search's CPU clock: on the wall clock a loaded machine searched
    # shallower and the game, depending on it, once ran past the cap.
    for _ply in range(400):
        outcome = pos.outcome()
        if outcome is not None:
            break
        result = choose_move(pos, 1, seed=len(pos.stack), movetime=0.05, core="python", cpu_clock=True)
        pos.push_checked(pos.coord(result.move))
    assert outcome is not None, pos.fen()
