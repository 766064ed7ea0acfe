"""Static evaluation, in centipawns from the side to move's point of view.

Terms (each White minus Black, then tapered between middlegame and endgame by the phase):

1. material + piece-square tables (engine/values.py; kept up to date by the board on every move):
   piece values, 3D centrality per kind, the bishop's level bonus, pawn advancement in rank
   *and* level, the king staying home in the middlegame and centralising in the endgame;
2. pawn structure (cached by the board's pawn key, since it depends on pawns only):
   passed pawns (bonus growing with advancement), doubled pawns (an own pawn directly ahead
   or directly above blocks both of a pawn's pushes in that line), isolated pawns;
3. mobility: reachable cells (empty or enemy) of knights, bishops, unicorns, rooks, queens;
4. king safety (middlegame only): enemy pieces within two steps of the king, weighted by
   kind and growing quadratically, minus a bonus for own pawns sheltering the king;
5. pairs: the bishop pair (both cell colours) and unicorns on different colour complexes
   (a unicorn keeps the parities of level+rank and level+file, so there are four complexes
   and one unicorn can never reach three quarters of the board);
6. a tempo bonus for the side to move.

King + one minor piece against a bare king (the rules' insufficient material) scores 0.
"""
from __future__ import annotations

from engine.pieces import BISHOP, BLACK_BIT, COLOR_SHIFT, ENEMY_RANGE, KING, KIND_MASK, KNIGHT, PAWN, UNICORN
from engine.values import PHASE_TOTAL
from engine.variants import RAUMSCHACH

# The terms below are Raumschach's: mobility walks its move tables.
KNIGHT_TARGETS = RAUMSCHACH.leaps[KNIGHT]
SLIDER_RAYS = RAUMSCHACH.rays

TEMPO = 10  # being on move is worth a little in an open 3D position

# Mobility per reachable cell, (middlegame, endgame), by kind.  A queen reaches ~40 cells from
# the centre, a knight ~16, so the queen's weight per cell is smallest.
MOB_MG = (0, 0, 4, 3, 2, 3, 1, 0)
MOB_EG = (0, 0, 4, 3, 3, 3, 2, 0)

# King safety: weight of an enemy piece within two steps of the king (pawns excluded).
KING_ATTACK_WEIGHT = (0, 0, 2, 2, 3, 2, 5, 0)
KING_ATTACK_CAP = 40  # cap on the weighted count before squaring: keeps the term bounded
SHELTER_BONUS = 10  # per own pawn on a cell adjacent to the king on the enemy's side
SHELTER_MAX = 4  # more than four shelter pawns earn nothing extra

PASSED_MG = 10  # + 2 per step of advancement
PASSED_EG = 20  # + 8 per step of advancement
DOUBLED_PENALTY = (10, 20)  # (mg, eg)
ISOLATED_PENALTY = (10, 15)
BISHOP_PAIR = (30, 40)
UNICORN_COMPLEXES = (20, 25)


def _coords(c: int) -> tuple[int, int, int]:
    return c // 25, c // 5 % 5, c % 5


