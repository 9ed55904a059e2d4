/* The midgame search (bb_othello_search) against slow references:
 *   - at a depth that reaches the end of the game it equals the exact
 *     solver, on positions of random games with 1 to 10 empties (the solver
 *     switched off inside the search), and with the solver switched on;
 *   - at depths 1 to 4 (6 on some) its score equals a plain alpha-beta search written
 *     here (no table, no move order, no null windows) over the same
 *     evaluation, on positions of random games with 20 to 44 empties;
 *   - its best move is legal and its principal variation replays;
 *   - a finished game, a position that must pass, the stop flag, a time
 *     budget, and a table that cannot be allocated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "othello_games.h"
#include "../src/othello/eval.h"
#include "../src/othello/table.h"
#include "../src/othello/solve_with.h"

#define UNIT BB__EVAL_UNIT

static int leaf(uint64_t p, uint64_t o)
{
    int v = bb__othello_eval(p, o);
    return v > 64 * UNIT ? 64 * UNIT : v < -64 * UNIT ? -64 * UNIT : v;
}

/* Plain negamax alpha-beta, moves in square order; a pass costs no depth. */
static int ref_search(uint64_t p, uint64_t o, int alpha, int beta, int depth)
{
    uint64_t moves = bb_othello_moves(p, o);
    if (!moves) {
        if (!bb_othello_moves(o, p)) return bb_othello_final_score(p, o) * UNIT;
        return -ref_search(o, p, -beta, -alpha, depth);
    }
    if (depth == 0) return leaf(p, o);
    int best = -66 * UNIT;
    for (int sq = 0; sq < 64; sq++) {
        if (!(moves >> sq & 1)) continue;
        uint64_t f = bb_othello_flips(p, o, sq);
        int v = -ref_search(o ^ f, p | f | (1ULL << sq), -beta, -(alpha > best ? alpha : best), depth - 1);
        if (v > best) best = v;
        if (best >= beta) break;
    }
    return best;
}

static void full_depth_is_exact(void)
{
    uint64_t rng = 0x736561726368ULL;
    int tried = 0;
    for (int i = 0; i < 60; i++) {
        bb_othello_pos pos;
        int e = 1 + (int)(bbt_next(&rng) % 10);
        if (!random_position(&rng, e, &pos) || !bbt_mine(i)) continue;
        bb_othello_solve_result sr;
        CHECK(bb_othello_solve(&pos, NULL, &sr) == 0, "solve");
        for (int with_solver = 0; with_solver < 2; with_solver++) {
            bb_othello_search_opts o;
            memset(&o, 0, sizeof o);
            o.exact_empties = with_solver ? 0 : -1;
            bb_othello_search_result r;
            CHECK(bb_othello_search(&pos, &o, &r) == 0, "search");
            CHECK(r.exact == 1 && r.score == sr.score, "%d empties, solver %s: %.2f (exact %d), the solver says %d", e,
                  with_solver ? "on" : "off", r.score, r.exact, sr.score);
        }
        tried++;
    }
    CHECK(tried > 0 || bbt_slices() > 1, "no positions");
}

/* The hand-off's window (search.c): every window in 1/64 disc over
 * -70..70 discs, against the definition: a disc score at most a is at
 * most alpha and a + 1 is more; at least b is at least beta and b - 1 is
 * less. */
static void disc_window_rounds_outwards(void)
{
    for (int alpha = -70 * UNIT; alpha <= 70 * UNIT; alpha++)
        for (int beta = alpha + 1; beta <= alpha + 3 * UNIT && beta <= 70 * UNIT; beta += (beta - alpha < 2 * UNIT ? 1 : 7)) {
            int a, b;
            bb__disc_window(alpha, beta, UNIT, &a, &b);
            CHECK(a * UNIT <= alpha && (a + 1) * UNIT > alpha, "alpha %d: %d", alpha, a);
            CHECK(b * UNIT >= beta && (b - 1) * UNIT < beta, "beta %d: %d", beta, b);
            if (a >= b) CHECK(0, "(%d, %d) gives (%d, %d)", alpha, beta, a, b);
        }
}

