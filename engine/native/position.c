/* The board: piece codes per cell plus a bitboard per code, in-place make/unmake with
 * incremental Zobrist key, pawn key and material/PST sums (as engine/board.py), all read from
 * the position's Variant.  A variant without reserves, en passant or castling (Raumschach)
 * takes the short make/unmake; the others take the full one (make_extra). */
#include <string.h>
#include "core.h"

void pos_clear(Pos *p, const Variant *v) {
    memset(p, 0, offsetof(Pos, stack));
    p->v = v;
    p->kings[0] = p->kings[1] = -1;
    p->ep_victim = -1;
#ifdef RS_WIDE
    p->exists = ~BB_EMPTY;
#endif
}

/* A cell that does not exist in the position being set up (before pos_set_pins). */
void pos_void(Pos *p, int cell) { p->sq[cell] = VOID; }

int pos_set_pins(Pos *p, uint32_t pins, const char **err) {
    const Variant *v = p->v;
    if (!v->npins) {
        if (pins) { *err = "this variant has no movable boards"; return -1; }
        for (int c = 0; c < v->ncells; c++)
            if (p->sq[c] == VOID) { *err = "a cell that does not exist in a variant without movable boards"; return -1; }
        return 0;
    }
#ifdef RS_WIDE
    if (v->npins < 32 && pins >> v->npins) { *err = "pins: not a pin of this variant"; return -1; }
    bb_t exists = v->fixed_bb;
    for (int i = 0; i < v->npins; i++)
        if (pins >> i & 1) { exists |= v->pin_bb[i]; p->hash ^= v->zpin[i]; }
    for (int c = 0; c < v->ncells; c++)
        if ((p->sq[c] == VOID) == bb_test(exists, c)) {
            *err = p->sq[c] == VOID ? "a cell of an occupied pin or a main board is marked missing"
                                    : "a piece or an empty cell where no board stands";
            return -1;
        }
    p->pins = pins;
    p->exists = exists;
    return 0;
#else
    *err = "movable boards: only the wide build of the native core plays them";
    return -1;
#endif
}

uint32_t pos_pins(const Pos *p) {
#ifdef RS_WIDE
    return p->pins;
#else
    (void)p;
    return 0;
#endif
}

void pos_put(Pos *p, int cell, int code) {
    const Variant *v = p->v;
    int side = code >> COLOR_SHIFT, kind = code & KIND_MASK;
    p->sq[cell] = (uint8_t)code;
    p->bb[code] |= bb_bit(cell);
    p->occ[side] |= bb_bit(cell);
    p->hash ^= v->zkey[code][cell];
    if (kind == PAWN) p->pawn_hash ^= v->zkey[code][cell];
    if (kind == v->royal) p->kings[side] = cell;
    p->mg += v->pst_mg[code][cell];
    p->eg += v->pst_eg[code][cell];
    p->phase += v->phase_w[kind];
}

void pos_set_side(Pos *p, int side) {
    if (side != p->side) { p->hash ^= p->v->zblack; p->side = side; }
}

/* The extra state, already checked by the caller: unmoved cells of a side without a reserve
 * are dropped (they can place nothing: the canonical form). */
void pos_set_extra(Pos *p, const uint16_t reserve[2], bb_t unmoved, bb_t ep_cells, int ep_victim) {
    const Variant *v = p->v;
    int c;
    for (int side = 0; side < 2; side++) {
        p->reserve[side] = reserve[side];
        for (int k = 1; k < NKINDS; k++) if (reserve[side] >> k & 1) p->hash ^= v->zreserve[side][k];
        if (!reserve[side] && !v->unmoved_pawns) unmoved &= ~p->occ[side];
    }
    p->unmoved = unmoved;
    BB_FOREACH(c, unmoved) p->hash ^= v->zunmoved[c];
    p->ep_cells = ep_cells;
    p->ep_victim = bb_any(ep_cells) ? ep_victim : -1;
    BB_FOREACH(c, ep_cells) p->hash ^= v->zep[c];
}

