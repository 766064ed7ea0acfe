/* Move generation: pseudo-legal (for the search, which tests legality after making a move)
 * and fully legal (rules front and perft): one walk along the lines out of the king finds
 * checkers and pinned pieces, as engine/board.py's checks_and_pins. */
#include "core.h"

/* Lists hold at most MAX_MOVES each; a crowded made-up position cannot overflow them (real
 * games stay far below: a few hundred moves at most). */
#define ADDC(x) do { if (nc < MAX_MOVES) caps[nc++] = (x); } while (0);
#define ADDQ(x) do { if (nq < MAX_MOVES) quiets[nq++] = (x); } while (0);
#define PB(k) ((uint32_t)(k) << PROMO_SHIFT)
const uint32_t ALL_PROMOS[6] = {PB(QUEEN), PB(ROOK), PB(BISHOP), PB(KNIGHT), PB(UNICORN), 0};
const uint32_t SEARCH_PROMOS[3] = {PB(QUEEN), PB(KNIGHT), 0};

/* Pseudo-legal moves of the side to move: captures and promotions into caps, quiet moves
 * into quiets (unless captures_only); the piece on `skip` is left out.  Returns #quiets. */
int gen_pseudo(const Pos *p, int captures_only, const uint32_t *promos, uint32_t *caps, int *ncaps,
               uint32_t *quiets, int skip) {
    int side = p->side, nc = 0, nq = 0, fr;
    bb_t own = p->occ[side], enemy = p->occ[side ^ 1];
    bb_t pieces = own;
    if (skip >= 0) pieces &= ~bb_bit(skip);
    BB_FOREACH(fr, pieces) {
        int kind = p->sq[fr] & KIND_MASK;
        uint32_t base = (uint32_t)fr << FROM_SHIFT;
        int to;
        if (kind == PAWN) {
            for (const int8_t *t = PAWN_PUSH[side][fr]; *t >= 0; t++) {
                to = *t;
                if (p->sq[to]) continue;
                if (PROMO_BB[side] & bb_bit(to)) {
                    for (const uint32_t *pb = promos; *pb; pb++) ADDC(base | to | *pb)
                } else if (!captures_only) {
                    ADDQ(base | to)
                }
            }
            for (const int8_t *t = PAWN_CAP[side][fr]; *t >= 0; t++) {
                to = *t;
                if (!(enemy & bb_bit(to))) continue;
                if (PROMO_BB[side] & bb_bit(to)) {
                    for (const uint32_t *pb = promos; *pb; pb++) ADDC(base | to | *pb)
                } else {
                    ADDC(base | to)
                }
            }
        } else if (kind == KNIGHT || kind == KING) {
            bb_t targets = (kind == KNIGHT ? KNIGHT_BB[fr] : KING_BB[fr]) & ~own;
            BB_FOREACH(to, targets & enemy) ADDC(base | to)
            if (!captures_only) BB_FOREACH(to, targets & ~enemy) ADDQ(base | to)
        } else {
            for (const int *d = SLIDER_DIRS[kind]; *d >= 0; d++) {
                const int8_t *r = RAY[fr][*d];
                for (int i = 0; i < 5 && r[i] >= 0; i++) {
                    to = r[i];
                    if (!p->sq[to]) {
                        if (!captures_only) ADDQ(base | to)
                    } else {
                        if (enemy & bb_bit(to)) ADDC(base | to)
                        break;
                    }
                }
            }
        }
    }
    *ncaps = nc;
    return nq;
}

/* Every legal move (all promotion kinds) into out; returns the count. */
int gen_legal(Pos *p, int captures_only, uint32_t *out) {
    int us = p->side, them = us ^ 1, sh = them << COLOR_SHIFT;
    int king = p->kings[us];
    int checkers = 0, n = 0;
    bb_t evasion = 0, pinned = 0;
    bb_t pin_mask[NCELLS];
    bb_t leapers = (PAWN_ATTACKERS[them][king] & p->bb[PAWN | sh]) | (KNIGHT_BB[king] & p->bb[KNIGHT | sh]) |
                   (KING_BB[king] & p->bb[KING | sh]);
    if (leapers) { checkers = bb_popcount(leapers); evasion = leapers; }
    bb_t q = p->bb[QUEEN | sh];
    for (int d = 0; d < 26; d++) {
        int cls = DIR_CLASS[d];
        if (!((p->bb[cls | sh] | q) & RAY_BB[king][d])) continue;
        int own = -1;
        bb_t upto = 0;
        const int8_t *r = RAY[king][d];
        for (int i = 0; i < 5 && r[i] >= 0; i++) {
            int t = r[i], pc = p->sq[t];
            upto |= bb_bit(t);
            if (!pc) continue;
            if (pc >> COLOR_SHIFT == us) {
                if (own >= 0) break;
                own = t;
                continue;
            }
            if (pc == (cls | sh) || pc == (QUEEN | sh)) {
                if (own >= 0) { pinned |= bb_bit(own); pin_mask[own] = upto; }
                else { checkers++; evasion = upto; }
            }
            break;
        }
    }
    if (checkers < 2) {
        uint32_t caps[MAX_MOVES], quiets[MAX_MOVES];
        int nc, nq = gen_pseudo(p, captures_only, ALL_PROMOS, caps, &nc, quiets, king);
        if (!checkers && !pinned) {
            for (int i = 0; i < nc; i++) out[n++] = caps[i];
            for (int i = 0; i < nq; i++) out[n++] = quiets[i];
        } else {
            for (int i = 0; i < nc + nq; i++) {
                uint32_t m = i < nc ? caps[i] : quiets[i - nc];
                bb_t tob = bb_bit(MOVE_TO(m));
                if (checkers && !(evasion & tob)) continue;
                int fr = MOVE_FROM(m);
                if ((pinned & bb_bit(fr)) && !(pin_mask[fr] & tob)) continue;
                out[n++] = m;
            }
        }
    }
    /* King steps, tested with the king lifted so a checking slider covers the cell behind. */
    bb_t targets = KING_BB[king] & ~p->occ[us];
    if (captures_only) targets &= p->occ[them];
    int code = p->sq[king], t;
    p->sq[king] = 0;
    BB_FOREACH(t, targets)
        if (!pos_attacked(p, t, them)) out[n++] = (uint32_t)king << FROM_SHIFT | t;
    p->sq[king] = (uint8_t)code;
    return n;
}
