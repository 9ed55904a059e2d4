/* The exact solver's tuning (src/othello/solve.c), in one place: each knob
 * with what it does and what it was measured to do (node counts on FFO
 * #40-#44 or #40-#49, one thread, 64 MiB; the runs: docs/OTHELLO.md, "The
 * exact solver").  Every one can be overridden with -D to try another
 * value; the answers never depend on them, only the nodes and the time.
 * Not API. */
#ifndef BB_SRC_OTHELLO_SOLVE_TUNING_H
#define BB_SRC_OTHELLO_SOLVE_TUNING_H

/* ---- the layers, by empties --------------------------------------------------------- */
#ifndef BB__SOLVE_SHALLOW
#define BB__SOLVE_SHALLOW 7 /* the most empties searched without the table, in parity order
                               (pvs_end_shallow): the order by square type saved 6% of the nodes over
                               square order */
#endif
#ifndef BB__SOLVE_TABLE_MIN
#define BB__SOLVE_TABLE_MIN 8 /* the fewest empties that use the table (pvs_end_table) */
#endif
#ifndef BB__SOLVE_SYM_MIN
#define BB__SOLVE_SYM_MIN 14 /* the fewest empties keyed by the least image (below, mirror
                              images of one position almost never meet, and the key costs) */
#endif
#ifndef BB__SOLVE_ETC_MIN
#define BB__SOLVE_ETC_MIN (BB__SOLVE_TABLE_MIN + 1) /* the fewest empties that look up children (enhanced
                                                      transposition cut-off) */
#endif
#ifndef BB__SOLVE_SHALLOW_STABLE
#define BB__SOLVE_SHALLOW_STABLE 2 /* shallow nodes try the stability cut-off from this alpha */
#endif

/* ---- the move order (fastest first) ------------------------------------------------- */
/* The weights of the opponent's replies, corner replies, new stable edge
   discs, frontier and potential mobility: tuned by node count on FFO
   #40-#44 (from 16, 16, 4, 1, 2: 7% fewer nodes). */
#ifndef BB__SOLVE_W_MOB
#define BB__SOLVE_W_MOB 16
#define BB__SOLVE_W_CORNER 24
#define BB__SOLVE_W_EDGE 4
#define BB__SOLVE_W_FRONT 2
#define BB__SOLVE_W_POT 4
#endif
#ifndef BB__SOLVE_EVAL_MIN
#define BB__SOLVE_EVAL_MIN 12 /* the fewest empties whose moves are ordered with the evaluation */
#endif
#ifndef BB__SOLVE_W_EVAL
#define BB__SOLVE_W_EVAL 4 /* a disc of the evaluation's estimate (3 or 6: 759.9 M, 753.6 M on #40-#49
                              against 751.3 M) */
#endif
#ifndef BB__SOLVE_SEARCH_MIN
#define BB__SOLVE_SEARCH_MIN 16 /* from here a move's evaluation is a one-move search's (the opponent's
                                   best reply by the evaluation), not the position's own */
#endif
#ifndef BB__SOLVE_SEARCH2_MIN
#define BB__SOLVE_SEARCH2_MIN 24 /* from here a two-move search's */
#endif
#ifndef BB__SOLVE_SEARCH3_MIN
#define BB__SOLVE_SEARCH3_MIN 61 /* from here a three-move search's (61: never; 27 with the selective
                                    levels took more nodes over #53, #57 and #58) */
#endif
#ifndef BB__SOLVE_W_SEARCH
#define BB__SOLVE_W_SEARCH 10 /* a disc of that search's estimate (8 or 12: 753.3 M, 739.6 M on #40-#49
                                 against 751.3 M, within the luck of the order) */
#endif
#ifndef BB__SOLVE_STAGED
#define BB__SOLVE_STAGED 1 /* the evaluation that orders the moves and makes the probable cut-offs: 1 the staged
                              one (bb__othello_eval), 0 the solver's own set (bb__othello_solver_eval):
                              #40-#49 in 751.3 M against 791.6 M */
#endif

/* ---- the root: the first test, the selective levels ----------------------------------- */
/* Where the first null-window test goes (first_guess): from GUESS_MIN
 * empties, GUESS_MARGIN below an estimate by a search to GUESS_LEAF empties
 * (at most GUESS_DEPTH moves); a test below the score costs far less than
 * one above it. */
#ifndef BB__SOLVE_GUESS_MIN
#define BB__SOLVE_GUESS_MIN 16
#endif
#ifndef BB__SOLVE_GUESS_LEAF
#define BB__SOLVE_GUESS_LEAF 14
#endif
#ifndef BB__SOLVE_GUESS_DEPTH
#define BB__SOLVE_GUESS_DEPTH 10
#endif
#ifndef BB__SOLVE_GUESS_MARGIN
#define BB__SOLVE_GUESS_MARGIN 2
#endif
#ifndef BB__SOLVE_SEL_MIN
#define BB__SOLVE_SEL_MIN 20 /* the fewest empties at the root that search the selective levels first */
#endif
#ifndef BB__SOLVE_MPC_MIN
#define BB__SOLVE_MPC_MIN 8 /* the fewest empties with probable cut-offs at a selective level (and ordered by
                               the evaluation there): from 14, 120.8 M on #40-#44; from 12, 95.7 M; from 8,
                               75.3 M (without levels 109.7 M) */
#endif
/* The selective levels' t, in 1/16: probable cut-offs at t standard
 * deviations of the estimate's error (mpc.h, BB__MPC_END), t growing level
 * by level; one level at 1.0, 1.5 or 2.0 alone gave 117 to 121 M on
 * #40-#44, five levels (1.0 ... 3.3) more than these four. */
#ifndef BB__SOLVE_LEVELS
#define BB__SOLVE_LEVELS 16, 24, 32, 42
#endif
#ifndef BB__SOLVE_LEVEL_MARGIN
#define BB__SOLVE_LEVEL_MARGIN 0 /* each level's first test this far below the last level's score */
#endif
#ifndef BB__SOLVE_EXACT_MARGIN
#define BB__SOLVE_EXACT_MARGIN 0 /* the exact level's first test this far below the last selective score
                                    (2 searched more nodes on #40-#44) */
#endif

#endif
