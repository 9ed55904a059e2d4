/* The midgame search (bb_othello_search): iterative deepening, a
 * principal-variation search (the first move with the full window, the
 * others with a null window and a second look when they beat it), the
 * trained evaluation at the leaves (eval.h), a transposition table keyed by
 * the position, moves ordered by the table's move and then by the
 * evaluation one move on; the exact solver at the root when the empties
 * allow, and with a time budget a few empties earlier the solver in the
 * time the search leaves (win/loss/draw, then exact).  The table can be
 * the caller's (bb_othello_search_table), kept from move to move.
 * Scores inside are in 1/BB__EVAL_UNIT of a disc; a finished game scores
 * its final difference times BB__EVAL_UNIT.
 * Threads (lazy SMP, as the solver's): every thread runs the same iterative
 * deepening on the root with the table shared, the helpers with their moves
 * in another order; the first thread's answers are the result, and it
 * stops the helpers when it is done (threads.h).  The table is the solver's
 * too (table.h), its entries of the midgame kind. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "eval.h"
#include "solve_with.h"
#include "mpc.h"
#include "table.h"
#include "threads.h"

#define UNIT BB__EVAL_UNIT
#define INF (66 * UNIT)
#define MAX_PLY 128

typedef bb__table table;

typedef struct {
    table *tt;
    uint64_t nodes;
    bb__stop halt;          /* the caller's flag, the first thread done (helpers), the deadline */
    int helper;             /* 0: the first thread; 1..: a helper, its moves in another order */
    int probcut;            /* selective cut-offs on */
    double t0;
    int aborted;
    int pv[MAX_PLY][61];
    int pvlen[MAX_PLY];
    /* the first thread: the caller's progress, about 4 times a second and
       after each depth, with the result so far (r: the last depth's) */
    void (*progress)(const bb_othello_search_result *so_far, void *arg);
    void *progress_arg;
    const bb_othello_search_result *r;
    double last;
} search;

/* The progress report: the result so far with this thread's nodes and the
   time till now; at once with `now`, else if a quarter second has passed. */
static void report(search *s, int now)
{
    double t = bb__now();
    if (!now && t - s->last < 0.25) return;
    s->last = t;
    bb_othello_search_result so = *s->r;
    so.nodes = s->nodes, so.seconds = t - s->t0;
    s->progress(&so, s->progress_arg);
}

/* The table's level for a search with the selective cut-offs on or off. */
static unsigned sel_of(int probcut) { return probcut ? 0u : (unsigned)BB__SEL_EXACT; }

/* Multi-ProbCut's parameters (docs/OTHELLO.md, "Selective cut-offs"):
 * from depth MPC_MIN_DEPTH a search of bb__mpc_shallow(depth) stands in for
 * the deep one when its score is MPC_T standard deviations beyond the
 * window; the deviations by stage and depth: mpc.h. */
#define MPC_MIN_DEPTH 3
#define MPC_T 1.5

/* The evaluation at a leaf, kept inside the range of final scores. */
static int leaf(uint64_t p, uint64_t o)
{
    int v = bb__othello_eval(p, o);
    return v > 64 * UNIT ? 64 * UNIT : v < -64 * UNIT ? -64 * UNIT : v;
}

static void set_pv(search *s, int ply, int move)
{
    int n = ply + 1 < MAX_PLY ? s->pvlen[ply + 1] : 0;
    if (n > 60) n = 60;
    s->pv[ply][0] = move;
    memcpy(&s->pv[ply][1], s->pv[ply + 1], sizeof(int) * (size_t)n);
    s->pvlen[ply] = n + 1;
}

