"""The search's own make/unmake board: ints only, incremental hash and evaluation.

Why a second board next to :class:`engine.Position`?  The rules core is built for clarity and
for fully legal move lists; the search needs something else at ~100k calls per move:
pseudo-legal generation into plain int lists, make/unmake that also updates the Zobrist key,
the pawn key and the material + piece-square sums, and a legality test that only walks the one
line through the vacated cell.  The geometry (rays clipped at the edge, leap tables, pawn
tables) is imported from :mod:`engine.geometry`, so both boards move pieces identically; a test
checks that the two agree on the legal moves of many positions.

Encoding
  * piece code: kind 1..7 for White, ``kind | 8`` for Black, 0 for empty (see tables.py);
  * side: 0 White, 1 Black;
  * move: ``from << 7 | to | promotion_kind << 14``, the rules core's packed move (engine.moves).
Inside the search a pawn promotes only to a queen or a knight: the queen moves as rook, bishop
and unicorn together, so the other promotions only matter for stalemate tricks; the root move
list comes from the rules core and does contain all five.
"""
from __future__ import annotations

import random

from engine.geometry import (
    BISHOP_RAYS,
    KING_TARGETS,
    KNIGHT_TARGETS,
    PAWN_CAPTURES,
    PAWN_PUSHES,
    PROMOTION_CELLS,
    QUEEN_RAYS,
    ROOK_RAYS,
    UNICORN_RAYS,
    WHITE_PAWN_CAPTURES,
)
from engine.search.tables import (
    BISHOP,
    KING,
    KNIGHT,
    NCODES,
    PAWN,
    PHASE_WEIGHT,
    PST_EG,
    PST_MG,
    QUEEN,
    ROOK,
    UNICORN,
)

MOVE_MASK = (1 << 17) - 1  # from, to and promotion bits; ordering scores sit above them
SLIDER_RAYS = (None, None, None, BISHOP_RAYS, ROOK_RAYS, UNICORN_RAYS, QUEEN_RAYS, None)

# --- Zobrist keys (fixed seed: the search board's keys are its own business) ---------------
_rng = random.Random(0x5EA5C4)  # arbitrary fixed seed so hashes are identical in every run
ZOBRIST = [[_rng.getrandbits(64) for _ in range(125)] for _ in range(NCODES)]
Z_SIDE = _rng.getrandbits(64)


