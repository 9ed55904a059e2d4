/* Soak area othello-solve: the exact endgame solver against a plain
 * alpha-beta written here (no table, no move order, moves by the reference
 * direction walk; the solver's score proved by a search in the window
 * around it, the full window only to name the right one), on positions of random games with up to 14 empties
 * (mostly far fewer) and on random boards with a few empties.  Each case
 * checks: the score exact, the win/loss/draw mode its sign, the best move
 * one that reaches the score, the principal variation replaying to it, the
 * same answer on 2 threads, without the symmetric table and (the score)
 * without the evaluation's move order, an aspiration window's bound, and
 * the score, best move and variation with the selective levels (probable
 * cut-offs from 8 empties, then the exact search: solve.c) searched first
 * whatever the root's size (bb__othello_solve_with, sel_min 0), on 1 or 2 threads. */
#include <string.h>

#include "bitboard.h"
#include "soak_util.h"
#include "../../src/othello/solve_with.h"

soak_area_fn soak_area_othello_solve;

#define AREA "othello-solve"

static uint64_t nodes;

/* The final score for p: discs minus discs, the empties to the winner. */
static int final_for(uint64_t p, uint64_t o)
{
    int np = __builtin_popcountll(p), no = __builtin_popcountll(o), e = 64 - np - no;
    return np > no ? np - no + e : np < no ? np - no - e : 0;
}

/* Fail-soft alpha-beta over every legal move in square order. */
static int alphabeta(uint64_t p, uint64_t o, int alpha, int beta)
{
    nodes++;
    int best = -65, any = 0;
    for (int sq = 0; sq < 64; sq++) {
        uint64_t f = ref_othello_flips(p, o, sq);
        if (!f) continue;
        any = 1;
        int v = -alphabeta(o & ~f, p | f | (uint64_t)1 << sq, -beta, -(alpha > best ? alpha : best));
        if (v > best) best = v;
        if (best >= beta) return best;
    }
    if (any) return best;
    if (!ref_othello_moves(o, p)) return final_for(p, o);
    return -alphabeta(o, p, -beta, -alpha);
}

static int exact(uint64_t p, uint64_t o) { return alphabeta(p, o, -65, 65); }

/* 1 if (p, o) is worth exactly s: fail-soft alpha-beta in the window
 * (s - 1, s + 1) returns s when the value is s, at most s - 1 when it is
 * less and at least s + 1 when it is more; far cheaper than the full window. */
static int worth(uint64_t p, uint64_t o, int s) { return alphabeta(p, o, s - 1, s + 1) == s; }

/* Empty when r's best move and principal variation are right for a
 * position worth v, else why not (into why). */
static const char *check_line(uint64_t p, uint64_t o, int v, const bb_othello_solve_result *r, char *why, size_t n)
{
    int over = !ref_othello_moves(p, o) && !ref_othello_moves(o, p);
    if (over) {
        if (r->best == -1 && r->pv_length == 0) return "";
        snprintf(why, n, "game over, but best %d, pv of %d", r->best, r->pv_length);
        return why;
    }
    if (r->pv_length < 1 || r->pv[0] != r->best) {
        snprintf(why, n, "best %d, pv of %d starting %d", r->best, r->pv_length, r->pv_length ? r->pv[0] : -1);
        return why;
    }
    if (r->best == BB_OTHELLO_PASS) {
        if (ref_othello_moves(p, o)) {
            snprintf(why, n, "best is a pass, with moves to play");
            return why;
        }
    } else {
        uint64_t f = r->best >= 0 && r->best < 64 ? ref_othello_flips(p, o, r->best) : 0;
        if (!f) {
            snprintf(why, n, "best %d is not a legal move", r->best);
            return why;
        }
        uint64_t cp = o & ~f, co = p | f | (uint64_t)1 << r->best;
        if (!worth(cp, co, -v)) {
            snprintf(why, n, "best %d reaches %d, not %d", r->best, -exact(cp, co), v);
            return why;
        }
    }
    /* the variation, played by the reference rules, ends the game at v */
    uint64_t a = p, b = o;
    int sign = 1;
    for (int k = 0; k < r->pv_length; k++, sign = -sign) {
        int sq = r->pv[k];
        uint64_t t = a;
        if (sq == BB_OTHELLO_PASS && !ref_othello_moves(a, b) && ref_othello_moves(b, a)) {
            a = b, b = t;
            continue;
        }
        uint64_t f = sq >= 0 && sq < 64 ? ref_othello_flips(a, b, sq) : 0;
        if (!f) {
            snprintf(why, n, "pv move %d (%d) is not legal there", k, sq);
            return why;
        }
        a = b & ~f, b = t | f | (uint64_t)1 << sq;
    }
    if (ref_othello_moves(a, b) || ref_othello_moves(b, a) || sign * final_for(a, b) != v) {
        snprintf(why, n, "the pv (%d plies) does not end the game at %d", r->pv_length, v);
        return why;
    }
    return "";
}

