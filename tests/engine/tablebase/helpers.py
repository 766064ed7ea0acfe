"""Positions of an ending as position strings, and the naive generator's view of them
(tests/engine/naive_raumschach.py shares no code with engine/)."""
from __future__ import annotations

import random

from engine import tablebase
from engine.fen import write_fen
from engine.pieces import BISHOP, KING, KNIGHT, QUEEN, ROOK, UNICORN, piece_code
from engine.position import Position
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


def three_piece_boards(kind: int):
    """Every placement of White's king (on the domain cells), Black's king and a white `kind`
    on three distinct cells: (white king, black king, piece cell, the core's board list)."""
    for lv, rk, fl in domain_cells():
        wk = lv * 25 + rk * 5 + fl
        for bk in range(125):
            for x in range(125):
                if len({wk, bk, x}) < 3:
                    continue
                board = [0] * 125
                board[wk], board[bk], board[x] = piece_code(0, KING), piece_code(1, KING), piece_code(0, kind)
                yield wk, bk, x, board


def expected(board: dict, side: str) -> tuple[str, int]:
    """The value the position must have given its moves (the naive generator's) and the loaded
    tables' values of its successors."""
    moves = naive.legal_moves(board, side)
    if not moves:
        return ("loss", 0) if naive.king_capturable(board, side) else ("draw", 0)
    other = "b" if side == "w" else "w"
    after = []
    for move in moves:
        nxt = naive.play(board, move)
        got = tablebase.probe(Position.from_fen(fen_of(nxt, other)))
        assert got is not None, f"no table answers after {naive.coord(move)} in {fen_of(board, side)}"
        if got.result == "loss" and got.plies == 0:  # the table says mate: the naive rules must agree
            assert not naive.legal_moves(nxt, other) and naive.king_capturable(nxt, other), fen_of(nxt, other)
        after.append(got)
    losses = [p.plies for p in after if p.result == "loss"]
    if losses:
        return "win", 1 + min(losses)
    if any(p.result == "draw" for p in after):
        return "draw", 0
    return "loss", 1 + max(p.plies for p in after)


def decisive_sample(name: str, rng: random.Random, count: int, tries: int = 40000) -> list[tuple[dict, str]]:
    """Up to ``count`` won positions of the ending found among ``tries`` random ones, each with
    the lost position its table-best move leads to (wins are rare in some endings; losses rarer)."""
    out = []
    for _ in range(tries):
        if len(out) >= 2 * count:
            break
        board, side = random_legal(name, rng)
        pos = Position.from_fen(fen_of(board, side))
        got = tablebase.probe(pos)
        if got is None or got.result != "win":
            continue
        out.append((board, side))
        move = tablebase.best_moves(pos)[0]
        pos.push(move)
        out.append(naive.read(pos.fen()))  # lost (or mated, or a capture into a smaller table)
    return out
