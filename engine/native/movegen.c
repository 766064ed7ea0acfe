/* Move generation from the variant's tables: pseudo-legal (for the search, which tests
 * legality after making a move) and fully legal (rules front and perft): one walk along the
 * lines out of the king finds checkers and pinned pieces, as engine/board.py's
 * checks_and_pins.  Where pins and evasion masks are not exact - en passant (a second cell
 * empties), castling, a king move with a placement (the placed piece covers the cell behind
 * the king) - the move is tested by making it. */
#include "core.h"

/* Lists hold at most MAX_MOVES each; a crowded made-up position cannot overflow them (real
 * games stay far below: a few hundred moves at most). */
#define ADDC(x) do { if (nc < MAX_MOVES) caps[nc++] = (x); } while (0);
#define ADDQ(x) do { if (nq < MAX_MOVES) quiets[nq++] = (x); } while (0);

/* The moves of one piece in list[from..to) again with each kind in hand placed. */
static int add_placements(uint32_t *list, int from, int to, uint16_t reserve, const Variant *v) {
    int n = to;
    for (const int8_t *k = v->reserve_list; *k; k++) {
        if (!(reserve >> *k & 1)) continue;
        for (int i = from; i < to && n < MAX_MOVES; i++) list[n++] = list[i] | (uint32_t)*k << PLACE_SHIFT;
    }
    return n;
}

#ifdef RS_WIDE
/* Movable boards (engine/board_pins.py's board_moves): a board carrying at least one piece of
 * the side to move, no enemy piece and no king, to a free pin - one on the same ranks if it
 * carries a pawn.  Pseudo-legal: the mover's king may be left attacked. */
static int board_moves(const Pos *p, uint32_t *quiets, int nq) {
    const Variant *v = p->v;
    int side = p->side;
    for (uint32_t taken = p->pins, rest = taken; rest; rest &= rest - 1) {
        int src = __builtin_ctz(rest), carried = 0, pawn = 0, stays = 0;
        for (int i = 0; i < v->pin_ncells && !stays; i++) {
            int code = p->sq[v->pin_cells[src][i]];
            if (!code) continue;
            if (code >> COLOR_SHIFT != side || (code & KIND_MASK) == v->royal) stays = 1;
            carried = 1;
            pawn |= (code & KIND_MASK) == PAWN;
        }
        if (stays || !carried) continue;
        uint32_t base = BOARD_MOVE_FLAG | (uint32_t)v->pin_cells[src][0] << FROM_SHIFT;
        for (uint32_t to = (pawn ? v->pin_same_ranks[src] : v->pin_others[src]) & ~taken; to && nq < MAX_MOVES; to &= to - 1)
            quiets[nq++] = base | (uint32_t)v->pin_cells[__builtin_ctz(to)][0];
    }
    return nq;
}
#endif

static inline int dstep_open(const Pos *p, const DStep *ds) {
    if (p->sq[ds->to]) return 0;
    int empty = 0;
    for (int i = 0; i < ds->nmid; i++) empty += !p->sq[ds->mid[i]];
    return ds->any ? empty > 0 : empty == ds->nmid;
}

/* Pseudo-legal moves of the side to move: captures and promotions into caps, quiet moves
 * (castling included) into quiets (unless captures_only; GEN_CAPTURES_BARE: the captures
 * without their placement variants, which the caller adds to those it keeps).  The piece on `skip` >= 0 is left
 * out; skip <= -2 generates only the piece on -2 - skip.  Returns #quiets. */
