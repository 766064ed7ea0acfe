#define _POSIX_C_SOURCE 200809L
/* The whole search in C: the same algorithm, constants and move ordering as
 * engine/search/searcher.py (PVS, iterative deepening with aspiration windows, two-entry TT
 * buckets, quiescence with delta pruning and check evasions, null move, LMR, killers and
 * history, check extension, mate-distance pruning, repetition and 50-move draws, limits and
 * a stop flag, the levels' seeded noise).  Runs without the GIL: all state is in one
 * heap-allocated Search; the variant's tables are read-only.  Lazy SMP (SearchParams.threads):
 * helper threads, each with a Search of its own, search the same root and share only the
 * transposition table (see smp_start). */
#ifndef __wasm__
#define RS_THREADS /* the browser's build is single-threaded: SearchParams.threads is ignored */
#include <pthread.h>
#endif
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core.h"
#include "tb.h"

#define MATE 30000
#define MATE_BOUND (MATE - 1000)
#define INF (MATE + 1)
#define ASPIRATION 40
#define DELTA_MARGIN 200
#define LAZY_MARGIN 300
#define LMR_MIN_DEPTH 3
#define LMR_MIN_MOVES 4
#define LMR_LATE_MOVES 12
#define QS_EVASION_PLIES 4
#define CHECK_EVERY 128
#define MIN_DEPTH_CAP 4
/* Selective search (issue 42), at non-PV nodes out of check, as searcher.py: */
#define RFP_DEPTH 4       /* reverse futility: eval - RFP_MARGIN * depth >= beta returns the eval */
#define RFP_MARGIN 120
#define RAZOR_DEPTH 2     /* razoring: eval + RAZOR_MARGIN * depth <= alpha asks the quiescence search */
#define RAZOR_MARGIN 350
#define FUTILITY_DEPTH 2  /* futility: a quiet move that gives no check cannot lift eval + margin to alpha */
#define FUTILITY_MARGIN 150
#define LMP_DEPTH 3       /* late-move pruning: quiet moves beyond LMP_BASE + depth^2 * LMP_SCALE */
#define LMP_BASE 4
#define LMP_SCALE 3
#define STAGE_DEPTH 3     /* nodes up to this depth generate their quiet moves only when reached */
#define HLOG_SIZE (1 << 16)
#ifdef RS_WIDE
#define MOVE_BITS 29 /* engine/moves.py's MOVE_BITS: above a board move's flag (bit 26) */
#else
#define MOVE_BITS 26 /* no flag in the narrow build's moves: the same order, the old code */
#endif
#define MOVE_MASK ((1u << MOVE_BITS) - 1)
#define SCORE_HASH (1LL << 26)
#define SCORE_GOOD_CAPTURE (1LL << 24)
#define SCORE_KILLER1 ((1LL << 23) + 1)
#define SCORE_KILLER2 (1LL << 23)
#define SCORE_BAD_CAPTURE (1LL << 22)
#define SCORE_SIDE_CAPTURE (1LL << 21) /* a capture's other placement variants: after the bad captures */
#define HISTORY_MAX ((1 << 21) - 1)
#define EVAL_CACHE_SIZE (1 << 16)
enum { TT_EMPTY = 0, TT_EXACT, TT_LOWER, TT_UPPER };

/* flag: the bound (TT_EXACT..TT_UPPER) in bits 0-1, the table's epoch in bits 2-7: an entry
 * of another epoch is empty (see scratch_take).  key: the position's key XOR the entry's other
 * eight bytes (lockless hashing, as Crafty's and Stockfish's once): the threads of a search
 * write their shared table without a lock, so an entry may be read half old, half new; such a
 * torn entry fails the key test on probe and reads as absent (tt_probe). */
typedef struct { uint64_t key; uint32_t move; int16_t score; int8_t depth; uint8_t flag; } TTEntry;
#define TT_EPOCH_MAX 63
typedef struct { uint64_t key; int score; uint32_t gen; } EvalEntry; /* gen: the search's, or stale */

typedef struct {
    Pos pos;
    /* From here to `gen`: zeroed for each search (search_new); the caches after it are
     * emptied by their tags (the pawn cache: when the variant changes), the table by its epoch. */
    TTEntry *tt; uint64_t tt_mask; uint8_t *tt_age; uint8_t age, epoch;
    uint64_t nodes, next_check, node_limit;
    double start, deadline; /* deadline 0: none */
    clockid_t clock;        /* CLOCK_MONOTONIC, or CLOCK_THREAD_CPUTIME_ID (SearchParams.cpu_clock) */
    volatile int *stop;
    int noise; uint64_t noise_key;
    uint32_t killers[MAX_PLY + 2][2];
    int history[NCODES * MAXCELLS];
    int pvlen[MAX_PLY + 2];
    uint32_t iter_best;
    jmp_buf timeout;
    uint32_t gen;  /* evalc's live tag */
    uint32_t pv[MAX_PLY + 2][MAX_PLY + 2]; /* (not zeroed: a node sets its pvlen before any use) */
    /* A pawn entry is the structure of the pawns its key names, a mobility entry a slider's
     * count, each in its variant: both kept from search to search while the variant stays
     * (search_new). */
    const Variant *cache_variant;
    PawnEntry pawn[PAWN_CACHE_SIZE];
    MobEntry mob[1 << MOB_CACHE_BITS];
    EvalEntry evalc[EVAL_CACHE_SIZE];
    /* History writes made while a node waits to order its quiet moves (staged generation):
     * each entry's old value, so that node reads the history as it stood when it began, as
     * if it had ordered them then.  Reset when no node waits (and per root pass). */
    int pending, hlog_n, hlog_lost;
    struct { uint32_t index; int old; } hlog[HLOG_SIZE];
    /* A search on several threads (NULL: one; set by search_new), and this thread's number (0:
     * the main one).  Last, so that one thread's Search is laid out as before threads. */
    struct Smp *smp; int helper;
} Search;

/* ---- tables kept across searches (SearchParams.keep_tt): a bot's next move starts from what
 * its last search learnt.  At most TT_POOL tables a process (bounded memory: the largest is
 * 64 MiB), one per search at a time; a search that finds none free of its size, and no slot to
 * take, allocates its own as before.  A spin lock (GCC builtins: also in the WebAssembly build,
 * where there is one thread) guards the slots; the tables themselves are one search's alone. */
#define TT_POOL 2
typedef struct { TTEntry *tt; uint8_t *tt_age; uint64_t buckets; uint8_t age; int busy; } KeptTable;
static KeptTable kept[TT_POOL];
static char kept_lock;

static void kept_acquire(void) { while (__atomic_test_and_set(&kept_lock, __ATOMIC_ACQUIRE)) {} }
static void kept_release(void) { __atomic_clear(&kept_lock, __ATOMIC_RELEASE); }

