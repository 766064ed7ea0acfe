/* The browser's engine: the native core's entry points in its WebAssembly build
 * (scripts/build_wasm.py), driven by analysis/static/analysis/js/engine_core.js.  The same
 * units as the CPython extension (variant, position, movegen, evaluate, search), with this file
 * instead of module.c/spec.c: a variant's tables come in flattened (wasm_spec.c), then one
 * current position is set, moves are played and taken back on it (their hashes are the
 * repetition history), and searched.  Numbers go through one int32 buffer (rsw_io); every
 * input is checked, so nothing a page hands in can read or write outside the core's tables.
 *
 * No stop entry: a single-threaded WebAssembly call cannot be reached while it runs, so the
 * Web Worker that hosts it is terminated to stop a search (analysis/static/analysis/js/). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "wasm.h"

#define EXPORT(name) __attribute__((export_name(#name)))

/* The exception tag search.c's longjmp throws (setjmp/longjmp are lowered to WebAssembly
 * exceptions); the WASI libc of the ziglang wheel uses it without defining it. */
__asm__(".globl __c_longjmp\n.tagtype __c_longjmp i32\n__c_longjmp:\n");

/* Each completed iteration is reported to the host as it happens. */
__attribute__((import_module("env"), import_name("rs_info"))) extern void rs_info(int depth, int score, double nodes,
                                                                                double seconds, const uint32_t *pv,
                                                                                int npv);

#define IO_SIZE (LEGAL_MAX + 3 * MAXCELLS + 64)
#define MAX_GAME (MAX_HIST - MAX_PLY - 16) /* moves played on the current position */

static Variant *variants[MAX_VARIANTS];
static int nvariants = 0;
static Pos *pos = NULL; /* the current position (NULL until one is set) */
static char err[256];
static int32_t io[IO_SIZE];
static uint64_t last_nodes;
static double last_seconds;

static int refuse(const char *msg) {
    snprintf(err, sizeof err, "%s", msg);
    return -1;
}

EXPORT(rsw_io) int32_t *rsw_io(void) { return io; }
EXPORT(rsw_io_size) int rsw_io_size(void) { return IO_SIZE; }
EXPORT(rsw_error) const char *rsw_error(void) { return err; }
EXPORT(rsw_alloc) void *rsw_alloc(int bytes) { return bytes > 0 ? malloc((size_t)bytes) : NULL; }
EXPORT(rsw_free) void rsw_free(void *p) { free(p); }

/* A variant from its flattened tables: its handle, or -1 (rsw_error says why). */
EXPORT(rsw_register) int rsw_register(const int32_t *stream, int n) {
    if (nvariants == MAX_VARIANTS) return refuse("the engine holds no more variants");
    if (!stream || n <= 0) return refuse("no variant tables");
    Variant *v = calloc(1, sizeof(Variant));
    if (!v) return refuse("out of memory");
    if (wasm_spec_read(v, stream, n, err, sizeof err)) { free(v); return -1; }
    variants[nvariants] = v;
    return nvariants++;
}

static int valid_code(const Variant *v, int c) {
    return c == 0 || (c > 0 && c < NCODES && (c & KIND_MASK) && v->kinds_present[c & KIND_MASK]);
}

/* The extra state after the codes in io: White's reserve kinds (bit per kind), Black's, the
 * count of unmoved cells and the cells, the count of en-passant cells and the cells, the
 * capturable pawn's cell or -1 (engine/core.py's _extra, as numbers). */
static int load_extra(Pos *p, const int32_t *x, const int32_t *end) {
    const Variant *v = p->v;
    uint16_t reserve[2];
    bb_t sets[2] = {BB_EMPTY, BB_EMPTY};
    if (end - x < 3) return refuse("extra state: too short");
    for (int side = 0; side < 2; side++) {
        if (x[side] < 0 || x[side] >= (1 << NKINDS) || (x[side] & ~v->reserve_kinds))
            return refuse("a reserve kind this variant does not place");
        reserve[side] = (uint16_t)x[side];
    }
    x += 2;
    for (int i = 0; i < 2; i++) {
        int n = *x++;
        if (n < 0 || n > v->ncells || end - x < n + 1) return refuse("extra state: bad cell list");
        for (int j = 0; j < n; j++, x++) {
            if (*x < 0 || *x >= v->ncells) return refuse("extra state: not a cell");
            sets[i] |= bb_bit(*x);
        }
    }
    int victim = *x, c;
    BB_FOREACH(c, sets[0]) {
        if (v->unmoved_pawns) {
            if (!p->sq[c] || p->sq[c] == VOID || (p->sq[c] & KIND_MASK) != PAWN) return refuse("an unmoved cell holds no pawn");
        } else if (!p->sq[c] || (p->sq[c] & KIND_MASK) == PAWN) {
            return refuse("an unmoved cell holds no piece other than a pawn");
        }
    }
    if (bb_any(sets[1])) {
        if (!v->en_passant) return refuse("this variant has no en passant");
        if (bb_popcount(sets[1]) > 2 || victim < 0 || victim >= v->ncells ||
            p->sq[victim] != (PAWN | (p->side ^ 1) << COLOR_SHIFT) || bb_any(sets[1] & (p->occ[0] | p->occ[1])))
            return refuse("en passant: one or two empty passed cells and the cell of a pawn of the side that moved");
    } else if (victim != -1) {
        return refuse("an en-passant pawn without passed cells");
    }
    pos_set_extra(p, reserve, sets[0], sets[1], victim);
    if (v->npins) { /* movable boards: the count of occupied pins, then their indices */
        uint32_t pins = 0;
        const char *why = NULL;
        x++;
        if (end - x < 1 || *x < 0 || *x > v->npins || end - x < *x + 1) return refuse("extra state: bad pin list");
        for (int i = 1; i <= *x; i++) {
            if (x[i] < 0 || x[i] >= v->npins) return refuse("extra state: not a pin");
            pins |= 1u << x[i];
        }
        if (pos_set_pins(p, pins, &why)) return refuse(why);
    }
    return 0;
}

