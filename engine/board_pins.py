"""Boards whose cells appear and disappear: movable boards standing on pins (Star Trek's attack
boards, docs/rules/startrek.md), as a mixin over engine/board.py's ``Board``.

The geometry is the superset of every cell a board can occupy; which of them exist is part of
the position (``pins``: the indices of the occupied pins; ``variant.fixed_cells`` always
exist).  A cell that does not exist holds ``VOID`` (a code above every piece code) in ``sq``:
the plain board's loops then treat it as a cell that is neither empty nor an enemy, so a
slider stops before it, a leaper cannot land on it, a pawn cannot step onto it and an attack
line ends at it - the plain generator, attack test, pins and check evasions stay exact and
untouched.  This mixin adds what the plain board lacks:

* a pawn's double step as its first move (``unmoved``: the cells of pawns that never moved
  themselves; a board carrying a pawn carries its flag);
* the board move, a move kind of its own (packed with ``BOARD_MOVE_FLAG``; from and to are the
  anchor cells of the from-pin and the to-pin): a board carrying at least one piece, no enemy
  piece and no king moves to a free pin, to one with the same ranks if it carries a pawn;
  every piece keeps its place on the board.  Its legality (own king not attacked after it:
  cells that vanish or appear open and close lines) is tested by making it;
* the Zobrist keys of the occupied pins and the unmoved pawns.

engine.position builds the Position and search-board classes from this mixin
(``variant.board_mixin``); it imports no board module itself (the variants import it).
"""
from __future__ import annotations

from typing import NamedTuple

from .packed import BOARD_MOVE_FLAG, CELL_MASK, FROM_SHIFT
from .pieces import COLOR_SHIFT, KIND_MASK, NCODES, PAWN
from .zobrist import BLACK_TO_MOVE_KEY

VOID = NCODES  # a cell that does not exist now: above every piece code (0..31)


class Pin(NamedTuple):
    """Where a movable board can stand: ``cells`` in a fixed order (a board moving from one pin
    to another puts the piece on ``cells[i]`` onto the other's ``cells[i]``), ``ranks`` the
    rank of each cell (a board carrying a pawn keeps them).  ``cells[0]`` is the lowest cell
    number: the pin's anchor, which a packed board move names."""
    index: int
    name: str
    cells: tuple
    ranks: tuple

    @property
    def anchor(self) -> int:
        return self.cells[0]


