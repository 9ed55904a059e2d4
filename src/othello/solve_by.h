/* The exact solver with a deadline (src/othello/solve.c), for the midgame
 * search's "the solver in the time left" (src/othello/search.c).  Not API. */
#ifndef BB_SRC_OTHELLO_SOLVE_BY_H
#define BB_SRC_OTHELLO_SOLVE_BY_H

#include "bitboard.h"

/* bb_othello_solve, stopped (-2, as by the stop flag) when CLOCK_MONOTONIC,
 * in seconds, passes deadline; deadline 0: never. */
int bb__othello_solve_by(const bb_othello_pos *pos, const bb_othello_solve_opts *opts, double deadline,
                         bb_othello_solve_result *r);

/* bb_othello_solve with the selective levels (solve.c, tests()) searched
 * first from sel_min empties at the root instead of BB__SOLVE_SEL_MIN (20):
 * the tests and the soak run them on positions small enough to check
 * against a plain search.  The answer must not depend on sel_min. */
int bb__othello_solve_sel(const bb_othello_pos *pos, const bb_othello_solve_opts *opts, int sel_min,
                          bb_othello_solve_result *r);

#endif
