/* The Othello endgame solver on the FFO suite (tests/ffo.h): for each
 * position, the exact solve, the win/loss/draw solve, the exact solve
 * with the symmetric table off and the exact solve without the trained
 * evaluation (fastest-first order alone, no estimate), one after another (one run each: the node
 * counts are exact repeats, the times are not), on one thread with a
 * 64 MiB table; then the totals.  #40-#44 by default (about a minute here);
 * BENCH_FFO=40-59 (or any range) for more. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bitboard.h"
#include "../tests/ffo.h"

typedef struct { double seconds; uint64_t nodes; int score, best; } run;

static run solve(const bb_othello_pos *pos, int wld, int no_symmetry, int no_eval)
{
    bb_othello_solve_opts o;
    memset(&o, 0, sizeof o);
    o.hash_mb = 64, o.wld = wld, o.no_symmetry = no_symmetry, o.no_eval = no_eval;
    bb_othello_solve_result r;
    run x = {0, 0, 0, -1};
    if (bb_othello_solve(pos, &o, &r) == 0) x.seconds = r.seconds, x.nodes = r.nodes, x.score = r.score, x.best = r.best;
    return x;
}

void bench_othello_solve(const bench_opts *o)
{
    int first = 40, last = o->quick ? 41 : 44;
    const char *range = getenv("BENCH_FFO");
    if (range && sscanf(range, "%d-%d", &first, &last) < 1) first = 40, last = 44;
    if (range && !strchr(range, '-')) last = first;
    if (first < 40) first = 40;
    if (last > 59) last = 59;
    printf("\n### Othello endgame solver: FFO #%d-#%d, one thread, 64 MiB table\n"
           "Each position solved exactly, then win/loss/draw only, then exactly with the symmetric table off, then "
           "exactly without the evaluation; one run each (nodes repeat exactly; BENCH_FFO=40-59 for more).\n\n"
           "| # | empties | score | best | exact s | nodes | M nodes/s | wld s | wld nodes | no symmetry s | no symmetry "
           "nodes | no eval s | no eval nodes |\n|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
           first, last);
    run tot[4];
    memset(tot, 0, sizeof tot);
    int wrong = 0;
    for (int i = first - 40; i <= last - 40; i++) {
        const ffo_case *c = &ffo_cases[i];
        bb_othello_pos pos;
        if (bb_othello_parse(c->position, &pos, NULL) != 0) continue;
        run r[4] = {solve(&pos, 0, 0, 0), solve(&pos, 1, 0, 0), solve(&pos, 0, 1, 0), solve(&pos, 0, 0, 1)};
        char best[3] = {(char)('a' + (r[0].best & 7)), (char)('1' + (r[0].best >> 3)), 0};
        int ok = r[0].score == c->score && strstr(c->best, best) && r[1].score == (c->score > 0) - (c->score < 0) &&
                 r[2].score == c->score && r[3].score == c->score;
        wrong += !ok;
        printf("| %d | %d | %+d%s | %s | %.3f | %llu | %.1f | %.3f | %llu | %.3f | %llu | %.3f | %llu |\n", c->number,
               c->empties, r[0].score, ok ? "" : " (WRONG)", best, r[0].seconds, (unsigned long long)r[0].nodes,
               r[0].nodes / r[0].seconds / 1e6, r[1].seconds, (unsigned long long)r[1].nodes, r[2].seconds,
               (unsigned long long)r[2].nodes, r[3].seconds, (unsigned long long)r[3].nodes);
        fflush(stdout);
        for (int k = 0; k < 4; k++) tot[k].seconds += r[k].seconds, tot[k].nodes += r[k].nodes;
    }
    printf("| total | | | | %.3f | %llu | %.1f | %.3f | %llu | %.3f | %llu | %.3f | %llu |\n", tot[0].seconds,
           (unsigned long long)tot[0].nodes, tot[0].nodes / tot[0].seconds / 1e6, tot[1].seconds,
           (unsigned long long)tot[1].nodes, tot[2].seconds, (unsigned long long)tot[2].nodes, tot[3].seconds,
           (unsigned long long)tot[3].nodes);
    printf("\nwin/loss/draw: %.2fx faster than exact; the symmetric table saves %.1f%% of the nodes; the evaluation "
           "%.2fx the nodes and %.2fx the time of the order without it%s\n",
           tot[0].seconds / tot[1].seconds, 100.0 * (1.0 - (double)tot[0].nodes / (double)tot[2].nodes),
           (double)tot[0].nodes / (double)tot[3].nodes, tot[0].seconds / tot[3].seconds,
           wrong ? "; SOME ANSWERS ARE WRONG" : "");
}
