/* Canonical forms side by side: the library's 0.1.0 code (the baseline, in
 * bench/baseline/, compiled with the library's flags as it shipped), the
 * scalar compare-and-select tree (portable and GFNI), and the array forms in
 * L1.  The latency chains perturb the board every step (x + K):
 * canonicalizing a canonical board again would let the branch predictor
 * learn one fixed answer. */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "bitboard.h"

#include "baseline/baseline.h"

#define K 0x9E3779B97F4A7C15ULL

/* ---- Single boards --------------------------------------------------------------- */
static uint64_t c_v010(uint64_t x) { return v010_canonical(x + K, NULL); }
static uint64_t c_port(uint64_t x) { return bb_canonical_portable(x + K, NULL); }
static uint64_t c_def(uint64_t x) { return bb_canonical(x + K, NULL); }
static uint64_t c_def_used(uint64_t x)
{
    bb_sym u;
    uint64_t c = bb_canonical(x + K, &u);
    return c + (uint64_t)u; /* the symmetry on the chain too */
}
BENCH_SCALAR_FNS(b_v010, c_v010)
BENCH_SCALAR_FNS(b_port, c_port)
BENCH_SCALAR_FNS(b_def, c_def)
BENCH_SCALAR_FNS(b_def_used, c_def_used)
#if BB_HAVE_GFNI
static uint64_t c_gfni(uint64_t x) { return bb_canonical_gfni(x + K, NULL); }
BENCH_SCALAR_FNS(b_gfni, c_gfni)
#endif

/* ---- Pairs: the chain runs through both boards ------------------------------------ */
typedef void (*pair_fn)(uint64_t *, uint64_t *, bb_sym *);
typedef struct { pair_fn fn; const uint64_t *boards; uint64_t sink, a, b; unsigned run; } pair_ctx;

static void pair_lat(void *p)
{
    pair_ctx *c = p;
    /* Random pairs, each depending on the last result; every run goes on
     * from the last and reads the table from another place, so no run
     * repeats a sequence a branch predictor could have learnt. */
    uint64_t a = c->a, b = c->b;
    unsigned off = 997 * c->run++;
    for (int i = 0; i < BENCH_LAT_N; i++) {
        a ^= c->boards[(i + off) & (BENCH_THR_N - 1)];
        b = (b ^ c->boards[(i + off + 1) & (BENCH_THR_N - 1)]) & ~a;
        c->fn(&a, &b, NULL);
        BENCH_KEEP(a);
        BENCH_KEEP(b);
    }
    c->a = a, c->b = b;
    c->sink += a + b;
}
static void pair_thr(void *p)
{
    pair_ctx *c = p;
    uint64_t acc = 0;
    for (int i = 0; i < BENCH_THR_N; i++) {
        uint64_t a = c->boards[i], b = c->boards[(i + 1) & (BENCH_THR_N - 1)] & ~a;
        c->fn(&a, &b, NULL);
        acc ^= a + b;
    }
    c->sink += acc;
}
static void pair_row(const bench_opts *o, const char *impl, pair_fn fn, const uint64_t *boards, uint64_t *sink)
{
    pair_ctx c = {fn, boards, 0, 0x0123456789ABCDEFULL, 0x00FF00000000FF00ULL, 0};
    bench_stat l = bench_time(o, pair_lat, &c, BENCH_LAT_N);
    bench_stat t = bench_time(o, pair_thr, &c, BENCH_THR_N);
    bench_row("canonical_pair", impl, &l, &t);
    *sink += c.sink;
}

/* ---- Arrays, L1-resident ------------------------------------------------------------ */
enum { ARRAY_N = 1024, ARRAY_TIMES = 64 };
typedef void (*array_fn)(uint64_t *, const uint64_t *, size_t, unsigned char *);
typedef void (*pair_array_fn)(uint64_t *, uint64_t *, size_t, unsigned char *);
typedef struct {
    array_fn fn;
    pair_array_fn pfn;
    uint64_t *a, *b;
    const uint64_t *src;
    unsigned char *used;
} array_ctx;

static void run_array(void *p)
{
    array_ctx *c = p;
    for (int t = 0; t < ARRAY_TIMES; t++) {
        c->fn(c->a, c->src, ARRAY_N, c->used);
        BENCH_OPAQUE(c->a);
    }
}
static void run_pair_array(void *p)
{
    array_ctx *c = p;
    /* In place: after the first call the pairs are canonical, which costs the
     * branch-free code the same as any other pair. */
    for (int t = 0; t < ARRAY_TIMES; t++) {
        c->pfn(c->a, c->b, ARRAY_N, c->used);
        BENCH_OPAQUE(c->a);
    }
}
/* The 0.1.0 way to canonicalize an array: the scalar call in a loop. */
static void v010_array(uint64_t *dst, const uint64_t *src, size_t n, unsigned char *used)
{
    for (size_t i = 0; i < n; i++) {
        bb_sym s;
        dst[i] = v010_canonical(src[i], &s);
        if (used) used[i] = (unsigned char)s;
    }
}
static void v010_pair_array(uint64_t *p, uint64_t *o, size_t n, unsigned char *used)
{
    for (size_t i = 0; i < n; i++) {
        bb_sym s;
        v010_canonical_pair(&p[i], &o[i], &s);
        if (used) used[i] = (unsigned char)s;
    }
}

