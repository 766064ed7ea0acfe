/* CPython glue: engine._rs_native.  Positions come in as (125 piece codes, side to move,
 * halfmove clock, hashes of the earlier positions); moves are engine.moves' packed ints.
 * Every input is checked here, so no Python value can crash the interpreter: bad input
 * raises ValueError/TypeError.  perft and search run with the GIL released. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "core.h"

static int initialised = 0;
static PyObject *position_error = NULL; /* engine.errors.PositionError, handed in by init() */
static PyObject *illegal_move_error = NULL; /* engine.errors.IllegalMoveError */

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
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "engine._rs_native.StopFlag",
    .tp_basicsize = sizeof(StopFlag), .tp_flags = Py_TPFLAGS_DEFAULT, .tp_new = PyType_GenericNew,
    .tp_methods = stop_methods, .tp_doc = "A flag a search polls; set() stops it."};

/* ---- reading Python values ---- */
static int read_table(PyObject *obj, int rows, int cols, long long *dst, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != rows) {
        PyErr_Format(PyExc_ValueError, "%s: expected %d rows", what, rows);
        Py_DECREF(seq);
        return -1;
    }
    for (int i = 0; i < rows; i++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, i), what);
        if (!row) { Py_DECREF(seq); return -1; }
        if (PySequence_Fast_GET_SIZE(row) != cols) {
            PyErr_Format(PyExc_ValueError, "%s: expected %d columns", what, cols);
            Py_DECREF(row); Py_DECREF(seq);
            return -1;
        }
        for (int j = 0; j < cols; j++) {
            PyObject *v = PySequence_Fast_GET_ITEM(row, j);
            unsigned long long u = PyLong_AsUnsignedLongLongMask(v);
            if (u == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(row); Py_DECREF(seq); return -1; }
            dst[i * cols + j] = (long long)u;
        }
        Py_DECREF(row);
    }
    Py_DECREF(seq);
    return 0;
}

/* A sequence of (dl, dr, df) steps, each -2..2, into dst; returns the count or -1. */
static int read_steps(PyObject *obj, int8_t (*dst)[3], int cap, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > cap) { PyErr_Format(PyExc_ValueError, "%s: at most %d steps", what, cap); Py_DECREF(seq); return -1; }
    long long tmp[3];
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *one = PyTuple_Pack(1, PySequence_Fast_GET_ITEM(seq, i));
        int rc = one ? read_table(one, 1, 3, tmp, what) : -1;
        Py_XDECREF(one);
        if (rc) { Py_DECREF(seq); return -1; }
        for (int j = 0; j < 3; j++) {
            if (tmp[j] < -2 || tmp[j] > 2) { PyErr_Format(PyExc_ValueError, "%s: steps are -2..2", what); Py_DECREF(seq); return -1; }
            dst[i][j] = (int8_t)tmp[j];
        }
    }
    Py_DECREF(seq);
    return (int)n;
}

static int read_rules(PyObject *obj, RsRules *r) {
    PyObject *push, *cap, *promo, *knight, *rook, *bishop, *unicorn;
    if (!PyArg_ParseTuple(obj, "OOOOOOO;rules = (pawn pushes, pawn captures, promotion cells, knight leaps, "
                               "rook, bishop and unicorn directions)", &push, &cap, &promo, &knight, &rook, &bishop, &unicorn))
        return -1;
    memset(r, 0, sizeof *r);
    if ((r->npush = read_steps(push, r->push, 4, "pawn pushes")) < 0) return -1;
    if ((r->ncap = read_steps(cap, r->cap, 8, "pawn captures")) < 0) return -1;
    if ((r->nknight = read_steps(knight, r->knight, 48, "knight leaps")) < 0) return -1;
    PyObject *dirs[3] = {rook, bishop, unicorn};
    int total = 0;
    for (int k = 0; k < 3; k++) {
        if ((r->ndirs[k] = read_steps(dirs[k], r->dirs[k], 26, "slide directions")) < 0) return -1;
        total += r->ndirs[k];
    }
    if (total != 26) { PyErr_SetString(PyExc_ValueError, "the three slide direction sets must hold the 26 directions"); return -1; }
    PyObject *cells = PySequence_Fast(promo, "promotion cells");
    if (!cells) return -1;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(cells); i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cells, i));
        if (c < 0 || c >= NCELLS) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "promotion cells are 0..124");
            Py_DECREF(cells);
            return -1;
        }
        r->promo_white |= bb_bit((int)c);
    }
    Py_DECREF(cells);
    return 0;
}