/* A free kept table of `buckets` (or a slot to allocate one in: tt NULL), marked busy; NULL if none. */
static KeptTable *kept_take(uint64_t buckets) {
    KeptTable *found = NULL;
    kept_acquire();
    for (int i = 0; i < TT_POOL && !found; i++)
        if (!kept[i].busy && kept[i].tt && kept[i].buckets == buckets) found = &kept[i];
    for (int i = 0; i < TT_POOL && !found; i++)
        if (!kept[i].busy && !kept[i].tt) found = &kept[i];
    for (int i = 0; i < TT_POOL && !found; i++)
        if (!kept[i].busy) found = &kept[i]; /* another size: freed below, outside the lock */
    if (found) found->busy = 1;
    kept_release();
    if (found && found->tt && found->buckets != buckets) {
        free(found->tt); free(found->tt_age);
        found->tt = NULL; found->tt_age = NULL;
    }
    return found;
}

static void kept_give_back(KeptTable *k) {
    kept_acquire();
    k->busy = 0;
    kept_release();
}

/* ---- a search's own memory, kept for the process's next searches: the Search (its caches)
 * and a fresh-searching table.  Allocating them per search cost a calloc of ~18 MiB a search
 * (glibc hands freed heap memory back, so each calloc zeroed it all: a quarter of the bench's
 * native time).  A reused table is made empty in O(1) by a new epoch (an entry of another
 * epoch reads as empty: the same tree as a zeroed table), zeroed only every TT_EPOCH_MAX
 * searches; the evaluation cache likewise by its tag; the pawn cache (256 KiB) keeps its
 * entries while the searches' variant stays (a pawn entry is a function of the pawns alone).
 * At most SCRATCH_POOL at a time, one search's each, so a process holds at most
 * SCRATCH_POOL * (16 + 1.4) MiB between searches; a search that finds none free, or wants a
 * larger table, allocates and frees its own as before.  (Huge pages for the pooled table,
 * madvise: no difference beyond the noise in the bench, 2026-11-29, and the README's risk of
 * a compaction stall; not used.) */
#define SCRATCH_POOL 2
#define SCRATCH_TT_MAX ((uint64_t)16 << 20) /* larger tables (Expert, Master: kept ones anyway)
                                               are not held between searches: memory */
typedef struct { Search *s; TTEntry *tt; uint64_t buckets; uint8_t epoch; int busy; } Scratch;
static Scratch scratch[SCRATCH_POOL];
/* The helper threads' Searches (their tables are the main thread's), kept alike: at most
 * HELPER_POOL between searches; a search wanting more allocates and frees the others. */
#ifdef RS_THREADS
#define HELPER_POOL 3
static Scratch helper_scratch[HELPER_POOL];
#endif
static char scratch_lock; /* both pools' */

/* A free slot of `pool` (n slots), marked busy; NULL if none. */
static Scratch *scratch_take(Scratch *pool, int n) {
    Scratch *found = NULL;
    while (__atomic_test_and_set(&scratch_lock, __ATOMIC_ACQUIRE)) {}
    for (int i = 0; i < n && !found; i++)
        if (!pool[i].busy) found = &pool[i];
    if (found) found->busy = 1;
    __atomic_clear(&scratch_lock, __ATOMIC_RELEASE);
    return found;
}

static void scratch_give_back(Scratch *sc) {
    while (__atomic_test_and_set(&scratch_lock, __ATOMIC_ACQUIRE)) {}
    sc->busy = 0;
    __atomic_clear(&scratch_lock, __ATOMIC_RELEASE);
}

/* A Search ready to start (its per-search fields zeroed, its caches empty): the slot's, or a
 * new one (sc NULL, or its first use). */
static Search *search_new(Scratch *sc, const Variant *v) {
    Search *s = sc ? sc->s : NULL;
    if (!s) {
        s = calloc(1, sizeof(Search));
        if (!s) return NULL;
        s->gen = 1;
        s->cache_variant = v;
        if (sc) sc->s = s;
        return s;
    }
    size_t from = offsetof(Search, tt);
    memset((char *)s + from, 0, offsetof(Search, gen) - from);
    if (++s->gen == 0) { memset(s->evalc, 0, sizeof s->evalc); s->gen = 1; }
    if (s->cache_variant != v) {
        memset(s->pawn, 0, sizeof s->pawn);
        memset(s->mob, 0, sizeof s->mob);
        s->cache_variant = v;
    }
    s->smp = NULL; s->helper = 0;
    return s;
}

/* The slot's table of `buckets`, empty: 0, or -1 out of memory. */
static int scratch_table(Scratch *sc, uint64_t buckets) {
    if (sc->tt && sc->buckets == buckets) {
        if (sc->epoch < TT_EPOCH_MAX) { sc->epoch++; return 0; }
        memset(sc->tt, 0, buckets * 2 * sizeof(TTEntry));
        sc->epoch = 1;
        return 0;
    }
    free(sc->tt);
    sc->tt = calloc(buckets * 2, sizeof(TTEntry));
    sc->buckets = sc->tt ? buckets : 0; sc->epoch = 1;
    return sc->tt ? 0 : -1;
}

