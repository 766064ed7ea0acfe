#define _POSIX_C_SOURCE 200809L
/* Endgame tablebases: depth to mate (in plies) of every position of a pawnless ending of 2 to
 * 4 pieces on the 5x5x5 cube, by retrograde analysis.
 *
 * Moves come from the variant's own tables (leaps, rays, slide directions: the ones the rest of
 * the core plays by), so a table follows the rules the engine plays.  The cube's 48 symmetries
 * (the axis permutations times the reflections of each axis) keep every piece's moves when
 * the pieces involved are pawnless - checked on the variant's tables before a table is made,
 * not assumed - so White's king (the table's first piece) is brought into the 10 cells with
 * level <= rank <= file <= the middle, and of a position's images only the smallest index is
 * kept.  A file is one byte per index and side to move: 0 draw, 1 + plies to mate (even: the
 * side to move is mated, odd: it mates), 255 an index no position uses; an ending where no
 * position is won or lost is a header alone.
 *
 * Generation: every position is first counted (its legal quiet moves, weighted by its orbit's
 * size; its captures looked up in the smaller tables), then levels are resolved in order:
 * from each position of level L the un-moves (a quiet move of the side that just moved,
 * backwards: every piece here moves alike both ways) reach its predecessors, which win at L+1
 * when L is a loss, and lose when their last move is counted off.  Because a table holds one
 * position per orbit, a predecessor P is counted down by the size of Q's orbit for each
 * un-move from Q landing in P's orbit: the edges between two orbits counted from either end
 * agree (|[P]| * moves(P -> [Q]) = |[Q]| * un-moves(Q -> [P])). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tb.h"
#ifndef __wasm__
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#define NC 125          /* the 5-cube's cells */
#define SZ 5
#define NDOM 10         /* cells with level <= rank <= file <= 2 */
#define NSYM 48
#define V_ILLEGAL 255
#define V_MAX 251       /* 1 + the deepest ply count a byte holds */
#define NOLOSE 0xFFFF   /* a position that never loses (a drawing capture, or stalemate) */
#define MAX_TABLES 64
#define TB_MAGIC "RSTB\x01\r\n"
#define TB_VERSION 1

typedef struct {
    char magic[8];
    uint32_t version, n, nw, nb;
    int32_t kinds[TB_MAX_PIECES]; /* slot order: White's king, Black's king, White's others, Black's others */
    uint64_t size;                /* entries per side to move */
    uint64_t rules;               /* a hash of the pieces' moves the table was made under */
    uint32_t ncells, flags;       /* TB_ALL_DRAWN: no position is won or lost, and no bytes follow */
} Header; /* 64 bytes */
#define TB_ALL_DRAWN 1

typedef struct {
    const Variant *v;
    int n, nw, nb, pair, kinds[TB_MAX_PIECES];
    uint64_t size;
    const uint8_t *data; /* [side][size]; NULL: every position a draw */
    void *map;
    size_t maplen;
} Table;

static Table tables[MAX_TABLES];
static int ntables;
int tb_loaded_pieces;

/* ---- the cube's symmetries ---- */
static const Variant *sym_for; /* the variant whose coordinates built the tables below */
static uint8_t tf[NSYM][NC];
static int8_t dom_of[NC];
static uint8_t dom_cell[NDOM];
static uint8_t to_dom[NC][NSYM], nto_dom[NC]; /* transforms taking a cell into the domain */
static uint8_t fixers[NC][NSYM], nfix[NC];    /* transforms keeping a cell */

