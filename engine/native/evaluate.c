/* Static evaluation, centipawns from the side to move's view: the same terms, constants and
 * integer arithmetic (floor division included) as engine/search/evaluate.py, so both cores
 * score every position identically.  The per-kind weights come with the variant (handed in
 * from evaluate.py); cells are read through the variant's coordinates (level, rank, file). */
#include <stdlib.h>
#include "core.h"

#define TEMPO 10
#define KING_ATTACK_CAP 40
#define SHELTER_BONUS 10
#define SHELTER_MAX 4
#define PASSED_MG 10
#define PASSED_EG 20
#define BARE_KING_SCORE 20000
#define HAND_NUM 7 /* a piece in hand is worth HAND_NUM / HAND_DEN of its value */
#define HAND_DEN 8
static const int DOUBLED[2] = {10, 20}, ISOLATED[2] = {10, 15};

/* Floor division by the phase total; Raumschach's 28 is a constant so the compiler multiplies
 * instead of dividing (the quiescence search calls fast_evaluate at every node). */
static inline int div_phase(int x, int total) { return total == 28 ? floordiv(x, 28) : floordiv(x, total); }

static void pawn_structure(const Pos *p, int *pmg, int *peg) {
    const Variant *v = p->v;
    int mg = 0, eg = 0;
    for (int side = 0; side < 2; side++) {
        bb_t own = p->bb[PAWN | side << COLOR_SHIFT], enemy = p->bb[PAWN | (side ^ 1) << COLOR_SHIFT];
        int sign = side ? -1 : 1, c;
        BB_FOREACH(c, own) {
            int lv = v->coord[c][0], rk = v->coord[c][1], fl = v->coord[c][2], e;
            int adv = side ? v->adv_max - lv - rk : lv + rk;
            int passed = 1;
            BB_FOREACH(e, enemy) {
                int el = v->coord[e][0], er = v->coord[e][1], ef = v->coord[e][2];
                if (abs(ef - fl) <= 1 && (!side ? (el >= lv && er >= rk) : (el <= lv && er <= rk))) { passed = 0; break; }
            }
            if (passed) { mg += sign * (PASSED_MG + 2 * adv); eg += sign * (PASSED_EG + 8 * adv); }
            /* Doubled: an own pawn on one of the cells this pawn pushes to. */
            for (const cell_t *t = v->pawn_push[side][c]; *t >= 0; t++)
                if (bb_test(own, *t)) { mg -= sign * DOUBLED[0]; eg -= sign * DOUBLED[1]; break; }
            int isolated = 1, o;
            BB_FOREACH(o, own) {
                if (abs(v->coord[o][2] - fl) == 1 && abs(v->coord[o][0] - lv) <= 1) { isolated = 0; break; }
            }
            if (isolated) { mg -= sign * ISOLATED[0]; eg -= sign * ISOLATED[1]; }
        }
    }
    *pmg = mg; *peg = eg;
}

/* Pieces in hand (Five Up's reserve), White minus Black: 7/8 of their values while the side
 * can still place them (an unmoved piece of its own carries the next placement, and a placed
 * piece carries the one after), nothing once it cannot.  Without it every placement gained a
 * whole piece of material and the score swung by one a ply (search/evaluate.py). */
static inline int hand_term(const Pos *p) {
    if (!(p->reserve[0] | p->reserve[1])) return 0;
    int total[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        if (!p->reserve[side] || !bb_any(p->unmoved & p->occ[side])) continue;
        for (unsigned r = p->reserve[side]; r; r &= r - 1) total[side] += p->v->value[__builtin_ctz(r)];
    }
    /* each side's share rounded on its own: rounding the difference is not colour-symmetric */
    return total[0] * HAND_NUM / HAND_DEN - total[1] * HAND_NUM / HAND_DEN;
}

/* The slider's moves and captures along its rays (the walk of move generation): an empty
 * cell or an enemy piece counts, a missing cell (VOID, movable boards) ends a ray. */
static int slide_mobility(const Pos *p, int kind, int c, int side) {
    int n = 0;
    for (const int8_t *d = p->v->cell_dirs[kind][c]; *d >= 0; d++)
        for (const cell_t *r = p->v->ray[c][*d]; *r >= 0; r++) {
            int code = p->sq[*r];
            if (!code) n++;
            else { n += code >> COLOR_SHIFT == (side ^ 1); break; }
        }
    return n;
}

static inline uint64_t rotl(uint64_t x, int k) { return x << k | x >> (64 - k); }

static inline uint64_t bb_mix(bb_t b) {
#ifdef RS_WIDE
    return b[0] ^ rotl(b[1], 23) ^ rotl(b[2], 41) ^ rotl(b[3], 7);
#else
    return (uint64_t)b ^ rotl((uint64_t)(b >> 64), 23);
#endif
}

/* slide_mobility through the search's cache (MobEntry): not for movable boards, whose
 * missing cells the key does not hold. */
