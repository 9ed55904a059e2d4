/* The exact solver with what the public call does not offer
 * (src/othello/solve.c), for the midgame search (search.c) and the tests.
 * Not API. */
#ifndef BB_SRC_OTHELLO_SOLVE_WITH_H
#define BB_SRC_OTHELLO_SOLVE_WITH_H

#include "bitboard.h"
#include "table.h"
#include "threads.h"

/* bb_othello_solve on the caller's table `kept` (NULL: a table of its own,
 * opts->hash_mb, freed at the end; else kept, opts->hash_mb ignored, one
 * age on: table.h), stopped (-2, as by the stop flag) when CLOCK_MONOTONIC,
 * in seconds, passes deadline (0: never), with the selective levels
 * searched first from sel_min empties at the root (negative: as
 * bb_othello_solve, BB__SOLVE_SEL_MIN, 20; the tests and the soak go lower, on positions
 * small enough to check against a plain search: the answer must not depend
 * on sel_min). */
int bb__othello_solve_with(const bb_othello_pos *pos, const bb_othello_solve_opts *opts, bb__table *kept,
                           double deadline, int sel_min, bb_othello_solve_result *r);

/* The solver's exact tiers, for the midgame search's nodes whose depth left
 * reaches the end of the game (search.c's hand-off): the score of (p, o),
 * in discs, in the window (alpha, beta), fail-soft, as the exact search
 * finds it (the table layer from BB__SOLVE_TABLE_MIN empties, the shallow
 * layer with parity, the last 1-4 empties), on the caller's table t (its
 * entries are of the solver's kind: table.h) and stop (halt, checked every
 * 4,096 nodes or so); helper: a lazy-SMP helper's index (its own order), 0
 * for the first thread.  Adds its nodes to *nodes; sets *stopped when halt
 * stopped it (the score is then meaningless). */
/* The window (alpha, beta) of a score in 1/unit of a disc widened to whole
 * discs for the solver: *a the floor of alpha / unit, *b the ceiling of
 * beta / unit (so a disc score at most *a is at most alpha, at least *b at
 * least beta, and *a < *b whenever alpha < beta). */
static inline void bb__disc_window(int alpha, int beta, int unit, int *a, int *b)
{
    *a = alpha >= 0 ? alpha / unit : -((-alpha + unit - 1) / unit);
    *b = beta >= 0 ? (beta + unit - 1) / unit : -(-beta / unit);
}

int bb__othello_end_exact(const bb__table *t, uint64_t p, uint64_t o, int alpha, int beta, int helper, bb__stop *halt,
                          uint64_t *nodes, int *stopped);

#endif