/* Searches to a depth that reaches the end of the game hand their
 * null-window nodes to the solver's exact layers: the score is the
 * solver's, with the cut-offs on or off, on one thread or two, and the
 * principal variation, the search's own, replays to the end with that
 * score. */
static void hand_off_is_exact(void)
{
    uint64_t rng = 0x68616e646f6666ULL;
    int tried = 0;
    for (int i = 0; i < 24; i++) {
        bb_othello_pos pos;
        int e = 11 + (int)(bbt_next(&rng) % 6);
        if (!random_position(&rng, e, &pos) || !bbt_mine(i)) continue;
        bb_othello_solve_result sr;
        CHECK(bb_othello_solve(&pos, NULL, &sr) == 0, "solve");
        for (int k = 0; k < 3; k++) {
            bb_othello_search_opts o;
            memset(&o, 0, sizeof o);
            o.depth = e + (k == 2), o.exact_empties = -1, o.no_probcut = k == 1, o.threads = k == 2 ? 2 : 1;
            bb_othello_search_result r;
            CHECK(bb_othello_search(&pos, &o, &r) == 0, "search");
            CHECK(r.exact == 1 && r.score == sr.score, "%d empties, depth %d, run %d: %.2f (exact %d), the solver says %d", e,
                  o.depth, k, r.score, r.exact, sr.score);
            bb_othello_pos q = pos;
            int ok = 1;
            for (int m = 0; m < r.pv_length && ok; m++) {
                if (r.pv[m] == BB_OTHELLO_PASS) ok = bb_othello_moves(q.p, q.o) == 0, bb_othello_pass(&q);
                else ok = (bb_othello_moves(q.p, q.o) >> r.pv[m]) & 1, bb_othello_play(&q, r.pv[m]);
            }
            CHECK(ok && r.pv_length > 0, "%d empties, run %d: the PV does not replay", e, k);
        }
        tried++;
    }
    CHECK(tried > 0 || bbt_slices() > 1, "no positions");
}

static void fixed_depth_is_alphabeta(void)
{
    uint64_t rng = 0x616c706861ULL;
    for (int i = 0; i < 40; i++) {
        bb_othello_pos pos;
        int e = 20 + (int)(bbt_next(&rng) % 25);
        if (!random_position(&rng, e, &pos) || !bbt_mine(i)) continue;
        /* depths 5 and 6 on a few: where the table meets a position again at another depth */
        for (int d = 1; d <= (i % 8 == 0 ? 6 : 4); d++) {
            bb_othello_search_opts o;
            memset(&o, 0, sizeof o);
            o.depth = d;
            o.exact_empties = -1;
            o.no_probcut = 1; /* selective cut-offs off: every line to depth d */
            bb_othello_search_result r;
            CHECK(bb_othello_search(&pos, &o, &r) == 0 && r.depth == d, "search depth %d", d);
            int want = ref_search(pos.p, pos.o, -66 * UNIT, 66 * UNIT, d);
            CHECK(r.score * UNIT == want, "%d empties, depth %d: %.4f, plain alpha-beta %.4f", e, d, r.score,
                  (double)want / UNIT);
        }
    }
}

/* The PV from pos: every move legal in turn, passes only where there is no move. */
static int pv_replays(bb_othello_pos pos, const bb_othello_search_result *r)
{
    for (int i = 0; i < r->pv_length; i++) {
        if (r->pv[i] == BB_OTHELLO_PASS) {
            if (bb_othello_pass(&pos) != 0) return 0;
        } else if (bb_othello_play(&pos, r->pv[i]) != 0) {
            return 0;
        }
    }
    return 1;
}

/* The answer's move is legal in pos (a pass where there is no move), and
 * its PV starts with it and replays. */
static void check_answer(bb_othello_pos pos, const bb_othello_search_result *r)
{
    uint64_t m = bb_othello_moves(pos.p, pos.o);
    if (m) CHECK(r->best >= 0 && r->best < 64 && (m >> r->best & 1), "best %d is not legal", r->best);
    else CHECK(r->best == BB_OTHELLO_PASS, "best %d where the side must pass", r->best);
    CHECK(r->pv_length >= 1 && r->pv[0] == r->best && pv_replays(pos, r), "the PV does not replay");
}