static inline int slide_mobility_cached(const Pos *p, MobEntry *mob, bb_t occ, bb_t own, int kind, int c, int side) {
    bb_t lines = p->v->slide_lines[kind][c], o = occ & lines, w = own & lines;
    int kc = kind * MAXCELLS + c;
    uint64_t h = (bb_mix(o) + (uint64_t)kc * 0x9E3779B97F4A7C15ULL) ^ rotl(bb_mix(w), 29);
    MobEntry *e = &mob[(h * 0xD6E8FEB86659FD93ULL) >> (64 - MOB_CACHE_BITS)];
    if (e->kc == kc && !bb_any((e->occ ^ o) | (e->own ^ w))) return e->n;
    int n = slide_mobility(p, kind, c, side);
    e->occ = o; e->own = w; e->kc = kc; e->n = n;
    return n;
}

int evaluate(const Pos *p, PawnEntry *cache, MobEntry *mob) {
    const Variant *v = p->v;
    int phase = p->phase < v->phase_total ? p->phase : v->phase_total;
    int mg = p->mg, eg = p->eg, psm, pse;
    PawnEntry *e = cache ? &cache[p->pawn_hash & (PAWN_CACHE_SIZE - 1)] : NULL;
    if (e && e->key == p->pawn_hash && (e->key || e->mg != 1)) {
        psm = e->mg; pse = e->eg;
    } else {
        pawn_structure(p, &psm, &pse);
        if (e) { e->key = p->pawn_hash; e->mg = psm; e->eg = pse; }
    }
    mg += psm; eg += pse;
#ifdef RS_WIDE
    if (v->bare_royal_loses) { /* a bare king has lost (search/evaluate.py's BARE_KING_SCORE) */
        int wbare = bb_popcount(p->occ[0]) == 1, bbare = bb_popcount(p->occ[1]) == 1;
        if (wbare != bbare) return wbare == (p->side == 1) ? BARE_KING_SCORE : -BARE_KING_SCORE;
    }
#endif
    if (p->pawn_hash == 0 && p->phase <= 1 && !bb_any(p->unmoved)) return 0; /* one minor piece, nothing to place: a draw */
    if (v->npins) mob = NULL;
    bb_t occ = p->occ[0] | p->occ[1];
    for (int side = 0; side < 2; side++) {
        int sh = side << COLOR_SHIFT, sign = side ? -1 : 1, c;
        bb_t own = p->occ[side];
        bb_t near_enemy_king = v->near2[p->kings[side ^ 1]];
        int mob_mg = 0, mob_eg = 0, king_attack = 0;
        uint32_t parts[NKINDS];
        unsigned seen = 0; /* kinds with a pair term met so far (parts[k] valid) */
        bb_t pieces = own & ~p->bb[PAWN | sh] & ~p->bb[v->royal | sh];
        BB_FOREACH(c, pieces) {
            int kind = p->sq[c] & KIND_MASK;
#ifdef RS_WIDE
            /* An enemy piece or an empty existing cell counts. */
            int n = v->mob_leaper[kind] ? bb_popcount(v->mob_leaps[kind][c] & ~own & p->exists) : 0;
#else
            int n = v->mob_leaper[kind] ? bb_popcount(v->mob_leaps[kind][c] & ~own) : 0;
#endif
            if (v->slider[kind])
                n += mob ? slide_mobility_cached(p, mob, occ, own, kind, c, side) : slide_mobility(p, kind, c, side);
            if (v->has_pair[kind]) {
                if (!(seen >> kind & 1)) { seen |= 1u << kind; parts[kind] = 0; }
                parts[kind] |= 1u << v->pair_class[kind][c];
            }
            mob_mg += v->mob_mg[kind] * n;
            mob_eg += v->mob_eg[kind] * n;
            if (bb_test(near_enemy_king, c)) king_attack += v->king_attack_w[kind];
        }
        for (; seen; seen &= seen - 1) {
            int k = __builtin_ctz(seen);
            if (parts[k] & (parts[k] - 1)) { mg += sign * v->pair_mg[k]; eg += sign * v->pair_eg[k]; } /* two or more parts */
        }
        mg += sign * mob_mg;
        eg += sign * mob_eg;
        if (king_attack > KING_ATTACK_CAP) king_attack = KING_ATTACK_CAP;
        mg += sign * ((king_attack * king_attack) / 4);
        int shelter = bb_popcount(v->shelter[side][p->kings[side]] & p->bb[PAWN | sh]);
        mg += sign * SHELTER_BONUS * (shelter < SHELTER_MAX ? shelter : SHELTER_MAX);
    }
    int score = mg * phase + eg * (v->phase_total - phase), hand = hand_term(p);
    return div_phase(p->side == 0 ? score : -score, v->phase_total) + (p->side == 0 ? hand : -hand) + TEMPO;
}

int fast_evaluate(const Pos *p) {
    const Variant *v = p->v;
    int phase = p->phase < v->phase_total ? p->phase : v->phase_total;
    int score = p->mg * phase + p->eg * (v->phase_total - phase), hand = hand_term(p);
    return div_phase(p->side == 0 ? score : -score, v->phase_total) + (p->side == 0 ? hand : -hand);
}
