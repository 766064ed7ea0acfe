"""Star Trek 3D chess: three fixed 4x4 main boards and six movable 2x2 attack boards
(docs/rules/startrek.md, the ruling this module follows section by section).

The geometry is the superset of every cell a board can ever occupy: the 48 cells of the main
boards W (level B, ranks 1-4), N (D, 3-6), X (F, 5-8) and the 4 cells of each of the 24 pins
(144 cells); which pins hold a board is part of the position (engine/board_pins.py plays it).
Coordinates are (level, rank, file) with level A..G = 0..6, rank 0..9, file z..e = 0..5, so the
direction vectors below read (up, forward, right).  Cells are numbered in (level, rank, file)
order, so sorting cells sorts the position string's unmoved-pawn list as the ruling writes it.
"""
from __future__ import annotations

from itertools import product

from ..board_pins import Pin, PinBoardMixin
from ..errors import PinError, PositionError, UnmovedError
from ..fen import FULLMOVE, HALFMOVE, SIDE, FenField, row_string
from ..geometry import KNIGHT_LEAPS, BoardPane, Geometry
from ..pieces import BISHOP, COLOR_SHIFT, KING, KIND_MASK, KNIGHT, PAWN, QUEEN, ROOK
from ..zobrist import draw_keys
from .base import DoubleStep, LevelTuning, PawnRules, PieceType, Values, Variant

LEVELS = "ABCDEFG"
FILES = "zabcde"
NLEVELS, NRANKS, NFILES = 7, 10, 6

# The main boards: (id, level, lowest rank); files a-d (1..4), four ranks each.
MAIN_BOARDS = (("W", 1, 1), ("N", 3, 3), ("X", 5, 5))
START_PINS = ("K1d", "K6u", "Q1d", "Q3d", "Q4u", "Q6u")


