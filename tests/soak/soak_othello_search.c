/* Soak area othello-search: the midgame search against its slow twins on
 * positions of random games: with its selective cut-offs off, at depths 1
 * to 4 against a plain alpha-beta written here (no table, no order, no
 * null windows) over the same evaluation; with 1 to 12 empties at full
 * depth (the solver off inside the search, multi-ProbCut on: the depth
 * that reaches the end is searched in full) against the exact solver; with
 * multi-ProbCut on at depths 3 to 9, a legal best move and a score in range;
 * with 2 or 3 threads sharing the table and no cut-offs, the plain
 * alpha-beta score again; with 15-22 empties and a budget of 5-50 ms (the
 * solver in the time the search leaves; a third after depth 1 alone), a
 * legal move and, when the answer is marked exact, the solver's score, when
 * its win/loss/draw is proven, the solver's, with a move that keeps a win or
 * a draw; in every case the principal
 * variation replays. */
#include <string.h>

#include "bitboard.h"
#include "soak_util.h"
#include "../../src/othello/eval.h"

soak_area_fn soak_area_othello_search;

#define AREA "othello-search"
#define UNIT BB__EVAL_UNIT

static int leaf(uint64_t p, uint64_t o)
{
    int v = bb__othello_eval(p, o);
    return v > 64 * UNIT ? 64 * UNIT : v < -64 * UNIT ? -64 * UNIT : v;
}

static int plain(uint64_t p, uint64_t o, int alpha, int beta, int depth)
{
    uint64_t moves = bb_othello_moves(p, o);
    if (!moves) {
        if (!bb_othello_moves(o, p)) return bb_othello_final_score(p, o) * UNIT;
        return -plain(o, p, -beta, -alpha, depth);
    }
    if (depth == 0) return leaf(p, o);
    int best = -66 * UNIT;
    for (uint64_t m = moves; m; m &= m - 1) {
        int sq = bb_popcount((m & (0 - m)) - 1);
        uint64_t f = bb_othello_flips(p, o, sq);
        int v = -plain(o ^ f, p | f | (1ULL << sq), -beta, -(alpha > best ? alpha : best), depth - 1);
        if (v > best) best = v;
        if (best >= beta) break;
    }
    return best;
}

/* A position of a random game with `empties` empties, or 0 if it ended first. */
static int random_game(soak_rng *r, int empties, bb_othello_pos *out)
{
    bb_othello_pos pos = bb_othello_start();
    while (64 - bb_popcount(pos.p | pos.o) > empties) {
        uint64_t m = bb_othello_moves(pos.p, pos.o);
        if (!m) {
            if (bb_othello_pass(&pos) != 0) return 0;
            continue;
        }
        int k = soak_below(r, bb_popcount(m));
        while (k--) m &= m - 1;
        bb_othello_play(&pos, bb_popcount((m & (0 - m)) - 1));
    }
    *out = pos;
    return 1;
}

/* The win/loss/draw of (p, o) for p to move, by the solver (-2 if it fails). */
static int wld_of(uint64_t p, uint64_t o)
{
    bb_othello_pos pos = {p, o, BB_OTHELLO_BLACK}; /* (the colour does not change it) */
    bb_othello_solve_opts so;
    memset(&so, 0, sizeof so);
    so.wld = 1;
    bb_othello_solve_result sr;
    return bb_othello_solve(&pos, &so, &sr) == 0 ? sr.wld : -2;
}

