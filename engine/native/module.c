/* CPython glue: engine._rs_native (and, built with RS_WIDE, engine._rs_native_wide: see core.h).  A variant's tables come in once (register(tables) ->
 * handle, see spec.c); every other call names its handle first.  Positions come in as (the
 * variant's piece codes per cell, side to move, halfmove clock, hashes of the earlier
 * positions, and for variants with them the extra state: (White's reserve kinds, Black's,
 * unmoved cells, en-passant cells, the capturable pawn's cell)); moves are engine.moves'
 * packed ints.  Every input is checked here, so no Python value can crash the interpreter:
 * bad input raises ValueError/TypeError.  perft and search run with the GIL released. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "core.h"
#include "spec.h"
#include "tb.h"

#ifdef RS_WIDE
#define MODULE_NAME "engine._rs_native_wide"
#define MODULE_INIT PyInit__rs_native_wide
#else
#define MODULE_NAME "engine._rs_native"
#define MODULE_INIT PyInit__rs_native
#endif

static PyObject *position_error = NULL; /* engine.errors.PositionError, handed in by init() */
static PyObject *illegal_move_error = NULL; /* engine.errors.IllegalMoveError */
static PyObject *unsupported_error = NULL; /* engine.errors.UnsupportedVariantError */
static Variant *variants[MAX_VARIANTS]; /* registered variants, never freed (a handful per process) */
static int nvariants = 0;

/* ---- StopFlag: set() from any thread stops a running search at its next clock reading ---- */
typedef struct { PyObject_HEAD volatile int flag; } StopFlag;

static PyObject *stop_set(StopFlag *self, PyObject *Py_UNUSED(a)) { self->flag = 1; Py_RETURN_NONE; }
static PyObject *stop_clear(StopFlag *self, PyObject *Py_UNUSED(a)) { self->flag = 0; Py_RETURN_NONE; }
static PyObject *stop_is_set(StopFlag *self, PyObject *Py_UNUSED(a)) { return PyBool_FromLong(self->flag); }
static PyMethodDef stop_methods[] = {
    {"set", (PyCFunction)stop_set, METH_NOARGS, "Ask the search to stop."},
    {"clear", (PyCFunction)stop_clear, METH_NOARGS, "Reset the flag."},
    {"is_set", (PyCFunction)stop_is_set, METH_NOARGS, "Whether stop was asked."},
    {NULL, NULL, 0, NULL}};
static PyTypeObject StopFlagType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = MODULE_NAME ".StopFlag",
    .tp_basicsize = sizeof(StopFlag), .tp_flags = Py_TPFLAGS_DEFAULT, .tp_new = PyType_GenericNew,
    .tp_methods = stop_methods, .tp_doc = "A flag a search polls; set() stops it."};

/* ---- reading Python values ---- */
static int error_class(PyObject *cls) {
    return cls == NULL || cls == Py_None ||
           (PyType_Check(cls) && PyType_IsSubtype((PyTypeObject *)cls, (PyTypeObject *)PyExc_ValueError));
}

static PyObject *py_init(PyObject *self, PyObject *args) {
    PyObject *errs[3] = {NULL, NULL, NULL};
    if (!PyArg_ParseTuple(args, "|OOO", &errs[0], &errs[1], &errs[2])) return NULL;
    for (int i = 0; i < 3; i++)
        if (!error_class(errs[i])) {
            PyErr_SetString(PyExc_TypeError, "the error classes must be ValueError subclasses");
            return NULL;
        }
    PyObject **slots[3] = {&position_error, &illegal_move_error, &unsupported_error};
    for (int i = 0; i < 3; i++) {
        PyObject *e = errs[i] == Py_None ? NULL : errs[i];
        Py_XINCREF(e);
        Py_XSETREF(*slots[i], e);
    }
    Py_RETURN_NONE;
}

#define POSERR (position_error ? position_error : PyExc_ValueError)
#define UNSUPPORTED (unsupported_error ? unsupported_error : PyExc_ValueError)

