/* Othello's midgame search: the start position and positions of seeded
 * random games at 20, 30, 40 and 50 empties, each searched to a fixed depth
 * (10; 8 with --quick) with and without multi-ProbCut, 7 runs each,
 * alternating: the median time, its spread, the nodes (exact repeats), the
 * rate and the time against the search without cut-offs. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bitboard.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A position of a seeded random game with `empties` empties (the start if it ends first). */
static bb_othello_pos game_position(uint64_t seed, int empties)
{
    bb_othello_pos pos = bb_othello_start();
    while (64 - bb_popcount(pos.p | pos.o) > empties) {
        uint64_t m = bb_othello_moves(pos.p, pos.o);
        if (!m) {
            if (bb_othello_pass(&pos) != 0) return bb_othello_start();
            continue;
        }
        int k = (int)(bench_rand(&seed) % (uint64_t)bb_popcount(m));
        while (k--) m &= m - 1;
        bb_othello_play(&pos, bb_popcount((m & (0 - m)) - 1));
    }
    return pos;
}

void bench_othello_search(const bench_opts *o)
{
    int depth = o->quick ? 8 : 10, runs = 7;
    printf("\n### Othello midgame search: depth %d, one thread, 16 MiB table, the solver off\n"
           "Median of %d runs (spread min-max), with multi-ProbCut (the default) and without it\n"
           "(`no_probcut`), the two runs alternating; the nodes repeat exactly.\n\n"
           "| position | empties | cut-offs | score | best | median s | spread s | nodes | M nodes/s | time vs none |\n"
           "|---|---:|---|---:|---|---:|---|---:|---:|---:|\n",
           depth, runs);
    static const int empties[] = {60, 50, 40, 30, 20};
    for (int i = 0; i < 5; i++) {
        bb_othello_pos pos = i == 0 ? bb_othello_start() : game_position(0x62656e6368ULL + (uint64_t)i, empties[i]);
        bb_othello_search_result r[2];
        double t[2][7];
        for (int k = 0; k < runs; k++)
            for (int v = 0; v < 2; v++) { /* alternating: with the cut-offs, without */
                bb_othello_search_opts so;
                memset(&so, 0, sizeof so);
                so.depth = depth;
                so.exact_empties = -1;
                so.no_probcut = v;
                double t0 = now_s();
                bb_othello_search(&pos, &so, &r[v]);
                t[v][k] = now_s() - t0;
            }
        for (int v = 0; v < 2; v++) qsort(t[v], (size_t)runs, sizeof t[v][0], cmp);
        for (int v = 0; v < 2; v++) {
            char best[3] = {(char)('a' + (r[v].best & 7)), (char)('1' + (r[v].best >> 3)), 0};
            if (r[v].best < 0 || r[v].best > 63) best[0] = '-', best[1] = '-';
            printf("| %s | %d | %s | %+.2f | %s | %.4f | %.4f-%.4f | %llu | %.2f | %.2fx |\n",
                   i == 0 ? "start" : "random game", 64 - bb_popcount(pos.p | pos.o), v ? "none" : "multi-ProbCut",
                   r[v].score, best, t[v][runs / 2], t[v][0], t[v][runs - 1], (unsigned long long)r[v].nodes,
                   (double)r[v].nodes / t[v][runs / 2] / 1e6, t[v][runs / 2] / t[1][runs / 2]);
        }
        fflush(stdout);
    }
}
