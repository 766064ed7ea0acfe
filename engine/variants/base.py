"""``Variant``: one rule set on the 5x5x5 cube, as data the board and the front read.

A variant owns its piece set (which kinds, and how each one moves: leaps and slides as
directions), its pawn rules, its start position, its promotion rules, the fields of its
position string and its end rules.  Everything the board's hot loops need is precomputed
here once per variant, per cell:

* ``leaps[kind][cell]`` / ``rays[kind][cell]``: where a leaper lands / the rays of a slider
  (None for a kind that does not leap / slide);
* ``pawn_pushes[side][cell]``, ``pawn_captures[side][cell]``, ``promotion_cells[side]``;
* ``attack[by][cell]``: the lines out of ``cell`` along which a piece of colour ``by`` could
  attack it, each ``(first, rest, near, far, walk)``: the adjacent cell, the cells beyond, the
  codes that attack from the adjacent cell (sliders of that line, a royal or other one-step
  leaper, and a pawn when that step is one of its captures), the codes that attack from
  further away, and ``walk`` = ((cell, cells from ``cell``'s neighbour up to it), ...) for
  finding checkers and pins;
* ``leap_attack[by][cell]``: ((code, cells a leaper of that code attacks ``cell`` from), ...)
  for the leaps that are not single steps along a line (the knight's);
* ``line_index[king * 125 + cell]``: which ``attack`` line of ``king`` holds ``cell`` (-1: none).

A variant is built by a module of its own (raumschach.py) from a few declarations; a
second variant is a second such module.
"""
from __future__ import annotations

from typing import NamedTuple

from ..geometry import (
    CELLS,
    QUEEN_DIRS,
    SIZE,
    cell_file,
    cell_level,
    cell_rank,
    leaps,
    make_cell,
    on_board,
    rays,
    reflect,
)
from ..moves import PROMOTION_SHIFT
from ..pieces import KIND_MASK, PAWN, piece_code


class PieceType(NamedTuple):
    """How one kind moves: leaps (one jump by each delta) and/or slides (along each direction
    until blocked).  ``royal``: the piece that must not be left in check."""
    kind: int
    leaps: tuple = ()
    slides: tuple = ()
    royal: bool = False


class PawnRules(NamedTuple):
    """White's pawn steps as (dlevel, drank, dfile); Black uses the point reflection.  A push
    needs an empty target, a capture an enemy piece; a pawn that reaches ``promotion_cells``
    (White's; Black's are the reflection) becomes one of the variant's promotion kinds."""
    pushes: tuple
    captures: tuple
    promotion_cells: frozenset


