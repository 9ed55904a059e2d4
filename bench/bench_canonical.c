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

/* ---- A transposition-table probe's chain -----------------------------------------------
 * What a consumer's probe does: canonicalize, keep the symmetry to map the
 * move back, and go on from there.  The symmetry is on the chain (x =
 * canonical(x) + next + u), the boards are positions of random Othello games
 * (p, the side to move, for one board; (p, o) for pairs), and each side is
 * measured in the same run, alternating: the 0.1.0 code (a call, as it
 * shipped) and the inline default as a program including <bitboard.h> gets it. */
enum { GAME_N = 4096 };
typedef struct { const uint64_t *p, *o; uint64_t x, y, sink; unsigned run; } probe_ctx;

static void probe_v010(void *arg)
{
    probe_ctx *c = arg;
    uint64_t x = c->x;
    unsigned off = 997 * c->run++;
    for (int i = 0; i < BENCH_LAT_N; i++) {
        bb_sym u;
        x = v010_canonical(x, &u) + c->p[(i + off) & (GAME_N - 1)] + (uint64_t)u;
        BENCH_KEEP(x);
    }
    c->x = x, c->sink += x;
}
static void probe_def(void *arg)
{
    probe_ctx *c = arg;
    uint64_t x = c->x;
    unsigned off = 997 * c->run++;
    for (int i = 0; i < BENCH_LAT_N; i++) {
        bb_sym u;
        x = bb_canonical(x, &u) + c->p[(i + off) & (GAME_N - 1)] + (uint64_t)u;
        BENCH_KEEP(x);
    }
    c->x = x, c->sink += x;
}
static void probe_pair_v010(void *arg)
{
    probe_ctx *c = arg;
    uint64_t a = c->x, b = c->y;
    unsigned off = 997 * c->run++;
    bb_sym u = BB_SYM_IDENTITY;
    for (int i = 0; i < BENCH_LAT_N; i++) {
        a = (a ^ c->p[(i + off) & (GAME_N - 1)]) + (uint64_t)u;
        b = (b ^ c->o[(i + off) & (GAME_N - 1)]) & ~a;
        v010_canonical_pair(&a, &b, &u);
        BENCH_KEEP(a);
        BENCH_KEEP(b);
    }
    c->x = a, c->y = b, c->sink += a + b + (uint64_t)u;
}
static void probe_pair_def(void *arg)
{
    probe_ctx *c = arg;
    uint64_t a = c->x, b = c->y;
    unsigned off = 997 * c->run++;
    bb_sym u = BB_SYM_IDENTITY;
    for (int i = 0; i < BENCH_LAT_N; i++) {
        a = (a ^ c->p[(i + off) & (GAME_N - 1)]) + (uint64_t)u;
        b = (b ^ c->o[(i + off) & (GAME_N - 1)]) & ~a;
        bb_canonical_pair(&a, &b, &u);
        BENCH_KEEP(a);
        BENCH_KEEP(b);
    }
    c->x = a, c->y = b, c->sink += a + b + (uint64_t)u;
}

/* GAME_N positions of random Othello games (every ply of each game). */
static void othello_positions(uint64_t *p, uint64_t *o)
{
    uint64_t st = 7;
    int n = 0;
    while (n < GAME_N) {
        bb_othello_pos pos = bb_othello_start();
        while (n < GAME_N && !bb_othello_game_over(&pos)) {
            uint64_t m = bb_othello_moves(pos.p, pos.o);
            if (!m) {
                bb_othello_pass(&pos);
                continue;
            }
            int k = (int)(bench_rand(&st) % (uint64_t)bb_popcount(m));
            while (k--) m &= m - 1;
            int sq = 0;
            while (!((m >> sq) & 1)) sq++;
            bb_othello_play(&pos, sq);
            p[n] = pos.p, o[n] = pos.o, n++;
        }
    }
}

static void probe_rows(const bench_opts *o, uint64_t *sink)
{
    uint64_t *gp = malloc(GAME_N * sizeof *gp), *go = malloc(GAME_N * sizeof *go);
    if (!gp || !go) {
        free(gp), free(go);
        return;
    }
    othello_positions(gp, go);
    bench_table_header("Canonical forms on a probe's chain: the symmetry used on the chain, Othello positions",
                       "x = canonical(x, &u) + next + u (pairs: the pair and u carried to the next); 0.1.0 and the "
                       "default alternate, run by run. Ratio = default / 0.1.0.");
    probe_ctx a = {gp, go, 0x0123456789ABCDEFULL, 0x00FF00000000FF00ULL, 0, 0}, b = a;
    bench_stat lv[5], ld[5], pv[5], pd[5];
    for (int r = 0; r < 5; r++) { /* alternating rounds: the ratio holds while the clock drifts */
        lv[r] = bench_time(o, probe_v010, &a, BENCH_LAT_N);
        ld[r] = bench_time(o, probe_def, &b, BENCH_LAT_N);
        pv[r] = bench_time(o, probe_pair_v010, &a, BENCH_LAT_N);
        pd[r] = bench_time(o, probe_pair_def, &b, BENCH_LAT_N);
    }
    /* the round with the median ratio is the one printed */
    double rs[5], rp[5], t;
    for (int r = 0; r < 5; r++) rs[r] = ld[r].ns / lv[r].ns, rp[r] = pd[r].ns / pv[r].ns;
    int ms = 0, mp = 0;
    for (int r = 0; r < 5; r++) {
        int below = 0, belowp = 0;
        for (int q = 0; q < 5; q++) below += rs[q] < rs[r], belowp += rp[q] < rp[r];
        if (below == 2) ms = r;
        if (belowp == 2) mp = r;
    }
    bench_row("canonical, u on the chain", "0.1.0", &lv[ms], NULL);
    bench_row("canonical, u on the chain", "bb_canonical (default)", &ld[ms], NULL);
    bench_row("canonical_pair, u on the chain", "0.1.0", &pv[mp], NULL);
    bench_row("canonical_pair, u on the chain", "bb_canonical_pair (default)", &pd[mp], NULL);
    double lo = rs[0], hi = rs[0], plo = rp[0], phi = rp[0];
    for (int r = 1; r < 5; r++) {
        t = rs[r], lo = t < lo ? t : lo, hi = t > hi ? t : hi;
        t = rp[r], plo = t < plo ? t : plo, phi = t > phi ? t : phi;
    }
    printf("  ratio default / 0.1.0 (median of 5 alternating rounds, range): canonical %.2fx (%.2f-%.2f), "
           "canonical_pair %.2fx (%.2f-%.2f)\n",
           rs[ms], lo, hi, rp[mp], plo, phi);
    *sink += a.sink + b.sink;
    free(gp), free(go);
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
    probe_rows(o, &sink);

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