/* A table kept across searches (opts.table), as an engine keeps one for a
 * game: searched first with the selective cut-offs on (filling it with
 * their bounds) and then without, at the same depths, a search must still
 * give the plain alpha-beta score: a bound is used only by a search with
 * the cut-offs as they were when it was found.  Then the game goes on two
 * moves with the same table, and again. */
static void kept_table(void)
{
    uint64_t rng = 0x6b657074ULL;
    bb_othello_search_table *t = bb_othello_search_table_new(1);
    CHECK(t != NULL, "bb_othello_search_table_new");
    if (!t) return;
    for (int i = 0; i < 24; i++) {
        bb_othello_pos pos;
        int e = 22 + (int)(bbt_next(&rng) % 23);
        if (!random_position(&rng, e, &pos) || !bbt_mine(i)) continue;
        if (i % 6 == 5) bb_othello_search_table_clear(t);
        for (int ply = 0; ply < 3; ply++) {
            for (int d = 3; d <= 5; d++) {
                for (int cut = 1; cut >= 0; cut--) {
                    bb_othello_search_opts o;
                    memset(&o, 0, sizeof o);
                    o.depth = d, o.exact_empties = -1, o.no_probcut = !cut, o.table = t;
                    bb_othello_search_result r;
                    CHECK(bb_othello_search(&pos, &o, &r) == 0 && r.depth == d, "search depth %d", d);
                    check_answer(pos, &r);
                    if (cut) continue;
                    int want = ref_search(pos.p, pos.o, -66 * UNIT, 66 * UNIT, d);
                    CHECK(r.score * UNIT == want, "%d empties, depth %d, a kept table: %.4f, plain alpha-beta %.4f", e,
                          d, r.score, (double)want / UNIT);
                }
            }
            uint64_t m = bb_othello_moves(pos.p, pos.o);
            if (!m) break;
            for (int k = (int)(bbt_next(&rng) % (uint64_t)bb_popcount(m)); k > 0; k--) m &= m - 1;
            bb_othello_play(&pos, bb_popcount((m & (0 - m)) - 1));
        }
    }
    /* nonsense bounds marked as found with the cut-offs on: a search with
       them off must not take them (it takes the moves: still legal ones) */
    for (int i = 0; i < 12; i++) {
        bb_othello_pos pos;
        int e = 22 + (int)(bbt_next(&rng) % 23);
        if (!random_position(&rng, e, &pos) || !bbt_mine(i)) continue;
        bb_othello_search_opts o;
        memset(&o, 0, sizeof o);
        o.depth = 6, o.exact_empties = -1, o.table = t;
        bb_othello_search_result r;
        CHECK(bb_othello_search(&pos, &o, &r) == 0, "search");
        bb__table_mark(t, 0, 0, 60 * UNIT, 60 * UNIT);
        for (int d = 1; d <= 4; d++) {
            o.depth = d, o.no_probcut = 1;
            CHECK(bb_othello_search(&pos, &o, &r) == 0 && r.depth == d, "search depth %d", d);
            int want = ref_search(pos.p, pos.o, -66 * UNIT, 66 * UNIT, d);
            CHECK(r.score * UNIT == want, "%d empties, depth %d, bounds marked selective: %.4f, plain alpha-beta %.4f",
                  e, d, r.score, (double)want / UNIT);
            bb__table_mark(t, 0, 0, 60 * UNIT, 60 * UNIT);
        }
        bb_othello_search_table_clear(t);
    }
    /* nonsense bounds marked as found with the cut-offs on by an older
       search (the last one on the table), beside a twin table whose marked
       entries have no bounds: a search with them on takes neither (a
       selective bound only from its own search, table.h), so both search
       the same nodes to the same answer */
    bb_othello_search_table *twin = bb_othello_search_table_new(1);
    CHECK(twin != NULL, "bb_othello_search_table_new");
    for (int i = 0; i < 8 && twin; i++) {
        bb_othello_pos pos;
        int e = 22 + (int)(bbt_next(&rng) % 23);
        if (!random_position(&rng, e, &pos) || !bbt_mine(i)) continue;
        bb_othello_search_opts o;
        memset(&o, 0, sizeof o);
        o.depth = 6, o.exact_empties = -1, o.table = t;
        bb_othello_search_result r, q;
        bb_othello_search_table_clear(t);
        bb_othello_search_table_clear(twin);
        CHECK(bb_othello_search(&pos, &o, &r) == 0, "search");
        o.table = twin;
        CHECK(bb_othello_search(&pos, &o, &q) == 0 && q.nodes == r.nodes, "twin tables");
        bb__table_mark(t, 0, 1, 60 * UNIT, 60 * UNIT);
        bb__table_mark(twin, 0, 1, -66 * UNIT, 66 * UNIT);
        o.depth = 5;
        CHECK(bb_othello_search(&pos, &o, &q) == 0, "search");
        o.table = t;
        CHECK(bb_othello_search(&pos, &o, &r) == 0 && r.score == q.score && r.best == q.best && r.nodes == q.nodes,
              "%d empties, selective bounds of an older search: %.4f in %llu nodes, without them %.4f in %llu", e,
              r.score, (unsigned long long)r.nodes, q.score, (unsigned long long)q.nodes);
    }
    bb_othello_search_table_free(twin);
    bb_othello_search_table_free(t);
    bb_othello_search_table_free(NULL);
    CHECK(bb_othello_search_table_new((size_t)1 << 21) == NULL, "a table over 1 TiB is refused");
}

