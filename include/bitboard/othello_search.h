/* bitboard/othello_search.h - Othello's midgame search: iterative deepening
 * principal-variation search over the trained evaluation, with a
 * transposition table, a depth or time budget, a stop flag, and the exact
 * solver once the empties allow.  Included by <bitboard.h>.  How it works:
 * docs/OTHELLO.md, "The midgame search".  Boards as in othello.h.
 *
 * Contents (each name: what it returns; what it requires)
 *   bb_othello_search_opts          the options (a zeroed struct: depth 60, no time limit, a 16 MiB
 *                                   table (less with a short time budget), the exact solver from 14 empties, multi-ProbCut on,
 *                                   one thread, no progress reports)
 *   bb_othello_search_result        what it found: score (discs, side to move), exact or not, best
 *                                   move, principal variation, depth reached, nodes, seconds
 *   BB_OTHELLO_SEARCH_MAX_DEPTH     60: the deepest iteration (depth counts moves: 60 empties)
 *   BB_OTHELLO_SEARCH_DEFAULT_DEPTH 10: the depth the CLI, Python and JS search to when given
 *                                   neither a depth nor a time (an answer in well under a second)
 *   bb_othello_search_table         a transposition table that lives across searches (opaque)
 *   bb_othello_search_table_new(mb) a table that lives across searches (opts.table): NULL if
 *                                   it cannot be allocated; mb 0: 16 MiB
 *   bb_othello_search_table_clear(t) every entry empty again; t not NULL
 *   bb_othello_search_table_free(t) frees t; NULL: nothing
 *   bb_othello_search(pos, opts, r) searches pos: 0 and *r; -1 if the table could not be
 *                                   allocated; -2 if the stop flag ended it before depth 1 was done
 *                                   (a later stop keeps the last finished depth: r->stopped = 1,
 *                                   returns 0); pos, r not NULL, opts may be NULL
 *
 * The clock (a game's time, as a GGF game gives it: othello_records.h, bb_othello_clock)
 *   bb_othello_budget               a move's time from the clock: soft (the share it should take),
 *                                   hard (opts.seconds: never more), the reserve kept back
 *   BB_OTHELLO_CLOCK_RESERVE  BB_OTHELLO_CLOCK_RESERVE_SHARE  BB_OTHELLO_CLOCK_SPEND  BB_OTHELLO_CLOCK_MIN
 *                                   the rule's numbers: 0.05 s and 1/20 of the time left kept back,
 *                                   1.5x the share as the hard limit, 0.001 s the least
 *   bb_othello_clock_budget(pos, left, increment, b)  *b for the side to move in pos with left
 *                                   seconds and increment seconds after each move: 0; -1 (and *b the
 *                                   least) if left is not finite or increment is negative or not
 *                                   finite; pos, b not NULL
 *
 * Depth counts moves, not passes.  Selective cut-offs (multi-ProbCut) are on
 * unless opts->no_probcut: with them off, a fixed depth gives the same score
 * as a plain alpha-beta search of that depth over the same evaluation (the
 * table answers only from entries of the same depth).  A depth that reaches
 * the end of the game everywhere is searched without cut-offs: its score is
 * the exact one.  With threads (lazy SMP) the scores where the search is
 * exact stay the same; the nodes count every thread's, and which move a
 * selective search prefers may change from run to run.                   */
#ifndef BITBOARD_OTHELLO_SEARCH_H
#define BITBOARD_OTHELLO_SEARCH_H

#include "othello.h"
#include "othello_solve.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The search's depths: 1 to the maximum; a zeroed depth is the maximum,
 * and the front ends' default (no depth, no time) is 10: an answer in well
 * under a second from the middle of a game. */
#define BB_OTHELLO_SEARCH_MAX_DEPTH 60
#define BB_OTHELLO_SEARCH_DEFAULT_DEPTH 10

/* What a search found (below); its progress reports one so far. */
typedef struct bb_othello_search_result bb_othello_search_result;

/* A transposition table that lives across searches (opts.table). */
typedef struct bb_othello_search_table bb_othello_search_table;

/* A table of mb MiB (0: 16), every entry empty; NULL if it cannot be
 * allocated or mb is more than 1 TiB (2^20 MiB). */
bb_othello_search_table *bb_othello_search_table_new(size_t mb);
/* Every entry empty again (a new game need not: entries are whole positions). */
void bb_othello_search_table_clear(bb_othello_search_table *t);
/* Frees t (NULL: nothing). */
void bb_othello_search_table_free(bb_othello_search_table *t);