static int sym_init(const Variant *v, char *err, size_t errlen) {
    if (sym_for == v) return 0;
    if (v->ncells != NC) { snprintf(err, errlen, "tablebases are made for the 5x5x5 cube only"); return -1; }
    int at[SZ][SZ][SZ];
    memset(at, -1, sizeof at);
    for (int c = 0; c < NC; c++) {
        int a = v->coord[c][0], b = v->coord[c][1], d = v->coord[c][2];
        if (a < 0 || a >= SZ || b < 0 || b >= SZ || d < 0 || d >= SZ || at[a][b][d] >= 0) {
            snprintf(err, errlen, "the variant's cells are not the 5x5x5 cube");
            return -1;
        }
        at[a][b][d] = c;
    }
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int g = 0; g < NSYM; g++) {
        const int *pm = perms[g / 8];
        for (int c = 0; c < NC; c++) {
            int x[3], y[3];
            for (int i = 0; i < 3; i++) x[i] = v->coord[c][i];
            for (int i = 0; i < 3; i++) y[i] = (g >> i & 1) ? SZ - 1 - x[pm[i]] : x[pm[i]];
            tf[g][c] = (uint8_t)at[y[0]][y[1]][y[2]];
        }
    }
    int nd = 0;
    for (int c = 0; c < NC; c++) {
        int a = v->coord[c][0], b = v->coord[c][1], d = v->coord[c][2];
        dom_of[c] = -1;
        if (a <= b && b <= d && d <= SZ / 2) { dom_of[c] = (int8_t)nd; dom_cell[nd++] = (uint8_t)c; }
    }
    for (int c = 0; c < NC; c++) {
        nto_dom[c] = nfix[c] = 0;
        for (int g = 0; g < NSYM; g++) {
            if (dom_of[tf[g][c]] >= 0) to_dom[c][nto_dom[c]++] = (uint8_t)g;
            if (tf[g][c] == c) fixers[c][nfix[c]++] = (uint8_t)g;
        }
    }
    sym_for = v;
    return 0;
}

/* Every symmetry keeps kind k's moves: its leaps map onto the image cell's leaps, each of its
 * rays onto one of the image cell's rays. */
static int kind_symmetric(const Variant *v, int k) {
    for (int g = 0; g < NSYM; g++)
        for (int c = 0; c < NC; c++) {
            int gc = tf[g][c];
            bb_t lq = BB_EMPTY, lc = BB_EMPTY;
            int t;
            BB_FOREACH(t, v->leap_quiet[k][c]) lq |= bb_bit(tf[g][t]);
            BB_FOREACH(t, v->leap_cap[k][c]) lc |= bb_bit(tf[g][t]);
            if (bb_any(lq ^ v->leap_quiet[k][gc]) || bb_any(lc ^ v->leap_cap[k][gc])) return 0;
            for (const int8_t *d = v->slide_dirs[k]; *d >= 0; d++) {
                const cell_t *r = v->ray[c][*d];
                if (*r < 0) continue;
                int found = 0;
                for (const int8_t *e = v->slide_dirs[k]; *e >= 0 && !found; e++) {
                    const cell_t *s = v->ray[gc][*e];
                    int i = 0;
                    while (r[i] >= 0 && s[i] >= 0 && tf[g][r[i]] == s[i]) i++;
                    found = r[i] < 0 && s[i] < 0;
                }
                if (!found) return 0;
            }
        }
    return 1;
}

/* A hash of kind k's moves (leaps and rays, cell by cell): a table made under other rules is refused. */
static uint64_t rules_hash(const Variant *v, const int *kinds, int n) {
    uint64_t h = 1469598103934665603ULL;
#define MIX(x) (h = (h ^ (uint64_t)(x)) * 1099511628211ULL)
    for (int i = 0; i < n; i++) {
        int k = kinds[i];
        MIX(k);
        for (int c = 0; c < NC; c++) {
            int t;
            BB_FOREACH(t, v->leap_quiet[k][c]) MIX(t + 1);
            MIX(1000);
            BB_FOREACH(t, v->leap_cap[k][c]) MIX(t + 1);
            MIX(2000);
            for (const int8_t *d = v->slide_dirs[k]; *d >= 0; d++) {
                for (const cell_t *r = v->ray[c][*d]; *r >= 0; r++) MIX(*r + 1);
                MIX(3000);
            }
        }
    }
#undef MIX
    return h;
}

