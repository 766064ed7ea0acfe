"""``Board``: the one mutable position of the engine - rules front, perft and search all use it.

State, all plain ints, lists and sets (read them, change them only through the methods):

* ``sq``: 125 piece codes (engine.pieces: ``kind | colour << 4``, 0 empty);
* ``side``: colour index to move (0 White, 1 Black); ``occupied``: (White's cells, Black's cells);
  ``kings``: the royal piece's cell per side; ``hmc``: the halfmove clock;
* ``hash``: the Zobrist key (engine.zobrist, the public ``Position.zobrist``), ``pawn_hash``:
  the same keys over the pawns only (the search caches pawn structure by it; 0 = no pawns);
* ``mg``, ``eg``, ``phase``: running material + piece-square sums, White minus Black, and the
  game-phase count (engine.values) - kept up to date by every move for the search;
* ``stack``: undo records, one per move made since the position was set up (each holds the
  hash before the move: the repetition history);
* ``prior``: the keys of the positions before the set-up position, since the last irreversible
  move, oldest first (a server holds them instead of the moves: engine.step.stored_position);
  the repetition tests read them after the undo records, so no move list is replayed.

Moves are packed ints (engine.moves).  Two generators:

* ``generate(captures_only, promotions)`` - pseudo-legal, as (captures and promotions, quiet
  moves), for the search, which tests legality after making a move (``make_legal``);
* ``generate_legal(captures_only)`` - fully legal, for the rules front and perft: one walk
  along the lines out of the king finds checkers and pinned pieces; a pinned piece may move
  only along its pin line, in single check a non-king move must block or capture, in double
  check only the king moves, and king steps are tested with the king lifted off the board.
  There is no castling or en passant, so these masks are exact.

How each piece moves (pawns included) is data of the variant (engine/variants/); this module
only walks the variant's tables.
"""
from __future__ import annotations

from .moves import CELL_MASK, FROM_SHIFT, PROMOTION_SHIFT
from .pieces import COLOR_SHIFT, ENEMY_RANGE, KIND_MASK, PAWN
from .variants.base import Variant
from .zobrist import BLACK_TO_MOVE_KEY

_SINGLE = tuple(frozenset((c,)) for c in range(512))


