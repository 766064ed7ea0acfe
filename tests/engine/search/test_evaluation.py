"""Evaluation terms: colour symmetry and the documented pawn-structure terms."""
import pytest
from search_positions import MATE_IN_TWO, MIDDLEGAME, mirror

from engine import Position
from engine.search.evaluate import TEMPO, Evaluator, pawn_structure

CELL = lambda l, r, f: l * 25 + r * 5 + f  # noqa: E731  (level, rank, file) -> cell


def evaluate(fen: str) -> int:
    return Evaluator().evaluate(Position.from_fen(fen))


def test_the_start_position_is_level_except_for_the_tempo():
    assert evaluate(Position.start().fen()) == TEMPO


@pytest.mark.parametrize("fen", [MIDDLEGAME, *MATE_IN_TWO[:4]])
def test_swapping_the_colours_does_not_change_the_score_of_the_side_to_move(fen):
    assert evaluate(fen) == evaluate(mirror(fen))


def test_an_extra_queen_is_worth_about_twelve_pawns():
    base = "5/5/5/5/2k2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/2K2 w 0 1"
    queen = "5/5/5/5/2k2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/2Q2/5/2K2 w 0 1"
    assert 1000 < evaluate(queen) - evaluate(base) < 1600


def test_a_lone_minor_piece_cannot_win():
    assert evaluate("5/5/5/5/2k2|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/2U2/5/2K2 w 0 1") == 0


def test_a_passed_pawn_scores_and_a_blocked_one_does_not():
    passed_mg, passed_eg = pawn_structure([CELL(1, 1, 2)], [])
    blocked_mg, blocked_eg = pawn_structure([CELL(1, 1, 2)], [CELL(3, 3, 3)])
    assert passed_eg > 0
    assert passed_eg - blocked_eg > 0


def test_a_pawn_directly_ahead_of_another_counts_as_doubled():
    # Same file, same total advancement, both passed and isolated; only the first pair has
    # one pawn directly ahead of the other.
    doubled = pawn_structure([CELL(1, 1, 1), CELL(1, 2, 1)], [])
    apart = pawn_structure([CELL(1, 1, 1), CELL(0, 3, 1)], [])
    assert doubled[0] < apart[0] and doubled[1] < apart[1]


def test_an_isolated_pawn_is_penalised():
    # Same advancement, both passed (no Black pawns): only the isolation differs.
    connected = pawn_structure([CELL(1, 1, 1), CELL(1, 1, 2)], [])
    isolated = pawn_structure([CELL(1, 1, 0), CELL(1, 1, 2)], [])
    assert isolated[0] < connected[0]
