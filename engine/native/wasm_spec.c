/* The WebAssembly build's reading of a variant's tables (the browser's counterpart of spec.c,
 * which reads them from Python).  The browser gets engine/native_tables.py's dict as JSON
 * (engine/wasm_tables.py) and flattens it (analysis/static/analysis/js/engine_tables.js) into
 * int32s in the order of the fields below: a number is one int, a bool 0/1, a 64-bit key two
 * ints (low half first), a list its length then its items, None the length -1.  Every value is
 * checked as spec.c checks it, so a wrong table is refused with a message, never read past. */
#include <stdio.h>
#include <string.h>
#include "core.h"
#include "wasm.h"

typedef struct {
    const int32_t *p;
    int n, i, failed;
    char *err;
    size_t errlen;
} Reader;

static int fail(Reader *r, const char *what, const char *why) {
    if (!r->failed) snprintf(r->err, r->errlen, "variant tables: %s: %s (at int %d)", what, why, r->i);
    r->failed = 1;
    return -1;
}

static int next(Reader *r, int32_t *out, const char *what) {
    if (r->failed) return -1;
    if (r->i >= r->n) return fail(r, what, "the tables end early");
    *out = r->p[r->i++];
    return 0;
}

static int rint(Reader *r, long lo, long hi, const char *what, int *out) {
    int32_t x;
    if (next(r, &x, what)) return -1;
    if (x < lo || x > hi) {
        char why[80];
        snprintf(why, sizeof why, "%ld is outside %ld..%ld", (long)x, lo, hi);
        return fail(r, what, why);
    }
    *out = x;
    return 0;
}

/* A list's length: exactly `want` (>= 0), or at most `cap` (want -1). */
static int rlen(Reader *r, int want, int cap, const char *what) {
    int32_t n;
    if (next(r, &n, what)) return -1;
    if (n < 0) return fail(r, what, "a list was expected");
    if (want >= 0 && n != want) return fail(r, what, "wrong number of entries");
    if (n > cap) return fail(r, what, "more entries than the native core holds");
    return n;
}

static int ru64(Reader *r, const char *what, uint64_t *out) {
    int32_t lo, hi;
    if (next(r, &lo, what) || next(r, &hi, what)) return -1;
    *out = (uint64_t)(uint32_t)lo | (uint64_t)(uint32_t)hi << 32;
    return 0;
}

/* A list of cells into a bitboard. */
static int rcells(Reader *r, int ncells, const char *what, bb_t *out) {
    int n = rlen(r, -1, MAXCELLS, what), c;
    *out = BB_EMPTY;
    for (int i = 0; i < n; i++) {
        if (rint(r, 0, ncells - 1, what, &c)) return -1;
        *out |= bb_bit(c);
    }
    return n < 0 ? -1 : 0;
}

/* Per cell, a list of cells (leaps, near2, shelter). */
static int rcell_table(Reader *r, int ncells, const char *what, bb_t *dst) {
    if (rlen(r, ncells, MAXCELLS, what) < 0) return -1;
    for (int c = 0; c < ncells; c++) {
        if (rcells(r, ncells, what, &dst[c])) return -1;
    }
    return 0;
}

/* Per cell, a -1 terminated list of at most cap - 1 cells (pawn pushes, captures). */
static int rcell_lists(Reader *r, int ncells, int cap, const char *what, cell_t *dst) {
    if (rlen(r, ncells, MAXCELLS, what) < 0) return -1;
    for (int c = 0; c < ncells; c++) {
        int n = rlen(r, -1, cap - 1, what), t;
        if (n < 0) return -1;
        for (int i = 0; i < n; i++) {
            if (rint(r, 0, ncells - 1, what, &t)) return -1;
            dst[c * cap + i] = (cell_t)t;
        }
        dst[c * cap + n] = -1;
    }
    return 0;
}

static int rints(Reader *r, int count, long lo, long hi, const char *what, int *dst) {
    if (rlen(r, count, count, what) < 0) return -1;
    for (int i = 0; i < count; i++) if (rint(r, lo, hi, what, &dst[i])) return -1;
    return 0;
}

static int rpiece(Reader *r, Variant *v) {
    int kind, royal, d, n;
    if (rlen(r, 5, 5, "piece") < 0 || rint(r, 2, NKINDS - 1, "piece kind", &kind)) return -1;
    if (v->kinds_present[kind]) return fail(r, "piece kind", "declared twice");
    v->kinds_present[kind] = 1;
    if (rcell_table(r, v->ncells, "quiet leaps", v->leap_quiet[kind]) ||
        rcell_table(r, v->ncells, "capture leaps", v->leap_cap[kind]))
        return -1;
    for (int c = 0; c < v->ncells; c++) if (bb_any(v->leap_quiet[kind][c] | v->leap_cap[kind][c])) v->leaper[kind] = 1;
    if ((n = rlen(r, -1, MAXDIRS, "slide directions")) < 0) return -1;
    for (int j = 0; j < n; j++) {
        if (rint(r, 0, v->ndirs - 1, "slide directions", &d)) return -1;
        v->slide_dirs[kind][j] = (int8_t)d;
    }
    v->slider[kind] = n > 0;
    if (rint(r, 0, 1, "royal", &royal)) return -1;
    if (royal) {
        if (v->royal) return fail(r, "royal", "a variant needs exactly one royal kind");
        v->royal = kind;
    }
    return 0;
}