static PyObject *py_init(PyObject *self, PyObject *args) {
    PyObject *keys, *pmg, *peg, *phase, *value, *rules_obj, *error = NULL, *move_error = NULL;
    unsigned long long black;
    if (!PyArg_ParseTuple(args, "OKOOOOO|OO", &keys, &black, &pmg, &peg, &phase, &value, &rules_obj, &error,
                          &move_error))
        return NULL;
    RsRules rules;
    if (read_rules(rules_obj, &rules)) return NULL;
    PyObject *errs[2] = {error, move_error};
    for (int i = 0; i < 2; i++)
        if (errs[i] && !(PyType_Check(errs[i]) &&
                         PyType_IsSubtype((PyTypeObject *)errs[i], (PyTypeObject *)PyExc_ValueError))) {
            PyErr_SetString(PyExc_TypeError, "the error classes must be ValueError subclasses");
            return NULL;
        }
    Py_XINCREF(error);
    Py_XSETREF(position_error, error);
    Py_XINCREF(move_error);
    Py_XSETREF(illegal_move_error, move_error);
    static long long tmp[NCODES * NCELLS];
    if (read_table(keys, NCODES, NCELLS, tmp, "keys")) return NULL;
    for (int i = 0; i < NCODES * NCELLS; i++) ZKEY[i / NCELLS][i % NCELLS] = (uint64_t)tmp[i];
    if (read_table(pmg, NCODES, NCELLS, tmp, "pst_mg")) return NULL;
    for (int i = 0; i < NCODES * NCELLS; i++) PST_MG[i / NCELLS][i % NCELLS] = (int)tmp[i];
    if (read_table(peg, NCODES, NCELLS, tmp, "pst_eg")) return NULL;
    for (int i = 0; i < NCODES * NCELLS; i++) PST_EG[i / NCELLS][i % NCELLS] = (int)tmp[i];
    PyObject *one = PyTuple_Pack(1, phase);
    if (!one) return NULL;
    int rc = read_table(one, 1, 16, tmp, "phase weights");
    Py_DECREF(one);
    if (rc) return NULL;
    for (int i = 0; i < 16; i++) PHASE_W[i] = (int)tmp[i];
    one = PyTuple_Pack(1, value);
    if (!one) return NULL;
    rc = read_table(one, 1, 16, tmp, "values");
    Py_DECREF(one);
    if (rc) return NULL;
    for (int i = 0; i < 16; i++) VALUE[i] = (int)tmp[i];
    ZBLACK = black;
    rs_init_geometry(&rules);
    initialised = 1;
    Py_RETURN_NONE;
}

#define POSERR (position_error ? position_error : PyExc_ValueError)

static int valid_code(long c) { return c == 0 || (c >= PAWN && c <= KING) || (c >= (PAWN | 16) && c <= (KING | 16)); }

