/* Reading a variant's tables from Python (engine/core.py's variant_tables) into a Variant:
 * every value is checked, so a wrong table raises instead of corrupting the core.  A variant
 * the core cannot hold (more than 128 cells, more than 32 directions, rays longer than 7
 * cells...) raises the UnsupportedVariantError class handed in. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "core.h"
#include "spec.h"

static PyObject *unsupported; /* the error class for what the core cannot hold */

static PyObject *field(PyObject *spec, const char *key) {
    PyObject *v = PyDict_GetItemString(spec, key); /* borrowed */
    if (!v) PyErr_Format(PyExc_ValueError, "variant tables: missing %s", key);
    return v;
}

static int as_int(PyObject *obj, long lo, long hi, const char *what, long *out) {
    long v = PyLong_AsLong(obj);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) { PyErr_Format(PyExc_ValueError, "%s: %ld is outside %ld..%ld", what, v, lo, hi); return -1; }
    *out = v;
    return 0;
}

static int int_field(PyObject *spec, const char *key, long lo, long hi, long *out) {
    PyObject *v = field(spec, key);
    return v ? as_int(v, lo, hi, key, out) : -1;
}

/* A sequence of ints lo..hi into dst (at most cap); returns the count or -1. */
static int ints(PyObject *obj, long lo, long hi, long *dst, int cap, const char *what, PyObject *cap_error) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > cap) {
        PyErr_Format(cap_error ? cap_error : PyExc_ValueError, "%s: %zd entries, the native core holds at most %d", what, n, cap);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (as_int(PySequence_Fast_GET_ITEM(seq, i), lo, hi, what, &dst[i])) { Py_DECREF(seq); return -1; }
    Py_DECREF(seq);
    return (int)n;
}

/* A sequence of exactly `rows` items, each handed to fn(item, row index, ctx). */
typedef int (*row_fn)(PyObject *item, int i, void *ctx);
static int rows(PyObject *obj, int count, const char *what, row_fn fn, void *ctx) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != count) {
        PyErr_Format(PyExc_ValueError, "%s: expected %d entries, got %zd", what, count, PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    for (int i = 0; i < count; i++)
        if (fn(PySequence_Fast_GET_ITEM(seq, i), i, ctx)) { Py_DECREF(seq); return -1; }
    Py_DECREF(seq);
    return 0;
}

typedef struct { Variant *v; int side, kind; const char *what; void *dst; long lo, hi; } Ctx;

/* ---- row readers ---- */
static int coord_row(PyObject *item, int c, void *x) {
    Ctx *ctx = x; long t[3];
    if (ints(item, -64, 64, t, 3, "coords", NULL) != 3) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "coords: three per cell");
        return -1;
    }
    for (int j = 0; j < 3; j++) ctx->v->coord[c][j] = (int8_t)t[j];
    return 0;
}

static int dir_row(PyObject *item, int d, void *x) {
    Ctx *ctx = x; long t[3];
    if (ints(item, -64, 64, t, 3, "dirs", NULL) != 3) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "dirs: three components each");
        return -1;
    }
    int8_t (*dirs)[3] = ctx->dst;
    for (int j = 0; j < 3; j++) dirs[d][j] = (int8_t)t[j];
    return 0;
}

static int ray_dir(PyObject *item, int d, void *x) {
    Ctx *ctx = x; long t[RAYMAX];
    int c = ctx->kind; /* the cell, passed through */
    int n = ints(item, 0, ctx->v->ncells - 1, t, RAYMAX - 1, "rays", unsupported);
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) ctx->v->ray[c][d][i] = (cell_t)t[i];
    for (int i = n; i < RAYMAX; i++) ctx->v->ray[c][d][i] = -1;
    return 0;
}

static int ray_row(PyObject *item, int c, void *x) {
    Ctx *ctx = x, sub = *ctx;
    sub.kind = c;
    return rows(item, ctx->v->ndirs, "rays (one per direction)", ray_dir, &sub);
}

