/* The Othello endgame solver and the features (othello_solve.h):
 *   - each feature against a square-by-square definition written here, on
 *     positions of random games and random boards: mobility, potential
 *     mobility, frontier, stable discs (the line rule to its fixed point),
 *     the edge bound (a subset, and its own definition), parity, the final
 *     score;
 *   - stable discs are stable: from positions of random games, random
 *     continuations to the end never flip a disc the rule calls stable;
 *   - the solver against a plain minimax written here (no table, no
 *     ordering) on positions of random games with 1 to 10 empties, and
 *     against plain alpha-beta at 12 and 14 (passes and games that end
 *     early included): the exact score, the win/loss/draw mode, an
 *     aspiration window's bounds, a principal variation that replays to the
 *     score, the same answer on 2 threads and with the symmetric table off,
 *     the same score without the evaluation's move order, and with the
 *     selective levels (probable cut-offs, then the exact search) run first
 *     whatever the root's size (bb__othello_solve_with, sel_min 0) on 1 and 2 threads;
 *   - the solver's own flips (src/othello/flips_rays.h, with AVX-512 and
 *     AVX512CD) against the reference, every empty square of random boards
 *     and of positions of random games;
 *   - on a kept table (table.h): a bound of a lower selectivity never
 *     taken as exact, a selective one of an older age never taken;
 *   - FFO #40 (20 empties) and #59 (34 empties, a wipe-out): the published
 *     score and best move, and a principal variation that replays to it;
 *   - a stop flag ends it with -2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "ffo.h"
#include "othello_games.h"
#include "reference_othello.h"
#include "../src/othello/flips_rays.h"
#include "../src/othello/solve_with.h"
#include "../src/othello/table.h"

/* ---- square-by-square definitions -------------------------------------------------- */

static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};

static int on(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }
static int has(uint64_t x, int f, int r) { return on(f, r) && (x >> (r * 8 + f) & 1); }

static int slow_legal(uint64_t p, uint64_t o, int sq)
{
    int f = sq & 7, r = sq >> 3;
    if (has(p | o, f, r)) return 0;
    for (int d = 0; d < 8; d++) {
        int k = 1;
        while (has(o, f + k * dirs[d][0], r + k * dirs[d][1])) k++;
        if (k > 1 && has(p, f + k * dirs[d][0], r + k * dirs[d][1])) return 1;
    }
    return 0;
}

static int next_to(uint64_t x, int sq)
{
    for (int d = 0; d < 8; d++)
        if (has(x, (sq & 7) + dirs[d][0], (sq >> 3) + dirs[d][1])) return 1;
    return 0;
}

/* The line rule: a disc of p is stable if in each of the 4 directions its
 * whole line is full, or a wall or a stable disc of p is next to it on the
 * line; the greatest such set, grown from nothing until it stops. */
static uint64_t slow_stable(uint64_t p, uint64_t o)
{
    uint64_t occ = p | o, s = 0, prev;
    do {
        prev = s;
        for (int sq = 0; sq < 64; sq++) {
            if (!(p >> sq & 1) || (s >> sq & 1)) continue;
            int f = sq & 7, r = sq >> 3, ok = 1;
            for (int d = 0; d < 8 && ok; d += 2) {
                int dx = dirs[d][0], dy = dirs[d][1], full = 1;
                for (int k = -7; k <= 7; k++)
                    if (on(f + k * dx, r + k * dy) && !has(occ, f + k * dx, r + k * dy)) full = 0;
                int a = !on(f + dx, r + dy) || has(s, f + dx, r + dy);
                int b = !on(f - dx, r - dy) || has(s, f - dx, r - dy);
                ok = full || a || b;
            }
            if (ok) s |= 1ULL << sq;
        }
    } while (s != prev);
    return s;
}

