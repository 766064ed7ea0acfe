"""Static evaluation, in centipawns from the side to move's point of view.

Terms (each White minus Black, then tapered between middlegame and endgame by the phase):

1. material + piece-square tables (engine/values.py; kept up to date by the board on every move):
   piece values, 3D centrality per kind, the bishop's level bonus, pawn advancement in rank
   *and* level, the king staying home in the middlegame and centralising in the endgame;
2. pawn structure (cached by the board's pawn key, since it depends on pawns only):
   passed pawns (bonus growing with advancement), doubled pawns (an own pawn directly ahead
   or directly above blocks both of a pawn's pushes in that line), isolated pawns;
3. mobility: reachable cells (empty or enemy) of every piece but pawns and the king, along
   its both-ways leaps and its slides (a capture-only or quiet-only leap is not counted);
4. king safety (middlegame only): enemy pieces within two steps of the king, weighted by
   kind and growing quadratically, minus a bonus for own pawns sheltering the king;
5. pairs: for a kind whose moves never leave one part of the board (the bishop's colour, the
   Raumschach unicorn's four complexes, the Five Up unicorn's colour), a bonus when a side's
   pieces of that kind stand in two or more parts (``pair_class``: the part of each cell, the
   connected components of the kind's move graph on the empty board);
6. a tempo bonus for the side to move;
7. pieces in hand (Five Up's reserve): 7/8 of their values while the side can still place
   them (:func:`hand_term`; in ``fast_evaluate`` too, so lazy evaluation stays honest).

King + one minor piece against a bare king (the rules' insufficient material) scores 0, unless
a side can still place a reserve piece.

The terms are the variant's data (:func:`tables`, cached per variant): the native core mirrors
them term by term, with the same integer arithmetic.  Weights by kind number (engine.pieces:
P N B R U Q K W G S = 1..10).  The pawn-structure term reads each cell's coordinates as
(level, rank, file) (engine/geometry.py; a pawn's advancement is level + rank, Black's
counted from the far end), the king zone the geometry's ``adjacent`` steps.  A variant whose
bare king loses (Star Trek) scores a bare king as lost (``BARE_KING_SCORE``, below the mate
scores).
"""
from __future__ import annotations

from typing import NamedTuple

from engine.pieces import BISHOP, BLACK_BIT, COLOR_SHIFT, ENEMY_RANGE, KIND_MASK, PAWN, UNICORN
from engine.tuned_weights import TUNED

TEMPO = 10  # being on move is worth a little in an open 3D position

# Mobility per reachable cell, (middlegame, endgame), by kind.  A queen reaches ~40 cells from
# the centre, a knight ~16, so the queen's weight per cell is smallest.
#        -  P  N  B  R  U  Q  K  W  G  S
MOB_MG = (0, 0, 4, 3, 2, 3, 1, 0, 2, 3, 3, 0, 0, 0, 0, 0)
MOB_EG = (0, 0, 4, 3, 3, 3, 2, 0, 2, 3, 3, 0, 0, 0, 0, 0)

# King safety: weight of an enemy piece within two steps of the king (pawns excluded).
KING_ATTACK_WEIGHT = (0, 0, 2, 2, 3, 2, 5, 0, 4, 3, 3, 0, 0, 0, 0, 0)
KING_ATTACK_CAP = 40  # cap on the weighted count before squaring: keeps the term bounded
SHELTER_BONUS = 10  # per own pawn on a cell adjacent to the king on the enemy's side
SHELTER_MAX = 4  # more than four shelter pawns earn nothing extra