int gen_pseudo(const Pos *p, int captures_only, const uint32_t *promos, uint32_t *caps, int *ncaps,
               uint32_t *quiets, int skip) {
    const Variant *v = p->v;
    int side = p->side, nc = 0, nq = 0, fr;
    bb_t own = p->occ[side], enemy = p->occ[side ^ 1], occ = own | enemy;
    bb_t pieces = own;
    if (skip >= 0) pieces &= ~bb_bit(skip);
    else if (skip <= -2) pieces &= bb_bit(-2 - skip);
    BB_FOREACH(fr, pieces) {
        int kind = p->sq[fr] & KIND_MASK;
        uint32_t base = (uint32_t)fr << FROM_SHIFT;
        int to;
        if (kind == PAWN) {
            /* captures alone: a push counts only onto a promotion cell */
            if (!captures_only || bb_any(v->promo_bb[side] & v->pawn_push_bb[side][fr]))
            for (const cell_t *t = v->pawn_push[side][fr]; *t >= 0; t++) {
                to = *t;
                if (p->sq[to]) continue;
                if (bb_test(v->promo_bb[side], to)) {
                    for (const uint32_t *pb = promos; *pb; pb++) ADDC(base | to | *pb)
                } else if (!captures_only) {
                    ADDQ(base | to)
                }
            }
            bb_t targets = v->pawn_cap_bb[side][fr] & (enemy | p->ep_cells);
            if (bb_any(targets)) {
                for (const cell_t *t = v->pawn_cap[side][fr]; *t >= 0; t++) {
                    to = *t;
                    if (!bb_test(targets, to)) continue;
                    if (bb_test(v->promo_bb[side], to)) {
                        for (const uint32_t *pb = promos; *pb; pb++) ADDC(base | to | *pb)
                    } else {
                        ADDC(base | to)
                    }
                }
            }
#ifdef RS_WIDE
            if (v->unmoved_pawns) { /* the double step is the first move of a pawn that never moved */
                if (bb_test(p->unmoved, fr))
                    for (int i = 0; i < v->ndstep[side][fr]; i++) {
                        if (!dstep_open(p, &v->dstep[side][fr][i])) continue;
                        to = v->dstep[side][fr][i].to;
                        if (bb_test(v->promo_bb[side], to)) {
                            for (const uint32_t *pb = promos; *pb; pb++) ADDC(base | to | *pb)
                        } else if (!captures_only) {
                            ADDQ(base | to)
                        }
                    }
                continue;
            }
#endif
            if (v->has_dsteps && !captures_only)
                for (int i = 0; i < v->ndstep[side][fr]; i++)
                    if (dstep_open(p, &v->dstep[side][fr][i])) ADDQ(base | v->dstep[side][fr][i].to)
            continue;
        }
        int c0 = nc, q0 = nq;
        if (v->leaper[kind]) {
            BB_FOREACH(to, v->leap_cap[kind][fr] & enemy) ADDC(base | to)
#ifdef RS_WIDE
            if (!captures_only) BB_FOREACH(to, v->leap_quiet[kind][fr] & ~occ & p->exists) ADDQ(base | to)
#else
            if (!captures_only) BB_FOREACH(to, v->leap_quiet[kind][fr] & ~occ) ADDQ(base | to)
#endif
        }
        /* captures alone: a slider with no enemy piece on its lines has none to take */
        if (v->slider[kind] && (!captures_only || bb_any(v->slide_lines[kind][fr] & enemy))) {
            for (const int8_t *d = v->cell_dirs[kind][fr]; *d >= 0; d++) {
                /* captures alone: a ray without an enemy piece has nothing to walk for */
                if (captures_only && !bb_any(v->ray_bb[fr][*d] & enemy)) continue;
                for (const cell_t *r = v->ray[fr][*d]; *r >= 0; r++) {
                    to = *r;
                    int code = p->sq[to];
                    if (!code) {
                        if (!captures_only) ADDQ(base | to)
                    } else { /* an enemy piece (a missing cell, VOID, is neither side's) */
                        if (code >> COLOR_SHIFT == (side ^ 1)) ADDC(base | to)
                        break;
                    }
                }
            }
        }
        if (!v->extra) continue;
        unsigned placed = placements_of(p, fr);
        if (placed && captures_only != GEN_CAPTURES_BARE) {
            nc = add_placements(caps, c0, nc, placed, v);
            if (!captures_only) nq = add_placements(quiets, q0, nq, placed, v);
        }
        if (kind == v->royal && v->castling && !captures_only)
            for (const int8_t *d = v->castle_dirs; *d >= 0; d++)
                for (const cell_t *r = v->ray[fr][*d]; *r >= 0; r++) {
                    if (!p->sq[*r]) continue;
                    if (p->sq[*r] == (v->castle_kind | side << COLOR_SHIFT)) ADDQ(base | *r)
                    break;
                }
    }
#ifdef RS_WIDE
    if (p->pins && skip == -1 && !captures_only) nq = board_moves(p, quiets, nq);
#endif
    *ncaps = nc;
    return nq;
}