def _attack_table(by: int) -> tuple:
    """ATTACK[by][cell]: how a piece of colour ``by`` could reach ``cell``, one entry per line.

    Each entry is ``(first, rest, near, far)``: the adjacent cell on the line, the cells beyond
    it, the codes that attack from the adjacent cell (sliders of that line, the king, and a pawn
    when that step is one of its captures) and the codes that attack from further away.
    """
    bit = by << 3
    pawn_steps = {(-d[0], -d[1], -d[2]) for d in WHITE_PAWN_CAPTURES} if by == 0 else set(WHITE_PAWN_CAPTURES)
    out = []
    for cell in range(125):
        entries = []
        lv, rk, fl = cell // 25, cell // 5 % 5, cell % 5
        for rays, kind in ((ROOK_RAYS, ROOK), (BISHOP_RAYS, BISHOP), (UNICORN_RAYS, UNICORN)):
            for ray in rays[cell]:
                first = ray[0]
                step = (first // 25 - lv, first // 5 % 5 - rk, first % 5 - fl)
                far = frozenset((kind | bit, QUEEN | bit))
                near = set(far) | {KING | bit}
                if step in pawn_steps:
                    near.add(PAWN | bit)
                entries.append((first, ray[1:], frozenset(near), far))
        out.append(tuple(entries))
    return tuple(out)


ATTACK = (_attack_table(0), _attack_table(1))


def _line_index() -> list[int]:
    """LINE[king * 125 + cell]: index of the ATTACK entry of ``king`` whose line holds ``cell``."""
    line = [-1] * (125 * 125)
    for king in range(125):
        for i, (first, rest, _near, _far) in enumerate(ATTACK[0][king]):
            for c in (first, *rest):
                line[king * 125 + c] = i
    return line


LINE = _line_index()


class SearchBoard:
    """A mutable position for the search.  Build it with :meth:`from_position`."""

    __slots__ = ("sq", "side", "pieces", "kings", "hash", "pawn_hash", "mg", "eg", "phase", "hmc",
                 "stack", "history")

    def __init__(self) -> None:
        self.sq = [0] * 125
        self.side = 0
        self.pieces = (set(), set())
        self.kings = [-1, -1]
        self.hash = 0
        self.pawn_hash = 0
        self.mg = 0
        self.eg = 0
        self.phase = 0
        self.hmc = 0
        self.stack: list[tuple] = []
        self.history: list[int] = []  # hash before each made move, for repetition checks

    # --- construction -----------------------------------------------------------------------
    def put(self, cell: int, code: int) -> None:
        """Place a piece on an empty cell while setting up (not for use inside the search)."""
        side = code >> 3
        self.sq[cell] = code
        self.pieces[side].add(cell)
        self.hash ^= ZOBRIST[code][cell]
        if code & 7 == PAWN:
            self.pawn_hash ^= ZOBRIST[code][cell]
        if code & 7 == KING:
            self.kings[side] = cell
        self.mg += PST_MG[code][cell]
        self.eg += PST_EG[code][cell]
        self.phase += PHASE_WEIGHT[code & 7]

    @classmethod
    def from_position(cls, pos) -> "SearchBoard":
        """Copy an :class:`engine.Position`, replaying its move stack for repetition history."""
        root = pos.copy()
        moves = []
        while root.move_stack:
            moves.append(root.pop())
        moves.reverse()
        board = cls()
        for cell in range(125):
            piece = root.piece_at(cell)
            if piece is not None:
                kind, color = piece
                board.put(cell, kind | (0 if color else 8))
        board.side = 0 if root.turn else 1
        if board.side:
            board.hash ^= Z_SIDE
        board.hmc = root.halfmove_clock
        for move in moves:
            board.make(encode(move))
        # The undo stack of the game's moves is not needed by the search; the history is.
        board.stack.clear()
        return board

    # --- queries ----------------------------------------------------------------------------
    def attacked(self, cell: int, by: int) -> bool:
        """Is ``cell`` attacked by a piece of side ``by``?  Walks lines outward from the cell."""
        sq = self.sq
        for first, rest, near, far in ATTACK[by][cell]:
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
        knight = KNIGHT | (by << 3)
        for s in KNIGHT_TARGETS[cell]:
            if sq[s] == knight:
                return True
        return False

    def in_check(self) -> bool:
        side = self.side
        return self.attacked(self.kings[side], side ^ 1)

    def is_repetition(self) -> bool:
        """Has this position (same side to move) occurred since the last irreversible move?"""
        hist = self.history
        n = len(hist)
        h = self.hash
        stop = max(n - self.hmc, 0) - 1
        for i in range(n - 4, stop, -2):  # n-2 is the position before our own last move: skip
            if hist[i] == h:
                return True
        return False

    def has_non_pawn_material(self, side: int) -> bool:
        sq = self.sq
        for c in self.pieces[side]:
            if sq[c] & 7 not in (PAWN, KING):
                return True
        return False

    # --- move generation --------------------------------------------------------------------
    def generate(self) -> tuple[list[int], list[int]]:
        """Pseudo-legal moves as (captures and promotions, quiet moves)."""
        sq = self.sq
        side = self.side
        elo, ehi = (8, 16) if side == 0 else (0, 8)  # enemy codes lie strictly between
        promo_cells = PROMOTION_CELLS[side]
        caps: list[int] = []
        quiets: list[int] = []
        cap_add = caps.append
        quiet_add = quiets.append
        for fr in self.pieces[side]:
            kind = sq[fr] & 7
            if kind == PAWN:
                for to in PAWN_PUSHES[side][fr]:
                    if sq[to] == 0:
                        m = fr << 7 | to
                        if to in promo_cells:
                            cap_add(m | QUEEN << 14)
                            cap_add(m | KNIGHT << 14)
                        else:
                            quiet_add(m)
                for to in PAWN_CAPTURES[side][fr]:
                    if elo < sq[to] < ehi:
                        m = fr << 7 | to
                        if to in promo_cells:
                            cap_add(m | QUEEN << 14)
                            cap_add(m | KNIGHT << 14)
                        else:
                            cap_add(m)
            elif kind == KNIGHT or kind == KING:
                for to in (KNIGHT_TARGETS if kind == KNIGHT else KING_TARGETS)[fr]:
                    p = sq[to]
                    if p == 0:
                        quiet_add(fr << 7 | to)
                    elif elo < p < ehi:
                        cap_add(fr << 7 | to)
            else:
                for ray in SLIDER_RAYS[kind][fr]:
                    for to in ray:
                        p = sq[to]
                        if p == 0:
                            quiet_add(fr << 7 | to)
                        else:
                            if elo < p < ehi:
                                cap_add(fr << 7 | to)
                            break
        return caps, quiets

    def generate_captures(self) -> list[int]:
        """Captures and promotions only (for quiescence)."""
        sq = self.sq
        side = self.side
        elo, ehi = (8, 16) if side == 0 else (0, 8)
        promo_cells = PROMOTION_CELLS[side]
        caps: list[int] = []
        cap_add = caps.append
        for fr in self.pieces[side]:
            kind = sq[fr] & 7
            if kind == PAWN:
                for to in PAWN_PUSHES[side][fr]:
                    if to in promo_cells and sq[to] == 0:
                        cap_add(fr << 7 | to | QUEEN << 14)
                        cap_add(fr << 7 | to | KNIGHT << 14)
                for to in PAWN_CAPTURES[side][fr]:
                    if elo < sq[to] < ehi:
                        m = fr << 7 | to
                        if to in promo_cells:
                            cap_add(m | QUEEN << 14)
                            cap_add(m | KNIGHT << 14)
                        else:
                            cap_add(m)
            elif kind == KNIGHT or kind == KING:
                for to in (KNIGHT_TARGETS if kind == KNIGHT else KING_TARGETS)[fr]:
                    if elo < sq[to] < ehi:
                        cap_add(fr << 7 | to)
            else:
                for ray in SLIDER_RAYS[kind][fr]:
                    for to in ray:
                        p = sq[to]
                        if p:
                            if elo < p < ehi:
                                cap_add(fr << 7 | to)
                            break
        return caps

    # --- make / unmake ----------------------------------------------------------------------
    def make(self, m: int) -> None:
        fr = m >> 7 & 127
        to = m & 127
        promo = m >> 14 & 7
        sq = self.sq
        p = sq[fr]
        cap = sq[to]
        h = self.hash
        ph = self.pawn_hash
        self.stack.append((m, cap, h, ph, self.mg, self.eg, self.phase, self.hmc))
        self.history.append(h)
        side = self.side
        pieces = self.pieces
        zp = ZOBRIST[p]
        h ^= Z_SIDE ^ zp[fr]
        mg = self.mg - PST_MG[p][fr]
        eg = self.eg - PST_EG[p][fr]
        sq[fr] = 0
        mine = pieces[side]
        mine.discard(fr)
        kind = p & 7
        if cap:
            zc = ZOBRIST[cap][to]
            h ^= zc
            mg -= PST_MG[cap][to]
            eg -= PST_EG[cap][to]
            pieces[side ^ 1].discard(to)
            self.phase -= PHASE_WEIGHT[cap & 7]
            if cap & 7 == PAWN:
                ph ^= zc
            self.hmc = 0
        elif kind == PAWN:
            self.hmc = 0
        else:
            self.hmc += 1
        if kind == PAWN:
            ph ^= zp[fr]
            if promo:
                p = promo | (side << 3)
                self.phase += PHASE_WEIGHT[promo]
            else:
                ph ^= zp[to]
        elif kind == KING:
            self.kings[side] = to
        sq[to] = p
        mine.add(to)
        self.hash = h ^ ZOBRIST[p][to]
        self.pawn_hash = ph
        self.mg = mg + PST_MG[p][to]
        self.eg = eg + PST_EG[p][to]
        self.side = side ^ 1

    def unmake(self) -> None:
        m, cap, h, ph, mg, eg, phase, hmc = self.stack.pop()
        self.history.pop()
        fr = m >> 7 & 127
        to = m & 127
        side = self.side ^ 1  # the side that made the move
        sq = self.sq
        p = sq[to]
        if m >> 14 & 7:
            p = PAWN | (side << 3)
        elif p & 7 == KING:
            self.kings[side] = fr
        sq[fr] = p
        sq[to] = cap
        mine = self.pieces[side]
        mine.discard(to)
        mine.add(fr)
        if cap:
            self.pieces[side ^ 1].add(to)
        self.side = side
        self.hash = h
        self.pawn_hash = ph
        self.mg = mg
        self.eg = eg
        self.phase = phase
        self.hmc = hmc

    def make_null(self) -> None:
        h = self.hash
        self.stack.append((0, 0, h, self.pawn_hash, self.mg, self.eg, self.phase, self.hmc))
        self.history.append(h)
        self.hash = h ^ Z_SIDE
        self.side ^= 1
        self.hmc = 0  # no repetition may be claimed across a null move

    def unmake_null(self) -> None:
        _m, _c, h, _ph, _mg, _eg, _phase, hmc = self.stack.pop()
        self.history.pop()
        self.hash = h
        self.side ^= 1
        self.hmc = hmc

    def make_legal(self, m: int, in_check: bool) -> bool:
        """Make ``m``; return whether it was legal (it stays made either way: unmake it)."""
        self.make(m)
        mover = self.side ^ 1
        king = self.kings[mover]
        fr = m >> 7 & 127
        if in_check or king == m & 127:
            return not self.attacked(king, self.side)
        # Not in check and the king did not move: only a piece that left a line through the
        # king can have exposed it, so walk that one line.
        i = LINE[king * 125 + fr]
        if i < 0:
            return True
        first, rest, _near, far = ATTACK[self.side][king][i]
        sq = self.sq
        p = sq[first]
        if p:
            return p not in far
        for s in rest:
            p = sq[s]
            if p:
                return p not in far
        return True


def encode(move) -> int:
    """An :class:`engine.Move` as the search's int encoding."""
    return move.from_cell << 7 | move.to_cell | (move.promotion or 0) << 14


def decode(m: int):
    """The search's int move as an :class:`engine.Move`."""
    from engine import Move  # local: keeps this module importable while the core is built

    promo = m >> 14 & 7
    return Move(m >> 7 & 127, m & 127, promo or None)