PASSED_MG = 10  # + 2 per step of advancement
PASSED_EG = 20  # + 8 per step of advancement
DOUBLED_PENALTY = (10, 20)  # (mg, eg)
ISOLATED_PENALTY = (10, 15)
BISHOP_PAIR = (30, 40)
UNICORN_COMPLEXES = (20, 25)
PAIR_BONUS = {BISHOP: BISHOP_PAIR, UNICORN: UNICORN_COMPLEXES}  # other kinds: none
BARE_KING_SCORE = 20000  # a side left with its king alone has lost (variant.bare_royal_loses)
HAND_NUM, HAND_DEN = 7, 8  # a piece in hand is worth 7/8 of its value while it can be placed


class Weights(NamedTuple):
    """One game's per-kind weights: the hand-set ones above, or its tuned ones
    (engine/tuned_weights.py, scripts/texel_tune.py)."""
    mob_mg: tuple
    mob_eg: tuple
    king_attack: tuple
    pair_mg: tuple  # per kind: the pair bonus (kinds without a pair term: 0)
    pair_eg: tuple


def weights(variant) -> Weights:
    """``variant``'s weights: its tuned entries over the hand-set defaults."""
    tuned = TUNED.get(variant.key, {})

    def table(default: tuple, name: str) -> tuple:
        entry = tuned.get(name, {})
        return tuple(entry.get(k, v) for k, v in enumerate(default))
    pair_mg = tuple(PAIR_BONUS[k][0] if k in PAIR_BONUS else 0 for k in range(KIND_MASK + 1))
    pair_eg = tuple(PAIR_BONUS[k][1] if k in PAIR_BONUS else 0 for k in range(KIND_MASK + 1))
    return Weights(table(MOB_MG, "mob_mg"), table(MOB_EG, "mob_eg"), table(KING_ATTACK_WEIGHT, "king_attack"),
                   table(pair_mg, "pair_mg"), table(pair_eg, "pair_eg"))


class EvalTables(NamedTuple):
    """One variant's evaluation data (plain tuples; kinds index the per-kind entries)."""
    leaps: tuple  # per kind: per-cell targets of its both-ways leaps, or None (variant.leaps)
    rays: tuple  # per kind: per-cell rays, or None (variant.rays)
    mob_leaps: tuple  # the mobility loop's: leaps of a kind that does not slide, else None
    mob_rays: tuple  # the mobility loop's: rays of a kind that slides, its both-ways leaps added as rays of one cell
    pair_class: tuple  # per kind: per-cell part number (0..31), or None (no pair term)
    pair_bit: tuple  # per kind: per-cell ``1 << (32 * pair slot + part)``, or None
    pairs: tuple  # ((32 * pair slot, mg, eg), ...): a pair term per kind that has one
    near2: tuple  # per cell: the cells within two adjacent steps (the cube: Chebyshev distance <= 2)
    shelter: tuple  # per side, per cell: the adjacent cells on the enemy's side
    phase_total: int
    royal: int
    coords: tuple  # per cell: (level, rank, file) (geometry.coords)
    adv_max: int  # the largest level + rank: Black's advancement is adv_max - level - rank
    pawn_pushes: tuple  # per side, per cell: the cells a pawn pushes to (variant.pawn_pushes)
    mob_mg: tuple  # per kind: mobility weights (weights(variant))
    mob_eg: tuple
    king_attack: tuple  # per kind: weight of a piece near the enemy king
    bare_royal_loses: bool = False


def _components(variant, kind: int) -> tuple | None:
    """Per cell, its connected component in ``kind``'s move graph on the empty board; None
    when the graph is connected (no pair term)."""
    g = variant.geometry
    leaps, rays = variant.leaps[kind], variant.rays[kind]
    part = [-1] * g.ncells
    count = 0
    for start in g.cells:
        if part[start] >= 0:
            continue
        part[start] = count
        todo = [start]
        while todo:
            c = todo.pop()
            nxt = list(leaps[c]) if leaps is not None else []
            if rays is not None:
                nxt.extend(t for ray in rays[c] for t in ray)
            for t in nxt:
                if part[t] < 0:
                    part[t] = count
                    todo.append(t)
        count += 1
    return tuple(part) if 1 < count <= 32 else None


