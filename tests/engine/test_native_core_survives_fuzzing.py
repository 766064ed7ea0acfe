"""Random and corrupted position strings, boards and moves never crash the interpreter: the
native core either answers (and then agrees with the Python core) or raises an exception.

Run once under AddressSanitizer (see engine/README.md, "AddressSanitizer run")."""
import random

import pytest

from .random_positions import random_game_positions

from engine import Position
from engine.errors import PositionError
from engine.search.evaluate import Evaluator
from .native_handles import rs

EXPECTED = (ValueError, TypeError, OverflowError)
ROUNDS = 600


def corrupt(text: str, rng: random.Random) -> str:
    chars = list(text)
    if rng.random() < 0.6:  # keep the structure: one piece becomes another piece
        letters = [i for i, ch in enumerate(chars) if ch.isalpha() and i < text.index(" ")]
        i = rng.choice(letters)
        chars[i] = rng.choice("pnbruqPNBRUQ")
        return "".join(chars)
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(3)
        i = rng.randrange(len(chars)) if chars else 0
        if op == 0 and chars:
            chars[i] = rng.choice("pnbrukqPNBRUKQ12345/| wb0x9-")
        elif op == 1 and chars:
            del chars[i]
        else:
            chars.insert(i, rng.choice("pnbrukqPNBRUKQ12345/| "))
    return "".join(chars)


def test_corrupted_position_strings_are_refused_or_agree_with_the_python_core(native):
    rng = random.Random(99)
    sources = [p.fen() for p in random_game_positions(40, seed=8)]
    accepted = 0
    for _ in range(ROUNDS):
        fen = corrupt(rng.choice(sources), rng)
        try:
            pos = Position.from_fen(fen)
        except PositionError:
            continue
        accepted += 1
        moves = native.legal_moves(rs(), pos.sq, pos.side)
        assert sorted(moves) == sorted(pos.generate_legal()), fen
        assert native.evaluate(rs(), pos.sq, pos.side) == Evaluator().evaluate(pos), fen
        assert native.perft(rs(), pos.sq, pos.side, 2) == sum(1 for _ in _two_plies(pos)), fen
        if moves:
            result = native.search(rs(), pos.sq, pos.side, pos.hmc, depth=2, nodes=5000, tt_bytes=1 << 16)
            assert result[0] in moves
    assert accepted > 100  # the corruption leaves enough valid positions to exercise the core


def _two_plies(pos):
    for m in pos.generate_legal():
        pos.make(m)
        yield from pos.generate_legal()
        pos.unmake()


# Extra state (reserves, unmoved cells, en-passant cells and pawn) for variants that have it:
# well-formed, out of range, of the wrong shape.
EXTRAS = (None, None, (), ([], [], [], [], -1), ([8, 9], [10], [0, 4, 120], [], -1), ([99], [], [], [], -1),
          ([], [], [-1, 500], [], -1), ([], [], [], [60, 61, 62], 35), ([], [], [], [60], 10**30), "xxxxx",
          ([], [], [], [], None), (None, None, None, None, None), ([], [], list(range(125)), [], -1))


def test_random_boards_and_moves_never_crash_the_core(native):
    rng = random.Random(7)
    start = Position.start()
    codes = [0, 1, 2, 3, 4, 5, 6, 7, 17, 18, 19, 20, 21, 22, 23, 8, 16, 24, 31, 32, -1, 255, 2**40]
    for _ in range(ROUNDS):
        board = list(start.sq)
        for _ in range(rng.randrange(0, 30)):
            board[rng.randrange(125)] = rng.choice(codes)
        if rng.random() < 0.1:
            board = board[: rng.randrange(130)] + [0] * rng.randrange(3)
        side = rng.choice([0, 1, 1, 0, 2, -1])
        moves = [rng.choice([rng.getrandbits(k) for k in (7, 14, 18, 29, 32, 70)]) for _ in range(rng.randrange(4))]
        extra = rng.choice(EXTRAS)
        calls = [
            lambda: native.legal_moves(rs(), board, side, False, extra),
            lambda: native.evaluate(rs(), board, side, False, extra),
            lambda: native.perft(rs(), board, side, rng.randrange(-1, 3), True, extra),
            lambda: native.play(rs(), board, side, rng.randrange(-2, 200), moves, extra),
            lambda: native.search(rs(), board, side, 0, history=moves, depth=2, nodes=3000, tt_bytes=1 << 16,
                                  extra=extra),
        ]
        for call in calls:
            try:
                call()
            except EXPECTED:
                pass