static PyObject *py_register(PyObject *self, PyObject *args) {
    PyObject *spec;
    if (!PyArg_ParseTuple(args, "O", &spec)) return NULL;
    if (nvariants == MAX_VARIANTS) {
        PyErr_Format(UNSUPPORTED, "the native core holds at most %d variants", MAX_VARIANTS);
        return NULL;
    }
    Variant *v = spec_read(spec, UNSUPPORTED);
    if (!v) return NULL;
    variants[nvariants] = v;
    return PyLong_FromLong(HANDLE_BASE + nvariants++);
}

static const Variant *variant_of(PyObject *handle) {
    long h = PyLong_AsLong(handle);
    if (h == -1 && PyErr_Occurred()) return NULL;
    if (h < HANDLE_BASE || h >= HANDLE_BASE + nvariants) {
        PyErr_Format(UNSUPPORTED, "no variant with handle %ld was given to the native core (%s)", h, MODULE_NAME);
        return NULL;
    }
    return variants[h - HANDLE_BASE];
}

/* Cells from a sequence into a bitboard (each < ncells); -1 with an exception. */
static int cell_set(PyObject *obj, int ncells, bb_t *out, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    *out = BB_EMPTY;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (c == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        if (c < 0 || c >= ncells) { PyErr_Format(POSERR, "%s: %ld is not a cell", what, c); Py_DECREF(seq); return -1; }
        *out |= bb_bit((int)c);
    }
    Py_DECREF(seq);
    return 0;
}

/* The extra state (reserves, unmoved, ep cells, ep pawn), checked against the board. */
static int load_extra(Pos *p, PyObject *extra) {
    const Variant *v = p->v;
    PyObject *res[2], *unmoved_o, *ep_o, *victim_o, *pins_o = NULL;
    if (!PyTuple_Check(extra) || !PyArg_ParseTuple(extra, "OOOOO|O;extra state is (White's reserve kinds, Black's, "
                                                   "unmoved cells, en-passant cells, en-passant pawn's cell or -1"
                                                   "[, occupied pins])",
                                                   &res[0], &res[1], &unmoved_o, &ep_o, &victim_o, &pins_o) ||
        (pins_o != NULL) != (v->npins > 0)) {
        if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_SetString(POSERR, v->npins ? "extra state is (White's reserve kinds, Black's, unmoved cells, "
                                               "en-passant cells, en-passant pawn's cell or -1, occupied pins)"
                                             : "extra state is (White's reserve kinds, Black's, unmoved cells, "
                                               "en-passant cells, en-passant pawn's cell or -1)");
        }
        return -1;
    }
    uint16_t reserve[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        bb_t kinds;
        if (cell_set(res[side], NKINDS, &kinds, "reserve kinds")) return -1;
        if ((uint16_t)bb_low(kinds) & ~v->reserve_kinds) { PyErr_SetString(POSERR, "a reserve kind this variant does not place"); return -1; }
        reserve[side] = (uint16_t)bb_low(kinds);
    }
    bb_t unmoved, ep;
    if (cell_set(unmoved_o, v->ncells, &unmoved, "unmoved cells") || cell_set(ep_o, v->ncells, &ep, "en-passant cells"))
        return -1;
    int c;
    BB_FOREACH(c, unmoved) {
        int kind = p->sq[c] & KIND_MASK;
        if (v->unmoved_pawns) {
            if (!p->sq[c] || p->sq[c] == VOID || kind != PAWN) { PyErr_Format(POSERR, "unmoved cell %d holds no pawn", c); return -1; }
        } else if (!p->sq[c] || kind == PAWN) {
            PyErr_Format(POSERR, "unmoved cell %d holds no piece other than a pawn", c);
            return -1;
        }
    }
    long victim = PyLong_AsLong(victim_o);
    if (victim == -1 && PyErr_Occurred()) return -1;
    if (bb_any(ep)) {
        if (!v->en_passant) { PyErr_SetString(POSERR, "this variant has no en passant"); return -1; }
        if (bb_popcount(ep) > 2 || victim < 0 || victim >= v->ncells ||
            p->sq[victim] != (PAWN | (p->side ^ 1) << COLOR_SHIFT) || bb_any(ep & p->occ[0]) || bb_any(ep & p->occ[1])) {
            PyErr_SetString(POSERR, "en passant: one or two empty passed cells and the cell of a pawn of the side that moved");
            return -1;
        }
    } else if (victim != -1) {
        PyErr_SetString(POSERR, "an en-passant pawn without passed cells");
        return -1;
    }
    pos_set_extra(p, reserve, unmoved, ep, (int)victim);
    if (pins_o) {
        bb_t pins;
        const char *why = NULL;
        if (cell_set(pins_o, v->npins, &pins, "occupied pins")) return -1;
        if (pos_set_pins(p, (uint32_t)bb_low(pins), &why)) { PyErr_SetString(POSERR, why); return -1; }
    }
    return 0;
}