class Board:
    """An empty board of ``variant``; fill it with :meth:`put` (or build a Position)."""

    __slots__ = ("variant", "sq", "side", "occupied", "kings", "hash", "pawn_hash", "mg", "eg", "phase", "hmc",
                 "stack", "prior", "_attack", "_leap_attack", "_line_index", "_royal", "_zkeys", "_pmg", "_peg",
                 "_phw", "ep", "reserves", "unmoved")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.sq = [0] * variant.geometry.ncells
        self.side = 0
        self.occupied: tuple[set, set] = (set(), set())
        self.kings = [-1, -1]
        self.hash = 0
        self.pawn_hash = 0
        self.mg = 0
        self.eg = 0
        self.phase = 0
        self.hmc = 0
        self.stack: list[tuple] = []
        self.prior: tuple[int, ...] = ()
        # The attack tables are read at every node: one slot load instead of two lookups.
        self._attack = variant.attack
        self._leap_attack = variant.leap_attack
        self._line_index = variant.line_index
        self._royal = variant.royal_kind
        # The variant's keys and values, one slot load each on the hot path.
        self._zkeys = variant.keys.pieces
        self._pmg = variant.pst_mg
        self._peg = variant.pst_eg
        self._phw = variant.phase_weight
        # State beyond placement, side and clocks (engine/board_state.py): a variant without
        # reserves, unmoved pieces or en passant leaves it empty.
        self.ep = None
        self.reserves = (0, 0)
        self.unmoved = frozenset()

    # --- construction -----------------------------------------------------------------------
    def put(self, cell: int, code: int) -> None:
        """Place a piece on an empty cell while setting up (not a move: no undo record)."""
        side = code >> COLOR_SHIFT
        self.sq[cell] = code
        self.occupied[side].add(cell)
        key = self._zkeys[code][cell]
        self.hash ^= key
        kind = code & KIND_MASK
        if kind == PAWN:
            self.pawn_hash ^= key
        if kind == self._royal:
            self.kings[side] = cell
        self.mg += self._pmg[code][cell]
        self.eg += self._peg[code][cell]
        self.phase += self._phw[kind]

    def set_side(self, side: int) -> None:
        """Set the side to move while setting up."""
        if side != self.side:
            self.hash ^= BLACK_TO_MOVE_KEY
            self.side = side

    def board_copy(self) -> "Board":
        """A Board of this one's class family with its state (what the search works on)."""
        new = self.BOARD_CLASS.__new__(self.BOARD_CLASS)
        self.copy_state_to(new)
        return new

    def copy_state_to(self, new: "Board") -> None:
        """Copy everything (undo stack and history included) into ``new``, a fresh instance."""
        new.variant = self.variant
        new.sq = self.sq[:]
        new.side = self.side
        new.occupied = (set(self.occupied[0]), set(self.occupied[1]))
        new.kings = self.kings[:]
        new.hash = self.hash
        new.pawn_hash = self.pawn_hash
        new.mg = self.mg
        new.eg = self.eg
        new.phase = self.phase
        new.hmc = self.hmc
        new.stack = self.stack[:]
        new.prior = self.prior
        new._attack = self._attack
        new._leap_attack = self._leap_attack
        new._line_index = self._line_index
        new._royal = self._royal
        new._zkeys = self._zkeys
        new._pmg = self._pmg
        new._peg = self._peg
        new._phw = self._phw
        new.ep = self.ep
        new.reserves = self.reserves
        new.unmoved = self.unmoved

    def compute_hash(self) -> int:
        """The key from scratch (the incremental ``hash`` must equal it)."""
        h = BLACK_TO_MOVE_KEY if self.side else 0
        keys = self._zkeys
        for cell, code in enumerate(self.sq):
            if code:
                h ^= keys[code][cell]
        return h

    # --- queries ----------------------------------------------------------------------------
    def attacked(self, cell: int, by: int) -> bool:
        """Is ``cell`` attacked by a piece of side ``by``?  Walks lines outward from the cell."""
        sq = self.sq
        for first, rest, near, far, _walk in self._attack[by][cell]:
            p = sq[first]
            if p:
                if p in near:
                    return True
            else:
                for s in rest:
                    p = sq[s]
                    if p:
                        if p in far:
                            return True
                        break
        for code, cells in self._leap_attack[by][cell]:
            for s in cells:
                if sq[s] == code:
                    return True
        return False

    def attackers(self, cell: int, by: int) -> list[int]:
        """The cells of side ``by``'s pieces that attack ``cell`` (sorted), pins ignored, as
        ``attacked`` sees them: the same tables walked, every hit collected instead of the
        first (for showing a player what bears on a cell; never on the search's path)."""
        sq = self.sq
        found = set()
        for first, rest, near, far, _walk in self._attack[by][cell]:
            p = sq[first]
            if p:
                if p in near:
                    found.add(first)
            else:
                for s in rest:
                    p = sq[s]
                    if p:
                        if p in far:
                            found.add(s)
                        break
        for code, cells in self._leap_attack[by][cell]:
            for s in cells:
                if sq[s] == code:
                    found.add(s)
        return sorted(found)

    def in_check(self) -> bool:
        side = self.side
        return self.attacked(self.kings[side], side ^ 1)

    def seen_before(self) -> bool:
        """Has this position (same side to move) occurred since the last irreversible move?
        (The search's repetition test: once is enough to score a draw inside the tree;
        ``Position.is_repetition`` counts occurrences for the rules.)"""
        stack = self.stack
        n = len(stack)
        h = self.hash
        first = n - self.hmc  # the oldest index that counts; below 0 it reaches into `prior`
        for i in range(n - 4, max(first, 0) - 1, -2):  # n-2: before our own last move, skip
            if stack[i][2] == h:
                return True
        prior = self.prior
        if first < 0 and prior:
            # Index -k is prior[-k]; same parity as n, so the same side is to move.
            p = len(prior)
            for i in range(min(n - 4, (n & 1) - 2), max(first, -p) - 1, -2):
                if prior[i] == h:
                    return True
        return False

    @property
    def history(self) -> list[int]:
        """The key before each move made, oldest first (kept in the undo records), after the
        keys known from before the set-up (``prior``)."""
        return [*self.prior, *(entry[2] for entry in self.stack)]

    def has_non_pawn_material(self, side: int) -> bool:
        sq = self.sq
        royal = self._royal
        for c in self.occupied[side]:
            kind = sq[c] & KIND_MASK
            if kind != PAWN and kind != royal:
                return True
        return False

    # --- move generation --------------------------------------------------------------------
    def generate(self, captures_only: bool = False, promotions: tuple | None = None,
                 skip: int = -1) -> tuple[list[int], list[int]]:
        """Pseudo-legal moves as (captures and promotions, quiet moves); with ``captures_only``
        the quiet list stays empty.  ``promotions``: the promotion bits to generate (default:
        every promotion kind of the variant).  The piece on ``skip`` is left out."""
        sq = self.sq
        side = self.side
        v = self.variant
        elo, ehi = ENEMY_RANGE[side]  # enemy codes lie strictly between
        promo_cells = v.promotion_cells[side]
        promos = v.promotion_bits if promotions is None else promotions
        pushes = v.pawn_pushes[side]
        pawn_caps = v.pawn_captures[side]
        leaps = v.leaps
        rays = v.rays
        caps: list[int] = []
        quiets: list[int] = []
        cap_add = caps.append
        quiet_add = quiets.append
        for fr in self.occupied[side]:
            if fr == skip:
                continue
            kind = sq[fr] & KIND_MASK
            base = fr << FROM_SHIFT
            if kind == PAWN:  # the pawn rules of engine/variants/ (pushes, captures, promotion)
                for to in pushes[fr]:
                    if sq[to] == 0:
                        if to in promo_cells:
                            for pb in promos:
                                cap_add(base | to | pb)
                        elif not captures_only:
                            quiet_add(base | to)
                for to in pawn_caps[fr]:
                    if elo < sq[to] < ehi:
                        if to in promo_cells:
                            for pb in promos:
                                cap_add(base | to | pb)
                        else:
                            cap_add(base | to)
                continue
            targets = leaps[kind]
            if captures_only:
                if targets is not None:
                    for to in targets[fr]:
                        if elo < sq[to] < ehi:
                            cap_add(base | to)
                else:
                    for ray in rays[kind][fr]:
                        for to in ray:
                            p = sq[to]
                            if p:
                                if elo < p < ehi:
                                    cap_add(base | to)
                                break
            elif targets is not None:
                for to in targets[fr]:
                    p = sq[to]
                    if p == 0:
                        quiet_add(base | to)
                    elif elo < p < ehi:
                        cap_add(base | to)
            else:
                for ray in rays[kind][fr]:
                    for to in ray:
                        p = sq[to]
                        if p == 0:
                            quiet_add(base | to)
                        else:
                            if elo < p < ehi:
                                cap_add(base | to)
                            break
        return caps, quiets

    def checks_and_pins(self) -> tuple[int, frozenset | None, dict]:
        """(number of checkers, cells that answer a single check or None, {pinned cell: the
        cells it may move to})."""
        sq = self.sq
        us = self.side
        them = us ^ 1
        king = self.kings[us]
        checkers = 0
        evasion = None
        pins = {}
        for first, _rest, near, far, walk in self._attack[them][king]:
            own = -1
            for t, upto in walk:
                p = sq[t]
                if p:
                    if p >> COLOR_SHIFT == us:
                        if own >= 0:
                            break  # two own pieces on the line: nothing is pinned
                        own = t
                        continue
                    if p in far or (t == first and p in near):
                        if own >= 0:
                            pins[own] = upto
                        else:
                            checkers += 1
                            evasion = upto
                    break
        for code, cells in self._leap_attack[them][king]:
            for t in cells:
                if sq[t] == code:
                    checkers += 1
                    evasion = _SINGLE[t]
        return checkers, evasion, pins

    def generate_legal(self, captures_only: bool = False) -> list[int]:
        """Every legal move (all promotion kinds); with ``captures_only`` just captures and
        promotions."""
        us = self.side
        king = self.kings[us]
        checkers, evasion, pins = self.checks_and_pins()
        if checkers < 2:
            caps, quiets = self._candidates(captures_only, king)
            moves = caps + quiets if quiets else caps
            if evasion is not None or pins:
                kept = []
                for m in moves:
                    to = m & CELL_MASK
                    if evasion is not None and to not in evasion:
                        continue
                    if pins:
                        line = pins.get(m >> FROM_SHIFT & CELL_MASK)
                        if line is not None and to not in line:
                            continue
                    kept.append(m)
                moves = kept
        else:
            moves = []
        # King steps: lift the king so that a slider checking along a line also covers the
        # cell behind the king on that line.
        sq = self.sq
        them = us ^ 1
        code = sq[king]
        sq[king] = 0
        base = king << FROM_SHIFT
        elo, ehi = ENEMY_RANGE[us]
        for t in self.variant.leaps[self._royal][king]:
            q = sq[t]
            if q:
                if not elo < q < ehi:
                    continue  # an own piece (or a cell that is not there: engine/board_pins.py)
            elif captures_only:
                continue
            if not self.attacked(t, them):
                moves.append(base | t)
        sq[king] = code
        return moves

    def _candidates(self, captures_only: bool, king: int) -> tuple[list[int], list[int]]:
        """The moves ``generate_legal`` filters by pins and evasions: every pseudo-legal move
        but the king's (a board with more moves of other kinds adds those that the masks
        decide exactly)."""
        return self.generate(captures_only, None, king)

    # --- make / unmake ----------------------------------------------------------------------
    def make(self, m: int) -> None:
        """Play a pseudo-legal move (not a null move)."""
        fr = m >> FROM_SHIFT & CELL_MASK
        to = m & CELL_MASK
        sq = self.sq
        p = sq[fr]
        cap = sq[to]
        h = self.hash
        mg = self.mg
        eg = self.eg
        self.stack.append((m, cap, h, self.pawn_hash, mg, eg, self.phase, self.hmc))
        side = self.side
        occupied = self.occupied
        zp = self._zkeys[p]
        pm = self._pmg[p]
        pe = self._peg[p]
        sq[fr] = 0
        mine = occupied[side]
        mine.discard(fr)
        kind = p & KIND_MASK
        if cap:
            zc = self._zkeys[cap][to]
            h ^= zc
            mg -= self._pmg[cap][to]
            eg -= self._peg[cap][to]
            occupied[side ^ 1].discard(to)
            cap_kind = cap & KIND_MASK
            self.phase -= self._phw[cap_kind]
            if cap_kind == PAWN:
                self.pawn_hash ^= zc
            self.hmc = 0
        elif kind == PAWN:
            self.hmc = 0
        else:
            self.hmc += 1
        if kind == PAWN:
            promo = m >> PROMOTION_SHIFT & KIND_MASK
            if promo:
                new = promo | side << COLOR_SHIFT
                sq[to] = new
                mine.add(to)
                self.pawn_hash ^= zp[fr]
                self.phase += self._phw[promo]
                self.hash = h ^ BLACK_TO_MOVE_KEY ^ zp[fr] ^ self._zkeys[new][to]
                self.mg = mg - pm[fr] + self._pmg[new][to]
                self.eg = eg - pe[fr] + self._peg[new][to]
                self.side = side ^ 1
                return
            self.pawn_hash ^= zp[fr] ^ zp[to]
        elif kind == self._royal:
            self.kings[side] = to
        sq[to] = p
        mine.add(to)
        self.hash = h ^ BLACK_TO_MOVE_KEY ^ zp[fr] ^ zp[to]
        self.mg = mg - pm[fr] + pm[to]
        self.eg = eg - pe[fr] + pe[to]
        self.side = side ^ 1

    def unmake(self) -> int:
        """Take back the last move made with :meth:`make`; returns it."""
        m, cap, h, ph, mg, eg, phase, hmc = self.stack.pop()
        fr = m >> FROM_SHIFT & CELL_MASK
        to = m & CELL_MASK
        side = self.side ^ 1  # the side that made the move
        sq = self.sq
        p = sq[to]
        if m >> PROMOTION_SHIFT & KIND_MASK:
            p = PAWN | (side << COLOR_SHIFT)
        elif p & KIND_MASK == self._royal:
            self.kings[side] = fr
        sq[fr] = p
        sq[to] = cap
        mine = self.occupied[side]
        mine.discard(to)
        mine.add(fr)
        if cap:
            self.occupied[side ^ 1].add(to)
        self.side = side
        self.hash = h
        self.pawn_hash = ph
        self.mg = mg
        self.eg = eg
        self.phase = phase
        self.hmc = hmc
        return m

    def make_null(self) -> None:
        """Pass (null-move pruning).  The clock restarts: no repetition is claimed across it."""
        h = self.hash
        self.stack.append((0, 0, h, self.pawn_hash, self.mg, self.eg, self.phase, self.hmc))
        self.hash = h ^ BLACK_TO_MOVE_KEY
        self.side ^= 1
        self.hmc = 0

    def unmake_null(self) -> None:
        _m, _c, h, _ph, _mg, _eg, _phase, hmc = self.stack.pop()
        self.hash = h
        self.side ^= 1
        self.hmc = hmc

    def make_legal(self, m: int, in_check: bool) -> bool:
        """Make pseudo-legal ``m``; return whether it was legal (it stays made either way:
        unmake it)."""
        self.make(m)
        mover = self.side ^ 1
        king = self.kings[mover]
        if in_check or king == m & CELL_MASK:
            return not self.attacked(king, self.side)
        # Not in check and the king did not move: only a piece that left a line through the
        # king can have exposed it, so walk that one line.
        i = self._line_index[king][m >> FROM_SHIFT & CELL_MASK]
        if i < 0:
            return True
        first, rest, _near, far, _walk = self._attack[self.side][king][i]
        sq = self.sq
        p = sq[first]
        if p:
            return p not in far
        for s in rest:
            p = sq[s]
            if p:
                return p not in far
        return True


Board.BOARD_CLASS = Board
