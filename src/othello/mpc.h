/* Multi-ProbCut's one table of deviations, for the midgame search
 * (search.c) and the solver's selective levels (solve.c).  Not API.
 *
 * A probable cut-off: a cheap estimate of a position's score stands in for
 * the deep search's when it lies t standard deviations of the deep score's
 * spread around it beyond the window.  The deviation depends on the game's
 * stage (eval.h, by empties) and on the depth the deep search goes to:
 *   columns 0..12: the midgame search's depth d, the estimate a search of
 *           bb__mpc_shallow(d) (deeper than 12: column 12), fitted by
 *           tools/othello_mpc.c (the rows' comment says how);
 *   BB__MPC_END: the solver's, a search to the end of the game, the
 *           estimate the best of the moves' estimates (a one- or two-move
 *           search with the evaluation, solve.c's order_moves). */
#ifndef BB_SRC_OTHELLO_MPC_H
#define BB_SRC_OTHELLO_MPC_H

#include "eval.h"

enum { BB__MPC_DEPTHS = 13, BB__MPC_END = BB__MPC_DEPTHS };

/* In discs, by stage and column. */
extern const float bb__mpc_sigma_table[BB__EVAL_STAGES][BB__MPC_DEPTHS + 1];

/* The deviation for a node with `empties` empty squares searched to depth
 * (or BB__MPC_END), in discs. */
static inline double bb__mpc_sigma(int empties, int depth)
{
    int c = depth == BB__MPC_END ? BB__MPC_END : depth < BB__MPC_DEPTHS ? depth : BB__MPC_DEPTHS - 1;
    return bb__mpc_sigma_table[bb__eval_stage(empties)][c];
}

/* The midgame search's shallow depth for depth d: about half, with d's
 * parity (an odd depth ends on the mover's move and scores it higher:
 * mixing parities shifts the difference by discs).  tools/othello_mpc.c
 * fits with the same. */
static inline int bb__mpc_shallow(int depth)
{
    int sd = depth / 2;
    if ((depth - sd) & 1) sd += depth & 1 ? 1 : -1;
    return sd > 1 ? sd : 1;
}

#endif