/* Whether the first piece along ray d from cell is one of `attackers`. */
static inline int slider_hit(const Pos *p, int cell, int d, bb_t attackers) {
    for (const cell_t *r = p->v->ray[cell][d]; *r >= 0; r++)
        if (p->sq[*r]) return bb_test(attackers, *r);
    return 0;
}

int pos_attacked(const Pos *p, int cell, int by) {
    const Variant *v = p->v;
    int sh = by << COLOR_SHIFT;
    for (const int8_t *k = v->attack_leapers; *k; k++)
        if (bb_any(v->leap_attackers[*k][cell] & p->bb[*k | sh])) return 1;
    if (bb_any(v->pawn_attackers[by][cell] & p->bb[PAWN | sh])) return 1;
    for (int cls = 0; cls < v->nclasses; cls++) {
        bb_t s = class_pieces(p, cls, sh);
        if (!bb_any(s & v->class_lines[cell][cls])) continue;
        for (const int8_t *d = v->class_dirs[cls]; *d >= 0; d++)
            if (bb_any(s & v->ray_bb[cell][*d]) && slider_hit(p, cell, *d, s)) return 1;
    }
    return 0;
}

/* Whether piece `code` on `cell` attacks `target`, the board's sq already showing the move. */
static inline int piece_hits(const Pos *p, int code, int cell, int target) {
    const Variant *v = p->v;
    int kind = code & KIND_MASK;
    if (kind == PAWN && bb_test(v->pawn_attackers[code >> COLOR_SHIFT][target], cell)) return 1;
    if (bb_test(v->leap_attackers[kind][target], cell)) return 1;
    int d = v->dir_between[target][cell];
    if (d < 0 || !(v->class_kinds[v->dir_class[d]] >> kind & 1)) return 0;
    for (const cell_t *r = v->ray[target][d]; *r >= 0; r++)
        if (p->sq[*r]) return *r == cell;
    return 0;
}

/* Whether quiet move m (pseudo-legal, nothing captured) would give check, without making it:
 * 1 or 0, or -1 when this test does not cover the move (a capture, castling, a promotion, en
 * passant, a board move: the caller makes it).  Only the pieces whose attacks the move
 * changes can check (the side to move never starts with the enemy king attacked): the moved
 * piece on its new cell, a piece placed on the cell left, and a slider behind the cell left.
 * The same tables and walks as pos_attacked, on sq with the move shown in it. */
int pos_gives_check(Pos *p, uint32_t m) {
    const Variant *v = p->v;
#ifdef RS_WIDE
    if (m & BOARD_MOVE_FLAG) return -1;
#endif
    int fr = MOVE_FROM(m), to = MOVE_TO(m), us = p->side, pc = p->sq[fr];
    if (p->sq[to] || MOVE_PROMO(m) || ((pc & KIND_MASK) == PAWN && bb_test(p->ep_cells, to))) return -1;
    int king = p->kings[us ^ 1], pk = MOVE_PLACE(m);
    if (king < 0) return -1;
    int placed = pk ? pk | us << COLOR_SHIFT : 0, check;
    p->sq[fr] = (uint8_t)placed;
    p->sq[to] = (uint8_t)pc;
    check = piece_hits(p, pc, to, king);
    if (!check && placed) {
        check = piece_hits(p, placed, fr, king);
    } else if (!check) { /* a slider of ours behind the cell left, now open */
        int d = v->dir_between[king][fr];
        if (d >= 0) {
            bb_t s = class_pieces(p, v->dir_class[d], us << COLOR_SHIFT);
            if (bb_any(s & v->ray_bb[king][d]))
                for (const cell_t *r = v->ray[king][d]; *r >= 0; r++)
                    if (p->sq[*r]) { check = *r != to && bb_test(s, *r); break; }
        }
    }
    p->sq[to] = 0;
    p->sq[fr] = (uint8_t)pc;
    return check;
}

int pos_is_castling(const Pos *p, uint32_t m) {
    int pc = p->sq[MOVE_FROM(m)], to = p->sq[MOVE_TO(m)];
    return to && (to >> COLOR_SHIFT) == (pc >> COLOR_SHIFT);
}

