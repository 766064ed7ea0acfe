"""The board of variants with state beyond placement, side and clocks (Five Up).

``StateMixin`` overrides the plain board's generators and make/unmake (engine/board.py keeps
Raumschach's hot path untouched); ``StateBoard`` is the search's board, and
``engine.position.StatePosition`` the rules front over it.  Modelled on python-chess's
CrazyhouseBoard: the extra state is restored by ``unmake`` from the undo record.

State (immutable values, replaced by a move, so an undo record holds the old ones by
reference):

* ``reserves``: per side, a bit mask (``1 << kind``) of the reserve pieces still in hand;
* ``unmoved``: frozenset of cells of unmoved non-pawn pieces - only of a side that still holds
  a reserve (the canonical form of the position string: otherwise the flag has no effect);
* ``ep``: None, or (cells an en-passant capture may land on, the capturable pawn's cell),
  set by a double step and cleared by the next move.

The Zobrist key includes them (``variant.keys``: reserve, unmoved and en-passant keys), so
repetitions compare positions with their reserves, unmoved pieces and en-passant cells.

Moves (packed as everywhere, engine/moves.py): a placement is the placed kind in bits 22..25,
the piece put on the cell the mover left; en passant is a pawn capture onto an ``ep`` cell;
castling is the king moving onto its own rook's cell (they swap).

Legal generation keeps the plain board's pins and check-evasion masks where they are exact and
makes the other moves to test them: en passant, castling, and a king's move with a placement.
A pinned piece's move with a placement is legal as far as the pin goes, since the placed
piece re-blocks the line.

``_generate``, ``make`` and ``unmake`` repeat the plain board's loops with the extra state
woven in, on purpose: sharing them would put this board's branches (or a call) on
Raumschach's hot path, which the plain board keeps free of them.
"""
from __future__ import annotations

from .board import Board
from .moves import CELL_MASK, FROM_SHIFT, PLACE_KIND_SHIFT, PROMOTION_SHIFT
from .pieces import COLOR_SHIFT, ENEMY_RANGE, KIND_MASK, PAWN
from .zobrist import BLACK_TO_MOVE_KEY