typedef struct {
    int depth;                /* the deepest iteration, 1..60; 0: 60 (the time decides) */
    double seconds;           /* a time budget: no iteration starts after half of it is spent, and
                                 one running when it ends is abandoned (the last finished one
                                 counts); 0: none */
    size_t hash_mb;           /* the table in MiB; 0: 16, or with a time budget under 0.4 s 1 MiB
                                 per 25 ms of it (1-8 MiB, a power of two); more than 1 TiB
                                 (2^20 MiB) is refused (-1) */
    int exact_empties;        /* with this many empties or fewer at the root, the exact solver
                                 answers (0: 14; -1: never); with a time budget and up to 8
                                 empties more, the search has the first half of the budget and
                                 the solver the rest: win/loss/draw, then the exact score, each
                                 answer taken if it finishes in time (wld_proven, exact) */
    const volatile int *stop; /* if not NULL and *stop becomes non-zero, the search stops */
    int no_probcut;           /* 1: no selective cut-offs (multi-ProbCut): every depth searched in
                                 full, the score of a plain alpha-beta search */
    int threads;              /* 0 or 1: this thread; N (up to 64): N threads sharing the table
                                 (lazy SMP); the solver's too, when it answers */
    bb_othello_search_table *table; /* NULL: a table of the search's own (hash_mb), freed at the
                                 end; else this one (hash_mb ignored), kept: its entries give the
                                 next search of the same game its moves and bounds (an engine: one
                                 table for all its moves).  One search at a time uses a table. */
    /* if not NULL, called on the calling thread after each depth but the last and about 4 times a
       second between (and the solver's reports, when it answers): so_far holds the last finished
       depth's answer (depth 0, best -1 before the first), the nodes and seconds till now; it may
       set *stop to end the search */
    void (*progress)(const bb_othello_search_result *so_far, void *arg);
    void *progress_arg;
    void *reserved_[1];       /* zero (a zeroed struct): room for later options without an ABI break */
} bb_othello_search_opts;

struct bb_othello_search_result {
    double score;       /* the side to move's expected final disc difference (exact: the final
                           difference under perfect play, empties to the winner) */
    int exact;          /* 1 if score is exact (the solver, or a search to the end of the game) */
    int best;           /* the best move 0..63, BB_OTHELLO_PASS, or -1 if the game is over */
    int pv[61];         /* the principal variation, moves and passes, from pos */
    int pv_length;
    int depth;          /* the last depth finished (0 for the solver's answer or a finished game) */
    uint64_t nodes;     /* positions searched */
    double seconds;
    int stopped;        /* 1 if the stop flag or the time ended an iteration early */
    int wld;            /* with wld_proven: 1 a win, 0 a draw, -1 a loss for the side to move
                           under perfect play */
    int wld_proven;     /* 1 if the solver proved wld: always with exact; with a time budget and
                           a few empties more than exact_empties, when its win/loss/draw search
                           finished in the time left (the move then keeps a win or a draw) */
    uint64_t reserved_[3]; /* written 0: room for later results without an ABI break */
};

int bb_othello_search(const bb_othello_pos *pos, const bb_othello_search_opts *opts, bb_othello_search_result *r);

/* The clock: the time a move may take from the time left (docs/OTHELLO.md,
 * "The clock", says the rule).  hard <= left - reserve unless that is below
 * BB_OTHELLO_CLOCK_MIN; soft <= hard; both at least BB_OTHELLO_CLOCK_MIN
 * (a search with a budget always finishes depth 1). */
#define BB_OTHELLO_CLOCK_RESERVE 0.05
#define BB_OTHELLO_CLOCK_RESERVE_SHARE 0.05
#define BB_OTHELLO_CLOCK_SPEND 1.5
#define BB_OTHELLO_CLOCK_MIN 0.001

typedef struct {
    double soft;    /* the move's share of the time left: about what it takes */
    double hard;    /* the search's budget (opts.seconds): the move never takes more (the search
                       starts no depth after half of it, so it spends about two thirds) */
    double reserve; /* what is kept back: process, pipes and the GUI's own time, a loaded machine */
} bb_othello_budget;

int bb_othello_clock_budget(const bb_othello_pos *pos, double left, double increment, bb_othello_budget *b);

#ifdef __cplusplus
}
#endif

#endif /* BITBOARD_OTHELLO_SEARCH_H */