static int valid_code(const Variant *v, long c) {
    if (c == 0) return 1;
    if (c < 0 || c >= NCODES) return 0;
    return v->kinds_present[c & KIND_MASK] && (c & KIND_MASK);
}

/* Fill a fresh Pos from (board, side, hmc, history, extra); NULL with an exception on bad input. */
static Pos *load(const Variant *v, PyObject *board, int side, long long hmc, PyObject *history, PyObject *extra) {
    if (side != 0 && side != 1) { PyErr_SetString(POSERR, "side must be 0 (White) or 1 (Black)"); return NULL; }
    if (hmc < 0 || hmc > 1000000000LL) { PyErr_SetString(POSERR, "halfmove clock out of range"); return NULL; }
    PyObject *seq = PySequence_Fast(board, "board must be a sequence of piece codes");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != v->ncells) {
        Py_DECREF(seq);
        PyErr_Format(POSERR, "board must have %d cells", v->ncells);
        return NULL;
    }
    Pos *p = PyMem_Malloc(sizeof(Pos));
    if (!p) { Py_DECREF(seq); return (Pos *)PyErr_NoMemory(); }
    pos_clear(p, v);
    int kings[2] = {0, 0}, voids = 0;
    for (int c = 0; c < v->ncells; c++) {
        long code = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c));
        if (code == -1 && PyErr_Occurred()) goto fail;
        if (code == VOID && v->npins) { pos_void(p, c); voids = 1; continue; } /* a cell no board holds now */
        if (!valid_code(v, code)) { PyErr_Format(POSERR, "cell %d: %ld is not a piece code", c, code); goto fail; }
        if (code) {
            if ((code & KIND_MASK) == v->royal) kings[code >> COLOR_SHIFT]++;
            if ((code & KIND_MASK) == PAWN && bb_test(v->promo_bb[code >> COLOR_SHIFT], (int)c)) {
                PyErr_Format(POSERR, "cell %d: a pawn on its promotion row", c);
                goto fail;
            }
            pos_put(p, c, (int)code);
        }
    }
    if (kings[0] != 1 || kings[1] != 1) { PyErr_SetString(POSERR, "each side needs exactly one king"); goto fail; }
    pos_set_side(p, side);
    p->hmc = (int)hmc;
    if (extra && extra != Py_None && load_extra(p, extra)) goto fail;
    if (v->npins && (!extra || extra == Py_None) && voids) {
        PyErr_SetString(POSERR, "a board with missing cells needs its occupied pins (the extra state)");
        goto fail;
    }
    if (pos_attacked(p, p->kings[side ^ 1], side)) {
        PyErr_SetString(POSERR, "the side not to move is in check");
        goto fail;
    }
    Py_DECREF(seq);
    seq = NULL;
    if (history && history != Py_None) {
        PyObject *h = PySequence_Fast(history, "history must be a sequence of hashes");
        if (!h) { PyMem_Free(p); return NULL; }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(h), from = n > 1024 ? n - 1024 : 0;
        for (Py_ssize_t i = from; i < n; i++) {
            unsigned long long k = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(h, i));
            if (k == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(h); PyMem_Free(p); return NULL; }
            Undo *u = &p->stack[p->n++];
            memset(u, 0, sizeof *u);
            u->hash = k;
        }
        Py_DECREF(h);
    }
    return p;
