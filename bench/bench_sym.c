/* The 8 symmetries side by side: the naive per-square loop, the Chess
 * Programming Wiki's
 * delta swaps (corrected), our portable code and GFNI. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bitboard.h"
#include "reference.h"
#include "seeds.h"

static uint64_t naive_v(uint64_t x) { return ref_sym_apply(x, BB_SYM_FLIP_VERTICAL); }
static uint64_t naive_h(uint64_t x) { return ref_sym_apply(x, BB_SYM_FLIP_HORIZONTAL); }
static uint64_t naive_d(uint64_t x) { return ref_sym_apply(x, BB_SYM_FLIP_DIAGONAL); }
static uint64_t naive_a(uint64_t x) { return ref_sym_apply(x, BB_SYM_FLIP_ANTIDIAGONAL); }
static uint64_t naive_cw(uint64_t x) { return ref_sym_apply(x, BB_SYM_ROTATE_CW); }
static uint64_t naive_ccw(uint64_t x) { return ref_sym_apply(x, BB_SYM_ROTATE_CCW); }
static uint64_t naive_180(uint64_t x) { return ref_sym_apply(x, BB_SYM_ROTATE_180); }
static inline uint64_t nothing(uint64_t x) { return x; }

BENCH_SCALAR_FNS(b_none, nothing)
BENCH_SCALAR_FNS(b_naive_v, naive_v)
BENCH_SCALAR_FNS(b_naive_h, naive_h)
BENCH_SCALAR_FNS(b_naive_d, naive_d)
BENCH_SCALAR_FNS(b_naive_a, naive_a)
BENCH_SCALAR_FNS(b_naive_cw, naive_cw)
BENCH_SCALAR_FNS(b_naive_ccw, naive_ccw)
BENCH_SCALAR_FNS(b_naive_180, naive_180)
BENCH_SCALAR_FNS(b_seed_v, seed_flip_vertical)
BENCH_SCALAR_FNS(b_seed_h, seed_mirror_horizontal)
BENCH_SCALAR_FNS(b_seed_d, seed_flip_diag_a1h8)
BENCH_SCALAR_FNS(b_seed_a, seed_flip_diag_a8h1)
BENCH_SCALAR_FNS(b_seed_cw, seed_rotate_cw)
BENCH_SCALAR_FNS(b_seed_ccw, seed_rotate_ccw)
BENCH_SCALAR_FNS(b_seed_180, seed_rotate_180)
BENCH_SCALAR_FNS(b_port_v, bb_flip_vertical_portable)
BENCH_SCALAR_FNS(b_port_h, bb_flip_horizontal_portable)
BENCH_SCALAR_FNS(b_port_d, bb_flip_diagonal_portable)
BENCH_SCALAR_FNS(b_port_a, bb_flip_antidiagonal_portable)
BENCH_SCALAR_FNS(b_port_cw, bb_rotate_cw_portable)
BENCH_SCALAR_FNS(b_port_ccw, bb_rotate_ccw_portable)
BENCH_SCALAR_FNS(b_port_180, bb_rotate_180_portable)
#if BB_HAVE_GFNI
BENCH_SCALAR_FNS(b_gfni_v, bb_flip_vertical_gfni)
BENCH_SCALAR_FNS(b_gfni_h, bb_flip_horizontal_gfni)
BENCH_SCALAR_FNS(b_gfni_d, bb_flip_diagonal_gfni)
BENCH_SCALAR_FNS(b_gfni_a, bb_flip_antidiagonal_gfni)
BENCH_SCALAR_FNS(b_gfni_cw, bb_rotate_cw_gfni)
BENCH_SCALAR_FNS(b_gfni_ccw, bb_rotate_ccw_gfni)
BENCH_SCALAR_FNS(b_gfni_180, bb_rotate_180_gfni)
#define GFNI_ROW(o, c, op, tag) BENCH_SCALAR_ROW(o, c, op, "gfni (default)", tag)
#define PORT_NAME "portable"
#else
#define GFNI_ROW(o, c, op, tag) ((void)0)
#define PORT_NAME "portable (default)"
#endif

static uint64_t canonical_only(uint64_t x) { return bb_canonical(x, NULL); }
BENCH_SCALAR_FNS(b_canon, canonical_only)

#define OP_ROWS(o, c, op, s)                                            \
    BENCH_SCALAR_ROW(o, c, op, "naive 64-square loop", b_naive_##s);   \
    BENCH_SCALAR_ROW(o, c, op, "wiki delta swaps", b_seed_##s);        \
    BENCH_SCALAR_ROW(o, c, op, PORT_NAME, b_port_##s);                 \
    GFNI_ROW(o, c, op, b_gfni_##s)

void bench_sym(const bench_opts *o)
{
    uint64_t *boards = malloc(BENCH_THR_N * sizeof *boards), st = 42;
    if (!boards) return;
    for (int i = 0; i < BENCH_THR_N; i++) boards[i] = bench_rand(&st);
    bench_scalar_ctx c = {0x0123456789ABCDEFULL, 0, boards, 0};
    bench_table_header("Symmetries, one board at a time",
                       "Scalar code through a general register, as a caller uses it. \"wiki delta swaps\" "
                       "are the formulas of the Chess Programming Wiki's \"Flipping Mirroring and Rotating\" "
                       "with their transcription errors corrected (bench/seeds.h).");
    BENCH_SCALAR_ROW(o, &c, "(loop only)", "x", b_none);
    OP_ROWS(o, &c, "flip_vertical", v);
    OP_ROWS(o, &c, "flip_horizontal", h);
    OP_ROWS(o, &c, "flip_diagonal", d);
    OP_ROWS(o, &c, "flip_antidiagonal", a);
    OP_ROWS(o, &c, "rotate_cw", cw);
    OP_ROWS(o, &c, "rotate_ccw", ccw);
    OP_ROWS(o, &c, "rotate_180", 180);
    BENCH_SCALAR_ROW(o, &c, "canonical", "bb_canonical (8 images, least)", b_canon);
    if (c.sink == 42) printf("(sink)\n"); /* keeps every result observable */
    free(boards);
}