@pytest.mark.parametrize("bad", [None, 5, "x" * 125, [None] * 125, [0.5] * 125, {}, [[]] * 125])
def test_values_that_are_no_board_raise(native, bad):
    with pytest.raises(EXPECTED):
        native.legal_moves(rs(), bad, 0)
    with pytest.raises(EXPECTED):
        native.search(rs(), bad, 0, 0, depth=1)


def test_crowded_made_up_positions_do_not_overflow_the_move_lists(native):
    # Sixty queens on a board with two kings: more moves than any real game has.
    rng = random.Random(1)
    while True:
        board = [0] * 125
        board[0], board[124] = 7, 23
        for cell in rng.sample(range(1, 124), 60):
            board[cell] = 6 if rng.random() < 0.5 else 22
        try:
            pos = _position_from_board(board)
        except PositionError:
            continue  # a king in check on the wrong side: draw again
        if pos.generate_legal():
            break
    assert sorted(native.legal_moves(rs(), board, pos.side)) == sorted(pos.generate_legal())
    native.search(rs(), board, pos.side, 0, depth=2, nodes=20000, tt_bytes=1 << 16)


def _position_from_board(board):
    from engine.fen import write_fen

    return Position.from_fen(write_fen(board, False, 0, 1))


# --- Five Up: corrupted position strings (reserves, unmoved cells and en passant included) ---
def corrupt_fiveup(text: str, rng: random.Random) -> str:
    fields = text.split(" ")
    which = rng.randrange(len(fields))
    if which == 0:
        return corrupt(text.replace("S", "N").replace("s", "n"), rng)  # the placement, as Raumschach's
    options = {2: ["-", "W", "WGSwgs", "Gg", "SW", "K", "WWw"],
               3: ["-", "Aa1", "Aa2", "Cc3,Aa1", "Ee5,Ea5", "Zz9", "Aa1,"],
               4: ["-", "Bc3@Cc3", "Ab3,Ba2@Bb3", "Cc3@Aa1", "Dc4@Cc4", "Dc4,Ec3@Dc3", "@", "Ab3@"]}
    fields[which] = rng.choice(options.get(which, ["0", "-1", "x", "99"]))
    return " ".join(fields)


def test_corrupted_fiveup_strings_are_refused_or_agree_with_the_python_core(native):
    from engine import core as cores
    from engine import variant_by_key
    from .fiveup_positions import fiveup_positions

    rng = random.Random(5)
    variant = variant_by_key("fiveup")
    sources = [p.fen() for p in fiveup_positions(60, seed=3)[0]]
    accepted = 0
    for _ in range(ROUNDS):
        fen = corrupt_fiveup(rng.choice(sources), rng)
        try:
            pos = Position.from_fen(fen, variant)
        except PositionError:
            continue
        accepted += 1
        moves = cores.legal_moves(pos, core="native")
        assert sorted(moves) == sorted(pos.generate_legal()), fen
        assert cores.evaluate(pos, core="native") == Evaluator().evaluate(pos), fen
        assert cores.perft(pos, 2, core="native") == cores.perft(pos, 2, core="python"), fen
        if moves:
            result = native.search(**cores.position_args(pos), depth=2, nodes=5000, tt_bytes=1 << 16)
            assert result[0] in moves
    assert accepted > 100


def test_random_fiveup_boards_and_extra_state_never_crash_the_core(native):
    from engine import core as cores
    from engine import variant_by_key

    rng = random.Random(17)
    start = Position.start(variant_by_key("fiveup"))
    handle = cores.position_args(start)["handle"]
    codes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 17, 18, 23, 24, 25, 26, 27, 31, 32, -1]
    extras = EXTRAS + (([8, 9, 10], [8, 9, 10], [0, 1, 2, 3, 4, 25, 26], [], -1), ([2], [], [], [], -1),
                       ([], [], [], [57], 82), ([], [], [], [106, 111], 107), ([8], [9], [5], [], -1))
    for _ in range(ROUNDS):
        board = list(start.sq)
        for _ in range(rng.randrange(0, 30)):
            board[rng.randrange(125)] = rng.choice(codes)
        side = rng.choice([0, 1, 1, 0, 2])
        extra = rng.choice(extras)
        moves = [rng.getrandbits(rng.choice((9, 18, 26, 32))) for _ in range(rng.randrange(4))]
        calls = [
            lambda: native.legal_moves(handle, board, side, False, extra),
            lambda: native.evaluate(handle, board, side, False, extra),
            lambda: native.perft(handle, board, side, rng.randrange(0, 3), True, extra),
            lambda: native.play(handle, board, side, 0, moves, extra),
            lambda: native.search(handle, board, side, 0, depth=2, nodes=3000, tt_bytes=1 << 16, extra=extra),
        ]
        for call in calls:
            try:
                call()
            except EXPECTED:
                pass