def _adjacent(g, c: int) -> list[tuple[int, tuple]]:
    """(cell, step) for every cell next to ``c`` (the geometry's ``adjacent`` steps)."""
    out = []
    for delta in g.adjacent:
        d = g.step(c, delta)
        if d is not None:
            out.append((d, delta))
    return out


def _near2(g) -> tuple[frozenset, ...]:
    # Two adjacent steps (the cube: every cell within 2 on each axis).
    near = []
    for c in g.cells:
        one = {d for d, _ in _adjacent(g, c)}
        near.append(frozenset(one | {e for d in one for e, _ in _adjacent(g, d)}) - {c})
    return tuple(near)


def _shelter(variant) -> tuple[tuple[frozenset, ...], tuple[frozenset, ...]]:
    """Cells next to the king on the enemy's side: a step with no part against a pawn push
    direction and some part along one (the cube: ahead in rank or above in level)."""
    g = variant.geometry
    out = []
    for side in (0, 1):
        pushes = _push_dirs(variant, side)
        per_cell = []
        for c in g.cells:
            near = set()
            for d, delta in _adjacent(g, c):
                dots = [sum(x * y for x, y in zip(delta, push)) for push in pushes]
                if all(x >= 0 for x in dots) and any(x > 0 for x in dots):
                    near.add(d)
            per_cell.append(frozenset(near))
        out.append(tuple(per_cell))
    return out[0], out[1]


def _push_dirs(variant, side: int) -> list[tuple]:
    # White's push directions are the variant's pawn pushes; Black's their reflection.
    g = variant.geometry
    dirs = variant.pawn_push_dirs
    return list(dirs) if side == 0 else [g.reflect(d) for d in dirs]


_TABLES: dict[int, EvalTables] = {}


def tables(variant) -> EvalTables:
    """The evaluation data of ``variant`` (computed once per variant)."""
    base = variant._base
    found = _TABLES.get(id(base))
    if found is None:
        kinds = range(KIND_MASK + 1)
        pair_class = tuple(_components(variant, k) if k in PAIR_BONUS and k in variant.kinds else None for k in kinds)
        paired = [k for k in kinds if pair_class[k] is not None]
        # One int collects every pair kind's parts: 32 bits a kind (the part numbers' bits).
        pair_bit = tuple(tuple(1 << (32 * paired.index(k) + part) for part in pair_class[k])
                         if pair_class[k] is not None else None for k in kinds)
        # The same count as walking leaps and rays apart, with one table lookup a piece.
        mob_rays = tuple(None if variant.rays[k] is None else
                         variant.rays[k] if variant.leaps[k] is None else
                         tuple(r + tuple((t,) for t in variant.leaps[k][c]) for c, r in enumerate(variant.rays[k]))
                         for k in kinds)
        w = weights(variant)
        found = EvalTables(
            leaps=tuple(variant.leaps),
            rays=tuple(variant.rays),
            mob_leaps=tuple(variant.leaps[k] if mob_rays[k] is None else None for k in kinds),
            mob_rays=mob_rays,
            pair_class=pair_class,
            pair_bit=pair_bit,
            pairs=tuple((32 * i, w.pair_mg[k], w.pair_eg[k]) for i, k in enumerate(paired)),
            near2=_near2(variant.geometry),
            shelter=_shelter(variant),
            phase_total=variant.phase_total,
            royal=variant.royal_kind,
            coords=variant.geometry.coords,
            adv_max=adv_max(variant.geometry),
            pawn_pushes=variant.pawn_pushes,
            mob_mg=w.mob_mg,
            mob_eg=w.mob_eg,
            king_attack=w.king_attack,
            bare_royal_loses=variant.bare_royal_loses,
        )
        _TABLES[id(base)] = found
    return found


def adv_max(g) -> int:
    """The largest level + rank of the geometry (the cube: 8)."""
    return max(c[0] for c in g.coords) + max(c[1] for c in g.coords)


