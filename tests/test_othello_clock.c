/* The clock: a GGF game's times (bb_othello_ggf_read_clock) on games
 * written by hand, their numbers worked out here; and the time a move may
 * take (bb_othello_clock_budget) over a grid of times left, increments and
 * positions of random games, against the rule restated slowly below, and
 * the promises that do not depend on the rule's numbers: the hard limit
 * under the time left less the reserve, the soft share under it, both
 * above zero (a zero budget would be no limit at all).  No timing: the
 * search's deadline is tested by what it answers (a move) with a budget the
 * solver cannot meet. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "harness.h"
#include "othello_games.h"

#define START "BO[8 ---------------------------O*------*O--------------------------- *]"

static int near(double a, double b) { return fabs(a - b) <= 1e-9 * (1 + fabs(b)); }

static int read_clock(const char *text, bb_othello_clock *c, bb_parse_error *e)
{
    size_t used;
    bb_othello_record g;
    return bb_othello_ggf_read_clock(text, strlen(text), &used, &g, c, e);
}

static void ggf_clocks(void)
{
    static const struct {
        const char *game;
        int timed;
        double initial[2], increment[2], extension[2], spent[2];
        int moves[2];
    } good[] = {
        /* the NBoard GUI's game: TI, each move's /EVAL/TIME */
        {"(;GM[Othello]PC[NBoard]TI[15:00]TY[8]" START "B[F5//2.13]W[F6/-0.50/1.20]B[E6//3.05]W[F4/0.00/0.98];)", 1,
         {900, 900}, {0, 0}, {0, 0}, {5.18, 2.18}, {2, 2}},
        /* GGS: initial//extension, one move without a time, one with only an evaluation */
        {"(;GM[Othello]TI[05:00//02:00]" START "B[f5//1.23]W[d6/-0.5]B[c3];)", 1, {300, 300}, {0, 0}, {120, 120},
         {1.23, 0}, {2, 1}},
        /* an increment; a time of H:MM:SS and of MM:SS.s */
        {"(;GM[Othello]TI[01:00/00:02/02:00]" START "B[f5//1:00:00]W[d6//1:30.5];)", 1, {60, 60}, {2, 2}, {120, 120},
         {3600, 90.5}, {1, 1}},
        /* TB and TW over TI, whichever comes first; seconds alone */
        {"(;GM[Othello]TB[90]TI[10:00/5]TW[2:00//1:00]" START "B[f5//0.5];)", 1, {90, 120}, {0, 0}, {0, 60},
         {0.5, 0}, {1, 0}},
        /* moves per period of 0 (the whole game) and 1 (every move) are read */
        {"(;GM[Othello]TI[10:00,0/00:01,1/]" START "B[f5//2];)", 1, {600, 600}, {1, 1}, {0, 0}, {2, 0}, {1, 0}},
        /* no clock: the times are counted, nothing is left */
        {"(;GM[Othello]" START "B[f5//2];)", 0, {0, 0}, {0, 0}, {0, 0}, {2, 0}, {1, 0}},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        bb_othello_clock c;
        bb_parse_error e;
        int rc = read_clock(good[i].game, &c, &e);
        CHECK(rc == 1, "case %zu: rc %d (%s)", i, rc, e.msg);
        if (rc != 1) continue;
        CHECK(c.timed == good[i].timed, "case %zu: timed %d", i, c.timed);
        for (int s = 0; s < 2; s++) {
            double left = good[i].timed ? good[i].initial[s] + good[i].increment[s] * good[i].moves[s] - good[i].spent[s] : 0;
            CHECK(near(c.initial[s], good[i].initial[s]) && near(c.increment[s], good[i].increment[s]) &&
                      near(c.extension[s], good[i].extension[s]) && near(c.spent[s], good[i].spent[s]) &&
                      c.moves[s] == good[i].moves[s] && near(c.left[s], left),
                  "case %zu side %d: initial %g increment %g extension %g spent %g moves %d left %g (want left %g)", i,
                  s, c.initial[s], c.increment[s], c.extension[s], c.spent[s], c.moves[s], c.left[s], left);
        }
    }
    static const struct { const char *game, *why; } bad[] = {
        {"(;GM[Othello]TI[abc]" START "B[f5];)", "TI[abc]: a clock is INI/INC/EXT"},
        {"(;GM[Othello]TI[5:75]" START "B[f5];)", "TI[5:75]"},
        {"(;GM[Othello]TI[1/2/3/4]" START "B[f5];)", "TI[1/2/3/4]"},
        {"(;GM[Othello]TI[1:2:3:4]" START "B[f5];)", "TI[1:2:3:4]"},
        {"(;GM[Othello]TB[30:00,40/]" START "B[f5];)", "a time for a number of moves"},
        {"(;GM[Othello]TW[30:00/0:05,2/]" START "B[f5];)", "an increment every M moves"},
        {"(;GM[Othello]TI[30:00/0:05,N1/]" START "B[f5];)", "or capped"},
        {"(;GM[Othello]TI[5:00]" START "B[f5//x1];)", "B[f5//x1]: the time 'x1' is not"},
        {"(;GM[Othello]TI[5:00]" START "B[f5/0/1.]W[d6];)", "the time '1.' is not"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bb_othello_clock c;
        bb_parse_error e;
        int rc = read_clock(bad[i].game, &c, &e);
        CHECK(rc == -1 && strstr(e.msg, bad[i].why), "bad case %zu: rc %d, '%s' lacks '%s'", i, rc, e.msg, bad[i].why);
        /* the plain reader does not look at the times: the same game is read */
        size_t used;
        bb_othello_record g;
        CHECK(bb_othello_ggf_read(bad[i].game, strlen(bad[i].game), &used, &g, &e) == 1, "bad case %zu: plain read: %s",
              i, e.msg);
    }
}