fail:
    Py_XDECREF(seq);
    PyMem_Free(p);
    return NULL;
}

/* The extra state as Python values (the shape load_extra reads), or None. */
static PyObject *extra_out_base(const Pos *p);
static PyObject *extra_out(const Pos *p) {
    PyObject *base = extra_out_base(p);
    if (!base || base == Py_None || !p->v->npins) return base;
    /* Movable boards: the same tuple with the occupied pins. */
    PyObject *pins = PyList_New(0);
    uint32_t bits = pos_pins(p);
    for (int i = 0; pins && i < p->v->npins; i++) {
        if (!(bits >> i & 1)) continue;
        PyObject *o = PyLong_FromLong(i);
        if (!o || PyList_Append(pins, o)) { Py_XDECREF(o); Py_CLEAR(pins); break; }
        Py_DECREF(o);
    }
    if (!pins) { Py_DECREF(base); return NULL; }
    PyObject *out = PyTuple_Pack(6, PyTuple_GET_ITEM(base, 0), PyTuple_GET_ITEM(base, 1), PyTuple_GET_ITEM(base, 2),
                                 PyTuple_GET_ITEM(base, 3), PyTuple_GET_ITEM(base, 4), pins);
    Py_DECREF(base);
    Py_DECREF(pins);
    return out;
}

static PyObject *extra_out_base(const Pos *p) {
    if (!p->v->extra) Py_RETURN_NONE;
    PyObject *parts[4];
    bb_t sets[4] = {bb_from_low(p->reserve[0]), bb_from_low(p->reserve[1]), p->unmoved, p->ep_cells};
    for (int i = 0; i < 4; i++) {
        parts[i] = PyList_New(0);
        if (!parts[i]) { for (int j = 0; j < i; j++) Py_DECREF(parts[j]); return NULL; }
        int c;
        BB_FOREACH(c, sets[i]) {
            PyObject *o = PyLong_FromLong(c);
            if (!o || PyList_Append(parts[i], o)) { Py_XDECREF(o); for (int j = 0; j <= i; j++) Py_DECREF(parts[j]); return NULL; }
            Py_DECREF(o);
        }
    }
    return Py_BuildValue("NNNNi", parts[0], parts[1], parts[2], parts[3], p->ep_victim);
}

static PyObject *move_list(const uint32_t *moves, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromUnsignedLong(moves[i]));
    return out;
}

static PyObject *py_legal_moves(PyObject *self, PyObject *args) {
    PyObject *handle, *board, *extra = Py_None; int side, captures_only = 0;
    if (!PyArg_ParseTuple(args, "OOi|pO", &handle, &board, &side, &captures_only, &extra)) return NULL;
    const Variant *v = variant_of(handle);
    if (!v) return NULL;
    Pos *p = load(v, board, side, 0, NULL, extra);
    if (!p) return NULL;
    uint32_t *moves = PyMem_Malloc(sizeof(uint32_t) * LEGAL_MAX);
    if (!moves) { PyMem_Free(p); return PyErr_NoMemory(); }
    int n = gen_legal(p, captures_only, moves);
    PyObject *out = move_list(moves, n);
    PyMem_Free(moves);
    PyMem_Free(p);
    return out;
}