/* Per cell: target cells as a bitboard (leaps) */
static int bb_row(PyObject *item, int c, void *x) {
    Ctx *ctx = x; long t[MAXCELLS];
    int n = ints(item, 0, ctx->v->ncells - 1, t, MAXCELLS, ctx->what, NULL);
    if (n < 0) return -1;
    bb_t *dst = ctx->dst;
    dst[c] = BB_EMPTY;
    for (int i = 0; i < n; i++) dst[c] |= bb_bit((int)t[i]);
    return 0;
}

/* Per cell: target cells as a -1 terminated list of `cap` (pawn pushes and captures). */
static int list_row(PyObject *item, int c, void *x) {
    Ctx *ctx = x; long t[32];
    int cap = (int)ctx->hi;
    int n = ints(item, 0, ctx->v->ncells - 1, t, cap - 1, ctx->what, unsupported);
    if (n < 0) return -1;
    cell_t *dst = (cell_t *)ctx->dst + c * cap;
    for (int i = 0; i < n; i++) dst[i] = (cell_t)t[i];
    dst[n] = -1;
    return 0;
}

static int dstep_one(PyObject *item, int i, void *x) {
    Ctx *ctx = x;
    PyObject *to, *mids, *any;
    if (!PyArg_ParseTuple(item, "OOO;a double step is (target, middle cells, any)", &to, &mids, &any)) return -1;
    DStep *ds = &ctx->v->dstep[ctx->side][ctx->kind][i];
    long t, m[2];
    if (as_int(to, 0, ctx->v->ncells - 1, "double step target", &t)) return -1;
    int n = ints(mids, 0, ctx->v->ncells - 1, m, 2, "double step middle cells", unsupported);
    if (n < 0) return -1;
    int a = PyObject_IsTrue(any);
    if (a < 0) return -1;
    ds->to = (cell_t)t; ds->nmid = (int8_t)n; ds->any = (int8_t)a;
    for (int j = 0; j < n; j++) ds->mid[j] = (cell_t)m[j];
    return 0;
}

static int dstep_row(PyObject *item, int c, void *x) {
    Ctx *ctx = x, sub = *ctx;
    sub.kind = c;
    Py_ssize_t n = PySequence_Size(item);
    if (n < 0) return -1;
    if (n > MAXDSTEPS) { PyErr_Format(unsupported, "more than %d double steps from a cell", MAXDSTEPS); return -1; }
    ctx->v->ndstep[ctx->side][c] = (int8_t)n;
    return rows(item, (int)n, "double steps", dstep_one, &sub);
}

static int side_rows(PyObject *item, int side, void *x) {
    Ctx *ctx = x, sub = *ctx;
    sub.side = side;
    if (ctx->hi == -1) return rows(item, ctx->v->ncells, "double steps (per cell)", dstep_row, &sub);
    sub.dst = (cell_t *)ctx->dst + side * MAXCELLS * ctx->hi;
    return rows(item, ctx->v->ncells, ctx->what, list_row, &sub);
}

