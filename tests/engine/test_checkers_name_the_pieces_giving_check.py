"""Position.checkers(): the cells of the pieces giving check, for drawing the check line."""
import engine
from engine.geometry import CELL_NAMES


def names(fen: str) -> list[str]:
    return [CELL_NAMES[c] for c in engine.Position.from_fen(fen).checkers()]


def test_no_check_means_no_checkers():
    assert engine.Position.start().checkers() == []


def test_a_rook_on_the_same_file_and_a_bishop_across_levels_are_both_named():
    # White king Aa1; a black rook on Aa5 (same level and file) and a black bishop on Ca3
    # (two levels and two ranks up: a diagonal across levels).
    fen = "k4/5/5/5/5|5/5/5/5/5|5/5/b4/5/5|5/5/5/5/5|r4/5/5/5/K4 w 0 1"
    assert names(fen) == ["Aa5", "Ca3"]


def test_the_moving_side_is_unchanged_after_asking():
    pos = engine.Position.from_fen("k4/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|r4/5/5/5/K4 w 0 1")
    before = pos.fen()
    assert pos.checkers() and pos.fen() == before and pos.turn == engine.Position.start().turn