static PyObject *py_perft(PyObject *self, PyObject *args) {
    PyObject *handle, *board, *extra = Py_None; int side, depth, bulk = 1;
    if (!PyArg_ParseTuple(args, "OOii|pO", &handle, &board, &side, &depth, &bulk, &extra)) return NULL;
    const Variant *v = variant_of(handle);
    if (!v) return NULL;
    if (depth > 12) { PyErr_SetString(PyExc_ValueError, "perft depth above 12 would not finish"); return NULL; }
    Pos *p = load(v, board, side, 0, NULL, extra);
    if (!p) return NULL;
    uint64_t n;
    Py_BEGIN_ALLOW_THREADS
    n = perft(p, depth, bulk);
    Py_END_ALLOW_THREADS
    PyMem_Free(p);
    return PyLong_FromUnsignedLongLong(n);
}

static PyObject *py_evaluate(PyObject *self, PyObject *args) {
    PyObject *handle, *board, *extra = Py_None; int side, fast = 0;
    if (!PyArg_ParseTuple(args, "OOi|pO", &handle, &board, &side, &fast, &extra)) return NULL;
    const Variant *v = variant_of(handle);
    if (!v) return NULL;
    Pos *p = load(v, board, side, 0, NULL, extra);
    if (!p) return NULL;
    int score = fast ? fast_evaluate(p) : evaluate(p, NULL, NULL);
    PyMem_Free(p);
    return PyLong_FromLong(score);
}

/* Play packed moves (each checked against the legal list) and return the board state:
 * (codes, side, hmc, hash, pawn_hash, mg, eg, phase, extra state or None). */
static PyObject *py_play(PyObject *self, PyObject *args) {
    PyObject *handle, *board, *moves, *extra = Py_None; int side; long long hmc;
    if (!PyArg_ParseTuple(args, "OOiLO|O", &handle, &board, &side, &hmc, &moves, &extra)) return NULL;
    const Variant *v = variant_of(handle);
    if (!v) return NULL;
    PyObject *seq = PySequence_Fast(moves, "moves must be a sequence of packed moves");
    if (!seq) return NULL;
    Pos *p = load(v, board, side, hmc, NULL, extra);
    uint32_t *legal = PyMem_Malloc(sizeof(uint32_t) * LEGAL_MAX);
    if (!p || !legal) { Py_DECREF(seq); PyMem_Free(p); PyMem_Free(legal); return p ? PyErr_NoMemory() : NULL; }
    Py_ssize_t nm = PySequence_Fast_GET_SIZE(seq);
    if (nm > MAX_HIST - 8) { PyErr_SetString(PyExc_ValueError, "too many moves"); goto fail; }
    for (Py_ssize_t i = 0; i < nm; i++) {
        unsigned long long m = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (m == (unsigned long long)-1 && PyErr_Occurred()) {
            if (PyErr_ExceptionMatches(PyExc_OverflowError)) { PyErr_Clear(); PyErr_SetString(PyExc_ValueError, "not a packed move"); }
            goto fail;
        }
        int n = gen_legal(p, 0, legal), ok = 0;
        for (int j = 0; j < n; j++) if (legal[j] == m) { ok = 1; break; }
        if (!ok) {
            PyErr_Format(illegal_move_error ? illegal_move_error : PyExc_ValueError, "move %zd (%llu) is not legal here", i, m);
            goto fail;
        }
        pos_make(p, (uint32_t)m);
    }
    PyObject *codes = PyList_New(v->ncells);
    if (!codes) goto fail;
    for (int c = 0; c < v->ncells; c++) PyList_SET_ITEM(codes, c, PyLong_FromLong(p->sq[c]));
    PyObject *state = extra_out(p);
    if (!state) { Py_DECREF(codes); goto fail; }
    PyObject *out = Py_BuildValue("NiiKKiiiN", codes, p->side, p->hmc, (unsigned long long)p->hash,
                                  (unsigned long long)p->pawn_hash, p->mg, p->eg, p->phase, state);
    Py_DECREF(seq); PyMem_Free(p); PyMem_Free(legal);
    return out;
fail:
    Py_DECREF(seq); PyMem_Free(p); PyMem_Free(legal);
    return NULL;
}