static int pvs_mid(search *s, uint64_t p, uint64_t o, int alpha, int beta, int depth, int ply)
{
    s->pvlen[ply] = 0;
    if ((++s->nodes & 1023) == 0 && !s->aborted) {
        if (s->progress) report(s, 0); /* it may set the stop flag: looked at next */
        if (bb__stop_now(&s->halt)) s->aborted = 1;
    }
    if (s->aborted) return 0;
    uint64_t moves = bb_othello_moves(p, o);
    if (!moves) {
        if (!bb_othello_moves(o, p)) return bb_othello_final_score(p, o) * UNIT;
        if (ply + 1 >= MAX_PLY) return leaf(p, o);
        int v = -pvs_mid(s, o, p, -beta, -alpha, depth, ply + 1); /* a pass costs no depth */
        set_pv(s, ply, BB_OTHELLO_PASS);
        return v;
    }
    if (depth == 0 || ply + 1 >= MAX_PLY) return leaf(p, o);

    /* the hand-off: a null-window node whose depth left reaches the end of
       the game (each move fills a square; passes cost no depth: so it does
       everywhere in the tree of a root whose does) is the solver's, in place, on the same table: its exact layers (table,
       shallow with parity, the last 1-4 empties) score it in discs, the
       window widened to whole discs (a bound past a whole-disc edge is a
       bound past the window).  Principal-variation nodes stay here, so
       the PV is the search's own, to the end. */
    int empties = 64 - bb_popcount(p | o);
    if (beta - alpha == 1 && depth >= empties && ply > 0) {
        int a, b;
        bb__disc_window(alpha, beta, UNIT, &a, &b);
        int v = bb__othello_end_exact(s->tt, p, o, a, b, s->helper, &s->halt, &s->nodes, &s->aborted);
        return s->aborted ? 0 : v * UNIT;
    }

    /* the table: a move to try first from any depth; a bound, with the
       cut-offs off, from this depth only and found with them off too (a
       caller's table may hold both kinds); with them on, from this depth
       or deeper, found either way (those found with them on: by this
       search, table.h); and only off the principal variation (null
       windows), whose moves the search must find to show them, above all
       at the root (a kept table, or a helper thread a depth ahead, can
       hold the bounds of any of them) */
    bb__table_entry e;
    int tt_move = -1;
    if (bb__table_probe(s->tt, p, o, &e)) {
        tt_move = e.move == 64 ? -1 : e.move;
        if (beta - alpha == 1 && bb__table_bounds(s->tt, &e, sel_of(s->probcut)) &&
            (s->probcut ? e.draft >= depth : e.draft == depth)) {
            if (e.lower >= beta) return e.lower;
            if (e.upper <= alpha) return e.upper;
            if (e.lower == e.upper) return e.lower;
        }
    }

    /* multi-ProbCut at null-window nodes: a shallow search whose score is
     * far enough beyond the window (t standard deviations of the deep
     * score's spread around it, fitted by stage and depth) answers for the
     * deep one */
    if (s->probcut && beta - alpha == 1 && depth >= MPC_MIN_DEPTH && ply > 0) {
        int sd = bb__mpc_shallow(depth);
        int margin = (int)(MPC_T * bb__mpc_sigma(empties, depth) * UNIT);
        if (beta + margin < 64 * UNIT) {
            int v = pvs_mid(s, p, o, beta + margin - 1, beta + margin, sd, ply);
            if (s->aborted) return 0;
            if (v >= beta + margin) return beta;
        }
        if (alpha - margin > -64 * UNIT) {
            int v = pvs_mid(s, p, o, alpha - margin, alpha - margin + 1, sd, ply);
            if (s->aborted) return 0;
            if (v <= alpha - margin) return alpha;
        }
        s->pvlen[ply] = 0;
    }

    /* the moves, best first: the table's, then by the evaluation one move on
     * (from depth 3: below that it costs more than it saves, 1.34x the time
     * at depth 12, docs/OTHELLO.md), or by the opponent's mobility */
    int sq[32], key[32], n = 0;
    for (uint64_t m = moves; m; m &= m - 1) {
        int q = bb_popcount((m & (0 - m)) - 1);
        uint64_t f = bb_othello_flips(p, o, q), np = o ^ f, no = p | f | (1ULL << q);
        int k;
        if (q == tt_move) k = 1 << 20;
        else if (depth >= 3) k = -bb__othello_eval(np, no);
        else k = -bb_popcount(bb_othello_moves(np, no));
        if (s->helper && q != tt_move) k = (k & ~15) ^ (int)((unsigned)(q + 64 * s->helper) * 2654435761u >> 28); /* another order */
        int j = n++;
        while (j > 0 && key[j - 1] < k) sq[j] = sq[j - 1], key[j] = key[j - 1], j--;
        sq[j] = q, key[j] = k;
    }
    int best = -INF, best_move = -1, a = alpha;
    for (int i = 0; i < n; i++) {
        uint64_t f = bb_othello_flips(p, o, sq[i]), np = o ^ f, no = p | f | (1ULL << sq[i]);
        int v;
        if (i == 0) {
            v = -pvs_mid(s, np, no, -beta, -a, depth - 1, ply + 1);
        } else {
            v = -pvs_mid(s, np, no, -a - 1, -a, depth - 1, ply + 1);
            if (v > a && v < beta && !s->aborted) v = -pvs_mid(s, np, no, -beta, -v, depth - 1, ply + 1);
        }
        if (s->aborted) return 0;
        if (v > best) {
            best = v, best_move = sq[i];
            if (v > a) {
                a = v;
                set_pv(s, ply, sq[i]);
            }
        }
        if (a >= beta) break;
    }
    bb__table_store(s->tt, p, o, depth, sel_of(s->probcut), best > alpha ? best : -INF, best < beta ? best : INF,
                    best_move < 0 ? 64 : best_move);
    return best;
}

