"""The position string (RULES.md): ``placement side halfmove-clock fullmove-number``.

Placement lists levels E..A separated by ``|``, each level's ranks 5..1 separated by ``/``,
each rank's files a..e: upper case White, lower case Black, digits for runs of empty cells.
Parsing checks everything that can be checked without move generation; the king and check
tests that need attack detection are done by ``Position.from_fen``.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from .errors import PositionError
from .geometry import (
    CELL_NAMES,
    KING,
    LEVEL_LETTERS,
    PAWN,
    PIECE_NAMES,
    PIECE_SYMBOLS,
    SIZE,
    cell_level,
    cell_rank,
    make_cell,
)

START_FEN = "rnknr/ppppp/5/5/5|ubqub/ppppp/5/5/5|5/5/5/5/5|5/5/5/PPPPP/BUQBU|5/5/5/PPPPP/RNKNR w 0 1"

_NUMBER_RE = re.compile(r"[0-9]{1,9}")  # ASCII digits only; nine digits is plenty for any clock
_KIND_BY_LETTER = {s: k for k, s in enumerate(PIECE_SYMBOLS) if s} | {"s": 2}  # S = Springer = knight
# Promotion rows, by colour index (0 White, 1 Black): level E rank 5 / level A rank 1.
_PROMOTION_ROW = ((SIZE - 1, SIZE - 1), (0, 0))


class ParsedFen(NamedTuple):
    board: list
    black_to_move: bool
    halfmove_clock: int
    fullmove_number: int


def parse_fen(text: str) -> ParsedFen:
    if not isinstance(text, str):
        raise PositionError(f"a position string must be text, not {type(text).__name__}")
    fields = text.split()
    if len(fields) != 4:
        raise PositionError(
            f"expected 4 space-separated fields (placement side halfmove-clock fullmove-number), got {len(fields)}"
        )
    placement, side, halfmove, fullmove = fields
    board = _parse_placement(placement)
    if side not in ("w", "b"):
        raise PositionError(f"side to move must be 'w' or 'b', not {side!r}")
    if not _NUMBER_RE.fullmatch(halfmove):
        raise PositionError(f"halfmove clock must be a whole number >= 0, not {halfmove!r}")
    if not _NUMBER_RE.fullmatch(fullmove) or int(fullmove) < 1:
        raise PositionError(f"fullmove number must be a whole number >= 1, not {fullmove!r}")
    _check_kings_and_pawns(board)
    return ParsedFen(board, side == "b", int(halfmove), int(fullmove))


def _parse_placement(placement: str) -> list:
    levels = placement.split("|")
    if len(levels) != SIZE:
        raise PositionError(f"placement has {len(levels)} levels separated by '|', expected {SIZE} (E down to A)")
    board = [0] * SIZE**3
    for li, level_text in enumerate(levels):
        level = SIZE - 1 - li
        lname = LEVEL_LETTERS[level]
        ranks = level_text.split("/")
        if len(ranks) != SIZE:
            raise PositionError(f"level {lname} has {len(ranks)} ranks separated by '/', expected {SIZE} (5 down to 1)")
        for ri, rank_text in enumerate(ranks):
            rank = SIZE - 1 - ri
            where = f"level {lname} rank {rank + 1}"
            file = 0
            for ch in rank_text:
                if ch in "12345":
                    file += int(ch)
                elif ch.lower() in _KIND_BY_LETTER:
                    if file < SIZE:
                        color = 0 if ch.isupper() else 1
                        board[make_cell(level, rank, file)] = _KIND_BY_LETTER[ch.lower()] | color << 3
                    file += 1
                else:
                    raise PositionError(f"{where}: bad letter {ch!r} (pieces are KQRBNUP, lower case for Black, digits 1-5)")
            if file != SIZE:
                raise PositionError(f"{where} has {file} cells, expected {SIZE}: {rank_text!r}")
    return board


def _check_kings_and_pawns(board: list) -> None:
    for color, cname in ((0, "white"), (1, "black")):
        kings = sum(1 for code in board if code == KING | color << 3)
        if kings == 0:
            raise PositionError(f"{cname} has no king")
        if kings > 1:
            raise PositionError(f"{cname} has {kings} kings, expected exactly one")
        for cell, code in enumerate(board):
            if code == PAWN | color << 3 and (cell_level(cell), cell_rank(cell)) == _PROMOTION_ROW[color]:
                raise PositionError(f"{cname} {PIECE_NAMES[PAWN]} on {CELL_NAMES[cell]}, its promotion row, should have promoted")


def placement_string(board: list) -> str:
    levels = []
    for level in range(SIZE - 1, -1, -1):
        ranks = []
        for rank in range(SIZE - 1, -1, -1):
            out, empty = [], 0
            for file in range(SIZE):
                code = board[make_cell(level, rank, file)]
                if code:
                    if empty:
                        out.append(str(empty))
                        empty = 0
                    letter = PIECE_SYMBOLS[code & 7]
                    out.append(letter.upper() if code >> 3 == 0 else letter)
                else:
                    empty += 1
            if empty:
                out.append(str(empty))
            ranks.append("".join(out))
        levels.append("/".join(ranks))
    return "|".join(levels)


def write_fen(board: list, black_to_move: bool, halfmove_clock: int, fullmove_number: int) -> str:
    return f"{placement_string(board)} {'b' if black_to_move else 'w'} {halfmove_clock} {fullmove_number}"