static int slow_final(uint64_t p, uint64_t o)
{
    int a = 0, b = 0;
    for (int sq = 0; sq < 64; sq++) a += p >> sq & 1, b += o >> sq & 1;
    int e = 64 - a - b;
    return a > b ? a - b + e : a < b ? a - b - e : 0;
}

static void features(void)
{
    uint64_t rng = 3;
    int n = 0;
    for (int t = 0; t < 3000; t++) {
        bb_othello_pos pos;
        uint64_t p, o;
        if (t % 3 == 2) { /* any board pair, not only reachable ones */
            uint64_t a = bbt_board(&rng), b = bbt_board(&rng);
            p = a & ~b, o = b & ~a;
        } else {
            if (!random_position(&rng, 1 + (int)(bbt_next(&rng) % 58), &pos)) continue;
            p = pos.p, o = pos.o;
        }
        n++;
        int mob = 0, pot = 0;
        uint64_t front = 0;
        for (int sq = 0; sq < 64; sq++) {
            mob += slow_legal(p, o, sq);
            if (!((p | o) >> sq & 1) && next_to(o, sq)) pot++;
            if ((p >> sq & 1) && next_to(~(p | o), sq)) front |= 1ULL << sq;
        }
        CHECK(bb_othello_mobility(p, o) == mob, "mobility %d, want %d", bb_othello_mobility(p, o), mob);
        CHECK(bb_othello_potential_mobility(p, o) == pot, "potential mobility");
        CHECK_EQ64(bb_othello_frontier(p, o), front, "frontier");
        uint64_t st = slow_stable(p, o), edges = bb_othello_stable_edges(p, o);
        CHECK_EQ64(bb_othello_stable(p, o), st, "stable discs");
        CHECK((edges & ~st) == 0, "the edge bound is not a subset");
        /* the edge bound's own definition: on each edge, a full edge, or runs from its corners */
        uint64_t want = 0;
        static const int edge_sq[4][8] = {{0, 1, 2, 3, 4, 5, 6, 7}, {56, 57, 58, 59, 60, 61, 62, 63},
                                          {0, 8, 16, 24, 32, 40, 48, 56}, {7, 15, 23, 31, 39, 47, 55, 63}};
        for (int e = 0; e < 4; e++) {
            int full = 1;
            for (int k = 0; k < 8; k++) full &= (int)((p | o) >> edge_sq[e][k] & 1);
            for (int k = 0; k < 8; k++)
                if (full && (p >> edge_sq[e][k] & 1)) want |= 1ULL << edge_sq[e][k];
            for (int k = 0; k < 8 && (p >> edge_sq[e][k] & 1); k++) want |= 1ULL << edge_sq[e][k];
            for (int k = 7; k >= 0 && (p >> edge_sq[e][k] & 1); k--) want |= 1ULL << edge_sq[e][k];
        }
        CHECK_EQ64(edges, want, "edge bound");
        unsigned par = 0;
        for (int q = 0; q < 4; q++) {
            int c = 0;
            for (int sq = 0; sq < 64; sq++) {
                int qq = ((sq >> 3) >= 4) * 2 + ((sq & 7) >= 4);
                if (qq == q && !((p | o) >> sq & 1)) c++;
            }
            par |= (unsigned)(c & 1) << q;
        }
        CHECK(bb_othello_parity(p, o) == par, "parity");
        CHECK(bb_othello_final_score(p, o) == slow_final(p, o), "final score");
    }
    CHECK(n > 2000, "only %d positions", n);
}