/* The first of two alike pieces of one side in a table's slot order, or -1. */
static int pair_of(const int *kinds, int nw, int n) {
    for (int i = 2; i + 1 < n; i++)
        if ((i < 2 + nw) == (i + 1 < 2 + nw) && kinds[i] == kinds[i + 1]) return i;
    return -1;
}

/* ---- positions of a table: slot 0 White's king (in the domain), 1 Black's king, then the others ---- */
typedef struct {
    const Variant *v;
    int n, pair, kinds[TB_MAX_PIECES], colors[TB_MAX_PIECES];
    uint32_t slides[NKINDS]; /* a bit per direction a kind slides along */
} Shape;

static void shape_init(Shape *sh, const Variant *v, const int *kinds, int nw, int n) {
    sh->v = v;
    sh->n = n;
    sh->pair = pair_of(kinds, nw, n);
    for (int i = 0; i < n; i++) {
        sh->kinds[i] = kinds[i];
        sh->colors[i] = i == 1 ? 1 : i == 0 ? 0 : (i < 2 + nw ? 0 : 1);
    }
    for (int k = 0; k < NKINDS; k++) {
        sh->slides[k] = 0;
        for (const int8_t *d = v->slide_dirs[k]; *d >= 0; d++) sh->slides[k] |= 1u << *d;
    }
}

/* The index of a position's smallest image; `pair`: the first of two alike pieces (slots pair,
 * pair + 1: kept in ascending order of cells), or -1. */
static uint64_t canon(const int *cells, int n, int pair) {
    uint64_t best = UINT64_MAX;
    int c0 = cells[0];
    for (int j = 0; j < nto_dom[c0]; j++) {
        const uint8_t *t = tf[to_dom[c0][j]];
        int tc[TB_MAX_PIECES];
        for (int i = 1; i < n; i++) tc[i] = t[cells[i]];
        if (pair > 0 && tc[pair] > tc[pair + 1]) { int x = tc[pair]; tc[pair] = tc[pair + 1]; tc[pair + 1] = x; }
        uint64_t idx = (uint64_t)dom_of[t[c0]];
        for (int i = 1; i < n; i++) idx = idx * NC + tc[i];
        if (idx < best) best = idx;
    }
    return best;
}

static int decode(uint64_t idx, int n, int *cells) {
    for (int i = n - 1; i >= 1; i--) { cells[i] = (int)(idx % NC); idx /= NC; }
    cells[0] = dom_cell[idx];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (cells[i] == cells[j]) return 0;
    return 1;
}

/* The number of positions a table entry stands for (48 / the symmetries that keep it). */
static int orbit(const int *cells, int n, int pair) {
    int stab = 0, c0 = cells[0];
    for (int j = 0; j < nfix[c0]; j++) {
        const uint8_t *t = tf[fixers[c0][j]];
        int ok = 1;
        for (int i = 1; i < n; i++)
            if (i != pair && i != pair + 1) ok &= t[cells[i]] == cells[i];
        if (pair > 0)
            ok &= (t[cells[pair]] == cells[pair] && t[cells[pair + 1]] == cells[pair + 1]) ||
                  (t[cells[pair]] == cells[pair + 1] && t[cells[pair + 1]] == cells[pair]);
        stab += ok;
    }
    return NSYM / stab;
}


/* Is `target` attacked by the pieces of colour `by` (sq: the occupancy; a piece at cell -1 is gone)? */
static int attacked(const Shape *sh, const int *cells, const uint8_t *sq, int target, int by) {
    const Variant *v = sh->v;
    for (int i = 0; i < sh->n; i++) {
        if (sh->colors[i] != by || cells[i] < 0) continue;
        int k = sh->kinds[i], from = cells[i];
        if (v->leaper[k] && bb_test(v->leap_cap[k][from], target)) return 1;
        if (v->slider[k]) {
            int d = v->dir_between[from][target];
            if (d < 0 || !(sh->slides[k] >> d & 1)) continue;
            const cell_t *r = v->ray[from][d];
            while (*r != target && !sq[*r]) r++;
            if (*r == target) return 1;
        }
    }
    return 0;
}

