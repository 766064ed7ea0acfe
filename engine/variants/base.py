"""``Variant``: one rule set, as data the board and the front read (docs/variant-seam.md).

A variant owns its geometry, its piece set (which kinds, their letters and names, and how each
one moves: leaps and slides as directions), its pawn rules, its start position, promotion and
reserve rules, options, values and piece-square tables, Zobrist keys, the fields of its
position string and its end rules.  Everything the board's hot loops need is precomputed here
once per variant, per cell.  Every attribute below is plain data (ints, tuples, lists,
frozensets, dicts): the native core reads them.

Piece movement, per kind (None for a kind that does not move that way):

* ``leaps[kind][cell]``: where a leaper lands, moving or capturing;
* ``quiet_leaps[kind][cell]`` / ``capture_leaps[kind][cell]``: leaps that only move to an
  empty cell / only capture (Five Up's king);
* ``rays[kind][cell]``: a slider's rays, each the cells up to the edge.

Pawns, per side (0 White, 1 Black; Black's steps are White's reflected by the geometry):
``pawn_pushes[side][cell]``, ``pawn_captures[side][cell]``, ``promotion_cells[side]``,
``pawn_doubles[side][cell]``: ((target, middle cells, any_one_empty_is_enough), ...) from
the home cells only; ``en_passant``: whether a double step may be taken en passant.

Attack tables (the board's attack test, pins and checks):

* ``attack[by][cell]``: the lines out of ``cell`` (along ``geometry.line_dirs``) along which a
  piece of colour ``by`` could attack it, each ``(first, rest, near, far, walk)``: the adjacent
  cell, the cells beyond, the codes that attack from the adjacent cell (sliders of that line,
  a one-step leaper or capturer, and a pawn when that step is one of its captures), the codes
  that attack from further away, and ``walk`` = ((cell, cells from ``cell``'s neighbour up to
  it), ...) for finding checkers and pins;
* ``leap_attack[by][cell]``: ((code, cells a leaper of that code attacks ``cell`` from), ...)
  for the leaps that are not single steps along a line (the knight's, the unicorn's);
* ``line_index[king][cell]``: which ``attack`` line of ``king`` holds ``cell`` (-1: none).

Values (centipawns, indexed by kind; tables by piece code and cell): ``value_mg``,
``value_eg``, ``value`` (move ordering), ``phase_weight``, ``phase_total``, ``pst_mg``,
``pst_eg``.  Keys: ``keys`` (engine.zobrist.ZobristKeys).  Letters: ``letters[kind]``,
``names[kind]``, ``images[kind]`` (None for kinds the variant does not use), ``kind_by_letter``
(lower-case letter -> kind, aliases included).

A variant is built by a module of its own under engine/variants/ that defines ``VARIANT``.
"""
from __future__ import annotations

import copy
import re
from typing import Callable, NamedTuple

from ..fen import STANDARD_FIELDS
from ..geometry import CUBE, Geometry
from ..packed import PROMOTION_SHIFT
from ..pieces import KIND_MASK, PAWN, PIECE_NAMES, PIECE_SYMBOLS, piece_code
from ..tuned_weights import TUNED
from ..values import pad, pst_tables
from ..zobrist import ZobristKeys, draw_keys


class PieceType(NamedTuple):
    """How one kind moves: ``leaps`` (one jump by each delta, moving or capturing), ``slides``
    (along each direction until blocked), ``quiet_leaps`` (only onto an empty cell),
    ``capture_leaps`` (only to capture).  ``royal``: the piece that must not be left in check.
    ``letter`` / ``name`` / ``image`` default to the kind's usual ones (engine.pieces)."""
    kind: int
    leaps: tuple = ()
    slides: tuple = ()
    royal: bool = False
    quiet_leaps: tuple = ()
    capture_leaps: tuple = ()
    letter: str | None = None
    name: str | None = None
    image: str | None = None


class DoubleStep(NamedTuple):
    """A pawn's first-move step of two (White's view): ``delta`` to the target, ``middles`` the
    deltas of the cells passed, ``mode`` "all" (every middle cell must be empty) or "any" (one
    empty middle cell is enough, Five Up's L-step)."""
    delta: tuple
    middles: tuple
    mode: str = "all"