static double now(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- transposition table: bucket i = slots 2i (depth-preferred), 2i+1 (always) ---- */
/* An entry's eight bytes after the key, as one word. */
static inline uint64_t tt_data(const TTEntry *e) { uint64_t d; memcpy(&d, &e->move, sizeof d); return d; }

/* The entry of `key` copied into *out (1), or 0: none of this search's epoch.  Each slot is
 * read once (volatile: no second load the other threads' writes could change between the test
 * and the use), and it is the key's only if its stored key XOR its data gives the key back. */
static inline int tt_probe(Search *s, uint64_t key, TTEntry *out) {
    const volatile uint64_t *w = (const volatile uint64_t *)&s->tt[(key & s->tt_mask) << 1];
    for (int i = 0; i < 2; i++) {
        uint64_t k = w[2 * i], d = w[2 * i + 1];
        memcpy(&out->move, &d, sizeof d);
        if ((out->flag >> 2) == s->epoch && (k ^ d) == key) return 1; /* live: a zeroed entry is not */
    }
    return 0;
}

/* Ages (tt_age) are a kept table's alone: in a table of this search only, "slot 0 is of an
 * older search" is "slot 0 is not live" (the test's first term), and the byte array's write
 * was a second cache miss a store.  Threads race here harmlessly: a torn slot 0 only changes
 * which slot is replaced. */
static void tt_store(Search *s, uint64_t key, int depth, int flag, int score, uint32_t move) {
    uint64_t i = (key & s->tt_mask) << 1;
    TTEntry *e = &s->tt[i];
    uint64_t d0 = tt_data(e);
    if ((e->flag >> 2) != s->epoch || (e->key ^ d0) == key || depth >= e->depth ||
        (s->tt_age && s->tt_age[i] != s->age)) {
        if (s->tt_age) s->tt_age[i] = s->age;
    } else {
        e = &s->tt[i + 1];
    }
    TTEntry n = {0, move, (int16_t)score, (int8_t)depth, (uint8_t)(s->epoch << 2 | flag)};
    uint64_t d = tt_data(&n);
    e->key = key ^ d;
    memcpy(&e->move, &d, sizeof d);
}

static int eval_noisy(Search *s) {
    Pos *b = &s->pos;
    EvalEntry *c = &s->evalc[b->hash & (EVAL_CACHE_SIZE - 1)];
    if (c->gen == s->gen && c->key == b->hash) return c->score;
    int score = evaluate(b, s->pawn, s->mob);
    if (s->noise) {
        unsigned __int128 x = (unsigned __int128)(b->hash ^ s->noise_key) * 0x9E3779B97F4A7C15ULL;
        x >>= 40;
        score += (int)(x % (unsigned)(2 * s->noise + 1)) - s->noise;
    }
    c->gen = s->gen; c->key = b->hash; c->score = score;
    return score;
}

#ifdef RS_THREADS
static uint64_t smp_nodes(Search *s);
#endif

/* Every thread's nodes so far (the helpers' as of their last check). */
static uint64_t search_nodes(Search *s) {
#ifdef RS_THREADS
    if (s->smp) return smp_nodes(s);
#endif
    return s->nodes;
}

/* Every CHECK_EVERY nodes (the hot loop only counts).  On several threads the node limit
 * counts every thread's nodes (smp_nodes); a helper has no clock: it stops at the node limit or
 * when the main thread ends (its stop flag). */
static void check_limits(Search *s) {
    uint64_t nodes = search_nodes(s);
    if (s->node_limit && nodes >= s->node_limit) longjmp(s->timeout, 1);
    if (s->deadline > 0 && now(s->clock) >= s->deadline) longjmp(s->timeout, 1);
    if (s->stop && *s->stop) longjmp(s->timeout, 1);
    uint64_t nxt = s->nodes + CHECK_EVERY;
    if (s->node_limit && nodes + CHECK_EVERY > s->node_limit) nxt = s->nodes + (s->node_limit - nodes);
    s->next_check = nxt;
}

/* A max-heap of a node's remaining keys kept in keys[i..n) upside down: its root at
 * keys[n - 1], element j at top[-j], so that taking the root leaves the heap in
 * keys[i + 1..n) and the key taken in keys[i], as pick leaves them. */
static void heap_down(int64_t *top, int size, int j) {
    int64_t x = top[-j];
    for (;;) {
        int c = 2 * j + 1;
        if (c >= size) break;
        if (c + 1 < size && top[-(c + 1)] > top[-c]) c++;
        if (top[-c] <= x) break;
        top[-j] = top[-c];
        j = c;
    }
    top[-j] = x;
}

static uint64_t heap_take(int64_t *keys, int n, int i) {
    int64_t *top = keys + n - 1, k = top[0];
    int size = n - i - 1;
    if (size > 0) { top[0] = keys[i]; heap_down(top, size, 0); }
    keys[i] = k;
    return (uint64_t)k;
}

/* A node is mostly cut off by its first move or two, picked by scanning; one that goes on
 * (an all-node: Five Up has ~400 moves) takes the rest from a heap - the same order. */
#define PICK_SCANS 3
#define HEAP_MIN 24

/* Pick the highest remaining key (the order a full descending sort gives). */
static inline uint64_t pick(int64_t *keys, int n, int i) {
    int best = i;
    int64_t k = keys[i];
    for (int j = i + 1; j < n; j++) if (keys[j] > k) { k = keys[j]; best = j; }
    keys[best] = keys[i];
    keys[i] = k;
    return (uint64_t)k;
}

/* Placements (Five Up): a piece's first move comes as "no placement" and once per kind in
 * hand, ~4x the moves.  The static evaluation does not count a piece in hand, so the variant
 * placing the most valuable kind (the lead) is nearly always the best of them: it is ordered
 * as the move itself and its other variants after every lead variant (quiet ones after all
 * quiet moves, captures after the bad captures).  Measured on the Five Up bench set (start
 * position dominating): -39 % nodes at depth 5; reducing the other variants one ply more as
 * well, or leaving them out of the quiescence search, cost more nodes or made no difference
 * (engine/search/README.md).  A variant without reserves has no lead: nothing changes. */
static int lead_placement(const Pos *b) {
    const Variant *V = b->v;
    int side = b->side, lead = 0;
    if (!V->extra || !b->reserve[side]) return 0;
    for (const int8_t *k = V->reserve_list; *k; k++)
        if ((b->reserve[side] >> *k & 1) && (!lead || V->value[*k] > V->value[lead])) lead = *k;
    return lead;
}

/* A move with placement variants that is not the lead one (castling, onto an own rook, has
 * no placement variants). */
static inline int side_variant(const Pos *b, uint32_t m, int lead) {
    return lead && (int)MOVE_PLACE(m) != lead && bb_test(b->unmoved, MOVE_FROM(m)) &&
           !bb_test(b->occ[b->side], MOVE_TO(m));
}

static int quiesce(Search *s, int alpha, int beta, int ply, int in_check, int qply);

/* In check: the checkers of the side to move's king (how many, up to 2) and, for one, the
 * cells a move must reach to answer it (the checker's, and those between it and the king). */
typedef struct { int n; bb_t mask; } Checks;

static Checks checks_of(const Pos *b) {
    const Variant *v = b->v;
    int us = b->side, sh = (us ^ 1) << COLOR_SHIFT, king = b->kings[us];
    Checks c = {0, BB_EMPTY};
    bb_t leapers = v->pawn_attackers[us ^ 1][king] & b->bb[PAWN | sh];
    for (const int8_t *k = v->attack_leapers; *k; k++) leapers |= v->leap_attackers[*k][king] & b->bb[*k | sh];
    if (bb_any(leapers)) { c.n = bb_popcount(leapers); c.mask = leapers; }
    for (int cls = 0; cls < v->nclasses && c.n < 2; cls++) {
        bb_t s = class_pieces(b, cls, sh);
        if (!bb_any(s & v->class_lines[king][cls])) continue;
        for (const int8_t *d = v->class_dirs[cls]; *d >= 0; d++) {
            if (!bb_any(s & v->ray_bb[king][*d])) continue;
            bb_t upto = BB_EMPTY;
            for (const cell_t *r = v->ray[king][*d]; *r >= 0; r++) {
                upto |= bb_bit(*r);
                if (!b->sq[*r]) continue;
                if (bb_test(s, *r)) { c.n++; c.mask = upto; }
                break;
            }
        }
    }
    return c;
}

/* Whether m may answer the check (0: it is surely illegal, so it is not made).  A move other
 * than the king's must capture the one checker or block its line: the cell it leaves was not
 * on a checking line (it blocked it), nor is a piece placed there.  The king's moves, castling,
 * en passant and board moves are made and tested as before. */
static inline int may_evade(const Pos *b, uint32_t m, const Checks *c) {
#ifdef RS_WIDE
    if (m & BOARD_MOVE_FLAG) return 1;
#endif
    int fr = MOVE_FROM(m), to = MOVE_TO(m), pc = b->sq[fr], cap = b->sq[to];
    if (!c->n || fr == b->kings[b->side] || (cap && cap >> COLOR_SHIFT == b->side) ||
        ((pc & KIND_MASK) == PAWN && !cap && bb_test(b->ep_cells, to)))
        return 1;
    return c->n == 1 && bb_test(c->mask, to);
}

/* The same filter, and in a build that checks it, its verdict against making the move. */
static inline int surely_illegal(Pos *b, uint32_t m, const Checks *c) {
    if (may_evade(b, m, c)) return 0;
#ifdef RS_VERIFY_CHECK
    if (pos_make_legal(b, m, 1)) abort();
    pos_unmake(b);
#endif
    return 1;
}

static inline void hlog_put(Search *s, int index) {
    if (s->hlog_n == HLOG_SIZE) { s->hlog_lost = 1; return; }
    s->hlog[s->hlog_n].index = (uint32_t)index;
    s->hlog[s->hlog_n++].old = s->history[index];
}

/* The history table back to (forward: again from) its state at log position `from`: each
 * entry swaps its value with the table's, so the two walks undo each other. */
static void hlog_swap(Search *s, int from, int forward) {
    for (int j = forward ? from : s->hlog_n - 1; forward ? j < s->hlog_n : j >= from; j += forward ? 1 : -1) {
        int *h = &s->history[s->hlog[j].index], t = *h;
        *h = s->hlog[j].old;
        s->hlog[j].old = t;
    }
}

/* A node that waited for its quiet moves no longer does. */
static inline void stage_done(Search *s) {
    if (--s->pending == 0) { s->hlog_n = 0; s->hlog_lost = 0; }
}

/* Whether m is one of the quiet moves gen_pseudo gives the piece on its from-cell. */
static int quiet_pseudo(const Pos *b, uint32_t m) {
#ifdef RS_VERIFY_CHECK
    uint32_t caps[MAX_MOVES], quiets[MAX_MOVES];
    int nc, nq = gen_pseudo(b, 0, b->v->search_promos, caps, &nc, quiets, -2 - (int)MOVE_FROM(m)), found = 0;
    for (int i = 0; i < nq; i++) if (quiets[i] == m) found = 1;
    if (found != pos_quiet_pseudo(b, m)) abort();
#endif
    return pos_quiet_pseudo(b, m);
}

static int evasions(Search *s, int alpha, int beta, int ply, int qply) {
    const Variant *V = s->pos.v;
    Pos *b = &s->pos;
    if (ply >= MAX_PLY) return eval_noisy(s);
    uint32_t caps[MAX_MOVES], quiets[MAX_MOVES];
    int nc, nq = gen_pseudo(b, 0, V->search_promos, caps, &nc, quiets, -1);
    int best = -INF, legal = 0;
    Checks checks = checks_of(b);
    for (int i = 0; i < nc + nq; i++) {
        uint32_t m = i < nc ? caps[i] : quiets[i - nc];
        if (surely_illegal(b, m, &checks)) continue;
        if (!pos_make_legal(b, m, 1)) { pos_unmake(b); continue; }
        legal++;
        int score = -quiesce(s, -beta, -alpha, ply + 1, pos_in_check(b), qply + 1);
        pos_unmake(b);
        if (score > best) {
            best = score;
            if (score > alpha) { alpha = score; if (score >= beta) break; }
        }
    }
    return legal ? best : -MATE + ply;
}

static int quiesce(Search *s, int alpha, int beta, int ply, int in_check, int qply) {
    const Variant *V = s->pos.v;
    s->nodes++;
    if (s->nodes >= s->next_check) check_limits(s);
    Pos *b = &s->pos;
    if (in_check && qply < QS_EVASION_PLIES) return evasions(s, alpha, beta, ply, qply);
    int fast = fast_evaluate(b), stand;
    if (fast - LAZY_MARGIN >= beta || fast + LAZY_MARGIN <= alpha) stand = fast;
    else stand = eval_noisy(s);
    if (stand >= beta) return stand;
    if (stand > alpha) alpha = stand;
    if (ply >= MAX_PLY) return stand;
    uint32_t caps[MAX_MOVES];
    int64_t keys[MAX_MOVES];
    int nc, n = 0, enemy = b->side ^ 1;
    /* A capture's placement variants (Five Up) share its gain, attacker and target, so the
     * tests below keep or drop them together: they are tested once, on the bare capture, and
     * only a kept capture's variants are added (most captures here are dropped).  The keys
     * order the same set of moves as generating every variant would. */
    gen_pseudo(b, GEN_CAPTURES_BARE, V->search_promos, caps, &nc, NULL, -1);
    for (int i = 0; i < nc; i++) {
        uint32_t m = caps[i];
        int victim = V->value[b->sq[MOVE_TO(m)] & KIND_MASK], promo = MOVE_PROMO(m);
        int gain = promo ? victim + V->value[promo] - V->value[PAWN] : victim;
        if (stand + gain + DELTA_MARGIN <= alpha) continue;
        int attacker = b->sq[MOVE_FROM(m)] & KIND_MASK;
        if (!promo && V->value[attacker] > victim && pos_attacked(b, MOVE_TO(m), enemy)) continue;
        int64_t key = (int64_t)(gain * 16 - attacker) * (1LL << MOVE_BITS);
        keys[n++] = key + m;
        unsigned placed = placements_of(b, MOVE_FROM(m));
        for (const int8_t *k = V->reserve_list; placed && *k && n < MAX_MOVES; k++)
            if (placed >> *k & 1) keys[n++] = key + (m | (uint32_t)*k << PLACE_SHIFT);
    }
    int best = stand;
    Checks checks = {0, BB_EMPTY};
    if (in_check && n) checks = checks_of(b);
    for (int i = 0; i < n; i++) {
        uint32_t m = (uint32_t)(pick(keys, n, i) & MOVE_MASK);
        if (in_check && surely_illegal(b, m, &checks)) continue;
        if (!pos_make_legal(b, m, in_check)) { pos_unmake(b); continue; }
        int score = -quiesce(s, -beta, -alpha, ply + 1, pos_in_check(b), qply + 1);
        pos_unmake(b);
        if (score > best) {
            best = score;
            if (score > alpha) { alpha = score; if (score >= beta) break; }
        }
    }
    return best;
}

static int negamax(Search *s, int depth, int alpha, int beta, int ply, int in_check, int can_null) {
    const Variant *V = s->pos.v;
    s->nodes++;
    if (s->nodes >= s->next_check) check_limits(s);
    Pos *b = &s->pos;
    s->pvlen[ply] = 0;
    if (b->hmc >= 100 || pos_seen_before(b)) return 0;
    if (alpha < -MATE + ply) alpha = -MATE + ply;
    if (beta > MATE - ply - 1) beta = MATE - ply - 1;
    if (alpha >= beta) return alpha;
    if (tb_loaded_pieces) { /* an ending the tables hold: its exact value (tb.c), unless the */
        int plies, r = tb_probe(b, &plies); /* 50-move rule may come first (the tables know none) */
        if (r && (r == TB_DRAW || b->hmc + plies < 100))
            return r == TB_WIN ? MATE - ply - plies : r == TB_LOSS ? -MATE + ply + plies : 0;
    }
    if (depth <= 0 || ply >= MAX_PLY) return quiesce(s, alpha, beta, ply, in_check, 0);

    int is_pv = beta - alpha > 1;
    uint64_t key = b->hash;
    uint32_t hash_move = 0;
    TTEntry e;
    if (tt_probe(s, key, &e)) {
        hash_move = e.move;
        if (e.depth >= depth && !is_pv) {
            int score = e.score;
            if (score >= MATE_BOUND) score -= ply;
            else if (score <= -MATE_BOUND) score += ply;
            int flag = e.flag & 3;
            if (flag == TT_EXACT || (flag == TT_LOWER && score >= beta) || (flag == TT_UPPER && score <= alpha))
                return score;
        }
    }
    int side = b->side;
    /* The pruning tests' eval is the full one: a lazy one (material, PST and hand alone when
     * far outside the window, as the quiescence search's stand-pat) missed king attacks and
     * cost Hard mates in two at depth 4. */
    int static_eval = !is_pv && !in_check ? eval_noisy(s) : 0;
    if (!is_pv && !in_check && abs(beta) < MATE_BOUND) {
        if (depth <= RFP_DEPTH && static_eval - RFP_MARGIN * depth >= beta) return static_eval;
        if (depth <= RAZOR_DEPTH && static_eval + RAZOR_MARGIN * depth <= alpha) {
            int score = quiesce(s, alpha, alpha + 1, ply, 0, 0);
            if (score <= alpha) return score;
        }
    }
    if (can_null && !is_pv && !in_check && depth >= 3 && beta < MATE_BOUND && pos_non_pawn_material(b, side) &&
        static_eval >= beta) {
        int r = depth >= 7 ? 3 : 2;
        pos_make_null(b);
        int score = -negamax(s, depth - 1 - r, -beta, -beta + 1, ply + 1, 0, 0);
        pos_unmake_null(b);
        if (score >= beta) return beta;
    }

    uint32_t caps[MAX_MOVES], quiets[MAX_MOVES];
    int64_t keys[2 * MAX_MOVES];
    uint32_t k1 = s->killers[ply][0], k2 = s->killers[ply][1];
    int enemy = side ^ 1, lead = lead_placement(b), nc, nq = 0, n = 0;
    /* Staged generation: near the leaves the captures come first, the hash move and killers
     * (each found among its piece's quiet moves) with them, and the other quiet moves only
     * when those are spent: most of these nodes are cut off before (Five Up: ~145 quiet
     * moves a node, ~4 in 5 nodes cut by the first move).  All captures and those three
     * order above every other quiet move, so the moves are searched in the eager order, and
     * the quiet moves are ordered by the history as it stood when the node began (hlog).
     * A board move among them (Star Trek: not its piece's move) takes the eager way. */
    int staged = depth <= STAGE_DEPTH && !((hash_move | k1 | k2) & BOARD_MOVE_FLAG), hlog_from = 0;
    if (staged) {
        gen_pseudo(b, 1, V->search_promos, caps, &nc, NULL, -1);
        hlog_from = s->hlog_n;
        s->pending++;
    } else {
        nq = gen_pseudo(b, 0, V->search_promos, caps, &nc, quiets, -1);
    }
    int hash_quiet = hash_move != 0;
    for (int i = 0; i < nc; i++) {
        uint32_t m = caps[i];
        if (m == hash_move) { keys[n++] = SCORE_HASH * (1LL << MOVE_BITS) + m; hash_quiet = 0; continue; }
        int victim = V->value[b->sq[MOVE_TO(m)] & KIND_MASK];
        int attacker = b->sq[MOVE_FROM(m)] & KIND_MASK;
        int promo = MOVE_PROMO(m);
        int64_t sc = victim * 16 - attacker + (promo ? V->value[promo] * 16 : 0);
        if (side_variant(b, m, lead))
            keys[n++] = (SCORE_SIDE_CAPTURE + sc) * (1LL << MOVE_BITS) + m;
        else if (!promo && victim < V->value[attacker] && pos_attacked(b, MOVE_TO(m), enemy))
            keys[n++] = (SCORE_BAD_CAPTURE + sc) * (1LL << MOVE_BITS) + m;
        else
            keys[n++] = (SCORE_GOOD_CAPTURE + sc) * (1LL << MOVE_BITS) + m;
    }
    if (staged) {
        if (hash_quiet && quiet_pseudo(b, hash_move)) keys[n++] = SCORE_HASH * (1LL << MOVE_BITS) + hash_move;
        if (k1 && k1 != hash_move && quiet_pseudo(b, k1)) keys[n++] = SCORE_KILLER1 * (1LL << MOVE_BITS) + k1;
        if (k2 && k2 != hash_move && quiet_pseudo(b, k2)) keys[n++] = SCORE_KILLER2 * (1LL << MOVE_BITS) + k2;
    }
    for (int i = 0; i < nq; i++) {
        uint32_t m = quiets[i];
        int64_t sc;
        if (m == hash_move) sc = SCORE_HASH;
        else if (m == k1) sc = SCORE_KILLER1;
        else if (m == k2) sc = SCORE_KILLER2;
        else sc = s->history[b->sq[MOVE_FROM(m)] * MAXCELLS + MOVE_TO(m)]
                  - (side_variant(b, m, lead) ? HISTORY_MAX + 1 : 0);
        keys[n++] = sc * (1LL << MOVE_BITS) + m;
    }

    int best = -INF, orig_alpha = alpha, legal = 0;
    uint32_t best_move = 0;
    /* Futility pruning: quiet moves (not the hash move or a killer, no capture or promotion)
     * that give no check, once one move has been searched and none is mated; late-move
     * pruning: the quiet moves after the first lmp_limit legal ones. */
    int prune = !is_pv && !in_check && abs(alpha) < MATE_BOUND;
    int futile = prune && depth <= FUTILITY_DEPTH && static_eval + FUTILITY_MARGIN * depth <= alpha;
    int lmp_limit = prune && depth <= LMP_DEPTH ? LMP_BASE + depth * depth * LMP_SCALE : 1 << 30;
    int sifted = 0, heap = 0; /* heap: keys[i..n) is the heap */
    Checks checks = {0, BB_EMPTY};
    if (in_check) checks = checks_of(b);
    for (int i = 0;; i++) {
        if (i == n) {
            if (!staged) break;
            /* The rest: the other quiet moves, keyed by the history of the node's start. */
            staged = 0;
            nq = gen_pseudo(b, 0, V->search_promos, caps, &nc, quiets, -1);
            int rewind = s->hlog_n > hlog_from && !s->hlog_lost;
            if (rewind) hlog_swap(s, hlog_from, 0);
            for (int j = 0; j < nq; j++) {
                uint32_t m = quiets[j];
                if (m == hash_move || m == k1 || m == k2) continue; /* ordered above, and searched */
                int64_t sc = s->history[b->sq[MOVE_FROM(m)] * MAXCELLS + MOVE_TO(m)]
                             - (side_variant(b, m, lead) ? HISTORY_MAX + 1 : 0);
                keys[n++] = sc * (1LL << MOVE_BITS) + m;
            }
            if (rewind) hlog_swap(s, hlog_from, 1);
            stage_done(s);
            heap = 0;
            if (i == n) break;
        }
        if (!heap && i >= PICK_SCANS && n - i >= HEAP_MIN) {
            heap = 1;
            for (int j = (n - i) / 2 - 1; j >= 0; j--) heap_down(keys + n - 1, n - i, j);
        }
        uint64_t k = heap ? heap_take(keys, n, i) : pick(keys, n, i);
        uint32_t m = (uint32_t)(k & MOVE_MASK);
        /* Once a pruned quiet move comes up, every later one is quiet (the ordering puts all
         * captures above the quiet moves' history scores) and pruned unless it checks: drop
         * those that give no check at once, by pos_gives_check, rather than pick, make and
         * unmake each.  The same moves are searched in the same order; a dropped move's
         * legality is never asked, which changes nothing: `legal` is read after this only by
         * the pruning test (already passed) and by LMR, which a checking move never gets. */
        if (!sifted && prune && legal >= 1 && best > -MATE_BOUND && (futile || legal >= lmp_limit) &&
            (int64_t)k < SCORE_SIDE_CAPTURE * (1LL << MOVE_BITS)) {
            sifted = 1;
            int kept = i;
            for (int j = i; j < n; j++) {
                uint32_t mj = (uint32_t)(keys[j] & MOVE_MASK);
                if (keys[j] < SCORE_SIDE_CAPTURE * (1LL << MOVE_BITS) && !b->sq[MOVE_TO(mj)] && !MOVE_PROMO(mj) &&
                    pos_gives_check(b, mj) == 0)
                    continue;
                keys[kept++] = keys[j];
            }
            n = kept;
            heap = 0; /* (the kept are no heap) */
            if (i >= n) break;
            k = pick(keys, n, i);
            m = (uint32_t)(k & MOVE_MASK);
        }
        int quiet = !b->sq[MOVE_TO(m)] && !MOVE_PROMO(m) && (int64_t)k < SCORE_KILLER2 * (1LL << MOVE_BITS);
#ifdef RS_VERIFY_CHECK
        int predicted = pos_gives_check(b, m);
#endif
        /* (A pruned quiet move that checks is still searched: breaking off the late quiet
         * moves, checks included, cost Hard mates in two at depth 4.  Those that do not check
         * were sifted out above, unmade.) */
        if (in_check && surely_illegal(b, m, &checks)) continue;
        if (!pos_make_legal(b, m, in_check)) { pos_unmake(b); continue; }
        legal++;
        int gives_check = pos_in_check(b);
#ifdef RS_VERIFY_CHECK
        if (predicted >= 0 && predicted != gives_check) abort();
#endif
        if (quiet && !gives_check && legal > 1 && best > -MATE_BOUND && (futile || legal > lmp_limit)) {
            pos_unmake(b);
            continue;
        }
        int new_depth = depth - 1 + gives_check, score;
        /* The child's first read is its table bucket: ask for it while its other tests run. */
        if (new_depth > 0) __builtin_prefetch(&s->tt[(b->hash & s->tt_mask) << 1]);
        if (legal == 1) {
            score = -negamax(s, new_depth, -beta, -alpha, ply + 1, gives_check, 1);
        } else {
            int r = 0;
            if (depth >= LMR_MIN_DEPTH && legal > LMR_MIN_MOVES && !in_check && !gives_check &&
                (int64_t)k < SCORE_BAD_CAPTURE * (1LL << MOVE_BITS))
                r = (legal > LMR_LATE_MOVES && depth >= 6) ? 2 : 1;
            score = -negamax(s, new_depth - r, -alpha - 1, -alpha, ply + 1, gives_check, 1);
            if (r && score > alpha) score = -negamax(s, new_depth, -alpha - 1, -alpha, ply + 1, gives_check, 1);
            if (alpha < score && score < beta) score = -negamax(s, new_depth, -beta, -alpha, ply + 1, gives_check, 1);
        }
        pos_unmake(b);
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                if (is_pv) {
                    s->pv[ply][0] = m;
                    memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(uint32_t) * s->pvlen[ply + 1]);
                    s->pvlen[ply] = s->pvlen[ply + 1] + 1;
                }
                if (score >= beta) {
                    if (!b->sq[MOVE_TO(m)] && !MOVE_PROMO(m)) {
                        if (k1 != m) { s->killers[ply][1] = k1; s->killers[ply][0] = m; }
                        int hi = b->sq[MOVE_FROM(m)] * MAXCELLS + MOVE_TO(m);
                        int v = s->history[hi] + depth * depth;
                        if (v > HISTORY_MAX) {
                            for (int j = 0; j < NCODES * MAXCELLS; j++) {
                                if (s->pending && s->history[j]) hlog_put(s, j);
                                s->history[j] >>= 1;
                            }
                            v >>= 1;
                        }
                        if (s->pending) hlog_put(s, hi);
                        s->history[hi] = v;
                    }
                    break;
                }
            }
        }
    }
    if (staged) stage_done(s); /* cut off before its quiet moves */
    if (!legal) return in_check ? -MATE + ply : 0;
    int flag = best >= beta ? TT_LOWER : best > orig_alpha ? TT_EXACT : TT_UPPER;
    int stored = best;
    if (stored >= MATE_BOUND) stored += ply;
    else if (stored <= -MATE_BOUND) stored -= ply;
    tt_store(s, key, depth, flag, stored, best_move);
    return best;
}

