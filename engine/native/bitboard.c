/* The cube's tables: directions, rays, leaps and the bitboards built from them.
 * Built once at import; the same declarations as engine/geometry.py and
 * engine/variants/raumschach.py (directions in QUEEN_DIRS order). */
#include <stdlib.h>
#include <string.h>
#include "core.h"

int8_t DIRS[26][3];
int8_t DIR_CLASS[26];
int8_t RAY[NCELLS][26][5];
bb_t RAY_BB[NCELLS][26];
bb_t LINES_BB[NCELLS][8];
int8_t DIR_BETWEEN[NCELLS][NCELLS];
int8_t KNIGHT_T[NCELLS][25];
int8_t KING_T[NCELLS][27];
bb_t KNIGHT_BB[NCELLS], KING_BB[NCELLS];
int8_t PAWN_PUSH[2][NCELLS][3], PAWN_CAP[2][NCELLS][6];
bb_t PAWN_ATTACKERS[2][NCELLS];
bb_t PROMO_BB[2];
bb_t NEAR2_BB[NCELLS], SHELTER_BB[2][NCELLS];
int SLIDER_DIRS[8][27];

static int step(int cell, int dl, int dr, int df) {
    int l = cell / 25 + dl, r = cell / 5 % 5 + dr, f = cell % 5 + df;
    if (l < 0 || l > 4 || r < 0 || r > 4 || f < 0 || f > 4) return -1;
    return l * 25 + r * 5 + f;
}

static const int8_t PAWN_PUSH_W[2][3] = {{0, 1, 0}, {1, 0, 0}};
static const int8_t PAWN_CAP_W[5][3] = {{0, 1, -1}, {0, 1, 1}, {1, 0, -1}, {1, 0, 1}, {1, 1, 0}};

void rs_init_geometry(void) {
    int n = 0;
    for (int want = 1; want <= 3; want++)
        for (int a = -1; a <= 1; a++)
            for (int b = -1; b <= 1; b++)
                for (int c = -1; c <= 1; c++)
                    if (abs(a) + abs(b) + abs(c) == want) {
                        DIRS[n][0] = a; DIRS[n][1] = b; DIRS[n][2] = c;
                        DIR_CLASS[n] = want == 1 ? ROOK : want == 2 ? BISHOP : UNICORN;
                        n++;
                    }
    memset(SLIDER_DIRS, -1, sizeof SLIDER_DIRS);
    int counts[8] = {0};
    for (int d = 0; d < 26; d++) {
        SLIDER_DIRS[DIR_CLASS[d]][counts[DIR_CLASS[d]]++] = d;
        SLIDER_DIRS[QUEEN][counts[QUEEN]++] = d;
    }
    memset(DIR_BETWEEN, -1, sizeof DIR_BETWEEN);
    memset(LINES_BB, 0, sizeof LINES_BB);
    for (int c = 0; c < NCELLS; c++) {
        int nk = 0;
        KING_BB[c] = 0;
        for (int d = 0; d < 26; d++) {
            int k = 0, t = c;
            RAY_BB[c][d] = 0;
            while ((t = step(t, DIRS[d][0], DIRS[d][1], DIRS[d][2])) >= 0) {
                RAY[c][d][k++] = (int8_t)t;
                RAY_BB[c][d] |= bb_bit(t);
                DIR_BETWEEN[c][t] = (int8_t)d;
            }
            for (; k < 5; k++) RAY[c][d][k] = -1;
            LINES_BB[c][DIR_CLASS[d]] |= RAY_BB[c][d];
            LINES_BB[c][QUEEN] |= RAY_BB[c][d];
            int t1 = step(c, DIRS[d][0], DIRS[d][1], DIRS[d][2]);
            if (t1 >= 0) { KING_T[c][nk++] = (int8_t)t1; KING_BB[c] |= bb_bit(t1); }
        }
        KING_T[c][nk] = -1;
        int nn = 0;
        KNIGHT_BB[c] = 0;
        for (int a = -2; a <= 2; a++)
            for (int b = -2; b <= 2; b++)
                for (int e = -2; e <= 2; e++) {
                    int s[3] = {abs(a), abs(b), abs(e)};
                    int two = (s[0] == 2) + (s[1] == 2) + (s[2] == 2), one = (s[0] == 1) + (s[1] == 1) + (s[2] == 1);
                    if (two == 1 && one == 1) {
                        int t = step(c, a, b, e);
                        if (t >= 0) { KNIGHT_T[c][nn++] = (int8_t)t; KNIGHT_BB[c] |= bb_bit(t); }
                    }
                }
        KNIGHT_T[c][nn] = -1;
        for (int side = 0; side < 2; side++) {
            int sg = side ? -1 : 1, k = 0;
            for (int i = 0; i < 2; i++) {
                int t = step(c, sg * PAWN_PUSH_W[i][0], sg * PAWN_PUSH_W[i][1], sg * PAWN_PUSH_W[i][2]);
                if (t >= 0) PAWN_PUSH[side][c][k++] = (int8_t)t;
            }
            PAWN_PUSH[side][c][k] = -1;
            k = 0;
            for (int i = 0; i < 5; i++) {
                int t = step(c, sg * PAWN_CAP_W[i][0], sg * PAWN_CAP_W[i][1], sg * PAWN_CAP_W[i][2]);
                if (t >= 0) PAWN_CAP[side][c][k++] = (int8_t)t;
            }
            PAWN_CAP[side][c][k] = -1;
        }
    }
    memset(PAWN_ATTACKERS, 0, sizeof PAWN_ATTACKERS);
    for (int side = 0; side < 2; side++)
        for (int c = 0; c < NCELLS; c++)
            for (int i = 0; PAWN_CAP[side][c][i] >= 0; i++) PAWN_ATTACKERS[side][PAWN_CAP[side][c][i]] |= bb_bit(c);
    PROMO_BB[0] = PROMO_BB[1] = 0;
    for (int f = 0; f < 5; f++) {
        PROMO_BB[0] |= bb_bit(4 * 25 + 4 * 5 + f);
        PROMO_BB[1] |= bb_bit(124 - (4 * 25 + 4 * 5 + f));
    }
    for (int c = 0; c < NCELLS; c++) {
        int lv = c / 25, rk = c / 5 % 5, fl = c % 5;
        NEAR2_BB[c] = SHELTER_BB[0][c] = SHELTER_BB[1][c] = 0;
        for (int d = 0; d < NCELLS; d++) {
            int dl = d / 25 - lv, dr = d / 5 % 5 - rk, df = d % 5 - fl;
            int cheb = abs(dl);
            if (abs(dr) > cheb) cheb = abs(dr);
            if (abs(df) > cheb) cheb = abs(df);
            if (d != c && cheb <= 2) NEAR2_BB[c] |= bb_bit(d);
            if (cheb != 1) continue;
            if (dl >= 0 && dr >= 0 && (dl || dr)) SHELTER_BB[0][c] |= bb_bit(d);
            if (dl <= 0 && dr <= 0 && (dl || dr)) SHELTER_BB[1][c] |= bb_bit(d);
        }
    }
}