/* The cells piece i reaches (quiet: empty cells; caps: cells of the other colour's pieces). */
static int targets(const Shape *sh, const int *cells, const uint8_t *sq, int i, int *quiet, int *nq, int *caps) {
    const Variant *v = sh->v;
    int k = sh->kinds[i], from = cells[i], col = sh->colors[i], nc = 0, t;
    *nq = 0;
    if (v->leaper[k]) {
        BB_FOREACH(t, v->leap_quiet[k][from]) if (!sq[t]) quiet[(*nq)++] = t;
        BB_FOREACH(t, v->leap_cap[k][from]) if (sq[t] && ((sq[t] - 1) >> 4) != col) caps[nc++] = t;
    }
    if (v->slider[k])
        for (const int8_t *d = v->slide_dirs[k]; *d >= 0; d++)
            for (const cell_t *r = v->ray[from][*d]; *r >= 0; r++) {
                if (!sq[*r]) { quiet[(*nq)++] = *r; continue; }
                if (((sq[*r] - 1) >> 4) != col) caps[nc++] = *r;
                break;
            }
    return nc;
}

/* sq holds 1 + (colour << 4 | slot) per occupied cell. */
static void place(const Shape *sh, const int *cells, uint8_t *sq) {
    for (int i = 0; i < sh->n; i++) sq[cells[i]] = (uint8_t)(1 + (sh->colors[i] << 4 | i));
}
static void clear(const Shape *sh, const int *cells, uint8_t *sq) {
    for (int i = 0; i < sh->n; i++) if (cells[i] >= 0) sq[cells[i]] = 0;
}

/* ---- the registry of loaded tables and probing ---- */
static int kind_rank_cmp(const void *a, const void *b) { return ((const int *)b)[0] - ((const int *)a)[0]; }

int tb_probe_pieces(const Variant *v, const int *cells, const int *codes, int n, int side, int *plies) {
    int kc[2] = {-1, -1}, xs[2][TB_MAX_PIECES][2], nx[2] = {0, 0};
    *plies = 0;
    if (n < 2 || n > TB_MAX_PIECES) return TB_NONE;
    for (int i = 0; i < n; i++) {
        int kind = codes[i] & KIND_MASK, col = codes[i] >> COLOR_SHIFT & 1;
        if (kind == v->royal) {
            if (kc[col] >= 0) return TB_NONE;
            kc[col] = cells[i];
        } else {
            if (kind == PAWN) return TB_NONE;
            xs[col][nx[col]][0] = kind; xs[col][nx[col]++][1] = cells[i];
        }
    }
    if (kc[0] < 0 || kc[1] < 0) return TB_NONE;
    if (n == 2) return TB_DRAW;
    for (int c = 0; c < 2; c++) qsort(xs[c], nx[c], sizeof xs[c][0], kind_rank_cmp);
    for (int t = 0; t < ntables; t++) {
        const Table *tb = &tables[t];
        if (tb->v != v || tb->n != n) continue;
        for (int flip = 0; flip < 2; flip++) {
            int w = flip, b = flip ^ 1; /* the table's White is colour w */
            if (tb->nw != nx[w]) continue;
            int ok = 1, sc[TB_MAX_PIECES], m = 2;
            sc[0] = kc[w]; sc[1] = kc[b];
            for (int i = 0; i < nx[w]; i++) { ok &= tb->kinds[m] == xs[w][i][0]; sc[m++] = xs[w][i][1]; }
            for (int i = 0; i < nx[b]; i++) { ok &= tb->kinds[m] == xs[b][i][0]; sc[m++] = xs[b][i][1]; }
            if (!ok) continue;
            if (!tb->data) return TB_DRAW;
            uint8_t u = tb->data[(uint64_t)(side ^ flip) * tb->size + canon(sc, n, tb->pair)];
            if (u == V_ILLEGAL) return TB_NONE;
            if (u == 0) return TB_DRAW;
            *plies = u - 1;
            return (u - 1) & 1 ? TB_WIN : TB_LOSS;
        }
    }
    return TB_NONE;
}

