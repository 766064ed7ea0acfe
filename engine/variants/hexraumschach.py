"""Hexagonal Raumschach (Kevin Pacey, 2017): five hexagonal levels of 37 cells
(docs/rules/hexraumschach.md).

This is the one place that says what the hex board is (its ``Geometry``: 185 cells, Glinski
names per level, three colours), how each piece and pawn moves, the start position and the
values; the board, the front and the position string read the tables the ``Variant`` builds.

Coordinates.  The ruling speaks in axial hex coordinates (level l, file q = -3..3, r up the
file; a cell exists iff |q|, |r|, |q+r| <= 3).  The geometry stores each cell as
``(l, h, f)`` with ``h = 2r + q + 6`` (the "doubled height": the centre's height in half cell
steps, 0..12) and ``f = q + 3`` (the file, 0..6): a linear change of axes, so every direction
of the ruling is still one vector, and the evaluation's pawn structure, which reads a cell as
(level, rank, file), sees "rank" grow toward White's promotion and "file" run across.
``_d(dl, dq, dr)`` turns a ruling direction into the geometry's.

Colours: ``(q - r + l) mod 3`` (ruling section 1, shifted by one per level up).  Which
inter-level orthogonal step a bishop or a unicorn takes, and where an inter-level knight
lands, is derived below from the seed's text and that colouring (the bishop keeps its colour,
the unicorn and the knight change it); the ruling's tables list the result.
"""
from __future__ import annotations

from math import sqrt

from ..geometry import BoardPane, Geometry
from ..pieces import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, UNICORN
from .base import LevelTuning, PawnRules, PieceType, Values, Variant

LEVELS = "ABCDE"
FILES = "abcdefg"
SIDE = 3  # a level is a hexagon of side 4: q, r, q + r within -3..3


def _bottom(q: int) -> int:
    """The r of a file's first cell (rank 1)."""
    return max(-SIDE, -SIDE - q)


def _top(q: int) -> int:
    return min(SIDE, SIDE - q)


def _d(dl: int, dq: int, dr: int) -> tuple[int, int, int]:
    """A ruling direction (levels, axial q, axial r) in the geometry's (level, height, file)."""
    return (dl, 2 * dr + dq, dq)


def _colour(l: int, q: int, r: int) -> int:
    return (q - r + l) % 3


def _shade(l: int, q: int, r: int) -> int:
    """The drawn colour, 0 light, 1 medium, 2 dark: the ruling's colour classes named so that
    the centre of the whole board, Cd4, is medium as Glinski's centre cell is."""
    return (_colour(l, q, r) + 2) % 3


# The in-level steps of the ruling (section 1), as axial (dq, dr): orthogonal through a side,
# diagonal through a vertex.
UP, UP_RIGHT, DOWN_RIGHT, DOWN, DOWN_LEFT, UP_LEFT = (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)
ORTHOGONAL = (UP, UP_RIGHT, DOWN_RIGHT, DOWN, DOWN_LEFT, UP_LEFT)
DIAGONAL = ((1, 1), (2, -1), (1, -2), (-1, -1), (-2, 1), (-1, 2))
# Glinski's knight: the 12 cells at hex distance 3 that are not on an orthogonal line.
KNIGHT_IN_LEVEL = tuple((q, r) for q in range(-3, 4) for r in range(-3, 4)
                        if max(abs(q), abs(r), abs(q + r)) == 3 and 0 not in (q, r, q + r))


def _keeps_colour(dl: int, dq: int, dr: int) -> bool:
    # The colour changes by dl + dq - dr (mod 3) along a step: the same from every cell.
    return (dl + dq - dr) % 3 == 0


# Between levels (seed text): the rook lands on the cell directly above/below (x); bishop and
# unicorn one orthogonal step from x per level, straight on through the levels - the bishop
# where the colour is kept, the unicorn where it changes.
ROOK_DIRS = tuple(_d(0, *o) for o in ORTHOGONAL) + (_d(1, 0, 0), _d(-1, 0, 0))  # 8
_INTER = tuple((dl, *o) for dl in (1, -1) for o in ORTHOGONAL)
BISHOP_DIRS = tuple(_d(0, *o) for o in DIAGONAL) + tuple(_d(*s) for s in _INTER if _keeps_colour(*s))  # 6 + 6
UNICORN_DIRS = tuple(_d(*s) for s in _INTER if not _keeps_colour(*s))  # 6
QUEEN_DIRS = ROOK_DIRS + BISHOP_DIRS + UNICORN_DIRS  # 26
# The knight leaps: 12 in its level; to level +-1 two orthogonal steps from x, to level +-2 one,
# only where the colour changes (3 + 3 targets per neighbouring level pair).
KNIGHT_LEAPS = tuple(_d(0, *k) for k in KNIGHT_IN_LEVEL) + tuple(
    _d(dl, o[0] * n, o[1] * n) for dl, n in ((1, 2), (-1, 2), (2, 1), (-2, 1)) for o in ORTHOGONAL
    if not _keeps_colour(dl, o[0] * n, o[1] * n))  # 12 + 12