static int u64_row(PyObject *item, int i, void *x) {
    Ctx *ctx = x;
    unsigned long long u = PyLong_AsUnsignedLongLongMask(item);
    if (u == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    ((uint64_t *)ctx->dst)[i * ctx->lo] = u; /* lo: stride */
    return 0;
}

static int u64_table_row(PyObject *item, int code, void *x) {
    Ctx *ctx = x, sub = *ctx;
    sub.dst = (uint64_t *)ctx->dst + code * ctx->hi; /* hi: row stride */
    return rows(item, ctx->v->ncells, ctx->what, u64_row, &sub);
}

static int int_row(PyObject *item, int i, void *x) {
    Ctx *ctx = x; long v;
    if (as_int(item, -1000000, 1000000, ctx->what, &v)) return -1;
    ((int *)ctx->dst)[i] = (int)v;
    return 0;
}

static int int_table_row(PyObject *item, int code, void *x) {
    Ctx *ctx = x, sub = *ctx;
    sub.dst = (int *)ctx->dst + code * MAXCELLS;
    return rows(item, ctx->v->ncells, ctx->what, int_row, &sub);
}

static int piece_row(PyObject *item, int i, void *x) {
    Ctx *ctx = x;
    Variant *v = ctx->v;
    PyObject *kind_o, *quiet, *capture, *slides, *royal_o;
    if (!PyArg_ParseTuple(item, "OOOOO;a piece is (kind, quiet leap targets per cell, capture leap targets per cell, "
                                "slide direction indices, royal)", &kind_o, &quiet, &capture, &slides, &royal_o))
        return -1;
    long kind, d[MAXDIRS];
    if (as_int(kind_o, 2, NKINDS - 1, "piece kind", &kind)) return -1;
    if (v->kinds_present[kind]) { PyErr_Format(PyExc_ValueError, "piece kind %ld declared twice", kind); return -1; }
    v->kinds_present[kind] = 1;
    Ctx sub = *ctx;
    sub.what = "quiet leaps"; sub.dst = v->leap_quiet[kind];
    if (rows(quiet, v->ncells, "quiet leaps (per cell)", bb_row, &sub)) return -1;
    sub.what = "capture leaps"; sub.dst = v->leap_cap[kind];
    if (rows(capture, v->ncells, "capture leaps (per cell)", bb_row, &sub)) return -1;
    for (int c = 0; c < v->ncells; c++) if (bb_any(v->leap_quiet[kind][c] | v->leap_cap[kind][c])) v->leaper[kind] = 1;
    int n = ints(slides, 0, v->ndirs - 1, d, MAXDIRS, "slide directions", NULL);
    if (n < 0) return -1;
    for (int j = 0; j < n; j++) v->slide_dirs[kind][j] = (int8_t)d[j];
    v->slider[kind] = n > 0;
    int royal = PyObject_IsTrue(royal_o);
    if (royal < 0) return -1;
    if (royal) {
        if (v->royal) { PyErr_SetString(PyExc_ValueError, "a variant needs exactly one royal kind"); return -1; }
        v->royal = (int)kind;
    }
    return 0;
}

/* Per kind: None, or per cell the targets (mobility's leaps) / the part number 0..31. */
static Variant *current; /* the variant rows of optional_bb_rows and pair_rows read into */
static int optional_bb_rows(PyObject *item, int kind, void *x) {
    bb_t (*dst)[MAXCELLS] = x;
    memset(dst[kind], 0, sizeof dst[kind]);
    if (item == Py_None) return 0;
    Ctx ctx = {.v = current, .what = "mob_leaps", .dst = dst[kind]};
    return rows(item, current->ncells, "mob_leaps (per cell)", bb_row, &ctx);
}

static int pair_cell(PyObject *item, int c, void *x) {
    long part;
    if (as_int(item, 0, 31, "pair_class", &part)) return -1;
    ((int8_t *)x)[c] = (int8_t)part;
    return 0;
}

static int pair_rows(PyObject *item, int kind, void *x) {
    Variant *v = x;
    v->has_pair[kind] = item != Py_None;
    return item == Py_None ? 0 : rows(item, v->ncells, "pair_class (per cell)", pair_cell, v->pair_class[kind]);
}

static int kinds_list(PyObject *spec, const char *key, int8_t *dst, Variant *v, int pawn_ok) {
    long k[NKINDS];
    PyObject *o = field(spec, key);
    if (!o) return -1;
    int n = ints(o, 1, NKINDS - 1, k, NKINDS - 1, key, NULL);
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) {
        if (!v->kinds_present[k[i]] || (k[i] == PAWN && !pawn_ok) || k[i] == v->royal) {
            PyErr_Format(PyExc_ValueError, "%s: kind %ld is not one of the variant's pieces", key, k[i]);
            return -1;
        }
        dst[i] = (int8_t)k[i];
    }
    dst[n] = 0;
    return n;
}

static int small_table(PyObject *spec, const char *key, int *dst) {
    PyObject *o = field(spec, key);
    if (!o) return -1;
    Ctx ctx = {.what = key, .dst = dst};
    return rows(o, NKINDS, key, int_row, &ctx);
}

/* Movable boards: each pin's cells (all pins of one size), per pin its targets (every other
 * pin, the other pins on the same ranks), the fixed cells, a key per pin, and the two rules
 * that come with them (unmoved pawns, a bare king loses).  The narrow build refuses pins. */
