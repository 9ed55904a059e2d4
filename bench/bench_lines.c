/* Lines, pseudo-rotations, rotated boards and the byte mirror: every
 * implementation side by side, with the baselines the targets name (a lone
 * pext/pdep; the 64-square loop). */
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"
#include "bitboard.h"
#include "reference_lines.h"

/* ---- lines --------------------------------------------------------------------
 * Latency: x = f(x) with the square fixed (loaded once, unknown to the
 * compiler), so the chain is the data path a caller waits on.  Throughput:
 * independent boards, the square changing every call (i & 63), so the mask
 * and multiplier are computed (or looked up) each time. */
#define LINE_KERNELS(tag, EXPR) BENCH_EXPR_FNS(tag, EXPR)

#define EX(impl, L) ((uint64_t)bb_line_extract_##impl(x, sq, L))
#define DEP(impl, L) bb_line_deposit_##impl((unsigned)x, sq, L)
#define LINE_SET(impl)                                                           \
    LINE_KERNELS(ex_##impl##_r, EX(impl, BB_LINE_RANK))                          \
    LINE_KERNELS(ex_##impl##_f, EX(impl, BB_LINE_FILE))                          \
    LINE_KERNELS(ex_##impl##_d, EX(impl, BB_LINE_DIAGONAL))                      \
    LINE_KERNELS(ex_##impl##_a, EX(impl, BB_LINE_ANTIDIAGONAL))                  \
    LINE_KERNELS(ex_##impl##_any, EX(impl, (bb_line)(x & 3)))                    \
    LINE_KERNELS(dep_##impl##_r, DEP(impl, BB_LINE_RANK))                        \
    LINE_KERNELS(dep_##impl##_f, DEP(impl, BB_LINE_FILE))                        \
    LINE_KERNELS(dep_##impl##_d, DEP(impl, BB_LINE_DIAGONAL))                    \
    LINE_KERNELS(dep_##impl##_a, DEP(impl, BB_LINE_ANTIDIAGONAL))                \
    LINE_KERNELS(dep_##impl##_any, DEP(impl, (bb_line)(x & 3)))

/* The default under a name the macros can paste. */
#define bb_line_extract_default bb_line_extract
#define bb_line_deposit_default bb_line_deposit
LINE_SET(mul)
LINE_SET(lookup)
LINE_SET(default)
#if BB_HAVE_BMI2
LINE_SET(pext)
/* The baselines: one pext or pdep with the diagonal's mask (fixed, or
 * computed from the square like the line forms compute theirs). */
LINE_KERNELS(lone_pext, _pext_u64(x, bb__diagonal_mask((sq & 7) - (sq >> 3))))
LINE_KERNELS(lone_pdep, _pdep_u64(x, bb__diagonal_mask((sq & 7) - (sq >> 3))))
#endif

#define LINE_ROW BENCH_SCALAR_ROW
#define LINE_ROWS(o, c, op, kind, l)                                             \
    LINE_ROW(o, c, op, "mul", kind##_mul_##l);                                   \
    LINE_ROW(o, c, op, "lookup", kind##_lookup_##l);                             \
    PEXT_ROW(o, c, op, kind##_pext_##l);                                         \
    LINE_ROW(o, c, op, "default (bb_line_extract/deposit)", kind##_default_##l)
#if BB_HAVE_BMI2
#define PEXT_ROW(o, c, op, tag) LINE_ROW(o, c, op, "pext/pdep", tag)
#else
#define PEXT_ROW(o, c, op, tag) ((void)0)
#endif

/* ---- whole boards ----------------------------------------------------------------- */
/* The 64-square loop as an engine would write it: a table of where each
 * square goes (like Crafty's), filled before timing. */
enum { MAP_CW, MAP_R45, MAP_R315, MAP_R90, MAP_UN45, N_MAPS };
static unsigned char maps[N_MAPS][64];
static inline uint64_t loop_map(uint64_t x, const unsigned char *map)
{
    uint64_t y = 0;
    for (int s = 0; s < 64; s++)
        if (x >> s & 1) y |= (uint64_t)1 << map[s];
    return y;
}
static uint64_t loop_cw(uint64_t x) { return loop_map(x, maps[MAP_CW]); }
static uint64_t loop_r45(uint64_t x) { return loop_map(x, maps[MAP_R45]); }
static uint64_t loop_r315(uint64_t x) { return loop_map(x, maps[MAP_R315]); }
static uint64_t loop_r90(uint64_t x) { return loop_map(x, maps[MAP_R90]); }
static uint64_t loop_un45(uint64_t x) { return loop_map(x, maps[MAP_UN45]); }
/* The Chess Programming Wiki's form of the cw pseudo-rotation: x ^= k & (x ^ rot(x)). */
static inline uint64_t xor_form_cw(uint64_t x)
{
    x ^= BB__PR_CW1 & (x ^ bb__rotr64(x, 8));
    x ^= BB__PR_CW2 & (x ^ bb__rotr64(x, 16));
    x ^= BB__PR_CW4 & (x ^ bb__rotr64(x, 32));
    return x;
}
static inline uint64_t mirror_mul(uint64_t x) { return bb_mirror_byte_mul((unsigned)x); }
static inline uint64_t mirror_table(uint64_t x) { return bb_mirror_byte_table((unsigned)x); }
static inline uint64_t mirror_swap(uint64_t x) { return bb_mirror_byte_swap((unsigned)x); }
static inline uint64_t r90_portable(uint64_t x) { return bb_rotate_cw_portable(x); }

BENCH_SCALAR_FNS(b_pcw, bb_pseudo_rotate45_cw)
BENCH_SCALAR_FNS(b_pccw, bb_pseudo_rotate45_ccw)
BENCH_SCALAR_FNS(b_puncw, bb_pseudo_unrotate45_cw)
BENCH_SCALAR_FNS(b_punccw, bb_pseudo_unrotate45_ccw)
BENCH_SCALAR_FNS(b_pcw_xor, xor_form_cw)
BENCH_SCALAR_FNS(b_pcw_sel, bb_pseudo_rotate45_cw_select)
BENCH_SCALAR_FNS(b_pccw_sel, bb_pseudo_rotate45_ccw_select)
BENCH_SCALAR_FNS(b_loop_cw, loop_cw)
BENCH_SCALAR_FNS(b_loop_r45, loop_r45)
BENCH_SCALAR_FNS(b_loop_r315, loop_r315)
BENCH_SCALAR_FNS(b_loop_r90, loop_r90)
BENCH_SCALAR_FNS(b_loop_un45, loop_un45)
BENCH_SCALAR_FNS(b_r45_port, bb_rotated45_portable)
BENCH_SCALAR_FNS(b_un45_port, bb_unrotated45_portable)
BENCH_SCALAR_FNS(b_r315_port, bb_rotated315_portable)
BENCH_SCALAR_FNS(b_un315_port, bb_unrotated315_portable)
BENCH_SCALAR_FNS(b_r90_port, r90_portable)
BENCH_SCALAR_FNS(b_r90, bb_rotated90)
#if BB_HAVE_BMI2
BENCH_SCALAR_FNS(b_r45_pext, bb_rotated45_pext)
BENCH_SCALAR_FNS(b_un45_pext, bb_unrotated45_pext)
BENCH_SCALAR_FNS(b_r315_pext, bb_rotated315_pext)
BENCH_SCALAR_FNS(b_un315_pext, bb_unrotated315_pext)
#endif
#if BB_HAVE_BITALG
BENCH_SCALAR_FNS(b_r45_bitalg, bb_rotated45_bitalg)
BENCH_SCALAR_FNS(b_un45_bitalg, bb_unrotated45_bitalg)
BENCH_SCALAR_FNS(b_r315_bitalg, bb_rotated315_bitalg)
BENCH_SCALAR_FNS(b_un315_bitalg, bb_unrotated315_bitalg)
#define BITALG_ROW(o, c, op, tag) BENCH_SCALAR_ROW(o, c, op, "bitalg vpshufbitqmb (default)", tag)
#define PEXT_NAME(what) what
#else
#define BITALG_ROW(o, c, op, tag) ((void)0)
#define PEXT_NAME(what) what " (default)"
#endif
BENCH_SCALAR_FNS(b_mir_mul, mirror_mul)
BENCH_SCALAR_FNS(b_mir_table, mirror_table)
BENCH_SCALAR_FNS(b_mir_swap, mirror_swap)

/* The array form: L1-resident boards, the call repeated to be timeable. */
typedef void (*rot45_array_fn)(uint64_t *, const uint64_t *, size_t, bb_rot45);
typedef struct { rot45_array_fn fn; uint64_t *dst; const uint64_t *src; size_t n; bb_rot45 w; } rot45_ctx;
enum { ROT45_N = 2048, ROT45_TIMES = 64 };
static void run_rot45_array(void *p)
{
    rot45_ctx *c = p;
    for (int t = 0; t < ROT45_TIMES; t++) {
        c->fn(c->dst, c->src, c->n, c->w);
        BENCH_OPAQUE(c->dst);
    }
}

static void bench_rot45_arrays(const bench_opts *o)
{
    uint64_t *buf = aligned_alloc(64, 5 * ROT45_N * 8), st = 3;
    if (!buf) return;
    for (size_t i = 0; i < 5 * ROT45_N; i++) buf[i] = bench_rand(&st);
    bench_bulk_header("Pseudo-rotations over arrays: bb_pseudo_rotate45_array",
                      "2048 boards (16 KiB each way, L1-resident), the call repeated 64 times a run.");
    const char *names[4] = {"cw", "ccw", "uncw", "unccw"};
    for (int w = 0; w < 4; w++) {
        struct { const char *name; rot45_array_fn fn; unsigned need; } impls[] = {
            {"portable (scalar loop)", bb_pseudo_rotate45_array_portable, 0},
            {"avx512", bb_pseudo_rotate45_array_avx512, BB_CPU_AVX512},
        };
        for (size_t k = 0; k < 2; k++) {
            if (!bb_cpu_has(impls[k].need)) continue;
            rot45_ctx c = {impls[k].fn, buf + 2 * ROT45_N + 128, buf, ROT45_N, (bb_rot45)w};
            bench_stat s = bench_time(o, run_rot45_array, &c, (double)ROT45_N * ROT45_TIMES);
            char what[64];
            snprintf(what, sizeof what, "pseudo_rotate45 %s", names[w]);
            bench_bulk_row(what, impls[k].name, &s, 16);
        }
    }
    free(buf);
}

void bench_lines(const bench_opts *o)
{
    uint64_t *boards = malloc(BENCH_THR_N * sizeof *boards), st = 7;
    if (!boards) return;
    for (int i = 0; i < BENCH_THR_N; i++) boards[i] = bench_rand(&st);
    for (int s = 0; s < 64; s++) {
        maps[MAP_CW][s] = (unsigned char)ref_prot_cw(s);
        maps[MAP_R45][s] = (unsigned char)ref_rot45(s);
        maps[MAP_R315][s] = (unsigned char)ref_rot315(s);
        maps[MAP_R90][s] = (unsigned char)ref_rot90(s);
        maps[MAP_UN45][ref_rot45(s)] = (unsigned char)s;
    }
    bench_scalar_ctx lc = {0x0123456789ABCDEFULL, 0, boards, BB_C2}; /* c2: a 7-square diagonal starting on b1 */
    bench_table_header("Lines: bb_line_extract / bb_line_deposit",
                       "Latency: a chain x = f(x) through one fixed square (c2; the mask is known ahead). "
                       "Throughput: independent boards, the square changing every call. "
                       "\"any\" also takes the line from the board (a run-time switch).");
#if BB_HAVE_BMI2
    LINE_ROW(o, &lc, "baseline", "lone pext (diagonal mask)", lone_pext);
    LINE_ROW(o, &lc, "baseline", "lone pdep (diagonal mask)", lone_pdep);
#endif
    LINE_ROWS(o, &lc, "extract rank", ex, r);
    LINE_ROWS(o, &lc, "extract file", ex, f);
    LINE_ROWS(o, &lc, "extract diagonal", ex, d);
    LINE_ROWS(o, &lc, "extract antidiagonal", ex, a);
    LINE_ROWS(o, &lc, "extract any line", ex, any);
    LINE_ROWS(o, &lc, "deposit rank", dep, r);
    LINE_ROWS(o, &lc, "deposit file", dep, f);
    LINE_ROWS(o, &lc, "deposit diagonal", dep, d);
    LINE_ROWS(o, &lc, "deposit antidiagonal", dep, a);
    LINE_ROWS(o, &lc, "deposit any line", dep, any);

    bench_scalar_ctx c = {0x0123456789ABCDEFULL, 0, boards, 0};
    bench_table_header("Byte mirror: bb_mirror_byte", "A chain x = mirror(x) (the low byte), and independent bytes.");
    BENCH_SCALAR_ROW(o, &c, "mirror_byte", "mul", b_mir_mul);
    BENCH_SCALAR_ROW(o, &c, "mirror_byte", "table (default)", b_mir_table);
    BENCH_SCALAR_ROW(o, &c, "mirror_byte", "swap", b_mir_swap);

    bench_table_header("Pseudo-rotations by 45 degrees",
                       "Three masked rotates each; \"xor form\" is the Chess Programming Wiki's x ^= k & (x ^ rot(x)), "
                       "\"blend form\" ours, (x & ~k) | (rot(x) & k), which compilers turn into the xor form; "
                       "\"select\" ors 8 rotations, each masked to one file.");
    BENCH_SCALAR_ROW(o, &c, "pseudo_rotate45_cw", "64-square loop", b_loop_cw);
    BENCH_SCALAR_ROW(o, &c, "pseudo_rotate45_cw", "xor form", b_pcw_xor);
    BENCH_SCALAR_ROW(o, &c, "pseudo_rotate45_cw", "blend form (default)", b_pcw);
    BENCH_SCALAR_ROW(o, &c, "pseudo_rotate45_cw", "select (_select)", b_pcw_sel);
    BENCH_SCALAR_ROW(o, &c, "pseudo_rotate45_ccw", "select (_select)", b_pccw_sel);
    BENCH_SCALAR_ROW(o, &c, "pseudo_rotate45_ccw", "blend form (default)", b_pccw);
    BENCH_SCALAR_ROW(o, &c, "pseudo_unrotate45_cw", "blend form (default)", b_puncw);
    BENCH_SCALAR_ROW(o, &c, "pseudo_unrotate45_ccw", "blend form (default)", b_punccw);
    bench_rot45_arrays(o);

    bench_table_header("Hyatt's rotated boards: whole-board conversions",
                       "The baseline is the 64-square loop over a table of where each square goes (filled before timing).");
    BENCH_SCALAR_ROW(o, &c, "rotated90", "64-square loop", b_loop_r90);
    BENCH_SCALAR_ROW(o, &c, "rotated90", "portable (delta swaps)", b_r90_port);
    BENCH_SCALAR_ROW(o, &c, "rotated90", "default (bb_rotate_cw)", b_r90);
    BENCH_SCALAR_ROW(o, &c, "rotated45", "64-square loop", b_loop_r45);
    BENCH_SCALAR_ROW(o, &c, "rotated45", "portable (rotates + compress)", b_r45_port);
#if BB_HAVE_BMI2
    BENCH_SCALAR_ROW(o, &c, "rotated45", PEXT_NAME("pext"), b_r45_pext);
#endif
    BENCH_SCALAR_ROW(o, &c, "unrotated45", "64-square loop", b_loop_un45);
    BENCH_SCALAR_ROW(o, &c, "unrotated45", "portable (expand + rotates)", b_un45_port);
#if BB_HAVE_BMI2
    BENCH_SCALAR_ROW(o, &c, "unrotated45", PEXT_NAME("pdep"), b_un45_pext);
#endif
    BENCH_SCALAR_ROW(o, &c, "rotated315", "64-square loop", b_loop_r315);
    BENCH_SCALAR_ROW(o, &c, "rotated315", "portable (rotates + compress)", b_r315_port);
    BENCH_SCALAR_ROW(o, &c, "unrotated315", "portable (expand + rotates)", b_un315_port);
#if BB_HAVE_BMI2
    BENCH_SCALAR_ROW(o, &c, "rotated315", PEXT_NAME("pext"), b_r315_pext);
    BENCH_SCALAR_ROW(o, &c, "unrotated315", PEXT_NAME("pdep"), b_un315_pext);
#endif
    BITALG_ROW(o, &c, "rotated45", b_r45_bitalg);
    BITALG_ROW(o, &c, "unrotated45", b_un45_bitalg);
    BITALG_ROW(o, &c, "rotated315", b_r315_bitalg);
    BITALG_ROW(o, &c, "unrotated315", b_un315_bitalg);
    if (c.sink + lc.sink == 42) printf("(sink)\n");
    free(boards);
}
