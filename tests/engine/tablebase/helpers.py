"""Positions of an ending as position strings, and the naive generator's view of them
(tests/engine/naive_raumschach.py shares no code with engine/)."""
from __future__ import annotations

import random

from engine.fen import write_fen
from engine.pieces import BISHOP, KING, KNIGHT, QUEEN, ROOK, UNICORN, piece_code
from tests.engine import naive_raumschach as naive

KIND_OF = {"k": KING, "q": QUEEN, "r": ROOK, "b": BISHOP, "u": UNICORN, "n": KNIGHT}


def fen_of(board: dict, side: str) -> str:
    """A naive board (cell tuple -> letter) as an engine position string."""
    codes = [0] * 125
    for (lv, rk, fl), letter in board.items():
        codes[lv * 25 + rk * 5 + fl] = piece_code(0 if letter.isupper() else 1, KIND_OF[letter.lower()])
    return write_fen(codes, side == "b", 0, 1)


def ending_letters(name: str) -> str:
    """``"KQvKR"`` -> ``"KQkr"``: the pieces' letters, White's upper case."""
    white, black = name.split("v")
    return white + black.lower()


def random_legal(name: str, rng: random.Random) -> tuple[dict, str]:
    """A random legal position of the ending (the side not to move is not in check)."""
    letters = ending_letters(name)
    cells = [(a, b, c) for a in range(5) for b in range(5) for c in range(5)]
    while True:
        board = dict(zip(rng.sample(cells, len(letters)), letters))
        side = rng.choice("wb")
        if not naive.king_capturable(board, "b" if side == "w" else "w"):
            return board, side


def domain_cells() -> list[tuple[int, int, int]]:
    """One cell of each orbit of the cube's symmetries: level <= rank <= file <= 2."""
    return [(a, b, c) for a in range(3) for b in range(a, 3) for c in range(b, 3)]
