/* Endgame tablebases (tb.c): depth to mate for Raumschach's pawnless endings of 3 and 4
 * pieces, made by retrograde analysis on the variant's own move tables and read by the search
 * (search.c probes a node whose piece count is at most tb_max_pieces()).  docs/tablebases.md. */
#ifndef RS_TB_H
#define RS_TB_H

#include <stddef.h>
#include <stdint.h>
#include "core.h"

#define TB_MAX_PIECES 4
enum { TB_NONE = 0, TB_WIN, TB_DRAW, TB_LOSS }; /* tb_probe's answers, for the side to move */

/* What generating a table found (positions counted as real positions: every symmetric image). */
typedef struct {
    uint64_t stored;              /* entries of the file (both sides to move) */
    uint64_t legal[2];            /* legal positions, White / Black to move */
    uint64_t win[2], loss[2];     /* the side to move wins / loses */
    int longest[2];               /* plies of the longest win for the side to move (0: none) */
    int longest_cells[2][TB_MAX_PIECES]; /* an example of it (the table's piece order) */
    int max_plies;                /* the deepest level resolved */
} TbStats;

/* The largest piece count of a loaded table (0: none); search.c's cheap gate. */
extern int tb_loaded_pieces;

/* The position's value when a loaded table holds it: TB_WIN / TB_LOSS with *plies to mate,
 * TB_DRAW, or TB_NONE (no table, a pawn, more pieces, another variant). */
int tb_probe(const Pos *p, int *plies);

/* The same for a position given as pieces (cells[i] holds codes[i]; no check of legality
 * beyond the table's own). */
int tb_probe_pieces(const Variant *v, const int *cells, const int *codes, int n, int side, int *plies);

/* Generates the table of White's kinds wk[0..nw) and Black's bk[0..nb) (kings implied, 2 to
 * 4 pieces in all) into path; every smaller table a capture reaches must be loaded.  0, or -1
 * with a message. */
int tb_generate(const Variant *v, const int *wk, int nw, const int *bk, int nb, const char *path, TbStats *st,
                char *err, size_t errlen);

/* Maps a table file for variant v (0, or -1 with a message); tb_unload_all forgets them all. */
int tb_load(const Variant *v, const char *path, char *err, size_t errlen);
void tb_unload_all(void);

#endif