/* One root pass; reorders moves (best first) and returns the score. */
static int root_window(Search *s, int depth, uint32_t *moves, int nmoves, int alpha, int beta) {
    Pos *b = &s->pos;
    s->iter_best = 0;
    s->pending = 0; s->hlog_n = 0; s->hlog_lost = 0; /* after a pass cut short by a limit */
    int best = -INF, best_index = 0;
    for (int i = 0; i < nmoves; i++) {
        uint32_t m = moves[i];
        pos_make(b, m);
        int gives_check = pos_in_check(b), new_depth = depth - 1 + gives_check, score;
        if (i == 0) {
            score = -negamax(s, new_depth, -beta, -alpha, 1, gives_check, 1);
        } else {
            score = -negamax(s, new_depth, -alpha - 1, -alpha, 1, gives_check, 1);
            if (alpha < score && score < beta) score = -negamax(s, new_depth, -beta, -alpha, 1, gives_check, 1);
        }
        pos_unmake(b);
        if (score > best) {
            best = score;
            best_index = i;
            if (score > alpha) {
                alpha = score;
                s->pv[0][0] = m;
                memcpy(&s->pv[0][1], s->pv[1], sizeof(uint32_t) * s->pvlen[1]);
                s->pvlen[0] = s->pvlen[1] + 1;
                if (score < beta) s->iter_best = m;
                else break;
            }
        }
    }
    if (best > -INF) {
        uint32_t m = moves[best_index];
        memmove(&moves[1], &moves[0], sizeof(uint32_t) * best_index);
        moves[0] = m;
        tt_store(s, b->hash, depth, best < beta ? TT_EXACT : TT_LOWER, best, moves[0]);
    }
    return best;
}