/* Fill a fresh Pos from (board, side, hmc, history); NULL with an exception on bad input. */
static Pos *load(PyObject *board, int side, long long hmc, PyObject *history) {
    if (!initialised) { PyErr_SetString(PyExc_RuntimeError, "engine._rs_native.init() was not called"); return NULL; }
    if (side != 0 && side != 1) { PyErr_SetString(POSERR, "side must be 0 (White) or 1 (Black)"); return NULL; }
    if (hmc < 0 || hmc > 1000000000LL) { PyErr_SetString(POSERR, "halfmove clock out of range"); return NULL; }
    PyObject *seq = PySequence_Fast(board, "board must be a sequence of 125 piece codes");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != NCELLS) {
        Py_DECREF(seq);
        PyErr_SetString(POSERR, "board must have 125 cells");
        return NULL;
    }
    Pos *p = PyMem_Malloc(sizeof(Pos));
    if (!p) { Py_DECREF(seq); return (Pos *)PyErr_NoMemory(); }
    pos_clear(p);
    int kings[2] = {0, 0};
    for (int c = 0; c < NCELLS; c++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c));
        if (v == -1 && PyErr_Occurred()) goto fail;
        if (!valid_code(v)) { PyErr_Format(POSERR, "cell %d: %ld is not a piece code", c, v); goto fail; }
        if (v) {
            if ((v & KIND_MASK) == KING) kings[v >> COLOR_SHIFT]++;
            if ((v & KIND_MASK) == PAWN && (PROMO_BB[v >> COLOR_SHIFT] & bb_bit(c))) {
                PyErr_Format(POSERR, "cell %d: a pawn on its promotion row", c);
                goto fail;
            }
            pos_put(p, c, (int)v);
        }
    }
    if (kings[0] != 1 || kings[1] != 1) { PyErr_SetString(POSERR, "each side needs exactly one king"); goto fail; }
    pos_set_side(p, side);
    p->hmc = (int)hmc;
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

static PyObject *move_list(const uint32_t *moves, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromUnsignedLong(moves[i]));
    return out;
}

static PyObject *py_legal_moves(PyObject *self, PyObject *args) {
    PyObject *board; int side, captures_only = 0;
    if (!PyArg_ParseTuple(args, "Oi|p", &board, &side, &captures_only)) return NULL;
    Pos *p = load(board, side, 0, NULL);
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
    PyObject *board; int side, depth, bulk = 1;
    if (!PyArg_ParseTuple(args, "Oii|p", &board, &side, &depth, &bulk)) return NULL;
    if (depth > 12) { PyErr_SetString(PyExc_ValueError, "perft depth above 12 would not finish"); return NULL; }
    Pos *p = load(board, side, 0, NULL);
    if (!p) return NULL;
    uint64_t n;
    Py_BEGIN_ALLOW_THREADS
    n = perft(p, depth, bulk);
    Py_END_ALLOW_THREADS
    PyMem_Free(p);
    return PyLong_FromUnsignedLongLong(n);
}

static PyObject *py_evaluate(PyObject *self, PyObject *args) {
    PyObject *board; int side, fast = 0;
    if (!PyArg_ParseTuple(args, "Oi|p", &board, &side, &fast)) return NULL;
    Pos *p = load(board, side, 0, NULL);
    if (!p) return NULL;
    int score = fast ? fast_evaluate(p) : evaluate(p, NULL);
    PyMem_Free(p);
    return PyLong_FromLong(score);
}

/* Play packed moves (each checked against the legal list) and return the board state:
 * (codes, side, hmc, hash, pawn_hash, mg, eg, phase). */
static PyObject *py_play(PyObject *self, PyObject *args) {
    PyObject *board, *moves; int side; long long hmc;
    if (!PyArg_ParseTuple(args, "OiLO", &board, &side, &hmc, &moves)) return NULL;
    PyObject *seq = PySequence_Fast(moves, "moves must be a sequence of packed moves");
    if (!seq) return NULL;
    Pos *p = load(board, side, hmc, NULL);
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
    PyObject *codes = PyList_New(NCELLS);
    if (!codes) goto fail;
    for (int c = 0; c < NCELLS; c++) PyList_SET_ITEM(codes, c, PyLong_FromLong(p->sq[c]));
    PyObject *out = Py_BuildValue("NiiKKiii", codes, p->side, p->hmc, (unsigned long long)p->hash,
                                  (unsigned long long)p->pawn_hash, p->mg, p->eg, p->phase);
    Py_DECREF(seq); PyMem_Free(p); PyMem_Free(legal);
    return out;
fail:
    Py_DECREF(seq); PyMem_Free(p); PyMem_Free(legal);
    return NULL;
}

