/* The native core: shared types and the units' interfaces.
 *
 * Layout after Fairy-Stockfish: a variant is data.  engine/core.py hands each variant's tables
 * in at runtime (variant.c builds a Variant from them and returns a handle); every position
 * carries a pointer to its Variant, and no unit knows a piece set or a board shape: bitboard.c
 * (the bit helpers), variant.c (building the tables), position.c (make/unmake, incremental
 * Zobrist and material/PST sums, attack test), movegen.c (pseudo-legal and fully legal
 * generation), perft.c, evaluate.c, search.c and module.c (the CPython glue).  Hashes and
 * scores are the pure-Python engine's because its keys, tables and values are the ones handed in.
 */
#ifndef RS_CORE_H
#define RS_CORE_H

#include <stdint.h>
#include <stddef.h>

/* Two builds of the same sources (setup.py): the narrow one (engine._rs_native: 128-bit
 * boards, the cube's) and, with RS_WIDE, the wide one (engine._rs_native_wide: 256-bit boards
 * for Hexagonal Raumschach's 185 cells, Star Trek's superset).  engine/core.py picks the module
 * by the variant's cell count, so the cube pays nothing for the wide boards: every bitboard
 * test below is written through bb_any/bb_test/BB_FOREACH, which expand to exactly the old
 * __int128 expressions in the narrow build.  Bitwise & | ^ ~ are the operators themselves in
 * both (GCC's vector extension gives them to the wide type lane by lane). */
#ifdef RS_WIDE
/* Four 64-bit lanes; alignment lowered to 16 so a PyMem_Malloc'd struct holding one is fine. */
typedef uint64_t bb_t __attribute__((vector_size(32), aligned(16)));
typedef int16_t cell_t; /* a cell index in the tables (-1 ends a list) */
#define BB_WORDS 4
#define MAXCELLS 256  /* bb_t's width: larger geometries are refused at registration */
#define RAYMAX 16     /* cells per ray + the -1 terminator (hex: 6 in a level; Star Trek: 9 along a file) */
#define HANDLE_BASE 65536 /* this module's variant handles: never mistaken for the narrow module's */
#define BB_EMPTY ((bb_t){0, 0, 0, 0})
static inline bb_t bb_bit(int c) {
    const bb_t lane = {0, 1, 2, 3};
    return (bb_t)(lane == (uint64_t)(c >> 6)) & (1ULL << (c & 63));
}
static inline int bb_any(bb_t b) { return ((b[0] | b[1]) | (b[2] | b[3])) != 0; }
static inline int bb_test(bb_t b, int c) { return (int)(b[c >> 6] >> (c & 63) & 1); }
static inline uint64_t bb_low(bb_t b) { return b[0]; }
static inline bb_t bb_from_low(uint64_t x) { return (bb_t){x, 0, 0, 0}; }
static inline int bb_lsb(bb_t b) {
    for (int i = 0; i < BB_WORDS; i++) if (b[i]) return 64 * i + __builtin_ctzll(b[i]);
    return -1;
}
static inline int bb_popcount(bb_t b) {
    return __builtin_popcountll(b[0]) + __builtin_popcountll(b[1]) + __builtin_popcountll(b[2]) +
           __builtin_popcountll(b[3]);
}
/* Take the lowest cell out of *b into *c; 0 when *b is empty. */
static inline int bb_next(bb_t *b, int *c) {
    for (int i = 0; i < BB_WORDS; i++) {
        uint64_t w = (*b)[i];
        if (w) { *c = 64 * i + __builtin_ctzll(w); (*b)[i] = w & (w - 1); return 1; }
    }
    return 0;
}
#define BB_FOREACH(c, b) for (bb_t _b = (b); bb_next(&_b, &(c));)
#else
typedef unsigned __int128 bb_t; /* bit c = cell c */
typedef int8_t cell_t;
#define MAXCELLS 128  /* bb_t's width: larger geometries are refused at registration (the wide build takes them) */
#define RAYMAX 8      /* cells per ray + the -1 terminator */
#define HANDLE_BASE 0
#define BB_EMPTY ((bb_t)0)
static inline bb_t bb_bit(int c) { return (bb_t)1 << c; }
#define bb_any(b) ((b) != 0)
/* One 128-bit shift, not a mask built by one (bb_bit: a few instructions more, on the hot paths). */
#define bb_test(b, c) ((int)((uint64_t)((bb_t)(b) >> (c)) & 1))
static inline uint64_t bb_low(bb_t b) { return (uint64_t)b; }
static inline bb_t bb_from_low(uint64_t x) { return (bb_t)x; }
static inline int bb_lsb(bb_t b) {
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}
static inline int bb_popcount(bb_t b) {
    return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64));
}
#define BB_FOREACH(c, b) for (bb_t _b = (b); _b && ((c) = bb_lsb(_b), 1); _b &= _b - 1)
#endif