/* One iteration with an aspiration window; returns 0 when a limit stopped it. */
static int root_iteration(Search *s, int depth, uint32_t *moves, int nmoves, int prev, int *score_out) {
    volatile int delta;
    int alpha, beta;
    if (depth >= 3 && abs(prev) < MATE_BOUND) { delta = ASPIRATION; alpha = prev - delta; beta = prev + delta; }
    else { delta = 0; alpha = -INF; beta = INF; }
    if (setjmp(s->timeout)) return 0;
    for (;;) {
        int score = root_window(s, depth, moves, nmoves, alpha, beta);
        if ((alpha < score && score < beta) || delta == 0) { *score_out = score; return 1; }
        delta *= 3;
        if (delta > 1000) { alpha = -INF; beta = INF; }
        else if (score <= alpha) alpha = score - delta;
        else beta = score + delta;
    }
}

/* Give back what search_run took. */
static void search_free(Search *s, Scratch *sc, KeptTable *k, int own_table) {
    if (k) kept_give_back(k);
    if (s && own_table) { free(s->tt); free(s->tt_age); }
    if (sc) scratch_give_back(sc);
    else free(s);
}

#ifdef RS_THREADS
/* ---- Lazy SMP (SearchParams.threads): threads - 1 helpers run the main thread's iterative
 * deepening on the same root, each with a Search of its own (board, killers, history, the
 * evaluation and pawn caches, pv; from helper_scratch) and the main thread's transposition
 * table, so what one learns the others find (the lockless entries: TTEntry).  The helpers skip
 * depths by Stockfish 9's pattern (helper 1 searches the even depths only, so it runs a ply
 * ahead of the main thread; the next ones skip in longer strides), which keeps them from
 * searching the same tree as the main thread in step.  The main thread alone keeps time,
 * reports and returns its own result; the node limit counts every thread's nodes (each thread
 * stops at it, smp_nodes).  When the main thread ends it sets `done`, which the helpers poll as
 * their stop flag (within CHECK_EVERY nodes), and joins them before the search returns, so
 * nothing outlives search_run.  A helper ends by its own longjmp, inside its thread; the main
 * thread gives its memory back. */
