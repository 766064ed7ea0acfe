/* Perft: leaves of the legal move tree, with or without counting the last ply in bulk. */
#include "core.h"

uint64_t perft(Pos *p, int depth, int bulk) {
    if (depth <= 0) return 1;
    uint32_t moves[LEGAL_MAX];
    int n = gen_legal(p, 0, moves);
    if (depth == 1 && bulk) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        pos_make_perft(p, moves[i]);
        total += depth == 1 ? 1 : perft(p, depth - 1, bulk);
        pos_unmake(p);
    }
    return total;
}
