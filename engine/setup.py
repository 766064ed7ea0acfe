"""Is a set-up position one a game can start from?  The board editor's and "play from a
position"'s check, stricter than reading the string.

Reading (engine/fen.py, ``Position(fen, variant)``) already refuses what any position of the
variant must satisfy: one royal piece a side (KingCountError), no pawn on its promotion row
(PawnPlacementError), the side not to move not in check (OppositeCheckError), Star Trek's six
occupied pins with no piece off the boards (PinError), unmoved lists holding the right kind of
piece (UnmovedError).  ``check_setup`` adds what only a game's history could have produced,
worked out from the variant's own tables rather than written per variant:

* a pawn stands only where a pawn of its colour can get to: the cells its pawns start from,
  closed under its pushes, captures and double steps (and, in Star Trek, an attack board's move
  carrying it to a pin with the same ranks) - so no White pawn behind its first rank;
* a piece marked unmoved stands where its side's pieces start (Five Up: a non-pawn piece on one
  of its side's starting cells, of the piece's starting kind or a reserve kind that may have been
  placed there; Star Trek: a pawn on a starting cell, or carried from one by its attack board);
* the side to move has a move (NoMoveError otherwise: a legal position, but no game starts).

Errors are ``IllegalPositionError`` subclasses (engine/errors.py) whose ``check`` names the rule.
"""
from __future__ import annotations

from .errors import NoMoveError, PawnPlacementError, UnmovedError
from .fen import parse_fen
from .pieces import COLOR_SHIFT, KIND_MASK, PAWN
from .position import Position
from .variants import Variant

_COLOURS = ("white", "black")
_CACHE: dict[tuple[str, str], tuple] = {}


def validate_setup(fen: str, variant: Variant, *, need_move: bool = True) -> Position:
    """The position of ``fen`` if a game may start from it; an ``IllegalPositionError``
    subclass naming the broken rule if not (a ``PositionError`` if the string does not read).
    ``need_move`` False accepts a mate or stalemate (the editor's analysis may show one)."""
    position = Position(fen, variant)
    check_setup(position, need_move=need_move)
    return position


def check_setup(position: Position, *, need_move: bool = True) -> None:
    variant = position.variant
    reach, unmoved_pawn_cells, unmoved_kinds = _tables(variant)
    board = position.board
    names = variant.geometry.names
    pawn = variant.names[PAWN]
    for cell, code in enumerate(board):
        if code & KIND_MASK == PAWN and code < 2 << COLOR_SHIFT:
            colour = code >> COLOR_SHIFT
            if cell not in reach[colour]:
                raise PawnPlacementError(f"{_COLOURS[colour]} {pawn} on {names[cell]}: no {_COLOURS[colour]} "
                                         f"{pawn} can get there from where its {pawn}s start")
    for cell in getattr(position, "unmoved", ()):
        code = board[cell]
        colour = code >> COLOR_SHIFT
        kind = code & KIND_MASK
        what = f"{_COLOURS[colour]} {variant.names[kind]} on {names[cell]}"
        if kind == PAWN:
            if cell not in unmoved_pawn_cells[colour]:
                raise UnmovedError(f"unmoved: the {what} is not on a cell its {pawn}s start from, so it has moved")
        elif kind not in unmoved_kinds[colour].get(cell, ()):
            raise UnmovedError(f"unmoved: the {what} cannot be unmoved (no {_COLOURS[colour]} "
                               f"{variant.names[kind]} starts or is placed there)")
    if need_move and not position.generate_legal():
        mated = position.in_check()
        raise NoMoveError(f"{_COLOURS[position.side]} to move is {'checkmated' if mated else 'stalemated'}: "
                          "no game can start from it")


def _tables(variant: Variant) -> tuple:
    """Per colour: the cells its pawns can reach, the cells an unmoved pawn may stand on, and
    {cell: kinds an unmoved piece there may be}.  Built once per variant from its start."""
    key = (variant.key, variant.start_fen)
    cached = _CACHE.get(key)
    if cached is None:
        start = parse_fen(variant.start_fen, variant)
        reach, pawn_homes, kinds = [], [], []
        for colour in (0, 1):
            pawn_code = PAWN | colour << COLOR_SHIFT
            starts = {c for c, code in enumerate(start.board) if code == pawn_code}
            reach.append(_closure(starts, lambda c, s=colour: _pawn_steps(variant, s, c)))
            homes = {c for c in start.unmoved if start.board[c] == pawn_code} if variant.unmoved_pawns else set()
            pawn_homes.append(_closure(homes, lambda c: _carried(variant, c)))
            kinds.append({c: {start.board[c] & KIND_MASK, *variant.reserve_kinds} for c in start.unmoved
                          if start.board[c] >> COLOR_SHIFT == colour and start.board[c] & KIND_MASK != PAWN})
        cached = _CACHE[key] = (tuple(reach), tuple(pawn_homes), tuple(kinds))
    return cached


def _closure(starts: set, steps) -> frozenset:
    seen = set(starts)
    todo = list(starts)
    while todo:
        for nxt in steps(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(seen)


def _pawn_steps(variant: Variant, side: int, cell: int) -> list[int]:
    out = [*variant.pawn_pushes[side][cell], *variant.pawn_captures[side][cell]]
    out.extend(double[0] for double in variant.pawn_doubles[side][cell])
    out.extend(_carried(variant, cell))
    return out


def _carried(variant: Variant, cell: int) -> list[int]:
    """Where an attack board's move may carry a pawn on ``cell``: the same place on a board
    at any pin with the same two ranks (Star Trek, docs/rules/startrek.md section 5)."""
    pin = variant.pin_of_cell.get(cell) if variant.pins else None
    if pin is None:
        return []
    i = pin.cells.index(cell)
    return [other.cells[i] for other in variant.pins if other.ranks == pin.ranks]
