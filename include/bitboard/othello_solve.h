/* bitboard/othello_solve.h - Othello endgames: the exact solver, and the
 * features engines evaluate (mobility, frontier, stability, parity).
 * Included by <bitboard.h>.  How it works: docs/OTHELLO.md, "The endgame
 * solver".  Boards as in othello.h: p the side to move's discs, o the
 * opponent's, p & o == 0.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_othello_mobility(p, o)        the number of legal moves of the side owning p
 *   bb_othello_potential_mobility(p, o)  the number of empty squares next to a disc of o (where p
 *                                    might one day play)
 *   bb_othello_frontier(p, o)        p's discs next to an empty square (8 neighbours)
 *   bb_othello_stable(p, o)          p's discs that no sequence of moves can flip by the line rule:
 *                                    the greatest set S of p's discs where every disc, in each of the 4
 *                                    line directions, has its whole line full, or a wall or a disc of
 *                                    S next to it on that line (a lower bound of the truly stable)
 *   bb_othello_stable_edges(p, o)    the cheap lower bound: the discs of bb_othello_stable on the
 *                                    four edges (each edge as a line of 8: full, or a run from a
 *                                    corner); a subset of bb_othello_stable
 *   bb_othello_parity(p, o)          bit q (0..3: a1-d4, e1-h4, a5-d8, e5-h8) set when quadrant q
 *                                    holds an odd number of empty squares
 *   bb_othello_final_score(p, o)     p's discs minus o's with the empty squares given to the one
 *                                    with more (the score of a finished game, side to move's view)
 *
 *   bb_othello_solve_opts            the solver's options (a zeroed struct: exact score, full window,
 *                                    one thread, a 64 MiB table keyed by the canonical position)
 *   bb_othello_solve_result          what it found: score (side to move), win/loss/draw, best move,
 *                                    principal variation, nodes, seconds, table bytes
 *   BB_OTHELLO_PASS                  64: a pass, in best and pv
 *   BB_OTHELLO_SOLVE_MAX_THREADS     64: the most threads the solver and the midgame search run (more
 *                                    are taken as 64); the front ends take 1 to this
 *   bb_othello_solve(pos, opts, r)   solves pos exactly under perfect play by both sides: 0 and *r;
 *                                    -1 if the table could not be allocated; -2 if the stop flag
 *                                    ended it (r->stopped, the score meaningless); pos, r not NULL,
 *                                    opts may be NULL; the score, best move and PV do not depend on
 *                                    the thread count
 *
 * Implementation variants: none.                                          */
#ifndef BITBOARD_OTHELLO_SOLVE_H
#define BITBOARD_OTHELLO_SOLVE_H

#include "othello.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BB_OTHELLO_PASS 64
/* The solver's and the midgame search's threads: at most this many (the
 * threads' state is kept in arrays of this size). */
#define BB_OTHELLO_SOLVE_MAX_THREADS 64

typedef struct {
    int wld;                  /* 1: win, loss or draw only (a null window around 0: faster) */
    int alpha, beta;          /* an aspiration window, alpha < beta, both -64..64; both 0: the full
                                 window.  A score outside it comes back as a bound (r->bound) */
    int threads;              /* 0 or 1: this thread; N: N threads sharing the table */
    size_t hash_mb;           /* the table in MiB; 0: 64 from 19 empties, half that for each
                                 empty fewer, at least 1 (r->table_bytes says what it was) */
    int no_symmetry;          /* 1: the table keys positions as they stand, not by their least
                                 image (to measure what the symmetric table saves) */
    const volatile int *stop; /* if not NULL and *stop becomes non-zero, solve returns -2 */
    /* called about 4 times a second from the calling thread (may be NULL) */
    void (*progress)(uint64_t nodes, double seconds, void *arg);
    void *progress_arg;
    int no_eval;              /* 1: order moves without the trained evaluation (fastest first
                                 alone: to measure what the evaluation saves) */
    void *reserved_[4];       /* zero (a zeroed struct): room for later options without an ABI break */
} bb_othello_solve_opts;

typedef struct {
    int score;          /* the final disc difference for the side to move under perfect play
                           (empties to the winner); with wld, -1, 0 or 1 times a bound */
    int wld;            /* 1 win, 0 draw, -1 loss for the side to move */
    int bound;          /* 0: score is exact; 1: at least score (it reached beta); -1: at most */
    int best;           /* the best move 0..63, BB_OTHELLO_PASS, or -1 if the game is over: of the
                           moves that reach the score, the first in the solver's own order
                           (from the position alone: any thread count agrees) */
    int pv[61];         /* the principal variation, moves and passes, from pos */
    int pv_length;
    uint64_t nodes;     /* positions searched */
    double seconds;
    size_t table_bytes;
    int stopped;
    uint64_t reserved_[4]; /* written 0: room for later results without an ABI break */
} bb_othello_solve_result;

int bb_othello_mobility(uint64_t p, uint64_t o);
int bb_othello_potential_mobility(uint64_t p, uint64_t o);
uint64_t bb_othello_frontier(uint64_t p, uint64_t o);
uint64_t bb_othello_stable(uint64_t p, uint64_t o);
uint64_t bb_othello_stable_edges(uint64_t p, uint64_t o);
unsigned bb_othello_parity(uint64_t p, uint64_t o);
int bb_othello_final_score(uint64_t p, uint64_t o);
int bb_othello_solve(const bb_othello_pos *pos, const bb_othello_solve_opts *opts, bb_othello_solve_result *r);

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_OTHELLO_SOLVE_H */