int tb_probe(const Pos *p, int *plies) {
    bb_t occ = p->occ[0] | p->occ[1];
    int cells[TB_MAX_PIECES], codes[TB_MAX_PIECES], n = 0, c;
    if (bb_popcount(occ) > tb_loaded_pieces) return TB_NONE;
    BB_FOREACH(c, occ) { cells[n] = c; codes[n++] = p->sq[c]; }
    return tb_probe_pieces(p->v, cells, codes, n, p->side, plies);
}

static void tb_register(const Table *t) {
    for (int i = 0; i < ntables; i++) /* a table of the same material is replaced */
        if (tables[i].v == t->v && tables[i].n == t->n && tables[i].nw == t->nw &&
            !memcmp(tables[i].kinds, t->kinds, sizeof t->kinds)) {
#ifndef __wasm__
            if (tables[i].map) munmap(tables[i].map, tables[i].maplen);
#endif
            tables[i] = *t;
            return;
        }
    tables[ntables++] = *t;
    if (t->n > tb_loaded_pieces) tb_loaded_pieces = t->n;
}

void tb_unload_all(void) {
    tb_loaded_pieces = 0; /* the search stops probing first */
#ifndef __wasm__
    for (int i = 0; i < ntables; i++) if (tables[i].map) munmap(tables[i].map, tables[i].maplen);
#endif
    ntables = 0;
}

/* Checks a table's material against the variant: kings, no pawns, no two alike on one side,
 * moves kept by the cube's symmetries. */
static int material_ok(const Variant *v, const int *kinds, int nw, int n, char *err, size_t errlen) {
    if (n < 3 || n > TB_MAX_PIECES) { snprintf(err, errlen, "a table holds 3 or 4 pieces, kings included"); return -1; }
    for (int i = 0; i < n; i++) {
        int k = kinds[i];
        if (k <= 0 || k >= NKINDS || !v->kinds_present[k]) { snprintf(err, errlen, "kind %d is not the variant's", k); return -1; }
        if ((i < 2) != (k == v->royal)) { snprintf(err, errlen, "each side has exactly one king"); return -1; }
        if (k == PAWN) { snprintf(err, errlen, "pawns are not in the tables"); return -1; }
        if (i >= 2 && i + 1 < n && (i < 2 + nw) == (i + 1 < 2 + nw) && kinds[i + 1] > k) {
            snprintf(err, errlen, "a side's pieces come highest kind number first");
            return -1;
        }
        if (!kind_symmetric(v, k)) { snprintf(err, errlen, "kind %d's moves are not kept by the cube's symmetries", k); return -1; }
    }
    return 0;
}