void soak_area_othello_solve(uint64_t seed, int64_t first, int64_t last, soak_stats *st)
{
    st->work_name = "alpha-beta nodes";
    for (int64_t i = first; (last < 0 || i <= last) && soak_time_left(); i++) {
        soak_rng r = soak_rng_of(soak_case_seed(seed, i));
        int roll = soak_below(&r, 100);
        int e = roll < 50 ? soak_range(&r, 0, 6) : roll < 85 ? soak_range(&r, 7, 10) : roll < 97 ? soak_range(&r, 11, 12)
                                                                                               : soak_range(&r, 13, 14);
        uint64_t p, o;
        const char *how = "a random game";
        if (soak_below(&r, 8) == 0) { /* discs anywhere: no game reaches these */
            uint64_t empty = 0;
            while (__builtin_popcountll(empty) < e) empty |= (uint64_t)1 << soak_below(&r, 64);
            p = soak_next(&r) & ~empty, o = ~p & ~empty;
            how = "a random board";
        } else {
            soak_othello_empties(&r, e, &p, &o);
        }
        char text[SOAK_OTHELLO_TEXT], why[160];
        soak_othello_text(text, p, o);
        soak_note("%s, %d empties: %s", how, 64 - __builtin_popcountll(p | o), text);
        nodes = 0;
        const char *bad = NULL;
        bb_othello_pos pos = {p, o, BB_OTHELLO_BLACK};
        bb_othello_solve_opts opts;
        memset(&opts, 0, sizeof opts);
        opts.hash_mb = (size_t)soak_below(&r, 3);
        bb_othello_solve_result res, other;
        int rc = bb_othello_solve(&pos, &opts, &res);
        /* the solver's score, proved by alpha-beta (the full window only when it is wrong) */
        int v = rc == 0 && worth(p, o, res.score) ? res.score : exact(p, o), w = (v > 0) - (v < 0);
        if (rc != 0)
            bad = "solve failed";
        else if (res.score != v || res.bound != 0 || res.wld != w)
            snprintf(why, sizeof why, "score %d bound %d wld %d, alpha-beta %d", res.score, res.bound, res.wld, v),
                bad = why;
        else if (*check_line(p, o, v, &res, why, sizeof why))
            bad = why;
        if (!bad) {
            opts.wld = 1;
            if (bb_othello_solve(&pos, &opts, &other) != 0 || other.wld != w || other.score != w)
                snprintf(why, sizeof why, "wld mode: wld %d score %d, want %d", other.wld, other.score, w), bad = why;
            opts.wld = 0;
        }
        if (!bad) {
            opts.threads = 2;
            if (bb_othello_solve(&pos, &opts, &other) != 0 || other.score != v || other.best != res.best ||
                other.pv_length != res.pv_length || memcmp(other.pv, res.pv, sizeof res.pv[0] * (size_t)res.pv_length))
                snprintf(why, sizeof why, "2 threads: score %d best %d pv of %d; 1 thread: %d, %d, %d", other.score,
                         other.best, other.pv_length, v, res.best, res.pv_length),
                    bad = why;
            opts.threads = 1;
        }
        if (!bad) {
            opts.no_symmetry = 1;
            if (bb_othello_solve(&pos, &opts, &other) != 0 || other.score != v || other.best != res.best)
                snprintf(why, sizeof why, "no symmetry: score %d best %d, want %d best %d", other.score, other.best, v,
                         res.best),
                    bad = why;
            opts.no_symmetry = 0;
        }
        if (!bad) {
            opts.no_eval = 1;
            if (bb_othello_solve(&pos, &opts, &other) != 0 || other.score != v || other.bound != 0)
                snprintf(why, sizeof why, "no evaluation: score %d bound %d, want %d", other.score, other.bound, v),
                    bad = why;
            else if (*check_line(p, o, v, &other, why, sizeof why))
                bad = why;
            opts.no_eval = 0;
        }
        if (!bad) { /* a window around, below or above the score */
            int a = soak_range(&r, -64, 63), b = soak_range(&r, a + 1, 64);
            opts.alpha = a, opts.beta = b;
            int ok = bb_othello_solve(&pos, &opts, &other) == 0;
            if (ok && other.bound == 0) ok = other.score == v;
            else if (ok && other.bound == 1) ok = v >= b && other.score >= b && other.score <= v;
            else if (ok && other.bound == -1) ok = v <= a && other.score <= a && other.score >= v;
            else ok = 0;
            if (ok && a < v && v < b) ok = other.bound == 0;
            if (!ok)
                snprintf(why, sizeof why, "window (%d, %d): score %d bound %d, exact %d", a, b, other.score, other.bound,
                         v),
                    bad = why;
        }
        if (!bad) { /* the selective levels first: the same answer */
            opts.alpha = opts.beta = 0;
            opts.threads = 1 + soak_below(&r, 2);
            if (bb__othello_solve_with(&pos, &opts, NULL, 0, 0, &other) != 0 || other.score != v || other.bound != 0)
                snprintf(why, sizeof why, "selective levels first: score %d bound %d, want %d", other.score,
                         other.bound, v),
                    bad = why;
            else if (*check_line(p, o, v, &other, why, sizeof why))
                bad = why;
            else if (opts.threads == 1 && other.best != res.best)
                snprintf(why, sizeof why, "selective levels first: best %d, without them %d", other.best, res.best),
                    bad = why;
            opts.threads = 1;
        }
        st->work += nodes;
        st->cases++;
        if (bad) {
            st->failures++;
            soak_report_failure(AREA, seed, i, "%s; %s (%s)", bad, text, how);
        } else {
            soak_note("score %d, best %d, pv of %d, %llu alpha-beta nodes", v, res.best, res.pv_length,
                      (unsigned long long)nodes);
        }
    }
}