#define NKINDS 16     /* kinds 1..15 (0: no piece) */
#define NCODES 32
#define MAXDIRS 32    /* line directions of a geometry (hex and Star Trek: 26) */
#define MAXCLASSES 8  /* groups of directions slid along by the same kinds */
#define MAXLEAPS 64   /* targets of one leaper from one cell */
#define MAXDSTEPS 4   /* pawn double steps from one cell */
#define MAX_VARIANTS 32
#define COLOR_SHIFT 4
#define KIND_MASK 15
#define PAWN 1        /* engine/pieces.py: the one kind the core treats specially */
/* engine/moves.py's packed move: to (bits 0-8), from (9-17), promotion kind (18-21), placed
 * kind (22-25). */
#define FROM_SHIFT 9
#define CELL_MASK 511
#define PROMO_SHIFT 18
#define PLACE_SHIFT 22
#define MOVE_FROM(m) (((m) >> FROM_SHIFT) & CELL_MASK)
#define MOVE_TO(m) ((m) & CELL_MASK)
#define MOVE_PROMO(m) (((m) >> PROMO_SHIFT) & 15)
#define MOVE_PLACE(m) (((m) >> PLACE_SHIFT) & 15)
#define MAX_MOVES 1024
#define LEGAL_MAX (2 * MAX_MOVES + 32) /* caps + quiets + king steps */
#define MAX_HIST 1280 /* game history kept for repetition (<= 1024) + search plies */
/* Movable boards (Star Trek's attack boards, docs/variant-seam.md section 10): a board move is
 * packed with this flag, from/to = the from-pin's and to-pin's anchor cells.  Only the wide
 * build plays them (Star Trek's 144 cells); the narrow build reads a variant's pin tables and
 * refuses any pins, so its code is the old one. */
#define BOARD_MOVE_FLAG (1u << 26)
#define MAXPINS 32      /* pins of a variant (a bit each in Pos.pins) */
#define MAXPINCELLS 8   /* cells of one movable board */
#define VOID 32         /* Pos.sq of a cell that does not exist now (engine/board_pins.py's VOID) */
#ifdef RS_WIDE
#define PAWN_PUSHES 6   /* pawn pushes a cell + the -1 terminator (Star Trek: 3 forward + 2 sideways) */
#define PAWN_CAPS 17    /* pawn captures a cell + the -1 terminator (Star Trek: across up to 6 levels) */
#else
#define PAWN_PUSHES 5
#define PAWN_CAPS 9
#endif

/* One pawn double step from a cell: the target, the middle cells, and whether all of them
 * (straight steps) or any one (Five Up's L-step) must be empty. */
typedef struct { cell_t to; int8_t nmid, any; cell_t mid[2]; } DStep;

/* ---- variant.c: everything a variant is, as tables (read-only once built).  module.c fills
 * the declared fields from Python; variant_build derives the rest. ---- */
