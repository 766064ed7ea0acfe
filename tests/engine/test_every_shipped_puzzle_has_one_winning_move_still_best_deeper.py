"""Issue 41's condition on the shipped puzzles (puzzles/data/*.jsonl): each one's first move is
the engine's only winning move at its mining depth and still the best, still winning, two plies
deeper; every reply is the engine's best defence and every later solver move again the only
winning (in a mate: the only mating) one, so no puzzle is solved by two moves.  engine.puzzles
.verify re-derives all of it from the puzzle's position on the native core (docs/puzzles.md)."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "mined_puzzles"))
from shipped import shipped  # noqa: E402

from engine import tablebase  # noqa: E402
from engine.puzzles import verify  # noqa: E402
from tests.engine.conftest import require_native  # noqa: E402

SHIPPED = shipped()


@pytest.mark.parametrize("puzzle", [p for _, p in SHIPPED], ids=[name for name, _ in SHIPPED])
def test_the_first_move_is_the_only_winning_one_and_still_best_two_plies_deeper(puzzle):
    require_native()
    # The verdicts were found without endgame tables (docs/puzzles.md); tables another test
    # left loaded in this process would change them (a table's draw scores 0).
    assert not tablebase.loaded(), "endgame tables are loaded: the verdicts assume none"
    verify(puzzle, extra_depth=2)