static void moves_are_legal(void)
{
    uint64_t rng = 0x6c6567616cULL;
    for (int i = 0; i < 40; i++) {
        bb_othello_pos pos;
        int e = 15 + (int)(bbt_next(&rng) % 45);
        if (!random_position(&rng, e, &pos) || !bbt_mine(i)) continue;
        bb_othello_search_opts o;
        memset(&o, 0, sizeof o);
        o.depth = 1 + (int)(bbt_next(&rng) % 6);
        bb_othello_search_result r;
        CHECK(bb_othello_search(&pos, &o, &r) == 0, "search");
        check_answer(pos, &r);
        CHECK(r.score >= -64 && r.score <= 64, "score %.2f", r.score);
    }
}

static void edges(void)
{
    bb_othello_search_result r;
    /* a finished game: its score, no move */
    bb_othello_pos over = {0xFFFFFFFFF0000000ULL, 0x000000000FFFFFFFULL, BB_OTHELLO_BLACK};
    CHECK(bb_othello_search(&over, NULL, &r) == 0 && r.best == -1 && r.exact && r.score == 36 - 28,
          "finished game: best %d, score %.1f", r.best, r.score);
    /* the side to move must pass: the first move is a pass */
    uint64_t rng = 0x70617373ULL;
    int found = 0;
    for (int i = 0; i < 20000 && !found; i++) {
        bb_othello_pos pos;
        if (!random_position(&rng, 15 + (int)(bbt_next(&rng) % 10), &pos)) continue;
        if (bb_othello_moves(pos.p, pos.o) || !bb_othello_moves(pos.o, pos.p)) continue;
        bb_othello_search_opts o;
        memset(&o, 0, sizeof o);
        o.depth = 3;
        o.exact_empties = -1;
        CHECK(bb_othello_search(&pos, &o, &r) == 0 && r.best == BB_OTHELLO_PASS && pv_replays(pos, &r), "pass");
        found = 1;
    }
    CHECK(found, "no position that must pass among 20000 random games");
    /* a stop flag already set: stopped before depth 1 */
    volatile int stop = 1;
    bb_othello_search_opts o;
    memset(&o, 0, sizeof o);
    o.stop = &stop;
    o.exact_empties = -1;
    bb_othello_pos start = bb_othello_start();
    CHECK(bb_othello_search(&start, &o, &r) == -2 && r.stopped, "stop flag: stopped %d", r.stopped);
    /* a time budget: it answers with at least depth 1 (how long it took is not a test) */
    memset(&o, 0, sizeof o);
    o.seconds = 0.02;
    CHECK(bb_othello_search(&start, &o, &r) == 0 && r.depth >= 1 && r.best >= 0, "time budget: depth %d", r.depth);
    /* a table over the 1 TiB cap: refused before any allocation (so AddressSanitizer, which aborts
     * on such a request, sees none) */
    memset(&o, 0, sizeof o);
    o.hash_mb = (size_t)1 << 40;
    o.exact_empties = -1;
    CHECK(bb_othello_search(&start, &o, &r) == -1, "a 1 TiB table");
}