static PyObject *pv_list(const uint32_t *pv, int n) { return move_list(pv, n); }

static PyObject *py_search(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"board", "side", "hmc", "history", "depth", "movetime", "nodes", "min_depth",
                             "noise", "noise_key", "tt_bytes", "stop", "cpu_clock", NULL};
    PyObject *board, *history = Py_None, *stop = Py_None;
    int side, depth = 0, min_depth = 0, noise = 0, cpu_clock = 0;
    long long hmc = 0, nodes = 0, tt_bytes = 16 << 20;
    double movetime = 0;
    unsigned long long noise_key = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OiL|OidLiiKLOp", kwlist, &board, &side, &hmc, &history, &depth,
                                     &movetime, &nodes, &min_depth, &noise, &noise_key, &tt_bytes, &stop,
                                     &cpu_clock))
        return NULL;
    if (depth < 0 || depth > MAX_PLY - 4 || nodes < 0 || movetime < 0 || movetime != movetime || movetime > 1e7 ||
        min_depth < 0 || noise < 0 || noise > 10000) {
        PyErr_SetString(PyExc_ValueError, "impossible search limits");
        return NULL;
    }
    if (tt_bytes < 1024 || tt_bytes > (1LL << 32)) { PyErr_SetString(PyExc_ValueError, "tt_bytes out of range"); return NULL; }
    if (stop != Py_None && !PyObject_TypeCheck(stop, &StopFlagType)) {
        PyErr_SetString(PyExc_TypeError, "stop must be a StopFlag or None");
        return NULL;
    }
    Pos *p = load(board, side, hmc, history);
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
    SearchParams sp = {depth, movetime, (uint64_t)nodes, min_depth, noise, noise_key, (size_t)tt_bytes,
                       stop == Py_None ? NULL : &((StopFlag *)stop)->flag, cpu_clock};
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
            result = Py_BuildValue("IiiKdNN", out->move, out->score, out->depth, (unsigned long long)out->nodes,
                                   out->time, pv_list(out->pv, out->npv), infos);
        }
    }
    PyMem_Free(p); PyMem_Free(moves); PyMem_Free(out);
    return result;
}

static PyMethodDef methods[] = {
    {"init", py_init, METH_VARARGS,
     "init(keys, black_key, pst_mg, pst_eg, phase_weights, values, rules, position_error=None, move_error=None)"},
    {"legal_moves", py_legal_moves, METH_VARARGS, "legal_moves(board, side, captures_only=False) -> list of packed moves"},
    {"perft", py_perft, METH_VARARGS, "perft(board, side, depth, bulk=True) -> leaf count"},
    {"evaluate", py_evaluate, METH_VARARGS, "evaluate(board, side, fast=False) -> centipawns for the side to move"},
    {"play", py_play, METH_VARARGS, "play(board, side, hmc, moves) -> (codes, side, hmc, hash, pawn_hash, mg, eg, phase)"},
    {"search", (PyCFunction)(void (*)(void))py_search, METH_VARARGS | METH_KEYWORDS,
     "search(board, side, hmc, history=None, depth=0, movetime=0.0, nodes=0, min_depth=0, noise=0, noise_key=0, "
     "tt_bytes=16 MiB, stop=None, cpu_clock=False) -> (move, score, depth, nodes, time, pv, infos)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef moduledef = {PyModuleDef_HEAD_INIT, "engine._rs_native",
                                       "The native Raumschach core (see engine/native/).", -1, methods};

PyMODINIT_FUNC PyInit__rs_native(void) {
    if (PyType_Ready(&StopFlagType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&StopFlagType);
    if (PyModule_AddObject(m, "StopFlag", (PyObject *)&StopFlagType) < 0) {
        Py_DECREF(&StopFlagType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