typedef struct {
    int ncells, ndirs;
    cell_t ray[MAXCELLS][MAXDIRS][RAYMAX];   /* cells along a direction, -1 terminated */
    bb_t ray_bb[MAXCELLS][MAXDIRS];
    int8_t dir_between[MAXCELLS][MAXCELLS];  /* direction index from a to b along a line, or -1 */
    /* Attack lines: direction d out of a cell belongs to class dir_class[d]; the kinds that
     * slide back along it are class_kinds (a bit per kind). */
    int nclasses;
    int8_t dir_class[MAXDIRS];
    uint16_t class_kinds[MAXCLASSES];
    int8_t class_kind_list[MAXCLASSES][NKINDS + 1]; /* 0-terminated */
    int8_t class_k4[MAXCLASSES][4];                 /* the same, padded with 0 (bb[0] stays empty) */
    uint8_t class_n[MAXCLASSES];                    /* how many kinds (beyond four: walk the list) */
    int8_t class_dirs[MAXCLASSES][MAXDIRS + 1];     /* -1 terminated */
    bb_t class_lines[MAXCELLS][MAXCLASSES];         /* every cell on the class's rays */
    /* Pieces: leaps (quiet, capture), slides (direction indices), the royal kind. */
    uint8_t leaper[NKINDS], slider[NKINDS];
    bb_t leap_quiet[NKINDS][MAXCELLS], leap_cap[NKINDS][MAXCELLS];
    bb_t leap_attackers[NKINDS][MAXCELLS];         /* cells from which kind k captures the cell */
    int8_t slide_dirs[NKINDS][MAXDIRS + 1];         /* -1 terminated */
    int8_t attack_leapers[NKINDS + 1];              /* kinds with capture leaps, 0-terminated */
    int8_t kinds_present[NKINDS];
    uint8_t mob_leaper[NKINDS];                      /* mob_leaps[kind] is not empty */
    int has_dsteps;
    int royal;
    /* Pawns (per side). */
    cell_t pawn_push[2][MAXCELLS][PAWN_PUSHES], pawn_cap[2][MAXCELLS][PAWN_CAPS];
    bb_t pawn_cap_bb[2][MAXCELLS], pawn_attackers[2][MAXCELLS], dstep_bb[2][MAXCELLS];
    DStep dstep[2][MAXCELLS][MAXDSTEPS];
    int8_t ndstep[2][MAXCELLS];
    bb_t promo_bb[2];
    int en_passant;
    uint32_t all_promos[NKINDS];    /* promotion bits, best first, 0-terminated */
    uint32_t search_promos[NKINDS];
    uint16_t reserve_kinds;          /* kinds that may be placed (bit per kind) */
    int8_t reserve_list[NKINDS];     /* placement order, 0-terminated */
    int castling, castle_kind;
    int8_t castle_dirs[MAXDIRS + 1]; /* -1 terminated */
    int extra;                       /* any of reserves, en passant, castling: the slow make path */
    /* Keys and values (the Python engine's). */
    uint64_t zkey[NCODES][MAXCELLS], zblack, zreserve[2][NKINDS], zunmoved[MAXCELLS], zep[MAXCELLS];
    int pst_mg[NCODES][MAXCELLS], pst_eg[NCODES][MAXCELLS];
    int phase_w[NKINDS], value[NKINDS], phase_total;
    /* Evaluation (search/evaluate.py's terms and tables, as data). */
    int mob_mg[NKINDS], mob_eg[NKINDS], king_attack_w[NKINDS];
    bb_t mob_leaps[NKINDS][MAXCELLS];     /* the both-ways leaps mobility counts */
    int8_t pair_class[NKINDS][MAXCELLS];  /* the part of the board a cell is in, for kinds with a pair term */
    uint8_t has_pair[NKINDS];
    int pair_mg[NKINDS], pair_eg[NKINDS];
    int8_t coord[MAXCELLS][3];
    int adv_max;
    bb_t near2[MAXCELLS], shelter[2][MAXCELLS];
    /* Movable boards (last, so the fields above keep their offsets in the narrow build):
     * pin_cells[p] in the Python Pin's order (a moved board puts cells[i]'s piece on the
     * other pin's cells[i]), pin_anchor = cells[0]; where a board on pin p may go (a bit per
     * pin): anywhere else, or - carrying a pawn - only onto the same ranks.  A cell exists when
     * it is in fixed_bb or on an occupied pin.  unmoved_pawns: Pos.unmoved holds the pawns that
     * have not moved (their double step), not Five Up's pieces; bare_royal_loses: a side left
     * with its king alone has lost (the evaluation scores it). */
    int npins, pin_ncells, unmoved_pawns, bare_royal_loses;
    cell_t pin_cells[MAXPINS][MAXPINCELLS];
    int16_t pin_of_anchor[MAXCELLS];  /* -1: no pin's anchor */
    bb_t pin_bb[MAXPINS], fixed_bb;
    uint32_t pin_others[MAXPINS], pin_same_ranks[MAXPINS];
    uint64_t zpin[MAXPINS];
    bb_t pawn_push_bb[2][MAXCELLS]; /* pawn_push as bitboards */
    /* slide_dirs without the directions leading off the board from a cell (an edge cell has
     * few), in the same order, -1 terminated: the walks of move generation and mobility. */
    int8_t cell_dirs[NKINDS][MAXCELLS][MAXDIRS + 1];
    bb_t slide_lines[NKINDS][MAXCELLS];  /* the cells of those rays together */
} Variant;

