"""The position string: named fields, each a reader and a writer (docs/rules/<variant>.md).

A variant lists its fields (``variant.fen_fields``): Raumschach ``placement side halfmove
fullmove``; Five Up ``placement side reserves unmoved ep halfmove fullmove``.  A reader
``read(text, state, variant)`` checks its field and fills ``state`` (a dict that becomes a
:class:`ParsedFen`); a writer ``write(board) -> str`` writes it from a Board/Position.
Fields are read in order, so a later field may look at an earlier one (``ep`` at the placement
and the side).

Placement lists the geometry's groups (the cube: levels E..A) separated by ``|``, each group's
rows (the cube: ranks 5..1; Hexagonal Raumschach: files a..g) separated by ``/``, each row's
cells (the cube: files a..e; the hex board: ranks from 1 up): upper case White, lower case
Black, digits for runs of empty cells.  Parsing checks everything that can be checked
without move generation; the king and check tests that need attack detection are done by
``Position.from_fen``.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, NamedTuple

from .errors import KingCountError, PawnPlacementError, PositionError, UnmovedError
from .geometry import CUBE, Geometry
from .pieces import COLOR_SHIFT, KIND_MASK, PAWN, PIECE_SYMBOLS

if TYPE_CHECKING:
    from .variants.base import Variant

_NUMBER_RE = re.compile(r"[0-9]{1,9}")  # ASCII digits only; nine digits is plenty for any clock
_COLOURS = ("white", "black")


class ParsedFen(NamedTuple):
    board: list
    black_to_move: bool
    halfmove_clock: int
    fullmove_number: int
    reserves: tuple = (0, 0)  # per side, a bit mask of the kinds in hand (1 << kind)
    unmoved: frozenset = frozenset()  # cells of unmoved non-pawn pieces
    ep: tuple | None = None  # (cells an en-passant capture may land on, the capturable pawn's cell)
    pins: frozenset = frozenset()  # pins holding a movable board (Star Trek), by pin index


class FenField(NamedTuple):
    name: str
    read: Callable[[str, dict, "Variant"], None]
    write: Callable[[object], str]


def parse_fen(text: str, variant: "Variant") -> ParsedFen:
    if not isinstance(text, str):
        raise PositionError(f"a position string must be text, not {type(text).__name__}")
    fields = text.split()
    names = variant.fen_field_names
    if len(fields) != len(names):
        raise PositionError(f"expected {len(names)} space-separated fields ({' '.join(names)}) for "
                            f"{variant.name}, got {len(fields)}")
    state: dict = {}
    for field, value in zip(variant.fen_fields, fields):
        field.read(value, state, variant)
    _check_kings_and_pawns(state["board"], variant)
    return ParsedFen(**state)


def write_position(board) -> str:
    """The position string of a Board/Position, field by field."""
    return " ".join(field.write(board) for field in board.variant.fen_fields)


# --- placement ------------------------------------------------------------------------------
def _read_placement(text: str, state: dict, variant: "Variant") -> None:
    state["board"] = parse_placement(text, variant)


def parse_placement(placement: str, variant: "Variant") -> list:
    g = variant.geometry
    kind_by_letter = variant.kind_by_letter
    letters = "".join(variant.letters[k].upper() for k in sorted(variant.kinds, reverse=True))
    groups = placement.split("|")
    rows_of = g.placement_rows
    labels = _labels(g)
    if len(groups) != len(rows_of):
        raise PositionError(f"placement has {len(groups)} {labels.group_word}s separated by '|', expected "
                            f"{len(rows_of)} ({labels.group_order})")
    board = [0] * g.ncells
    for gi, group_text in enumerate(groups):
        gname = labels.groups[gi]
        rows = group_text.split("/")
        if len(rows) != len(rows_of[gi]):
            raise PositionError(f"{labels.group_word} {gname} has {len(rows)} {labels.row_word}s separated by '/', "
                                f"expected {len(rows_of[gi])} ({labels.row_order})")
        for ri, row_text in enumerate(rows):
            cells = rows_of[gi][ri]
            where = f"{labels.group_word} {gname} {labels.row_word} {labels.rows[gi][ri]}"
            i = 0
            j = 0
            while j < len(row_text):
                ch = row_text[j]
                if ch.isdigit() and ch.isascii():
                    k = j
                    while k < len(row_text) and row_text[k].isdigit() and row_text[k].isascii():
                        k += 1
                    run = int(row_text[j:k])
                    if not 1 <= run <= len(cells):
                        raise PositionError(f"{where}: bad letter {row_text[j:k]!r} (pieces are {letters}, lower case "
                                            f"for Black, digits 1-{len(cells)})")
                    i += run
                    j = k
                    continue
                if ch.lower() in kind_by_letter and ch.isalpha():
                    if i < len(cells):
                        color = 0 if ch.isupper() else 1
                        board[cells[i]] = kind_by_letter[ch.lower()] | color << COLOR_SHIFT
                    i += 1
                else:
                    raise PositionError(f"{where}: bad letter {ch!r} (pieces are {letters}, lower case for Black, "
                                        f"digits 1-{len(cells)})")
                j += 1
            if i != len(cells):
                raise PositionError(f"{where} has {i} cells, expected {len(cells)}: {row_text!r}")
    return board


class _Labels(NamedTuple):
    group_word: str
    row_word: str
    groups: tuple
    rows: tuple
    group_order: str
    row_order: str


def _labels(g: Geometry) -> _Labels:
    # The groups are named by their panes' labels; the rows by the geometry's row labels (the
    # cube: ranks, read off the layout; a hex board: files).
    groups = tuple(g.boards[g.layout[grp[0][0]][0]].label for grp in g.placement_rows)
    rows = g.row_labels or tuple(tuple(str(int(g.layout[row[0]][2]) + 1) for row in grp)
                                 for grp in g.placement_rows)
    order = "down to" if g.row_labels is None else "to"
    return _Labels("level", g.row_word, groups, rows, f"{groups[0]} down to {groups[-1]}",
                   f"{rows[0][0]} {order} {rows[0][-1]}")


def placement_string(board: list, variant: "Variant | None" = None) -> str:
    g = variant.geometry if variant is not None else CUBE
    letters = variant.letters if variant is not None else PIECE_SYMBOLS
    return "|".join("/".join(row_string([board[cell] for cell in row], letters) for row in group)
                    for group in g.placement_rows)


def row_string(codes, letters) -> str:
    """One row of a placement: a letter per piece (upper case White), a digit per run of
    places without one (0, or a code with no kind: a cell that is not there now)."""
    out, empty = [], 0
    for code in codes:
        if code & KIND_MASK:
            if empty:
                out.append(str(empty))
                empty = 0
            letter = letters[code & KIND_MASK]
            out.append(letter.upper() if code >> COLOR_SHIFT == 0 else letter)
        else:
            empty += 1
    if empty:
        out.append(str(empty))
    return "".join(out)


def _check_kings_and_pawns(board: list, variant: "Variant") -> None:
    royal = variant.names[variant.royal_kind]
    names = variant.geometry.names
    for color, cname in enumerate(_COLOURS):
        kings = sum(1 for code in board if code == variant.royal_kind | color << COLOR_SHIFT)
        if kings == 0:
            raise KingCountError(f"{cname} has no {royal}")
        if kings > 1:
            raise KingCountError(f"{cname} has {kings} {royal}s, expected exactly one")
        for cell in variant.promotion_cells[color]:
            if board[cell] == PAWN | color << COLOR_SHIFT:
                raise PawnPlacementError(f"{cname} {variant.names[PAWN]} on {names[cell]}, its promotion row, should have "
                                    "promoted")


# --- side and clocks ------------------------------------------------------------------------
def _read_side(text: str, state: dict, variant: "Variant") -> None:
    if text not in ("w", "b"):
        raise PositionError(f"side to move must be 'w' or 'b', not {text!r}")
    state["black_to_move"] = text == "b"


def _read_halfmove(text: str, state: dict, variant: "Variant") -> None:
    if not _NUMBER_RE.fullmatch(text):
        raise PositionError(f"halfmove clock must be a whole number >= 0, not {text!r}")
    state["halfmove_clock"] = int(text)


def _read_fullmove(text: str, state: dict, variant: "Variant") -> None:
    if not _NUMBER_RE.fullmatch(text) or int(text) < 1:
        raise PositionError(f"fullmove number must be a whole number >= 1, not {text!r}")
    state["fullmove_number"] = int(text)


# --- reserves, unmoved pieces, en passant (Five Up) -------------------------------------------
def _read_reserves(text: str, state: dict, variant: "Variant") -> None:
    order = "".join(variant.letters[k].upper() for k in variant.reserve_kinds)
    order += order.lower()
    masks = [0, 0]
    if text != "-":
        last = -1
        for ch in text:
            at = order.find(ch)
            if at < 0 or not ch.isalpha():
                raise PositionError(f"reserves: {ch!r} is not a reserve piece (write {order} in that order, or -)")
            if at <= last:
                raise PositionError(f"reserves: {text!r} is out of order or repeats a piece (write {order} in that "
                                    "order, or -)")
            last = at
            masks[0 if ch.isupper() else 1] |= 1 << variant.kind_by_letter[ch.lower()]
    state["reserves"] = (masks[0], masks[1])


def _write_reserves(board) -> str:
    v = board.variant
    out = "".join(v.letters[k].upper() for k in v.reserve_kinds if board.reserves[0] >> k & 1)
    out += "".join(v.letters[k] for k in v.reserve_kinds if board.reserves[1] >> k & 1)
    return out or "-"


def _cell_list(text: str, field: str, variant: "Variant") -> list[int]:
    g = variant.geometry
    cells = []
    for name in text.split(","):
        try:
            cells.append(g.parse_cell(name))
        except ValueError as exc:
            raise PositionError(f"{field}: {exc}") from None
    if len(set(cells)) != len(cells):
        raise PositionError(f"{field}: a cell is listed twice in {text!r}")
    return cells


def _read_unmoved(text: str, state: dict, variant: "Variant") -> None:
    board = state["board"]
    names = variant.geometry.names
    unmoved = set()
    if text != "-":
        for cell in _cell_list(text, "unmoved", variant):
            code = board[cell]
            if not code:
                raise UnmovedError(f"unmoved: {names[cell]} is empty")
            if code & KIND_MASK == PAWN:
                raise UnmovedError(f"unmoved: {names[cell]} holds a pawn (the field lists non-pawn pieces only)")
            unmoved.add(cell)
    # Canonical form: a side without a reserve places nothing, so its unmoved pieces are not
    # part of the position (read and dropped).
    reserves = state.get("reserves", (0, 0))
    state["unmoved"] = frozenset(c for c in unmoved if reserves[board[c] >> COLOR_SHIFT])


def _write_unmoved(board) -> str:
    names = board.variant.geometry.names
    return ",".join(names[c] for c in sorted(board.unmoved)) or "-"


def _read_ep(text: str, state: dict, variant: "Variant") -> None:
    if text == "-":
        state["ep"] = None
        return
    names = variant.geometry.names
    passed_text, at, victim_text = text.partition("@")
    if not at or not passed_text or not victim_text:
        raise PositionError(f"ep: {text!r} is not - or PASSED[,PASSED]@PAWN (e.g. Ab3@Ab4)")
    passed = _cell_list(passed_text, "ep", variant)
    try:
        victim = variant.geometry.parse_cell(victim_text)
    except ValueError as exc:
        raise PositionError(f"ep: {exc}") from None
    board = state["board"]
    mover = 1 if state["black_to_move"] else 0
    if board[victim] != PAWN | (mover ^ 1) << COLOR_SHIFT:
        raise PositionError(f"ep: {names[victim]} must hold a {_COLOURS[mover ^ 1]} pawn that has just made a "
                            "double step")
    for cell in passed:
        if board[cell]:
            raise PositionError(f"ep: the passed cell {names[cell]} must be empty")
    if passed != sorted(passed):
        raise PositionError(f"ep: list the passed cells in order ({','.join(names[c] for c in sorted(passed))})")
    starts = {c for c in variant.geometry.cells for target, middles, _ in variant.pawn_doubles[mover ^ 1][c]
              if target == victim and set(passed) <= set(middles)}
    if not starts:
        raise PositionError(f"ep: no double step of a pawn to {names[victim]} passes "
                            f"{','.join(names[c] for c in passed)}")
    state["ep"] = (frozenset(passed), victim)


def _write_ep(board) -> str:
    if board.ep is None:
        return "-"
    names = board.variant.geometry.names
    passed, victim = board.ep
    return ",".join(names[c] for c in sorted(passed)) + "@" + names[victim]


PLACEMENT = FenField("placement", _read_placement, lambda b: placement_string(b.sq, b.variant))
SIDE = FenField("side", _read_side, lambda b: "b" if b.side else "w")
HALFMOVE = FenField("halfmove", _read_halfmove, lambda b: str(b.hmc))
FULLMOVE = FenField("fullmove", _read_fullmove, lambda b: str(b.fullmove_number))
RESERVES = FenField("reserves", _read_reserves, _write_reserves)
UNMOVED = FenField("unmoved", _read_unmoved, _write_unmoved)
EP = FenField("ep", _read_ep, _write_ep)

STANDARD_FIELDS = (PLACEMENT, SIDE, HALFMOVE, FULLMOVE)


def write_fen(board: list, black_to_move: bool, halfmove_clock: int, fullmove_number: int,
              variant: "Variant | None" = None) -> str:
    """A four-field string (placement, side, clocks) from a bare list of codes (tests, tools)."""
    return f"{placement_string(board, variant)} {'b' if black_to_move else 'w'} {halfmove_clock} {fullmove_number}"