class PawnRules(NamedTuple):
    """White's pawn steps as direction vectors; Black uses the geometry's reflection.  A push
    needs an empty target, a capture an enemy piece; a pawn that reaches ``promotion_cells``
    (White's; Black's are the reflection) becomes one of the variant's promotion kinds.  A pawn
    on ``home_cells`` (White's) may make one of ``double_steps``; with ``en_passant`` an enemy
    pawn may capture it on the next move on a cell it passed (an empty middle cell)."""
    pushes: tuple
    captures: tuple
    promotion_cells: frozenset
    double_steps: tuple = ()
    home_cells: frozenset = frozenset()
    en_passant: bool = False


class Values(NamedTuple):
    """Piece values by kind (index = kind number), the game-phase weights and total, and the
    positional bonus ``bonus(kind, cell) -> (mg, eg)`` for a White piece."""
    value_mg: tuple
    value_eg: tuple
    value: tuple  # for move ordering and pruning margins
    phase_weight: tuple
    phase_total: int
    bonus: Callable[[int, int], tuple[int, int]]


class LevelTuning(NamedTuple):
    """A variant's change to one bot level of engine/search/levels.py (None keeps the default
    table's value): how deep the level searches there, and the one-line description that says
    so.  ``movetime`` may only tighten a depth-limited level's safety cap (the reply budgets
    of the time-controlled levels, Expert's 5 s and Master's 30 s, are the same in every
    variant; bots/budget.py derives the task limits from them)."""
    depth: int | None = None
    min_depth: int | None = None
    description: str | None = None
    movetime: float | None = None


class VariantOption(NamedTuple):
    """A game option (on/off).  ``label``: what the new-game form shows."""
    name: str
    default: bool
    label: str


class VariantOptionError(ValueError):
    """An option the variant does not have, or a value it cannot take."""


class UnknownVariantError(ValueError):
    """A variant key no variant has."""


_TRUE = {"on", "true", "yes", "1"}
_FALSE = {"off", "false", "no", "0"}


