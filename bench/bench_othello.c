/* Othello: flips and moves per method on positions of random games, and
 * perft leaves per second from the start at depths 11-13 (13 only without
 * --quick), on one thread and on two; with the transposition table at
 * depths 12-14 (14 only without --quick), with and without the symmetry.
 *
 * The games: from the start, each side plays a random legal move (passing
 * when it has none) until the game ends or the ply drawn for the sample.
 * Each sample is the position reached and one legal move of it (flips are
 * asked of legal moves: that is what engines do). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "bitboard.h"

enum { SAMPLES = 4096 };
typedef struct { uint64_t p, o; int sq; } sample;
static sample samples[SAMPLES];

static void make_positions(void)
{
    uint64_t rng = 2026;
    for (int k = 0; k < SAMPLES;) {
        bb_othello_pos pos = bb_othello_start();
        int plies = 1 + (int)(bench_rand(&rng) % 58);
        for (int i = 0; i < plies; i++) {
            uint64_t m = bb_othello_moves_with(BB_OTHELLO_SHIFTS, pos.p, pos.o);
            if (!m) {
                if (bb_othello_pass(&pos) != 0) break;
                continue;
            }
            int r = (int)(bench_rand(&rng) % (uint64_t)bb_popcount(m));
            while (r--) m &= m - 1;
            bb_othello_play(&pos, __builtin_ctzll(m));
        }
        uint64_t m = bb_othello_moves_with(BB_OTHELLO_SHIFTS, pos.p, pos.o);
        if (!m) continue;
        int r = (int)(bench_rand(&rng) % (uint64_t)bb_popcount(m));
        while (r--) m &= m - 1;
        samples[k].p = pos.p, samples[k].o = pos.o, samples[k].sq = __builtin_ctzll(m);
        k++;
    }
}

typedef struct { bb_othello_method m; uint64_t sink; } method_ctx;

/* Latency: each call's board depends on the last result (its lowest bit). */
static void flips_lat(void *p)
{
    method_ctx *c = p;
    uint64_t x = 0;
    for (int i = 0; i < SAMPLES; i++) {
        const sample *s = &samples[i];
        x = bb_othello_flips_with(c->m, s->p ^ (x & 1 & s->p), s->o, s->sq);
        BENCH_KEEP(x);
    }
    c->sink += x;
}
static void flips_thr(void *p)
{
    method_ctx *c = p;
    uint64_t acc = 0;
    for (int i = 0; i < SAMPLES; i++) {
        uint64_t y = bb_othello_flips_with(c->m, samples[i].p, samples[i].o, samples[i].sq);
        BENCH_KEEP(y);
        acc ^= y;
    }
    c->sink += acc;
}
static void moves_lat(void *p)
{
    method_ctx *c = p;
    uint64_t x = 0;
    for (int i = 0; i < SAMPLES; i++) {
        const sample *s = &samples[i];
        x = bb_othello_moves_with(c->m, s->p ^ (x & 1 & s->p), s->o);
        BENCH_KEEP(x);
    }
    c->sink += x;
}
static void moves_thr(void *p)
{
    method_ctx *c = p;
    uint64_t acc = 0;
    for (int i = 0; i < SAMPLES; i++) {
        uint64_t y = bb_othello_moves_with(c->m, samples[i].p, samples[i].o);
        BENCH_KEEP(y);
        acc ^= y;
    }
    c->sink += acc;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Perft from the start, the fastest of `runs` runs: prints depth, threads,
 * leaves, time, rate. */
static void perft_row(int depth, int threads, bb_othello_convention conv, int runs)
{
    bb_othello_pos s = bb_othello_start();
    bb_othello_perft_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.convention = conv, opts.threads = threads, opts.method = BB_OTHELLO_DEFAULT;
    uint64_t n = 0;
    double t = 1e300;
    for (int r = 0; r < runs; r++) {
        double t0 = now_s();
        n = bb_othello_perft(s.p, s.o, depth, &opts);
        double dt = now_s() - t0;
        if (dt < t) t = dt;
    }
    printf("| %d | %s | %d | %llu | %.3f | %.0f |\n", depth, bb_othello_convention_name(conv), threads,
           (unsigned long long)n, t, (double)n / t / 1e6);
    fflush(stdout);
}

/* Hashed perft from the start on table t, emptied before each run (its
 * pages already touched), the fastest of `runs`: prints depth, threads,
 * table, symmetry, leaves, time, rate, probes, hit rate. */
static void hashed_row(int depth, int threads, int no_sym, bb_othello_tt *t, int runs)
{
    bb_othello_pos s = bb_othello_start();
    bb_othello_perft_stats st;
    bb_othello_perft_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.threads = threads, opts.tt = t, opts.no_symmetry = no_sym, opts.stats = &st;
    uint64_t n = 0;
    double best = 1e300;
    for (int r = 0; r < runs; r++) {
        bb_othello_tt_clear(t);
        double t0 = now_s();
        n = bb_othello_perft(s.p, s.o, depth, &opts);
        double dt = now_s() - t0;
        if (dt < best) best = dt;
    }
    printf("| %d | %d | %zu MiB | %s | %llu | %.3f | %.0f | %llu | %.1f%% |\n", depth, threads,
           bb_othello_tt_bytes(t) >> 20, no_sym ? "off" : "8 images", (unsigned long long)n, best,
           (double)n / best / 1e6, (unsigned long long)st.probes, st.probes ? 100.0 * (double)st.hits / (double)st.probes : 0.0);
    fflush(stdout);
}

void bench_othello(const bench_opts *o)
{
    make_positions();
    double discs = 0;
    for (int i = 0; i < SAMPLES; i++) discs += bb_popcount(samples[i].p | samples[i].o);
    char note[320];
    snprintf(note, sizeof note,
             "%d positions of random games (%.1f discs on average), one legal move each; default here: %s. "
             "Latency: each call's board depends on the last result.",
             SAMPLES, discs / SAMPLES, bb_othello_method_name(BB_OTHELLO_DEFAULT));
    bench_table_header("Othello flips and moves, one position at a time", note);
    uint64_t sink = 0;
    for (int m = 0; m < BB_OTHELLO_METHOD_COUNT; m++) {
        char impl[64];
        snprintf(impl, sizeof impl, "%s%s", bb_othello_method_name((bb_othello_method)m),
                 m == BB_OTHELLO_DEFAULT ? ", default" : "");
        if (!bb_othello_method_available((bb_othello_method)m)) {
            printf("| flips, moves | %s | not on this CPU or build | | | | | |\n", impl);
            continue;
        }
        method_ctx c = {(bb_othello_method)m, 0};
        bench_stat l = bench_time(o, flips_lat, &c, SAMPLES), t = bench_time(o, flips_thr, &c, SAMPLES);
        bench_row("flips", impl, &l, &t);
        l = bench_time(o, moves_lat, &c, SAMPLES), t = bench_time(o, moves_thr, &c, SAMPLES);
        bench_row("moves", impl, &l, &t);
        sink += c.sink;
    }
    if (sink == 42) printf("(sink)\n");

    printf("\n### Othello perft from the start\n"
           "Whole call wall time, the fastest of 3 runs (1 with --quick, and at depth 13); "
           "the perft's own kernels (AVX-512 where the CPU has it). Depth 13 without --quick.\n\n"
           "| depth | convention | threads | leaves | seconds | M leaves/s |\n|---:|---|---:|---:|---:|---:|\n");
    int deepest = o->quick ? 12 : 13, runs = o->quick ? 1 : 3;
    for (int d = 11; d <= deepest; d++) {
        perft_row(d, 1, BB_OTHELLO_OEIS, d == 13 ? 1 : runs);
        perft_row(d, 2, BB_OTHELLO_OEIS, d == 13 ? 1 : runs);
    }
    perft_row(12, 1, BB_OTHELLO_BIK, runs);
    perft_row(12, 1, BB_OTHELLO_NOPASS, runs);

    bb_othello_tt *t = bb_othello_tt_new((size_t)1 << 30);
    if (!t) {
        printf("\n(hashed perft: no memory for a 1 GiB table)\n");
        return;
    }
    printf("\n### Othello perft from the start with the transposition table\n"
           "Whole call wall time, the fastest of 3 runs (1 with --quick, and at depth 14), oeis convention, "
           "a 1 GiB table emptied before each run; keys the least of the 8 symmetric images (bb_canonical_pair) "
           "or the position as it is. Depth 14 without --quick.\n\n"
           "| depth | threads | table | symmetry | leaves | seconds | M leaves/s | probes | hits |\n"
           "|---:|---:|---|---|---:|---:|---:|---:|---:|\n");
    deepest = o->quick ? 13 : 14;
    for (int d = 12; d <= deepest; d++) {
        hashed_row(d, 1, 0, t, d == 14 ? 1 : runs);
        hashed_row(d, 2, 0, t, d == 14 ? 1 : runs);
    }
    hashed_row(12, 1, 1, t, runs);
    if (!o->quick) hashed_row(13, 1, 1, t, 1);
    bb_othello_tt_free(t);
}