static void stable_is_stable(void)
{
    uint64_t rng = 17;
    int checked = 0;
    for (int t = 0; t < 400; t++) {
        bb_othello_pos pos;
        if (!random_position(&rng, 4 + (int)(bbt_next(&rng) % 30), &pos)) continue;
        uint64_t stable[2];
        stable[pos.side] = bb_othello_stable(pos.p, pos.o);
        stable[pos.side ^ 1] = bb_othello_stable(pos.o, pos.p);
        for (int run = 0; run < 20; run++) {
            bb_othello_pos q = pos;
            for (;;) {
                uint64_t m = bb_othello_moves(q.p, q.o);
                if (!m) {
                    if (bb_othello_pass(&q) != 0) break;
                    continue;
                }
                int k = (int)(bbt_next(&rng) % (uint64_t)bb_popcount(m));
                while (k--) m &= m - 1;
                bb_othello_play(&q, __builtin_ctzll(m));
                /* a stable disc keeps its colour */
                uint64_t mine = q.side == BB_OTHELLO_BLACK ? q.p : q.o, theirs = q.side == BB_OTHELLO_BLACK ? q.o : q.p;
                uint64_t black_st = stable[BB_OTHELLO_BLACK], white_st = stable[BB_OTHELLO_WHITE];
                CHECK((black_st & ~mine) == 0 && (white_st & ~theirs) == 0, "a stable disc was flipped");
            }
            checked++;
        }
    }
    CHECK(checked > 4000, "only %d continuations", checked);
}

/* ---- the solver against minimax ------------------------------------------------------ */

static long mm_nodes;

static int minimax(uint64_t p, uint64_t o, int passed)
{
    mm_nodes++;
    uint64_t m = bb_othello_moves(p, o);
    if (!m) return passed ? slow_final(p, o) : -minimax(o, p, 1);
    int best = -100;
    for (; m; m &= m - 1) {
        int sq = __builtin_ctzll(m);
        uint64_t f = bb_othello_flips(p, o, sq);
        int v = -minimax(o & ~f, p | f | (1ULL << sq), 0);
        if (v > best) best = v;
    }
    return best;
}

static int alphabeta(uint64_t p, uint64_t o, int passed, int a, int b)
{
    uint64_t m = bb_othello_moves(p, o);
    if (!m) return passed ? slow_final(p, o) : -alphabeta(o, p, 1, -b, -a);
    int best = -100;
    for (; m; m &= m - 1) {
        int sq = __builtin_ctzll(m);
        uint64_t f = bb_othello_flips(p, o, sq);
        int v = -alphabeta(o & ~f, p | f | (1ULL << sq), 0, -b, -(a > best ? a : best));
        if (v > best) {
            best = v;
            if (v >= b) break;
        }
    }
    return best;
}

/* r's principal variation, played from pos, ends the game at want, and
 * its first move is r's best move. */
static void check_pv(const bb_othello_pos *pos, const bb_othello_solve_result *r, int want, const char *what)
{
    bb_othello_pos q = *pos;
    int sign = 1, ok = 1;
    for (int i = 0; i < r->pv_length && ok; i++) {
        if (r->pv[i] == BB_OTHELLO_PASS) ok = bb_othello_pass(&q) == 0;
        else ok = bb_othello_play(&q, r->pv[i]) == 0;
        sign = -sign;
    }
    CHECK(ok && bb_othello_game_over(&q) && sign * bb_othello_final_score(q.p, q.o) == want,
          "%s: the principal variation (%d moves) does not end the game at the score", what, r->pv_length);
    CHECK(bb_othello_game_over(pos) ? r->best == -1 && r->pv_length == 0 : r->pv_length > 0 && r->best == r->pv[0],
          "%s: best %d", what, r->best);
}