static int pin_target_row(PyObject *item, int p, void *x) {
    Variant *v = x;
    PyObject *seq = PySequence_Fast(item, "pin targets");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 2) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "pin_targets: (other pins, other pins on the same ranks) per pin");
        return -1;
    }
    long t[MAXPINS];
    uint32_t *dst[2] = {&v->pin_others[p], &v->pin_same_ranks[p]};
    for (int i = 0; i < 2; i++) {
        int n = ints(PySequence_Fast_GET_ITEM(seq, i), 0, v->npins - 1, t, MAXPINS, "pin targets", NULL);
        if (n < 0) { Py_DECREF(seq); return -1; }
        *dst[i] = 0;
        for (int j = 0; j < n; j++) *dst[i] |= 1u << t[j];
    }
    Py_DECREF(seq);
    return 0;
}

static int pin_row(PyObject *item, int p, void *x) {
    Variant *v = x;
    long t[MAXPINCELLS];
    int n = ints(item, 0, v->ncells - 1, t, MAXPINCELLS, "pins", unsupported);
    if (n < 0) return -1;
    if (n == 0 || (v->pin_ncells && n != v->pin_ncells)) {
        PyErr_Format(unsupported, "pins: every movable board has the same number of cells (1..%d)", MAXPINCELLS);
        return -1;
    }
    v->pin_ncells = n;
    v->pin_bb[p] = BB_EMPTY;
    for (int i = 0; i < n; i++) {
        if (bb_test(v->fixed_bb, (int)t[i]) || v->pin_of_anchor[t[i]] >= 0) {
            PyErr_Format(PyExc_ValueError, "pins: cell %ld is fixed or an anchor already", t[i]);
            return -1;
        }
        v->pin_cells[p][i] = (cell_t)t[i];
        v->pin_bb[p] |= bb_bit((int)t[i]);
    }
    v->pin_of_anchor[t[0]] = (int16_t)p;
    return 0;
}

static int spec_pins(PyObject *spec, Variant *v) {
    PyObject *o;
    long t[MAXCELLS], x;
    for (int c = 0; c < MAXCELLS; c++) v->pin_of_anchor[c] = -1;
    if (!(o = field(spec, "fixed_cells"))) return -1;
    int n = ints(o, 0, v->ncells - 1, t, MAXCELLS, "fixed_cells", NULL);
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) v->fixed_bb |= bb_bit((int)t[i]);
    if (!(o = field(spec, "pins"))) return -1;
    Py_ssize_t np = PySequence_Size(o);
    if (np < 0) return -1;
    if (np > MAXPINS) { PyErr_Format(unsupported, "%zd pins: the native core holds at most %d", np, MAXPINS); return -1; }
#ifndef RS_WIDE
    if (np > 0) { PyErr_SetString(unsupported, "movable boards: only the wide build of the native core plays them"); return -1; }
#endif
    v->npins = (int)np;
    if (rows(o, v->npins, "pins", pin_row, v)) return -1;
    if (!(o = field(spec, "pin_targets")) || rows(o, v->npins, "pin_targets", pin_target_row, v)) return -1;
    Ctx ctx = {.v = v, .what = "pin keys", .dst = v->zpin, .lo = 1};
    if (!(o = field(spec, "pin_keys")) || rows(o, v->npins, "pin keys", u64_row, &ctx)) return -1;
    if (int_field(spec, "unmoved_pawns", 0, 1, &x)) return -1;
    v->unmoved_pawns = (int)x;
    if (int_field(spec, "bare_royal_loses", 0, 1, &x)) return -1;
    v->bare_royal_loses = (int)x;
    return 0;
}