# White's pawn (section 4): moves up the file or straight up a level onto an empty cell;
# captures up-left / up-right in its level (Glinski) or at up-left / up-right of the cell
# above.  No double step, no en passant.  Promotes on the top cell of each file of level E.
PAWN_RULES = PawnRules(
    pushes=(_d(0, *UP), _d(1, 0, 0)),
    captures=(_d(0, *UP_LEFT), _d(0, *UP_RIGHT), _d(1, *UP_LEFT), _d(1, *UP_RIGHT)),
    promotion_cells=frozenset(),  # filled in below, once the cells are numbered
)


def _cells() -> list[tuple[int, int, int]]:
    """(l, q, r) per cell, numbered level by level, file a..g, rank 1 upward: the order the
    placement field writes a level in."""
    return [(l, q, r) for l in range(5) for q in range(-SIDE, SIDE + 1) for r in range(_bottom(q), _top(q) + 1)]


CELLS_LQR = tuple(_cells())
_HALF_ROOT3 = sqrt(3) / 2


def _name(l: int, q: int, r: int) -> str:
    return f"{LEVELS[l]}{FILES[q + SIDE]}{r - _bottom(q) + 1}"


def hex_geometry() -> Geometry:
    cells = CELLS_LQR
    index = {lqr: c for c, lqr in enumerate(cells)}
    shades = tuple(_shade(*lqr) for lqr in cells)
    file_lengths = tuple(_top(q) - _bottom(q) + 1 for q in range(-SIDE, SIDE + 1))
    ranks = "|".join(f"{FILES[i]}[1-{n}]" for i, n in enumerate(file_lengths))
    width = round(2 * SIDE * _HALF_ROOT3 + 1, 6)
    return Geometry(
        key="hex5x37",
        names=tuple(_name(*lqr) for lqr in cells),
        coords=tuple((l, 2 * r + q + 2 * SIDE, q + SIDE) for l, q, r in cells),
        cell_pattern=f"[A-E](?:{ranks})",
        name_hint="level A-E, file a-g, rank 1-4 on files a and g, 1-5 on b and f, 1-6 on c and e, 1-7 on d, "
                  "e.g. Cd4",
        # Black's view (ruling section 3): (l, q, r) -> (4 - l, q, -r - q), i.e. h -> 12 - h.
        reflect_coords=lambda lhf: (4 - lhf[0], 4 * SIDE - lhf[1], lhf[2]),
        # Glinski's three shades; ``dark`` (for two-colour consumers) is the dark one.
        dark=tuple(s == 2 for s in shades),
        shades=shades,
        line_dirs=QUEEN_DIRS,
        adjacent=QUEEN_DIRS,  # the king's 26 steps
        cell_shape="hex",
        orientation="flat",  # files vertical, a cell's flat side faces the players (Glinski)
        # Each level a pane; centres one unit apart: x = file * sqrt(3)/2, y = height / 2.
        boards=tuple(BoardPane(LEVELS[l], LEVELS[l], width, 2 * SIDE + 1, l, tuple(FILES), ())
                     for l in range(5)),
        layout=tuple((l, round((q + SIDE) * _HALF_ROOT3, 6), (2 * r + q + 2 * SIDE) / 2) for l, q, r in cells),
        # Levels E..A, each level's files a..g, each file from rank 1 upward (section 6).
        placement_rows=tuple(
            tuple(tuple(index[(l, q, r)] for r in range(_bottom(q), _top(q) + 1)) for q in range(-SIDE, SIDE + 1))
            for l in range(4, -1, -1)),
        row_word="file",
        row_labels=tuple(tuple(FILES) for _ in range(5)),
    )