class PinBoardMixin:
    """Mixed into engine.board.Board (search) and engine.position.Position (rules front)."""

    __slots__ = ()
    EXTRA_SLOTS = ("pins",)

    # --- setting up -----------------------------------------------------------------------
    def set_state_from(self, parsed) -> None:
        """The occupied pins and unmoved pawns of a parsed position string (its pieces are
        already placed, on existing cells only: the reader checked)."""
        v = self.variant
        keys = v.keys
        sq = self.sq
        existing = set(v.fixed_cells)
        h = self.hash
        for p in parsed.pins:
            existing.update(v.pins[p].cells)
            h ^= keys.pins[p]
        for c in range(len(sq)):
            if c not in existing:
                sq[c] = VOID
        for c in parsed.unmoved:
            h ^= keys.unmoved[c]
        self.hash = h
        self.pins = frozenset(parsed.pins)
        self.unmoved = frozenset(parsed.unmoved)

    def copy_state_to(self, new) -> None:
        super().copy_state_to(new)
        new.pins = self.pins

    def compute_hash(self) -> int:
        """The key from scratch (the incremental ``hash`` must equal it)."""
        keys = self.variant.keys
        h = BLACK_TO_MOVE_KEY if self.side else 0
        for cell, code in enumerate(self.sq):
            if code and code != VOID:
                h ^= keys.pieces[code][cell]
        for p in self.pins:
            h ^= keys.pins[p]
        for c in self.unmoved:
            h ^= keys.unmoved[c]
        return h

    def exists(self, cell: int) -> bool:
        return self.sq[cell] != VOID

    # --- generation -----------------------------------------------------------------------
    def generate(self, captures_only: bool = False, promotions: tuple | None = None,
                 skip: int = -1) -> tuple[list[int], list[int]]:
        """Pseudo-legal moves as (captures and promotions, quiet moves): the plain board's,
        the unmoved pawns' double steps, and (quiet) the board moves."""
        caps, quiets = super().generate(captures_only, promotions, skip)
        self._double_steps(caps, quiets, captures_only, promotions, skip)
        if not captures_only:
            quiets.extend(self.board_moves())
        return caps, quiets

    def _double_steps(self, caps: list, quiets: list, captures_only: bool, promotions: tuple | None,
                      skip: int) -> None:
        v = self.variant
        sq = self.sq
        side = self.side
        pawn = PAWN | side << COLOR_SHIFT
        doubles = v.pawn_doubles[side]
        promo_cells = v.promotion_cells[side]
        for fr in self.unmoved:
            if sq[fr] != pawn or fr == skip:
                continue
            for to, middles, _any in doubles[fr]:
                if sq[to] == 0 and all(sq[c] == 0 for c in middles):
                    base = fr << FROM_SHIFT | to
                    if to in promo_cells:
                        caps.extend(base | pb for pb in (v.promotion_bits if promotions is None else promotions))
                    elif not captures_only:
                        quiets.append(base)

    def board_moves(self) -> list[int]:
        """The side to move's board moves (pseudo-legal: its king may be left attacked)."""
        v = self.variant
        sq = self.sq
        side = self.side
        royal = v.royal_kind
        taken = self.pins
        out = []
        for p in taken:
            pin = v.pins[p]
            carried = pawn = False
            for c in pin.cells:
                code = sq[c]
                if code:
                    if code >> COLOR_SHIFT != side or code & KIND_MASK == royal:
                        break  # an enemy piece or a king on it: it stays
                    carried = True
                    pawn = pawn or code & KIND_MASK == PAWN
            else:
                if carried:
                    base = BOARD_MOVE_FLAG | pin.anchor << FROM_SHIFT
                    others, same_ranks = v.pin_targets[p]
                    out.extend(base | v.pins[q].anchor for q in (same_ranks if pawn else others) if q not in taken)
        return out

    def _candidates(self, captures_only: bool, king: int) -> tuple[list[int], list[int]]:
        # The plain board's pin and evasion masks are exact for piece moves (a piece move makes
        # no cell appear or vanish), double steps included; board moves are tested below.
        caps, quiets = super().generate(captures_only, None, king)
        self._double_steps(caps, quiets, captures_only, None, king)
        return caps, quiets

    def generate_legal(self, captures_only: bool = False) -> list[int]:
        """Every legal move: the plain board's (piece moves through its pin and evasion masks,
        king steps with the king lifted), then the board moves, made and tested."""
        moves = super().generate_legal(captures_only)
        if not captures_only:
            us = self.side
            for m in self.board_moves():
                self.make(m)
                if not self.attacked(self.kings[us], us ^ 1):
                    moves.append(m)
                self.unmake()
        return moves

    def make_legal(self, m: int, in_check: bool) -> bool:
        if m & BOARD_MOVE_FLAG:
            self.make(m)
            return not self.attacked(self.kings[self.side ^ 1], self.side)
        return super().make_legal(m, in_check)

    # --- make / unmake: undo records are the plain board's plus (unmoved, pins) -------------
    def make(self, m: int) -> None:
        if m & BOARD_MOVE_FLAG:
            self._make_board(m)
            return
        unmoved = self.unmoved
        pins = self.pins
        super().make(m)
        self.stack[-1] += (unmoved, pins)
        fr = m >> FROM_SHIFT & CELL_MASK
        to = m & CELL_MASK
        if fr in unmoved or to in unmoved:  # the pawn moved itself, or an unmoved pawn was taken
            keys = self.variant.keys.unmoved
            h = self.hash
            for c in (fr, to):
                if c in unmoved:
                    h ^= keys[c]
            self.hash = h
            self.unmoved = unmoved - {fr, to}

    def unmake(self) -> int:
        entry = self.stack[-1]
        if entry[0] & BOARD_MOVE_FLAG:
            return self._unmake_board()
        self.stack[-1] = entry[:8]
        self.unmoved = entry[8]
        return super().unmake()

    def make_null(self) -> None:
        unmoved, pins = self.unmoved, self.pins
        super().make_null()
        self.stack[-1] += (unmoved, pins)

    def unmake_null(self) -> None:
        self.stack[-1] = self.stack[-1][:8]
        super().unmake_null()

    def _make_board(self, m: int) -> None:
        v = self.variant
        src = v.pin_by_anchor[m >> FROM_SHIFT & CELL_MASK]
        dst = v.pin_by_anchor[m & CELL_MASK]
        sq = self.sq
        zk, pmg, peg = self._zkeys, self._pmg, self._peg
        keys = v.keys
        h, ph, mg, eg = self.hash, self.pawn_hash, self.mg, self.eg
        unmoved, pins = self.unmoved, self.pins
        self.stack.append((m, 0, h, ph, mg, eg, self.phase, self.hmc, unmoved, pins))
        mine = self.occupied[self.side]
        carried_unmoved = []
        for a, b in zip(src.cells, dst.cells):
            code = sq[a]
            sq[a] = VOID
            sq[b] = code
            if code:
                z = zk[code][a] ^ zk[code][b]
                h ^= z
                mg += pmg[code][b] - pmg[code][a]
                eg += peg[code][b] - peg[code][a]
                mine.discard(a)
                mine.add(b)
                if code & KIND_MASK == PAWN:
                    ph ^= z
                    if a in unmoved:
                        carried_unmoved.append((a, b))
        if carried_unmoved:  # carrying a pawn is not its move: it keeps its first move
            for a, b in carried_unmoved:
                h ^= keys.unmoved[a] ^ keys.unmoved[b]
            self.unmoved = unmoved.difference(a for a, _ in carried_unmoved).union(b for _, b in carried_unmoved)
        self.pins = pins.difference((src.index,)).union((dst.index,))
        self.hash = h ^ keys.pins[src.index] ^ keys.pins[dst.index] ^ BLACK_TO_MOVE_KEY
        self.pawn_hash = ph
        self.mg = mg
        self.eg = eg
        self.hmc += 1
        self.side ^= 1

    def _unmake_board(self) -> int:
        m, _cap, h, ph, mg, eg, phase, hmc, unmoved, pins = self.stack.pop()
        v = self.variant
        src = v.pin_by_anchor[m >> FROM_SHIFT & CELL_MASK]
        dst = v.pin_by_anchor[m & CELL_MASK]
        side = self.side ^ 1
        sq = self.sq
        mine = self.occupied[side]
        for a, b in zip(src.cells, dst.cells):
            code = sq[b]
            sq[b] = VOID
            sq[a] = code
            if code:
                mine.discard(b)
                mine.add(a)
        self.side = side
        self.hash, self.pawn_hash, self.mg, self.eg, self.phase, self.hmc = h, ph, mg, eg, phase, hmc
        self.unmoved, self.pins = unmoved, pins
        return m


