"""The themes of every shipped puzzle agree with its line read afresh: mate and mateInN with a
line that ends in checkmate after N solver moves, boardmate/spacemate with the levels of the
checking pieces, promotion, placement (Five Up) and attackBoardMove (Star Trek) with the solver
moves' text, the length themes with the number of solver moves (docs/puzzles.md, "Themes")."""
import pytest
from shipped import shipped

from engine import Position, variant_by_key

SHIPPED = shipped()
LENGTH = {1: "oneMove", 2: "short", 3: "long"}


@pytest.mark.parametrize("puzzle", [p for _, p in SHIPPED], ids=[name for name, _ in SHIPPED])
def test_the_themes_match_the_line(puzzle):
    variant = variant_by_key(puzzle.variant)
    pos = Position(puzzle.fen, variant)
    solver = []
    for i, text in enumerate(puzzle.solution):
        move = pos.push_checked(pos.parse_coord(text))
        if i % 2 == 0:
            solver.append(move)
    themes = set(puzzle.themes)
    mated = pos.is_checkmate()
    assert ("mate" in themes) == mated
    assert (f"mateIn{len(solver)}" in themes) == mated
    if mated:
        coords = variant.geometry.coords
        king_level = coords[pos.king(pos.turn)][0]
        across = any(coords[c][0] != king_level for c in pos.checkers())
        assert ("spacemate" in themes) == across and ("boardmate" in themes) == (not across)
    else:
        assert len(themes & {"advantage", "crushing"}) == 1
    assert ("promotion" in themes) == any(m.promotion for m in solver)
    assert ("placement" in themes) == any("/" in t for t in puzzle.solution[0::2])
    assert ("attackBoardMove" in themes) == any(m.board for m in solver)
    assert LENGTH.get(len(solver), "veryLong") in themes
