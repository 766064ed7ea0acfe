"""Every bot level plays Five Up on the Python core (short move times: a reply, not its
strength), and the evaluation scores a position and its colour mirror alike."""
import random

import pytest

from engine import Position
from engine.fen import placement_string
from engine.pieces import BLACK_BIT
from engine.search.evaluate import Evaluator
from engine.search.levels import PYTHON_LEVELS, choose_move

from tests.engine.fiveup.helpers import FIVEUP

MIDDLEGAME = ("r1kgr/p1s1p/5/2Qp1/5|1q2b/pppp1/2pn1/5/5|5/5/2n2/1S3/5|5/5/2P1P/PP1PP/R1K1B|5/5/5/P1PP1/1N1NR w "
              "- - - 3 19")


@pytest.mark.parametrize("level", sorted(PYTHON_LEVELS))
def test_each_level_answers_with_a_legal_move(level):
    for fen in (FIVEUP.start_fen, MIDDLEGAME):
        pos = Position.from_fen(fen, FIVEUP)
        result = choose_move(pos, level, seed=7, movetime=0.3, core="python")
        assert result.move in pos.legal_moves()
        assert pos.fen() == fen


def mirrored(pos: Position) -> Position:
    """The colour mirror: every piece reflected through the centre with its colour swapped,
    the other side to move, reserves and unmoved cells mirrored too."""
    g = FIVEUP.geometry
    board = [0] * g.ncells
    for cell, code in enumerate(pos.sq):
        if code:
            board[g.reflect_cell(cell)] = code ^ BLACK_BIT
    text = pos.fen().split()
    reserves = text[2].swapcase() if text[2] != "-" else "-"
    reserves = "".join(sorted(reserves, key=lambda ch: ("WGSwgs".index(ch)))) if reserves != "-" else "-"
    unmoved = ",".join(sorted((g.names[g.reflect_cell(g.parse_cell(c))] for c in text[3].split(",")),
                              key=g.parse_cell)) if text[3] != "-" else "-"
    side = "b" if text[1] == "w" else "w"
    return Position.from_fen(" ".join([placement_string(board, FIVEUP), side, reserves, unmoved, "-", text[5], "1"]),
                             FIVEUP)


def test_the_evaluation_is_colour_symmetric_along_random_games():
    rng = random.Random(19)
    for _ in range(3):
        pos = Position.start(FIVEUP)
        for _ in range(40):
            moves = pos.legal_moves()
            if not moves:
                break
            if pos.ep is None:  # (the mirror drops the en-passant cells)
                assert Evaluator().evaluate(pos) == Evaluator().evaluate(mirrored(pos))
            pos.push(rng.choice(moves))