/* Solves pos every way and checks the answers against want. */
static void check_solve(const bb_othello_pos *pos, int want, const char *what)
{
    bb_othello_solve_opts o;
    memset(&o, 0, sizeof o);
    o.hash_mb = 1;
    bb_othello_solve_result r, w, t, ns;
    CHECK(bb_othello_solve(pos, &o, &r) == 0, "%s: solve failed", what);
    CHECK(r.score == want && r.bound == 0 && r.wld == (want > 0) - (want < 0), "%s: score %d, want %d", what, r.score,
          want);
    check_pv(pos, &r, want, what);
    o.wld = 1;
    CHECK(bb_othello_solve(pos, &o, &w) == 0 && w.wld == r.wld && w.score == r.wld, "%s: wld %d", what, w.wld);
    o.wld = 0, o.threads = 2;
    CHECK(bb_othello_solve(pos, &o, &t) == 0 && t.score == want && t.best == r.best && t.pv_length == r.pv_length &&
              memcmp(t.pv, r.pv, sizeof r.pv[0] * (size_t)r.pv_length) == 0,
          "%s: 2 threads gave %d, best %d", what, t.score, t.best);
    o.threads = 1, o.no_symmetry = 1;
    CHECK(bb_othello_solve(pos, &o, &ns) == 0 && ns.score == want && ns.best == r.best, "%s: no symmetry", what);
    o.no_symmetry = 0, o.no_eval = 1; /* another move order: the same score, maybe another best move */
    CHECK(bb_othello_solve(pos, &o, &ns) == 0 && ns.score == want, "%s: no evaluation: %d", what, ns.score);
    check_pv(pos, &ns, want, what);
    o.no_eval = 0;
    /* a window: the score as a bound when outside it */
    o.no_symmetry = 0, o.alpha = want - 3, o.beta = want - 1;
    CHECK(bb_othello_solve(pos, &o, &t) == 0 && t.bound == 1 && t.score >= want - 1 && t.score <= want,
          "%s: window below: bound %d score %d", what, t.bound, t.score);
    o.alpha = want + 1, o.beta = want + 4;
    CHECK(bb_othello_solve(pos, &o, &t) == 0 && t.bound == -1 && t.score <= want + 1 && t.score >= want,
          "%s: window above: bound %d score %d", what, t.bound, t.score);
    o.alpha = want - 1, o.beta = want + 1;
    CHECK(bb_othello_solve(pos, &o, &t) == 0 && t.bound == 0 && t.score == want, "%s: window around", what);
    /* the selective levels first, whatever the size (bb__othello_solve_with, sel_min 0):
       their bounds are only probable (cut-offs from 8 empties), so the exact
       level after them must never take one as exact; on the positions of
       against_alphabeta they are wrong often enough that with the level
       check taken out of the table's probe this fails */
    o.alpha = o.beta = 0;
    CHECK(bb__othello_solve_with(pos, &o, NULL, 0, 0, &t) == 0 && t.score == want && t.bound == 0 && t.best == r.best,
          "%s: selective levels first: score %d best %d, want %d best %d", what, t.score, t.best, want, r.best);
    check_pv(pos, &t, want, what);
    o.threads = 2, o.hash_mb = 8;
    CHECK(bb__othello_solve_with(pos, &o, NULL, 0, 0, &t) == 0 && t.score == want, "%s: selective levels first, 2 threads: %d",
          what, t.score);
}