def _pin_specs():
    """(name, level, ranks, files) of the 24 pins (ruling section 1): side Q (files z, a) or K
    (d, e); number 1..6 = W low, W high, N low, N high, X low, X high corner; u/d = one level
    above/below the main board."""
    for side, files in (("Q", (0, 1)), ("K", (4, 5))):
        for number in range(1, 7):
            _id, level, low = MAIN_BOARDS[(number - 1) // 2]
            ranks = (low - 1, low) if number % 2 else (low + 3, low + 4)
            for ud, dl in (("d", -1), ("u", 1)):
                yield f"{side}{number}{ud}", level + dl, ranks, files


_PIN_SPECS = sorted(_pin_specs())
_MAIN_COORDS = [(lv, rk, fl) for _id, lv, low in MAIN_BOARDS for rk in range(low, low + 4) for fl in range(1, 5)]
_PIN_COORDS = [(lv, rk, fl) for _n, lv, ranks, files in _PIN_SPECS for rk in ranks for fl in files]
COORDS = tuple(sorted(_MAIN_COORDS + _PIN_COORDS))
_INDEX = {xyz: c for c, xyz in enumerate(COORDS)}
NAMES = tuple(LEVELS[lv] + FILES[fl] + str(rk) for lv, rk, fl in COORDS)

PINS = tuple(Pin(i, name, tuple(_INDEX[(lv, rk, fl)] for rk in ranks for fl in files),
                 tuple(rk for rk in ranks for _fl in files))
             for i, (name, lv, ranks, files) in enumerate(_PIN_SPECS))
FIXED_CELLS = frozenset(_INDEX[xyz] for xyz in _MAIN_COORDS)


def _mirror(xyz: tuple) -> tuple:
    """Black's view (ruling section 2): (file, rank, level) -> (file, 9 - rank, 8 - level)."""
    lv, rk, fl = xyz
    return NLEVELS - 1 - lv, NRANKS - 1 - rk, fl


def _panes() -> tuple[tuple[BoardPane, ...], tuple]:
    panes = [BoardPane(i, f"{i} (level {LEVELS[lv]})", 4, 4, lv, tuple(FILES[1:5]),
                       tuple(str(r) for r in range(low, low + 4))) for i, lv, low in MAIN_BOARDS]
    pane_of = {}
    for b, (_i, lv, low) in enumerate(MAIN_BOARDS):
        for rk in range(low, low + 4):
            for fl in range(1, 5):
                pane_of[_INDEX[(lv, rk, fl)]] = b
    for pin, (name, lv, ranks, files) in zip(PINS, _PIN_SPECS):
        for c in pin.cells:
            pane_of[c] = len(panes)
        panes.append(BoardPane(name, name, 2, 2, lv, tuple(FILES[f] for f in files), tuple(str(r) for r in ranks)))
    # x, y: the cell's file and rank on the whole stand (a pane's own corner: its lowest ones).
    layout = tuple((pane_of[c], float(fl), float(rk)) for c, (lv, rk, fl) in enumerate(COORDS))
    return tuple(panes), layout


_BOARDS, _LAYOUT = _panes()
_UNIT = (-1, 0, 1)
ALL_DIRS = tuple(d for d in product(_UNIT, repeat=3) if any(d))  # 26, (level, rank, file)

GEOMETRY = Geometry(
    key="startrek",
    names=NAMES,
    coords=COORDS,
    cell_pattern=f"[{LEVELS}][{FILES}][0-9]",
    name_hint="level A-G, file z a b c d e, rank 0-9, on a main board or an attack board's pin, e.g. Bb2",
    reflect_coords=_mirror,
    dark=tuple((rk + fl) % 2 == 0 for _lv, rk, fl in COORDS),
    line_dirs=ALL_DIRS,
    boards=_BOARDS,
    layout=_LAYOUT,
    placement_rows=tuple(tuple(tuple(_INDEX[(lv, rk, fl)] for fl in range(NFILES) if (lv, rk, fl) in _INDEX)
                               for rk in range(NRANKS - 1, -1, -1)) for lv in range(NLEVELS - 1, -1, -1)),
)

# Pieces (ruling section 3), as (level, rank, file) steps.
ROOK_DIRS = tuple(d for d in ALL_DIRS if d[1] == 0 or d[2] == 0)  # 14
BISHOP_DIRS = tuple(d for d in ALL_DIRS if d[1] != 0 and d[2] != 0)  # 12

# Pawns (ruling section 4, White; Black's are the mirror): forward onto an empty cell on the
# same level or one up or down; a capture one file aside and one rank forward on its own level
# or any level above; the first move's two-step straight ahead; queen-only promotion on ranks
# 8-9.  The sideways step at a board's last rank is per cell (_with_sideways_steps).
PAWN_RULES = PawnRules(
    pushes=((-1, 1, 0), (0, 1, 0), (1, 1, 0)),
    captures=tuple((dl, 1, df) for dl in range(NLEVELS) for df in (-1, 1)),
    promotion_cells=frozenset(c for c, (_lv, rk, _fl) in enumerate(COORDS) if rk >= 8),
    double_steps=(DoubleStep((0, 2, 0), ((0, 1, 0),)),),
    home_cells=frozenset(range(len(COORDS))),  # wherever it stands: the board's unmoved set decides
)

_MG = {PAWN: 100, KNIGHT: 320, BISHOP: 330, ROOK: 500, QUEEN: 950, KING: 0}
_EG = {PAWN: 120, KNIGHT: 300, BISHOP: 340, ROOK: 530, QUEEN: 970, KING: 0}
_ORDER = _MG | {KING: 2000}
_PHASE = {KNIGHT: 1, BISHOP: 1, ROOK: 2, QUEEN: 4}  # both armies: 2 * (2 + 2 + 4 + 4) = 24


def _table(values: dict) -> tuple:
    return tuple(values.get(k, 0) for k in range(KING + 1))


def startrek_bonus(kind: int, cell: int) -> tuple[int, int]:
    """(mg, eg) bonus of a White piece: centralisation on the whole stand (an attack board's
    outer files are far from the centre), pawns' advance by rank, the king kept back until the
    endgame."""
    lv, rk, fl = COORDS[cell]
    cen = 20 - (abs(2 * lv - 6) + abs(2 * rk - 9) + abs(2 * fl - 5))  # 0 (corner) .. 19 (centre)
    if kind == PAWN:
        return 4 * (rk - 1), 9 * (rk - 1)
    if kind == KNIGHT:
        return 3 * cen - 24, 2 * cen - 16
    if kind == BISHOP:
        return 2 * cen - 16, 2 * cen - 16
    if kind == ROOK:
        return cen - 8, cen - 8
    if kind == QUEEN:
        return cen - 8, 2 * cen - 16
    if kind == KING:
        return -2 * cen + 8, 2 * cen - 16
    raise ValueError(kind)


VALUES = Values(_table(_MG), _table(_EG), _table(_ORDER), _table(_PHASE), 24, startrek_bonus)


# --- the position string (ruling section 7) ---------------------------------------------------
# Placement: levels G..A, ranks 9..0, files z..e: all 7 x 10 x 6 places of the stand, whether a
# cell of some board or not; a digit counts places without a piece.
_VOXEL_ROWS = tuple(tuple(tuple((lv, rk, fl) for fl in range(NFILES)) for rk in range(NRANKS - 1, -1, -1))
                    for lv in range(NLEVELS - 1, -1, -1))


def _voxel_name(xyz: tuple) -> str:
    lv, rk, fl = xyz
    return LEVELS[lv] + FILES[fl] + str(rk)


def _read_placement(text: str, state: dict, variant: Variant) -> None:
    letters = "".join(variant.letters[k].upper() for k in sorted(variant.kinds, reverse=True))
    groups = text.split("|")
    if len(groups) != NLEVELS:
        raise PositionError(f"placement has {len(groups)} levels separated by '|', expected {NLEVELS} (G down to A)")
    board = [0] * GEOMETRY.ncells
    for group_text, rows in zip(groups, _VOXEL_ROWS):
        row_texts = group_text.split("/")
        level = LEVELS[rows[0][0][0]]
        if len(row_texts) != NRANKS:
            raise PositionError(f"level {level} has {len(row_texts)} ranks separated by '/', expected {NRANKS} "
                                "(9 down to 0)")
        for row_text, places in zip(row_texts, rows):
            where = f"level {level} rank {places[0][1]}"
            i = 0
            for ch in row_text:
                if ch.isascii() and ch.isdigit():
                    if ch == "0":
                        raise PositionError(f"{where}: bad digit '0' (digits 1-{NFILES} count places without a piece)")
                    i += int(ch)
                elif ch.isalpha() and ch.lower() in variant.kind_by_letter:
                    if i < NFILES:
                        cell = _INDEX.get(places[i])
                        if cell is None:
                            raise PositionError(f"{where}: a piece on {_voxel_name(places[i])}, which is on no board "
                                                "(main boards: files a-d; attack boards: the pins' cells)")
                        board[cell] = variant.kind_by_letter[ch.lower()] | (0 if ch.isupper() else 1) << COLOR_SHIFT
                    i += 1
                else:
                    raise PositionError(f"{where}: bad letter {ch!r} (pieces are {letters}, lower case for Black, "
                                        f"digits 1-{NFILES})")
            if i != NFILES:
                raise PositionError(f"{where} has {i} places, expected {NFILES} (files z to e): {row_text!r}")
    state["board"] = board


def _write_placement(b) -> str:
    sq = b.sq
    return "|".join("/".join(row_string([sq[_INDEX[xyz]] if xyz in _INDEX else 0 for xyz in places], b.variant.letters)
                             for places in rows) for rows in _VOXEL_ROWS)


def _read_pins(text: str, state: dict, variant: Variant) -> None:
    names = text.split(",")
    pins = []
    for name in names:
        pin = variant.pin_by_name.get(name)
        if pin is None:
            raise PositionError(f"pins: {name!r} is not a pin (Q or K, 1-6, u or d, e.g. Q1d)")
        pins.append(pin.index)
    if len(set(pins)) != len(pins):
        raise PositionError(f"pins: a pin is listed twice in {text!r}")
    if len(pins) != len(START_PINS):
        raise PositionError(f"pins: {len(pins)} pins listed, expected the {len(START_PINS)} that hold an attack board")
    existing = set(variant.fixed_cells).union(*(variant.pins[p].cells for p in pins))
    for cell, code in enumerate(state["board"]):
        if code and cell not in existing:
            raise PinError(f"pins: a piece stands on {NAMES[cell]}, but no attack board stands on "
                                f"{variant.pin_of_cell[cell].name}")
    state["pins"] = frozenset(pins)


def _write_pins(b) -> str:
    return ",".join(sorted(b.variant.pins[p].name for p in b.pins))


def _read_unmoved(text: str, state: dict, variant: Variant) -> None:
    if text == "-":
        state["unmoved"] = frozenset()
        return
    cells = []
    for name in text.split(","):
        try:
            cell = GEOMETRY.parse_cell(name)
        except ValueError as exc:
            raise PositionError(f"unmoved: {exc}") from None
        if state["board"][cell] & KIND_MASK != PAWN:
            raise UnmovedError(f"unmoved: {name} holds no pawn (the field lists pawns that have not moved)")
        cells.append(cell)
    if len(set(cells)) != len(cells):
        raise PositionError(f"unmoved: a cell is listed twice in {text!r}")
    state["unmoved"] = frozenset(cells)


def _write_unmoved(b) -> str:
    return ",".join(NAMES[c] for c in sorted(b.unmoved)) or "-"


PLACEMENT = FenField("placement", _read_placement, _write_placement)
PINS_FIELD = FenField("pins", _read_pins, _write_pins)
UNMOVED = FenField("unmoved", _read_unmoved, _write_unmoved)

START_FEN = (
    "rq2kr/pp2pp/6/6/6/6/6/6/6/6|6/1nbbn1/1pppp1/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/6|"
    "6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/6/6/1PPPP1/1NBBN1/6|6/6/6/6/6/6/6/6/PP2PP/RQ2KR w "
    "K1d,K6u,Q1d,Q3d,Q4u,Q6u Az1,Aa1,Ad1,Ae1,Ba2,Bb2,Bc2,Bd2,Fa7,Fb7,Fc7,Fd7,Gz8,Ga8,Gd8,Ge8 0 1")

# ``python -m engine bench --variant startrek``: the start and positions of a seeded Easy
# self-play game on the native core (seed 2026 + ply; plies 12, 24, 36, 50, 70).
BENCH_POSITIONS = (("start", START_FEN),
                   ("easy-12", "rq3r/pp2pp/6/6/6/6/6/6/6/6|6/2bbk1/1pppp1/6/6/6/6/6/6/6|6/6/6/1n4/6/6/6/6/6/6|"
                    "6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/4P1/2P3/1P1P2/2BBN1/6|"
                    "6/6/6/6/6/6/6/6/PP2PP/RQ2KR w "
                    "K1d,K6u,Q1d,Q4u,Q5u,Q6u Az1,Aa1,Ad1,Ae1,Ba2,Bc2,Fa7,Fb7,Fc7,Fd7,Gz8,Ga8,Gd8,Ge8 0 7"),
                   ("easy-24", "5r/4pp/6/6/6/6/6/6/6/6|6/2b1k1/1p1pp1/1b4/2p3/6/6/6/6/6|rq4/pp4/6/6/6/5n/6/6/6/6|"
                    "6/6/6/6/6/6/2N3/6/6/6|6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/1P2P1/2P3/3PP1/1QBBK1/6|"
                    "6/6/6/6/6/6/6/6/PP3P/R4R w "
                    "K1d,K5d,K6u,Q1d,Q5u,Q6d Az1,Aa1,Ae1,Bc2,Ez8,Ea8,Fa7,Fc7,Fd7,Gd8,Ge8 1 13"),
                   ("easy-36", "5r/4pp/6/6/6/6/6/6/6/6|6/4k1/3pp1/1N1b2/6/6/6/6/6/6|rq4/1p4/pb4/1n4/6/6/6/6/6/6|"
                    "6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/6/6/6/6/6|6/6/6/6/6/3P2/2P3/1P1PP1/1QBB2/6|"
                    "6/6/6/6/6/6/6/6/P3KP/R4R w K1d,K6u,Q1d,Q4u,Q5u,Q6d Az1,Ae1,Bc2,Ea8,Fc7,Fd7,Gd8,Ge8 1 19"),
                   ("easy-50", "6/pp4/6/6/6/6/6/6/6/6|6/4k1/1q2p1/3b2/6/6/6/6/6/6|r5/1p4/pr4/6/6/6/6/6/6/6|"
                    "6/6/6/2pn2/6/6/6/6/6/6|6/6/6/6/6/6/6/6/P5/R5|6/6/6/6/6/3PQ1/1PP3/2BPP1/2B3/6|"
                    "6/6/6/6/6/6/6/6/4KP/5R w K1d,Q1u,Q4u,Q5u,Q6d,Q6u Ae1,Bc2,Cz1,Ea8,Fd7,Gz8,Ga8 3 26"),
                   ("easy-70", "5k/5p/6/6/6/6/6/6/6/6|6/6/1r2p1/3b2/1q4/6/6/6/6/6|r5/1p4/p5/6/6/6/6/6/6/6|"
                    "6/6/6/2pn2/6/6/6/6/6/6|6/6/6/6/6/6/6/6/P5/1R4|6/6/6/6/6/1PQP2/2P3/2B1P1/2B3/6|"
                    "6/6/6/6/6/6/6/6/4KP/5R w K1d,K6u,Q1u,Q4u,Q5u,Q6d Ae1,Ea8,Ge8 0 36"),
)


# The bot levels (engine/search/levels.py) on the native core: Star Trek has few moves (15 from
# the start, 20-35 in the middlegame; Raumschach ~100), so a ply costs little: native core,
# one CPU, depth 6 takes 0.01-0.03 s, depth 8 0.05-0.13 s and depth 10 0.2-0.6 s on the bench
# positions.  Easy, Normal and Hard keep the default depths (2, 4, 6); Expert and Master
# complete nine and ten plies before their clocks (5 s, 30 s) count, so Expert starts three
# plies above Hard.  The ladder chose the gap (engine/search/README.md, the Star Trek ladder):
# with Normal 5 and Hard 7 as first tuned, Expert at 0.1 s a move (at least eight plies) scored
# 57 % against Hard after 14 games, and at least nine plies 64 % after 7 - too close, many
# games drawn at the ply cap.  The Python core keeps the default table (~60x slower).
LEVEL_TUNING = {
    "native": {
        4: LevelTuning(min_depth=9),
        5: LevelTuning(min_depth=10),
    },
}


class StarTrekVariant(Variant):
    """The variant plus the data a board needs to draw the stand (``describe``)."""

    def describe(self) -> dict:
        """The common descriptor plus the stand: each pane's lowest file and rank (``x0``,
        ``y0``; a cell's ``x``, ``y`` are its file and rank on the whole stand) and its pin
        (None: a main board); the pins with their cells; the start's pins; the board move's
        text.  Which pins hold a board is the position string's ``pins`` field."""
        d = super().describe()
        g = self.geometry
        for i, (entry, pane) in enumerate(zip(d["boards"], g.boards)):
            cells = [c for c in g.cells if g.layout[c][0] == i]
            entry["x0"] = min(COORDS[c][2] for c in cells)
            entry["y0"] = min(COORDS[c][1] for c in cells)
            entry["pin"] = pane.id if pane.id in self.pin_by_name else None
            entry["level"] = LEVELS[pane.z]  # the board groups panes by level (its 2D columns)
        d["placement_order"] = [_voxel_name(xyz) for rows in _VOXEL_ROWS for places in rows for xyz in places]
        d["pins"] = [{"id": p.name, "board": next(i for i, b in enumerate(g.boards) if b.id == p.name),
                      "cells": [NAMES[c] for c in p.cells], "level": NAMES[p.anchor][0]} for p in self.pins]
        d["start_pins"] = list(START_PINS)
        d["board_move"] = {"pattern": "(?:[QK][1-6][ud]){2}", "example": "Q1dQ1u", "readable": "Q1d-Q1u"}
        return d


def _with_sideways_steps(variant: Variant) -> None:
    """Add the sideways step (ruling section 4) to the pawns' push tables: from the last rank
    of the board a pawn stands on (W 4, N 6, X 8; an attack board's higher rank; Black's: W 1,
    N 3, X 5, the lower rank) one file aside on its level, onto an existing empty cell."""
    last = ({}, {})
    for _id, lv, low in MAIN_BOARDS:
        for fl in range(1, 5):
            last[0][_INDEX[(lv, low + 3, fl)]] = True
            last[1][_INDEX[(lv, low, fl)]] = True
    for pin in PINS:
        for c, rk in zip(pin.cells, pin.ranks):
            last[0 if rk == max(pin.ranks) else 1][c] = True
    pushes = []
    for side in (0, 1):
        table = []
        for c in GEOMETRY.cells:
            steps = list(variant.pawn_pushes[side][c])
            if c in last[side]:
                lv, rk, fl = COORDS[c]
                steps.extend(_INDEX[xyz] for xyz in ((lv, rk, fl - 1), (lv, rk, fl + 1)) if xyz in _INDEX)
            table.append(tuple(steps))
        pushes.append(tuple(table))
    variant.pawn_pushes = tuple(pushes)


STARTREK = StarTrekVariant(
    key="startrek",
    name="Star Trek 3D chess",
    summary="Tri-dimensional chess: three fixed 4x4 boards and six 2x2 attack boards that move, carrying "
            "their pieces.",
    geometry=GEOMETRY,
    pieces=(
        PieceType(PAWN),  # moves by PAWN_RULES and the sideways steps
        PieceType(KNIGHT, leaps=KNIGHT_LEAPS),  # (2, 1, 0) in any order and signs: 24, over anything
        PieceType(BISHOP, slides=BISHOP_DIRS),  # file and rank both change: 12
        PieceType(ROOK, slides=ROOK_DIRS),  # file or rank unchanged: 14
        PieceType(QUEEN, slides=ALL_DIRS),  # 26
        PieceType(KING, leaps=ALL_DIRS, royal=True),  # one step of the 26; no castling
    ),
    pawn=PAWN_RULES,
    promotion_kinds=(QUEEN,),
    search_promotion_kinds=(QUEEN,),
    start_fen=START_FEN,
    minor_kinds=frozenset(),
    fen_fields=(PLACEMENT, SIDE, PINS_FIELD, UNMOVED, HALFMOVE, FULLMOVE),
    keys=draw_keys(len(COORDS), npins=len(PINS)),
    values=VALUES,
    pins=PINS,
    fixed_cells=FIXED_CELLS,
    board_mixin=PinBoardMixin,
    bare_royal_loses=True,
    unmoved_pawns=True,
    bench_positions=BENCH_POSITIONS,
    level_tuning=LEVEL_TUNING,
    # The error messages' example moves (ruling section 7): cells of its boards, a board's move;
    # not the cube's default (NAb1-Cb2: Star Trek has no Ab1 or Cb2).
    move_examples=(("NBa1-Bb3", "Bb2xCa3", "Fb7-Fb8=Q", "Q1d-Q1u"), ("Ba2Ba4", "Fb7Fb8q")),
)
_with_sideways_steps(STARTREK)

VARIANT = STARTREK
