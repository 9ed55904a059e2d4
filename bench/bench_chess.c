/* Chess perft: the dedicated kernel against perft through the public API
 * with each attack method (bb_chess_perft's use_method: generate_with, make,
 * recurse, unmake, the last ply counted as the list's length) and against a
 * plain loop over bb_chess_generate / make / unmake written here, on the
 * start position and Kiwipete; then threads and the table.
 *
 * Every figure is the whole bb_chess_perft call, median of 5 runs (3 with
 * --quick) after a warm-up, spread min-max; cycles from the measured clock.
 * The kernel runs the depths of the speed table (start 6, Kiwipete
 * 5; not with --quick) and one ply less, where the method walks run (the
 * naive method two less). */
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
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Perft through the public API by hand: the loop an engine author writes. */
static uint64_t api_perft(bb_chess_pos *pos, int depth)
{
    bb_chess_movelist list;
    int n = bb_chess_generate(pos, BB_GEN_ALL, &list);
    if (depth <= 1) return depth == 1 ? (uint64_t)n : 1;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        bb_chess_undo u;
        bb_chess_make(pos, list.moves[i], &u);
        total += api_perft(pos, depth - 1);
        bb_chess_unmake(pos, list.moves[i], &u);
    }
    return total;
}

typedef struct {
    const bb_chess_pos *pos;
    int depth;
    int api;                  /* 1: api_perft instead of bb_chess_perft */
    bb_chess_perft_opts opts;
} run_spec;

static uint64_t run_once(const run_spec *r)
{
    if (r->api) {
        bb_chess_pos p = *r->pos;
        return api_perft(&p, r->depth);
    }
    return bb_chess_perft(r->pos, r->depth, &r->opts);
}

/* Times r `reps` times after a warm-up; prints one row. */
static void row(const char *where, const char *impl, const run_spec *r, int reps)
{
    double t[16];
    if (reps > 16) reps = 16;
    uint64_t n = run_once(r);
    for (int i = 0; i < reps; i++) {
        double t0 = now_s();
        uint64_t m = run_once(r);
        t[i] = now_s() - t0;
        if (m != n) n = 0; /* never: the count is the count */
    }
    qsort(t, (size_t)reps, sizeof t[0], cmp_double);
    double med = t[reps / 2], ns = med * 1e9 / (double)n;
    printf("| %s | %d | %s | %llu | %.1f | %.2f | %.1f | %.4f | %.4f-%.4f |\n", where, r->depth, impl,
           (unsigned long long)n, (double)n / med / 1e6, ns, ns * bench_core_ghz(), med, t[0], t[reps - 1]);
    fflush(stdout);
}

void bench_chess(const bench_opts *o)
{
    static const struct { const char *name, *fen; int depth; } pos[] = {
        {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6},
        {"Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
    };
    int reps = o->quick ? 3 : 5;
    printf("\n### Chess perft, one thread, bulk counting at the last ply\n"
           "The whole bb_chess_perft call (or the public-API loop), median of %d runs after a warm-up; "
           "spread min-max. `kernel`: the dedicated perft (bb_chess_perft, zeroed options); "
           "`method M`: use_method = 1 (generate_with M, make, recurse, unmake); "
           "`public API`: a loop over bb_chess_generate, make and unmake written in the benchmark.\n\n"
           "| position | depth | implementation | nodes | M nodes/s | ns/node | cycles/node | seconds (median) | spread (s) |\n"
           "|---|---:|---|---:|---:|---:|---:|---:|---|\n",
           reps);
    for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        bb_chess_pos p;
        if (bb_chess_from_fen(&p, pos[i].fen, NULL) != 0) continue;
        int api = pos[i].depth - 1;
        run_spec r;
        memset(&r, 0, sizeof r);
        r.pos = &p, r.depth = pos[i].depth;
        if (!o->quick) row(pos[i].name, "kernel (default)", &r, reps);
        r.depth = api;
        row(pos[i].name, "kernel (default)", &r, reps);
        for (int m = 0; m < BB_ATTACK_METHOD_COUNT; m++) {
            char impl[64];
            snprintf(impl, sizeof impl, "method %s%s", bb_attack_method_name((bb_attack_method)m),
                     m == BB_ATTACKS_DEFAULT ? " (default)" : "");
            if (!bb_attack_method_available((bb_attack_method)m)) {
                printf("| %s | %d | %s | not in this build | | | | | |\n", pos[i].name, api, impl);
                continue;
            }
            memset(&r, 0, sizeof r);
            r.pos = &p, r.depth = m == BB_ATTACKS_NAIVE ? api - 1 : api;
            r.opts.use_method = 1, r.opts.method = (bb_attack_method)m;
            row(pos[i].name, impl, &r, m == BB_ATTACKS_NAIVE ? 1 : reps);
        }
        memset(&r, 0, sizeof r);
        r.pos = &p, r.depth = api, r.api = 1;
        row(pos[i].name, "public API: generate, make, unmake", &r, reps);
    }

    printf("\n### Chess perft: threads and the table\n"
           "The kernel at the same depths; threads split the root moves' children through a work queue; "
           "the table keeps whole positions (exact). Median of %d runs.\n\n"
           "| position | depth | implementation | nodes | M nodes/s | ns/node | cycles/node | seconds (median) | spread (s) |\n"
           "|---|---:|---|---:|---:|---:|---:|---:|---|\n",
           reps);
    for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        bb_chess_pos p;
        if (bb_chess_from_fen(&p, pos[i].fen, NULL) != 0) continue;
        run_spec r;
        memset(&r, 0, sizeof r);
        r.pos = &p, r.depth = pos[i].depth - (o->quick ? 1 : 0);
        r.opts.threads = 2;
        row(pos[i].name, "kernel, 2 threads", &r, reps);
        r.opts.threads = 1, r.opts.hash_mb = 64;
        row(pos[i].name, "kernel, 64 MiB table", &r, reps);
        r.opts.threads = 2;
        row(pos[i].name, "kernel, 2 threads, 64 MiB table", &r, reps);
    }
}