#ifndef __wasm__
int tb_load(const Variant *v, const char *path, char *err, size_t errlen) {
    if (sym_init(v, err, errlen)) return -1;
    if (ntables == MAX_TABLES) { snprintf(err, errlen, "at most %d tables", MAX_TABLES); return -1; }
    int fd = open(path, O_RDONLY);
    if (fd < 0) { snprintf(err, errlen, "%s: cannot open", path); return -1; }
    struct stat stt;
    Header h;
    if (fstat(fd, &stt) || read(fd, &h, sizeof h) != (ssize_t)sizeof h || memcmp(h.magic, TB_MAGIC, 8) ||
        h.version != TB_VERSION || h.ncells != NC || h.n < 3 || h.n > TB_MAX_PIECES || h.nw + h.nb + 2 != h.n) {
        close(fd);
        snprintf(err, errlen, "%s: not a tablebase file of this version", path);
        return -1;
    }
    int kinds[TB_MAX_PIECES];
    for (int i = 0; i < (int)h.n; i++) kinds[i] = h.kinds[i];
    uint64_t size = NDOM;
    for (uint32_t i = 1; i < h.n; i++) size *= NC;
    if (material_ok(v, kinds, (int)h.nw, (int)h.n, err, errlen)) { close(fd); return -1; }
    uint64_t bytes = h.flags & TB_ALL_DRAWN ? 0 : 2 * size;
    if (h.size != size || (uint64_t)stt.st_size != sizeof h + bytes) {
        close(fd);
        snprintf(err, errlen, "%s: truncated or of another layout", path);
        return -1;
    }
    if (h.rules != rules_hash(v, kinds, (int)h.n)) {
        close(fd);
        snprintf(err, errlen, "%s: made under other moves than this variant's", path);
        return -1;
    }
    void *map = mmap(NULL, (size_t)stt.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED) { snprintf(err, errlen, "%s: cannot map", path); return -1; }
    Table t = {.v = v, .n = (int)h.n, .nw = (int)h.nw, .nb = (int)h.nb, .size = size,
               .data = bytes ? (const uint8_t *)map + sizeof h : NULL, .map = map, .maplen = (size_t)stt.st_size};
    memcpy(t.kinds, kinds, sizeof kinds);
    t.pair = pair_of(kinds, t.nw, t.n);
    tb_register(&t);
    return 0;
}

/* ---- generation ---- */
typedef struct {
    Shape sh;
    uint64_t size;
    uint8_t *val;      /* [side][size] */
    uint16_t *cnt;     /* [side][size]: quiet moves left (times the orbit's size), or NOLOSE */
    uint8_t *capm;     /* [side][size]: the longest of the losing captures' mates */
    char *err; size_t errlen;
} Gen;

/* The first pass over one entry; -1 when a smaller table is missing. */
static int gen_first(Gen *g, int side, uint64_t idx, uint8_t *sq) {
    const Shape *sh = &g->sh;
    int n = sh->n, cells[TB_MAX_PIECES];
    uint64_t e = (uint64_t)side * g->size + idx;
    g->val[e] = V_ILLEGAL;
    if (!decode(idx, n, cells) || canon(cells, n, sh->pair) != idx) return 0;
    place(sh, cells, sq);
    int other = side ^ 1, king = side, legal = 0, quiet = 0, win = 0, nolose = 0, capmax = 0;
    if (attacked(sh, cells, sq, cells[other], side)) { clear(sh, cells, sq); return 0; }
    int in_check = attacked(sh, cells, sq, cells[king], other);
    for (int i = 0; i < n; i++) {
        if (sh->colors[i] != side) continue;
        int q[160], cp[40], nq, nc = targets(sh, cells, sq, i, q, &nq, cp), from = cells[i];
        sq[from] = 0;
        for (int j = 0; j < nq; j++) {
            cells[i] = q[j];
            sq[q[j]] = 1;
            if (!attacked(sh, cells, sq, cells[king], other)) quiet++;
            sq[q[j]] = 0;
        }
        for (int j = 0; j < nc; j++) {
            int to = cp[j], victim = (sq[to] - 1) & 15, keep = sq[to];
            cells[i] = to;
            cells[victim] = -1;
            sq[to] = (uint8_t)(1 + (side << 4 | i));
            if (!attacked(sh, cells, sq, cells[king], other)) {
                legal++;
                int sc[TB_MAX_PIECES], codes[TB_MAX_PIECES], m = 0, plies;
                for (int s = 0; s < n; s++)
                    if (cells[s] >= 0) { sc[m] = cells[s]; codes[m++] = sh->kinds[s] | sh->colors[s] << COLOR_SHIFT; }
                int r = tb_probe_pieces(sh->v, sc, codes, m, other, &plies);
                if (r == TB_NONE) {
                    snprintf(g->err, g->errlen, "a capture leads to an ending whose table is not loaded");
                    sq[to] = (uint8_t)keep; cells[victim] = to; cells[i] = from; sq[from] = 0;
                    clear(sh, cells, sq);
                    return -1;
                }
                if (r == TB_LOSS && (!win || plies + 1 < win)) win = plies + 1;
                if (r == TB_DRAW) nolose = 1;
                if (r == TB_WIN && plies > capmax) capmax = plies;
            }
            sq[to] = (uint8_t)keep;
            cells[victim] = to;
        }
        cells[i] = from;
        sq[from] = (uint8_t)(1 + (side << 4 | i));
    }
    legal += quiet;
    clear(sh, cells, sq);
    g->capm[e] = (uint8_t)capmax;
    if (!legal) {
        g->val[e] = in_check ? 1 : 0;
        g->cnt[e] = NOLOSE;
        return 0;
    }
    g->val[e] = win ? (uint8_t)(win + 1) : 0;
    g->cnt[e] = nolose ? NOLOSE : (uint16_t)(quiet * orbit(cells, n, sh->pair));
    if (!quiet && !nolose && !win) g->val[e] = (uint8_t)(capmax + 2); /* only captures, all lose */
    return 0;
}