static PyObject *pv_list(const uint32_t *pv, int n) { return move_list(pv, n); }

/* UCI's "searchmoves": keep only the root moves named in `wanted` (packed moves, each legal
   here, at least one; a repeated move counts once), in the legal list's order.  Returns the
   new count, or -1 with ValueError set. */
static int restrict_root(PyObject *wanted, uint32_t *moves, int n) {
    PyObject *seq = PySequence_Fast(wanted, "root_moves must be a sequence of packed moves");
    if (!seq) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    if (k == 0) { Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "root_moves is empty"); return -1; }
    unsigned char keep[LEGAL_MAX] = {0};
    for (Py_ssize_t i = 0; i < k; i++) {
        unsigned long long m = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (m == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        int found = -1;
        for (int j = 0; j < n; j++) if (moves[j] == m) { found = j; break; }
        if (found < 0) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "root move %llu is not legal in this position", m);
            return -1;
        }
        keep[found] = 1;
    }
    Py_DECREF(seq);
    int kept = 0;
    for (int j = 0; j < n; j++) if (keep[j]) moves[kept++] = moves[j];
    return kept;
}

static PyObject *py_search(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"handle", "board", "side", "hmc", "history", "depth", "movetime", "nodes", "min_depth",
                             "noise", "noise_key", "tt_bytes", "stop", "cpu_clock", "extra", "keep_tt", "root_moves", "threads", NULL};
    PyObject *handle, *board, *history = Py_None, *stop = Py_None, *extra = Py_None, *root_moves = Py_None;
    int side, depth = 0, min_depth = 0, noise = 0, cpu_clock = 0, keep_tt = 0, threads = 1;
    long long hmc = 0, nodes = 0, tt_bytes = 16 << 20;
    double movetime = 0;
    unsigned long long noise_key = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOiL|OidLiiKLOpOpOi", kwlist, &handle, &board, &side, &hmc, &history,
                                     &depth, &movetime, &nodes, &min_depth, &noise, &noise_key, &tt_bytes, &stop,
                                     &cpu_clock, &extra, &keep_tt, &root_moves, &threads))
        return NULL;
    const Variant *v = variant_of(handle);
    if (!v) return NULL;
    if (depth < 0 || depth > MAX_PLY - 4 || nodes < 0 || movetime < 0 || movetime != movetime || movetime > 1e7 ||
        min_depth < 0 || noise < 0 || noise > 10000 || threads < 1 || threads > SEARCH_THREADS_MAX) {
        PyErr_SetString(PyExc_ValueError, "impossible search limits");
        return NULL;
    }
    if (tt_bytes < 1024 || tt_bytes > (1LL << 32)) { PyErr_SetString(PyExc_ValueError, "tt_bytes out of range"); return NULL; }
    if (stop != Py_None && !PyObject_TypeCheck(stop, &StopFlagType)) {
        PyErr_SetString(PyExc_TypeError, "stop must be a StopFlag or None");
        return NULL;
    }
    Pos *p = load(v, board, side, hmc, history, extra);
    if (!p) return NULL;
    uint32_t *moves = PyMem_Malloc(sizeof(uint32_t) * LEGAL_MAX);
    SearchOutput *out = PyMem_Malloc(sizeof(SearchOutput));
    if (!moves || !out) { PyMem_Free(p); PyMem_Free(moves); PyMem_Free(out); return PyErr_NoMemory(); }
    int n = gen_legal(p, 0, moves);
    if (n == 0) {
        PyMem_Free(p); PyMem_Free(moves); PyMem_Free(out);
        PyErr_SetString(PyExc_ValueError, "the side to move has no legal move (the game is over)");
        return NULL;
    }
    if (root_moves != Py_None && (n = restrict_root(root_moves, moves, n)) < 0) {
        PyMem_Free(p); PyMem_Free(moves); PyMem_Free(out);
        return NULL;
    }
    SearchParams sp = {depth, movetime, (uint64_t)nodes, min_depth, noise, noise_key, (size_t)tt_bytes,
                       stop == Py_None ? NULL : &((StopFlag *)stop)->flag, cpu_clock, keep_tt};
    sp.full_depth = root_moves != Py_None;
    sp.threads = threads;
    Py_XINCREF(stop);
    Py_BEGIN_ALLOW_THREADS
    search_run(p, moves, n, &sp, out);
    Py_END_ALLOW_THREADS
    Py_XDECREF(stop);
    PyObject *result = NULL;
    if (out->error) {
        PyErr_NoMemory();
    } else {
        PyObject *infos = PyList_New(out->ninfos);
        if (infos) {
            for (int i = 0; i < out->ninfos; i++) {
                SearchInfoC *in = &out->infos[i];
                PyList_SET_ITEM(infos, i, Py_BuildValue("iiKdN", in->depth, in->score, (unsigned long long)in->nodes,
                                                        in->time, pv_list(in->pv, in->npv)));
            }
            PyObject *per_thread = PyList_New(out->nthreads);
            if (per_thread) {
                for (int i = 0; i < out->nthreads; i++)
                    PyList_SET_ITEM(per_thread, i, PyLong_FromUnsignedLongLong(out->thread_nodes[i]));
                result = Py_BuildValue("IiiKdNNN", out->move, out->score, out->depth, (unsigned long long)out->nodes,
                                       out->time, pv_list(out->pv, out->npv), infos, per_thread);
            } else {
                Py_DECREF(infos);
            }
        }
    }
    PyMem_Free(p); PyMem_Free(moves); PyMem_Free(out);
    return result;
}