#define HELPER_STACK ((size_t)8 << 20) /* negamax's frames: ~2 MiB at MAX_PLY, whatever ulimit -s says */
typedef struct { uint64_t n; } __attribute__((aligned(64))) Counter; /* a cache line a thread */
typedef struct Smp {
    volatile int done;  /* the main thread has ended: the helpers' stop flag */
    int n;              /* threads running, the main one included: helpers 1..n-1 */
    int nmoves;
    uint32_t moves[LEGAL_MAX]; /* the root moves in their first order (the main thread reorders its own) */
    Counter nodes[SEARCH_THREADS_MAX]; /* each thread's count at its last check (the main's first) */
    Search *s[SEARCH_THREADS_MAX];
    Scratch *sc[SEARCH_THREADS_MAX];
    pthread_t tid[SEARCH_THREADS_MAX];
} Smp;

static const int skip_size[] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
static const int skip_phase[] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};

/* Every thread's nodes: this one's now, the others' as of their last check (each publishes
 * its own here, every CHECK_EVERY nodes).  Each thread tests the node limit on this sum, so
 * however the threads are scheduled the search ends within ~2 * threads * CHECK_EVERY nodes
 * of the limit. */
static uint64_t smp_nodes(Search *s) {
    Smp *smp = s->smp;
    __atomic_store_n(&smp->nodes[s->helper].n, s->nodes, __ATOMIC_RELAXED);
    uint64_t total = s->nodes;
    for (int i = 0; i < SEARCH_THREADS_MAX; i++) /* not up to n: a helper may start before n counts it */
        if (i != s->helper) total += __atomic_load_n(&smp->nodes[i].n, __ATOMIC_RELAXED);
    return total;
}