/* Written with its clock and times, read back: the same clock, the same
 * times (to the millisecond, as written), for clocks alike and not. */
static void ggf_clock_round_trip(void)
{
    static const double t[][6] = { /* black's initial, increment, extension; white's */
        {10, 0, 0, 10, 0, 0}, {60, 1, 0, 60, 1, 0}, {300, 0, 120, 300, 0, 120}, {3600.5, 2.25, 0, 5, 0, 0.001},
        {0.25, 0, 0, 7200, 0, 60},
    };
    uint64_t rng = 9;
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        bb_othello_record g;
        bb_othello_record_init(&g);
        bb_othello_pos pos = bb_othello_start();
        double times[BB_OTHELLO_RECORD_MOVES], spent[2] = {0, 0};
        int moves[2] = {0, 0};
        while (!bb_othello_game_over(&pos) && g.count < 40) {
            uint64_t m = bb_othello_moves(pos.p, pos.o);
            int sq = BB_OTHELLO_PASS;
            if (m) {
                int k = (int)(bbt_next(&rng) % (uint64_t)bb_popcount(m));
                while (k--) m &= m - 1;
                sq = __builtin_ctzll(m);
            }
            times[g.count] = (double)(bbt_next(&rng) % 100000) / 1000; /* 0 to 99.999 s, whole ms */
            spent[pos.side & 1] += times[g.count], moves[pos.side & 1]++;
            if (sq == BB_OTHELLO_PASS) bb_othello_pass(&pos);
            else bb_othello_play(&pos, sq);
            g.moves[g.count++] = (uint8_t)sq;
        }
        bb_othello_clock c, back;
        memset(&c, 0, sizeof c);
        c.timed = 1;
        for (int side = 0; side < 2; side++)
            c.initial[side] = t[i][3 * side], c.increment[side] = t[i][3 * side + 1], c.extension[side] = t[i][3 * side + 2];
        char text[4096];
        size_t len = bb_othello_ggf_write_clock(text, sizeof text, &g, &c, times), used;
        bb_othello_record r;
        bb_parse_error e;
        int rc = len < sizeof text ? bb_othello_ggf_read_clock(text, len, &used, &r, &back, &e) : -2;
        CHECK(rc == 1 && r.count == g.count && back.timed, "clock %zu: rc %d (%s) %s", i, rc, rc == -1 ? e.msg : "", text);
        if (rc != 1) continue;
        for (int side = 0; side < 2; side++) {
            double left = c.initial[side] + c.increment[side] * moves[side] - spent[side];
            CHECK(near(back.initial[side], c.initial[side]) && near(back.increment[side], c.increment[side]) &&
                      near(back.extension[side], c.extension[side]) && back.moves[side] == moves[side] &&
                      fabs(back.spent[side] - spent[side]) < 1e-6 && fabs(back.left[side] - left) < 1e-6,
                  "clock %zu side %d: %s", i, side, text);
        }
        CHECK(!strstr(text, "TI[") == (t[i][0] != t[i][3]), "clock %zu: TI for both only when alike: %s", i, text);
    }
    /* no clock: the plain writer's text */
    bb_othello_record g;
    bb_othello_record_init(&g);
    char a[512], b[512];
    bb_othello_ggf_write(a, sizeof a, &g);
    bb_othello_ggf_write_clock(b, sizeof b, &g, NULL, NULL);
    CHECK(strcmp(a, b) == 0, "%s against %s", a, b);
}

/* The rule, slowly: every move the side still plays listed with its
 * weight; the share of the time left less the reserve (and the increments
 * the later moves earn) by weight; the hard limit 1.5x that, never more
 * than the time less the reserve, never under 1 ms. */
static void reference_budget(const bb_othello_pos *pos, double left, double inc, double *soft, double *hard)
{
    uint64_t m = bb_othello_moves(pos->p, pos->o);
    *soft = *hard = 0.001;
    if (bb_popcount(m) < 2) return;
    int empties = 64 - bb_popcount(pos->p | pos->o);
    double weights[64], sum = 0;
    int n = 0;
    for (int e = empties; e > 0; e -= 2) weights[n++] = (e >= 17 && e <= 44) ? 2 : 1;
    for (int k = 0; k < n; k++) sum += weights[k];
    double reserve = 0.05 + (left > 0 ? left / 20 : 0);
    double time = left - reserve + inc * (n - 1);
    double share = time > 0 ? time * weights[0] / sum : 0;
    double h = share * 1.5;
    if (h > left - reserve) h = left - reserve;
    if (h < 0.001) h = 0.001;
    double s = share > h ? h : share;
    *soft = s < 0.001 ? 0.001 : s, *hard = h;
}