static int rdsteps(Reader *r, Variant *v, int side) {
    if (rlen(r, v->ncells, MAXCELLS, "double steps (per cell)") < 0) return -1;
    for (int c = 0; c < v->ncells; c++) {
        int n = rlen(r, -1, MAXDSTEPS, "double steps");
        if (n < 0) return -1;
        v->ndstep[side][c] = (int8_t)n;
        for (int i = 0; i < n; i++) {
            DStep *ds = &v->dstep[side][c][i];
            int to, nmid, any, m;
            if (rlen(r, 3, 3, "double step") < 0 || rint(r, 0, v->ncells - 1, "double step target", &to) ||
                (nmid = rlen(r, -1, 2, "double step middle cells")) < 0)
                return -1;
            for (int j = 0; j < nmid; j++) {
                if (rint(r, 0, v->ncells - 1, "double step middle cells", &m)) return -1;
                ds->mid[j] = (cell_t)m;
            }
            if (rint(r, 0, 1, "double step any", &any)) return -1;
            ds->to = (cell_t)to; ds->nmid = (int8_t)nmid; ds->any = (int8_t)any;
        }
    }
    return 0;
}

/* A list of kinds (promotions, reserve): the variant's pieces, not the royal one, no pawn. */
static int rkinds(Reader *r, Variant *v, const char *what, int8_t *dst) {
    int n = rlen(r, -1, NKINDS - 1, what), k;
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) {
        if (rint(r, 1, NKINDS - 1, what, &k)) return -1;
        if (!v->kinds_present[k] || k == PAWN || k == v->royal) return fail(r, what, "not one of the variant's pieces");
        dst[i] = (int8_t)k;
    }
    dst[n] = 0;
    return n;
}

static int ru64_list(Reader *r, int count, const char *what, uint64_t *dst) {
    if (rlen(r, count, count, what) < 0) return -1;
    for (int j = 0; j < count; j++) if (ru64(r, what, &dst[j])) return -1;
    return 0;
}

static int ru64_rows(Reader *r, int rows, int cols, int stride, const char *what, uint64_t *dst) {
    if (rlen(r, rows, rows, what) < 0) return -1;
    for (int i = 0; i < rows; i++) if (ru64_list(r, cols, what, &dst[i * stride])) return -1;
    return 0;
}

static int rpst(Reader *r, Variant *v, const char *what, int (*dst)[MAXCELLS]) {
    if (rlen(r, NCODES, NCODES, what) < 0) return -1;
    for (int code = 0; code < NCODES; code++)
        if (rints(r, v->ncells, -1000000, 1000000, what, dst[code])) return -1;
    return 0;
}

static int rgeometry(Reader *r, Variant *v, int8_t dirs[][3]) {
    int x;
    if (rlen(r, v->ncells, MAXCELLS, "coords") < 0) return -1;
    for (int c = 0; c < v->ncells; c++) {
        if (rlen(r, 3, 3, "coords") < 0) return -1;
        for (int j = 0; j < 3; j++) { if (rint(r, -64, 64, "coords", &x)) return -1; v->coord[c][j] = (int8_t)x; }
    }
    if ((v->ndirs = rlen(r, -1, MAXDIRS, "dirs")) < 0) return -1;
    for (int d = 0; d < v->ndirs; d++) {
        if (rlen(r, 3, 3, "dirs") < 0) return -1;
        for (int j = 0; j < 3; j++) { if (rint(r, -64, 64, "dirs", &x)) return -1; dirs[d][j] = (int8_t)x; }
    }
    if (rlen(r, v->ncells, MAXCELLS, "rays") < 0) return -1;
    for (int c = 0; c < v->ncells; c++) {
        if (rlen(r, v->ndirs, MAXDIRS, "rays") < 0) return -1;
        for (int d = 0; d < v->ndirs; d++) {
            int n = rlen(r, -1, RAYMAX - 1, "rays"), i;
            if (n < 0) return -1;
            for (i = 0; i < n; i++) { if (rint(r, 0, v->ncells - 1, "rays", &x)) return -1; v->ray[c][d][i] = (cell_t)x; }
            for (; i < RAYMAX; i++) v->ray[c][d][i] = -1;
        }
    }
    return 0;
}