def _near2() -> tuple[frozenset, ...]:
    out = []
    for c in range(125):
        lv, rk, fl = _coords(c)
        out.append(frozenset(
            d for d in range(125)
            if d != c and max(abs(d // 25 - lv), abs(d // 5 % 5 - rk), abs(d % 5 - fl)) <= 2
        ))
    return tuple(out)


NEAR2 = _near2()


def _shelter() -> tuple[tuple[frozenset, ...], tuple[frozenset, ...]]:
    """Cells next to the king on the enemy's side (ahead in rank or above in level)."""
    white, black = [], []
    for c in range(125):
        lv, rk, fl = _coords(c)
        w, b = set(), set()
        for d in range(125):
            dl, dr, df = d // 25 - lv, d // 5 % 5 - rk, d % 5 - fl
            if max(abs(dl), abs(dr), abs(df)) != 1:
                continue
            if dl >= 0 and dr >= 0 and (dl or dr):
                w.add(d)
            if dl <= 0 and dr <= 0 and (dl or dr):
                b.add(d)
        white.append(frozenset(w))
        black.append(frozenset(b))
    return tuple(white), tuple(black)


SHELTER = _shelter()


def pawn_structure(white: list[int], black: list[int]) -> tuple[int, int]:
    """(mg, eg) pawn-structure score, White minus Black, from the two sides' pawn cells."""
    mg = eg = 0
    wc = [_coords(c) for c in white]
    bc = [_coords(c) for c in black]
    for own, enemy, sign, white_side in ((wc, bc, 1, True), (bc, wc, -1, False)):
        own_set = set(own)
        for lv, rk, fl in own:
            if white_side:
                ahead = ((lv, rk + 1, fl), (lv + 1, rk, fl))
                adv = lv + rk
            else:
                ahead = ((lv, rk - 1, fl), (lv - 1, rk, fl))
                adv = 8 - lv - rk
            # Passed: no enemy pawn in the box ahead (levels and ranks toward promotion,
            # neighbouring files) that could block or capture it on its way.
            passed = True
            for el, er, ef in enemy:
                if abs(ef - fl) <= 1 and (
                    (el >= lv and er >= rk) if white_side else (el <= lv and er <= rk)
                ):
                    passed = False
                    break
            if passed:
                mg += sign * (PASSED_MG + 2 * adv)
                eg += sign * (PASSED_EG + 8 * adv)
            if ahead[0] in own_set or ahead[1] in own_set:
                mg -= sign * DOUBLED_PENALTY[0]
                eg -= sign * DOUBLED_PENALTY[1]
            isolated = True
            for ol, orr, of in own:
                if abs(of - fl) == 1 and abs(ol - lv) <= 1:
                    isolated = False
                    break
            if isolated:
                mg -= sign * ISOLATED_PENALTY[0]
                eg -= sign * ISOLATED_PENALTY[1]
    return mg, eg


class Evaluator:
    """Full evaluation with a bounded pawn-structure cache (one per search)."""

    PAWN_CACHE_MAX = 1 << 14  # entries; cleared when full (pawn structures repeat a lot)

    def __init__(self) -> None:
        self.pawn_cache: dict[int, tuple[int, int]] = {}

    def evaluate(self, b) -> int:
        sq = b.sq
        phase = b.phase if b.phase < PHASE_TOTAL else PHASE_TOTAL
        mg = b.mg
        eg = b.eg
        wp, bp = b.occupied
        ps = self.pawn_cache.get(b.pawn_hash)
        if ps is None:
            ps = pawn_structure([c for c in wp if sq[c] == PAWN], [c for c in bp if sq[c] == PAWN | BLACK_BIT])
            if len(self.pawn_cache) >= self.PAWN_CACHE_MAX:
                self.pawn_cache.clear()
            self.pawn_cache[b.pawn_hash] = ps
        mg += ps[0]
        eg += ps[1]
        if b.pawn_hash == 0 and phase <= 1:
            return 0  # no pawns, at most one minor piece: insufficient material
        kings = b.kings
        for side in (0, 1):
            own = wp if side == 0 else bp
            elo, ehi = ENEMY_RANGE[side]
            sign = 1 if side == 0 else -1
            near_enemy_king = NEAR2[kings[side ^ 1]]
            mob_mg = mob_eg = 0
            king_attack = 0
            bishops_colours = 0
            unicorn_complexes = 0
            for c in own:
                kind = sq[c] & KIND_MASK
                if kind == PAWN or kind == KING:
                    continue
                n = 0
                if kind == KNIGHT:
                    for t in KNIGHT_TARGETS[c]:
                        p = sq[t]
                        if p == 0 or elo < p < ehi:
                            n += 1
                else:
                    for ray in SLIDER_RAYS[kind][c]:
                        for t in ray:
                            p = sq[t]
                            if p == 0:
                                n += 1
                            else:
                                if elo < p < ehi:
                                    n += 1
                                break
                    if kind == BISHOP:
                        bishops_colours |= 1 << (c & 1)  # parity of c = parity of l + r + f
                    elif kind == UNICORN:
                        lv = c // 25
                        unicorn_complexes |= 1 << (((lv + c // 5 % 5) & 1) * 2 + ((lv + c % 5) & 1))
                mob_mg += MOB_MG[kind] * n
                mob_eg += MOB_EG[kind] * n
                if c in near_enemy_king:
                    king_attack += KING_ATTACK_WEIGHT[kind]
            if bishops_colours == 3:
                mg += sign * BISHOP_PAIR[0]
                eg += sign * BISHOP_PAIR[1]
            if unicorn_complexes & (unicorn_complexes - 1):  # two or more complexes
                mg += sign * UNICORN_COMPLEXES[0]
                eg += sign * UNICORN_COMPLEXES[1]
            mg += sign * mob_mg
            eg += sign * mob_eg
            # The attacked king belongs to the other side: a penalty for it is a bonus here.
            if king_attack > KING_ATTACK_CAP:
                king_attack = KING_ATTACK_CAP
            mg += sign * ((king_attack * king_attack) // 4)
            shelter = 0
            own_pawn = PAWN | (side << COLOR_SHIFT)
            for t in SHELTER[side][kings[side]]:
                if sq[t] == own_pawn:
                    shelter += 1
            mg += sign * SHELTER_BONUS * (shelter if shelter < SHELTER_MAX else SHELTER_MAX)
        # Turn to the mover's view before dividing, so that flooring is colour-symmetric.
        score = mg * phase + eg * (PHASE_TOTAL - phase)
        return (score if b.side == 0 else -score) // PHASE_TOTAL + TEMPO


def fast_evaluate(b) -> int:
    """Material + piece-square part only (what the board keeps incrementally)."""
    phase = b.phase if b.phase < PHASE_TOTAL else PHASE_TOTAL
    score = b.mg * phase + b.eg * (PHASE_TOTAL - phase)
    return (score if b.side == 0 else -score) // PHASE_TOTAL