/* Two and three threads sharing the table (lazy SMP): to the end of the
 * game (multi-ProbCut on, the solver off inside) the exact score; with the
 * cut-offs off, the plain alpha-beta score at fixed depths, whatever the
 * helpers left in the table; with them on, a legal move and a PV that
 * replays; a stop flag already set stops every thread.  (tests/tsan.sh runs
 * this under ThreadSanitizer: the shared slots' locks.) */
static void threads(void)
{
    uint64_t rng = 0x74687265616473ULL;
    bb_othello_search_table *kept = bb_othello_search_table_new(1); /* every other search: a table kept */
    CHECK(kept != NULL, "bb_othello_search_table_new");
    for (int i = 0; i < 24; i++) {
        bb_othello_pos pos;
        int endgame = i % 3 == 0, e = endgame ? 6 + (int)(bbt_next(&rng) % 6) : 16 + (int)(bbt_next(&rng) % 30);
        if (!random_position(&rng, e, &pos) || !bbt_mine(i)) continue;
        bb_othello_search_opts o;
        memset(&o, 0, sizeof o);
        o.exact_empties = -1;
        o.threads = 2 + i % 2;
        if (i % 2) o.table = kept;
        bb_othello_search_result r;
        if (endgame) {
            bb_othello_solve_result sr;
            CHECK(bb_othello_solve(&pos, NULL, &sr) == 0, "solve");
            CHECK(bb_othello_search(&pos, &o, &r) == 0 && r.exact && r.score == sr.score,
                  "%d threads, %d empties to the end: %.2f (exact %d), the solver %d", o.threads, e, r.score, r.exact,
                  sr.score);
            continue;
        }
        o.depth = 3 + i % 3;
        o.no_probcut = 1;
        CHECK(bb_othello_search(&pos, &o, &r) == 0 && r.depth == o.depth, "search");
        int want = ref_search(pos.p, pos.o, -66 * UNIT, 66 * UNIT, o.depth);
        CHECK(r.score * UNIT == want, "%d threads, %d empties, depth %d: %.4f, plain alpha-beta %.4f", o.threads, e,
              o.depth, r.score, (double)want / UNIT);
        o.no_probcut = 0;
        o.depth = 6;
        CHECK(bb_othello_search(&pos, &o, &r) == 0, "search");
        check_answer(pos, &r);
    }
    bb_othello_search_table_free(kept);
    volatile int stop = 1;
    bb_othello_search_opts o;
    memset(&o, 0, sizeof o);
    o.stop = &stop;
    o.threads = 2;
    o.exact_empties = -1;
    bb_othello_pos start = bb_othello_start();
    bb_othello_search_result r;
    CHECK(bb_othello_search(&start, &o, &r) == -2 && r.stopped, "stop flag with 2 threads: stopped %d", r.stopped);
    /* a time budget with 2 threads: an answer, the helpers stopped with it */
    memset(&o, 0, sizeof o);
    o.seconds = 0.05;
    o.threads = 2;
    CHECK(bb_othello_search(&start, &o, &r) == 0 && r.depth >= 1 && r.best >= 0, "time budget: depth %d", r.depth);
}

/* With a time budget and 15 to 20 empties (up to 6 more than exact_empties),
 * the solver runs in the time the search leaves: an answer it marks exact is
 * the solver's score; any answer has a legal move and a PV that replays.
 * (Whether the solver finishes in time is the machine's business, not a
 * test's.) */