int variant_build(Variant *v, const int8_t dirs[][3], char *err, size_t errlen); /* 0, or -1 and a message */

/* ---- position.c ---- */
enum { SP_EP = 1, SP_CASTLE = 2 }; /* Undo.special */
typedef struct {
    uint32_t move; uint8_t cap, special; /* special: 1 en passant, 2 castling, 4 double step */
    cell_t ep_victim;
    uint64_t hash, pawn_hash;
    int mg, eg, phase, hmc;
    uint16_t reserve[2];
    bb_t unmoved, ep_cells;
} Undo;

typedef struct {
    const Variant *v;
    uint8_t sq[MAXCELLS];
    bb_t bb[NCODES];  /* per piece code */
    bb_t occ[2];
    int side, kings[2];
    uint64_t hash, pawn_hash;
    int mg, eg, phase, hmc;
    /* Five Up's state (zero for a variant without it): kinds in hand per side (bit per kind),
     * the unmoved non-pawn pieces of a side still holding a reserve, and the cells a pawn
     * passed with its double step (capturable en passant, the pawn on ep_victim). */
    uint16_t reserve[2];
    bb_t unmoved, ep_cells;
    int ep_victim;
#ifdef RS_WIDE
    /* Movable boards: the occupied pins (a bit each) and the cells that exist now (all ones
     * for a variant without pins; a missing cell also holds VOID in sq). */
    uint32_t pins;
    bb_t exists;
#endif
    int n;            /* moves on the stack (game history + search) */
    Undo stack[MAX_HIST];
} Pos;

void pos_clear(Pos *p, const Variant *v);
void pos_put(Pos *p, int cell, int code);
void pos_set_side(Pos *p, int side);
void pos_set_extra(Pos *p, const uint16_t reserve[2], bb_t unmoved, bb_t ep_cells, int ep_victim);
/* The occupied pins (a bit each) of a variant with movable boards, after its pieces are put:
 * every cell off the existing ones must be VOID in sq (set by pos_void), every piece on one.
 * 0, or -1 with a message in err. */
void pos_void(Pos *p, int cell);
int pos_set_pins(Pos *p, uint32_t pins, const char **err);
uint32_t pos_pins(const Pos *p);
int pos_attacked(const Pos *p, int cell, int by);
/* The pieces of colour shift `sh` that slide along attack class `cls`. */
static inline bb_t class_pieces(const Pos *p, int cls, int sh) {
    const Variant *v = p->v;
    const int8_t *k = v->class_k4[cls];
    bb_t s = p->bb[k[0] | sh] | p->bb[k[1] | sh];
    if (v->class_n[cls] > 2) {
        s |= p->bb[k[2] | sh] | p->bb[k[3] | sh];
        if (v->class_n[cls] > 4)
            for (k = v->class_kind_list[cls] + 4; *k; k++) s |= p->bb[*k | sh];
    }
    return s;
}