static inline void save(Pos *p, Undo *u, uint32_t m, int cap) {
    u->move = m; u->cap = (uint8_t)cap; u->special = 0;
    u->hash = p->hash; u->pawn_hash = p->pawn_hash;
    u->mg = p->mg; u->eg = p->eg; u->phase = p->phase; u->hmc = p->hmc;
}

/* The pieces coming and going, with the sums (with_eval) and keys. */
static inline void lift(Pos *p, int cell, int code, uint64_t *h, const int with_eval) {
    const Variant *v = p->v;
    p->sq[cell] = 0;
    p->bb[code] ^= bb_bit(cell);
    p->occ[code >> COLOR_SHIFT] ^= bb_bit(cell);
    *h ^= v->zkey[code][cell];
    if ((code & KIND_MASK) == PAWN) p->pawn_hash ^= v->zkey[code][cell];
    if (with_eval) { p->mg -= v->pst_mg[code][cell]; p->eg -= v->pst_eg[code][cell]; }
}

static inline void drop(Pos *p, int cell, int code, uint64_t *h, const int with_eval) {
    const Variant *v = p->v;
    p->sq[cell] = (uint8_t)code;
    p->bb[code] |= bb_bit(cell);
    p->occ[code >> COLOR_SHIFT] |= bb_bit(cell);
    *h ^= v->zkey[code][cell];
    if ((code & KIND_MASK) == PAWN) p->pawn_hash ^= v->zkey[code][cell];
    if (with_eval) { p->mg += v->pst_mg[code][cell]; p->eg += v->pst_eg[code][cell]; }
}

static inline void forget_unmoved(Pos *p, int cell, uint64_t *h) {
    if (bb_test(p->unmoved, cell)) { p->unmoved ^= bb_bit(cell); *h ^= p->v->zunmoved[cell]; }
}

#ifdef RS_WIDE
/* A movable board's move (engine/board_pins.py's _make_board): every piece on the from-pin's
 * cells[i] goes to the to-pin's cells[i]; the from-pin's cells vanish, the to-pin's appear;
 * a carried unmoved pawn stays unmoved (carrying is not its move).  The caller saved the undo
 * record (unmoved included); the king is never carried. */
static void make_board(Pos *p, uint32_t m, uint64_t h, const int with_eval) {
    const Variant *v = p->v;
    int src = v->pin_of_anchor[MOVE_FROM(m)], dst = v->pin_of_anchor[MOVE_TO(m)];
    for (int i = 0; i < v->pin_ncells; i++) {
        int a = v->pin_cells[src][i], b = v->pin_cells[dst][i], code = p->sq[a];
        p->sq[b] = 0;
        if (code) {
            lift(p, a, code, &h, with_eval);
            drop(p, b, code, &h, with_eval);
            if (bb_test(p->unmoved, a)) {
                p->unmoved ^= bb_bit(a) | bb_bit(b);
                h ^= v->zunmoved[a] ^ v->zunmoved[b];
            }
        }
        p->sq[a] = VOID;
    }
    p->pins ^= 1u << src | 1u << dst;
    p->exists ^= v->pin_bb[src] | v->pin_bb[dst];
    p->hash = h ^ v->zpin[src] ^ v->zpin[dst];
    p->hmc++;
    p->side ^= 1;
}

static void unmake_board(Pos *p, uint32_t m) {
    const Variant *v = p->v;
    int src = v->pin_of_anchor[MOVE_FROM(m)], dst = v->pin_of_anchor[MOVE_TO(m)];
    uint64_t h = 0;
    for (int i = 0; i < v->pin_ncells; i++) {
        int a = v->pin_cells[src][i], b = v->pin_cells[dst][i], code = p->sq[b];
        p->sq[a] = 0;
        if (code) {
            lift(p, b, code, &h, 0);
            drop(p, a, code, &h, 0);
        }
        p->sq[b] = VOID;
    }
    p->pins ^= 1u << src | 1u << dst;
    p->exists ^= v->pin_bb[src] | v->pin_bb[dst];
}
#endif

