"""Random boards, extra state and moves never crash the wide build (engine._rs_native_wide):
it answers or raises, on the 216-cell test variant (extra state whose cells lie on both sides of
the 128th and beyond the board) and on Hexagonal Raumschach's 185 cells; and a piece changed in a
random position of either is refused or agrees with the Python core.

Run once under AddressSanitizer (see engine/README.md, "AddressSanitizer run")."""
import random

import pytest

from engine import Position
from engine import core as cores
from engine.errors import PositionError
from engine.fen import placement_string
from engine.pieces import COLOR_SHIFT

from .biased_random_positions import biased_positions
from .hex.helpers import HEX
from .variant_on_a_six_cube import VARIANT as SIXCUBE

EXPECTED = (ValueError, TypeError, OverflowError)
ROUNDS = 400
EXTRAS = (None, (), ([], [], [], [], -1), ([8, 9, 10], [8], [0, 5, 130, 215], [], -1), ([99], [], [], [], -1),
          ([], [], [-1, 216], [], -1), ([], [], [300], [], -1), ([], [], [], [150, 151], 144), ([], [], [], [200], 10**30),
          ([], [], [], [140, 141, 142], 180), "xxxxx", (None, None, None, None, None), ([], [], list(range(216)), [], -1))


@pytest.mark.parametrize("variant", [SIXCUBE, HEX], ids=["sixcube", "hex"])
def test_random_boards_extra_state_and_moves_never_crash_the_wide_core(native, variant):
    rng = random.Random(25)
    start = Position.start(variant)
    wide, handle, n = cores.native_module_for(variant), cores.native_handle(variant), variant.geometry.ncells
    codes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 17, 18, 22, 23, 24, 25, 26, 27, 31, 32, -1]
    for _ in range(ROUNDS):
        board = list(start.sq)
        for _ in range(rng.randrange(0, 40)):
            board[rng.randrange(n)] = rng.choice(codes)
        if rng.random() < 0.1:
            board = board[: rng.randrange(n + 5)] + [0] * rng.randrange(3)
        side = rng.choice([0, 1, 1, 0, 2])
        extra = rng.choice(EXTRAS)
        moves = [rng.getrandbits(rng.choice((9, 18, 26, 32))) for _ in range(rng.randrange(4))]
        calls = [
            lambda: wide.legal_moves(handle, board, side, False, extra),
            lambda: wide.evaluate(handle, board, side, False, extra),
            lambda: wide.perft(handle, board, side, rng.randrange(0, 3), True, extra),
            lambda: wide.play(handle, board, side, 0, moves, extra),
            lambda: wide.search(handle, board, side, 0, depth=2, nodes=3000, tt_bytes=1 << 16, extra=extra),
        ]
        for call in calls:
            try:
                call()
            except EXPECTED:
                pass


@pytest.mark.parametrize("variant", [SIXCUBE, HEX], ids=["sixcube", "hex"])
def test_a_changed_piece_is_refused_or_agrees_with_the_python_core(native, variant):
    rng = random.Random(26)
    sources = biased_positions(variant, 60, seed=4)[0]
    kinds = sorted(variant.kinds)
    accepted = 0
    for _ in range(ROUNDS // 2):
        pos = rng.choice(sources)
        board = list(pos.sq)
        cell = rng.randrange(len(board))
        board[cell] = rng.choice([0, *kinds, *(k | 1 << COLOR_SHIFT for k in kinds)])
        fen = pos.fen().split(" ")
        fen[0] = placement_string(board, variant)
        try:
            changed = Position.from_fen(" ".join(fen), variant)
        except PositionError:
            continue
        accepted += 1
        moves = cores.legal_moves(changed, core="native")
        assert sorted(moves) == sorted(changed.generate_legal()), changed.fen()
        assert cores.perft(changed, 2, core="native") == cores.perft(changed, 2, core="python"), changed.fen()
    assert accepted > 50
