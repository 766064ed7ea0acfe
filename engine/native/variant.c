/* A variant's derived tables, built once when engine/core.py registers the variant: the rays'
 * bitboards and the line index, the attack classes (directions grouped by the kinds that slide
 * back along them), the leapers' and pawns' attacker masks (the inverse of their capture
 * tables, so no symmetry of the geometry is assumed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"

static int reverse_dir(const Variant *v, const int8_t dirs[][3], int d) {
    for (int e = 0; e < v->ndirs; e++)
        if (dirs[e][0] == -dirs[d][0] && dirs[e][1] == -dirs[d][1] && dirs[e][2] == -dirs[d][2]) return e;
    return -1;
}

/* dirs: the (a, b, c) delta of each direction (only their reversal is read here). */
int variant_build(Variant *v, const int8_t dirs[][3], char *err, size_t errlen) {
    int n = v->ncells;
    memset(v->dir_between, -1, sizeof v->dir_between);
    for (int c = 0; c < n; c++)
        for (int d = 0; d < v->ndirs; d++) {
            v->ray_bb[c][d] = BB_EMPTY;
            for (const cell_t *r = v->ray[c][d]; *r >= 0; r++) {
                v->ray_bb[c][d] |= bb_bit(*r);
                v->dir_between[c][*r] = (int8_t)d;
            }
        }
    /* Attack classes: direction d out of a cell is attacked along by the kinds sliding along
     * its reverse. */
    v->nclasses = 0;
    for (int d = 0; d < v->ndirs; d++) {
        int e = reverse_dir(v, dirs, d);
        if (e < 0) { snprintf(err, errlen, "direction %d has no reverse among the directions", d); return -1; }
        uint16_t mask = 0;
        for (int k = 1; k < NKINDS; k++)
            for (const int8_t *s = v->slide_dirs[k]; *s >= 0; s++)
                if (*s == e) mask |= (uint16_t)(1 << k);
        int cls = -1;
        for (int i = 0; i < v->nclasses; i++) if (v->class_kinds[i] == mask) cls = i;
        if (cls < 0) {
            if (v->nclasses == MAXCLASSES) { snprintf(err, errlen, "more than %d groups of slide directions", MAXCLASSES); return -1; }
            cls = v->nclasses++;
            v->class_kinds[cls] = mask;
            int nk = 0;
            for (int k = 1; k < NKINDS; k++) if (mask >> k & 1) v->class_kind_list[cls][nk++] = (int8_t)k;
            v->class_kind_list[cls][nk] = 0;
            v->class_n[cls] = (uint8_t)nk;
            for (int i = 0; i < 4; i++) v->class_k4[cls][i] = (int8_t)(i < nk ? v->class_kind_list[cls][i] : 0);
            memset(v->class_dirs[cls], -1, sizeof v->class_dirs[cls]);
        }
        v->dir_class[d] = (int8_t)cls;
        int i = 0;
        while (v->class_dirs[cls][i] >= 0) i++;
        v->class_dirs[cls][i] = (int8_t)d;
    }
    memset(v->class_lines, 0, sizeof v->class_lines);
    for (int c = 0; c < n; c++)
        for (int d = 0; d < v->ndirs; d++) v->class_lines[c][v->dir_class[d]] |= v->ray_bb[c][d];
    /* Leapers: who captures onto a cell from where. */
    int na = 0;
    memset(v->leap_attackers, 0, sizeof v->leap_attackers);
    for (int k = 1; k < NKINDS; k++) {
        int any = 0;
        for (int c = 0; c < n; c++) {
            int t;
            BB_FOREACH(t, v->leap_cap[k][c]) { v->leap_attackers[k][t] |= bb_bit(c); any = 1; }
        }
        if (any) v->attack_leapers[na++] = (int8_t)k;
    }
    v->attack_leapers[na] = 0;
    /* Pawns. */
    memset(v->pawn_attackers, 0, sizeof v->pawn_attackers);
    for (int side = 0; side < 2; side++)
        for (int c = 0; c < n; c++) {
            v->pawn_cap_bb[side][c] = BB_EMPTY;
            for (const cell_t *t = v->pawn_cap[side][c]; *t >= 0; t++) {
                v->pawn_cap_bb[side][c] |= bb_bit(*t);
                v->pawn_attackers[side][*t] |= bb_bit(c);
            }
            v->pawn_push_bb[side][c] = BB_EMPTY; /* (cell_dirs below, after the pawns) */
            for (const cell_t *t = v->pawn_push[side][c]; *t >= 0; t++) v->pawn_push_bb[side][c] |= bb_bit(*t);
            v->dstep_bb[side][c] = BB_EMPTY;
            for (int i = 0; i < v->ndstep[side][c]; i++) v->dstep_bb[side][c] |= bb_bit(v->dstep[side][c][i].to);
            if (v->ndstep[side][c]) v->has_dsteps = 1;
        }
    /* Movable boards and unmoved pawns take the full make too (make_extra): a board move, and
     * the unmoved set a pawn's move or capture changes. */
    v->extra = v->reserve_kinds != 0 || v->en_passant || v->castling || v->npins || v->unmoved_pawns;
    for (int k = 0; k < NKINDS; k++)
        for (int c = 0; c < n; c++) if (bb_any(v->mob_leaps[k][c])) v->mob_leaper[k] = 1;
    for (int k = 0; k < NKINDS; k++)
        for (int c = 0; c < MAXCELLS; c++) {
            int j = 0;
            v->slide_lines[k][c] = BB_EMPTY;
            if (c < n)
                for (const int8_t *d = v->slide_dirs[k]; *d >= 0; d++)
                    if (v->ray[c][*d][0] >= 0) {
                        v->cell_dirs[k][c][j++] = *d;
                        v->slide_lines[k][c] |= v->ray_bb[c][*d];
                    }
            v->cell_dirs[k][c][j] = -1;
        }
    return 0;
}