/* Every move of a variant with reserves, en passant, castling or movable boards. */
static void make_extra(Pos *p, uint32_t m, const int with_eval) {
    const Variant *v = p->v;
    int fr = MOVE_FROM(m), to = MOVE_TO(m), side = p->side, sh = side << COLOR_SHIFT;
    int pc = p->sq[fr], cap = p->sq[to], kind = pc & KIND_MASK, c;
    Undo *u = &p->stack[p->n++];
    save(p, u, m, cap);
    u->reserve[0] = p->reserve[0]; u->reserve[1] = p->reserve[1];
    u->unmoved = p->unmoved; u->ep_cells = p->ep_cells; u->ep_victim = (cell_t)p->ep_victim;
    uint64_t h = p->hash ^ v->zblack;
    bb_t passed = p->ep_cells;
    BB_FOREACH(c, passed) h ^= v->zep[c];
    p->ep_cells = BB_EMPTY;
    p->ep_victim = -1;
#ifdef RS_WIDE
    if (m & BOARD_MOVE_FLAG) { u->cap = 0; make_board(p, m, h, with_eval); return; }
#endif
    if (cap && (cap >> COLOR_SHIFT) == side) { /* castling: king and rook swap */
        u->special = SP_CASTLE;
        u->cap = 0;
        lift(p, fr, pc, &h, with_eval);
        lift(p, to, cap, &h, with_eval);
        drop(p, to, pc, &h, with_eval);
        drop(p, fr, cap, &h, with_eval);
        p->kings[side] = to;
        forget_unmoved(p, fr, &h);
        forget_unmoved(p, to, &h);
        p->hmc++;
        p->hash = h;
        p->side = side ^ 1;
        return;
    }
    lift(p, fr, pc, &h, with_eval);
    forget_unmoved(p, fr, &h);
    if (cap) {
        lift(p, to, cap, &h, with_eval);
        p->phase -= v->phase_w[cap & KIND_MASK];
        forget_unmoved(p, to, &h);
        p->hmc = 0;
    } else if (kind == PAWN) {
        p->hmc = 0;
        if (bb_test(passed, to) && bb_test(v->pawn_cap_bb[side][fr], to)) {
            u->special = SP_EP;
            int vc = u->ep_victim;
            lift(p, vc, p->sq[vc], &h, with_eval);
            p->phase -= v->phase_w[PAWN];
        } else if (bb_test(v->dstep_bb[side][fr], to)) {
            const DStep *ds = v->dstep[side][fr];
            while (ds->to != to) ds++;
            if (v->en_passant) {
                for (int i = 0; i < ds->nmid; i++)
                    if (!p->sq[ds->mid[i]]) { p->ep_cells |= bb_bit(ds->mid[i]); h ^= v->zep[ds->mid[i]]; }
                p->ep_victim = to;
            }
        }
    } else {
        p->hmc++;
    }
    int np = pc;
    if (kind == PAWN && MOVE_PROMO(m)) {
        np = MOVE_PROMO(m) | sh;
        p->phase += v->phase_w[MOVE_PROMO(m)];
    } else if (kind == v->royal) {
        p->kings[side] = to;
    }
    drop(p, to, np, &h, with_eval);
    int pk = MOVE_PLACE(m);
    if (pk) {
        drop(p, fr, pk | sh, &h, with_eval);
        p->phase += v->phase_w[pk];
        p->reserve[side] &= (uint16_t)~(1u << pk);
        h ^= v->zreserve[side][pk];
        if (p->reserve[side]) {
            p->unmoved |= bb_bit(fr);
            h ^= v->zunmoved[fr];
        } else { /* nothing left to place: the side's unmoved pieces no longer matter */
            BB_FOREACH(c, p->unmoved & p->occ[side]) h ^= v->zunmoved[c];
            p->unmoved &= ~p->occ[side];
        }
    }
    p->hash = h;
    p->side = side ^ 1;
}

