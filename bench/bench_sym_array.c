/* bb_sym_apply_array against memcpy and an in-place copy, in L1 and in DRAM. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bitboard.h"

typedef void (*array_fn)(uint64_t *, const uint64_t *, size_t, bb_sym);
/* Each timed run repeats the call `times` times: an L1 pass is too short to
 * time alone. */
typedef struct { array_fn fn; uint64_t *dst; const uint64_t *src; size_t n; bb_sym s; int times; } array_ctx;

static void run_array(void *p)
{
    array_ctx *c = p;
    for (int t = 0; t < c->times; t++) {
        c->fn(c->dst, c->src, c->n, c->s);
        BENCH_OPAQUE(c->dst);
    }
}
static void run_memcpy(void *p)
{
    array_ctx *c = p;
    for (int t = 0; t < c->times; t++) {
        memcpy(c->dst, c->src, c->n * sizeof *c->dst);
        BENCH_OPAQUE(c->dst);
    }
}
/* An in-place copy: read each 64-byte line and write it back, as an in-place
 * transform must; written with AVX-512 where available, like the transform. */
#if defined(__x86_64__)
#include <immintrin.h>
__attribute__((target("avx512f"))) static void copy_in_place_avx512(uint64_t *p, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512i v = _mm512_loadu_si512((const void *)(p + i));
        __asm__ volatile("" : "+v"(v));
        _mm512_storeu_si512((void *)(p + i), v);
    }
    for (; i < n; i++) { uint64_t x = p[i]; BENCH_KEEP(x); p[i] = x; }
}
#endif
static void run_inplace_copy(void *p)
{
    array_ctx *c = p;
    for (int t = 0; t < c->times; t++) {
#if defined(__x86_64__)
        if (bb_cpu_has(BB_CPU_AVX512_GFNI)) { copy_in_place_avx512(c->dst, c->n); continue; }
#endif
        for (size_t i = 0; i < c->n; i++) { uint64_t x = c->dst[i]; BENCH_KEEP(x); c->dst[i] = x; }
    }
}

static void rows(const bench_opts *o, const char *where, uint64_t *src, uint64_t *dst, size_t n, int times,
                 int all_syms)
{
    struct { const char *name; array_fn fn; unsigned need; } impls[] = {
        {"portable", bb_sym_apply_array_portable, 0},
        {"avx2-gfni", bb_sym_apply_array_avx2_gfni, BB_CPU_AVX2_GFNI},
        {"avx512-gfni", bb_sym_apply_array_avx512_gfni, BB_CPU_AVX512_GFNI},
    };
    char what[96];
    array_ctx c = {NULL, dst, src, n, BB_SYM_IDENTITY, times};
    double ops = (double)n * times;
    bench_stat st = bench_time(o, run_memcpy, &c, ops);
    snprintf(what, sizeof what, "%s, copy", where);
    bench_bulk_row(what, "memcpy", &st, 16);
    c.dst = src;
    st = bench_time(o, run_inplace_copy, &c, ops);
    snprintf(what, sizeof what, "%s, in place", where);
    bench_bulk_row(what, "in-place copy", &st, 16);
    for (int s = 1; s < BB_SYM_COUNT; s++) {
        if (!all_syms && s != BB_SYM_FLIP_DIAGONAL && s != BB_SYM_ROTATE_180) continue;
        for (size_t k = 0; k < sizeof impls / sizeof impls[0]; k++) {
            if (!bb_cpu_has(impls[k].need)) continue;
            c.fn = impls[k].fn, c.s = (bb_sym)s;
            c.dst = dst, c.src = src;
            st = bench_time(o, run_array, &c, ops);
            snprintf(what, sizeof what, "%s, %s", where, bb_sym_name((bb_sym)s));
            bench_bulk_row(what, impls[k].name, &st, 16);
            c.dst = src;
            st = bench_time(o, run_array, &c, ops);
            snprintf(what, sizeof what, "%s, %s in place", where, bb_sym_name((bb_sym)s));
            bench_bulk_row(what, impls[k].name, &st, 16);
        }
    }
}

void bench_sym_array(const bench_opts *o)
{
    /* L1: 16 KiB in + 16 KiB out fits a 48 KiB L1d.  The output starts 1 KiB
     * past a 4 KiB boundary relative to the input, so loads never alias the
     * stores just made (4K aliasing would measure the allocator, not us). */
    enum { L1N = 2048 };
    uint64_t *l1 = aligned_alloc(64, 5 * L1N * 8);
    size_t big = o->quick ? ((size_t)64 << 20) / 8 : ((size_t)512 << 20) / 8;
    uint64_t *src = aligned_alloc(64, big * 8), *dst = aligned_alloc(64, big * 8), st = 7;
    if (!src || !dst || !l1) {
        printf("(out of memory for the DRAM array)\n");
        free(src), free(dst), free(l1);
        return;
    }
    for (size_t i = 0; i < big; i++) src[i] = bench_rand(&st), dst[i] = 0;
    for (size_t i = 0; i < 5 * L1N; i++) l1[i] = bench_rand(&st);
    bench_bulk_header("bb_sym_apply_array, L1-resident (2048 boards = 16 KiB each way)",
                      "GB/s counts bytes read plus bytes written (16 per board).");
    rows(o, "L1", l1, l1 + 2 * L1N + 128, L1N, 64, 1);
    bench_opts od = *o;
    od.reps = o->reps < 5 ? o->reps : 5; /* each run moves a gigabyte */
    char title[128];
    snprintf(title, sizeof title, "bb_sym_apply_array, DRAM (%zu MiB array)", big * 8 >> 20);
    bench_bulk_header(title, "Medians of 5 runs.  Every method that keeps up sits at the memory bandwidth.");
    rows(&od, "DRAM", src, dst, big, 1, 0);
    free(src), free(dst), free(l1);
}