static int legal_by_making(Pos *p, uint32_t m) {
    int us = p->side;
    pos_make_perft(p, m);
    int ok = !pos_attacked(p, p->kings[us], us ^ 1);
    pos_unmake(p);
    return ok;
}

/* Every legal move (all promotion kinds) into out; returns the count. */
int gen_legal(Pos *p, int captures_only, uint32_t *out) {
    const Variant *v = p->v;
    int us = p->side, them = us ^ 1, sh = them << COLOR_SHIFT;
    int king = p->kings[us];
    int checkers = 0, n = 0;
    bb_t evasion = BB_EMPTY, pinned = BB_EMPTY;
    bb_t pin_mask[MAXCELLS];
    bb_t leapers = v->pawn_attackers[them][king] & p->bb[PAWN | sh];
    for (const int8_t *k = v->attack_leapers; *k; k++) leapers |= v->leap_attackers[*k][king] & p->bb[*k | sh];
    if (bb_any(leapers)) { checkers = bb_popcount(leapers); evasion = leapers; }
    bb_t cls_bb[MAXCLASSES];
    for (int cls = 0; cls < v->nclasses; cls++) cls_bb[cls] = class_pieces(p, cls, sh);
    for (int d = 0; d < v->ndirs; d++) {
        bb_t s = cls_bb[v->dir_class[d]];
        if (!bb_any(s & v->ray_bb[king][d])) continue;
        int own = -1;
        bb_t upto = BB_EMPTY;
        for (const cell_t *r = v->ray[king][d]; *r >= 0; r++) {
            int t = *r, pc = p->sq[t];
            upto |= bb_bit(t);
            if (!pc) continue;
            if (pc >> COLOR_SHIFT == us) {
                if (own >= 0) break;
                own = t;
                continue;
            }
            if (bb_test(s, t)) {
                if (own >= 0) { pinned |= bb_bit(own); pin_mask[own] = upto; }
                else { checkers++; evasion = upto; }
            }
            break;
        }
    }
    if (checkers < 2) {
        uint32_t caps[MAX_MOVES], quiets[MAX_MOVES];
        int nc, nq = gen_pseudo(p, captures_only, v->all_promos, caps, &nc, quiets, king);
        if (!checkers && !bb_any(pinned) && !bb_any(p->ep_cells)) {
            for (int i = 0; i < nc; i++) out[n++] = caps[i];
            for (int i = 0; i < nq; i++) out[n++] = quiets[i];
        } else {
            for (int i = 0; i < nc + nq; i++) {
                uint32_t m = i < nc ? caps[i] : quiets[i - nc];
                int fr = MOVE_FROM(m), to = MOVE_TO(m);
                if (bb_test(p->ep_cells, to) && !p->sq[to] && (p->sq[fr] & KIND_MASK) == PAWN &&
                    bb_test(v->pawn_cap_bb[us][fr], to)) {
                    if (legal_by_making(p, m)) out[n++] = m;
                    continue;
                }
                if (checkers && !bb_test(evasion, to)) continue;
                /* A placement fills the cell left: a pin stays blocked. */
                if (bb_test(pinned, fr) && !bb_test(pin_mask[fr], to) && !MOVE_PLACE(m)) continue;
                out[n++] = m;
            }
        }
    }
    /* King moves, tested with the king lifted so a checking slider covers the cell behind;
     * with a placement that cell is covered again, so those are made, as is castling. */
    uint32_t kcaps[MAX_MOVES], kquiets[MAX_MOVES];
    int code = p->sq[king], nkc;
    int nkq = gen_pseudo(p, captures_only, v->all_promos, kcaps, &nkc, kquiets, -2 - king);
    p->sq[king] = 0;
    for (int i = 0; i < nkc + nkq; i++) {
        uint32_t m = i < nkc ? kcaps[i] : kquiets[i - nkc];
        int to = MOVE_TO(m);
        if (MOVE_PLACE(m) || bb_test(p->occ[us], to)) continue;
        if (!pos_attacked(p, to, them)) out[n++] = m;
    }
    p->sq[king] = (uint8_t)code;
    for (int i = 0; i < nkc + nkq; i++) {
        uint32_t m = i < nkc ? kcaps[i] : kquiets[i - nkc];
        if (MOVE_PLACE(m)) {
            if (legal_by_making(p, m)) out[n++] = m;
        } else if (bb_test(p->occ[us], MOVE_TO(m)) && !checkers) { /* castling */
            pos_make_perft(p, m);
            if (pos_castle_ok(p, king, MOVE_TO(m), 0)) out[n++] = m;
            pos_unmake(p);
        }
    }
#ifdef RS_WIDE
    /* Board moves: cells vanish and appear, so no pin or evasion mask holds; each is made. */
    if (p->pins && !captures_only) {
        uint32_t bm[MAX_MOVES];
        int nb = board_moves(p, bm, 0);
        for (int i = 0; i < nb; i++) if (legal_by_making(p, bm[i])) out[n++] = bm[i];
    }
#endif
    return n;
}