HEX = hex_geometry()
_INDEX = {lqr: c for c, lqr in enumerate(CELLS_LQR)}
PAWN_RULES = PAWN_RULES._replace(promotion_cells=frozenset(_INDEX[(4, q, _top(q))] for q in range(-SIDE, SIDE + 1)))

START_FEN = ("4/4p/4pq/4prk/4pr/4p/4|4/4p/4pu/4puu/4pn/4p/4|4/P3p/NP2pn/BBP1pbb/BP2pb/P3p/4|"
             "4/P4/UP4/UUP4/NP4/P4/4|4/P4/QP4/KRP4/RP4/P4/4 w 0 1")

# `python -m engine bench --variant hexraumschach`: the start, positions from seeded Easy
# self-play on the Python core (12, 24, 36 and 50 plies), king and queen against king, a pawn race.
BENCH_POSITIONS = (
    ("start", START_FEN),
    ("easy-12", "4/4p/4p1/1B2prk/R3pr/4p/4|4/4p/1N2pu/3p1uu/4pn/4p/4|4/P3p/1P2pn/BBP1pbb/1P2p1/P3p/4|"
                "4/P4/UP4/UUPq3/1P4/P4/4|4/P4/QP4/KRP4/1P4/P4/4 w 4 7"),
    ("easy-24", "4/4p/4pk/4pr1/R3pr/4p/4|4/4p/1N2pu/3p1uu/4p1/4p/4|4/P3p/1P2p1/BBP1pbb/1P2p1/P3p/4|"
                "4/P4/UP4/UUPP3/2P3/P4/4|4/P4/QP4/1R2n2/KP4/P4/2q1 w 1 13"),
    ("easy-36", "4/4p/4pk/4pr1/R2p1r/4p/4|4/4p/1N2pu/3p1uu/4p1/3p1/4|4/P3p/2P1p1/BBP1pb1/1P2p1/P3p/4|"
                "4/P4/UP4/U1PP3/K1P3/P4/4|4/b4/1P4/7/UP4/1P3/4 w 0 19"),
    ("easy-50", "4/4p/4pk/4pr1/R2p1r/4p/4|4/4p/1P3u/3p1uu/4p1/3p1/4|4/2Pp1/4p1/1BP1p2/1P1p2/P3p/4|"
                "4/P4/U5/U1PP3/K1P3/1P3/4|4/5/1P4/7/UP4/2P2/4 w 0 26"),
    ("kq-k", "4/5/6/6k/6/5/4|4/5/6/7/6/5/4|4/5/6/3Q3/6/5/4|4/5/6/7/6/5/4|4/5/6/K6/6/5/4 w 0 1"),
    ("pawns", "4/5/6/6k/6/5/4|4/5/6/2pp3/6/5/4|4/5/6/7/6/5/4|4/5/1P4/1P5/6/5/4|4/5/6/K6/6/5/4 w 0 1"),
)


# --- values ---------------------------------------------------------------------------------
# The seed's estimates (P 1, U 2, B 3, R 3, N 4, Q 10) in the engine's centipawns; endgame values
# lift the pawn and the rook a little, as in the other variants.
_MG = {PAWN: 100, KNIGHT: 400, BISHOP: 300, ROOK: 300, UNICORN: 200, QUEEN: 1000, KING: 0}
_EG = {PAWN: 125, KNIGHT: 390, BISHOP: 300, ROOK: 330, UNICORN: 200, QUEEN: 1020, KING: 0}
_ORDER = _MG | {KING: 2000}  # the king sorts last among attackers
# Phase: both full armies' 2 N, 3 B, 3 U, 2 R, Q count 32.
_PHASE = {KNIGHT: 1, BISHOP: 1, UNICORN: 1, ROOK: 2, QUEEN: 4}
PHASE_TOTAL = 2 * (2 * 1 + 3 * 1 + 3 * 1 + 2 * 2 + 4)


def _table(values: dict) -> tuple:
    return tuple(values.get(k, 0) for k in range(KING + 1))


def centrality(cell: int) -> int:
    """5 at Cd4, 0 on the six corners of levels A and E: levels from C plus hex distance from
    the level's centre."""
    l, q, r = CELLS_LQR[cell]
    return 5 - abs(l - 2) - max(abs(q), abs(r), abs(q + r))


