"""The six named levels and choose_move's contract."""
import pytest

from engine import Position
from engine.search import LEVELS, choose_move


def test_there_are_six_levels_as_the_issue_defines_them():
    assert [LEVELS[n].name for n in range(6)] == ["Beginner", "Easy", "Normal", "Hard", "Expert", "Master"]
    assert [LEVELS[n].depth for n in range(4)] == [0, 2, 3, 4]
    assert (LEVELS[4].movetime, LEVELS[5].movetime) == (5.0, 30.0)
    for level in LEVELS.values():
        assert 20 < len(level.description) < 120


def test_beginner_plays_a_legal_move_without_searching():
    pos = Position.start()
    result = choose_move(pos, 0, seed=9)
    assert result.move in pos.legal_moves()
    assert result.nodes == 0


@pytest.mark.parametrize("level", [1, 2, 3])
def test_each_depth_level_searches_to_its_depth(level):
    result = choose_move(Position.start(), level, seed=1)
    assert result.depth == LEVELS[level].depth
    assert result.pv[0] == result.move


def test_an_unknown_level_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown level"):
        choose_move(Position.start(), 6)


def test_a_finished_game_has_no_move_to_choose():
    mated = Position.from_fen("5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/1Q3/k1K2 b 0 1")
    assert mated.is_checkmate()
    with pytest.raises(ValueError, match="no legal move"):
        choose_move(mated, 3)