static void budgets(void)
{
    static const double lefts[] = {-5, 0, 0.001, 0.01, 0.05, 0.06, 0.1, 0.5, 1, 2.5, 10, 60, 300, 900, 3600};
    static const double incs[] = {0, 0.1, 1, 5};
    uint64_t rng = 48;
    long checked = 0;
    for (int empties = 1; empties <= 60; empties++)
        for (int game = 0; game < 4; game++) {
            bb_othello_pos pos;
            if (empties == 60) pos = bb_othello_start();
            else if (!random_position(&rng, empties, &pos)) continue;
            for (size_t i = 0; i < sizeof lefts / sizeof lefts[0]; i++)
                for (size_t j = 0; j < sizeof incs / sizeof incs[0]; j++) {
                    double left = lefts[i], inc = incs[j], soft, hard;
                    bb_othello_budget b;
                    int rc = bb_othello_clock_budget(&pos, left, inc, &b);
                    reference_budget(&pos, left, inc, &soft, &hard);
                    CHECK(rc == 0 && near(b.soft, soft) && near(b.hard, hard),
                          "%d empties, left %g, increment %g: soft %g hard %g, the rule %g %g", empties, left, inc, b.soft,
                          b.hard, soft, hard);
                    /* the promises: never the whole time, never no limit */
                    CHECK(b.hard >= 0.001 && b.soft >= 0.001 && b.soft <= b.hard, "%d empties, left %g: %g %g", empties,
                          left, b.soft, b.hard);
                    CHECK(b.hard <= 0.001 || b.hard <= left - 0.05 - left / 20 + 1e-12,
                          "%d empties, left %g, inc %g: hard %g past the reserve", empties, left, inc, b.hard);
                    CHECK(!(left >= 0.01) || b.hard < left, "%d empties, left %g: hard %g", empties, left, b.hard);
                    checked++;
                }
        }
    CHECK(checked > 10000, "only %ld budgets", checked);
    /* the midgame gets more than the opening from the same time; an increment adds */
    bb_othello_pos start = bb_othello_start(), mid;
    rng = 7;
    if (random_position(&rng, 40, &mid) && bb_popcount(bb_othello_moves(mid.p, mid.o)) > 1) {
        bb_othello_budget a, b, c;
        bb_othello_clock_budget(&start, 60, 0, &a);
        bb_othello_clock_budget(&mid, 60, 0, &b);
        bb_othello_clock_budget(&mid, 60, 1, &c);
        CHECK(b.soft > a.soft && c.soft > b.soft, "start %g, 40 empties %g, with 1 s more a move %g", a.soft, b.soft,
              c.soft);
    }
    /* refused: a time left that is not a number, an increment below zero */
    bb_othello_budget b;
    CHECK(bb_othello_clock_budget(&start, NAN, 0, &b) == -1 && b.hard == 0.001, "NaN");
    CHECK(bb_othello_clock_budget(&start, INFINITY, 0, &b) == -1 && b.hard == 0.001, "infinity");
    CHECK(bb_othello_clock_budget(&start, 10, -1, &b) == -1 && b.hard == 0.001, "a negative increment");
}

/* A budget the solver cannot meet at 14 empties: the search still answers a
 * legal move (before the clock, the solver at 14 empties or fewer took no
 * budget; now it has 3/4 of it and the search the rest). */
static void solver_keeps_the_budget(void)
{
    uint64_t rng = 14;
    int answered = 0, big = 0;
    for (int game = 0; game < 8; game++) {
        bb_othello_pos pos;
        if (!random_position(&rng, 14, &pos) || !bb_othello_moves(pos.p, pos.o)) continue;
        bb_othello_search_opts o;
        memset(&o, 0, sizeof o);
        o.seconds = 1e-7;
        bb_othello_search_result r;
        int rc = bb_othello_search(&pos, &o, &r);
        uint64_t m = bb_othello_moves(pos.p, pos.o);
        CHECK(rc == 0 && r.best >= 0 && r.best < 64 && (m >> r.best & 1), "game %d: rc %d best %d", game, rc, r.best);
        /* a solve of many nodes passes the deadline at its first checks (every
           4,096 nodes): the answer is the search's, not the solver's */
        bb_othello_solve_result sr;
        if (bb_othello_solve(&pos, NULL, &sr) == 0 && sr.nodes > 100000) {
            CHECK(!r.exact, "game %d: the solver's answer (%llu nodes) in a budget of 0.1 us", game,
                  (unsigned long long)sr.nodes);
            big++;
        }
        answered += rc == 0;
    }
    CHECK(answered >= 4 && big >= 1, "%d positions, %d of many nodes", answered, big);
}

int main(void)
{
    RUN(ggf_clocks);
    RUN(ggf_clock_round_trip);
    RUN(budgets);
    RUN(solver_keeps_the_budget);
    return bbt_finish("othello_clock");
}