static void against_minimax(void)
{
    uint64_t rng = 5;
    int made = 0, passes = 0, over = 0;
    for (int t = 0; t < 400; t++) {
        int e = 1 + t % 10;
        bb_othello_pos pos;
        if (!random_position(&rng, e, &pos)) continue;
        made++;
        passes += bb_othello_moves(pos.p, pos.o) == 0;
        over += bb_othello_game_over(&pos);
        if (!bbt_mine(t)) continue; /* (after its position: the same in every slice) */
        int want = minimax(pos.p, pos.o, 0);
        char what[64];
        snprintf(what, sizeof what, "position %d (%d empties)", t, e);
        check_solve(&pos, want, what);
    }
    /* positions where the game is over or the side to move passes */
    bb_othello_pos full;
    full.p = 0xFFFFFFFF00000000ULL, full.o = 0x00000000FFFFFFFFULL, full.side = 0;
    check_solve(&full, 0, "a full board");
    full.p = 0x7FFFFFFF00000000ULL; /* one empty, nobody can play it */
    check_solve(&full, minimax(full.p, full.o, 0), "one empty nobody can play");
    /* the extreme scores are exact, with a best move: a1 to move takes b1
       by c1, and the game ends 3-0 with 61 empties: +64 */
    bb_othello_pos wipe = {1ULL << 0, 1ULL << 1, 0};
    bb_othello_solve_result wr;
    bb_othello_solve_opts wo;
    memset(&wo, 0, sizeof wo);
    CHECK(bb_othello_solve(&wipe, &wo, &wr) == 0 && wr.score == 64 && wr.bound == 0 && wr.best == 2 &&
              wr.pv_length == 1 && wr.pv[0] == 2,
          "a wipe-out: score %d bound %d best %d", wr.score, wr.bound, wr.best);
    wipe.p = 1ULL << 1, wipe.o = 1ULL << 0; /* b1 to move passes, a1 takes it by c1: -64 */
    CHECK(bb_othello_solve(&wipe, &wo, &wr) == 0 && wr.score == -64 && wr.bound == 0 &&
              wr.best == BB_OTHELLO_PASS && wr.pv_length == 2 && wr.pv[1] == 2,
          "wiped out: score %d bound %d best %d", wr.score, wr.bound, wr.best);
    CHECK(made > 350 && passes > 0, "%d positions, %d with a pass", made, passes);
    (void)over;
}

static void against_alphabeta(void)
{
    uint64_t rng = 9;
    int made = 0;
    for (int t = 0; t < 24; t++) {
        int e = t % 2 ? 14 : 12;
        bb_othello_pos pos;
        if (!random_position(&rng, e, &pos)) continue;
        made++;
        if (!bbt_mine(t)) continue; /* (after its position: the same in every slice) */
        char what[64];
        snprintf(what, sizeof what, "position %d (%d empties)", t, e);
        check_solve(&pos, alphabeta(pos.p, pos.o, 0, -100, 100), what);
    }
    CHECK(made >= 20, "only %d positions", made);
}

/* The solver on a kept table (src/othello/table.h's rules), on positions
 * of random games with 12 to 14 empties against plain alpha-beta:
 *   - solved again on the table of the first solve, the same score (its
 *     exact bounds, proofs, are taken from an older search);
 *   - win/loss/draw and then the exact score on one table: the exact score;
 *   - entries marked as found at the most selective level, with a wrong
 *     score as both bounds, at the age of the next solve: the exact solve
 *     must not take them (a bound of a lower selectivity is never exact);
 *   - the same marked at an older age, beside a twin table whose marked
 *     entries have no bounds: the selective levels of a new solve take
 *     neither (a selective bound only from its own search), so both
 *     search the same nodes to the same score. */