def board_move_reason(pos, frm: int, to: int) -> str | None:
    """Why the board move from the pin anchored on ``frm`` to the one on ``to`` breaks a
    condition of the rules (docs/rules/startrek.md section 5), or None if it keeps them all
    (whether it leaves the own king attacked is the caller's test)."""
    v = pos.variant
    src, dst = v.pin_by_anchor.get(frm), v.pin_by_anchor.get(to)
    if src is None or dst is None:
        return "a board's move goes from a pin to another pin"
    if src.index not in pos.pins:
        return f"no attack board stands on {src.name}"
    if dst.index in pos.pins:
        return f"{dst.name} is taken: another attack board stands on it"
    sq = pos.sq
    codes = [sq[c] for c in src.cells if sq[c]]
    if not codes:
        return f"the attack board on {src.name} is empty: a board moves only carrying at least one piece"
    for c in src.cells:
        code = sq[c]
        if code and code >> COLOR_SHIFT != pos.side:
            return f"the attack board on {src.name} carries an enemy piece ({pos.describe(c)})"
        if code and code & KIND_MASK == v.royal_kind:
            return f"the attack board on {src.name} carries a {v.names[v.royal_kind]}, so it cannot move"
    if any(code & KIND_MASK == PAWN for code in codes) and src.ranks != dst.ranks:
        return (f"the attack board on {src.name} carries a pawn, so it must keep its ranks "
                f"({_ranks(v, src)}); {dst.name} stands on ranks {_ranks(v, dst)}")
    return None


def _ranks(v, pin: Pin) -> str:
    names = v.geometry.names
    return "-".join(sorted({names[c][2:] for c in pin.cells}))


def missing_cell_reason(pos, cells) -> str | None:
    """The first of ``cells`` that does not exist in the current arrangement, said in words."""
    v = pos.variant
    for c in cells:
        if pos.sq[c] == VOID:
            pin = v.pin_of_cell.get(c)
            where = f" (no attack board stands on {pin.name})" if pin is not None else ""
            return f"{v.geometry.names[c]} does not exist in the current arrangement{where}"
    return None