/* The current position: the variant's piece code per cell in io[0..ncells), then (for a
 * variant with it) the extra state; 0, or -1 with the reason (the old position is kept). */
EXPORT(rsw_set_position) int rsw_set_position(int handle, int side, int hmc, int nio) {
    if (handle < 0 || handle >= nvariants) return refuse("no such variant");
    const Variant *v = variants[handle];
    if (side != 0 && side != 1) return refuse("side must be 0 (White) or 1 (Black)");
    if (hmc < 0) return refuse("halfmove clock out of range");
    if (nio < v->ncells || nio > IO_SIZE) return refuse("the board has too few cells");
    Pos *p = malloc(sizeof(Pos));
    if (!p) return refuse("out of memory");
    pos_clear(p, v);
    int kings[2] = {0, 0};
    for (int c = 0; c < v->ncells; c++) {
        int code = io[c];
        if (code == VOID && v->npins) { pos_void(p, c); continue; } /* a cell no board holds now */
        if (!valid_code(v, code)) { free(p); return refuse("a cell holds no piece code of this variant"); }
        if (!code) continue;
        if ((code & KIND_MASK) == v->royal) kings[code >> COLOR_SHIFT]++;
        if ((code & KIND_MASK) == PAWN && bb_test(v->promo_bb[code >> COLOR_SHIFT], c)) {
            free(p);
            return refuse("a pawn on its promotion row");
        }
        pos_put(p, c, code);
    }
    if (kings[0] != 1 || kings[1] != 1) { free(p); return refuse("each side needs exactly one king"); }
    pos_set_side(p, side);
    p->hmc = hmc;
    if (v->extra && load_extra(p, io + v->ncells, io + nio)) { free(p); return -1; }
    if (pos_attacked(p, p->kings[side ^ 1], side)) { free(p); return refuse("the side not to move is in check"); }
    free(pos);
    pos = p;
    return 0;
}

/* The legal moves (engine/moves.py's packed ints) into io; their count. */
EXPORT(rsw_legal) int rsw_legal(void) {
    if (!pos) return refuse("no position");
    return gen_legal(pos, 0, (uint32_t *)io);
}

EXPORT(rsw_play) int rsw_play(uint32_t m) {
    if (!pos) return refuse("no position");
    if (pos->n >= MAX_GAME) return refuse("too many moves");
    int n = gen_legal(pos, 0, (uint32_t *)io);
    for (int i = 0; i < n; i++)
        if ((uint32_t)io[i] == m) { pos_make(pos, m); return 0; }
    return refuse("that move is not legal here");
}

EXPORT(rsw_undo) int rsw_undo(void) {
    if (!pos || pos->n == 0) return refuse("no move to take back");
    pos_unmake(pos);
    return 0;
}

/* The current position into io: the code per cell, then side, halfmove clock, whether the side
 * to move is in check, White's and Black's reserve kinds, the royal piece's cell of the side to
 * move; the cell count. */
EXPORT(rsw_state) int rsw_state(void) {
    if (!pos) return refuse("no position");
    int n = pos->v->ncells;
    for (int c = 0; c < n; c++) io[c] = pos->sq[c];
    io[n] = pos->side; io[n + 1] = pos->hmc; io[n + 2] = pos_in_check(pos);
    io[n + 3] = pos->reserve[0]; io[n + 4] = pos->reserve[1]; io[n + 5] = pos->kings[pos->side];
    return n;
}

static void report(const SearchInfoC *info, void *ctx) {
    (void)ctx;
    rs_info(info->depth, info->score, (double)info->nodes, info->time, info->pv, info->npv);
}

/* Search the current position (limits as engine/search's: 0 = none); io gets the best move,
 * score (centipawns for the side to move, mates as search.c's), depth, then the PV's length
 * and moves.  0, or -1 (no legal move, bad limits, out of memory). */
EXPORT(rsw_search) int rsw_search(int depth, double movetime, double nodes, int tt_mib) {
    if (!pos) return refuse("no position");
    if (depth < 0 || depth > MAX_PLY - 4 || !(movetime >= 0) || movetime > 1e7 || !(nodes >= 0) || nodes > 1e15 ||
        tt_mib < 1 || tt_mib > 1024)
        return refuse("impossible search limits");
    uint32_t *moves = malloc(sizeof(uint32_t) * LEGAL_MAX);
    SearchOutput *out = malloc(sizeof(SearchOutput));
    if (!moves || !out) { free(moves); free(out); return refuse("out of memory"); }
    int n = gen_legal(pos, 0, moves), rc = 0;
    if (n == 0) {
        rc = refuse("the side to move has no legal move (the game is over)");
    } else {
        SearchParams sp = {.depth = depth, .movetime = movetime, .nodes = (uint64_t)nodes,
                           .tt_bytes = (size_t)tt_mib << 20, .on_info = report};
        search_run(pos, moves, n, &sp, out);
        if (out->error) {
            rc = refuse("out of memory");
        } else {
            io[0] = (int32_t)out->move; io[1] = out->score; io[2] = out->depth; io[3] = out->npv;
            memcpy(io + 4, out->pv, sizeof(uint32_t) * out->npv);
            last_nodes = out->nodes; last_seconds = out->time;
        }
    }
    free(moves); free(out);
    return rc;
}

EXPORT(rsw_last_nodes) double rsw_last_nodes(void) { return (double)last_nodes; }
EXPORT(rsw_last_seconds) double rsw_last_seconds(void) { return last_seconds; }