class StateMixin:
    __slots__ = ()

    # --- setting up -----------------------------------------------------------------------
    def set_state(self, reserves: tuple[int, int], unmoved: frozenset, ep: tuple | None) -> None:
        """Set the extra state while setting up (keys XORed in)."""
        keys = self.variant.keys
        h = self.hash
        for side in (0, 1):
            for kind in self.variant.reserve_kinds:
                if reserves[side] >> kind & 1:
                    h ^= keys.reserve[side][kind]
        for c in unmoved:
            h ^= keys.unmoved[c]
        if ep is not None:
            for c in ep[0]:
                h ^= keys.ep[c]
        self.hash = h
        self.reserves = reserves
        self.unmoved = frozenset(unmoved)
        self.ep = ep

    def set_state_from(self, parsed) -> None:
        """Set the extra state of a parsed position string (engine.fen.ParsedFen)."""
        self.set_state(parsed.reserves, parsed.unmoved, parsed.ep)

    # --- generation -----------------------------------------------------------------------
    def generate(self, captures_only: bool = False, promotions: tuple | None = None,
                 skip: int = -1) -> tuple[list[int], list[int]]:
        """Pseudo-legal moves as (captures and promotions, quiet moves), placements, en
        passant and double steps included; castling (already checked for attacked cells) among
        the quiet moves unless the king is ``skip``."""
        caps, quiets = self._generate(captures_only, promotions, skip)
        caps.extend(self._ep_moves())
        if self.variant.castling and not captures_only and skip != self.kings[self.side]:
            quiets.extend(self._castlings())
        return caps, quiets

    def _generate(self, captures_only: bool, promotions: tuple | None, skip: int) -> tuple[list[int], list[int]]:
        sq = self.sq
        side = self.side
        v = self.variant
        elo, ehi = ENEMY_RANGE[side]
        promo_cells = v.promotion_cells[side]
        promos = v.promotion_bits if promotions is None else promotions
        pushes = v.pawn_pushes[side]
        pawn_caps = v.pawn_captures[side]
        doubles = v.pawn_doubles[side]
        leaps, quiet_leaps, capture_leaps, rays = v.leaps, v.quiet_leaps, v.capture_leaps, v.rays
        in_hand = self.reserves[side]
        place_bits = [k << PLACE_KIND_SHIFT for k in v.reserve_kinds if in_hand >> k & 1] if in_hand else ()
        unmoved = self.unmoved
        caps: list[int] = []
        quiets: list[int] = []
        cap_add = caps.append
        quiet_add = quiets.append
        for fr in self.occupied[side]:
            if fr == skip:
                continue
            kind = sq[fr] & KIND_MASK
            base = fr << FROM_SHIFT
            if kind == PAWN:
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
                if not captures_only:
                    for to, middles, any_empty in doubles[fr]:
                        if sq[to] == 0:
                            if any_empty:
                                if any(sq[c] == 0 for c in middles):
                                    quiet_add(base | to)
                            elif all(sq[c] == 0 for c in middles):
                                quiet_add(base | to)
                continue
            c0, q0 = len(caps), len(quiets)
            table = leaps[kind]
            if table is not None:
                for to in table[fr]:
                    p = sq[to]
                    if p == 0:
                        if not captures_only:
                            quiet_add(base | to)
                    elif elo < p < ehi:
                        cap_add(base | to)
            table = quiet_leaps[kind]
            if table is not None and not captures_only:
                for to in table[fr]:
                    if sq[to] == 0:
                        quiet_add(base | to)
            table = capture_leaps[kind]
            if table is not None:
                for to in table[fr]:
                    if elo < sq[to] < ehi:
                        cap_add(base | to)
            table = rays[kind]
            if table is not None:
                for ray in table[fr]:
                    for to in ray:
                        p = sq[to]
                        if p == 0:
                            if not captures_only:
                                quiet_add(base | to)
                        else:
                            if elo < p < ehi:
                                cap_add(base | to)
                            break
            if place_bits and fr in unmoved:
                # The piece's first move: each may also place a reserve piece on ``fr``.
                for m in caps[c0:]:
                    for pb in place_bits:
                        cap_add(m | pb)
                if not captures_only:
                    for m in quiets[q0:]:
                        for pb in place_bits:
                            quiet_add(m | pb)
        return caps, quiets

    def _ep_moves(self) -> list[int]:
        """En-passant captures: a pawn of the side to move capturing onto a passed cell."""
        ep = self.ep
        if ep is None:
            return []
        sq = self.sq
        side = self.side
        pawn = PAWN | side << COLOR_SHIFT
        pawn_caps = self.variant.pawn_captures[side]
        passed = ep[0]
        out = []
        for fr in self.occupied[side]:
            if sq[fr] == pawn:
                for to in pawn_caps[fr]:
                    if to in passed:
                        out.append(fr << FROM_SHIFT | to)
        return out

    def _castlings(self) -> list[int]:
        """Castling moves (the option on): king and own rook on an orthogonal line with only
        empty cells between, not in check, no cell between attacked.  Whether the king is in
        check afterwards is left to the caller (make and test)."""
        v = self.variant
        side = self.side
        king = self.kings[side]
        them = side ^ 1
        if self.attacked(king, them):
            return []
        sq = self.sq
        rook = v.castling_rook | side << COLOR_SHIFT
        out = []
        for ray in v.castling_rays[king]:
            between = []
            for c in ray:
                p = sq[c]
                if p:
                    if p == rook and not any(self.attacked(b, them) for b in between):
                        out.append(king << FROM_SHIFT | c)
                    break
                between.append(c)
        return out

    def generate_legal(self, captures_only: bool = False) -> list[int]:
        us = self.side
        them = us ^ 1
        king = self.kings[us]
        checkers, evasion, pins = self.checks_and_pins()
        moves: list[int] = []
        if checkers < 2:
            caps, quiets = self._generate(captures_only, None, king)
            for m in (caps + quiets if quiets else caps):
                if evasion is not None and m & CELL_MASK not in evasion:
                    continue
                if pins and not m >> PLACE_KIND_SHIFT:
                    line = pins.get(m >> FROM_SHIFT & CELL_MASK)
                    if line is not None and m & CELL_MASK not in line:
                        continue
                moves.append(m)
        # Tested by making them: en passant (it empties a second cell), castling, and a king's
        # move with a placement (the placed piece may block a line to the king's new cell).
        tested = self._ep_moves()
        if self.variant.castling and not captures_only and checkers == 0:
            tested.extend(self._castlings())
        sq = self.sq
        code = sq[king]
        sq[king] = 0  # lifted: a slider checking along a line also covers the cell behind
        king_moves = []
        v = self.variant
        kind = code & KIND_MASK
        base = king << FROM_SHIFT
        for table, quiet_ok, capture_ok in ((v.leaps[kind], True, True), (v.quiet_leaps[kind], True, False),
                                            (v.capture_leaps[kind], False, True)):
            if table is None:
                continue
            for t in table[king]:
                q = sq[t]
                if q:
                    if q >> COLOR_SHIFT == us or not capture_ok:
                        continue
                elif captures_only or not quiet_ok:
                    continue
                king_moves.append(base | t)
                if not self.attacked(t, them):
                    moves.append(base | t)
        sq[king] = code
        if king in self.unmoved and self.reserves[us]:
            for pb in (k << PLACE_KIND_SHIFT for k in v.reserve_kinds if self.reserves[us] >> k & 1):
                tested.extend(m | pb for m in king_moves)
        for m in tested:
            self.make(m)
            if not self.attacked(self.kings[us], them):
                moves.append(m)
            self.unmake()
        return moves

    def make_legal(self, m: int, in_check: bool) -> bool:
        """Make pseudo-legal ``m``; return whether it was legal (it stays made either way)."""
        self.make(m)
        return not self.attacked(self.kings[self.side ^ 1], self.side)

    # --- make / unmake --------------------------------------------------------------------
    def make(self, m: int) -> None:
        fr = m >> FROM_SHIFT & CELL_MASK
        to = m & CELL_MASK
        sq = self.sq
        p = sq[fr]
        cap = sq[to]
        side = self.side
        v = self.variant
        keys = v.keys
        zk, pmg, peg, phw = self._zkeys, self._pmg, self._peg, self._phw
        h = self.hash
        mg = self.mg
        eg = self.eg
        ep = self.ep
        unmoved = self.unmoved
        reserves = self.reserves
        kind = p & KIND_MASK
        victim = -1  # the cell of a pawn taken en passant
        if ep is not None:
            for c in ep[0]:
                h ^= keys.ep[c]
            if kind == PAWN and not cap and to in ep[0] and to in v.pawn_captures[side][fr]:
                victim = ep[1]
            self.ep = None
        self.stack.append((m, cap, self.hash, self.pawn_hash, mg, eg, self.phase, self.hmc, ep, reserves, unmoved,
                           victim))
        occupied = self.occupied
        mine = occupied[side]
        if cap and cap >> COLOR_SHIFT == side:  # castling: king and rook swap
            sq[fr] = cap
            sq[to] = p
            h ^= zk[p][fr] ^ zk[p][to] ^ zk[cap][to] ^ zk[cap][fr]
            self.mg = mg - pmg[p][fr] + pmg[p][to] - pmg[cap][to] + pmg[cap][fr]
            self.eg = eg - peg[p][fr] + peg[p][to] - peg[cap][to] + peg[cap][fr]
            self.kings[side] = to
            for c in (fr, to):
                if c in unmoved:
                    h ^= keys.unmoved[c]
            if fr in unmoved or to in unmoved:
                self.unmoved = unmoved - {fr, to}
            self.hmc += 1
            self.hash = h ^ BLACK_TO_MOVE_KEY
            self.side = side ^ 1
            return
        sq[fr] = 0
        mine.discard(fr)
        if cap:
            zc = zk[cap][to]
            h ^= zc
            mg -= pmg[cap][to]
            eg -= peg[cap][to]
            occupied[side ^ 1].discard(to)
            self.phase -= phw[cap & KIND_MASK]
            if cap & KIND_MASK == PAWN:
                self.pawn_hash ^= zc
            if to in unmoved:
                h ^= keys.unmoved[to]
                unmoved = unmoved - {to}
            self.hmc = 0
        elif kind == PAWN:
            self.hmc = 0
        else:
            self.hmc += 1
        new = p
        if kind == PAWN:
            zp = zk[p]
            if victim >= 0:
                taken = sq[victim]
                zt = zk[taken][victim]
                sq[victim] = 0
                occupied[side ^ 1].discard(victim)
                h ^= zt
                self.pawn_hash ^= zt
                mg -= pmg[taken][victim]
                eg -= peg[taken][victim]
                self.phase -= phw[PAWN]
            promo = m >> PROMOTION_SHIFT & KIND_MASK
            if promo:
                new = promo | side << COLOR_SHIFT
                self.pawn_hash ^= zp[fr]
                self.phase += phw[promo]
            else:
                self.pawn_hash ^= zp[fr] ^ zp[to]
                if v.en_passant and not cap and victim < 0:
                    # A double step (the L-step's target is also a capture cell: not when
                    # capturing).
                    for target, middles, _any in v.pawn_doubles[side][fr]:
                        if target == to:
                            passed = frozenset(c for c in middles if sq[c] == 0)
                            if passed:
                                self.ep = (passed, to)
                                for c in passed:
                                    h ^= keys.ep[c]
        elif kind == self._royal:
            self.kings[side] = to
        sq[to] = new
        mine.add(to)
        h ^= zk[p][fr] ^ zk[new][to]
        mg += pmg[new][to] - pmg[p][fr]
        eg += peg[new][to] - peg[p][fr]
        if fr in unmoved:  # a non-pawn piece's first move
            h ^= keys.unmoved[fr]
            unmoved = unmoved - {fr}
            placed = m >> PLACE_KIND_SHIFT & KIND_MASK
            if placed:
                code = placed | side << COLOR_SHIFT
                sq[fr] = code
                mine.add(fr)
                h ^= zk[code][fr] ^ keys.reserve[side][placed]
                mg += pmg[code][fr]
                eg += peg[code][fr]
                self.phase += phw[placed]
                left = reserves[side] & ~(1 << placed)
                self.reserves = (left, reserves[1]) if side == 0 else (reserves[0], left)
                if left:
                    h ^= keys.unmoved[fr]
                    unmoved = unmoved | {fr}
                else:  # nothing left to place: this side's unmoved pieces no longer matter
                    gone = [c for c in unmoved if sq[c] >> COLOR_SHIFT == side]
                    for c in gone:
                        h ^= keys.unmoved[c]
                    unmoved = unmoved.difference(gone)
        self.unmoved = unmoved
        self.mg = mg
        self.eg = eg
        self.hash = h ^ BLACK_TO_MOVE_KEY
        self.side = side ^ 1

    def unmake(self) -> int:
        m, cap, h, ph, mg, eg, phase, hmc, ep, reserves, unmoved, victim = self.stack.pop()
        fr = m >> FROM_SHIFT & CELL_MASK
        to = m & CELL_MASK
        side = self.side ^ 1
        sq = self.sq
        p = sq[to]
        if cap and cap >> COLOR_SHIFT == side:  # castling
            sq[fr] = p
            sq[to] = cap
            self.kings[side] = fr
        else:
            if m >> PROMOTION_SHIFT & KIND_MASK:
                p = PAWN | side << COLOR_SHIFT
            elif p & KIND_MASK == self._royal:
                self.kings[side] = fr
            sq[fr] = p
            sq[to] = cap
            mine = self.occupied[side]
            mine.discard(to)
            mine.add(fr)
            if cap:
                self.occupied[side ^ 1].add(to)
            elif victim >= 0:
                sq[victim] = PAWN | (side ^ 1) << COLOR_SHIFT
                self.occupied[side ^ 1].add(victim)
        self.side = side
        self.hash = h
        self.pawn_hash = ph
        self.mg = mg
        self.eg = eg
        self.phase = phase
        self.hmc = hmc
        self.ep = ep
        self.reserves = reserves
        self.unmoved = unmoved
        return m

    def make_null(self) -> None:
        h = self.hash
        ep = self.ep
        self.stack.append((0, 0, h, self.pawn_hash, self.mg, self.eg, self.phase, self.hmc, ep, self.reserves,
                           self.unmoved, -1))
        if ep is not None:
            keys = self.variant.keys.ep
            for c in ep[0]:
                h ^= keys[c]
            self.ep = None
        self.hash = h ^ BLACK_TO_MOVE_KEY
        self.side ^= 1
        self.hmc = 0

    def unmake_null(self) -> None:
        entry = self.stack.pop()
        self.hash = entry[2]
        self.hmc = entry[7]
        self.ep = entry[8]
        self.side ^= 1

    def compute_hash(self) -> int:
        """The key from scratch (the incremental ``hash`` must equal it)."""
        keys = self.variant.keys
        h = Board.compute_hash(self)
        for side in (0, 1):
            for kind in self.variant.reserve_kinds:
                if self.reserves[side] >> kind & 1:
                    h ^= keys.reserve[side][kind]
        for c in self.unmoved:
            h ^= keys.unmoved[c]
        if self.ep is not None:
            for c in self.ep[0]:
                h ^= keys.ep[c]
        return h


class StateBoard(StateMixin, Board):
    __slots__ = ()


StateBoard.BOARD_CLASS = StateBoard
