/* The exact solver with what the public call does not offer
 * (src/othello/solve.c), for the midgame search (search.c) and the tests.
 * Not API. */
#ifndef BB_SRC_OTHELLO_SOLVE_WITH_H
#define BB_SRC_OTHELLO_SOLVE_WITH_H

#include "bitboard.h"
#include "table.h"

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

#endif
