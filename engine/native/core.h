/* The native Raumschach core: shared types and the units' interfaces.
 *
 * Layout after Fairy-Stockfish: bitboard.c (125-bit boards and the cube's tables),
 * position.c (make/unmake, incremental Zobrist and material/PST sums, attack test),
 * movegen.c (pseudo-legal and fully legal generation), perft.c, evaluate.c, search.c and
 * module.c (the CPython glue).  Rules mirror engine/variants/raumschach.py exactly; the
 * Zobrist keys, piece-square tables and piece values are handed in from Python at import
 * (engine/native/__init__.py), so hashes and scores are the pure-Python engine's.
 */
#ifndef RS_CORE_H
#define RS_CORE_H

#include <stdint.h>
#include <stddef.h>

typedef unsigned __int128 bb_t; /* bit c = cell c (level*25 + rank*5 + file) */

#define NCELLS 125
#define NCODES 32
#define COLOR_SHIFT 4
#define KIND_MASK 15
enum { PAWN = 1, KNIGHT, BISHOP, ROOK, UNICORN, QUEEN, KING };
/* engine/moves.py's packed move: to (bits 0-8), from (9-17), promotion kind (18-21), placed
 * kind (22-25). */
#define FROM_SHIFT 9
#define CELL_MASK 511
#define PROMO_SHIFT 18
#define MOVE_FROM(m) (((m) >> FROM_SHIFT) & CELL_MASK)
#define MOVE_TO(m) ((m) & CELL_MASK)
#define MOVE_PROMO(m) (((m) >> PROMO_SHIFT) & 15)
#define MAX_MOVES 1024
#define LEGAL_MAX (2 * MAX_MOVES + 32) /* caps + quiets + king steps */
#define MAX_HIST 1280 /* game history kept for repetition (<= 1024) + search plies */

static inline bb_t bb_bit(int c) { return (bb_t)1 << c; }
static inline int bb_lsb(bb_t b) {
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}
static inline int bb_popcount(bb_t b) {
    return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64));
}
#define BB_FOREACH(c, b) for (bb_t _b = (b); _b && ((c) = bb_lsb(_b), 1); _b &= _b - 1)

/* ---- bitboard.c: tables of the cube ---- */
extern int8_t DIRS[26][3];          /* QUEEN_DIRS order: rook (6), bishop (12), unicorn (8) */
extern int8_t DIR_CLASS[26];        /* ROOK, BISHOP or UNICORN */
extern int8_t RAY[NCELLS][26][5];   /* cells along a direction, -1 terminated */
extern bb_t RAY_BB[NCELLS][26];
extern bb_t LINES_BB[NCELLS][8];    /* by slider kind: every cell on its rays */
extern int8_t DIR_BETWEEN[NCELLS][NCELLS]; /* direction index from a to b along a line, or -1 */
extern int8_t KNIGHT_T[NCELLS][25]; /* -1 terminated */
extern int8_t KING_T[NCELLS][27];
extern bb_t KNIGHT_BB[NCELLS], KING_BB[NCELLS];
extern int8_t PAWN_PUSH[2][NCELLS][3], PAWN_CAP[2][NCELLS][6];
extern bb_t PAWN_ATTACKERS[2][NCELLS]; /* cells from which a pawn of side s attacks the cell */
extern bb_t PROMO_BB[2];
extern bb_t NEAR2_BB[NCELLS], SHELTER_BB[2][NCELLS];
extern int SLIDER_DIRS[8][27];      /* per slider kind: its direction indices, -1 terminated */

/* How the pieces move, handed in from engine/variants/raumschach.py (the one place that says
 * it): White's pawn steps (Black's are the point reflection), White's promotion cells, the
 * knight's leaps and the rook's, bishop's and unicorn's slide directions (the queen slides
 * along all three sets, the king steps once along them).  Deltas are (level, rank, file). */
typedef struct {
    int npush, ncap, nknight, ndirs[3];
    int8_t push[4][3], cap[8][3], knight[48][3], dirs[3][26][3];
    bb_t promo_white;
} RsRules;
void rs_init_geometry(const RsRules *rules);

/* ---- values handed in from Python ---- */
extern uint64_t ZKEY[NCODES][NCELLS];
extern uint64_t ZBLACK;
extern int PST_MG[NCODES][NCELLS], PST_EG[NCODES][NCELLS];
extern int PHASE_W[16], VALUE[16];

/* ---- position.c ---- */
typedef struct {
    uint32_t move; uint8_t cap;
    uint64_t hash, pawn_hash;
    int mg, eg, phase, hmc;
} Undo;

typedef struct {
    uint8_t sq[NCELLS];
    bb_t bb[NCODES];  /* per piece code */
    bb_t occ[2];
    int side, kings[2];
    uint64_t hash, pawn_hash;
    int mg, eg, phase, hmc;
    int n;            /* moves on the stack (game history + search) */
    Undo stack[MAX_HIST];
} Pos;

void pos_clear(Pos *p);
void pos_put(Pos *p, int cell, int code);
void pos_set_side(Pos *p, int side);
int pos_attacked(const Pos *p, int cell, int by);
static inline int pos_in_check(const Pos *p) { return pos_attacked(p, p->kings[p->side], p->side ^ 1); }
void pos_make(Pos *p, uint32_t m);
void pos_make_perft(Pos *p, uint32_t m); /* without the evaluation sums */
void pos_unmake(Pos *p);
void pos_make_null(Pos *p);
void pos_unmake_null(Pos *p);
int pos_make_legal(Pos *p, uint32_t m, int in_check);
int pos_seen_before(const Pos *p);
int pos_non_pawn_material(const Pos *p, int side);

/* ---- movegen.c ---- */
extern const uint32_t ALL_PROMOS[6];    /* 0-terminated promotion bits, best first */
extern const uint32_t SEARCH_PROMOS[3];
int gen_pseudo(const Pos *p, int captures_only, const uint32_t *promos, uint32_t *caps, int *ncaps,
               uint32_t *quiets, int skip);
int gen_legal(Pos *p, int captures_only, uint32_t *out);

/* ---- perft.c ---- */
uint64_t perft(Pos *p, int depth, int bulk);

/* ---- evaluate.c ---- */
typedef struct { uint64_t key; int mg, eg; } PawnEntry;
#define PAWN_CACHE_SIZE (1 << 14)
int evaluate(const Pos *p, PawnEntry *cache); /* cache may be NULL */
int fast_evaluate(const Pos *p);
static inline int floordiv(int a, int b) { int q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }

/* ---- search.c ---- */
#define MAX_PLY 64
typedef struct {
    int depth, score; uint64_t nodes; double time;
    int npv; uint32_t pv[MAX_PLY + 2];
} SearchInfoC;

typedef struct {
    int depth;            /* 0 = none */
    double movetime;      /* <= 0: none */
    uint64_t nodes;       /* 0 = none */
    int min_depth;
    int noise; uint64_t noise_key;
    size_t tt_bytes;
    volatile int *stop;   /* may be NULL */
    int cpu_clock;        /* 1: movetime counts the searching thread's CPU time, not wall time */
} SearchParams;

typedef struct {
    uint32_t move; int score, depth; uint64_t nodes; double time;
    int npv; uint32_t pv[MAX_PLY + 2];
    int ninfos; SearchInfoC infos[MAX_PLY + 2];
    int error;            /* 1: out of memory */
} SearchOutput;

void search_run(const Pos *root, const uint32_t *root_moves, int nroot, const SearchParams *sp, SearchOutput *out);

#endif
