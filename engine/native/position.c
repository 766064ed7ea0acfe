/* The board: piece codes per cell plus a bitboard per code, in-place make/unmake with
 * incremental Zobrist key, pawn key and material/PST sums (as engine/board.py). */
#include <string.h>
#include "core.h"

uint64_t ZKEY[NCODES][NCELLS];
uint64_t ZBLACK;
int PST_MG[NCODES][NCELLS], PST_EG[NCODES][NCELLS];
int PHASE_W[16], VALUE[16];

void pos_clear(Pos *p) {
    memset(p, 0, offsetof(Pos, stack));
    p->kings[0] = p->kings[1] = -1;
}

void pos_put(Pos *p, int cell, int code) {
    int side = code >> COLOR_SHIFT, kind = code & KIND_MASK;
    p->sq[cell] = (uint8_t)code;
    p->bb[code] |= bb_bit(cell);
    p->occ[side] |= bb_bit(cell);
    p->hash ^= ZKEY[code][cell];
    if (kind == PAWN) p->pawn_hash ^= ZKEY[code][cell];
    if (kind == KING) p->kings[side] = cell;
    p->mg += PST_MG[code][cell];
    p->eg += PST_EG[code][cell];
    p->phase += PHASE_W[kind];
}

void pos_set_side(Pos *p, int side) {
    if (side != p->side) { p->hash ^= ZBLACK; p->side = side; }
}

static inline int slider_hit(const Pos *p, int cell, int d, int a, int b) {
    const int8_t *r = RAY[cell][d];
    for (int i = 0; i < 5; i++) {
        int t = r[i];
        if (t < 0) return 0;
        int pc = p->sq[t];
        if (pc) return pc == a || pc == b;
    }
    return 0;
}

int pos_attacked(const Pos *p, int cell, int by) {
    int sh = by << COLOR_SHIFT;
    if (KNIGHT_BB[cell] & p->bb[KNIGHT | sh]) return 1;
    if (KING_BB[cell] & p->bb[KING | sh]) return 1;
    if (PAWN_ATTACKERS[by][cell] & p->bb[PAWN | sh]) return 1;
    bb_t q = p->bb[QUEEN | sh];
    for (int kind = BISHOP; kind <= UNICORN; kind++) {
        bb_t s = p->bb[kind | sh] | q;
        if (!(s & LINES_BB[cell][kind])) continue;
        for (const int *d = SLIDER_DIRS[kind]; *d >= 0; d++)
            if ((s & RAY_BB[cell][*d]) && slider_hit(p, cell, *d, kind | sh, QUEEN | sh)) return 1;
    }
    return 0;
}

/* with_eval = 0 (perft): the material/PST sums and phase are left alone (unmake restores
 * them from the undo record either way); the key and the bitboards are always kept. */
static inline __attribute__((always_inline)) void make_impl(Pos *p, uint32_t m, const int with_eval) {
    int fr = MOVE_FROM(m), to = MOVE_TO(m);
    int pc = p->sq[fr], cap = p->sq[to], side = p->side;
    Undo *u = &p->stack[p->n++];
    u->move = m; u->cap = (uint8_t)cap; u->hash = p->hash; u->pawn_hash = p->pawn_hash;
    u->mg = p->mg; u->eg = p->eg; u->phase = p->phase; u->hmc = p->hmc;
    uint64_t h = p->hash ^ ZBLACK;
    int kind = pc & KIND_MASK;
    bb_t frb = bb_bit(fr), tob = bb_bit(to);
    p->sq[fr] = 0;
    p->bb[pc] ^= frb;
    p->occ[side] ^= frb | tob;
    h ^= ZKEY[pc][fr];
    if (with_eval) {
        p->mg -= PST_MG[pc][fr];
        p->eg -= PST_EG[pc][fr];
    }
    if (cap) {
        int ck = cap & KIND_MASK;
        h ^= ZKEY[cap][to];
        if (with_eval) {
            p->mg -= PST_MG[cap][to];
            p->eg -= PST_EG[cap][to];
        }
        p->bb[cap] ^= tob;
        p->occ[side ^ 1] ^= tob;
        p->phase -= PHASE_W[ck];
        if (ck == PAWN) p->pawn_hash ^= ZKEY[cap][to];
        p->hmc = 0;
    } else if (kind == PAWN) {
        p->hmc = 0;
    } else {
        p->hmc++;
    }
    int np = pc;
    if (kind == PAWN) {
        int promo = MOVE_PROMO(m);
        p->pawn_hash ^= ZKEY[pc][fr];
        if (promo) {
            np = promo | side << COLOR_SHIFT;
            p->phase += PHASE_W[promo];
        } else {
            p->pawn_hash ^= ZKEY[pc][to];
        }
    } else if (kind == KING) {
        p->kings[side] = to;
    }
    p->sq[to] = (uint8_t)np;
    p->bb[np] |= tob;
    p->hash = h ^ ZKEY[np][to];
    if (with_eval) {
        p->mg += PST_MG[np][to];
        p->eg += PST_EG[np][to];
    }
    p->side = side ^ 1;
}