static inline int pos_in_check(const Pos *p) { return pos_attacked(p, p->kings[p->side], p->side ^ 1); }
void pos_make(Pos *p, uint32_t m);
void pos_make_perft(Pos *p, uint32_t m); /* without the evaluation sums */
void pos_unmake(Pos *p);
void pos_make_null(Pos *p);
void pos_unmake_null(Pos *p);
int pos_make_legal(Pos *p, uint32_t m, int in_check);
int pos_seen_before(const Pos *p);
int pos_non_pawn_material(const Pos *p, int side);
int pos_is_castling(const Pos *p, uint32_t m);
int pos_gives_check(Pos *p, uint32_t m); /* quiet m, unmade: 1, 0, or -1 (not covered) */
int pos_castle_ok(const Pos *p, int fr, int to, int in_check); /* castling fr-to, made */

/* ---- movegen.c ---- */
#define GEN_CAPTURES_BARE 2 /* gen_pseudo's captures_only: no placement variants */
/* The kinds a move of the piece on `from` may place on the cell it leaves (Five Up: a piece's
 * first move, a kind in hand; never a pawn's): gen_pseudo's placement variants, and the
 * quiescence search's for the bare captures it keeps. */
static inline unsigned placements_of(const Pos *p, int from) {
    return p->v->extra && bb_test(p->unmoved, from) && (p->sq[from] & KIND_MASK) != PAWN ? p->reserve[p->side] : 0;
}
int gen_pseudo(const Pos *p, int captures_only, const uint32_t *promos, uint32_t *caps, int *ncaps,
               uint32_t *quiets, int skip);
int pos_quiet_pseudo(const Pos *p, uint32_t m); /* m among gen_pseudo's quiet moves (not board moves) */
int gen_legal(Pos *p, int captures_only, uint32_t *out);
int board_move_reason(const Pos *p, uint32_t m, const char **why); /* 0: keeps the conditions */

/* ---- perft.c ---- */
uint64_t perft(Pos *p, int depth, int bulk);

/* ---- evaluate.c ---- */
typedef struct { uint64_t key; int mg, eg; } PawnEntry;
#define PAWN_CACHE_SIZE (1 << 14)
/* A slider's mobility is a function of its kind, its cell and which cells of its lines hold
 * a piece, and which of those its own side's (narrow build: the wide one's missing cells
 * would be a third set): a search keeps the last counts found, the whole key stored, so a
 * hit is exact.  kc = kind * MAXCELLS + cell, never 0 (kinds count from 1): a zeroed entry
 * matches nothing. */
typedef struct { bb_t occ, own; int kc, n; } MobEntry;
#define MOB_CACHE_BITS 11
int evaluate(const Pos *p, PawnEntry *cache, MobEntry *mob); /* either cache may be NULL */
int fast_evaluate(const Pos *p);
static inline int floordiv(int a, int b) { int q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }

/* ---- search.c ---- */
#define MAX_PLY 64
#define SEARCH_THREADS_MAX 8
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
    int keep_tt;          /* 1: search with a table kept from the process's last searches (search.c) */
    /* Called after each completed iteration (NULL: not): the browser's engine shows its line as
     * it deepens (wasm_api.c). */
    void (*on_info)(const SearchInfoC *info, void *ctx);
    void *info_ctx;
    /* 1: complete every depth even with one root move (a restricted root, module.c's root_moves,
     * asks for that move's score; a bot's only move needs no more than depth 2). */
    int full_depth;
    /* Lazy SMP: threads searching (<= 1: one, the main; more: helpers sharing the table, at most
     * SEARCH_THREADS_MAX; the result's nodes are all threads').  The WebAssembly build has one. */
    int threads;
} SearchParams;

typedef struct {
    uint32_t move; int score, depth; uint64_t nodes; double time;
    int npv; uint32_t pv[MAX_PLY + 2];
    int ninfos; SearchInfoC infos[MAX_PLY + 2];
    int error;            /* 1: out of memory */
    int nthreads; uint64_t thread_nodes[SEARCH_THREADS_MAX]; /* each thread's nodes, the main's first */
} SearchOutput;

void search_run(const Pos *root, const uint32_t *root_moves, int nroot, const SearchParams *sp, SearchOutput *out);

#endif