/* ---- endgame tablebases (tb.c; engine/tablebase/) ---- */
static int kind_list(PyObject *obj, int *out, int max, int *n) {
    PyObject *seq = PySequence_Fast(obj, "kinds must be a sequence of piece kinds");
    if (!seq) return -1;
    *n = (int)PySequence_Fast_GET_SIZE(seq);
    if (*n > max) { Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "too many pieces for a table"); return -1; }
    for (int i = 0; i < *n; i++) {
        long k = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (k == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        out[i] = (int)k;
    }
    Py_DECREF(seq);
    return 0;
}

static PyObject *py_tb_generate(PyObject *self, PyObject *args) {
    PyObject *handle, *wo, *bo;
    const char *path;
    if (!PyArg_ParseTuple(args, "OOOs", &handle, &wo, &bo, &path)) return NULL;
    const Variant *v = variant_of(handle);
    int wk[TB_MAX_PIECES], bk[TB_MAX_PIECES], nw, nb, rc;
    if (!v || kind_list(wo, wk, TB_MAX_PIECES - 2, &nw) || kind_list(bo, bk, TB_MAX_PIECES - 2, &nb)) return NULL;
    TbStats st;
    char err[200] = "";
    Py_BEGIN_ALLOW_THREADS
    rc = tb_generate(v, wk, nw, bk, nb, path, &st, err, sizeof err);
    Py_END_ALLOW_THREADS
    if (rc) { PyErr_SetString(PyExc_ValueError, err); return NULL; }
    PyObject *ex[2];
    for (int s = 0; s < 2; s++) {
        ex[s] = PyList_New(2 + nw + nb);
        for (int i = 0; ex[s] && i < 2 + nw + nb; i++) PyList_SET_ITEM(ex[s], i, PyLong_FromLong(st.longest_cells[s][i]));
    }
    return Py_BuildValue("{s:K,s:(KK),s:(KK),s:(KK),s:(ii),s:(NN),s:i}", "stored", (unsigned long long)st.stored,
                         "legal", (unsigned long long)st.legal[0], (unsigned long long)st.legal[1],
                         "win", (unsigned long long)st.win[0], (unsigned long long)st.win[1],
                         "loss", (unsigned long long)st.loss[0], (unsigned long long)st.loss[1],
                         "longest", st.longest[0], st.longest[1], "longest_cells", ex[0], ex[1],
                         "max_plies", st.max_plies);
}