class Variant:
    """A rule set; the instances are module-level constants (``engine.RAUMSCHACH``)."""

    def __init__(self, *, key: str, name: str, pieces: tuple[PieceType, ...], pawn: PawnRules,
                 promotion_kinds: tuple[int, ...], start_fen: str, minor_kinds: frozenset,
                 values: Values | None = None, geometry: Geometry = CUBE, summary: str = "",
                 letter_aliases: dict[str, int] | None = None, fen_fields: tuple | None = None,
                 reserve_kinds: tuple[int, ...] = (), options: tuple[VariantOption, ...] = (),
                 search_promotion_kinds: tuple[int, ...] | None = None, keys: ZobristKeys | None = None,
                 castling_rook: int = 0, castling_dirs: tuple = (),
                 fifty_move_plies: int = 100, repetitions: int = 3,
                 move_examples: tuple = (("NAb1-Cb2", "Bc2xCd3", "De5-Ee5=Q"), ("Bc2Cc2", "De5Ee5q")),
                 pawn_text: str = "one step forward or up; captures diagonally forward",
                 bench_positions: tuple = (), pins: tuple = (),
                 fixed_cells: frozenset | None = None, board_mixin: type | None = None,
                 bare_royal_loses: bool = False, unmoved_pawns: bool = False,
                 level_tuning: dict[str, dict[int, LevelTuning]] | None = None) -> None:
        self.key = key
        self.name = name
        self.summary = summary
        self.rules_page = f"docs/rules/{key}.md"
        self.geometry = geometry
        self.pieces = pieces
        self.kinds = frozenset(p.kind for p in pieces)
        royal = [p.kind for p in pieces if p.royal]
        if len(royal) != 1:
            raise ValueError("a variant needs exactly one royal kind")
        self.royal_kind = royal[0]
        self.letters: list = [None] * (KIND_MASK + 1)
        self.names: list = [None] * (KIND_MASK + 1)
        self.images: list = [None] * (KIND_MASK + 1)
        for p in pieces:
            self.letters[p.kind] = p.letter or PIECE_SYMBOLS[p.kind]
            self.names[p.kind] = p.name or PIECE_NAMES[p.kind]
            self.images[p.kind] = p.image or self.names[p.kind].replace(" ", "-")
        self.letter_aliases = letter_aliases or {}  # extra input letters, e.g. s = knight
        self.kind_by_letter = {self.letters[k]: k for k in self.kinds} | self.letter_aliases
        self.promotion_kinds = promotion_kinds  # best first: the search tries them in this order
        self.promotion_bits = tuple(k << PROMOTION_SHIFT for k in promotion_kinds)
        search_kinds = search_promotion_kinds if search_promotion_kinds is not None else promotion_kinds[:2]
        self.search_promotion_bits = tuple(k << PROMOTION_SHIFT for k in search_kinds)
        self.reserve_kinds = reserve_kinds
        self.reserve_mask = sum(1 << k for k in reserve_kinds)
        self.start_fen = start_fen
        self.minor_kinds = minor_kinds  # royal + one of these against a bare royal cannot mate
        self.fen_fields = fen_fields if fen_fields is not None else STANDARD_FIELDS
        self.fen_field_names = tuple(f.name for f in self.fen_fields)
        self.fifty_move_plies = fifty_move_plies
        # Words of the error messages (the cube's by default): (readable, coordinate) example
        # moves, and how a pawn moves (engine/validate.py).
        self.move_examples = move_examples
        self.typed_move_hint = _typed_move_hint(geometry.cell_pattern, move_examples[1][0])
        self.pawn_text = pawn_text
        # ((label, position string), ...) that `python -m engine bench --variant KEY` searches
        # (engine/search/bench.py; none declared: the start position).
        self.bench_positions = bench_positions
        # The bot levels' search tuning per core ("native", "python"): {level: LevelTuning}.
        # A variant whose moves are many more than Raumschach's searches shallower at the same
        # reply budget; none given: the default tables (engine/search/levels.py levels_for).
        self.level_tuning = level_tuning or {}
        self.repetitions = repetitions
        self.options = options
        self.option_values = {o.name: o.default for o in options}
        self.castling = bool(self.option_values.get("castling", False))
        # With the castling option: the king swaps with its own ``castling_rook`` along one of
        # ``castling_dirs`` when only empty cells lie between (castling_rays[king cell]).
        self.castling_rook = castling_rook
        self.castling_dirs = castling_dirs
        self.castling_rays = geometry.rays(castling_dirs) if castling_dirs else ()
        self._base = self  # the variant with default options; with_options copies it
        self._option_cache: dict = {tuple(sorted(self.option_values.items())): self}
        # Movable boards (docs/variant-seam.md section 10): ``pins`` (engine/board_pins.Pin,
        # indexed by ``Pin.index``) where a board of cells can stand; ``fixed_cells`` always
        # exist, a pin's cells only while a board stands on it; the position holds which pins
        # are occupied.  ``board_mixin``: the board class that plays such a variant (its own
        # make/unmake and generation), mixed into engine.board.Board by engine.position.
        self.pins = pins
        self.pin_by_name = {p.name: p for p in pins}
        self.pin_by_anchor = {p.anchor: p for p in pins}
        self.pin_of_cell = {c: p for p in pins for c in p.cells}
        # Per pin: (every other pin, the other pins on the same ranks) - where a board may go.
        self.pin_targets = tuple((tuple(q.index for q in pins if q is not p),
                                  tuple(q.index for q in pins if q is not p and q.ranks == p.ranks)) for p in pins)
        self.fixed_cells = frozenset(geometry.cells) if fixed_cells is None else fixed_cells
        self.board_mixin = board_mixin
        # The game ends when a side is left with its royal piece alone, that side losing
        # (Star Trek); otherwise a bare royal is only the insufficient-material draw.
        self.bare_royal_loses = bare_royal_loses
        # A pawn's double step is its first move wherever it stands (the unmoved pawns are
        # part of the position) rather than a step from home cells.
        self.unmoved_pawns = unmoved_pawns
        self.keys = keys if keys is not None else draw_keys(geometry.ncells)
        self._build_values(values)
        self._build_move_tables(pawn)
        self._build_attack_tables(pawn)
        self._build_move_grammar()
        # Board state beyond placement, side and clocks (reserves, unmoved pieces, en passant,
        # castling): a variant without any of it runs on the plain board.
        self.has_state = bool(reserve_kinds or self.en_passant or any(o.name == "castling" for o in options)
                              or pins or unmoved_pawns)
        # The plain board (engine/board.py) plays variants whose pieces either leap both ways or
        # slide, with no extra state; every other runs on engine/board_state.py's board.
        self.plain_board = not self.has_state and all(
            p.kind == PAWN or not (p.quiet_leaps or p.capture_leaps or (p.leaps and p.slides)) for p in pieces)

    def __repr__(self) -> str:
        return f"<Variant {self.key}{''.join(f' {k}={v}' for k, v in self.option_values.items() if v)}>"

    # --- options --------------------------------------------------------------------------
    def with_options(self, **values) -> "Variant":
        """The same variant with these option values (True/False, or on/off text);
        VariantOptionError for an unknown option or value."""
        known = {o.name for o in self.options}
        chosen = dict(self.option_values)
        for name, value in values.items():
            if name not in known:
                offered = ", ".join(sorted(known)) or "none"
                raise VariantOptionError(f"{self.name} has no option {name!r} (options: {offered})")
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                value = value.strip().lower() in _TRUE
            if not isinstance(value, bool):
                raise VariantOptionError(f"option {name!r} is on or off, not {value!r}")
            chosen[name] = value
        if chosen == self.option_values:
            return self
        base = self._base
        cache_key = tuple(sorted(chosen.items()))
        cached = base._option_cache.get(cache_key)
        if cached is None:
            cached = copy.copy(base)  # shares every table: options change hooks, not movement
            cached.option_values = chosen
            cached.castling = bool(chosen.get("castling", False))
            base._option_cache[cache_key] = cached
        return cached

    # --- tables ---------------------------------------------------------------------------
    def _build_values(self, values: Values | None) -> None:
        if values is None:
            raise ValueError("a variant needs its piece values")
        # The game's tuned material and piece-square weights (engine/tuned_weights.py), if any.
        tuned = TUNED.get(self.key, {})
        self.value_mg = _tuned(pad(values.value_mg), tuned.get("value_mg"))
        self.value_eg = _tuned(pad(values.value_eg), tuned.get("value_eg"))
        self.value = pad(values.value)
        self.phase_weight = pad(values.phase_weight)
        self.phase_total = values.phase_total
        self.pst_mg, self.pst_eg = pst_tables(self.geometry, sorted(self.kinds), self.value_mg, self.value_eg,
                                              _scaled(values.bonus, tuned.get("psq_mg"), tuned.get("psq_eg")))

    def _build_move_tables(self, pawn: PawnRules) -> None:
        g = self.geometry
        size = KIND_MASK + 1
        self.leaps: list = [None] * size
        self.quiet_leaps: list = [None] * size
        self.capture_leaps: list = [None] * size
        self.rays: list = [None] * size
        for p in self.pieces:
            if p.leaps:
                self.leaps[p.kind] = g.leaps(p.leaps)
            if p.quiet_leaps:
                self.quiet_leaps[p.kind] = g.leaps(p.quiet_leaps)
            if p.capture_leaps:
                self.capture_leaps[p.kind] = g.leaps(p.capture_leaps)
            if p.slides:
                self.rays[p.kind] = g.rays(p.slides)
        flip = g.reflect
        self.pawn_pushes = (g.leaps(pawn.pushes), g.leaps(tuple(map(flip, pawn.pushes))))
        self.pawn_captures = (g.leaps(pawn.captures), g.leaps(tuple(map(flip, pawn.captures))))
        self.promotion_cells = (frozenset(pawn.promotion_cells),
                                frozenset(g.reflect_cell(c) for c in pawn.promotion_cells))
        self.en_passant = pawn.en_passant
        self.pawn_push_dirs = pawn.pushes  # White's; Black's are geometry.reflect of each
        self.pawn_capture_dirs = pawn.captures
        doubles = []
        for side in (0, 1):
            home = pawn.home_cells if side == 0 else {g.reflect_cell(c) for c in pawn.home_cells}
            per_cell = []
            for cell in g.cells:
                steps = []
                if cell in home:
                    for d in pawn.double_steps:
                        delta = d.delta if side == 0 else flip(d.delta)
                        target = g.step(cell, delta)
                        middles = tuple(g.step(cell, m if side == 0 else flip(m)) for m in d.middles)
                        if target is not None and None not in middles:
                            steps.append((target, middles, d.mode == "any"))
                per_cell.append(tuple(steps))
            doubles.append(tuple(per_cell))
        self.pawn_doubles = tuple(doubles)

    def _build_attack_tables(self, pawn: PawnRules) -> None:
        self.attack = (self._attack_lines(0, pawn), self._attack_lines(1, pawn))
        self.leap_attack = (self._leap_attackers(0), self._leap_attackers(1))
        g = self.geometry
        line = [[-1] * g.ncells for _ in g.cells]
        for king in g.cells:
            for i, entry in enumerate(self.attack[0][king]):
                for c in (entry[0], *entry[1]):
                    line[king][c] = i
        self.line_index = tuple(tuple(row) for row in line)

    def _attack_lines(self, by: int, pawn: PawnRules) -> tuple:
        # A pawn of colour ``by`` one step from the cell along ``step`` attacks it when the
        # reverse of ``step`` is one of its captures.
        g = self.geometry
        pawn_captures = pawn.captures if by == 0 else tuple(map(g.reflect, pawn.captures))
        pawn_steps = {tuple(-x for x in d) for d in pawn_captures}
        out = []
        for cell in g.cells:
            entries = []
            for step in g.line_dirs:
                ray = g.ray(cell, step)
                if not ray:
                    continue
                back = tuple(-x for x in step)  # the attacker moves toward the cell
                far = frozenset(piece_code(by, p.kind) for p in self.pieces if back in p.slides)
                near = set(far) | {piece_code(by, p.kind) for p in self.pieces
                                   if back in p.leaps or back in p.capture_leaps}
                # Every line is kept, even one nothing attacks along, so that both colours'
                # tables list the same lines and ``line_index`` serves both.
                if step in pawn_steps and PAWN in self.kinds:
                    near.add(piece_code(by, PAWN))
                walk = tuple((t, frozenset(ray[: i + 1])) for i, t in enumerate(ray))
                entries.append((ray[0], tuple(ray[1:]), frozenset(near), far, walk))
            out.append(tuple(entries))
        return tuple(out)

    def _leap_attackers(self, by: int) -> tuple:
        g = self.geometry
        unit = set(g.line_dirs)  # single steps along a line are in ``attack`` already
        tables = []
        for p in self.pieces:
            deltas = tuple(tuple(-x for x in d) for d in (*p.leaps, *p.capture_leaps) if d not in unit)
            if deltas:
                tables.append((piece_code(by, p.kind), g.leaps(deltas)))
        # A pawn capture that is no single step along a line (Star Trek's captures across
        # levels) attacks like a leap.
        pawn_caps = self.pawn_capture_dirs if by == 0 else tuple(map(g.reflect, self.pawn_capture_dirs))
        deltas = tuple(tuple(-x for x in d) for d in pawn_caps if d not in unit)
        if deltas and PAWN in self.kinds:
            tables.append((piece_code(by, PAWN), g.leaps(deltas)))
        return tuple(tuple((code, table[cell]) for code, table in tables) for cell in g.cells)

    def _build_move_grammar(self) -> None:
        cell = self.geometry.cell_pattern
        promo = "".join(sorted({self.letters[k] for k in self.promotion_kinds}
                               | {a for a, k in self.letter_aliases.items() if k in self.promotion_kinds}))
        self.promotion_by_letter = {self.letters[k]: k for k in self.promotion_kinds} | {
            a: k for a, k in self.letter_aliases.items() if k in self.promotion_kinds}
        self.coord_re = re.compile(rf"^({cell})({cell})([{promo}]?)(?:/([a-z]))?\Z" if promo
                                   else rf"^({cell})({cell})()(?:/([a-z]))?\Z")
        self.coord_example = (f"from-cell, to-cell, optional promotion letter {'/'.join(sorted(promo))}"
                              + (f", optional /{'/'.join(self.letters[k] for k in self.reserve_kinds)} placement"
                                 if self.reserve_kinds else "")
                              + ("; or from-pin, to-pin for a board's move, e.g. Q1dQ1u" if self.pins else ""))
        pin = "|".join(sorted((re.escape(p.name) for p in self.pins), key=len, reverse=True))
        self.pin_move_re = re.compile(rf"^({pin})-?({pin})\Z") if pin else None

    # --- end rules ------------------------------------------------------------------------
    def bare_royal_winner(self, board) -> int | None:
        """With ``bare_royal_loses``: the colour index of the side that wins because the other
        has only its royal piece left (None: no such end; both bare is the insufficient-
        material draw)."""
        if not self.bare_royal_loses:
            return None
        bare = [len(board.occupied[side]) == 1 for side in (0, 1)]
        if bare[0] != bare[1]:
            return 1 if bare[0] else 0
        return None

    def is_insufficient_material(self, board) -> bool:
        """Bare royals, or royal + one minor piece against a bare royal, where neither side can
        still place a reserve piece (``board``: an engine Board)."""
        if board.unmoved:  # canonical: only pieces of a side that still holds a reserve
            return False
        sq = board.sq
        others = [sq[c] & KIND_MASK for side in board.occupied for c in side if sq[c] & KIND_MASK != self.royal_kind]
        if self.bare_royal_loses:  # a lone minor piece wins against a bare royal
            return len(others) == 0
        return len(others) == 0 or (len(others) == 1 and others[0] in self.minor_kinds)

    # --- the descriptor the browser draws from (docs/variant-seam.md section 5) --------------
    def describe(self) -> dict:
        g = self.geometry
        playing = sorted(self.kinds, key=lambda k: (k == PAWN, -self.value[k] if k != self.royal_kind else -10**9))
        # A hex board (docs/variant-seam.md section 5): each pane says how its hexes stand and
        # that it has three colours, each cell its shade; a square board's entries stay as they were.
        pane_extra = {"orientation": g.orientation, "colors": 3} if g.shades is not None else {}
        boards = [{"id": b.id, "label": b.label, "width": _number(b.width), "height": _number(b.height), "z": b.z,
                   "columns": list(b.columns), "rows": list(b.rows)} | pane_extra for b in g.boards]
        cells = [{"name": g.names[c], "board": g.layout[c][0], "x": _number(g.layout[c][1]),
                  "y": _number(g.layout[c][2]), "dark": g.dark[c]} for c in g.cells]
        if g.shades is not None:
            for cell, shade in zip(cells, g.shades):
                cell["shade"] = shade
        return {
            "key": self.key,
            "name": self.name,
            "summary": self.summary,
            "rules": f"/rules/{self.key}/",
            "cell_shape": g.cell_shape,
            "boards": boards,
            "cells": cells,
            "cell_pattern": g.cell_pattern,
            "placement_order": [g.names[c] for c in g.placement_order()],
            "pieces": [{"letter": self.letters[k].upper(), "name": self.names[k], "image": self.images[k],
                        "royal": k == self.royal_kind} for k in playing],
            "promotion": [self.letters[k] for k in self.promotion_kinds],
            "reserve": [self.letters[k] for k in self.reserve_kinds],
            "fen_fields": list(self.fen_field_names),
            "options": {o.name: {"default": o.default, "label": o.label} for o in self.options},
        }