static int rpieces_and_pawns(Reader *r, Variant *v) {
    int np = rlen(r, -1, NKINDS, "pieces");
    if (np < 0) return -1;
    v->kinds_present[PAWN] = 1;
    for (int i = 0; i < np; i++) if (rpiece(r, v)) return -1;
    if (!v->royal) return fail(r, "pieces", "a variant needs exactly one royal kind");
    if (rlen(r, 2, 2, "pawn pushes") < 0) return -1;
    for (int side = 0; side < 2; side++) if (rcell_lists(r, v->ncells, PAWN_PUSHES, "pawn pushes", &v->pawn_push[side][0][0])) return -1;
    if (rlen(r, 2, 2, "pawn captures") < 0) return -1;
    for (int side = 0; side < 2; side++) if (rcell_lists(r, v->ncells, PAWN_CAPS, "pawn captures", &v->pawn_cap[side][0][0])) return -1;
    if (rlen(r, 2, 2, "double steps") < 0) return -1;
    for (int side = 0; side < 2; side++) if (rdsteps(r, v, side)) return -1;
    if (rlen(r, 2, 2, "promotion cells") < 0) return -1;
    for (int side = 0; side < 2; side++) if (rcells(r, v->ncells, "promotion cells", &v->promo_bb[side])) return -1;
    return 0;
}

static int rrules(Reader *r, Variant *v) {
    int8_t kinds[NKINDS];
    int n, x;
    if (rint(r, 0, 1, "en_passant", &v->en_passant) || (n = rkinds(r, v, "promotions", kinds)) < 0) return -1;
    for (int i = 0; i <= n; i++) v->all_promos[i] = (uint32_t)kinds[i] << PROMO_SHIFT;
    if ((n = rkinds(r, v, "search_promotions", kinds)) < 0) return -1;
    for (int i = 0; i <= n; i++) v->search_promos[i] = (uint32_t)kinds[i] << PROMO_SHIFT;
    if ((n = rkinds(r, v, "reserve", v->reserve_list)) < 0) return -1;
    for (int i = 0; i < n; i++) v->reserve_kinds |= (uint16_t)(1 << v->reserve_list[i]);
    if (rint(r, 0, 1, "castling", &v->castling) || rint(r, 0, NKINDS - 1, "castle_kind", &v->castle_kind) ||
        (n = rlen(r, -1, MAXDIRS, "castle_dirs")) < 0)
        return -1;
    for (int i = 0; i < n; i++) { if (rint(r, 0, v->ndirs - 1, "castle_dirs", &x)) return -1; v->castle_dirs[i] = (int8_t)x; }
    return 0;
}

static int rkeys_and_values(Reader *r, Variant *v) {
    if (ru64_rows(r, NCODES, v->ncells, MAXCELLS, "keys", &v->zkey[0][0]) || ru64(r, "black_key", &v->zblack) ||
        ru64_rows(r, 2, NKINDS, NKINDS, "reserve_keys", &v->zreserve[0][0]) ||
        ru64_list(r, v->ncells, "unmoved_keys", v->zunmoved) || ru64_list(r, v->ncells, "ep_keys", v->zep) || rpst(r, v, "pst_mg", v->pst_mg) ||
        rpst(r, v, "pst_eg", v->pst_eg) || rints(r, NKINDS, -1000000, 1000000, "phase", v->phase_w) ||
        rints(r, NKINDS, -1000000, 1000000, "value", v->value) ||
        rints(r, NKINDS, -1000000, 1000000, "mob_mg", v->mob_mg) ||
        rints(r, NKINDS, -1000000, 1000000, "mob_eg", v->mob_eg) ||
        rints(r, NKINDS, -1000000, 1000000, "king_attack", v->king_attack_w))
        return -1;
    return 0;
}

static int revaluation(Reader *r, Variant *v) {
    int n, x;
    if (rlen(r, NKINDS, NKINDS, "mob_leaps") < 0) return -1;
    for (int k = 0; k < NKINDS; k++) {
        int32_t peek = r->i < r->n ? r->p[r->i] : 0;
        if (peek == -1) { r->i++; continue; } /* None */
        if (rcell_table(r, v->ncells, "mob_leaps", v->mob_leaps[k])) return -1;
    }
    if (rlen(r, NKINDS, NKINDS, "pair_class") < 0) return -1;
    for (int k = 0; k < NKINDS; k++) {
        int32_t peek = r->i < r->n ? r->p[r->i] : 0;
        if (peek == -1) { r->i++; continue; }
        v->has_pair[k] = 1;
        if ((n = rlen(r, v->ncells, MAXCELLS, "pair_class")) < 0) return -1;
        for (int c = 0; c < n; c++) { if (rint(r, 0, 31, "pair_class", &x)) return -1; v->pair_class[k][c] = (int8_t)x; }
    }
    if (rints(r, NKINDS, -1000000, 1000000, "pair_mg", v->pair_mg) ||
        rints(r, NKINDS, -1000000, 1000000, "pair_eg", v->pair_eg) || rcell_table(r, v->ncells, "near2", v->near2) ||
        rlen(r, 2, 2, "shelter") < 0 || rcell_table(r, v->ncells, "shelter", v->shelter[0]) ||
        rcell_table(r, v->ncells, "shelter", v->shelter[1]) || rint(r, 0, 1000, "adv_max", &v->adv_max) ||
        rint(r, 1, 100000, "phase_total", &v->phase_total))
        return -1;
    return 0;
}