void soak_area_othello_search(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    st->work_name = "searches";
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        bb_othello_pos pos;
        int kind = soak_below(&r, 6), endgame = kind == 0, probcut = kind == 3, threaded = kind == 4, timed = kind == 5;
        int e = endgame ? 1 + soak_below(&r, 12) : timed ? 15 + soak_below(&r, 8) : 13 + soak_below(&r, 45);
        if (!random_game(&r, e, &pos)) continue;
        st->cases++;
        bb_othello_search_opts o;
        memset(&o, 0, sizeof o);
        o.exact_empties = -1;
        o.depth = endgame ? 60 : probcut ? 3 + soak_below(&r, 7) : 1 + soak_below(&r, 4);
        o.no_probcut = !endgame && !probcut;
        o.threads = threaded ? 2 + soak_below(&r, 2) : 1;
        if (timed) /* a third of them with depth 1 alone before the solver: a move that often loses */
            o.depth = soak_below(&r, 3) == 0, o.exact_empties = 0, o.seconds = 0.005 * (1 + soak_below(&r, 10)),
            o.no_probcut = 0;
        soak_note("%d empties, depth %d, probcut %d, threads %d", e, o.depth, !o.no_probcut, o.threads);
        bb_othello_search_result res;
        char why[200];
        const char *bad = NULL;
        if (bb_othello_search(&pos, &o, &res) != 0) {
            bad = "the search failed";
        } else if (endgame) {
            bb_othello_solve_result sr;
            bb_othello_solve(&pos, NULL, &sr);
            if (!res.exact || res.score != sr.score)
                snprintf(why, sizeof why, "%d empties to the end: %.2f (exact %d), the solver %d", e, res.score,
                         res.exact, sr.score),
                    bad = why;
        } else if (timed) {
            uint64_t m = bb_othello_moves(pos.p, pos.o);
            int legal = m ? res.best >= 0 && res.best < 64 && (m >> res.best & 1)
                          : res.best == (bb_othello_moves(pos.o, pos.p) ? BB_OTHELLO_PASS : -1);
            bb_othello_solve_result sr;
            if (!legal) snprintf(why, sizeof why, "%d empties, %.3f s: best %d", e, o.seconds, res.best), bad = why;
            else if (res.exact && (bb_othello_solve(&pos, NULL, &sr) != 0 || res.score != sr.score))
                snprintf(why, sizeof why, "%d empties, %.3f s: %.2f marked exact, the solver %d", e, o.seconds,
                         res.score, sr.score),
                    bad = why;
            else if (res.wld_proven) {
                int w = wld_of(pos.p, pos.o), after = w;
                if (w >= 0 && m) {
                    uint64_t f = bb_othello_flips(pos.p, pos.o, res.best);
                    after = -wld_of(pos.o & ~f, pos.p | f | (1ULL << res.best));
                }
                if (res.wld != w || after != w || (w > 0 ? res.score < 2 : w < 0 ? res.score > -2 : res.score != 0))
                    snprintf(why, sizeof why, "%d empties, %.3f s: win/loss/draw %d proven, score %.2f, the solver %d,"
                             " %d after the move", e, o.seconds, res.wld, res.score, w, after),
                        bad = why;
            } else if (res.wld != 0)
                snprintf(why, sizeof why, "%d empties, %.3f s: win/loss/draw %d, not proven", e, o.seconds, res.wld),
                    bad = why;
        } else if (probcut) {
            uint64_t m = bb_othello_moves(pos.p, pos.o);
            int over = !m && !bb_othello_moves(pos.o, pos.p); /* (a game can end on the way: a side wiped out) */
            int legal = m ? res.best >= 0 && res.best < 64 && (m >> res.best & 1) : res.best == BB_OTHELLO_PASS;
            if (over) {
                if (res.best != -1 || !res.exact || res.score != bb_othello_final_score(pos.p, pos.o))
                    snprintf(why, sizeof why, "%d empties, a finished game: best %d, score %.2f, exact %d", e,
                             res.best, res.score, res.exact),
                        bad = why;
            } else if (!legal || res.score < -64 || res.score > 64 || res.depth != o.depth || res.pv_length < 1 ||
                       res.pv[0] != res.best)
                snprintf(why, sizeof why, "%d empties, depth %d with multi-ProbCut: best %d, score %.2f, depth %d", e,
                         o.depth, res.best, res.score, res.depth),
                    bad = why;
        } else {
            int want = plain(pos.p, pos.o, -66 * UNIT, 66 * UNIT, o.depth);
            if (res.score * UNIT != want)
                snprintf(why, sizeof why, "%d empties, depth %d, %d threads: %.4f, plain alpha-beta %.4f", e, o.depth,
                         o.threads, res.score, (double)want / UNIT),
                    bad = why;
        }
        if (!bad) {
            bb_othello_pos q = pos;
            for (int k = 0; k < res.pv_length && !bad; k++)
                if (res.pv[k] == BB_OTHELLO_PASS ? bb_othello_pass(&q) != 0 : bb_othello_play(&q, res.pv[k]) != 0)
                    snprintf(why, sizeof why, "the principal variation's move %d does not replay", k + 1), bad = why;
        }
        st->work++;
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%s", bad);
        }
    }
}