def _typed_move_hint(cell_pattern: str, coordinates: str) -> str:
    """How a person types a move, with the variant's first coordinate example: the cube's
    "type it as the move list shows it (Bc2-Cc2) or as two cells (Bc2Cc2)"."""
    first = re.match(f"(?:{cell_pattern})", coordinates)
    shown = f"{coordinates[:first.end()]}-{coordinates[first.end():]}" if first else coordinates
    return f"type it as the move list shows it ({shown}) or as two cells ({coordinates})"


def _number(x: float) -> int | float:
    return int(x) if x == int(x) else x


def _tuned(table: tuple, tuned: dict | None) -> tuple:
    """``table`` with the tuned entries (kind -> value) put in."""
    if not tuned:
        return table
    return tuple(tuned.get(k, v) for k, v in enumerate(table))


def _scaled(bonus: Callable[[int, int], tuple[int, int]], mg: dict | None, eg: dict | None):
    """The bonus function with each kind's (mg, eg) scaled by its tuned percentage (floored:
    Black's tables are White's negated, so the rounding stays colour-symmetric)."""
    if not mg and not eg:
        return bonus
    mg, eg = mg or {}, eg or {}

    def scaled(kind: int, cell: int) -> tuple[int, int]:
        bm, be = bonus(kind, cell)
        return bm * mg.get(kind, 100) // 100, be * eg.get(kind, 100) // 100
    return scaled