static void *helper_run(void *arg) {
    Search *s = arg;
    Smp *smp = s->smp;
    uint32_t moves[LEGAL_MAX];
    memcpy(moves, smp->moves, sizeof(uint32_t) * smp->nmoves);
    int prev = 0, k = (s->helper - 1) % (int)(sizeof skip_size / sizeof skip_size[0]);
    /* Not up to the main thread's depth limit: a helper that stopped there would leave the main
     * thread's last iteration to it alone; deeper, its entries still serve the main thread. */
    for (int depth = 1; depth <= MAX_PLY - 4 && !smp->done; depth++) {
        if ((depth + skip_phase[k]) / skip_size[k] % 2) continue;
        int score;
        if (!root_iteration(s, depth, moves, smp->nmoves, prev, &score)) break;
        prev = score;
        if (abs(score) >= MATE_BOUND && MATE - abs(score) <= depth) break;
    }
    __atomic_store_n(&smp->nodes[s->helper].n, s->nodes, __ATOMIC_RELAXED);
    return NULL;
}

/* Start up to threads - 1 helpers on main's root (fewer if memory or threads run out). */
static void smp_start(Smp *smp, Search *main, const Pos *root, const uint32_t *moves, int nmoves, int threads) {
    smp->done = 0; smp->n = 1; smp->nmoves = nmoves;
    for (int i = 0; i < SEARCH_THREADS_MAX; i++) smp->nodes[i].n = 0;
    memcpy(smp->moves, moves, sizeof(uint32_t) * nmoves);
    if (threads > SEARCH_THREADS_MAX) threads = SEARCH_THREADS_MAX;
    pthread_attr_t attr;
    if (pthread_attr_init(&attr)) return;
    pthread_attr_setstacksize(&attr, HELPER_STACK);
    for (int i = 1; i < threads; i++) {
        Scratch *sc = scratch_take(helper_scratch, HELPER_POOL);
        Search *h = search_new(sc, root->v);
        if (!h) { if (sc) scratch_give_back(sc); break; }
        h->tt = main->tt; h->tt_mask = main->tt_mask; h->tt_age = main->tt_age;
        h->age = main->age; h->epoch = main->epoch;
        h->noise = main->noise; h->noise_key = main->noise_key;
        h->clock = CLOCK_MONOTONIC; h->stop = &smp->done; h->smp = smp; h->helper = i;
        h->node_limit = main->node_limit; h->next_check = main->next_check;
        memcpy(&h->pos, root, offsetof(Pos, stack) + sizeof(Undo) * root->n);
        if (pthread_create(&smp->tid[i], &attr, helper_run, h)) {
            if (sc) scratch_give_back(sc); else free(h);
            break;
        }
        smp->s[i] = h; smp->sc[i] = sc; smp->n = i + 1;
    }
    pthread_attr_destroy(&attr);
    if (smp->n > 1) main->smp = smp;
}