class Variant:
    """A rule set; the instances are module-level constants (``engine.RAUMSCHACH``)."""

    def __init__(self, *, key: str, name: str, pieces: tuple[PieceType, ...], pawn: PawnRules,
                 promotion_kinds: tuple[int, ...], start_fen: str, minor_kinds: frozenset,
                 letter_aliases: dict[str, int] | None = None,
                 fen_fields: tuple[str, ...] = ("placement", "side", "halfmove-clock", "fullmove-number"),
                 fifty_move_plies: int = 100, repetitions: int = 3) -> None:
        self.key = key
        self.name = name
        self.pieces = pieces
        self.kinds = frozenset(p.kind for p in pieces)
        royal = [p.kind for p in pieces if p.royal]
        if len(royal) != 1:
            raise ValueError("a variant needs exactly one royal kind")
        self.royal_kind = royal[0]
        self.promotion_kinds = promotion_kinds  # best first: the search tries them in this order
        self.promotion_bits = tuple(k << PROMOTION_SHIFT for k in promotion_kinds)
        self.start_fen = start_fen
        self.minor_kinds = minor_kinds  # royal + one of these against a bare royal cannot mate
        self.letter_aliases = letter_aliases or {}  # extra position-string letters, e.g. S = knight
        self.fen_fields = fen_fields  # names of the position string's space-separated fields
        self.fifty_move_plies = fifty_move_plies
        self.repetitions = repetitions
        self._build_move_tables(pawn)
        self._build_attack_tables(pawn)

    def __repr__(self) -> str:
        return f"<Variant {self.key}>"

    # --- tables ---------------------------------------------------------------------------
    def _build_move_tables(self, pawn: PawnRules) -> None:
        self.leaps: list = [None] * (KIND_MASK + 1)
        self.rays: list = [None] * (KIND_MASK + 1)
        for p in self.pieces:
            if p.leaps:
                self.leaps[p.kind] = leaps(p.leaps)
            if p.slides:
                self.rays[p.kind] = rays(p.slides)
        black_pushes = tuple(map(reflect, pawn.pushes))
        black_captures = tuple(map(reflect, pawn.captures))
        self.pawn_pushes = (leaps(pawn.pushes), leaps(black_pushes))
        self.pawn_captures = (leaps(pawn.captures), leaps(black_captures))
        self.promotion_cells = (frozenset(pawn.promotion_cells), frozenset(124 - c for c in pawn.promotion_cells))

    def _build_attack_tables(self, pawn: PawnRules) -> None:
        self.attack = (self._attack_lines(0, pawn), self._attack_lines(1, pawn))
        self.leap_attack = (self._leap_attackers(0), self._leap_attackers(1))
        line = [-1] * (125 * 125)
        for king in CELLS:
            for i, entry in enumerate(self.attack[0][king]):
                for c in (entry[0], *entry[1]):
                    line[king * 125 + c] = i
        self.line_index = line

    def _attack_lines(self, by: int, pawn: PawnRules) -> tuple:
        # A pawn of colour ``by`` one step from the cell along ``step`` attacks it when the
        # reverse of ``step`` is one of its captures.
        pawn_captures = pawn.captures if by == 0 else tuple(map(reflect, pawn.captures))
        pawn_steps = {reflect(d) for d in pawn_captures}
        out = []
        for cell in CELLS:
            lv, rk, fl = cell_level(cell), cell_rank(cell), cell_file(cell)
            entries = []
            for step in QUEEN_DIRS:
                ray = [make_cell(lv + i * step[0], rk + i * step[1], fl + i * step[2]) for i in range(1, SIZE)
                       if on_board(lv + i * step[0], rk + i * step[1], fl + i * step[2])]
                if not ray:
                    continue
                back = reflect(step)  # the attacker moves toward the cell
                far = frozenset(piece_code(by, p.kind) for p in self.pieces if back in p.slides)
                near = set(far) | {piece_code(by, p.kind) for p in self.pieces if back in p.leaps}
                # Every line is kept, even one nothing attacks along, so that both colours'
                # tables list the same lines and ``line_index`` serves both.
                if step in pawn_steps and PAWN in self.kinds:
                    near.add(piece_code(by, PAWN))
                walk = tuple((t, frozenset(ray[: i + 1])) for i, t in enumerate(ray))
                entries.append((ray[0], tuple(ray[1:]), frozenset(near), far, walk))
            out.append(tuple(entries))
        return tuple(out)

    def _leap_attackers(self, by: int) -> tuple:
        unit = set(QUEEN_DIRS)  # single steps along a line are in ``attack`` already
        tables = []
        for p in self.pieces:
            deltas = tuple(reflect(d) for d in p.leaps if d not in unit)
            if deltas:
                tables.append((piece_code(by, p.kind), leaps(deltas)))
        return tuple(tuple((code, table[cell]) for code, table in tables) for cell in CELLS)

    # --- end rules ------------------------------------------------------------------------
    def is_insufficient_material(self, codes) -> bool:
        """Bare royals, or royal + one minor piece against a bare royal (``codes``: every
        piece code on the board)."""
        others = [c & KIND_MASK for c in codes if c & KIND_MASK != self.royal_kind]
        return len(others) == 0 or (len(others) == 1 and others[0] in self.minor_kinds)