/* The win/loss/draw of (p, o) for p to move, by the solver. */
static int wld_of(uint64_t p, uint64_t o)
{
    bb_othello_pos pos = {p, o, BB_OTHELLO_BLACK}; /* (the colour does not change the score) */
    bb_othello_solve_opts so;
    memset(&so, 0, sizeof so);
    so.wld = 1;
    bb_othello_solve_result sr;
    CHECK(bb_othello_solve(&pos, &so, &sr) == 0, "solve");
    return sr.wld;
}

/* With a budget and 15-22 empties the solver runs in the time left (after
 * depth 1 alone in a quarter of the searches): an
 * answer marked exact must be the solver's score, one marked wld_proven
 * the solver's win/loss/draw, and its move must keep a win or a draw (the
 * position after it is at best as good for the opponent).  Which searches
 * finish in time depends on the machine: the checks hold for any. */
static void solver_in_time_left(void)
{
    uint64_t rng = 0x74696d656c656674ULL;
    int exact = 0, proven = 0, tried = 0;
    bb_othello_search_table *kept = bb_othello_search_table_new(4);
    CHECK(kept != NULL, "bb_othello_search_table_new");
    for (int i = 0; i < 24; i++) {
        bb_othello_pos pos;
        int e = 15 + (int)(bbt_next(&rng) % 8);
        if (!random_position(&rng, e, &pos) || !bbt_mine(i)) continue;
        bb_othello_search_opts o;
        memset(&o, 0, sizeof o);
        o.seconds = i % 3 ? 0.2 : 0.05;
        o.threads = 1 + i % 2;
        if (i % 4 == 0) o.depth = 1; /* a move that often loses, for the solver to mend */
        if (i % 3 == 1) o.table = kept; /* the search, the win/loss/draw and the exact solve on it */
        bb_othello_search_result r;
        uint64_t tables = bb__table_allocations();
        CHECK(bb_othello_search(&pos, &o, &r) == 0, "search");
        /* one table a move: the search's own (none with a kept one), the solves on it */
        CHECK(bb__table_allocations() - tables == (o.table ? 0u : 1u), "%d empties: %llu tables allocated", e,
              (unsigned long long)(bb__table_allocations() - tables));
        check_answer(pos, &r);
        tried++;
        if (r.exact) {
            bb_othello_solve_result sr;
            CHECK(bb_othello_solve(&pos, NULL, &sr) == 0, "solve");
            CHECK(r.score == sr.score, "%d empties: %.2f marked exact, the solver says %d", e, r.score, sr.score);
            CHECK(r.wld_proven && r.wld == sr.wld, "%d empties: exact %.0f, wld %d (proven %d)", e, r.score, r.wld,
                  r.wld_proven);
            exact++;
        } else if (r.wld_proven) {
            int w = wld_of(pos.p, pos.o);
            CHECK(r.wld == w, "%d empties: wld %d proven, the solver says %d", e, r.wld, w);
            CHECK(w > 0 ? r.score >= 2 : w < 0 ? r.score <= -2 : r.score == 0, "%d empties: score %.2f with wld %d", e,
                  r.score, w);
            if (w >= 0 && r.best >= 0 && r.best != BB_OTHELLO_PASS) {
                uint64_t f = bb_othello_flips(pos.p, pos.o, r.best);
                int after = -wld_of(pos.o & ~f, pos.p | f | (1ULL << r.best));
                CHECK(after == w, "%d empties: %d keeps %d, not the %d proven", e, r.best, after, w);
            }
            proven++;
        } else {
            CHECK(r.wld == 0, "%d empties: wld %d without proof", e, r.wld);
        }
    }
    bb_othello_search_table_free(kept);
    printf("  %d searches with 15-22 empties and 0.05 or 0.2 s: %d answered exactly, %d more with win/loss/draw proven\n",
           tried, exact, proven);
}

/* The progress reports: after each depth but the last (the depths in
 * order, each report's answer the one that depth's search gives alone),
 * nodes that only grow; a stop flag set from a report ends the search with
 * the last finished depth's answer; reports from the solver when it
 * answers; none without the callback, and the same answer either way. */