Variant *spec_read(PyObject *spec, PyObject *unsupported_error) {
    unsupported = unsupported_error ? unsupported_error : PyExc_ValueError;
    if (!PyDict_Check(spec)) { PyErr_SetString(PyExc_TypeError, "variant tables must be a dict"); return NULL; }
    PyObject *ncells_o = field(spec, "ncells");
    if (!ncells_o) return NULL;
    long ncells = PyLong_AsLong(ncells_o);
    if (ncells == -1 && PyErr_Occurred()) return NULL;
    if (ncells < 1 || ncells > MAXCELLS) {
        PyErr_Format(unsupported, "a board of %ld cells: the native core holds at most %d (%d-bit boards)", ncells, MAXCELLS, MAXCELLS);
        return NULL;
    }
    Variant *v = PyMem_Calloc(1, sizeof(Variant));
    if (!v) return (Variant *)PyErr_NoMemory();
    current = v;
    v->ncells = (int)ncells;
    memset(v->slide_dirs, -1, sizeof v->slide_dirs);
    memset(v->castle_dirs, -1, sizeof v->castle_dirs);
    memset(v->pawn_push, -1, sizeof v->pawn_push);
    memset(v->pawn_cap, -1, sizeof v->pawn_cap);
    Ctx ctx = {.v = v};
    int8_t dirs[MAXDIRS][3];
    long t[MAXCELLS], x;
    char err[200];
    PyObject *o;
    Py_ssize_t nd;
    if (!(o = field(spec, "coords")) || rows(o, v->ncells, "coords", coord_row, &ctx)) goto fail;
    if (!(o = field(spec, "dirs")) || (nd = PySequence_Size(o)) < 0) goto fail;
    if (nd > MAXDIRS) { PyErr_Format(unsupported, "%zd line directions: the native core holds at most %d", nd, MAXDIRS); goto fail; }
    v->ndirs = (int)nd;
    ctx.dst = dirs;
    if (rows(o, v->ndirs, "dirs", dir_row, &ctx)) goto fail;
    if (!(o = field(spec, "rays")) || rows(o, v->ncells, "rays (per cell)", ray_row, &ctx)) goto fail;
    v->kinds_present[PAWN] = 1;
    if (!(o = field(spec, "pieces"))) goto fail;
    Py_ssize_t np = PySequence_Size(o);
    if (np < 0) goto fail;
    if (rows(o, (int)np, "pieces", piece_row, &ctx)) goto fail;
    if (!v->royal) { PyErr_SetString(PyExc_ValueError, "a variant needs exactly one royal kind"); goto fail; }
    ctx.what = "pawn pushes"; ctx.dst = v->pawn_push; ctx.hi = PAWN_PUSHES;
    if (!(o = field(spec, "pawn_push")) || rows(o, 2, "pawn pushes (per side)", side_rows, &ctx)) goto fail;
    ctx.what = "pawn captures"; ctx.dst = v->pawn_cap; ctx.hi = PAWN_CAPS;
    if (!(o = field(spec, "pawn_capture")) || rows(o, 2, "pawn captures (per side)", side_rows, &ctx)) goto fail;
    ctx.hi = -1;
    if (!(o = field(spec, "double_steps")) || rows(o, 2, "double steps (per side)", side_rows, &ctx)) goto fail;
    if (!(o = field(spec, "promotion_cells"))) goto fail;
    for (int side = 0; side < 2; side++) {
        PyObject *row = PySequence_GetItem(o, side);
        if (!row) goto fail;
        int n = ints(row, 0, v->ncells - 1, t, MAXCELLS, "promotion cells", NULL);
        Py_DECREF(row);
        if (n < 0) goto fail;
        for (int i = 0; i < n; i++) v->promo_bb[side] |= bb_bit((int)t[i]);
    }
    if (int_field(spec, "en_passant", 0, 1, &x)) goto fail;
    v->en_passant = (int)x;
    int8_t kinds[NKINDS];
    int n = kinds_list(spec, "promotions", kinds, v, 0);
    if (n < 0) goto fail;
    for (int i = 0; i <= n; i++) v->all_promos[i] = (uint32_t)kinds[i] << PROMO_SHIFT;
    if ((n = kinds_list(spec, "search_promotions", kinds, v, 0)) < 0) goto fail;
    for (int i = 0; i <= n; i++) v->search_promos[i] = (uint32_t)kinds[i] << PROMO_SHIFT;
    if ((n = kinds_list(spec, "reserve", v->reserve_list, v, 0)) < 0) goto fail;
    for (int i = 0; i < n; i++) v->reserve_kinds |= (uint16_t)(1 << v->reserve_list[i]);
    if (int_field(spec, "castling", 0, 1, &x)) goto fail;
    v->castling = (int)x;
    if (int_field(spec, "castle_kind", 0, NKINDS - 1, &x)) goto fail;
    v->castle_kind = (int)x;
    if (!(o = field(spec, "castle_dirs")) || (n = ints(o, 0, v->ndirs - 1, t, MAXDIRS, "castle_dirs", NULL)) < 0) goto fail;
    for (int i = 0; i < n; i++) v->castle_dirs[i] = (int8_t)t[i];
    /* keys and values */
    ctx.what = "keys"; ctx.dst = v->zkey; ctx.lo = 1; ctx.hi = MAXCELLS;
    if (!(o = field(spec, "keys")) || rows(o, NCODES, "keys (per code)", u64_table_row, &ctx)) goto fail;
    if (!(o = field(spec, "black_key"))) goto fail;
    v->zblack = PyLong_AsUnsignedLongLongMask(o);
    if (PyErr_Occurred()) goto fail;
    ctx.what = "reserve keys"; ctx.dst = v->zreserve; ctx.lo = 1; ctx.hi = NKINDS;
    if (!(o = field(spec, "reserve_keys"))) goto fail;
    for (int side = 0; side < 2; side++) {
        PyObject *row = PySequence_GetItem(o, side);
        if (!row) goto fail;
        ctx.dst = v->zreserve[side];
        int rc = rows(row, NKINDS, "reserve keys (per kind)", u64_row, &ctx);
        Py_DECREF(row);
        if (rc) goto fail;
    }
    ctx.what = "unmoved keys"; ctx.dst = v->zunmoved;
    if (!(o = field(spec, "unmoved_keys")) || rows(o, v->ncells, "unmoved keys", u64_row, &ctx)) goto fail;
    ctx.what = "en passant keys"; ctx.dst = v->zep;
    if (!(o = field(spec, "ep_keys")) || rows(o, v->ncells, "en passant keys", u64_row, &ctx)) goto fail;
    ctx.what = "pst_mg"; ctx.dst = v->pst_mg;
    if (!(o = field(spec, "pst_mg")) || rows(o, NCODES, "pst_mg (per code)", int_table_row, &ctx)) goto fail;
    ctx.what = "pst_eg"; ctx.dst = v->pst_eg;
    if (!(o = field(spec, "pst_eg")) || rows(o, NCODES, "pst_eg (per code)", int_table_row, &ctx)) goto fail;
    if (small_table(spec, "phase", v->phase_w) || small_table(spec, "value", v->value) ||
        small_table(spec, "mob_mg", v->mob_mg) || small_table(spec, "mob_eg", v->mob_eg) ||
        small_table(spec, "king_attack", v->king_attack_w))
        goto fail;
    if (small_table(spec, "pair_mg", v->pair_mg) || small_table(spec, "pair_eg", v->pair_eg)) goto fail;
    if (!(o = field(spec, "mob_leaps")) || rows(o, NKINDS, "mob_leaps (per kind)", optional_bb_rows, v->mob_leaps)) goto fail;
    if (!(o = field(spec, "pair_class")) || rows(o, NKINDS, "pair_class (per kind)", pair_rows, v)) goto fail;
    ctx.what = "near2"; ctx.dst = v->near2;
    if (!(o = field(spec, "near2")) || rows(o, v->ncells, "near2 (per cell)", bb_row, &ctx)) goto fail;
    for (int side = 0; side < 2; side++) {
        PyObject *row = (o = field(spec, "shelter")) ? PySequence_GetItem(o, side) : NULL;
        if (!row) goto fail;
        ctx.what = "shelter"; ctx.dst = v->shelter[side];
        int rc = rows(row, v->ncells, "shelter (per cell)", bb_row, &ctx);
        Py_DECREF(row);
        if (rc) goto fail;
    }
    if (int_field(spec, "phase_total", 1, 100000, &x)) goto fail;
    v->phase_total = (int)x;
    if (int_field(spec, "adv_max", 0, 1000, &x)) goto fail;
    v->adv_max = (int)x;
    if (spec_pins(spec, v)) goto fail;
    if (variant_build(v, (const int8_t(*)[3])dirs, err, sizeof err)) { PyErr_SetString(unsupported, err); goto fail; }
    return v;
fail:
    PyMem_Free(v);
    return NULL;
}