void pos_make(Pos *p, uint32_t m) { make_impl(p, m, 1); }

void pos_make_perft(Pos *p, uint32_t m) { make_impl(p, m, 0); }

void pos_unmake(Pos *p) {
    Undo *u = &p->stack[--p->n];
    uint32_t m = u->move;
    int fr = MOVE_FROM(m), to = MOVE_TO(m);
    int side = p->side ^ 1;
    int np = p->sq[to], pc = np;
    bb_t frb = bb_bit(fr), tob = bb_bit(to);
    if (MOVE_PROMO(m)) pc = PAWN | side << COLOR_SHIFT;
    else if ((np & KIND_MASK) == KING) p->kings[side] = fr;
    p->bb[np] ^= tob;
    p->bb[pc] |= frb;
    p->sq[fr] = (uint8_t)pc;
    p->sq[to] = u->cap;
    p->occ[side] ^= frb | tob;
    if (u->cap) { p->bb[u->cap] |= tob; p->occ[side ^ 1] |= tob; }
    p->side = side;
    p->hash = u->hash; p->pawn_hash = u->pawn_hash;
    p->mg = u->mg; p->eg = u->eg; p->phase = u->phase; p->hmc = u->hmc;
}

void pos_make_null(Pos *p) {
    Undo *u = &p->stack[p->n++];
    u->move = 0; u->cap = 0; u->hash = p->hash; u->pawn_hash = p->pawn_hash;
    u->mg = p->mg; u->eg = p->eg; u->phase = p->phase; u->hmc = p->hmc;
    p->hash ^= ZBLACK;
    p->side ^= 1;
    p->hmc = 0;
}

void pos_unmake_null(Pos *p) {
    Undo *u = &p->stack[--p->n];
    p->hash = u->hash;
    p->side ^= 1;
    p->hmc = u->hmc;
}

/* Make pseudo-legal m; returns whether it was legal (it stays made either way). */
int pos_make_legal(Pos *p, uint32_t m, int in_check) {
    pos_make(p, m);
    int mover = p->side ^ 1, king = p->kings[mover];
    if (in_check || king == (int)MOVE_TO(m)) return !pos_attacked(p, king, p->side);
    /* Only a piece leaving a line through the king can expose it: walk that line. */
    int d = DIR_BETWEEN[king][MOVE_FROM(m)];
    if (d < 0) return 1;
    int sh = p->side << COLOR_SHIFT, cls = DIR_CLASS[d];
    if (!((p->bb[cls | sh] | p->bb[QUEEN | sh]) & RAY_BB[king][d])) return 1;
    return !slider_hit(p, king, d, cls | sh, QUEEN | sh);
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
    return (p->occ[side] & ~p->bb[PAWN | sh] & ~p->bb[KING | sh]) != 0;
}