/* Movable boards (spec.c's spec_pins): each pin's cells, per pin its targets (every other pin,
 * the other pins on its ranks), the fixed cells, a key per pin, unmoved pawns, a bare king
 * loses.  A build of the core without RS_WIDE refuses pins. */
static int rpins(Reader *r, Variant *v) {
    int np, n, x;
    bb_t fixed;
    for (int c = 0; c < MAXCELLS; c++) v->pin_of_anchor[c] = -1;
    if ((np = rlen(r, -1, MAXPINS, "pins")) < 0) return -1;
#ifndef RS_WIDE
    if (np > 0) return fail(r, "pins", "movable boards: only the wide build of the native core plays them");
#endif
    v->npins = np;
    for (int p = 0; p < np; p++) {
        if ((n = rlen(r, -1, MAXPINCELLS, "pins")) < 0) return -1;
        if (n == 0 || (v->pin_ncells && n != v->pin_ncells)) return fail(r, "pins", "every board has the same number of cells");
        v->pin_ncells = n;
        v->pin_bb[p] = BB_EMPTY;
        for (int i = 0; i < n; i++) {
            if (rint(r, 0, v->ncells - 1, "pins", &x)) return -1;
            if (v->pin_of_anchor[x] >= 0 || bb_test(v->pin_bb[p], x)) return fail(r, "pins", "a cell twice");
            v->pin_cells[p][i] = (cell_t)x;
            v->pin_bb[p] |= bb_bit(x);
        }
        v->pin_of_anchor[v->pin_cells[p][0]] = (int16_t)p;
    }
    if (rlen(r, np, np, "pin_targets") < 0) return -1;
    for (int p = 0; p < np; p++) {
        uint32_t *dst[2] = {&v->pin_others[p], &v->pin_same_ranks[p]};
        if (rlen(r, 2, 2, "pin_targets") < 0) return -1;
        for (int i = 0; i < 2; i++) {
            if ((n = rlen(r, -1, MAXPINS, "pin_targets")) < 0) return -1;
            *dst[i] = 0;
            for (int j = 0; j < n; j++) {
                if (rint(r, 0, np - 1, "pin_targets", &x)) return -1;
                *dst[i] |= 1u << x;
            }
        }
    }
    if (rcells(r, v->ncells, "fixed_cells", &fixed)) return -1;
    v->fixed_bb = fixed;
    if (rlen(r, np, np, "pin_keys") < 0) return -1;
    for (int p = 0; p < np; p++) if (ru64(r, "pin_keys", &v->zpin[p])) return -1;
    if (rint(r, 0, 1, "unmoved_pawns", &v->unmoved_pawns) || rint(r, 0, 1, "bare_royal_loses", &v->bare_royal_loses))
        return -1;
    return 0;
}

int wasm_spec_read(Variant *v, const int32_t *stream, int n, char *err, size_t errlen) {
    Reader r = {.p = stream, .n = n, .err = err, .errlen = errlen};
    int ncells;
    int8_t dirs[MAXDIRS][3];
    memset(v, 0, sizeof *v);
    if (rint(&r, 1, 1 << 20, "ncells", &ncells)) return -1;
    if (ncells > MAXCELLS) {
        snprintf(err, errlen, "a board of %d cells: this build of the native core holds at most %d", ncells, MAXCELLS);
        return -1;
    }
    v->ncells = ncells;
    memset(v->slide_dirs, -1, sizeof v->slide_dirs);
    memset(v->castle_dirs, -1, sizeof v->castle_dirs);
    memset(v->pawn_push, -1, sizeof v->pawn_push);
    memset(v->pawn_cap, -1, sizeof v->pawn_cap);
    if (rgeometry(&r, v, dirs) || rpieces_and_pawns(&r, v) || rrules(&r, v) || rkeys_and_values(&r, v) ||
        revaluation(&r, v) || rpins(&r, v))
        return -1;
    if (r.i != r.n) return fail(&r, "tables", "ints left over after the last field");
    return variant_build(v, (const int8_t(*)[3])dirs, err, errlen);
}