def pawn_structure(white: list[int], black: list[int], t: EvalTables | None = None) -> tuple[int, int]:
    """(mg, eg) pawn-structure score, White minus Black, from the two sides' pawn cells
    (``t``: the variant's tables - coordinates as (level, rank, file), pawn pushes; default
    Raumschach's)."""
    if t is None:
        from engine.variants import RAUMSCHACH
        t = tables(RAUMSCHACH)
    mg = eg = 0
    coords, top = t.coords, t.adv_max
    for own, enemy, sign, side in ((white, black, 1, 0), (black, white, -1, 1)):
        own_set = set(own)
        pushes = t.pawn_pushes[side]
        for c in own:
            lv, rk, fl = coords[c]
            adv = lv + rk if side == 0 else top - lv - rk
            # Passed: no enemy pawn in the box ahead (levels and ranks toward promotion,
            # neighbouring files) that could block or capture it on its way.
            passed = True
            for e in enemy:
                el, er, ef = coords[e]
                if abs(ef - fl) <= 1 and (
                    (el >= lv and er >= rk) if side == 0 else (el <= lv and er <= rk)
                ):
                    passed = False
                    break
            if passed:
                mg += sign * (PASSED_MG + 2 * adv)
                eg += sign * (PASSED_EG + 8 * adv)
            # Doubled: an own pawn on a cell this pawn pushes to.
            for ahead in pushes[c]:
                if ahead in own_set:
                    mg -= sign * DOUBLED_PENALTY[0]
                    eg -= sign * DOUBLED_PENALTY[1]
                    break
            isolated = True
            for o in own:
                ol, _, of = coords[o]
                if abs(of - fl) == 1 and abs(ol - lv) <= 1:
                    isolated = False
                    break
            if isolated:
                mg -= sign * ISOLATED_PENALTY[0]
                eg -= sign * ISOLATED_PENALTY[1]
    return mg, eg


def mobility(sq, leaps, rays, c: int, elo: int, ehi: int) -> int:
    """The cells a piece on ``c`` reaches: its leaps (``rays`` None) or its rays up to and
    including the first piece, counting empty cells and enemy pieces (codes between ``elo`` and
    ``ehi``).  Shared with scripts/texel_tune.py's traced evaluation."""
    n = 0
    if rays is None:
        for t_ in leaps[c]:
            p = sq[t_]
            if p == 0 or elo < p < ehi:
                n += 1
        return n
    for ray in rays[c]:
        for t_ in ray:
            p = sq[t_]
            if p == 0:
                n += 1
            else:
                if elo < p < ehi:
                    n += 1
                break
    return n