/* Non-pawn, non-castling quiet targets of the piece `kind` on fr: a leap or a slide onto an
 * empty cell (gen_pseudo's leaper and slider branches, which its placements copy). */
static int plain_quiet(const Pos *p, int kind, int fr, int to) {
    const Variant *v = p->v;
    if (p->sq[to]) return 0; /* (a missing cell holds VOID) */
    if (v->leaper[kind] && bb_test(v->leap_quiet[kind][fr], to)) return 1;
    if (!v->slider[kind]) return 0;
    int d = v->dir_between[fr][to];
    if (d < 0) return 0;
    const int8_t *s = v->cell_dirs[kind][fr];
    while (*s >= 0 && *s != d) s++;
    if (*s < 0) return 0;
    for (const cell_t *r = v->ray[fr][d]; *r != to; r++)
        if (p->sq[*r]) return 0;
    return 1;
}

/* Whether m is among the quiet moves gen_pseudo gives the side to move (board moves aside):
 * the same tests as its branches, on the one piece and target m names, instead of generating
 * that piece's moves and looking m up (the search asks this of its hash move and killers at
 * every staged node). */
int pos_quiet_pseudo(const Pos *p, uint32_t m) {
    const Variant *v = p->v;
    int side = p->side, fr = MOVE_FROM(m), to = MOVE_TO(m), place = MOVE_PLACE(m);
    /* a quiet move carries no promotion (gen_pseudo lists promotions with the captures) */
    if (m & ~((uint32_t)CELL_MASK | (uint32_t)CELL_MASK << FROM_SHIFT | 15u << PLACE_SHIFT)) return 0;
    if (fr >= v->ncells || to >= v->ncells) return 0;
    int code = p->sq[fr];
    if (!code || code >> COLOR_SHIFT != side) return 0; /* (VOID's colour bits are neither side's) */
    int kind = code & KIND_MASK;
    if (kind == PAWN) {
        if (place) return 0;
        for (const cell_t *t = v->pawn_push[side][fr]; *t >= 0; t++)
            if (*t == to && !p->sq[to] && !bb_test(v->promo_bb[side], to)) return 1;
#ifdef RS_WIDE
        if (v->unmoved_pawns) {
            if (bb_test(p->unmoved, fr))
                for (int i = 0; i < v->ndstep[side][fr]; i++)
                    if (v->dstep[side][fr][i].to == to && !bb_test(v->promo_bb[side], to) &&
                        dstep_open(p, &v->dstep[side][fr][i])) return 1;
            return 0;
        }
#endif
        if (v->has_dsteps)
            for (int i = 0; i < v->ndstep[side][fr]; i++)
                if (v->dstep[side][fr][i].to == to && dstep_open(p, &v->dstep[side][fr][i])) return 1;
        return 0;
    }
    if (place) /* a kind in hand placed on the cell left: only an unmoved piece's leap or slide */
        return v->extra && bb_test(p->unmoved, fr) && (p->reserve[side] & v->reserve_kinds) >> place & 1 &&
               plain_quiet(p, kind, fr, to);
    if (plain_quiet(p, kind, fr, to)) return 1;
    if (kind == v->royal && v->castling && v->extra)
        for (const int8_t *d = v->castle_dirs; *d >= 0; d++)
            for (const cell_t *r = v->ray[fr][*d]; *r >= 0; r++) {
                if (!p->sq[*r]) continue;
                if (*r == to && p->sq[*r] == (v->castle_kind | side << COLOR_SHIFT)) return 1;
                break;
            }
    return 0;
}
