/* Static evaluation, centipawns from the side to move's view: the same terms, constants and
 * integer arithmetic (floor division included) as engine/search/evaluate.py, so both cores
 * score every position identically. */
#include <stdlib.h>
#include "core.h"

#define PHASE_TOTAL 28
#define TEMPO 10
static const int MOB_MG[8] = {0, 0, 4, 3, 2, 3, 1, 0};
static const int MOB_EG[8] = {0, 0, 4, 3, 3, 3, 2, 0};
static const int KING_ATTACK_WEIGHT[8] = {0, 0, 2, 2, 3, 2, 5, 0};
#define KING_ATTACK_CAP 40
#define SHELTER_BONUS 10
#define SHELTER_MAX 4
#define PASSED_MG 10
#define PASSED_EG 20
static const int DOUBLED[2] = {10, 20}, ISOLATED[2] = {10, 15};
static const int BISHOP_PAIR[2] = {30, 40}, UNICORN_COMPLEXES[2] = {20, 25};

static void pawn_structure(const Pos *p, int *pmg, int *peg) {
    int mg = 0, eg = 0;
    for (int side = 0; side < 2; side++) {
        bb_t own = p->bb[PAWN | side << COLOR_SHIFT], enemy = p->bb[PAWN | (side ^ 1) << COLOR_SHIFT];
        int sign = side ? -1 : 1, c;
        BB_FOREACH(c, own) {
            int lv = c / 25, rk = c / 5 % 5, fl = c % 5, adv, e;
            int a0 = -1, a1 = -1;
            if (!side) {
                if (rk < 4) a0 = c + 5;
                if (lv < 4) a1 = c + 25;
                adv = lv + rk;
            } else {
                if (rk > 0) a0 = c - 5;
                if (lv > 0) a1 = c - 25;
                adv = 8 - lv - rk;
            }
            int passed = 1;
            BB_FOREACH(e, enemy) {
                int el = e / 25, er = e / 5 % 5, ef = e % 5;
                if (abs(ef - fl) <= 1 && (!side ? (el >= lv && er >= rk) : (el <= lv && er <= rk))) { passed = 0; break; }
            }
            if (passed) { mg += sign * (PASSED_MG + 2 * adv); eg += sign * (PASSED_EG + 8 * adv); }
            if ((a0 >= 0 && (own & bb_bit(a0))) || (a1 >= 0 && (own & bb_bit(a1)))) {
                mg -= sign * DOUBLED[0]; eg -= sign * DOUBLED[1];
            }
            int isolated = 1, o;
            BB_FOREACH(o, own) {
                if (abs(o % 5 - fl) == 1 && abs(o / 25 - lv) <= 1) { isolated = 0; break; }
            }
            if (isolated) { mg -= sign * ISOLATED[0]; eg -= sign * ISOLATED[1]; }
        }
    }
    *pmg = mg; *peg = eg;
}

int evaluate(const Pos *p, PawnEntry *cache) {
    int phase = p->phase < PHASE_TOTAL ? p->phase : PHASE_TOTAL;
    int mg = p->mg, eg = p->eg, psm, pse;
    PawnEntry *e = cache ? &cache[p->pawn_hash & (PAWN_CACHE_SIZE - 1)] : NULL;
    if (e && e->key == p->pawn_hash && (e->key || e->mg != 1)) {
        psm = e->mg; pse = e->eg;
    } else {
        pawn_structure(p, &psm, &pse);
        if (e) { e->key = p->pawn_hash; e->mg = psm; e->eg = pse; }
    }
    mg += psm; eg += pse;
    if (p->pawn_hash == 0 && p->phase <= 1) return 0; /* at most one minor piece: a draw */
    for (int side = 0; side < 2; side++) {
        int sh = side << COLOR_SHIFT, sign = side ? -1 : 1, c;
        bb_t own = p->occ[side];
        bb_t near_enemy_king = NEAR2_BB[p->kings[side ^ 1]];
        int mob_mg = 0, mob_eg = 0, king_attack = 0, bishop_colours = 0, unicorn_complexes = 0;
        bb_t pieces = own & ~p->bb[PAWN | sh] & ~p->bb[KING | sh];
        BB_FOREACH(c, pieces) {
            int kind = p->sq[c] & KIND_MASK, n = 0;
            if (kind == KNIGHT) {
                n = bb_popcount(KNIGHT_BB[c] & ~own);
            } else {
                for (const int *d = SLIDER_DIRS[kind]; *d >= 0; d++) {
                    const int8_t *r = RAY[c][*d];
                    for (int i = 0; i < 5 && r[i] >= 0; i++) {
                        int t = r[i];
                        if (!p->sq[t]) n++;
                        else { if (!(own & bb_bit(t))) n++; break; }
                    }
                }
                if (kind == BISHOP) bishop_colours |= 1 << (c & 1);
                else if (kind == UNICORN) {
                    int lv = c / 25;
                    unicorn_complexes |= 1 << (((lv + c / 5 % 5) & 1) * 2 + ((lv + c % 5) & 1));
                }
            }
            mob_mg += MOB_MG[kind] * n;
            mob_eg += MOB_EG[kind] * n;
            if (near_enemy_king & bb_bit(c)) king_attack += KING_ATTACK_WEIGHT[kind];
        }
        if (bishop_colours == 3) { mg += sign * BISHOP_PAIR[0]; eg += sign * BISHOP_PAIR[1]; }
        if (unicorn_complexes & (unicorn_complexes - 1)) { mg += sign * UNICORN_COMPLEXES[0]; eg += sign * UNICORN_COMPLEXES[1]; }
        mg += sign * mob_mg;
        eg += sign * mob_eg;
        if (king_attack > KING_ATTACK_CAP) king_attack = KING_ATTACK_CAP;
        mg += sign * ((king_attack * king_attack) / 4);
        int shelter = bb_popcount(SHELTER_BB[side][p->kings[side]] & p->bb[PAWN | sh]);
        mg += sign * SHELTER_BONUS * (shelter < SHELTER_MAX ? shelter : SHELTER_MAX);
    }
    int score = mg * phase + eg * (PHASE_TOTAL - phase);
    return floordiv(p->side == 0 ? score : -score, PHASE_TOTAL) + TEMPO;
}

int fast_evaluate(const Pos *p) {
    int phase = p->phase < PHASE_TOTAL ? p->phase : PHASE_TOTAL;
    int score = p->mg * phase + p->eg * (PHASE_TOTAL - phase);
    return floordiv(p->side == 0 ? score : -score, PHASE_TOTAL);
}