static void unmake_extra(Pos *p, Undo *u) {
    uint32_t m = u->move;
    int fr = MOVE_FROM(m), to = MOVE_TO(m), side = p->side ^ 1, sh = side << COLOR_SHIFT;
    int np = p->sq[to];
    uint64_t h = 0;
#ifdef RS_WIDE
    if (m & BOARD_MOVE_FLAG) {
        unmake_board(p, m);
    } else
#endif
    if (u->special & SP_CASTLE) {
        int rook = p->sq[fr];
        lift(p, fr, rook, &h, 0);
        lift(p, to, np, &h, 0);
        drop(p, fr, np, &h, 0);
        drop(p, to, rook, &h, 0);
        p->kings[side] = fr;
    } else {
        int pk = MOVE_PLACE(m), pc = MOVE_PROMO(m) ? PAWN | sh : np;
        if (pk) lift(p, fr, pk | sh, &h, 0);
        lift(p, to, np, &h, 0);
        drop(p, fr, pc, &h, 0);
        if (u->cap) drop(p, to, u->cap, &h, 0);
        if (u->special & SP_EP) drop(p, u->ep_victim, PAWN | (side ^ 1) << COLOR_SHIFT, &h, 0);
        if ((pc & KIND_MASK) == p->v->royal) p->kings[side] = fr;
    }
    p->reserve[0] = u->reserve[0]; p->reserve[1] = u->reserve[1];
    p->unmoved = u->unmoved; p->ep_cells = u->ep_cells; p->ep_victim = u->ep_victim;
}

/* with_eval = 0 (perft): the material/PST sums and phase are left alone (unmake restores
 * them from the undo record either way); the key and the bitboards are always kept. */
static inline __attribute__((always_inline)) void make_impl(Pos *p, uint32_t m, const int with_eval) {
    const Variant *v = p->v;
    if (v->extra) { make_extra(p, m, with_eval); return; }
    int fr = MOVE_FROM(m), to = MOVE_TO(m);
    int pc = p->sq[fr], cap = p->sq[to], side = p->side;
    Undo *u = &p->stack[p->n++];
    save(p, u, m, cap);
    uint64_t h = p->hash ^ v->zblack;
    int kind = pc & KIND_MASK;
    bb_t frb = bb_bit(fr), tob = bb_bit(to);
    p->sq[fr] = 0;
    p->bb[pc] ^= frb;
    p->occ[side] ^= frb | tob;
    h ^= v->zkey[pc][fr];
    if (with_eval) {
        p->mg -= v->pst_mg[pc][fr];
        p->eg -= v->pst_eg[pc][fr];
    }
    if (cap) {
        int ck = cap & KIND_MASK;
        h ^= v->zkey[cap][to];
        if (with_eval) {
            p->mg -= v->pst_mg[cap][to];
            p->eg -= v->pst_eg[cap][to];
        }
        p->bb[cap] ^= tob;
        p->occ[side ^ 1] ^= tob;
        p->phase -= v->phase_w[ck];
        if (ck == PAWN) p->pawn_hash ^= v->zkey[cap][to];
        p->hmc = 0;
    } else if (kind == PAWN) {
        p->hmc = 0;
    } else {
        p->hmc++;
    }
    int np = pc;
    if (kind == PAWN) {
        int promo = MOVE_PROMO(m);
        p->pawn_hash ^= v->zkey[pc][fr];
        if (promo) {
            np = promo | side << COLOR_SHIFT;
            p->phase += v->phase_w[promo];
        } else {
            p->pawn_hash ^= v->zkey[pc][to];
        }
    } else if (kind == v->royal) {
        p->kings[side] = to;
    }
    p->sq[to] = (uint8_t)np;
    p->bb[np] |= tob;
    p->hash = h ^ v->zkey[np][to];
    if (with_eval) {
        p->mg += v->pst_mg[np][to];
        p->eg += v->pst_eg[np][to];
    }
    p->side = side ^ 1;
}

void pos_make(Pos *p, uint32_t m) { make_impl(p, m, 1); }

void pos_make_perft(Pos *p, uint32_t m) { make_impl(p, m, 0); }

