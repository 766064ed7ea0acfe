"""verify raises PuzzleError with its reason for a puzzle that is not one: two winning moves,
a first move that is not the engine's, a solution of even length or one that cannot be played."""
import pytest
from puzzle_positions import ONE_MATE, TWO_MATES, mating_moves

from engine import Position
from engine.puzzles import Puzzle, PuzzleError, mine_position, verify


def test_two_mating_moves_are_refused_whichever_is_given():
    mates = [m.coord() for m in mating_moves(Position(TWO_MATES))]
    assert sorted(mates) == ["Cd5Ab5", "Cd5Ca5"]
    refused = []
    for move in mates:
        with pytest.raises(PuzzleError) as err:
            verify(Puzzle("raumschach", TWO_MATES, (move,), ("mate",), 4))
        refused.append(err.value.reason)
    assert any("also wins" in reason for reason in refused), refused
    assert all("also wins" in reason or "best move is" in reason for reason in refused), refused


def test_mining_the_two_mates_position_finds_no_puzzle():
    assert mine_position("raumschach", TWO_MATES, depth=4) is None


def test_a_first_move_that_does_not_mate_is_refused():
    with pytest.raises(PuzzleError, match="best move is Bd2Ed2, not Bd2Bd3"):
        verify(Puzzle("raumschach", ONE_MATE, ("Bd2Bd3",), (), 4))


@pytest.mark.parametrize("solution, reason", [
    (("Bd2Ed2", "Dd1Dc1"), "odd number"),
    (("Bd2Zz9",), "not playable"),
    (("Bd2Bd1",), "not playable"),
])
def test_a_malformed_solution_is_refused(solution, reason):
    with pytest.raises(PuzzleError, match=reason):
        verify(Puzzle("raumschach", ONE_MATE, solution, (), 4))


def test_an_unknown_variant_is_refused():
    with pytest.raises(PuzzleError, match="unreadable position"):
        verify(Puzzle("chess", ONE_MATE, ("Bd2Ed2",), (), 4))


def test_puzzle_error_is_a_value_error():
    assert issubclass(PuzzleError, ValueError)