/* Stop and join the helpers, give their memory back; their nodes (each also in out). */
static uint64_t smp_stop(Smp *smp, SearchOutput *out) {
    __atomic_store_n(&smp->done, 1, __ATOMIC_RELEASE);
    uint64_t nodes = 0;
    for (int i = 1; i < smp->n; i++) {
        pthread_join(smp->tid[i], NULL);
        nodes += smp->s[i]->nodes;
        out->thread_nodes[out->nthreads++] = smp->s[i]->nodes;
        if (smp->sc[i]) scratch_give_back(smp->sc[i]);
        else free(smp->s[i]);
    }
    smp->n = 1;
    return nodes;
}
#endif

static int cmp_root(const void *a, const void *b) {
    const int64_t *x = a, *y = b;
    if (x[0] != y[0]) return x[0] < y[0] ? -1 : 1;
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

void search_run(const Pos *root, const uint32_t *root_moves, int nroot, const SearchParams *sp, SearchOutput *out) {
    const Variant *V = root->v;
    memset(out, 0, sizeof *out);
    Scratch *sc = scratch_take(scratch, SCRATCH_POOL);
    Search *s = search_new(sc, V);
    uint64_t buckets = 1;
    while (buckets * 2 * 2 * sizeof(TTEntry) <= sp->tt_bytes) buckets *= 2;
    KeptTable *k = s && sp->keep_tt ? kept_take(buckets) : NULL;
    int own_table = 0; /* 1: s->tt is this search's alone, freed at its end */
    if (!s) {
    } else if (k && k->tt) {
        s->tt = k->tt; s->tt_age = k->tt_age;
        /* A new age: the last searches' entries give way first in the depth-preferred slots. */
        k->age = k->age == 255 ? 1 : k->age + 1;
        s->age = k->age; s->epoch = 1;
    } else if (k) {
        s->tt = calloc(buckets * 2, sizeof(TTEntry));
        s->tt_age = calloc(buckets * 2, 1);
        s->age = 1; s->epoch = 1;
        if (s->tt && s->tt_age) { k->tt = s->tt; k->tt_age = s->tt_age; k->buckets = buckets; k->age = 1; }
        else own_table = 1;
    } else if (sc && buckets * 2 * sizeof(TTEntry) <= SCRATCH_TT_MAX && scratch_table(sc, buckets) == 0) {
        s->tt = sc->tt; s->age = 1; s->epoch = sc->epoch;
    } else {
        s->tt = calloc(buckets * 2, sizeof(TTEntry));
        s->age = 1; s->epoch = 1; own_table = 1;
    }
    if (!s || !s->tt || (k && !s->tt_age)) {
        search_free(s, sc, k, own_table);
        out->error = 1;
        return;
    }
    s->tt_mask = buckets - 1;
    memcpy(&s->pos, root, offsetof(Pos, stack) + sizeof(Undo) * root->n);
    s->noise = sp->noise; s->noise_key = sp->noise_key; s->stop = sp->stop;
    /* The search runs in the calling thread from here to the end: its CPU clock is ours. */
    s->clock = sp->cpu_clock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
    double start = now(s->clock);
    s->start = start;
    double deadline = sp->movetime > 0 ? start + sp->movetime : 0;
    int min_depth = sp->movetime > 0 ? sp->min_depth : 0;
    s->deadline = min_depth > 0 ? start + MIN_DEPTH_CAP * sp->movetime : deadline;
    s->node_limit = sp->nodes;
    s->next_check = sp->nodes && sp->nodes < CHECK_EVERY ? sp->nodes : CHECK_EVERY;
    int max_depth = sp->depth > 0 ? sp->depth : MAX_PLY - 4;

    /* Root order: MVV-LVA, ties by move number. */
    uint32_t moves[LEGAL_MAX];
    int64_t (*keyed)[2] = malloc(sizeof(int64_t[2]) * (nroot ? nroot : 1));
    if (!keyed) {
        search_free(s, sc, k, own_table);
        out->error = 1;
        return;
    }
    for (int i = 0; i < nroot; i++) {
        uint32_t m = root_moves[i];
        int victim = s->pos.sq[MOVE_TO(m)] & KIND_MASK, promo = MOVE_PROMO(m);
        int sc = V->value[victim] * 16 - (s->pos.sq[MOVE_FROM(m)] & KIND_MASK) + (promo ? V->value[promo] * 16 : 0);
        keyed[i][0] = -sc; keyed[i][1] = m;
    }
    qsort(keyed, nroot, sizeof keyed[0], cmp_root);
    for (int i = 0; i < nroot; i++) moves[i] = (uint32_t)keyed[i][1];
    free(keyed);

#ifdef RS_THREADS
    Smp smp;
    if (sp->threads > 1 && (nroot > 1 || sp->full_depth)) smp_start(&smp, s, root, moves, nroot, sp->threads);
#endif
    uint32_t best_move = moves[0];
    int best_score = 0, completed = 0;
    out->npv = 1; out->pv[0] = best_move;
    for (int depth = 1; depth <= max_depth; depth++) {
        int score;
        if (!root_iteration(s, depth, moves, nroot, best_score, &score)) {
            if (s->iter_best && s->iter_best != best_move) {
                best_move = s->iter_best;
                out->npv = 1; out->pv[0] = best_move;
            }
            break;
        }
        best_move = moves[0]; best_score = score; completed = depth;
        if (s->pvlen[0] && s->pv[0][0] == best_move) {
            out->npv = s->pvlen[0];
            memcpy(out->pv, s->pv[0], sizeof(uint32_t) * s->pvlen[0]);
        } else {
            out->npv = 1; out->pv[0] = best_move;
        }
        double elapsed = now(s->clock) - start;
        SearchInfoC *info = &out->infos[out->ninfos++];
        info->depth = depth; info->score = score; info->nodes = search_nodes(s); info->time = elapsed;
        info->npv = out->npv;
        memcpy(info->pv, out->pv, sizeof(uint32_t) * out->npv);
        if (sp->on_info) sp->on_info(info, sp->info_ctx);
        if (abs(score) >= MATE_BOUND && MATE - abs(score) <= depth) break;
        if (depth >= min_depth) {
            s->deadline = deadline;
            if (deadline > 0 && elapsed > 0.45 * (deadline - start)) break;
            if (deadline > 0 && now(s->clock) >= deadline) break;
        }
        if (nroot == 1 && depth >= 2 && !sp->full_depth) break;
        if (out->ninfos >= MAX_PLY) break;
    }
    
    uint64_t nodes = s->nodes;
    out->nthreads = 1; out->thread_nodes[0] = s->nodes;
#ifdef RS_THREADS
    if (s->smp) nodes += smp_stop(&smp, out);
#endif
    out->move = best_move; out->score = best_score; out->depth = completed;
    out->nodes = nodes; out->time = now(s->clock) - start;
    search_free(s, sc, k, own_table);
}
