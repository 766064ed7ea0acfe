"""The six named levels and choose_move's contract."""
import pytest

from engine import Position
from engine.search import LEVELS, choose_move
from engine.search.levels import NATIVE_LEVELS, PYTHON_LEVELS


@pytest.mark.parametrize("table, depths", [(PYTHON_LEVELS, [0, 2, 3, 4]), (NATIVE_LEVELS, [0, 3, 4, 6])])
def test_there_are_six_levels_as_the_issue_defines_them(table, depths):
    assert [table[n].name for n in range(6)] == ["Beginner", "Easy", "Normal", "Hard", "Expert", "Master"]
    assert [table[n].depth for n in range(4)] == depths
    assert (table[4].movetime, table[5].movetime) == (5.0, 30.0)
    for level in table.values():
        assert 20 < len(level.description) < 120


def test_lower_levels_keep_their_noise_on_both_cores():
    for table in (PYTHON_LEVELS, NATIVE_LEVELS):
        assert table[1].noise > table[2].noise > 0 == table[3].noise


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