def hex_bonus(kind: int, cell: int) -> tuple[int, int]:
    """(mg, eg) positional bonus of a White piece."""
    l, q, r = CELLS_LQR[cell]
    cen = centrality(cell)
    if kind == PAWN:
        # Pushes still needed to promote: levels to E plus cells to the top of the file.
        adv = 10 - ((4 - l) + (_top(q) - r))  # 0..10
        mg = 3 * adv + 4 * (SIDE - abs(q)) + (8 if l == 2 else 0)
        eg = 6 * adv + adv * adv
        return mg, eg
    if kind == KNIGHT:
        return 6 * cen - 15, 4 * cen - 10
    if kind == BISHOP:
        return 4 * cen - 10, 3 * cen - 8
    if kind == UNICORN:  # 12 rays from the centre, far fewer from an edge level
        return 6 * cen - 15, 5 * cen - 12
    if kind == ROOK:
        return 2 * cen - 4, cen
    if kind == QUEEN:
        return 3 * cen - 8, 4 * cen - 10
    if kind == KING:
        # Middlegame: stay on the home levels low in the file; endgame: centralise.
        return -12 * l - 3 * (r - _bottom(q)), 7 * cen - 20
    raise ValueError(kind)


VALUES = Values(_table(_MG), _table(_EG), _table(_ORDER), _table(_PHASE), PHASE_TOTAL, hex_bonus)

# The bot levels on the native core: two plies between neighbouring depth-limited levels, Easy
# 1, Normal 3, Hard 5 (Raumschach's 2, 4, 6 shifted down one).  With Raumschach's table as it
# was, Expert at the ladder's 1 s a move scored 3 / 1 / 2 against Hard (depth 6) in six games:
# in a hex middlegame depth 7 often does not complete in 1 s, so Expert searched what Hard did,
# and most games ran to the ply cap (Star Trek's one-ply gap behaved the same, 57-64 %).  Costs,
# native core, one CPU, from the start position: depth 5 0.23 s, depth 6 0.61 s, depth 7 1.22 s,
# depth 8 3.8 s (after 4-ply match openings depth 6 0.12-0.48 s, depth 7 0.24-1.04 s), so Hard
# answers in ~0.25 s; Expert (5 s, at least depth 6) and Master (30 s, at least depth 7) keep
# Raumschach's settings and search two and more plies deeper than Hard.  The pure-Python core
# (~30x slower per CPU second) keeps the default table.  The ladder that measured this:
# engine/search/README.md, "Results: Hexagonal Raumschach levels".
LEVEL_TUNING = {
    "native": {
        1: LevelTuning(depth=1, description="Looks one ply ahead and plays loosely: grabs what it can take, "
                                            "never sees the reply."),
        2: LevelTuning(depth=3, description="Looks three plies ahead, never misses a mate in one and spots "
                                            "simple tactics."),
        3: LevelTuning(depth=5, description="Looks five plies ahead plus every capture sequence; finds mates "
                                            "in three and real combinations."),
    },
}

HEXRAUMSCHACH = Variant(
    key="hexraumschach",
    name="Hexagonal Raumschach",
    summary="Pacey's Glinski chess in three dimensions: five hexagonal levels of 37 cells, the unicorn "
            "changes level and colour.",
    geometry=HEX,
    pieces=(
        PieceType(PAWN),  # moves by PAWN_RULES
        PieceType(KNIGHT, leaps=KNIGHT_LEAPS),  # 24 leaps, never blocked
        PieceType(BISHOP, slides=BISHOP_DIRS),  # 12: colour-bound
        PieceType(ROOK, slides=ROOK_DIRS),  # 8
        PieceType(UNICORN, slides=UNICORN_DIRS),  # 6: never stays in its level
        PieceType(QUEEN, slides=QUEEN_DIRS),  # 26
        PieceType(KING, leaps=QUEEN_DIRS, royal=True),  # one step in any of the 26; no castling
    ),
    pawn=PAWN_RULES,
    promotion_kinds=(QUEEN, KNIGHT, ROOK, BISHOP, UNICORN),  # best first by the seed's values
    search_promotion_kinds=(QUEEN, KNIGHT),
    start_fen=START_FEN,
    minor_kinds=frozenset(),  # RULING section 5: only king against king is a draw by material
    values=VALUES,
    move_examples=(("BCd2-Dd3", "NBe1xCe3", "Dd7-Ed7=Q"), ("Cd2Dd3", "Dd7Ed7q")),  # ruling section 6
    pawn_text="one step up the file or up a level; captures up-left or up-right, in its level or the next",
    bench_positions=BENCH_POSITIONS,
    level_tuning=LEVEL_TUNING,
)

VARIANT = HEXRAUMSCHACH