static PyObject *py_tb_load(PyObject *self, PyObject *args) {
    PyObject *handle;
    const char *path;
    if (!PyArg_ParseTuple(args, "Os", &handle, &path)) return NULL;
    const Variant *v = variant_of(handle);
    char err[200] = "";
    if (!v) return NULL;
    if (tb_load(v, path, err, sizeof err)) { PyErr_SetString(PyExc_ValueError, err); return NULL; }
    Py_RETURN_NONE;
}

static PyObject *py_tb_unload(PyObject *self, PyObject *Py_UNUSED(a)) { tb_unload_all(); Py_RETURN_NONE; }

static PyObject *py_tb_probe(PyObject *self, PyObject *args) {
    PyObject *handle, *board;
    int side;
    if (!PyArg_ParseTuple(args, "OOi", &handle, &board, &side)) return NULL;
    const Variant *v = variant_of(handle);
    if (!v) return NULL;
    Pos *p = load(v, board, side, 0, NULL, NULL);
    if (!p) return NULL;
    int plies, r = tb_probe(p, &plies);
    PyMem_Free(p);
    if (r == TB_NONE) Py_RETURN_NONE;
    return Py_BuildValue("(ii)", r, plies);
}

static PyMethodDef methods[] = {
    {"init", py_init, METH_VARARGS, "init(position_error=None, move_error=None, unsupported_error=None)"},
    {"register", py_register, METH_VARARGS, "register(tables) -> handle (tables: engine.core.variant_tables(variant))"},
    {"legal_moves", py_legal_moves, METH_VARARGS,
     "legal_moves(handle, board, side, captures_only=False, extra=None) -> list of packed moves"},
    {"perft", py_perft, METH_VARARGS, "perft(handle, board, side, depth, bulk=True, extra=None) -> leaf count"},
    {"evaluate", py_evaluate, METH_VARARGS,
     "evaluate(handle, board, side, fast=False, extra=None) -> centipawns for the side to move"},
    {"play", py_play, METH_VARARGS,
     "play(handle, board, side, hmc, moves, extra=None) -> (codes, side, hmc, hash, pawn_hash, mg, eg, phase, extra)"},
    {"search", (PyCFunction)(void (*)(void))py_search, METH_VARARGS | METH_KEYWORDS,
     "search(handle, board, side, hmc, history=None, depth=0, movetime=0.0, nodes=0, min_depth=0, noise=0, "
     "noise_key=0, tt_bytes=16 MiB, stop=None, cpu_clock=False, extra=None, keep_tt=False, root_moves=None, "
     "threads=1 (1..SEARCH_THREADS_MAX: Lazy SMP; nodes are all threads') -> (move, score, depth, "
     "nodes, time, pv, infos, thread_nodes)"},
    {"tb_generate", py_tb_generate, METH_VARARGS,
     "tb_generate(handle, white_kinds, black_kinds, path) -> stats (the smaller tables captures reach loaded)"},
    {"tb_load", py_tb_load, METH_VARARGS, "tb_load(handle, path): map a table file for the search and tb_probe"},
    {"tb_unload", py_tb_unload, METH_NOARGS, "tb_unload(): forget every loaded table"},
    {"tb_probe", py_tb_probe, METH_VARARGS,
     "tb_probe(handle, board, side) -> None, or (1 win / 2 draw / 3 loss for the side to move, plies to mate)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, MODULE_NAME,
                                       "The native core (see engine/native/): variants handed in as tables.", -1, methods};

PyMODINIT_FUNC MODULE_INIT(void) {
    if (PyType_Ready(&StopFlagType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&StopFlagType);
    if (PyModule_AddObject(m, "StopFlag", (PyObject *)&StopFlagType) < 0) {
        Py_DECREF(&StopFlagType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "SEARCH_THREADS_MAX", SEARCH_THREADS_MAX) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