/* From a position of level L (side to move `side`), the un-moves to its predecessors. */
static int gen_back(Gen *g, int side, uint64_t idx, int L, uint8_t *sq, int *maxl) {
    const Shape *sh = &g->sh;
    int n = sh->n, cells[TB_MAX_PIECES], mover = side ^ 1;
    decode(idx, n, cells);
    place(sh, cells, sq);
    int oq = L & 1 ? orbit(cells, n, sh->pair) : 0;
    uint8_t *val = g->val + (uint64_t)mover * g->size;
    uint16_t *cnt = g->cnt + (uint64_t)mover * g->size;
    uint8_t *capm = g->capm + (uint64_t)mover * g->size;
    for (int i = 0; i < n; i++) {
        if (sh->colors[i] != mover) continue;
        int q[160], cp[40], nq, from = cells[i];
        targets(sh, cells, sq, i, q, &nq, cp);
        sq[from] = 0;
        for (int j = 0; j < nq; j++) {
            cells[i] = q[j];
            sq[q[j]] = 1;
            if (!attacked(sh, cells, sq, cells[side], mover)) {
                uint64_t p = canon(cells, n, sh->pair);
                uint8_t u = val[p];
                if (!(L & 1)) {
                    if (u == 0 || (((u - 1) & 1) && u - 1 > L + 1)) {
                        val[p] = (uint8_t)(L + 2);
                        if (L + 1 > *maxl) *maxl = L + 1;
                    }
                } else if (u == 0 && cnt[p] != NOLOSE) {
                    if (cnt[p] < oq) {
                        snprintf(g->err, g->errlen, "internal: a move count went below zero");
                        sq[q[j]] = 0; cells[i] = from; clear(sh, cells, sq);
                        return -1;
                    }
                    cnt[p] = (uint16_t)(cnt[p] - oq);
                    if (!cnt[p]) {
                        int d = (L > capm[p] ? L : capm[p]) + 1;
                        if (d + 1 >= V_MAX) {
                            snprintf(g->err, g->errlen, "a mate longer than %d plies", V_MAX - 2);
                            sq[q[j]] = 0; cells[i] = from; clear(sh, cells, sq);
                            return -1;
                        }
                        val[p] = (uint8_t)(d + 1);
                        if (d > *maxl) *maxl = d;
                    }
                }
            }
            sq[q[j]] = 0;
        }
        cells[i] = from;
        sq[from] = (uint8_t)(1 + (mover << 4 | i));
    }
    clear(sh, cells, sq);
    return 0;
}

static void gen_stats(Gen *g, TbStats *st) {
    int n = g->sh.n, cells[TB_MAX_PIECES];
    memset(st, 0, sizeof *st);
    st->stored = 2 * g->size;
    for (int side = 0; side < 2; side++)
        for (uint64_t idx = 0; idx < g->size; idx++) {
            uint8_t u = g->val[(uint64_t)side * g->size + idx];
            if (u == V_ILLEGAL) continue;
            decode(idx, n, cells);
            int o = orbit(cells, n, g->sh.pair);
            st->legal[side] += o;
            if (!u) continue;
            int d = u - 1;
            if (d & 1) {
                st->win[side] += o;
                if (d > st->longest[side]) {
                    st->longest[side] = d;
                    memcpy(st->longest_cells[side], cells, sizeof cells);
                }
            } else st->loss[side] += o;
        }
}