static void kept_table(void)
{
    uint64_t rng = 0x6b657074ULL;
    bb_othello_search_table *a = bb_othello_search_table_new(1), *b = bb_othello_search_table_new(1);
    CHECK(a && b, "bb_othello_search_table_new");
    if (!a || !b) return;
    int made = 0;
    for (int t = 0; t < 12; t++) {
        int e = 12 + t % 3;
        bb_othello_pos pos;
        if (!random_position(&rng, e, &pos) || bb_othello_game_over(&pos)) continue;
        made++;
        if (!bbt_mine(t)) continue;
        int want = alphabeta(pos.p, pos.o, 0, -100, 100), wrong = want > 0 ? -64 : 64;
        bb_othello_solve_opts o;
        memset(&o, 0, sizeof o);
        bb_othello_solve_result r, q;
        bb_othello_search_table_clear(a);
        bb_othello_search_table_clear(b);
        CHECK(bb__othello_solve_with(&pos, &o, a, 0, 0, &r) == 0 && r.score == want, "position %d: %d, want %d", t,
              r.score, want);
        CHECK(bb__othello_solve_with(&pos, &o, a, 0, -1, &r) == 0 && r.score == want && r.bound == 0,
              "position %d, solved again on its table: %d, want %d", t, r.score, want);
        /* win/loss/draw, then exact, on one table (as a timed search does):
           the first solve's window (-1, 1) gives bounds, never the score */
        bb_othello_search_table_clear(a);
        o.wld = 1;
        CHECK(bb__othello_solve_with(&pos, &o, a, 0, -1, &r) == 0 && r.score == (want > 0) - (want < 0),
              "position %d: win/loss/draw %d, want %d", t, r.score, want);
        o.wld = 0;
        CHECK(bb__othello_solve_with(&pos, &o, a, 0, -1, &r) == 0 && r.score == want && r.bound == 0,
              "position %d, exact after win/loss/draw on its table: %d, want %d", t, r.score, want);
        check_pv(&pos, &r, want, "exact after win/loss/draw");
        bb__table_mark(a, BB__SEL_END | 0, 0, wrong, wrong);
        CHECK(bb__othello_solve_with(&pos, &o, a, 0, -1, &r) == 0 && r.score == want && r.bound == 0,
              "position %d, selective bounds of this age in the table: %d, want %d", t, r.score, want);
        check_pv(&pos, &r, want, "kept table");
        /* twins: the same solves on both, then the marks */
        bb_othello_search_table_clear(a);
        CHECK(bb__othello_solve_with(&pos, &o, a, 0, 0, &r) == 0 && bb__othello_solve_with(&pos, &o, b, 0, 0, &q) == 0 &&
                  r.nodes == q.nodes,
              "position %d: twin tables", t);
        bb__table_mark(a, BB__SEL_END | 0, 1, wrong, wrong);
        bb__table_mark(b, BB__SEL_END | 0, 1, -65, 65);
        CHECK(bb__othello_solve_with(&pos, &o, a, 0, 0, &r) == 0 && bb__othello_solve_with(&pos, &o, b, 0, 0, &q) == 0 &&
                  r.score == want && q.score == want && r.nodes == q.nodes,
              "position %d, selective bounds of an older age: %d in %llu nodes, without them %d in %llu", t, r.score,
              (unsigned long long)r.nodes, q.score, (unsigned long long)q.nodes);
    }
    CHECK(made >= 10, "only %d positions", made);
    bb_othello_search_table_free(a);
    bb_othello_search_table_free(b);
}

/* The FFO positions fast enough for every run: #40 (20 empties) and #59
 * (34 empties, a wipe-out: the tests climb to +64 in a few thousand nodes,
 * and the best move by the table-free order is one of the three that reach
 * it, where square order would first have to refute b3 at +64). */
static void ffo_fast(void)
{
    const int numbers[] = {40, 59};
    for (int k = 0; k < 2; k++) {
        if (!bbt_mine(k)) continue;
        const ffo_case *c = &ffo_cases[numbers[k] - 40];
        bb_othello_pos pos;
        bb_parse_error e;
        CHECK(c->number == numbers[k], "ffo.h: #%d where #%d was wanted", c->number, numbers[k]);
        CHECK(bb_othello_parse(c->position, &pos, &e) == 0, "FFO #%d: %s", c->number, e.msg);
        bb_othello_solve_opts o;
        memset(&o, 0, sizeof o);
        o.hash_mb = 16;
        bb_othello_solve_result r;
        CHECK(bb_othello_solve(&pos, &o, &r) == 0, "solve");
        char best[3] = {(char)('a' + (r.best & 7)), (char)('1' + (r.best >> 3)), 0};
        CHECK(r.score == c->score && strstr(c->best, best) != NULL, "FFO #%d: %+d %s, want %+d %s", c->number,
              r.score, best, c->score, c->best);
        CHECK(r.nodes > 0 && r.seconds > 0 && r.table_bytes > 0, "FFO #%d: the report", c->number);
        char what[16];
        snprintf(what, sizeof what, "FFO #%d", c->number);
        check_pv(&pos, &r, c->score, what);
    }
}

