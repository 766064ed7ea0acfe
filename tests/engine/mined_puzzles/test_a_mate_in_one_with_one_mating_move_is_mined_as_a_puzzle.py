"""mine_game on a hand-made position with exactly one mating move (by brute force) returns it
as a verified one-move mate puzzle, themed by where the check comes from."""
from puzzle_positions import ONE_MATE, mating_moves

from engine import Position
from engine.puzzles import Puzzle, mine_game, verify


def test_the_only_mating_move_is_the_puzzle():
    pos = Position(ONE_MATE)
    mates = mating_moves(pos)
    assert [m.coord() for m in mates] == ["Bd2Ed2"]

    puzzles = mine_game("raumschach", ONE_MATE, ["Bd2Ed2"], depth=4, source="test")

    assert puzzles == [Puzzle("raumschach", ONE_MATE, ("Bd2Ed2",), ("mate", "mateIn1", "oneMove", "spacemate"), 4,
                              "test")]
    verify(puzzles[0])


def test_the_mate_is_a_spacemate_because_the_queen_checks_from_another_level():
    pos = Position(ONE_MATE)
    pos.push_checked("Bd2Ed2")
    geometry = pos.variant.geometry
    king_level = geometry.coords[pos.king(pos.turn)][0]
    assert [geometry.coords[c][0] for c in pos.checkers()] != [king_level]


def test_a_game_whose_moves_stop_being_legal_keeps_what_it_found_before():
    puzzles = mine_game("raumschach", ONE_MATE, ["Bd2Ed2", "Aa1Aa2"], depth=4)
    assert [p.solution for p in puzzles] == [("Bd2Ed2",)]