int tb_generate(const Variant *v, const int *wk, int nw, const int *bk, int nb, const char *path, TbStats *st,
                char *err, size_t errlen) {
    int kinds[TB_MAX_PIECES], n = 2 + nw + nb;
    if (nw < 0 || nb < 0 || n > TB_MAX_PIECES) { snprintf(err, errlen, "a table holds 3 or 4 pieces, kings included"); return -1; }
    if (sym_init(v, err, errlen)) return -1;
    kinds[0] = kinds[1] = v->royal;
    for (int i = 0; i < nw; i++) kinds[2 + i] = wk[i];
    for (int i = 0; i < nb; i++) kinds[2 + nw + i] = bk[i];
    if (material_ok(v, kinds, nw, n, err, errlen)) return -1;
    Gen g = {.size = NDOM, .err = err, .errlen = errlen};
    for (int i = 1; i < n; i++) g.size *= NC;
    shape_init(&g.sh, v, kinds, nw, n);
    g.val = malloc(2 * g.size);
    g.cnt = malloc(2 * g.size * sizeof(uint16_t));
    g.capm = malloc(2 * g.size);
    int rc = -1, maxl = 0;
    uint8_t sq[NC];
    memset(sq, 0, sizeof sq);
    if (!g.val || !g.cnt || !g.capm) { snprintf(err, errlen, "out of memory"); goto done; }
    for (int side = 0; side < 2; side++)
        for (uint64_t idx = 0; idx < g.size; idx++) {
            if (gen_first(&g, side, idx, sq)) goto done;
            uint8_t u = g.val[(uint64_t)side * g.size + idx];
            if (u && u != V_ILLEGAL && u - 1 > maxl) maxl = u - 1;
        }
    for (int L = 0; L <= maxl; L++)
        for (int side = 0; side < 2; side++) {
            const uint8_t *val = g.val + (uint64_t)side * g.size;
            for (uint64_t idx = 0; idx < g.size; idx++)
                if (val[idx] == L + 1 && gen_back(&g, side, idx, L, sq, &maxl)) goto done;
        }
    gen_stats(&g, st);
    st->max_plies = maxl;
    Header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, TB_MAGIC, 8);
    h.version = TB_VERSION; h.n = (uint32_t)n; h.nw = (uint32_t)nw; h.nb = (uint32_t)nb;
    for (int i = 0; i < n; i++) h.kinds[i] = kinds[i];
    h.size = g.size; h.rules = rules_hash(v, kinds, n); h.ncells = NC;
    if (!st->win[0] && !st->win[1] && !st->loss[0] && !st->loss[1]) h.flags = TB_ALL_DRAWN;
    FILE *f = fopen(path, "wb");
    if (!f) { snprintf(err, errlen, "%s: cannot write", path); goto done; }
    int ok = fwrite(&h, sizeof h, 1, f) == 1 &&
             (h.flags & TB_ALL_DRAWN || fwrite(g.val, 1, 2 * g.size, f) == 2 * g.size);
    ok &= fclose(f) == 0;
    if (!ok) { snprintf(err, errlen, "%s: write failed", path); goto done; }
    rc = 0;
done:
    free(g.val); free(g.cnt); free(g.capm);
    return rc;
}
#else
int tb_load(const Variant *v, const char *path, char *err, size_t errlen) {
    snprintf(err, errlen, "no tablebase files in the browser's build");
    return -1;
}
int tb_generate(const Variant *v, const int *wk, int nw, const int *bk, int nb, const char *path, TbStats *st,
                char *err, size_t errlen) {
    snprintf(err, errlen, "no tablebase generation in the browser's build");
    return -1;
}
#endif
