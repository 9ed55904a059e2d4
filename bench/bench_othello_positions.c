/* Othello distinct positions per ply from the start: bb_othello_positions
 * (a hash set per ply) to ply 10 (9 with --quick), each ply's time and the
 * sets' peak memory; then the same counts by sorted arrays, written here to
 * compare (every child into an array, an LSD radix sort of the 16-byte
 * pairs, duplicates dropped; the symmetric count by canonical forms sorted
 * the same way), with its time and peak memory per ply. */
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

/* ---- the library: a hash set per ply ------------------------------------------ */

typedef struct { double last; double secs[16]; uint64_t raw[16], sym[16]; } ply_times;

static int on_ply(void *arg, int ply, uint64_t raw, uint64_t sym)
{
    ply_times *t = arg;
    double now = now_s();
    t->secs[ply] = now - t->last, t->raw[ply] = raw, t->sym[ply] = sym;
    t->last = now;
    return 0;
}

/* ---- sorted arrays ---------------------------------------------------------------- */

typedef struct { uint64_t p, o; } pair;
static size_t held, peak;

static void *take(size_t bytes)
{
    void *m = malloc(bytes ? bytes : 1);
    if (!m) {
        fprintf(stderr, "bench: out of memory (%zu bytes)\n", bytes);
        exit(1);
    }
    held += bytes;
    if (held > peak) peak = held;
    return m;
}
static void give(void *m, size_t bytes) { free(m), held -= bytes; }

/* Sorts a[0..n) by (p, o) with tmp[0..n) as the buffer: LSD radix, 11-bit
 * digits of o then of p, a digit skipped where every key has the same;
 * returns the array holding the result (a or tmp). */
static pair *radix_sort(pair *a, pair *tmp, size_t n)
{
    enum { BITS = 11, R = 1 << BITS, DIGITS = 12 }; /* 6 digits of each word (66 bits) */
    static size_t count[DIGITS][R];
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < n; i++)
        for (int d = 0; d < DIGITS; d++) {
            uint64_t w = d < 6 ? a[i].o : a[i].p;
            count[d][(w >> (BITS * (d % 6))) & (R - 1)]++;
        }
    for (int d = 0; d < DIGITS; d++) {
        int shift = BITS * (d % 6), all_one = 0;
        for (int r = 0; r < R; r++) all_one |= count[d][r] == n;
        if (all_one) continue;
        size_t sum = 0;
        for (int r = 0; r < R; r++) {
            size_t c = count[d][r];
            count[d][r] = sum, sum += c;
        }
        for (size_t i = 0; i < n; i++) {
            uint64_t w = d < 6 ? a[i].o : a[i].p;
            tmp[count[d][(w >> shift) & (R - 1)]++] = a[i];
        }
        pair *t = a;
        a = tmp, tmp = t;
    }
    return a;
}

/* Drops the duplicates of the sorted a[0..n); returns the count left. */
static size_t unique(pair *a, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || a[i].p != a[k - 1].p || a[i].o != a[k - 1].o) a[k++] = a[i];
    return k;
}

/* The distinct canonical forms of a[0..n) (a unchanged). */
static size_t count_symmetric_sorted(const pair *a, size_t n)
{
    enum { BLOCK = 256 };
    pair *c = take(n * sizeof(pair)), *tmp = take(n * sizeof(pair));
    uint64_t p[BLOCK], o[BLOCK];
    for (size_t i = 0; i < n; i += BLOCK) {
        size_t k = n - i < BLOCK ? n - i : BLOCK;
        for (size_t j = 0; j < k; j++) p[j] = a[i + j].p, o[j] = a[i + j].o;
        bb_canonical_pair_array(p, o, k, NULL);
        for (size_t j = 0; j < k; j++) c[i + j].p = p[j], c[i + j].o = o[j];
    }
    size_t d = unique(radix_sort(c, tmp, n), n);
    give(c, n * sizeof(pair));
    give(tmp, n * sizeof(pair));
    return d;
}

static void sorted_arrays(int plies)
{
    bb_othello_pos s = bb_othello_start();
    size_t n = 1;
    pair *parent = take(sizeof(pair));
    parent[0].p = s.p, parent[0].o = s.o;
    printf("\n| ply | positions | symmetric | children | seconds | peak MiB |\n|---:|---:|---:|---:|---:|---:|\n");
    double total = 0;
    held = peak = 0;
    for (int k = 1; k <= plies; k++) {
        double t0 = now_s();
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t mv = bb_othello_moves(parent[i].p, parent[i].o);
            m += mv ? (size_t)bb_popcount(mv) : 1;
        }
        pair *c = take(m * sizeof(pair)), *tmp = take(m * sizeof(pair));
        size_t j = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t p = parent[i].p, o = parent[i].o, mv = bb_othello_moves(p, o);
            if (!mv && bb_othello_moves(o, p)) c[j].p = o, c[j].o = p, j++;
            while (mv) {
                uint64_t x = mv & (0 - mv), f = bb_othello_flips(p, o, bb_popcount(x - 1));
                mv ^= x;
                c[j].p = o ^ f, c[j].o = p ^ f ^ x, j++;
            }
        }
        give(parent, n * sizeof(pair));
        pair *sorted = radix_sort(c, tmp, j);
        size_t d = unique(sorted, j);
        size_t sym = count_symmetric_sorted(sorted, d);
        /* keep the sorted distinct pairs as the next parents */
        parent = take(d * sizeof(pair));
        memcpy(parent, sorted, d * sizeof(pair));
        give(c, m * sizeof(pair));
        give(tmp, m * sizeof(pair));
        double t = now_s() - t0;
        total += t;
        printf("| %d | %zu | %zu | %zu | %.3f | %.1f |\n", k, d, sym, j, t, (double)peak / 1048576.0);
        fflush(stdout);
        n = d;
    }
    give(parent, n * sizeof(pair));
    printf("\nSorted arrays, all %d plies: %.3f s, peak %.1f MiB (counted allocations).\n", plies, total,
           (double)peak / 1048576.0);
}

void bench_othello_positions(const bench_opts *o)
{
    int plies = o->quick ? 9 : 10;
    bb_othello_pos s = bb_othello_start();
    uint64_t raw[16], sym[16];
    ply_times t;
    memset(&t, 0, sizeof t);
    bb_othello_positions_opts opts;
    memset(&opts, 0, sizeof opts);
    opts.ply_done = on_ply, opts.arg = &t;
    printf("\n### Othello distinct positions per ply from the start\n"
           "bb_othello_positions (a hash set per ply), one run, to ply %d; seconds per ply; then the same "
           "counts by sorted arrays (radix sort), for comparison.\n\n"
           "| ply | positions | symmetric | seconds |\n|---:|---:|---:|---:|\n",
           plies);
    double t0 = now_s();
    t.last = t0;
    if (bb_othello_positions(&s, plies, raw, sym, &opts) != 0) {
        printf("(out of memory)\n");
        return;
    }
    for (int k = 1; k <= plies; k++)
        printf("| %d | %llu | %llu | %.3f |\n", k, (unsigned long long)t.raw[k], (unsigned long long)t.sym[k],
               t.secs[k]);
    printf("\nHash set, all %d plies: %.3f s, the sets' peak %.1f MiB.\n", plies, now_s() - t0,
           (double)opts.peak_bytes / 1048576.0);
    fflush(stdout);
    sorted_arrays(plies);
}