static void from_solver(const bb_othello_solve_result *sr, bb_othello_search_result *r)
{
    r->score = sr->score;
    r->exact = 1;
    r->best = sr->best;
    r->pv_length = sr->pv_length;
    memcpy(r->pv, sr->pv, sizeof r->pv);
    r->nodes = sr->nodes;
    r->wld = (sr->score > 0) - (sr->score < 0), r->wld_proven = 1;
}

/* The solver's progress as the search's: the result so far (r) with the
 * solver's nodes added and the time since the search began. */
typedef struct {
    const bb_othello_search_opts *o;
    const bb_othello_search_result *r;
    double t0;
} solver_report;

static void solver_progress(uint64_t nodes, double seconds, void *arg)
{
    const solver_report *c = (const solver_report *)arg;
    bb_othello_search_result so = *c->r;
    so.nodes += nodes;
    so.seconds = bb__now() - c->t0;
    (void)seconds;
    c->o->progress(&so, c->o->progress_arg);
}

static void solver_reports(bb_othello_solve_opts *so, const bb_othello_search_opts *o, solver_report *c)
{
    if (!o->progress) return;
    so->progress = solver_progress;
    so->progress_arg = c;
}

/* ---- the exact solver in the time left ----------------------------------------------- */

#define SOLVE_AHEAD 8 /* up to this many empties above exact_empties, when a budget is given */
#define SOLVE_SHARE 0.75 /* at exact_empties or fewer, the solver's share of a budget */

/* The solver in the time left after the search (a budget, a few empties more
 * than exact_empties): first win/loss/draw, usually far faster than the
 * exact score (at 20 and 22 empties of real games 3 K to 6 M nodes against
 * 1 M to 111 M), then the exact score with the time that is still left.
 * A win or a draw proven replaces the search's move with one that keeps it
 * and bounds the score (a win is at least +2: scores are even); a loss
 * keeps the search's move (every move loses: the one the search likes
 * best).  An exact answer replaces everything.  A solve the deadline stops
 * changes nothing.  Both solves run on the search's own table t (table.h:
 * the solver's entries are of their own kind; the win/loss/draw solve's
 * are exact-level bounds from the window (-1, 1), true bounds of the exact
 * score that the exact solve may take, never an exact score), so a move
 * allocates no table after the search's (there were two of 4 MiB).  -1 if
 * a table could not be allocated, else 0. */
static int solve_in_time_left(const bb_othello_pos *pos, const bb_othello_search_opts *o, int threads,
                              double deadline, table *t, double t0, bb_othello_search_result *r)
{
    bb_othello_solve_opts so;
    memset(&so, 0, sizeof so);
    so.stop = o->stop;
    so.threads = threads;
    solver_report rep = {o, r, t0};
    solver_reports(&so, o, &rep);
    bb_othello_solve_result sr;
    so.wld = 1;
    int src = bb__othello_solve_with(pos, &so, t, deadline, -1, &sr);
    if (src == -1) return -1;
    r->nodes += sr.nodes;
    if (src != 0) return 0;
    r->wld = sr.wld, r->wld_proven = 1;
    if (sr.wld >= 0 && sr.best != r->best) { /* a move that keeps the win or the draw */
        r->best = sr.best;
        r->pv[0] = sr.best, r->pv_length = 1;
    }
    if (sr.wld > 0 && r->score < 2) r->score = 2;
    if (sr.wld == 0) r->score = 0;
    if (sr.wld < 0 && r->score > -2) r->score = -2;
    so.wld = 0;
    src = bb__othello_solve_with(pos, &so, t, deadline, -1, &sr);
    if (src == -1) return -1;
    if (src == 0) {
        uint64_t nodes = r->nodes;
        int depth = r->depth;
        from_solver(&sr, r);
        r->nodes += nodes, r->depth = depth, r->stopped = 0;
    } else {
        r->nodes += sr.nodes;
    }
    return 0;
}

