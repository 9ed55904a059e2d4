/* The benchmark harness: medians of repeated timed runs, in ns and core
 * cycles per operation, printed as aligned tables.  bench/sections.c lists
 * the sections; each lives in its own bench_*.c. */
#ifndef BB_BENCH_H
#define BB_BENCH_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    int reps;     /* timed repetitions per measurement (the median is reported) */
    int quick;    /* --quick: fewer repetitions and a smaller big array */
} bench_opts;

typedef struct {
    const char *name;
    void (*run)(const bench_opts *o);
    const char *about;
} bench_section;

extern const bench_section bench_sections[];
extern const int bench_section_count;

/* One measurement: ns per op (median, lowest, highest over the runs) and
 * cycles per op (the median ns times the core clock the harness measured). */
typedef struct { double ns, ns_lo, ns_hi, cycles; } bench_stat;

/* Times fn(ctx) o->reps times (after one warm-up run); each call performs
 * `ops` operations.  Returns per-op statistics. */
bench_stat bench_time(const bench_opts *o, void (*fn)(void *ctx), void *ctx, double ops);

/* The core clock in GHz, measured once by a chain of dependent adds. */
double bench_core_ghz(void);

/* Table output: a header, then rows.  A row shows latency and throughput
 * stats for one implementation of one operation (either may be NULL). */
void bench_table_header(const char *title, const char *note);
void bench_row(const char *op, const char *impl, const bench_stat *lat, const bench_stat *thr);
/* A row for bulk work: ns and cycles per board, boards per cycle, GB/s. */
void bench_bulk_header(const char *title, const char *note);
void bench_bulk_row(const char *what, const char *impl, const bench_stat *per_board, double bytes_per_board);

/* Keeps a value alive, and opaque to the optimizer, at no cost. */
#define BENCH_KEEP(x) __asm__ volatile("" : "+r"(x))
/* Makes a value opaque without tying it to a register class. */
#define BENCH_OPAQUE(x) __asm__ volatile("" : "+g"(x))

/* Deterministic pseudo-random words (splitmix64). */
static inline uint64_t bench_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Scalar op benchmark kernels.  BENCH_EXPR_FNS(tag, EXPR) defines
 *   tag_lat(ctx): a dependent chain, x = EXPR, BENCH_LAT_N times, with the
 *                 square sq fixed at ctx->sq (unknown to the compiler)
 *   tag_thr(ctx): EXPR over BENCH_THR_N independent boards x, with the square
 *                 changing every call (sq = i & 63); results xor-ed
 * EXPR may use x and sq; ctx is a bench_scalar_ctx.  BENCH_SCALAR_FNS(tag, F)
 * is the same for a function of the board alone. */
#define BENCH_LAT_N 4096
#define BENCH_THR_N 4096
typedef struct { uint64_t seed, sink; const uint64_t *boards; int sq; } bench_scalar_ctx;

#define BENCH_EXPR_FNS(tag, EXPR)                                               \
    static void tag##_lat(void *p)                                              \
    {                                                                           \
        bench_scalar_ctx *c = p;                                                \
        int sq = c->sq;                                                         \
        uint64_t x = c->seed;                                                   \
        (void)sq;                                                               \
        for (int i = 0; i < BENCH_LAT_N; i++) {                                 \
            x = (EXPR);                                                         \
            BENCH_KEEP(x);                                                      \
        }                                                                       \
        c->sink += x;                                                           \
        c->seed = x; /* the next run goes on from here: no input repeats */     \
    }                                                                           \
    static void tag##_thr(void *p)                                              \
    {                                                                           \
        bench_scalar_ctx *c = p;                                                \
        uint64_t acc = 0;                                                       \
        for (int i = 0; i < BENCH_THR_N; i++) {                                 \
            int sq = i & 63;                                                    \
            uint64_t x = c->boards[i];                                          \
            uint64_t y = (EXPR);                                                \
            (void)sq;                                                           \
            BENCH_KEEP(y);                                                      \
            acc ^= y;                                                           \
        }                                                                       \
        c->sink += acc;                                                         \
    }
#define BENCH_SCALAR_FNS(tag, F) BENCH_EXPR_FNS(tag, F(x))

/* Runs both kernels of a tag and prints the row. */
#define BENCH_SCALAR_ROW(o, c, op, impl, tag)                                   \
    do {                                                                        \
        bench_stat l_ = bench_time((o), tag##_lat, (c), BENCH_LAT_N);           \
        bench_stat t_ = bench_time((o), tag##_thr, (c), BENCH_THR_N);           \
        bench_row((op), (impl), &l_, &t_);                                      \
    } while (0)

#endif
