/* Chess perft: the dedicated kernel against perft through the public API
 * (the fast walk of bitboard/chess_board.h, and generate / make / unmake)
 * and with each attack method (bb_chess_perft's use_method: generate_with, make,
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

/* Perft through the public API by hand: the loop an engine author writes;
 * the last ply the generator's count, or bb_chess_count's (count_last). */
static uint64_t api_perft(bb_chess_pos *pos, int depth, int count_last)
{
    if (depth <= 1 && count_last) return depth == 1 ? (uint64_t)bb_chess_count(pos) : 1;
    bb_chess_movelist list;
    int n = bb_chess_generate(pos, BB_GEN_ALL, &list);
    if (depth <= 1) return depth == 1 ? (uint64_t)n : 1;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        bb_chess_undo u;
        bb_chess_make(pos, list.moves[i], &u);
        total += api_perft(pos, depth - 1, count_last);
        bb_chess_unmake(pos, list.moves[i], &u);
    }
    return total;
}

/* Perft over the fast walk (bitboard/chess_board.h): the header's example. */
static uint64_t board_perft(const bb_chess_board *b, int depth)
{
    if (depth <= 1) return depth == 1 ? (uint64_t)bb_chess_board_count(b) : 1;
    bb_chess_move moves[BB_CHESS_MAX_MOVES];
    bb_chess_board next[BB_CHESS_MAX_MOVES];
    int n = bb_chess_board_moves(b, moves, next);
    uint64_t total = 0;
    if (depth == 2) /* the last ply: count the children's moves, make none */
        return bb_chess_board_count_many(next, n, NULL);
    for (int i = 0; i < n; i++) total += board_perft(&next[i], depth - 1);
    return total;
}

enum { RUN_KERNEL, RUN_API, RUN_API_COUNT, RUN_BOARD };
typedef struct {
    const bb_chess_pos *pos;
    int depth;
    int api;                  /* RUN_KERNEL: bb_chess_perft; else one of the loops above */
    bb_chess_perft_opts opts;
} run_spec;

static uint64_t run_once(const run_spec *r)
{
    bb_chess_pos p = *r->pos;
    bb_chess_board b;
    switch (r->api) {
    case RUN_API: return api_perft(&p, r->depth, 0);
    case RUN_API_COUNT: return api_perft(&p, r->depth, 1);
    case RUN_BOARD: return bb_chess_board_from_pos(&p, &b) == 0 ? board_perft(&b, r->depth) : 0;
    default: return bb_chess_perft(r->pos, r->depth, &r->opts);
    }
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
           "`public API`: a loop over bb_chess_generate, make and unmake written in the benchmark (then the same "
           "with the last ply counted by bb_chess_count); `fast walk`: the perft of bitboard/chess_board.h's "
           "example (bb_chess_board_moves with children, bb_chess_board_count_many at the last ply).\n\n"
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
        r.pos = &p, r.depth = api, r.api = RUN_API;
        row(pos[i].name, "public API: generate, make, unmake", &r, reps);
        r.api = RUN_API_COUNT;
        row(pos[i].name, "public API, last ply bb_chess_count", &r, reps);
        r.api = RUN_BOARD;
        row(pos[i].name, "fast walk: bb_chess_board_moves, count", &r, reps);
    }

    /* The figure: the public fast walk against the kernel, in turns. */
    int pairs = o->quick ? 5 : 11;
    printf("\n### Chess perft: the public fast walk against the kernel, alternating\n"
           "%d pairs, each the whole call: the kernel (bb_chess_perft) then the perft of "
           "bitboard/chess_board.h's example (bb_chess_board_moves with children, bb_chess_board_count_many at "
           "the last ply). Medians, spread min-max; the ratio is the median of the pairs' ratios.\n\n"
           "| position | depth | kernel s | spread | fast walk s | spread | walk / kernel | ratio spread |\n"
           "|---|---:|---:|---|---:|---|---:|---|\n",
           pairs);
    for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        bb_chess_pos p;
        if (bb_chess_from_fen(&p, pos[i].fen, NULL) != 0) continue;
        run_spec k, w;
        memset(&k, 0, sizeof k);
        k.pos = &p, k.depth = pos[i].depth - (o->quick ? 1 : 0);
        w = k, w.api = RUN_BOARD;
        double tk[16], tw[16], ratio[16];
        uint64_t nk = run_once(&k), nw = run_once(&w);
        for (int j = 0; j < pairs; j++) {
            double t0 = now_s();
            if (run_once(&k) != nk) nk = 0;
            double t1 = now_s();
            if (run_once(&w) != nw) nw = 0;
            double t2 = now_s();
            tk[j] = t1 - t0, tw[j] = t2 - t1, ratio[j] = tw[j] / tk[j];
        }
        qsort(tk, (size_t)pairs, sizeof tk[0], cmp_double);
        qsort(tw, (size_t)pairs, sizeof tw[0], cmp_double);
        qsort(ratio, (size_t)pairs, sizeof ratio[0], cmp_double);
        if (nk != nw) printf("| %s | %d | counts differ: %llu, %llu | | | | | |\n", pos[i].name, k.depth,
                             (unsigned long long)nk, (unsigned long long)nw);
        printf("| %s | %d | %.4f | %.4f-%.4f | %.4f | %.4f-%.4f | %.2fx | %.2f-%.2f |\n", pos[i].name, k.depth,
               tk[pairs / 2], tk[0], tk[pairs - 1], tw[pairs / 2], tw[0], tw[pairs - 1], ratio[pairs / 2],
               ratio[0], ratio[pairs - 1]);
        fflush(stdout);
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