/* ---- threads ------------------------------------------------------------------------ */

typedef struct {
    search *s;
    uint64_t p, o;
    int maxd, empties, no_probcut;
} helper_job;

/* A helper: the depths of the first thread (odd helpers one deeper, so
 * that the table holds the next depth's answers when the first thread gets
 * there), until it says stop. */
static void *helper_run(void *arg)
{
    helper_job *j = arg;
    for (int d = 1 + (j->s->helper & 1); d <= j->maxd && !j->s->aborted; d++) {
        j->s->probcut = !j->no_probcut && d < j->empties;
        pvs_mid(j->s, j->p, j->o, -INF, INF, d, 0);
        if (d >= j->empties) break;
    }
    return NULL;
}

/* The table when the caller names no size: 16 MiB, or with a time budget
 * 1 MiB per 25 ms of it (a power of two, 1 to 16 MiB).  A short search
 * fills a small table as well as a big one, and the first touch of each
 * page costs: on the machine of docs/OTHELLO.md a 16 MiB table took 40 ms
 * of a 0.1 s search, and depth 11 searched the same nodes (62-64 K) with
 * 1, 2, 4 and 16 MiB. */
static size_t default_mb(double seconds)
{
    if (!(seconds > 0) || seconds >= 0.4) return 16;
    size_t mb = 1;
    while ((double)(mb * 2) * 0.025 <= seconds) mb *= 2;
    return mb;
}