typedef struct {
    int calls, depths[64], ndepths, stop_after, last_depth, bad;
    uint64_t last_nodes;
    volatile int stop;
    bb_othello_search_result seen[64];
} progress_log;

static void on_progress(const bb_othello_search_result *so_far, void *arg)
{
    progress_log *l = (progress_log *)arg;
    l->calls++;
    if (so_far->nodes < l->last_nodes || so_far->depth < l->last_depth) l->bad++;
    l->last_nodes = so_far->nodes;
    if (so_far->depth != l->last_depth && l->ndepths < 64) l->seen[l->ndepths] = *so_far, l->depths[l->ndepths++] = so_far->depth;
    l->last_depth = so_far->depth;
    if (l->stop_after && so_far->depth >= l->stop_after) l->stop = 1;
}

static void progress_reports(void)
{
    bb_othello_pos pos = bb_othello_start();
    const char *moves = "f5d6c3d3c4f4f6f3e6e7";
    bb_parse_error e;
    CHECK(bb_othello_play_transcript(&pos, moves, &e) == 0, "transcript");
    bb_othello_search_opts o;
    memset(&o, 0, sizeof o);
    o.depth = 7, o.exact_empties = -1;
    bb_othello_search_result plain, r;
    CHECK(bb_othello_search(&pos, &o, &plain) == 0, "search");
    progress_log l;
    memset(&l, 0, sizeof l);
    o.progress = on_progress, o.progress_arg = &l, o.stop = &l.stop;
    CHECK(bb_othello_search(&pos, &o, &r) == 0, "search with progress");
    CHECK(r.score == plain.score && r.best == plain.best && r.nodes == plain.nodes,
          "progress changes the answer: %.2f %d %llu, without %.2f %d %llu", r.score, r.best,
          (unsigned long long)r.nodes, plain.score, plain.best, (unsigned long long)plain.nodes);
    CHECK(l.ndepths == 6 && !l.bad, "%d depths reported (want 1..6), %d out of order", l.ndepths, l.bad);
    for (int i = 0; i < l.ndepths; i++) {
        CHECK(l.depths[i] == i + 1, "report %d: depth %d", i, l.depths[i]);
        bb_othello_search_opts one = o;
        one.progress = NULL, one.depth = i + 1;
        bb_othello_search_result a;
        CHECK(bb_othello_search(&pos, &one, &a) == 0, "search");
        CHECK(a.score == l.seen[i].score && a.best == l.seen[i].best && l.seen[i].pv_length == a.pv_length,
              "depth %d reported %.2f %d, searched alone %.2f %d", i + 1, l.seen[i].score, l.seen[i].best, a.score,
              a.best);
    }
    /* stopped from a report: depth 3's answer */
    memset(&l, 0, sizeof l);
    l.stop_after = 3;
    CHECK(bb_othello_search(&pos, &o, &r) == 0, "search stopped");
    CHECK(r.stopped && r.depth == 3 && l.ndepths == 3, "stopped at depth %d (stopped %d), %d depths reported", r.depth,
          r.stopped, l.ndepths);
    /* the solver answers (12 empties): its reports, nodes growing */
    bb_othello_pos end;
    CHECK(bb_othello_parse("--OOOOO---OOOO-XOOOOOOXXOOOOXOXXOOOXOXXX-OOOOXXX--OOOX-X---XXXX- X", &end, &e) == 0, "parse");
    memset(&o, 0, sizeof o);
    memset(&l, 0, sizeof l);
    o.progress = on_progress, o.progress_arg = &l;
    CHECK(bb_othello_search(&end, &o, &r) == 0 && r.exact && r.score == 44, "the solver's answer %.0f", r.score);
    CHECK(!l.bad, "solver reports out of order");
}

int main(void)
{
    RUN(full_depth_is_exact);
    RUN(disc_window_rounds_outwards);
    RUN(hand_off_is_exact);
    RUN(fixed_depth_is_alphabeta);
    RUN(moves_are_legal);
    RUN(edges);
    RUN(threads);
    RUN(kept_table);
    RUN(solver_in_time_left);
    RUN(progress_reports);
    return bbt_finish("othello_search");
}