void bench_canonical(const bench_opts *o)
{
    uint64_t *boards = malloc(BENCH_THR_N * sizeof *boards), st = 42, sink = 0;
    uint64_t *a = malloc(ARRAY_N * sizeof *a), *b = malloc(ARRAY_N * sizeof *b), *src = malloc(ARRAY_N * sizeof *src);
    unsigned char *used = malloc(ARRAY_N);
    if (!boards || !a || !b || !src || !used) return;
    for (int i = 0; i < BENCH_THR_N; i++) boards[i] = bench_rand(&st);
    for (int i = 0; i < ARRAY_N; i++) src[i] = bench_rand(&st);

    bench_scalar_ctx c = {0x0123456789ABCDEFULL, 0, boards, 0};
    bench_table_header("Canonical forms, one board or pair at a time",
                       "Latency: a dependent chain x = canonical(x + K) (for pairs, the chain runs through both "
                       "boards), so every step sees a new board. \"0.1.0\" is the previous release's code.");
    BENCH_SCALAR_ROW(o, &c, "canonical", "0.1.0: array of images, linear scan, a call", b_v010);
    BENCH_SCALAR_ROW(o, &c, "canonical", "portable: delta swaps, 3-deep select tree", b_port);
#if BB_HAVE_GFNI
    BENCH_SCALAR_ROW(o, &c, "canonical", "gfni: 3 gf2p8affineqb, 3-deep select tree", b_gfni);
#endif
    BENCH_SCALAR_ROW(o, &c, "canonical", "bb_canonical (default)", b_def);
    BENCH_SCALAR_ROW(o, &c, "canonical", "bb_canonical (default), with used", b_def_used);
    pair_row(o, "0.1.0: arrays of images, linear scan, a call", v010_canonical_pair, boards, &sink);
    pair_row(o, "portable: 3-deep tree of 128-bit selects", bb_canonical_pair_portable, boards, &sink);
#if BB_HAVE_GFNI
    pair_row(o, "gfni: 3-deep tree of 128-bit selects", bb_canonical_pair_gfni, boards, &sink);
#endif
    pair_row(o, "bb_canonical_pair (default)", bb_canonical_pair, boards, &sink);

    bench_bulk_header("Canonical forms in bulk, L1-resident (1024 boards or pairs, 64 passes)",
                      "bb_canonical_array (dst, src) and bb_canonical_pair_array (in place), with and without "
                      "the symmetry used per element. For pairs the figures are per pair (two boards).");
    struct { const char *name; array_fn fn; pair_array_fn pfn; unsigned need; } impls[] = {
        {"0.1.0 scalar call in a loop", v010_array, v010_pair_array, 0},
        {"portable", bb_canonical_array_portable, bb_canonical_pair_array_portable, 0},
        {"avx2-gfni", bb_canonical_array_avx2_gfni, bb_canonical_pair_array_avx2_gfni, BB_CPU_AVX2_GFNI},
        {"avx512-gfni", bb_canonical_array_avx512_gfni, bb_canonical_pair_array_avx512_gfni, BB_CPU_AVX512_GFNI},
    };
    for (int k = 0; k < 4; k++) {
        for (size_t i = 0; i < sizeof impls / sizeof impls[0]; i++) {
            if (impls[i].need && !bb_cpu_has(impls[i].need)) continue;
            int pair = k >= 2, with_used = k & 1;
            for (int j = 0; j < ARRAY_N; j++) a[j] = src[j], b[j] = src[(j + 1) % ARRAY_N] & ~src[j];
            array_ctx ac = {impls[i].fn, impls[i].pfn, a, b, src, with_used ? used : NULL};
            bench_stat s = bench_time(o, pair ? run_pair_array : run_array, &ac, (double)ARRAY_N * ARRAY_TIMES);
            const char *what = pair ? (with_used ? "pairs, with used" : "pairs") : (with_used ? "boards, with used" : "boards");
            bench_bulk_row(what, impls[i].name, &s, pair ? 32.0 + with_used : 16.0 + with_used);
        }
    }
    sink += a[0] + b[0] + used[0] + c.sink;
    if (sink == 42) printf("(sink)\n");
    free(boards), free(a), free(b), free(src), free(used);
}