int bb_othello_search(const bb_othello_pos *pos, const bb_othello_search_opts *opts, bb_othello_search_result *r)
{
    BB__ASSERT_NOT_NULL(pos, "pos");
    BB__ASSERT_NOT_NULL(r, "r");
    if (!pos || !r) return -1;
    memset(r, 0, sizeof *r);
    r->best = -1;
    bb_othello_search_opts o;
    memset(&o, 0, sizeof o);
    if (opts) o = *opts;
    double t0 = bb__now();
    uint64_t p = pos->p, q = pos->o;
    int empties = 64 - bb_popcount(p | q);
    int threads = o.threads > 1 ? (o.threads > BB_OTHELLO_SOLVE_MAX_THREADS ? BB_OTHELLO_SOLVE_MAX_THREADS : o.threads) : 1;
    if (!bb_othello_moves(p, q) && !bb_othello_moves(q, p)) {
        r->score = bb_othello_final_score(p, q);
        r->exact = 1;
        r->wld = (r->score > 0) - (r->score < 0), r->wld_proven = 1;
        return 0;
    }
    int exact_from = o.exact_empties == 0 ? 14 : o.exact_empties;
    if (exact_from > 0 && empties <= exact_from) {
        bb_othello_solve_opts so;
        memset(&so, 0, sizeof so);
        so.stop = o.stop;
        so.threads = threads;
        solver_report rep = {&o, r, t0};
        solver_reports(&so, &o, &rep);
        bb_othello_solve_result sr;
        memset(&sr, 0, sizeof sr);
        /* with a budget the solver has SOLVE_SHARE of it; if that is not enough,
           the search (no solver) answers in the rest: the budget holds here too */
        double deadline = o.seconds > 0 ? t0 + SOLVE_SHARE * o.seconds : 0;
        int rc = bb__othello_solve_with(pos, &so, o.table, deadline, -1, &sr); /* a kept table, or its own */
        if (rc == -1) return -1;
        if (rc == -2 && o.seconds > 0 && !(o.stop && *o.stop)) {
            bb_othello_search_opts rest = o;
            rest.exact_empties = -1;
            rest.seconds = o.seconds - (bb__now() - t0);
            if (!(rest.seconds > 0)) rest.seconds = 1e-6; /* still a budget: depth 1 only */
            uint64_t nodes = sr.nodes;
            rc = bb_othello_search(pos, &rest, r);
            r->nodes += nodes, r->stopped = 1;
            r->seconds = bb__now() - t0;
            return rc;
        }
        if (rc == -2) {
            r->stopped = 1;
            r->seconds = bb__now() - t0;
            return -2;
        }
        from_solver(&sr, r);
        r->seconds = bb__now() - t0;
        return 0;
    }
    table own, *tp = o.table;
    if (!tp) {
        tp = &own;
        size_t mb = o.hash_mb ? o.hash_mb : default_mb(o.seconds);
        if (bb__table_alloc(tp, mb) != 0) return -1;
    }
#if !BB__OTHELLO_THREADS
    threads = 1;
#endif
    tp->shared = threads > 1;
    bb__table_next_age(tp);
    search *s = (search *)calloc((size_t)threads, sizeof *s);
    if (!s) {
        if (tp == &own) bb__table_free(&own);
        return -1;
    }
    atomic_int done;
    atomic_init(&done, 0);
    int maxd = o.depth > 0 && o.depth <= 60 ? o.depth : 60;
    for (int i = 0; i < threads; i++) {
        s[i].tt = tp;
        s[i].halt.stop = o.stop;
        s[i].t0 = t0;
        s[i].helper = i;
        s[i].halt.done = i ? &done : NULL;
    }
    s->progress = o.progress, s->progress_arg = o.progress_arg, s->r = r, s->last = t0;
    helper_job jobs[BB__MAX_THREADS];
    for (int i = 1; i < threads; i++) jobs[i] = (helper_job){&s[i], p, q, maxd, empties, o.no_probcut};
    bb__helpers helpers;
    int started = bb__helpers_start(&helpers, threads, helper_run, jobs, sizeof jobs[0]);
    int rc = 0;
    /* with a budget and few enough empties the solver gets the second half of it
       (below): the search has the first */
    int solve_after = o.seconds > 0 && exact_from > 0 && empties <= exact_from + SOLVE_AHEAD;
    double budget = solve_after ? o.seconds / 2 : o.seconds;
    for (int d = 1; d <= maxd; d++) {
        /* the time: depth 1 always finishes; no depth starts after half the budget */
        if (budget > 0 && d > 1 && bb__now() - t0 > budget / 2) break;
        s->halt.deadline = budget > 0 && d > 1 ? t0 + budget : 0;
        if (s->halt.stop && *s->halt.stop) s->aborted = 1;
        /* a depth that reaches the end of the game on every line is searched in
           full: its score is the exact one */
        s->probcut = !o.no_probcut && d < empties;
        int v = s->aborted ? 0 : pvs_mid(s, p, q, -INF, INF, d, 0);
        if (s->aborted) {
            r->stopped = 1;
            if (d == 1) rc = -2;
            break;
        }
        r->score = (double)v / UNIT;
        r->depth = d;
        r->pv_length = s->pvlen[0];
        memcpy(r->pv, s->pv[0], sizeof(int) * (size_t)s->pvlen[0]);
        r->best = s->pvlen[0] ? s->pv[0][0] : -1;
        if (d >= empties) { /* every line reached the end of the game */
            r->exact = 1;
            break;
        }
        if (s->progress && d < maxd) report(s, 1); /* a depth done (its stop: the next depth's check) */
    }
    atomic_store(&done, 1);
    r->nodes = s->nodes;
    bb__helpers_join(&helpers);
    for (int i = 1; i <= started; i++) r->nodes += s[i].nodes;
    /* with a time budget and a few empties more than exact_empties, the
       solver in the time left: its answers if it finishes, else the search's */
    if (rc == 0 && !r->exact && solve_after && !(o.stop && *o.stop)) {
        if (solve_in_time_left(pos, &o, threads, t0 + o.seconds, tp, t0, r) != 0) rc = -1;
    }
    if (r->exact) r->wld = (r->score > 0) - (r->score < 0), r->wld_proven = 1;
    r->seconds = bb__now() - t0;
    if (tp == &own) bb__table_free(&own);
    free(s);
    return rc;
}