static void stopped(void)
{
    bb_othello_pos pos;
    bb_othello_parse(ffo_cases[19].position, &pos, NULL); /* #59: 34 empties */
    volatile int stop = 1;
    bb_othello_solve_opts o;
    memset(&o, 0, sizeof o);
    o.stop = &stop;
    o.hash_mb = 1;
    bb_othello_solve_result r;
    CHECK(bb_othello_solve(&pos, &o, &r) == -2 && r.stopped && r.best == -1, "a stop flag did not stop it");
}

/* Without hash_mb the table is sized from the empty squares (64 MiB from 19,
 * half that for each fewer, at least 1 MiB); with it, as asked (the largest
 * power of two that fits).  A stop flag set before the call keeps it from
 * searching: the size is in the report all the same. */
static void default_table(void)
{
    uint64_t rng = 77;
    for (int empties = 10; empties <= 24; empties++) {
        bb_othello_pos pos;
        if (!random_position(&rng, empties, &pos)) {
            empties--; /* that game ended early: another one */
            continue;
        }
        if (!bbt_mine(empties)) continue;
        volatile int stop = 1;
        bb_othello_solve_opts o;
        memset(&o, 0, sizeof o);
        o.stop = &stop;
        bb_othello_solve_result r;
        size_t want = (size_t)(empties >= 19 ? 64 : empties <= 13 ? 1 : 1 << (empties - 13)) << 20;
        CHECK(bb_othello_solve(&pos, &o, &r) == -2 && r.table_bytes == want, "%d empties: a table of %zu bytes, want %zu",
              empties, r.table_bytes, want);
        o.hash_mb = 3;
        CHECK(bb_othello_solve(&pos, &o, &r) == -2 && r.table_bytes == (size_t)2 << 20, "--hash 3: %zu bytes",
              r.table_bytes);
    }
}

static void solver_flips(void)
{
#if BB__OTHELLO_FLIPS_RAYS
    bb__othello_rays_fill();
    int bad = 0;
    for (int i = 0; i < 200000; i++) {
        if (!bbt_mine(i)) continue;
        uint64_t rng = bbt_case_seed(17, i);
        uint64_t a = bbt_board(&rng), b = bbt_board(&rng) & ~a;
        if (i & 1) { /* a position of a random game instead: runs that end on the edge */
            uint64_t pp = 0x0000000810000000ULL, oo = 0x0000001008000000ULL;
            int plies = (int)(bbt_next(&rng) % 60);
            for (int k = 0; k < plies; k++) {
                uint64_t mv = ref_othello_moves(pp, oo);
                if (!mv) { uint64_t t = pp; pp = oo, oo = t; continue; }
                int n = (int)(bbt_next(&rng) % (uint64_t)bb_popcount(mv));
                while (n--) mv &= mv - 1;
                int sq = __builtin_ctzll(mv);
                uint64_t f = ref_othello_flips(pp, oo, sq), np = pp | f | (1ULL << sq);
                pp = oo & ~f, oo = np;
            }
            a = pp, b = oo;
        }
        for (uint64_t e = ~(a | b); e; e &= e - 1) {
            int sq = __builtin_ctzll(e);
            uint64_t want = ref_othello_flips(a, b, sq), got = bb__othello_flips_rays(a, b, sq);
            if (got != want && bad++ < 5)
                CHECK(0, "p %016llx o %016llx square %d: got %016llx, want %016llx", (unsigned long long)a,
                      (unsigned long long)b, sq, (unsigned long long)got, (unsigned long long)want);
        }
    }
#else
    SKIP("no AVX-512 with AVX512CD in this build: the solver uses the library's flips");
#endif
}

int main(void)
{
    RUN(solver_flips);
    RUN(features);
    RUN(stable_is_stable);
    RUN(against_minimax);
    RUN(against_alphabeta);
    RUN(kept_table);
    RUN(ffo_fast);
    RUN(stopped);
    RUN(default_table);
    return bbt_finish("othello_solve");
}
