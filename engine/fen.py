"""The position string (docs/rules/raumschach.md): ``placement side halfmove-clock fullmove-number``.

The fields are the variant's (``variant.fen_fields``; Raumschach has exactly these four).
Placement lists levels E..A separated by ``|``, each level's ranks 5..1 separated by ``/``,
each rank's files a..e: upper case White, lower case Black, digits for runs of empty cells.
Parsing checks everything that can be checked without move generation; the king and check
tests that need attack detection are done by ``Position.from_fen``.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from .errors import PositionError
from .geometry import CELL_NAMES, LEVEL_LETTERS, SIZE, make_cell
from .pieces import COLOR_SHIFT, KIND_MASK, PAWN, PIECE_NAMES, PIECE_SYMBOLS
from .variants import RAUMSCHACH, Variant
from .variants.raumschach import START_FEN  # noqa: F401  (re-exported: the CLI modules read it here)

_NUMBER_RE = re.compile(r"[0-9]{1,9}")  # ASCII digits only; nine digits is plenty for any clock


class ParsedFen(NamedTuple):
    board: list
    black_to_move: bool
    halfmove_clock: int
    fullmove_number: int


def parse_fen(text: str, variant: Variant = RAUMSCHACH) -> ParsedFen:
    if not isinstance(text, str):
        raise PositionError(f"a position string must be text, not {type(text).__name__}")
    fields = text.split()
    names = variant.fen_fields
    if len(fields) != len(names):
        raise PositionError(f"expected {len(names)} space-separated fields ({' '.join(names)}), got {len(fields)}")
    placement, side, halfmove, fullmove = fields
    board = _parse_placement(placement, variant)
    if side not in ("w", "b"):
        raise PositionError(f"side to move must be 'w' or 'b', not {side!r}")
    if not _NUMBER_RE.fullmatch(halfmove):
        raise PositionError(f"halfmove clock must be a whole number >= 0, not {halfmove!r}")
    if not _NUMBER_RE.fullmatch(fullmove) or int(fullmove) < 1:
        raise PositionError(f"fullmove number must be a whole number >= 1, not {fullmove!r}")
    _check_kings_and_pawns(board, variant)
    return ParsedFen(board, side == "b", int(halfmove), int(fullmove))


def _kind_by_letter(variant: Variant) -> dict[str, int]:
    return {PIECE_SYMBOLS[k]: k for k in variant.kinds} | variant.letter_aliases


def _parse_placement(placement: str, variant: Variant) -> list:
    kind_by_letter = _kind_by_letter(variant)
    letters = "".join(PIECE_SYMBOLS[k].upper() for k in sorted(variant.kinds, reverse=True))
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
                elif ch.lower() in kind_by_letter:
                    if file < SIZE:
                        color = 0 if ch.isupper() else 1
                        board[make_cell(level, rank, file)] = kind_by_letter[ch.lower()] | color << COLOR_SHIFT
                    file += 1
                else:
                    raise PositionError(f"{where}: bad letter {ch!r} (pieces are {letters}, lower case for Black, digits 1-5)")
            if file != SIZE:
                raise PositionError(f"{where} has {file} cells, expected {SIZE}: {rank_text!r}")
    return board


def _check_kings_and_pawns(board: list, variant: Variant) -> None:
    royal = PIECE_NAMES[variant.royal_kind]
    for color, cname in ((0, "white"), (1, "black")):
        kings = sum(1 for code in board if code == variant.royal_kind | color << COLOR_SHIFT)
        if kings == 0:
            raise PositionError(f"{cname} has no {royal}")
        if kings > 1:
            raise PositionError(f"{cname} has {kings} {royal}s, expected exactly one")
        for cell in variant.promotion_cells[color]:
            if board[cell] == PAWN | color << COLOR_SHIFT:
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
                    letter = PIECE_SYMBOLS[code & KIND_MASK]
                    out.append(letter.upper() if code >> COLOR_SHIFT == 0 else letter)
                else:
                    empty += 1
            if empty:
                out.append(str(empty))
            ranks.append("".join(out))
        levels.append("/".join(ranks))
    return "|".join(levels)


def write_fen(board: list, black_to_move: bool, halfmove_clock: int, fullmove_number: int) -> str:
    return f"{placement_string(board)} {'b' if black_to_move else 'w'} {halfmove_clock} {fullmove_number}"

