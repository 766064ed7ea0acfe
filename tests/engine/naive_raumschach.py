"""A deliberately naive second move generator, written straight from docs/rules/raumschach.md.

It shares no code with ``engine/``: its own position-string reader, coordinates as
(level, rank, file) tuples in a dict, moves found by stepping coordinates, and legality by
the definition itself -- play the move on a copy and see whether any reply of the opponent
could land on the king.  Slow by design; the tests compare it with the fast generator.
"""
from __future__ import annotations

from itertools import product

LEVELS = "ABCDE"
FILES = "abcde"
PROMOTION_LETTERS = "qrbnu"

STEPS = [d for d in product((-1, 0, 1), repeat=3) if d != (0, 0, 0)]
ROOK_STEPS = [d for d in STEPS if sum(map(abs, d)) == 1]
BISHOP_STEPS = [d for d in STEPS if sum(map(abs, d)) == 2]
UNICORN_STEPS = [d for d in STEPS if sum(map(abs, d)) == 3]
KNIGHT_STEPS = [
    d for d in product(range(-2, 3), repeat=3) if sorted(map(abs, d)) == [0, 1, 2]
]
SLIDES = {"r": ROOK_STEPS, "b": BISHOP_STEPS, "u": UNICORN_STEPS, "q": STEPS}


def name(cell: tuple[int, int, int]) -> str:
    lv, rk, fl = cell
    return f"{LEVELS[lv]}{FILES[fl]}{rk + 1}"


def inside(cell: tuple[int, int, int]) -> bool:
    return all(0 <= x < 5 for x in cell)


def add(cell, d):
    return (cell[0] + d[0], cell[1] + d[1], cell[2] + d[2])


def read(fen: str) -> tuple[dict, str]:
    """(board, side) from a position string; board maps (level, rank, file) -> letter
    (upper case White)."""
    placement, side = fen.split()[:2]
    board = {}
    for li, level_text in enumerate(placement.split("|")):
        for ri, rank_text in enumerate(level_text.split("/")):
            f = 0
            for ch in rank_text:
                if ch.isdigit():
                    f += int(ch)
                else:
                    board[(4 - li, 4 - ri, f)] = ch
                    f += 1
    return board, side


def is_white(letter: str) -> bool:
    return letter.isupper()


def pseudo_moves(board: dict, side: str) -> list[tuple]:
    """Every move by the rules of movement, ignoring the king's safety: (from, to, promo)."""
    white = side == "w"
    out = []
    for cell, letter in board.items():
        if is_white(letter) != white:
            continue
        kind = letter.lower()
        if kind == "p":
            sign = 1 if white else -1
            for d in ((0, sign, 0), (sign, 0, 0)):
                to = add(cell, d)
                if inside(to) and to not in board:
                    out += _pawn_arrivals(cell, to, white)
            for d in ((0, sign, -1), (0, sign, 1), (sign, 0, -1), (sign, 0, 1), (sign, sign, 0)):
                to = add(cell, d)
                if inside(to) and to in board and is_white(board[to]) != white:
                    out += _pawn_arrivals(cell, to, white)
        elif kind in ("n", "k"):
            for d in KNIGHT_STEPS if kind == "n" else STEPS:
                to = add(cell, d)
                if inside(to) and (to not in board or is_white(board[to]) != white):
                    out.append((cell, to, None))
        else:
            for d in SLIDES[kind]:
                to = add(cell, d)
                while inside(to):
                    if to in board:
                        if is_white(board[to]) != white:
                            out.append((cell, to, None))
                        break
                    out.append((cell, to, None))
                    to = add(to, d)
    return out


def _pawn_arrivals(frm, to, white):
    last = (4, 4) if white else (0, 0)
    if (to[0], to[1]) == last:
        return [(frm, to, p) for p in PROMOTION_LETTERS]
    return [(frm, to, None)]


def play(board: dict, move: tuple) -> dict:
    frm, to, promo = move
    new = dict(board)
    letter = new.pop(frm)
    if promo:
        letter = promo.upper() if is_white(letter) else promo
    new[to] = letter
    return new


def king_capturable(board: dict, king_side: str) -> bool:
    """Could the other side, moving now, land on ``king_side``'s king?"""
    king = "K" if king_side == "w" else "k"
    where = next(c for c, l in board.items() if l == king)
    other = "b" if king_side == "w" else "w"
    return any(to == where for _, to, _ in pseudo_moves(board, other))


def legal_moves(board: dict, side: str) -> list[tuple]:
    return [m for m in pseudo_moves(board, side) if not king_capturable(play(board, m), side)]


def coord(move: tuple) -> str:
    frm, to, promo = move
    return name(frm) + name(to) + (promo or "")


def perft(board: dict, side: str, depth: int) -> int:
    if depth == 0:
        return 1
    other = "b" if side == "w" else "w"
    return sum(perft(play(board, m), other, depth - 1) for m in legal_moves(board, side))


def legal_coords(fen: str) -> list[str]:
    board, side = read(fen)
    return sorted(coord(m) for m in legal_moves(board, side))


def perft_fen(fen: str, depth: int) -> int:
    board, side = read(fen)
    return perft(board, side, depth)


if __name__ == "__main__":
    # Independent perft for cross-checking deeper counts by hand (slow: depth 4 takes about an hour of CPU):
    #   python tests/engine/naive_raumschach.py 4 [--fen F]   -> per-root-move counts, then the total
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("depth", type=int)
    parser.add_argument("--fen", default="rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|5/5/5/PPPPP/RNKNR w 0 1")
    parser.add_argument("--roots", default="", help="comma-separated root moves to count (default: all)")
    args = parser.parse_args()
    wanted = set(filter(None, args.roots.split(",")))
    root, to_move = read(args.fen)
    reply = "b" if to_move == "w" else "w"
    total = 0
    for mv in sorted(legal_moves(root, to_move), key=coord):
        if wanted and coord(mv) not in wanted:
            continue
        n = perft(play(root, mv), reply, args.depth - 1)
        total += n
        print(coord(mv), n, flush=True)
    print(total)