class Evaluator:
    """Full evaluation with a bounded pawn-structure cache (one per search)."""

    PAWN_CACHE_MAX = 1 << 14  # entries; cleared when full (pawn structures repeat a lot)

    def __init__(self) -> None:
        self.pawn_cache: dict[int, tuple[int, int]] = {}

    _variant = None
    _tables: EvalTables

    def evaluate(self, b) -> int:
        if b.variant is not self._variant:
            self._tables = tables(b.variant)
            self._variant = b.variant
        t = self._tables
        total = t.phase_total
        sq = b.sq
        phase = b.phase if b.phase < total else total
        mg = b.mg
        eg = b.eg
        wp, bp = b.occupied
        ps = self.pawn_cache.get(b.pawn_hash)
        if ps is None:
            ps = pawn_structure([c for c in wp if sq[c] == PAWN], [c for c in bp if sq[c] == PAWN | BLACK_BIT], t)
            if len(self.pawn_cache) >= self.PAWN_CACHE_MAX:
                self.pawn_cache.clear()
            self.pawn_cache[b.pawn_hash] = ps
        mg += ps[0]
        eg += ps[1]
        if t.bare_royal_loses and (len(wp) == 1) != (len(bp) == 1):
            return BARE_KING_SCORE if (len(wp) == 1) == (b.side == 1) else -BARE_KING_SCORE
        if b.pawn_hash == 0 and phase <= 1 and not b.unmoved:
            return 0  # no pawns, at most one minor piece, nothing to place: insufficient material
        kings = b.kings
        royal = t.royal
        leaps_of, rays_of, pair_bit = t.mob_leaps, t.mob_rays, t.pair_bit
        mob_w_mg, mob_w_eg, attack_w = t.mob_mg, t.mob_eg, t.king_attack
        for side in (0, 1):
            own = wp if side == 0 else bp
            elo, ehi = ENEMY_RANGE[side]
            sign = 1 if side == 0 else -1
            near_enemy_king = t.near2[kings[side ^ 1]]
            mob_mg = mob_eg = 0
            king_attack = 0
            parts = 0
            for c in own:
                kind = sq[c] & KIND_MASK
                if kind == PAWN or kind == royal:
                    continue
                n = mobility(sq, leaps_of[kind], rays_of[kind], c, elo, ehi)
                bits = pair_bit[kind]
                if bits is not None:
                    parts |= bits[c]
                mob_mg += mob_w_mg[kind] * n
                mob_eg += mob_w_eg[kind] * n
                if c in near_enemy_king:
                    king_attack += attack_w[kind]
            if parts:
                for shift, pair_mg, pair_eg in t.pairs:
                    mask = parts >> shift & 0xFFFFFFFF
                    if mask & (mask - 1):  # two or more parts
                        mg += sign * pair_mg
                        eg += sign * pair_eg
            mg += sign * mob_mg
            eg += sign * mob_eg
            # The attacked king belongs to the other side: a penalty for it is a bonus here.
            if king_attack > KING_ATTACK_CAP:
                king_attack = KING_ATTACK_CAP
            mg += sign * ((king_attack * king_attack) // 4)
            shelter = 0
            own_pawn = PAWN | (side << COLOR_SHIFT)
            for t_ in t.shelter[side][kings[side]]:
                if sq[t_] == own_pawn:
                    shelter += 1
            mg += sign * SHELTER_BONUS * (shelter if shelter < SHELTER_MAX else SHELTER_MAX)
        # Turn to the mover's view before dividing, so that flooring is colour-symmetric.
        score = mg * phase + eg * (total - phase)
        hand = hand_term(b) if b.reserves[0] | b.reserves[1] else 0
        return (score if b.side == 0 else -score) // total + (hand if b.side == 0 else -hand) + TEMPO


def fast_evaluate(b) -> int:
    """Material + piece-square part only (what the board keeps incrementally)."""
    total = b.variant.phase_total
    phase = b.phase if b.phase < total else total
    score = b.mg * phase + b.eg * (total - phase)
    hand = hand_term(b) if b.reserves[0] | b.reserves[1] else 0
    return (score if b.side == 0 else -score) // total + (hand if b.side == 0 else -hand)


def hand_term(b) -> int:
    """Pieces in hand (Five Up's reserve), White minus Black: HAND_NUM / HAND_DEN of their
    values while the side can still place them (an unmoved piece of its own carries the next
    placement; a placed piece, unmoved, the one after), nothing once it cannot.  Without it
    every placement gained a whole piece and the score swung by one a ply: the search's
    windows failed and its first replies took seconds (docs/performance.md)."""
    value = b.variant.value
    total = [0, 0]
    for side in (0, 1):
        hand = b.reserves[side]
        if hand and not b.unmoved.isdisjoint(b.occupied[side]):
            total[side] = sum(value[k] for k in range(hand.bit_length()) if hand >> k & 1)
    # Each side's share rounded on its own: rounding the difference is not colour-symmetric.
    return total[0] * HAND_NUM // HAND_DEN - total[1] * HAND_NUM // HAND_DEN