void pos_unmake(Pos *p) {
    Undo *u = &p->stack[--p->n];
    if (p->v->extra) {
        unmake_extra(p, u);
    } else {
        uint32_t m = u->move;
        int fr = MOVE_FROM(m), to = MOVE_TO(m);
        int side = p->side ^ 1;
        int np = p->sq[to], pc = np;
        bb_t frb = bb_bit(fr), tob = bb_bit(to);
        if (MOVE_PROMO(m)) pc = PAWN | side << COLOR_SHIFT;
        else if ((np & KIND_MASK) == p->v->royal) p->kings[side] = fr;
        p->bb[np] ^= tob;
        p->bb[pc] |= frb;
        p->sq[fr] = (uint8_t)pc;
        p->sq[to] = u->cap;
        p->occ[side] ^= frb | tob;
        if (u->cap) { p->bb[u->cap] |= tob; p->occ[side ^ 1] |= tob; }
    }
    p->side ^= 1;
    p->hash = u->hash; p->pawn_hash = u->pawn_hash;
    p->mg = u->mg; p->eg = u->eg; p->phase = u->phase; p->hmc = u->hmc;
}

/* A null move also ends the right to capture en passant (the key drops the passed cells). */
void pos_make_null(Pos *p) {
    const Variant *v = p->v;
    Undo *u = &p->stack[p->n++];
    save(p, u, 0, 0);
    uint64_t h = p->hash ^ v->zblack;
    if (v->extra) {
        int c;
        u->reserve[0] = p->reserve[0]; u->reserve[1] = p->reserve[1];
        u->unmoved = p->unmoved; u->ep_cells = p->ep_cells; u->ep_victim = (cell_t)p->ep_victim;
        BB_FOREACH(c, p->ep_cells) h ^= v->zep[c];
        p->ep_cells = BB_EMPTY;
        p->ep_victim = -1;
    }
    p->hash = h;
    p->side ^= 1;
    p->hmc = 0;
}

void pos_unmake_null(Pos *p) {
    Undo *u = &p->stack[--p->n];
    if (p->v->extra) { p->ep_cells = u->ep_cells; p->ep_victim = u->ep_victim; }
    p->hash = u->hash;
    p->side ^= 1;
    p->hmc = u->hmc;
}

/* Castling (made): the king was not in check, no cell between was attacked (the swap leaves
 * the occupancy as it was, so testing after making is the same), the king is not in check. */
int pos_castle_ok(const Pos *p, int fr, int to, int in_check) {
    const Variant *v = p->v;
    int them = p->side;
    if (in_check) return 0;
    int d = v->dir_between[fr][to];
    for (const cell_t *r = v->ray[fr][d]; *r != to; r++)
        if (pos_attacked(p, *r, them)) return 0;
    return !pos_attacked(p, to, them);
}

/* Make pseudo-legal m; returns whether it was legal (it stays made either way). */
int pos_make_legal(Pos *p, uint32_t m, int in_check) {
    const Variant *v = p->v;
    pos_make(p, m);
    int mover = p->side ^ 1, king = p->kings[mover];
    if (v->extra) {
        int special = p->stack[p->n - 1].special;
        if (special & SP_CASTLE) return pos_castle_ok(p, MOVE_FROM(m), MOVE_TO(m), in_check);
        if (special & SP_EP) return !pos_attacked(p, king, p->side);
#ifdef RS_WIDE
        /* A board move: cells vanish and appear, opening and closing lines anywhere. */
        if (m & BOARD_MOVE_FLAG) return !pos_attacked(p, king, p->side);
#endif
    }
    if (in_check || king == (int)MOVE_TO(m)) return !pos_attacked(p, king, p->side);
    /* Only a piece leaving a line through the king can expose it: walk that line (a piece
     * placed on the cell left blocks it again, and the walk sees it). */
    int d = v->dir_between[king][MOVE_FROM(m)];
    if (d < 0) return 1;
    bb_t s = class_pieces(p, v->dir_class[d], p->side << COLOR_SHIFT);
    if (!bb_any(s & v->ray_bb[king][d])) return 1;
    return !slider_hit(p, king, d, s);
}

int pos_seen_before(const Pos *p) {
    int n = p->n, stop = n - p->hmc;
    if (stop < 0) stop = 0;
    stop -= 1;
    for (int i = n - 4; i > stop; i -= 2)
        if (p->stack[i].hash == p->hash) return 1;
    return 0;
}

int pos_non_pawn_material(const Pos *p, int side) {
    int sh = side << COLOR_SHIFT;
    return bb_any(p->occ[side] & ~p->bb[PAWN | sh] & ~p->bb[p->v->royal | sh]);
}
